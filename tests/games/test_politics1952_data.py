"""The board's data (board.toml) is consistent with the rules booklet and with docs/rules/politics1952.md."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from controller.games.politics1952.data import (
    BY_ABBR,
    BY_SQUARE,
    CARDS,
    GROUP_COLOURS,
    IN_GROUP,
    MAJORITY,
    SPARE,
    STATES,
    TOTAL_VOTES,
)
from controller.games.squares import SQUARES, file_of, rank_of

# The electoral votes of the 1950 apportionment (public record; docs/rules/politics1952.md, "Electoral votes").
VOTES = (
    "AL 11, AZ 4, AR 8, CA 32, CO 6, CT 8, DE 3, FL 10, GA 12, ID 4, IL 27, IN 13, IA 10, KS 8, KY 10, LA 10, ME 5, "
    "MD 9, MA 16, MI 20, MN 11, MS 8, MO 13, MT 4, NE 6, NV 3, NH 4, NJ 16, NM 4, NY 45, NC 14, ND 4, OH 25, OK 8, "
    "OR 6, PA 32, RI 4, SC 8, SD 4, TN 11, TX 24, UT 4, VT 3, VA 12, WA 9, WV 8, WI 12, WY 3"
)
# docs/rules/politics1952.md, "Groups".
GROUPS = {
    6: "NY CA PA IL OH TX MI",
    5: "MA NJ NC IN MO",
    4: "GA VA WI AL MN TN",
    3: "FL IA KY LA MD WA",
    2: "AR CT KS MS OK SC WV CO NE OR ME",
    1: "AZ ID MT NH NM ND RI SD UT DE NV VT WY",
}
# Land borders of the 48 states, each pair once: the tile map should keep most of them as grid neighbours.
BORDERS = """AL: FL GA MS TN | AZ: CA CO NV NM UT | AR: LA MS MO OK TN TX | CA: NV OR | CO: KS NE NM OK UT WY |
CT: MA NY RI | DE: MD NJ PA | FL: GA | GA: NC SC TN | ID: MT NV OR UT WA WY | IL: IN IA KY MO WI | IN: KY MI OH |
IA: MN MO NE SD WI | KS: MO NE OK | KY: MO OH TN VA WV | LA: MS TX | ME: NH | MD: PA VA WV | MA: NH NY RI VT |
MI: OH WI | MN: ND SD WI | MS: TN | MO: NE OK TN | MT: ND SD WY | NE: SD WY | NV: OR UT | NH: VT | NJ: NY PA |
NM: OK TX | NY: PA VT | NC: SC TN VA | ND: SD | OH: PA WV | OK: TX | OR: WA | PA: WV | SD: WY | TN: VA | UT: WY |
VA: WV"""


def _borders() -> set[tuple[str, str]]:
    out = set()
    for entry in BORDERS.replace("\n", " ").split("|"):
        state, others = entry.split(":")
        out |= {(state.strip(), other) for other in others.split()}
    return out


def test_48_states_with_the_1950_electoral_votes() -> None:
    expected = {abbr: int(v) for abbr, v in (item.split() for item in VOTES.split(", "))}
    assert len(STATES) == 48
    assert {s.abbr: s.votes for s in STATES} == expected


def test_votes_add_up_to_531_and_266_is_a_majority() -> None:
    assert sum(s.votes for s in STATES) == TOTAL_VOTES == 531
    assert MAJORITY == 266 == TOTAL_VOTES // 2 + 1


def test_seven_county_lines_but_four_in_delaware_new_jersey_and_rhode_island() -> None:
    assert {s.abbr for s in STATES if s.lines == 4} == {"DE", "NJ", "RI"}
    assert all(s.lines == 7 for s in STATES if s.abbr not in {"DE", "NJ", "RI"})


def test_groups_are_the_rules_files_groups() -> None:
    assert {g: {STATES[i].abbr for i in IN_GROUP[g]} for g in IN_GROUP} == {
        g: set(names.split()) for g, names in GROUPS.items()
    }


@pytest.mark.parametrize("group", [1, 2, 3, 4, 5])
def test_groups_follow_the_electoral_votes(group: int) -> None:
    # The seed: "The States are divided into 6 groups depending upon their electoral votes."
    below = max(STATES[i].votes for i in IN_GROUP[group])
    above = min(STATES[i].votes for i in IN_GROUP[group + 1])
    assert below < above


def test_group_six_is_green_and_holds_new_york_ohio_and_illinois() -> None:
    assert {"NY", "OH", "IL"} <= {STATES[i].abbr for i in IN_GROUP[6]}
    assert GROUP_COLOURS[6].colour == "green"
    assert len({c.rgb for c in GROUP_COLOURS.values()}) == 6


def test_eighteen_speech_cards_within_one_county_of_the_average() -> None:
    assert [c.number for c in CARDS] == list(range(1, 19))
    average = sum(c.total for c in CARDS) / len(CARDS)
    for card in CARDS:
        assert abs(card.total - average) <= 1, card
        assert 4 <= card.total <= 7
        assert 2 <= len(card.counties) <= 4
        assert len({i for i, _ in card.counties}) == len(card.counties)
        assert all(1 <= k <= STATES[i].lines for i, k in card.counties)


def test_every_state_is_named_by_some_speech_card() -> None:
    named = {STATES[i].abbr for card in CARDS for i, _ in card.counties}
    assert named == set(BY_ABBR)


def test_the_tile_map_uses_each_state_once_and_leaves_33_spare_squares() -> None:
    squares = [s.square for s in STATES]
    assert len(set(squares)) == 48
    assert all(0 <= q < SQUARES for q in squares)
    assert SQUARES - len(BY_SQUARE) == 33


def test_each_row_keeps_the_west_to_east_order_of_its_states() -> None:
    for rank in range(9):
        row = sorted((s for s in STATES if rank_of(s.square) == rank), key=lambda s: file_of(s.square))
        assert [s.longitude for s in row] == sorted(s.longitude for s in row), [s.abbr for s in row]
        assert len({s.longitude for s in row}) == len(row)


def test_most_bordering_states_are_grid_neighbours() -> None:
    def touching(a: str, b: str) -> bool:
        x, y = BY_ABBR[a].square, BY_ABBR[b].square
        return max(abs(file_of(x) - file_of(y)), abs(rank_of(x) - rank_of(y))) == 1

    borders = _borders()
    assert len(borders) == 106
    kept = sum(touching(a, b) for a, b in borders)
    assert kept / len(borders) >= 0.85

    # Side-by-side squares of states that share no border are what fitting nine columns costs; keep them few.
    def side_by_side(a: str, b: str) -> bool:
        x, y = BY_ABBR[a].square, BY_ABBR[b].square
        return abs(file_of(x) - file_of(y)) + abs(rank_of(x) - rank_of(y)) == 1

    strangers = [
        (a, b)
        for a, b in combinations(sorted(BY_ABBR), 2)
        if side_by_side(a, b) and (a, b) not in borders and (b, a) not in borders
    ]
    assert len(strangers) <= 16, strangers


def test_spare_squares_hold_no_state() -> None:
    spare = [SPARE.die, *SPARE.white, SPARE.closed, *SPARE.tally]
    assert len(set(spare)) == len(spare) == 10
    assert not set(spare) & set(BY_SQUARE)
    assert len(SPARE.tally) == 6


def test_each_group_fits_on_the_white_dice() -> None:
    # Twelve counties (double six) always fit in a group of the empty board, so the first throws are never lost.
    assert min(sum(STATES[i].lines + 1 for i in IN_GROUP[g]) for g in IN_GROUP) >= 12
    assert Counter(s.group for s in STATES) == Counter({1: 13, 2: 11, 3: 6, 4: 6, 5: 5, 6: 7})
