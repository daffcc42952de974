"""The page itself: the main page, a seat's page (the same page knowing its seat's token), its scripts and styles."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from controller.errors import ErrorKind
from controller.web.checks import page_file, page_html, static_text
from controller.web.deps import SiteDep
from controller.web.errors import ApiError

router = APIRouter(include_in_schema=False)


def _static(name: str) -> str:
    return static_text(name)


def _static_file(name: str) -> Response:
    found = page_file(name)
    if found is None:
        raise ApiError(404, ErrorKind.PROTOCOL, "no such file")
    return Response(found[0], media_type=found[1])


@router.get("/", response_class=HTMLResponse)
async def index() -> HTMLResponse:
    return HTMLResponse(page_html())


@router.get("/seat/{token}", response_class=HTMLResponse)
async def seat_page(token: str, site: SiteDep) -> HTMLResponse:
    site.seat(token)
    return HTMLResponse(page_html(token))


@router.get("/static/{name}")
async def static(name: str) -> Response:
    return _static_file(name)


@router.get("/static/games/{name}")
async def game_panel(name: str) -> Response:
    """A game's own panel for the page (drawn next to the board), if it has one."""
    return _static_file(f"games/{name}")
