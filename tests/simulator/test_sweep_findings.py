"""`agora doctor`'s sweep: broken lines and crosstalk from the stream of occupancies a sweep produces."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.commands.sweep_findings import FILE_MASKS, RANK_MASKS, CrosstalkWatch, broken_lines, neighbours

FULL = (1 << 81) - 1


@given(st.sets(st.integers(0, 8)), st.sets(st.integers(0, 8)), st.integers(0, FULL))
def test_a_rank_or_file_that_never_closed_is_named_as_its_line(ranks: set[int], files: set[int], extra: int) -> None:
    dead = extra & sum(1 << s for s in range(81) if s % 3 == 0)  # scattered dead switches
    for r in ranks:
        dead |= RANK_MASKS[r]
    for f in files:
        dead |= FILE_MASKS[f]
    messages, explained = broken_lines(dead)
    named_ranks = {int(m.split("rank ")[1].split(" ")[0]) - 1 for m in messages if "row line" in m}
    named_files = {"abcdefghi".index(m.split("file ")[1][0]) for m in messages if "column line" in m}
    assert named_ranks == {r for r in range(9) if dead & RANK_MASKS[r] == RANK_MASKS[r]} >= ranks
    assert named_files == {f for f in range(9) if dead & FILE_MASKS[f] == FILE_MASKS[f]} >= files
    lines = 0
    for r in named_ranks:
        lines |= RANK_MASKS[r]
    for f in named_files:
        lines |= FILE_MASKS[f]
    assert explained == lines  # the single dead squares are left to be named one by one


def sweep(path: list[int], crosstalk: dict[int, list[int]], slide: bool) -> CrosstalkWatch:
    """A magnet passed over `path`; `crosstalk[x]`: squares whose switch also closes while the magnet is on x."""
    watch = CrosstalkWatch(0)
    previous = None
    for square in path:
        if slide and previous is not None and square in neighbours(previous):
            watch.on(1 << previous | 1 << square)  # sliding: both closed for a moment
        else:
            if previous is not None:
                watch.on(0)
            watch.on(1 << square)
        extra = sum(1 << y for y in crosstalk.get(square, []))
        if extra:
            watch.on(1 << square | extra)
            watch.on(1 << square)
        previous = square
    watch.on(0)
    return watch


def boustrophedon() -> list[int]:
    return [r * 9 + (f if r % 2 == 0 else 8 - f) for r in range(9) for f in range(9)]


def test_a_clean_sweep_slid_along_the_ranks_finds_no_crosstalk() -> None:
    assert sweep(boustrophedon(), {}, slide=True).found == {}


@given(st.permutations(list(range(81))), st.data())
def test_switches_that_close_under_a_neighbours_magnet_are_found_and_only_they(
    path: list[int], data: st.DataObject
) -> None:
    sources = data.draw(st.sets(st.integers(0, 80), max_size=6))
    crosstalk = {x: data.draw(st.sets(st.sampled_from(neighbours(x)), min_size=1, max_size=2)) for x in sources}
    watch = sweep(path, {x: sorted(ys) for x, ys in crosstalk.items()}, slide=False)
    assert set(watch.found) == {y for ys in crosstalk.values() for y in ys}
    for y, x in watch.found.items():
        assert y in crosstalk[x]
    assert all("crosstalk" in m for m in watch.messages())
    assert watch.messages(unreliable=FULL) == []


def test_the_doctor_names_a_broken_rank_line_on_the_simulator(capsys: pytest.CaptureFixture[str]) -> None:
    from controller.cli.main import main

    kills = [arg for f in "abcdefghi" for arg in ("--sim-fault", f"dead:{f}4")]
    assert main(["doctor", "--board", "sim", "--no-walk", "--plain", *kills, "--sim-fault", "dead:c7"]) == 1
    problems = [line for line in capsys.readouterr().out.splitlines() if line.startswith("PROBLEM")]
    assert problems == [
        "PROBLEM: no square of rank 4 ever closed: the row line of rank 4 is broken or not connected (its wire, its "
        "solder joints, or its pin)",
        "PROBLEM: never closed (dead switch, broken diode or a weak magnet): c7",
    ]
