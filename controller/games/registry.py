"""Which games exist. The table is fixed at import; tests build their own `Registry` with toy games added."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType

from controller.games.api import Game
from controller.games.errors import UnknownGameError

# name -> "module:Class", imported on first use so `agora games` starts fast and one broken game cannot stop
# the others from loading.
BUILTIN: Mapping[str, str] = MappingProxyType(
    {
        "politrics": "controller.games.politrics:Politrics",
        "polis": "controller.games.polis:Polis",
        "politics1952": "controller.games.politics1952:Politics1952",
        "chesspolitik": "controller.games.chesspolitik:Chesspolitik",
        "djambi": "controller.games.djambi:Djambi",
    }
)


class Registry:
    """Game names to game classes (or "module:Class" paths)."""

    def __init__(self, entries: Mapping[str, str | type[Game]]) -> None:
        self._entries = dict(entries)

    def names(self) -> tuple[str, ...]:
        return tuple(self._entries)

    def load(self, name: str) -> Game:
        if not isinstance(name, str) or name not in self._entries:
            raise UnknownGameError(f"there is no game {name!r}; the games are: {', '.join(self._entries)}")
        entry = self._entries[name]
        if isinstance(entry, str):
            module, _, attr = entry.partition(":")
            entry = getattr(importlib.import_module(module), attr)
            assert isinstance(entry, type) and issubclass(entry, Game)
        return entry.shared()

    def load_all(self) -> dict[str, Exception]:
        """Load every game (a board does it once it serves, so starting another game later imports nothing);
        one that cannot be loaded is left for `load` to report when it is asked for: {name: what went wrong}."""
        failed: dict[str, Exception] = {}
        for name in self._entries:
            try:
                self.load(name)
            except Exception as exc:  # a broken game must not keep the others from loading
                failed[name] = exc
        return failed

    def subset(self, names: list[str] | tuple[str, ...]) -> Registry:
        return Registry({n: self._entries[n] for n in names})

    def with_games(self, extra: Mapping[str, str | type[Game]]) -> Registry:
        return Registry({**self._entries, **extra})


DEFAULT = Registry(BUILTIN)


def load(name: str) -> Game:
    """The registered game of that name."""
    return DEFAULT.load(name)


def load_all() -> dict[str, Exception]:
    """Load every registered game; {name: what went wrong} for those that could not be loaded."""
    return DEFAULT.load_all()


def names() -> tuple[str, ...]:
    """The registered games' names."""
    return DEFAULT.names()
