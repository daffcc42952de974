"""The recognizer state machine on toy games: every recognition case, on virtual time."""

from __future__ import annotations

from dataclasses import dataclass

from controller.games import Effect, Move, Piece, State, Step
from controller.games.squares import bit, parse
from controller.recognizer import (
    Cancelled,
    ChoresDone,
    IllegalTried,
    MismatchCleared,
    MismatchShown,
    PromptRaised,
    Recognized,
    Recognizer,
    RecognizerSettings,
    TakebackSeen,
    TurnIndex,
    build_index,
)
from controller.recognizer.index import make_candidate
from controller.recognizer.machine import Mode
from tests.toys.jumps import Jumps, JumpsState

SETTLE = RecognizerSettings().settle


def play(state: State, *texts: str) -> State:
    for t in texts:
        state = state.play(state.game.parse(t, state))
    return state


class Board:
    """Drives a recognizer the way the session does, on virtual time."""

    def __init__(self, index: TurnIndex, occupancy: int | None = None) -> None:
        self.rec = Recognizer()
        self.t = 0.0
        self.occ = index.start if occupancy is None else occupancy
        self.signals = self.rec.begin_turn(index, self.occ, self.t)

    def at(self, dt: float) -> list:
        self.t += dt
        out = self.rec.tick(self.t)
        self.signals += out
        return out

    def lift(self, sq: str, dt: float = 0.1) -> list:
        self.at(dt)
        self.occ &= ~bit(parse(sq))
        out = self.rec.board(self.occ, self.t)
        self.signals += out
        return out

    def place(self, sq: str, dt: float = 0.1) -> list:
        self.at(dt)
        self.occ |= bit(parse(sq))
        out = self.rec.board(self.occ, self.t)
        self.signals += out
        return out

    def wait(self) -> list:
        return self.at(2.0)

    def kinds(self) -> list[type]:
        return [type(s) for s in self.signals]


def movement_position() -> JumpsState:
    """Placement over: North on a1 b1 c1 d1, South on a2 b3 c2 d4; North to move."""
    s = play(Jumps().new(), "A@a1", "A@a2", "B@b1", "B@b3", "A@c1", "A@c2", "B@d1", "B@d4")
    assert isinstance(s, JumpsState)
    return s


def test_placement_of_two_possible_kinds_prompts_and_the_answer_commits() -> None:
    state = Jumps().new()
    b = Board(build_index(state, state.legal_moves()))
    b.place("c3")
    assert not any(isinstance(s, (Recognized, PromptRaised)) for s in b.signals)
    b.wait()
    prompts = [s for s in b.signals if isinstance(s, PromptRaised)]
    assert len(prompts) == 1
    assert sorted(str(c.move) for c in prompts[0].candidates) == ["A@c3", "B@c3"]
    assert b.rec.guidance().prompt == bit(parse("c3"))
    choice = next(c for c in prompts[0].candidates if str(c.move) == "B@c3")
    out = b.rec.answer(choice)
    rec = [s for s in out if isinstance(s, Recognized)]
    assert rec and str(rec[0].candidate.move) == "B@c3" and rec[0].chores_done


def test_only_one_kind_left_needs_no_prompt() -> None:
    state = play(Jumps().new(), "A@a1", "A@a2", "A@b1", "A@b3", "B@c1", "B@c2")
    b = Board(build_index(state, state.legal_moves()))
    b.place("d3")
    b.wait()
    assert PromptRaised not in b.kinds()
    rec = [s for s in b.signals if isinstance(s, Recognized)]
    assert [str(r.candidate.move) for r in rec] == ["B@d3"]


def test_a_step_with_one_destination_commits_at_once() -> None:
    state = movement_position()
    b = Board(build_index(state, state.legal_moves()))
    b.lift("d1")
    b.place("d2")
    rec = [s for s in b.signals if isinstance(s, Recognized)]
    assert [str(r.candidate.move) for r in rec] == ["d1-d2"]


def rook_index() -> TurnIndex:
    """A rook-like piece on a1 that may go to a2..a5 (b1 is another piece)."""
    start = bit(parse("a1")) | bit(parse("b1"))
    rook = Piece("R", 0)
    cands = [
        make_candidate(start, _Named(f"a1-{d}"), Effect(decision=(Step(rook, parse("a1"), parse(d)),)))
        for d in ("a2", "a3", "a4", "a5")
    ]
    return TurnIndex(start=start, candidates=cands)


def test_a_move_that_could_go_on_commits_only_after_the_board_is_stable() -> None:
    b = Board(rook_index())
    b.lift("a1")
    b.place("a2")
    b.at(SETTLE / 2)
    assert Recognized not in b.kinds()
    b.at(SETTLE)
    rec = [s for s in b.signals if isinstance(s, Recognized)]
    assert [str(r.candidate.move) for r in rec] == ["a1-a2"]


def test_jump_with_the_mover_moved_first_then_the_victim_removed_as_a_chore() -> None:
    state = movement_position()
    b = Board(build_index(state, state.legal_moves()))
    b.lift("a1")
    b.place("a3")  # jumping over a2
    b.wait()
    rec = [s for s in b.signals if isinstance(s, Recognized)]
    assert len(rec) == 1 and str(rec[0].candidate.move) == "a1xa3" and not rec[0].chores_done
    c = rec[0].candidate
    b.signals += b.rec.begin_chores(c.final_occ, c.effect.chores, c.chore_touch, b.t)
    g = b.rec.guidance()
    assert g.mode is Mode.CHORES and g.chore_removals == bit(parse("a2"))
    b.lift("a2")
    assert b.kinds()[-1] is ChoresDone


def test_jump_with_the_victim_removed_first() -> None:
    state = movement_position()
    b = Board(build_index(state, state.legal_moves()))
    b.lift("a2")  # the victim first: on the way to the jump, no mismatch
    b.wait()
    assert MismatchShown not in b.kinds()
    b.lift("a1")
    b.place("a3")
    b.wait()
    rec = [s for s in b.signals if isinstance(s, Recognized)]
    assert len(rec) == 1 and str(rec[0].candidate.move) == "a1xa3" and rec[0].chores_done


def test_the_wrong_piece_lifted_and_put_back_cancels() -> None:
    state = movement_position()
    b = Board(build_index(state, state.legal_moves()))
    b.lift("b1")
    b.place("b1")
    assert b.kinds()[-1] is Cancelled
    b.lift("d1")
    b.place("d2")
    b.wait()
    rec = [s for s in b.signals if isinstance(s, Recognized)]
    assert [str(r.candidate.move) for r in rec] == ["d1-d2"]


def test_a_board_matching_no_move_shows_a_mismatch_until_put_right_in_any_order() -> None:
    state = movement_position()
    b = Board(build_index(state, state.legal_moves()))
    b.lift("c1")
    b.place("a4")  # not a legal move: c1 cannot reach a4
    assert MismatchShown not in b.kinds()  # the grace period: a hand may still be moving
    b.wait()
    shown = [s for s in b.signals if isinstance(s, MismatchShown)]
    assert shown and shown[-1].fill == bit(parse("c1")) and shown[-1].empty == bit(parse("a4"))
    g = b.rec.guidance()
    assert g.mismatch_fill == bit(parse("c1")) and g.mismatch_empty == bit(parse("a4"))
    b.place("c1")  # first refill, then empty: any order
    assert isinstance(b.signals[-1], MismatchShown) and b.signals[-1].fill == 0
    b.lift("a4")
    assert MismatchCleared in b.kinds()[-2:]
    assert Recognized not in b.kinds()


def test_a_slide_over_squares_commits_the_final_square_only() -> None:
    # A slide over a2 and a3 to a4 must not commit a2 or a3.
    b = Board(rook_index())
    b.lift("a1", dt=0.1)
    b.place("a2", dt=0.05)
    b.lift("a2", dt=0.05)
    b.place("a3", dt=0.05)
    b.lift("a3", dt=0.05)
    b.place("a4", dt=0.05)
    b.wait()
    rec = [s for s in b.signals if isinstance(s, Recognized)]
    assert [str(r.candidate.move) for r in rec] == ["a1-a4"]


def test_a_move_that_cannot_be_extended_commits_at_once() -> None:
    start = bit(parse("a1"))
    p = Piece("P", 0)
    cands = [make_candidate(start, _Named("a1-a2"), Effect(decision=(Step(p, parse("a1"), parse("a2")),)))]
    b = Board(TurnIndex(start=start, candidates=cands))
    b.lift("a1")
    b.place("a2")
    assert Recognized in b.kinds()


def test_a_flip_in_place_is_told_apart_by_the_touched_square() -> None:
    # A move a1-a2 that may also turn over b2 (a Djambi Reporter's kill): same occupancy, told apart by touch.
    start = bit(parse("a1")) | bit(parse("b2")) | bit(parse("c3"))
    p = Piece("R", 0)
    step = Step(p, parse("a1"), parse("a2"))
    plain = make_candidate(start, _Named("a1-a2"), Effect(decision=(step,)))
    kill_b2 = make_candidate(
        start, _Named("a1-a2xb2"), Effect(decision=(step,), decision_touch=frozenset({parse("b2")}))
    )
    kill_c3 = make_candidate(
        start, _Named("a1-a2xc3"), Effect(decision=(step,), decision_touch=frozenset({parse("c3")}))
    )
    idx = TurnIndex(start=start, candidates=[plain, kill_b2, kill_c3])
    b = Board(idx)
    b.lift("a1")
    b.place("a2")
    b.wait()
    assert [str(s.candidate.move) for s in b.signals if isinstance(s, Recognized)] == ["a1-a2"]
    b = Board(idx)
    b.lift("a1")
    b.place("a2")
    b.lift("b2", dt=0.05)
    b.place("b2", dt=0.2)
    b.wait()
    assert [str(s.candidate.move) for s in b.signals if isinstance(s, Recognized)] == ["a1-a2xb2"]


def test_an_earlier_position_is_seen_as_a_takeback() -> None:
    before = movement_position()
    after = play(before, "d1-d2")
    b = Board(build_index(after, after.legal_moves(), earlier=[before]))
    b.lift("d2")
    b.place("d1")
    assert TakebackSeen not in b.kinds()
    b.wait()
    assert [s.plies for s in b.signals if isinstance(s, TakebackSeen)] == [1]


def test_takebacks_can_be_turned_off() -> None:
    before = movement_position()
    after = play(before, "d1-d2")
    b = Board(build_index(after, after.legal_moves(), earlier=[before]))
    b.rec.settings = RecognizerSettings(takebacks=False)
    b.lift("d2")
    b.place("d1")
    b.wait()
    assert TakebackSeen not in b.kinds() and MismatchShown in b.kinds()


def test_a_near_miss_is_reported_with_its_reason_and_squares() -> None:
    from controller.games import NearMiss

    start = bit(parse("a1"))
    p = Piece("P", 0)
    eff = Effect(decision=(Step(p, parse("a1"), parse("b2")),))
    nm = NearMiss(_Named("a1-b2"), eff, "b2 would be captured", frozenset({parse("a3"), parse("c1")}))
    legal = make_candidate(start, _Named("a1-a2"), Effect(decision=(Step(p, parse("a1"), parse("a2")),)))
    b = Board(TurnIndex(start=start, candidates=[legal, make_candidate(start, nm.move, eff, nm)]))
    b.lift("a1")
    b.place("b2")
    # Said once the piece has stood still: it might have been sliding on.
    assert not [s for s in b.signals if isinstance(s, IllegalTried)]
    b.at(SETTLE)
    tried = [s for s in b.signals if isinstance(s, IllegalTried)]
    assert tried and tried[0].reason == "b2 would be captured"
    assert b.rec.guidance().why == bit(parse("a3")) | bit(parse("c1"))
    assert MismatchShown in b.kinds()
    b.wait()
    assert Recognized not in b.kinds()


def test_lifting_a_piece_shows_its_destinations_and_captures() -> None:
    state = movement_position()
    b = Board(build_index(state, state.legal_moves()))
    b.lift("a1")
    g = b.rec.guidance()
    assert g.lifted == bit(parse("a1"))
    assert g.destinations == bit(parse("a3"))  # a1's only move: the jump over a2
    assert g.captures == bit(parse("a2"))
    b.place("a1")
    assert b.rec.guidance().movable & bit(parse("a1"))


def test_idle_board_mismatch_and_recovery() -> None:
    rec = Recognizer()
    start = bit(parse("a1"))
    assert rec.begin_idle(start, start, 0.0) == []
    assert rec.board(0, 0.1) == []
    out = rec.tick(5.0)
    assert isinstance(out[0], MismatchShown) and out[0].fill == start
    assert isinstance(rec.board(start, 5.1)[0], MismatchCleared)


@dataclass(frozen=True)
class _Named(Move):
    """A stand-in move for hand-built indexes: only its text matters here."""

    text: str

    def __str__(self) -> str:
        return self.text
