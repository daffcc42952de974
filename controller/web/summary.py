"""The picture at the end of a game: per seat, the numbers that decided it, over the course of the game where the
game has one (Politrics' points board by board to the target, Chesspolitik's supply centres year by year), else at
its end (Politics (1952)'s electoral votes and states led, Djambi's pieces each party took). Read from the game's
public view and the move list's words only, so it shows nothing a spectator may not see."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from controller.games import State
from controller.session.core import Session
from controller.session.view import Ply
from controller.web.plies import PlyMemo
from controller.web.ply_words import said


def _politrics(session: Session, memo: PlyMemo) -> dict[str, Any]:
    boards = session.state.view(None).get("boards") or []
    seats = session.state.seats
    totals = [0] * seats
    series = []
    for k, b in enumerate(boards):
        if isinstance(b, dict) and isinstance(b.get("winner"), int):
            totals[b["winner"]] += int(b.get("points", 0))
        series.append({"label": f"Board {k + 1}", "values": list(totals)})
    target = session.state.view(None).get("options", {}).get("target", 100)
    return {"title": "Points after each board", "unit": "points", "target": target, "series": series}


def _centres(state: State) -> tuple[str, tuple[int, ...]]:
    """The year of a Chesspolitik position and each seat's supply centres in it, from its public view."""
    seats = state.seats
    view = state.view(None)
    counts = [0] * seats
    for owner in (view.get("centres") or {}).values():
        if isinstance(owner, int) and 0 <= owner < seats:
            counts[owner] += 1
    return str(view.get("year", "")), tuple(counts)


def _centres_before(history: Sequence[Ply], i: int) -> tuple[str, tuple[int, ...]]:
    return _centres(history[i].before)


def _chesspolitik(session: Session, memo: PlyMemo) -> dict[str, Any]:
    by_year: dict[str, tuple[int, ...]] = {}
    for year, counts in [*memo.of(session.history, "centres", _centres_before), _centres(session.state)]:
        by_year[year] = counts  # the year's last count: after its Winter
    series = [{"label": year, "values": list(counts)} for year, counts in by_year.items()]
    return {"title": "Supply centres per year", "unit": "supply centres", "target": None, "series": series}


def _politics(session: Session, memo: PlyMemo) -> dict[str, Any]:
    view = session.state.view(None)
    seats = session.state.seats
    led = [0] * seats
    for seat in (view.get("leaders") or {}).values():
        if isinstance(seat, int) and 0 <= seat < seats:
            led[seat] += 1
    return {
        "title": "Electoral votes and states led at the end",
        "unit": "electoral votes",
        "target": 266,
        "series": [{"label": "Electoral votes", "values": list(view.get("tally") or [0] * seats)}],
        "notes": [f"{n} states led" for n in led],
    }


def _djambi(session: Session, memo: PlyMemo) -> dict[str, Any]:
    names = session.game.info.seat_names.get(session.state.seats, ())
    took = [0] * len(names)
    lines = []
    for words in memo.of(session.history, "said", said):
        if " kills " in words:
            lines.append(words)
            for k, n in enumerate(names):
                if words.startswith(f"{n}'s"):
                    took[k] += 1
    return {
        "title": "Pieces each party took",
        "unit": "pieces taken",
        "target": None,
        "series": [{"label": "Pieces taken", "values": took}],
        "lines": lines,
    }


SUMMARIES: dict[str, Callable[[Session, PlyMemo], dict[str, Any]]] = {
    "politrics": _politrics,
    "chesspolitik": _chesspolitik,
    "politics1952": _politics,
    "djambi": _djambi,
}


# What each ply adds to a game's picture, worked out as the game goes (see `summary`).
PER_PLY: dict[str, tuple[str, Callable[[Sequence[Ply], int], object]]] = {
    "chesspolitik": ("centres", _centres_before),
    "djambi": ("said", said),
}


def summary(session: Session, memo: PlyMemo | None = None) -> dict[str, Any] | None:
    """The end-of-game picture's numbers; None while the game goes on or for a game without one. With a `memo`,
    what each ply adds to the picture is worked out as the ply is played, so the picture costs no more at the end
    of a long game than a ply does (the page asks again after every change)."""
    name = session.game.info.name
    if memo is not None and name in PER_PLY:
        memo.of(session.history, *PER_PLY[name])
    if session.state.outcome() is None:
        return None
    make = SUMMARIES.get(name)
    return None if make is None else make(session, memo or PlyMemo())
