"""One position per game where the search must find the tactic, on a playout budget (cheap and deterministic).

Each position is the first of seeded random playouts where the tactic is on the board, so it is one a real game
comes to: a Polis capture that wins a dog, a Politrics beat of the President, a Djambi kill of a Chief, a supported
Chesspolitik attack that takes an enemy-held centre, a Politics claim that takes California's 32 votes."""

from __future__ import annotations

import random
from collections.abc import Callable

from controller.ai import knowledge_for, make_player, think
from controller.ai.arena import play_game
from controller.games import SIMULTANEOUS, Move, Orders, State, load
from controller.games.chesspolitik.orders import MoveTo, SupportMove
from controller.games.chesspolitik.state import ChesspolitikState
from controller.games.djambi.board import CHIEF, KIND_OF
from controller.games.djambi.state import DjambiState
from controller.games.playout import random_step
from controller.games.polis.state import PolisState
from controller.games.politics1952.state import PoliticsState
from controller.games.politics1952.votes import tally
from controller.games.politrics.board import ROW_MASKS
from controller.games.politrics.figures import CODE, PRESIDENT
from controller.games.politrics.movegen import beats
from controller.games.politrics.moves import Beat
from controller.games.politrics.scoring import row_points, rows_of
from controller.games.politrics.state import PolitricsState

PLAYOUTS = 20

Found = tuple[State, list[Move]]


def first(name: str, tactics: Callable[[State], list[Move]], seats: int | None = None, **options: object) -> Found:
    """The first position of seeded random playouts where `tactics` names moves, with those moves."""
    game = load(name)
    for seed in range(40):
        state, rnd = game.new(seats, seed, **options), random.Random(seed)
        for _ in range(400):
            if state.to_move is None:
                break
            found = tactics(state)
            if found:
                return state, found
            state = random_step(state, rnd)
    raise AssertionError(f"no {name} position with the tactic in 40 random games")


def decide(state: State, seat: int) -> Move:
    return think(state.game, state.view(seat), seat, playouts=PLAYOUTS, seed=1).move


def test_polis_captures_a_dog():
    def captures(s: State) -> list[Move]:
        assert isinstance(s, PolisState)
        enemy = 1 - s.turn
        return [m for m in s.legal_moves() if s.play(m).dogs[enemy].bit_count() < s.dogs[enemy].bit_count()]

    state, good = first("polis", captures)
    assert decide(state, state.to_move) in good  # type: ignore[arg-type]


def test_politrics_beats_the_president():
    def beats(s: State) -> list[Move]:
        assert isinstance(s, PolitricsState)
        if not isinstance(s.to_move, int):
            return []
        return [
            m
            for m in s.legal_moves()
            if isinstance(m, Beat) and s.board[m.over] != "." and CODE[s.board[m.over]][0] == PRESIDENT
        ]

    state, good = first("politrics", beats)
    assert isinstance(state, PolitricsState)
    seat = state.to_move
    assert isinstance(seat, int)
    move = decide(state, seat)
    # The beat, or a row of five (declared at once) that wins the board for more points.
    after = knowledge_for("politrics").after(state, move)
    assert isinstance(after, PolitricsState)
    won = after.boards
    assert move in good or (len(won) > len(state.boards) and won[-1].winner == seat)
    assert won[-1].points >= max(_board_points(state.play(m)) for m in good)


def _board_points(state: State) -> int:
    assert isinstance(state, PolitricsState)
    return state.boards[-1].points


def completes_a_safe_row(s: State) -> list[Move]:
    """The placements of the seat to move that complete its first row of five, worth at least 10 points, which the
    other player cannot beat."""
    assert isinstance(s, PolitricsState)
    if not isinstance(s.to_move, int) or s.declared is not None or rows_of(s.layout.occ[s.to_move]):
        return []
    seat, good = s.to_move, []
    for m in s.legal_moves():
        after = s.play(m)
        if len(after.boards) > len(s.boards):
            continue
        rows = [r for r in rows_of(after.layout.occ[seat]) if row_points(after.board, r) >= 10]
        if any(not beats(after.layout, after.turn, ROW_MASKS[r]) for r in rows):
            good.append(m)
    return good


def test_politrics_completes_a_safe_row_and_declares_it():
    """The search plays the placement that completes a safe row of five worth points, and the player declares the
    row at once (a computer that never declares never scores a row), ending the board."""
    state, good = first("politrics", completes_a_safe_row, target=100)
    assert isinstance(state, PolitricsState)
    seat = state.to_move
    assert isinstance(seat, int)
    assert decide(state, seat) in good
    computer = make_player(f"mcts:{PLAYOUTS}")
    after, _ = play_game(state.game, state, [computer, computer], seed=1, max_actions=1)
    assert isinstance(after, PolitricsState)
    assert after.boards[-1].reason == "row" and after.boards[-1].winner == seat
    assert len(after.boards) == len(state.boards) + 1


def test_djambi_kills_a_chief():
    def chiefs(s: DjambiState) -> int:
        return sum(1 for b in s.board if KIND_OF[b] == CHIEF)

    def kills(s: State) -> list[Move]:
        assert isinstance(s, DjambiState)
        if not isinstance(s.to_move, int):
            return []
        # Only moves onto a Chief or next to one can kill it; each of those is played to see that it does.
        near = {sq for sq, b in enumerate(s.board) if KIND_OF[b] == CHIEF}
        near |= {sq + d for sq in near for d in (1, -1, 9, -9)}
        maybe = [m for m in s.legal_moves() if getattr(m, "dst", None) in near]
        return [m for m in maybe if chiefs(s.play(m)) < chiefs(s)]

    state, good = first("djambi", kills)
    assert decide(state, state.to_move) in good  # type: ignore[arg-type]


def test_chesspolitik_takes_an_enemy_centre_with_a_supported_attack():
    def supported(s: State) -> list[Move]:
        assert isinstance(s, ChesspolitikState)
        if s.to_move is not SIMULTANEOUS or 0 not in s.waiting_for() or s.pending:
            return []
        units, owners, legal = s.unit_map(), s.owner_map(), s.legal_moves(0)
        attacks = [
            m
            for m in legal
            if isinstance(m, MoveTo)
            and m.dst in s.board.centres
            and units.get(m.dst, ("", 0))[1] != 0
            and owners.get(m.dst) != 0
        ]
        return [
            Orders(0, (a, m))
            for a in attacks
            for m in legal
            if isinstance(m, SupportMove) and m.target == a.square and m.dst == a.dst
        ]

    state, pairs = first("chesspolitik", supported, seats=2, draw_votes=False)
    orders = decide(state, 0)
    assert isinstance(orders, Orders)
    taken = [p.orders[0] for p in pairs if isinstance(p, Orders) and set(p.orders) <= set(orders.orders)]
    assert taken, f"no supported attack among {orders}"
    after = state.play(orders)
    for seat in sorted(after.waiting_for()):
        after = after.submit(seat, ())  # the defender holds
    attack = taken[0]
    assert isinstance(attack, MoveTo) and isinstance(after, ChesspolitikState)
    assert after.unit_map()[attack.dst][1] == 0


def test_politics_claims_the_state_worth_most_votes():
    def big_claims(s: State) -> list[Move]:
        assert isinstance(s, PoliticsState)
        if not isinstance(s.to_move, int):
            return []
        seat = s.to_move
        base = tally(s.board, s.n)[seat]
        gains = {m: tally(s.play(m).board, s.n)[seat] - base for m in s.legal_moves() if str(m) not in ("pass",)}
        best = max(gains.values(), default=0)
        runner_up = sorted(gains.values())[-2] if len(gains) > 1 else 0
        return [m for m, v in gains.items() if v == best] if best >= 20 and runner_up < best / 2 else []

    state, good = first("politics1952", big_claims)
    assert decide(state, state.to_move) in good  # type: ignore[arg-type]
