"""The seats' links and QR codes, for phones to join (admin)."""

from __future__ import annotations

import io
from typing import Any

from fastapi import APIRouter, Header
from fastapi.responses import Response

from controller.errors import ErrorKind
from controller.web.deps import ClientDep, SiteDep
from controller.web.errors import ApiError

router = APIRouter(tags=["admin"])


@router.get("/api/seats", summary="Seat links for the QR codes (admin)")
async def seats(site: SiteDep, client: ClientDep, x_agora_pin: str | None = Header(None)) -> list[dict[str, Any]]:
    site.check_pin(x_agora_pin, client)
    s = site.controller.session
    names = s.game.info.seat_names.get(s.state.seats, ())
    return [
        {
            "seat": i,
            "name": names[i] if i < len(names) else f"Seat {i}",
            "kind": s.seat_kinds[i].value,
            "url": f"{site.config.public_url}/seat/{tok}",
        }
        for i, tok in enumerate(s.tokens)
    ]


@router.get("/api/seats/{seat}/qr.svg", summary="A seat's QR code (admin)")
async def seat_qr(
    seat: int, site: SiteDep, client: ClientDep, x_agora_pin: str | None = Header(None), pin: str | None = None
) -> Response:
    site.check_pin(x_agora_pin or pin, client)
    tokens = site.controller.session.tokens
    if not 0 <= seat < len(tokens):
        raise ApiError(404, ErrorKind.PROTOCOL, f"there is no seat {seat}")
    import segno

    buf = io.BytesIO()
    segno.make(f"{site.config.public_url}/seat/{tokens[seat]}", error="m").save(buf, kind="svg", scale=4)
    return Response(buf.getvalue(), media_type="image/svg+xml")
