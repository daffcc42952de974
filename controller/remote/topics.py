"""The topic tree on the broker. Everything a place publishes lies under its own prefix, `agora/v1/places/PLACE/`,
and the place's broker user is named like the place, so one ACL pattern lets a board write only its own topics
(docs/remote.md has the ACL file). Only a room's host writes its log and set-up; a guest writes its proposals.

    agora/v1/places/P/online                 retained; {"online": false} as P's last will
    agora/v1/places/P/info                   retained; what P plays now (the hub's list)
    agora/v1/places/P/leds                   retained; P's LED picture (the hub's spectators)
    agora/v1/places/H/rooms/R/setup          retained; room R as host H made it
    agora/v1/places/H/rooms/R/log/00000042   retained; entry 42 of R's log
    agora/v1/places/H/rooms/R/snapshot       retained; R's game as a spectator sees it
    agora/v1/places/H/rooms/R/to/P           retained; secrets for P only (the ACL lets only P read it)
    agora/v1/places/P/rooms/R/out            P's proposals to R's host
"""

from __future__ import annotations

import re

from controller.remote.errors import AddressError

ROOT = "agora/v1"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def check_name(name: str, what: str) -> str:
    if not _NAME.match(name):
        raise AddressError(
            f"{what} {name!r} must be 1 to 64 letters, digits, '_', '.' or '-' (no spaces or slashes), "
            "starting with a letter or digit"
        )
    return name


def place(p: str) -> str:
    return f"{ROOT}/places/{p}"


def online(p: str) -> str:
    return f"{place(p)}/online"


def info(p: str) -> str:
    return f"{place(p)}/info"


def leds(p: str) -> str:
    return f"{place(p)}/leds"


def room(host: str, r: str) -> str:
    return f"{place(host)}/rooms/{r}"


def setup(host: str, r: str) -> str:
    return f"{room(host, r)}/setup"


def any_setup(r: str) -> str:
    return f"{ROOT}/places/+/rooms/{r}/setup"


def log(host: str, r: str, seq: int | None = None) -> str:
    return f"{room(host, r)}/log/{'+' if seq is None else f'{seq:08d}'}"


def snapshot(host: str, r: str) -> str:
    return f"{room(host, r)}/snapshot"


def private(host: str, r: str, to: str) -> str:
    return f"{room(host, r)}/to/{to}"


def out(p: str, r: str) -> str:
    return f"{room(p, r)}/out"


def any_out(r: str) -> str:
    return f"{ROOT}/places/+/rooms/{r}/out"


def place_of(topic: str) -> str | None:
    """The place a topic belongs to (its publisher, by the ACL), or None outside the tree."""
    parts = topic.split("/")
    if len(parts) < 4 or "/".join(parts[:3]) != f"{ROOT}/places":
        return None
    return parts[3]
