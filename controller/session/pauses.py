"""Why a game waits: each cause pauses it on its own and is lifted on its own; the game goes on when none is left."""

from __future__ import annotations

import enum


class PauseCause(enum.Enum):
    LINK = "link"  # the board's sensors stopped answering
    ROOM = "room"  # the other places of a remote game cannot be reached, or this board refuses the room's log
    STORE = "store"  # the games file cannot be written (moves wait, unconfirmed, until they are stored)
    FAULT = "fault"  # handling something failed unexpectedly; the next input that goes through lifts it
    ABANDONED = "abandoned"  # the host abandoned the game: nothing lifts it but a new game


class Pauses:
    def __init__(self) -> None:
        self._causes: dict[PauseCause, str] = {}

    def __bool__(self) -> bool:
        return bool(self._causes)

    def __contains__(self, cause: PauseCause) -> bool:
        return cause in self._causes

    def set(self, cause: PauseCause, message: str) -> bool:
        """Pause for `cause`; True if the game was running until now."""
        was = bool(self._causes)
        self._causes[cause] = message
        return not was

    def lift(self, cause: PauseCause) -> bool:
        """Lift `cause`; True if that was the last one (the game goes on)."""
        if self._causes.pop(cause, None) is None:
            return False
        return not self._causes

    @property
    def message(self) -> str:
        return "; ".join(self._causes.values())
