"""What the front door (controller.web.front) and the FastAPI app both check, with nothing of the web stack loaded:
the Host header against DNS rebinding, secrets compared in constant time, and which of the page's files may be
served. The front door answers before FastAPI is imported, so these live apart from controller.web.guard."""

from __future__ import annotations

import hmac
import ipaddress
import re
from collections.abc import Iterable
from importlib import resources


def same_secret(given: str, expected: str) -> bool:
    """Constant-time comparison of any two texts (hmac refuses non-ASCII `str`; their UTF-8 bytes it takes)."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))


def host_name(header: str) -> str:
    """The name in a Host header, without its port: `[::1]:8000` -> `::1`, `Board.local:80` -> `board.local`."""
    h = header.strip().lower()
    if h.startswith("["):
        return h[1 : h.find("]")] if "]" in h else h
    if h.count(":") == 1:
        h = h.split(":", 1)[0]
    return h.rstrip(".")


def host_allowed(header: str | None, names: frozenset[str]) -> bool:
    """A request is for this board when its Host is an address (a name can be rebound to any address by whoever
    runs its DNS; an address cannot) or one of the board's own names."""
    if not header:
        return False
    host = host_name(header)
    if host in names:
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def host_header(headers: Iterable[tuple[bytes, bytes]]) -> str | None:
    """The Host header of an ASGI scope's `headers`, or None."""
    for key, value in headers:
        if key == b"host":
            return value.decode("latin-1")
    return None


# A file of the page: plain names, at most one folder deep (no "..", no NUL, no odd characters for the file system).
_SAFE_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,80}(/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,80})?")
KINDS = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}


def static_text(name: str) -> str:
    """A file of controller/web/static (a name the page itself uses, never one a request chose)."""
    return resources.files("controller.web").joinpath("static", name).read_text(encoding="utf-8")


def page_html(token: str | None = None) -> str:
    """The page: the table's own, or a seat's (the same page knowing its seat's token, which the caller checked)."""
    html = static_text("index.html")
    return html if token is None else html.replace("<body>", f'<body data-token="{token}">', 1)


def page_file(name: str) -> tuple[str, str] | None:
    """A file the page asks for under /static/ as (text, media type); None when there is no such file or the name
    is not one the page may ask for."""
    suffix = name[name.rfind(".") :] if "." in name else ""
    if suffix not in KINDS or not _SAFE_NAME.fullmatch(name):
        return None
    try:
        return static_text(name), KINDS[suffix]
    except (OSError, ValueError):
        return None
