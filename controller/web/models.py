"""Request bodies of the web API (validated by FastAPI: a wrong type is a 422 with a message, never a 500)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, field_validator

MAX_SEED = 2**63 - 1  # the games file keeps a seed as SQLite's 64-bit integer
MAX_ORDER_TIME = 86_400.0  # a day: longer is no timer at all


class MoveRequest(BaseModel):
    text: str = Field(..., max_length=500, description="a move in the game's notation, e.g. `V33-34`")
    token: str | None = Field(None, max_length=100, description="a seat's token, when a phone plays for its seat")


class OrdersRequest(BaseModel):
    token: str = Field(..., max_length=100, description="the seat's token from its QR code")
    orders: list[str] = Field(..., max_length=200, description="order texts, e.g. `K a4 - b4`")


class AnswerRequest(BaseModel):
    choice: int | str = Field(..., description="the option's number or its move text")

    @field_validator("choice")
    @classmethod
    def _small(cls, value: int | str) -> int | str:
        if isinstance(value, int) and not -1000 <= value <= 1000:
            raise ValueError("an option's number is small")
        if isinstance(value, str) and len(value) > 500:
            raise ValueError("a move text is at most 500 characters")
        return value


class SquareRequest(BaseModel):
    square: str = Field(..., max_length=3, description="a physical square, a1..i9")


class NewGameRequest(BaseModel):
    game: str = Field(..., max_length=40, description="politrics, polis, politics1952, chesspolitik or djambi")
    seats: int | None = Field(None, ge=1, le=64, description="number of players; the game's default if left out")
    seed: int | None = Field(
        None,
        ge=0,
        le=MAX_SEED,
        description="seed for dice and deals (0 to 2^63-1, a games file's integer); random if left out",
    )
    options: dict[str, Any] = Field(default_factory=dict, description="game options, see /api/games")
    seat_kinds: list[str] | None = Field(None, description="per seat: board, phone, computer or computer:LEVEL")
    order_time: float | None = Field(
        None, gt=0, le=MAX_ORDER_TIME, allow_inf_nan=False, description="the host's timer for secret orders, in seconds"
    )


class ErrorBody(BaseModel):
    kind: str
    message: str


class ErrorResponse(BaseModel):
    error: ErrorBody
