"""A room's address: `mqtt://[USER[:PASSWORD]@]HOST[:PORT]/ROOM`, or `mqtts://` for TLS (port 8883).

The user name is the place's name on the broker (its ACL lets it write only under its own prefix). The password
may also come from the environment (`AGORA_MQTT_PASSWORD`) or a file, so it does not show in the process list.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

from controller.remote.errors import AddressError
from controller.remote.topics import check_name
from controller.values import dataclass

PLAIN_PORT = 1883
TLS_PORT = 8883


@dataclass(frozen=True, slots=True)
class BrokerAddress:
    host: str
    port: int
    tls: bool
    user: str | None
    password: str | None
    room: str | None

    def without_secret(self) -> str:
        """The address as it may be printed: no password."""
        scheme = "mqtts" if self.tls else "mqtt"
        user = f"{self.user}@" if self.user else ""
        return f"{scheme}://{user}{self.host}:{self.port}/{self.room or ''}"


def parse_address(text: str, *, need_room: bool = True, password_file: Path | None = None) -> BrokerAddress:
    parts = urlsplit(text.strip())
    if parts.scheme not in ("mqtt", "mqtts"):
        raise AddressError(f"{text!r} is not a broker address: write mqtt://HOST[:PORT]/ROOM (mqtts:// for TLS)")
    if not parts.hostname:
        raise AddressError(f"{text!r} names no broker host")
    tls = parts.scheme == "mqtts"
    try:
        port = parts.port or (TLS_PORT if tls else PLAIN_PORT)
    except ValueError:
        raise AddressError(f"{text!r} has a port that is not a number from 1 to 65535") from None
    room = parts.path.strip("/") or None
    if room is not None:
        check_name(room, "the room")
    elif need_room:
        raise AddressError(f"{text!r} names no room: add it after the host, as in mqtt://broker.local/table-3")
    user = unquote(parts.username) if parts.username else None
    if user is not None:
        check_name(user, "the user (the board's name on the broker)")
    password = unquote(parts.password) if parts.password else None
    if password is None and password_file is not None:
        try:
            password = password_file.read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise AddressError(f"cannot read the password file {password_file}: {exc.strerror}") from exc
    if password is None:
        password = os.environ.get("AGORA_MQTT_PASSWORD") or None
    return BrokerAddress(parts.hostname, port, tls, user, password, room)
