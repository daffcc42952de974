"""Commit-reveal: a secret is first published as a salted digest, and only later in the clear with its salt.

The digest binds the room, what the secret is (`orders@12`: the orders of the phase that began at ply 12; `card`:
a speech card dealt), the seat and the text, so a commitment cannot be replayed in another room, phase or seat. The
salt is 128 random bits, fresh for every commitment: without it nobody can try the few possible texts against the
digest (a seat holds one of a handful of cards; an army has a handful of orders).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SALT_BYTES = 16
DIGEST_HEX = 64


def fresh_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def digest(room: str, label: str, seat: int, text: str, salt: str) -> str:
    body = "\0".join(("agora-sealed-v1", room, label, str(seat), text, salt))
    return hashlib.sha256(body.encode()).hexdigest()


def opens(commitment: str, room: str, label: str, seat: int, text: str, salt: str | None) -> bool:
    """Whether `text` with `salt` is what `commitment` sealed."""
    if salt is None or len(salt) != 2 * SALT_BYTES:
        return False
    return hmac.compare_digest(commitment, digest(room, label, seat, text, salt))


def is_digest(text: str) -> bool:
    return len(text) == DIGEST_HEX and all(c in "0123456789abcdef" for c in text)


def orders_label(phase: int) -> str:
    return f"orders@{phase}"
