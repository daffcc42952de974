"""The errors of remote play; every message is meant for the people at the board."""

from __future__ import annotations

from controller.errors import AgoraError


class RemoteError(AgoraError):
    """Base of remote play's errors."""


class MessageError(RemoteError):
    """A message on the broker is not a message of this protocol (bad JSON, unknown version, missing field)."""


class RefusedError(RemoteError):
    """A ply or request this place refuses: illegal, out of turn, for a seat its sender does not hold, out of
    order, or revealing something other than what was committed."""


class AddressError(RemoteError, ValueError):
    """A room address that cannot be used (`mqtt://[USER[:PASSWORD]@]HOST[:PORT]/ROOM`)."""
