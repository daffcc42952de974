"""What each game keeps secret between places, and how a place that does not know a secret still checks plies.

Secret orders (Chesspolitik) never enter a state before every seat has committed to them: the room protocol
seals them (place.py), whatever the game. A secret *inside* the state is another matter: Politics (1952) deals
speech cards. The room's host deals (it holds the one full state, as the player who shuffles the deck does at a
table); the set-up publishes, per seat, one salted digest per card dealt, and each place receives only its own
seats' cards with their salts. A place runs its rules engine on a stand-in state whose other hands hold cards
it cannot know (the cards it does not hold, dealt in order): their number is right and their faces unknown.
When a seat plays a card, the ply carries the card's salt; every place checks it against that seat's digests
and, if the stand-in hand does not hold that card, swaps it in first. The engine then sees exactly what the
host's engine sees. Dice come from the host's generator; a stand-in state never rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any, Protocol

from controller.games import Game, GameError, State
from controller.remote.errors import RefusedError
from controller.remote.sealing import digest, fresh_salt, opens
from controller.values import dataclass


@dataclass(frozen=True, slots=True)
class Deal:
    """What the host publishes of a new game (`initial`, `sealed`) and what it sends each seat's place alone."""

    initial: dict[str, Any]
    sealed: dict[str, Any] = field(default_factory=dict)
    privates: dict[int, dict[str, Any]] = field(default_factory=dict)


class Secrecy(Protocol):
    def deal(self, state: State, room: str) -> Deal:
        """Split a new game made by the host into what everybody may know and each seat's secrets."""
        ...

    def place_state(
        self, game: Game, initial: Mapping[str, Any], sealed: Mapping[str, Any], privates: Mapping[int, Any]
    ) -> State:
        """The start position a place runs its engine on, knowing the secrets of the seats in `privates`."""
        ...

    def proof(self, state: State, seat: int, text: str, privates: Mapping[int, Any]) -> str | None:
        """What a ply of `seat` (its text) must carry to reveal a committed secret (a card's salt), if anything."""
        ...

    def prepare(
        self, room: str, state: State, seat: int, text: str, proof: str | None, sealed: Mapping[str, Any]
    ) -> State:
        """Check a ply's proof against the commitments and return the state the engine plays it on."""
        ...


class Open:
    """A game without secrets in its state: every place holds the same full state."""

    def deal(self, state: State, room: str) -> Deal:
        return Deal(initial=state.to_json())

    def place_state(
        self, game: Game, initial: Mapping[str, Any], sealed: Mapping[str, Any], privates: Mapping[int, Any]
    ) -> State:
        return game.from_json(initial)

    def proof(self, state: State, seat: int, text: str, privates: Mapping[int, Any]) -> str | None:
        return None

    def prepare(
        self, room: str, state: State, seat: int, text: str, proof: str | None, sealed: Mapping[str, Any]
    ) -> State:
        return state


class DealtCards:
    """Politics (1952): the speech cards dealt are sealed per card; the dice generator stays with the host."""

    LABEL = "card"

    def deal(self, state: State, room: str) -> Deal:
        full = state.to_json()
        hands: list[list[int]] = full["hands"]
        privates: dict[int, dict[str, Any]] = {}
        commitments: dict[str, list[str]] = {}
        for seat, hand in enumerate(hands):
            salted = [(card, fresh_salt()) for card in hand]
            privates[seat] = {"cards": [[card, salt] for card, salt in salted]}
            # Sorted, so the digests' order says nothing about which card is which.
            commitments[str(seat)] = sorted(digest(room, self.LABEL, seat, str(c), s) for c, s in salted)
        public = dict(full)
        public["hands"] = [[] for _ in hands]
        public["rng"] = 0  # the generator would give away the deal and every future throw
        return Deal(
            initial=public,
            sealed={"commitments": commitments, "hand_sizes": [len(h) for h in hands]},
            privates=privates,
        )

    def place_state(
        self, game: Game, initial: Mapping[str, Any], sealed: Mapping[str, Any], privates: Mapping[int, Any]
    ) -> State:
        sizes: list[int] = list(sealed.get("hand_sizes", []))
        known = {seat: sorted(int(c) for c, _ in p.get("cards", [])) for seat, p in privates.items()}
        taken = {c for cards in known.values() for c in cards} | {c for p in initial.get("played", []) for c in p}
        unknown = [c for c in _all_cards() if c not in taken]
        hands: list[list[int]] = []
        for seat, size in enumerate(sizes):
            if seat in known:
                hands.append(known[seat])
            else:
                hands.append(unknown[:size])
                unknown = unknown[size:]
        data = dict(initial)
        data["hands"] = hands
        return game.from_json(data)

    def proof(self, state: State, seat: int, text: str, privates: Mapping[int, Any]) -> str | None:
        number = _card(text)
        if number is None or seat not in privates:
            return None
        for card, salt in privates[seat].get("cards", []):
            if int(card) == number:
                return str(salt)
        return None

    def prepare(
        self, room: str, state: State, seat: int, text: str, proof: str | None, sealed: Mapping[str, Any]
    ) -> State:
        number = _card(text)
        if number is None:
            return state
        commitments = sealed.get("commitments", {}).get(str(seat), [])
        if not any(opens(c, room, self.LABEL, seat, str(number), proof) for c in commitments):
            raise RefusedError(f"speech card {number} is not one of the cards dealt to seat {seat}")
        data = state.to_json()
        hands: list[list[int]] = [list(h) for h in data["hands"]]
        if number in hands[seat]:
            return state
        if number in {c for p in data["played"] for c in p}:
            raise RefusedError(f"speech card {number} has been played already")
        # The stand-in hand did not hold it: swap it in for one of the cards this place could not know.
        stand_in = hands[seat][-1] if hands[seat] else None
        if stand_in is None:
            raise RefusedError(f"seat {seat} holds no speech card any more")
        for other, hand in enumerate(hands):
            if number in hand:
                hands[other] = sorted([c for c in hand if c != number] + [stand_in])
        hands[seat] = sorted([c for c in hands[seat] if c != stand_in] + [number])
        data["hands"] = hands
        return state.game.from_json(data)


def _all_cards() -> list[int]:
    from controller.games.politics1952.data import CARDS

    return sorted(c.number for c in CARDS)


def _card(text: str) -> int | None:
    """The speech card a ply's text plays, if it plays one (read before any check of who holds it)."""
    from controller.games.politics1952.moves import PlayCard, parse

    try:
        move = parse(text)
    except GameError:
        return None
    return move.number if isinstance(move, PlayCard) else None


def secrecy_for(game: Game) -> Secrecy:
    """The secrecy of `game`'s state between places."""
    return DealtCards() if game.name == "politics1952" else Open()
