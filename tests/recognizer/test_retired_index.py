"""A turn's index that the next turn replaced is let go of a slice at a time while the loop is idle (`prepare`),
never all at once in the callback that begins the next turn; a program that never prepares keeps no more than two."""

from __future__ import annotations

from controller.recognizer import Recognizer, build_index
from controller.recognizer.machine import RETIRED_KEPT
from tests.bench.djambi_widest import WIDEST


def test_the_last_turns_index_goes_a_slice_at_a_time_once_the_next_turn_begins() -> None:
    state = WIDEST["widest-constructed-4001"].state()
    occ = state.occupancy()
    rec = Recognizer()
    first = build_index(state)
    rec.begin_turn(first, occ, 0.0)
    while rec.prepare():
        pass
    made = len(first.candidates)
    rec.begin_idle(occ, occ, 1.0)
    assert rec.retired == [first] and len(first.candidates) == made, "nothing let go of while the turn changes"
    slices = 0
    while rec.prepare():
        slices += 1
    assert slices >= made // 1000, "a wide index goes in many slices"
    assert rec.retired == [] and first.candidates == [] and first.prepared


def test_a_recognizer_that_is_never_prepared_keeps_few_indexes_of_turns_over() -> None:
    state = WIDEST["widest-random"].state()
    occ = state.occupancy()
    rec = Recognizer()
    for n in range(6):
        rec.begin_turn(build_index(state), occ, float(n))
    assert len(rec.retired) == RETIRED_KEPT


def test_a_new_games_recognizer_lets_go_of_the_old_ones_indexes_a_slice_at_a_time() -> None:
    state = WIDEST["widest-random"].state()
    occ = state.occupancy()
    old, new = Recognizer(), Recognizer()
    index = build_index(state)
    old.begin_turn(index, occ, 0.0)
    made = len(index.candidates)
    new.adopt(old.hand_over())
    assert old.index is None and old.retired == [] and new.retired == [index] and len(index.candidates) == made
    while new.prepare():
        pass
    assert new.retired == [] and index.candidates == []
