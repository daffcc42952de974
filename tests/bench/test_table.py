"""`make bench`'s table: a missed target fails it, and every figure is measured (at a small size here; the table's
own figures come from `make bench`)."""

from __future__ import annotations

import math

from tests.bench.table import MEASUREMENTS, PI_ZERO, TARGETS, Figure, _run_apart, format_table

GOALS = [t for t in TARGETS if t.limit is not None]


def _all_at(fraction: float) -> dict[str, Figure]:
    """Every figure at `fraction` of its limit (beyond it for the targets to reach at least); the reference rows
    (no target) far above anything."""
    return {
        t.key: Figure(1e9 if t.limit is None else t.limit / fraction if t.at_least else t.limit * fraction)
        for t in TARGETS
    }


def test_the_table_passes_only_when_every_target_is_met() -> None:
    table, ok = format_table(_all_at(0.5))
    assert ok and "MISSED" not in table
    for target in GOALS:
        assert target.limit is not None
        figures = _all_at(0.5)
        figures[target.key] = Figure(target.limit * (0.5 if target.at_least else 2.0), "off")
        table, ok = format_table(figures)
        assert not ok, target.key
        assert sum("MISSED" in line for line in table.splitlines()) == 1


def test_the_pi_zero_column_is_ten_times_the_time_figures_and_the_same_for_the_others() -> None:
    figures = {"live": Figure(0.1), "memory": Figure(70.0), "gpio": Figure(19.0)}
    table, _ = format_table(figures)
    rows = {line.split(" | ")[0].strip("| "): line.split(" | ") for line in table.splitlines() if line.startswith("|")}
    live = next(r for k, r in rows.items() if k.startswith("process start to the board live"))
    memory = next(r for k, r in rows.items() if k.startswith("resident memory"))
    assert (live[1], live[2]) == ("0.100 s", f"{0.1 * PI_ZERO:.3f} s")
    assert memory[1] == memory[2] == "70 MB"


def test_a_reference_row_is_shown_but_never_missed() -> None:
    floor = next(t for t in TARGETS if t.limit is None)
    table, ok = format_table({floor.key: Figure(1e6, "far beyond any time target")})
    assert ok and "MISSED" not in table and floor.what in table


def test_on_a_pi_the_time_targets_are_ten_times_longer() -> None:
    slow = {"live": Figure(0.15 * PI_ZERO * 0.9), "memory": Figure(79.0)}
    assert format_table(slow, on_pi=True)[1]
    assert not format_table(slow, on_pi=False)[1]
    assert not format_table({"memory": Figure(81.0)}, on_pi=True)[1]


def test_every_figure_of_the_table_is_measured() -> None:
    figures: dict[str, Figure] = {}
    for name in MEASUREMENTS:
        figures.update(_run_apart(name, quick=True))
    assert set(figures) == {t.key for t in TARGETS}
    for key, figure in figures.items():
        assert math.isfinite(figure.value) and figure.value > 0, (key, figure)
    assert 20 < figures["memory"].value < 1000
    assert figures["gpio"].value <= 20  # one lgpio call per row select, per column read and the release
    assert figures["live"].value <= figures["serving"].value <= figures["api"].value
    assert figures["fastapi"].value < figures["api"].value  # the app imports FastAPI, and then some
