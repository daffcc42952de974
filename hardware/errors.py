"""Errors a person at the board can act on; the CLI prints their message and exits. They are the port's
`BoardTrouble`, so the controller catches them without importing this package."""

from __future__ import annotations

from controller.ports import BoardTrouble


class BoardError(RuntimeError, BoardTrouble):
    """The board cannot be used as configured (missing library, pin in use, no device)."""


class LinkError(BoardError):
    """The co-processor does not answer as an Agora co-processor."""


class FirmwareVersionError(LinkError):
    """The co-processor speaks another protocol version: it needs the firmware of this Agora."""
