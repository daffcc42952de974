"""The page's line of what to do now and its move list, over random positions of every game: a board that does
not match names every square to fix in the game's own naming, chores name the piece and the square, the words go
away with their cause, and sealed orders stay sealed until their phase is adjudicated."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, DEFAULT, Orders, State
from controller.games.physical import apply_steps
from controller.games.squares import bit, squares_of
from controller.recognizer.machine import Mode
from controller.session.core import Session
from controller.session.pauses import PauseCause
from controller.session.seats import SeatKind
from controller.session.sources import Source
from controller.session.view import Ply
from controller.web.now import LISTED, now
from controller.web.ply_words import plies_words
from controller.web.words import KIND_NAMES, colour_words, legend
from tests.strategies import histories

GAMES = DEFAULT.names()


class Table:
    """A session on virtual time with its board, as the runner drives them."""

    def __init__(self, state: State) -> None:
        self.s = Session(state.game, state, seat_kinds=[SeatKind.BOARD] * state.seats)
        self.t = 0.0
        self.occ = state.occupancy()
        self.s.start(self.occ, self.t)

    def board(self, occ: int) -> None:
        self.t += 0.1
        self.occ = occ
        self.s.on_board(occ, self.t)

    def wait(self, dt: float = 3.0) -> None:
        end = self.t + dt
        while (d := self.s.deadline()) is not None and d <= end:
            self.t = max(self.t, d)
            self.s.tick(self.t)
        self.t = end
        self.s.tick(self.t)


def named(table: Table, squares: int) -> list[str]:
    return [table.s.game.square_name(sq) for sq in list(squares_of(squares))[:LISTED]]


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_board_that_does_not_match_says_every_square_to_fix_and_the_words_go_with_it(
    name: str, data: st.DataObject
) -> None:
    state = data.draw(histories(name, max_actions=12, ongoing=True)).final
    table = Table(state)
    start = now(table.s, None)
    assert start["text"] and start["kind"] in {"turn", "orders", "dice", "over", "setup"}
    region = list(squares_of(table.s.region))
    flipped = data.draw(st.lists(st.sampled_from(region), min_size=1, max_size=3, unique=True))
    wrong = table.occ
    for sq in flipped:
        wrong ^= bit(sq)
    table.board(wrong)
    table.wait()
    g = table.s.recognizer.guidance()
    if g.mode is Mode.TURN and (g.mismatch_fill or g.mismatch_empty):
        said = now(table.s, None)
        assert said["kind"] in {"mismatch", "setup"}
        for square in named(table, g.mismatch_fill | g.mismatch_empty):
            assert square in said["text"] or any(square in step for step in said["steps"]), (square, said)
        table.board(state.occupancy())
        table.wait()
        if table.s.recognizer.mode is Mode.TURN:
            assert now(table.s, None)["kind"] not in {"mismatch", "setup"}
            # A square tapped is a move tried in Politics (1952): its reason stays while that is what was tried.
            assert table.s.message == "" or table.s.recognizer.illegal is not None


@pytest.mark.parametrize("name", ["politrics", "polis", "djambi"])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chores_name_the_piece_and_its_square(name: str, data: st.DataObject) -> None:
    state = data.draw(histories(name, max_actions=30, ongoing=True)).final
    if not isinstance(state.to_move, int):
        return
    with_chores = [m for m in state.legal_moves(state.to_move) if state.effect(m).chores]
    if not with_chores:
        return
    move = data.draw(st.sampled_from(with_chores))
    table = Table(state)
    table.s.play_text(str(move), table.t, state.to_move, Source.PAGE)
    table.wait()
    if table.s.recognizer.mode is not Mode.CHORES:
        return
    g = table.s.recognizer.guidance()
    said = now(table.s, None)
    assert said["kind"] == "chores"
    kinds = KIND_NAMES[name]
    for step in said["steps"]:
        if step.startswith("and "):
            continue
        assert any(kind in step for kind in kinds.values()), step  # the piece by its name, never a letter or "?"
    todo = g.chore_removals | g.chore_touches
    for st_ in g.chore_moves:
        todo |= bit(st_.dst) if st_.dst is not None else 0
    if len(list(squares_of(todo))) <= LISTED:
        for square in named(table, todo):
            assert square in said["text"], (square, said)
    # Carrying out the chores makes the words go: the next turn (or the end) is what the line says then.
    table.board(apply_steps(table.occ, state.effect(move).chores))
    table.wait()
    if table.s.recognizer.mode is not Mode.CHORES:
        assert now(table.s, None)["kind"] != "chores"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_sealed_orders_stay_sealed_until_their_phase_is_adjudicated(data: st.DataObject) -> None:
    history = data.draw(histories("chesspolitik", seats=2, max_actions=14))
    plies = [
        Ply(
            before,
            action,
            before.record(action),
            action.seat if isinstance(action, Orders) else None,
            Source.PHONE,
            before.effect(action),
        )
        for before, action in zip(history.states[:-1], history.actions, strict=True)
        if isinstance(action, Orders) or before.to_move is not CHANCE
    ]
    names = history.final.game.info.seat_names[history.final.seats]
    listed = plies_words(plies, history.final, tuple(names))
    final = history.final
    for ply, entry in zip(plies, listed, strict=True):
        if not isinstance(ply.move, Orders):
            assert not entry["sealed"]
            continue
        # The engine's own word on what is still secret: the last orders of a seat whose orders are pending.
        last = max(k for k, p in enumerate(plies) if isinstance(p.move, Orders) and p.seat == ply.seat)
        pending = plies.index(ply) == last and str(ply.seat) in (final.to_json().get("pending") or {})
        assert entry["sealed"] == pending, (entry, final.to_move)
        if entry["sealed"]:
            assert ply.text not in entry["words"] and ply.text not in entry["move"]
        else:
            assert entry["move"] == ply.text


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_named_after_a_colour_is_drawn_in_it(name: str) -> None:
    game = DEFAULT.load(name)
    colours = {"red": "#d55e00", "blue": "#0072b2", "yellow": "#f0e442", "green": "#009e73"}
    for seats, names in game.info.seat_names.items():
        words = colour_words(game, seats)
        drawn = legend(game, names)["seat_colours"]
        assert len(set(drawn)) == len(drawn), names  # every seat told apart
        for seat, seat_name in enumerate(names):
            said = (words[seat] if seat < len(words) else "") or seat_name  # the rules' colour, else the name's
            if said.lower() in colours:
                assert drawn[seat] == colours[said.lower()], (name, seat_name)


@pytest.mark.parametrize("cause", list(PauseCause))
def test_a_paused_board_says_what_happened_in_player_words(cause: PauseCause) -> None:
    game = DEFAULT.load("polis")
    table = Table(game.new(2, seed=1))
    raw = "serial.serialutil.SerialException: [Errno 5] Input/output error"
    table.s.pause(cause, raw, table.t)
    said = now(table.s, None)
    assert said["kind"] == "paused"
    assert raw not in said["text"] and "Errno" not in said["text"]  # library text only for the host, apart
    assert said["detail"] == table.s.pause_message
    if cause is not PauseCause.ABANDONED:
        table.s.unpause(cause, table.t)
        assert now(table.s, None)["kind"] != "paused"  # the words go with their cause


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_throw_of_the_dice_says_whose_it_was(data: st.DataObject) -> None:
    history = data.draw(histories("politics1952", max_actions=8))
    plies = [
        Ply(before, action, before.record(action), None, Source.DICE, before.effect(action))
        for before, action in zip(history.states[:-1], history.actions, strict=True)
    ]
    names = tuple(history.final.game.info.seat_names[history.final.seats])
    for i, entry in enumerate(plies_words(plies, history.final, names)):
        after = history.states[i + 1]
        if plies[i].before.to_move is CHANCE and isinstance(after.to_move, int):
            assert names[after.to_move] in entry["words"], entry
