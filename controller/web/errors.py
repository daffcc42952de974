"""How the web API answers errors: always `{"error": {"kind", "message"}}` with a 4xx (a 500 only for a bug).

An `AgoraError` gets the kind and status of `controller.errors.TABLE`; `ApiError` is for what only the web refuses
(a wrong token or PIN, a file that is not there, a board that cannot do this).
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from controller.errors import AgoraError, ErrorKind, answer_for


class ApiError(Exception):
    """A refusal of the web API itself, with its status."""

    def __init__(self, status: int, kind: ErrorKind, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message


def _answer(status: int, kind: ErrorKind, message: str) -> JSONResponse:
    return JSONResponse({"error": {"kind": kind.value, "message": message}}, status_code=status)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return _answer(exc.status, exc.kind, exc.message)

    @app.exception_handler(AgoraError)
    async def _agora_error(request: Request, exc: AgoraError) -> JSONResponse:
        answer = answer_for(exc)
        return _answer(answer.status, answer.kind, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:3]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return _answer(422, ErrorKind.INVALID, "; ".join(parts))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _answer(exc.status_code, ErrorKind.PROTOCOL, str(exc.detail))

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        # A bug, not bad input: say so plainly; the traceback goes to the console through uvicorn's log.
        logging.getLogger("agora.web").exception("unexpected error on %s", request.url.path)
        return _answer(500, ErrorKind.INTERNAL, f"the board hit an unexpected error: {exc}")
