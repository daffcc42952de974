"""The picture at the end of a game: per seat, the numbers that decided it, over the course of the game where the
game has one (Politrics' points board by board to the target, Chesspolitik's supply centres year by year), else at
its end (Politics (1952)'s electoral votes and states led, Djambi's pieces each party took). Read from the game's
public view and the move list's words only, so it shows nothing a spectator may not see."""

from __future__ import annotations

from typing import Any

from controller.session.core import Session


def _politrics(session: Session) -> dict[str, Any]:
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


def _chesspolitik(session: Session) -> dict[str, Any]:
    seats = session.state.seats
    by_year: dict[str, list[int]] = {}
    for state in [*(p.before for p in session.history), session.state]:
        view = state.view(None)
        counts = [0] * seats
        for owner in (view.get("centres") or {}).values():
            if isinstance(owner, int) and 0 <= owner < seats:
                counts[owner] += 1
        by_year[str(view.get("year", ""))] = counts  # the year's last count: after its Winter
    series = [{"label": year, "values": counts} for year, counts in by_year.items()]
    return {"title": "Supply centres per year", "unit": "supply centres", "target": None, "series": series}


def _politics(session: Session) -> dict[str, Any]:
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


def _djambi(session: Session) -> dict[str, Any]:
    names = session.game.info.seat_names.get(session.state.seats, ())
    took = [0] * len(names)
    lines = []
    for ply in session.history:
        if ply.move is None:
            continue
        said = ply.before.describe(ply.move)
        if " kills " in said:
            lines.append(said)
            for k, n in enumerate(names):
                if said.startswith(f"{n}'s"):
                    took[k] += 1
    return {
        "title": "Pieces each party took",
        "unit": "pieces taken",
        "target": None,
        "series": [{"label": "Pieces taken", "values": took}],
        "lines": lines,
    }


SUMMARIES = {"politrics": _politrics, "chesspolitik": _chesspolitik, "politics1952": _politics, "djambi": _djambi}


def summary(session: Session) -> dict[str, Any] | None:
    """The end-of-game picture's numbers; None while the game goes on or for a game without one."""
    if session.state.outcome() is None:
        return None
    make = SUMMARIES.get(session.game.info.name)
    return None if make is None else make(session)
