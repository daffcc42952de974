"""The page itself: the main page, a seat's page (the same page knowing its seat's token), its scripts and styles."""

from __future__ import annotations

import re
from importlib import resources

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from controller.errors import ErrorKind
from controller.web.deps import SiteDep
from controller.web.errors import ApiError

router = APIRouter(include_in_schema=False)

# A file of the page: plain names, at most one folder deep (no "..", no NUL, no odd characters for the file system).
_SAFE_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,80}(/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,80})?")
_KINDS = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}


def _static(name: str) -> str:
    return resources.files("controller.web").joinpath("static", name).read_text(encoding="utf-8")


def _static_file(name: str) -> Response:
    suffix = name[name.rfind(".") :] if "." in name else ""
    if suffix not in _KINDS or not _SAFE_NAME.fullmatch(name):
        raise ApiError(404, ErrorKind.PROTOCOL, "no such file")
    try:
        return Response(_static(name), media_type=_KINDS[suffix])
    except (OSError, ValueError) as exc:
        raise ApiError(404, ErrorKind.PROTOCOL, "no such file") from exc


@router.get("/", response_class=HTMLResponse)
async def index() -> HTMLResponse:
    return HTMLResponse(_static("index.html"))


@router.get("/seat/{token}", response_class=HTMLResponse)
async def seat_page(token: str, site: SiteDep) -> HTMLResponse:
    site.seat(token)
    return HTMLResponse(_static("index.html").replace("<body>", f'<body data-token="{token}">', 1))


@router.get("/static/{name}")
async def static(name: str) -> Response:
    return _static_file(name)


@router.get("/static/games/{name}")
async def game_panel(name: str) -> Response:
    """A game's own panel for the page (drawn next to the board), if it has one."""
    return _static_file(f"games/{name}")
