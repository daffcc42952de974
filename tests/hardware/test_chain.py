from __future__ import annotations

import pytest

from hardware.chain import CORNERS, ChainOrder
from hardware.squares import name


@pytest.mark.parametrize("start", CORNERS)
@pytest.mark.parametrize("along", ["ranks", "files"])
@pytest.mark.parametrize("serpentine", [True, False])
def test_every_chain_order_is_a_permutation_starting_in_its_corner(start: str, along: str, serpentine: bool) -> None:
    chain = ChainOrder(start, along, serpentine)  # type: ignore[arg-type]
    assert sorted(chain.squares) == list(range(81))
    assert name(chain.squares[0]) == start
    assert all(chain.positions[s] == p for p, s in enumerate(chain.squares))


def test_serpentine_along_ranks_from_a1_turns_back_at_the_end_of_each_rank() -> None:
    chain = ChainOrder("a1", "ranks", True)
    assert [name(s) for s in chain.squares[7:11]] == ["h1", "i1", "i2", "h2"]


def test_plain_along_files_from_i9_starts_each_file_at_rank_9() -> None:
    chain = ChainOrder("i9", "files", False)
    assert [name(s) for s in chain.squares[8:10]] == ["i1", "h9"]


def test_frames_go_to_chain_order_and_back() -> None:
    chain = ChainOrder("i1", "files", True)
    physical = bytes(range(243))
    in_chain = chain.to_chain(physical)
    assert in_chain[:3] == physical[3 * chain.squares[0] : 3 * chain.squares[0] + 3]
    assert chain.to_physical(in_chain) == physical


def test_a_bad_corner_is_refused() -> None:
    with pytest.raises(ValueError, match="corner"):
        ChainOrder("e5")  # type: ignore[arg-type]
