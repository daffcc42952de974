"""Request bodies of the web API (validated by FastAPI: a wrong type is a 422 with a message, never a 500)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class MoveRequest(BaseModel):
    text: str = Field(..., max_length=500, description="a move in the game's notation, e.g. `V33-34`")
    token: str | None = Field(None, max_length=100, description="a seat's token, when a phone plays for its seat")


class OrdersRequest(BaseModel):
    token: str = Field(..., max_length=100, description="the seat's token from its QR code")
    orders: list[str] = Field(..., max_length=200, description="order texts, e.g. `K a4 - b4`")


class AnswerRequest(BaseModel):
    choice: int | str = Field(..., description="the option's number or its move text")


class SquareRequest(BaseModel):
    square: str = Field(..., max_length=3, description="a physical square, a1..i9")


class NewGameRequest(BaseModel):
    game: str = Field(..., max_length=40, description="politrics, polis, politics1952, chesspolitik or djambi")
    seats: int | None = Field(None, description="number of players; the game's default if left out")
    seed: int | None = Field(None, description="seed for dice and deals; random if left out")
    options: dict[str, Any] = Field(default_factory=dict, description="game options, see /api/games")
    seat_kinds: list[str] | None = Field(None, description="per seat: board, phone or computer")
    order_time: float | None = Field(None, gt=0, description="the host's timer for secret orders, in seconds")


class ErrorBody(BaseModel):
    kind: str
    message: str


class ErrorResponse(BaseModel):
    error: ErrorBody
