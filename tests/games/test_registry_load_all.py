"""Loading every game at once (what a board does once it serves): a game that cannot be loaded is named with what
went wrong and keeps none of the others from loading; asking for it later still fails the way it did."""

from __future__ import annotations

import sys

import pytest

from controller.games import Registry
from tests.conftest import TOYS


def test_every_loadable_game_is_loaded_and_a_broken_one_is_named() -> None:
    sys.modules.pop("tests.toys.no_such_game", None)
    entries: dict[str, str | type] = {"broken": "tests.toys.no_such_game:Nothing", **TOYS}
    entries["politrics"] = "controller.games.politrics:Politrics"
    registry = Registry(entries)
    failed = registry.load_all()
    assert list(failed) == ["broken"]
    assert isinstance(failed["broken"], ModuleNotFoundError)
    assert "controller.games.politrics" in sys.modules
    assert registry.load("politrics") is registry.load("politrics")  # the one shared instance, loaded already
    with pytest.raises(ModuleNotFoundError):
        registry.load("broken")
