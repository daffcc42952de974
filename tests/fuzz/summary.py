"""The recognition fuzzer's report: one row per game and a total, then the classes of positions each game reached
and the first failures, so a long run ends with one table to read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tests.fuzz.positions import REQUIRED
from tests.fuzz.table import Tally

HEADER = (
    "game",
    "moves",
    "at board",
    "takebacks",
    "chores only",
    "questions",
    "wrong",
    "missed",
    "needless",
    "bad q.",
    "done wrong",
    "false flaps",
    "recognized",
    "CPU s",
)


@dataclass(frozen=True, slots=True)
class Row:
    game: str
    tally: Tally
    cpu: float


def _percent(tally: Tally) -> str:
    if not tally.judged:
        return "-"
    return f"{100 * tally.recognized / tally.judged:.2f}%"


def _cells(name: str, t: Tally, cpu: float) -> tuple[str, ...]:
    counts = (t.moves, t.board_moves, t.takebacks, t.carried, t.prompts, t.wrong, t.missed, t.needless, t.bad_prompts)
    return (name, *(f"{n:,}" for n in counts), f"{t.wrong_done:,}", f"{t.false_flaps:,}", _percent(t), f"{cpu:.1f}")


def render(rows: Sequence[Row]) -> str:
    """The summary table (the total last), what each game reached, and each game's first failures."""
    total = Tally()
    for r in rows:
        total.add(r.tally)
    lines = [_cells(r.game, r.tally, r.cpu) for r in rows]
    if len(rows) > 1:
        lines.append(_cells("all", total, sum(r.cpu for r in rows)))
    widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(HEADER)]

    def fmt(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    out = [fmt(HEADER), fmt(["-" * w for w in widths]), *(fmt(line) for line in lines)]
    out.append("")
    out.append(
        "chores only: moves entered elsewhere (the page, secret orders) whose chores the hands carried out.\n"
        "missed counts needless questions too; false flaps: hands taken for a flapping switch; recognized: moves at"
        " the board, takebacks and chores only, with no failure."
    )
    for r in rows:
        reached = ", ".join(f"{k} {n:,}" for k, n in sorted(r.tally.seen.items()))
        lacking = [k for k in REQUIRED.get(r.game, ()) if not r.tally.seen[k]]
        out.append(
            f"{r.game} reached: {reached or 'nothing'}" + (f"; NOT REACHED: {', '.join(lacking)}" if lacking else "")
        )
    for r in rows:
        for f in r.tally.failures[:8]:
            out.append(f"  {r.game} {f}")
    return "\n".join(out)
