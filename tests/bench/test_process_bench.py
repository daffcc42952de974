"""The process-level benchmark runs end to end (a short version; `make bench` runs the full one)."""

from __future__ import annotations

from tests.bench.process import measure


def test_process_benchmark_measures_every_figure() -> None:
    figures = measure(moves=15, starts=1)
    assert len(figures.push_ms) == 15 and all(ms > 0 for ms in figures.push_ms)
    assert 20 < figures.rss_mb < 1000
    assert figures.decision_us and figures.startup_s[0] > 0
    assert "WebSocket push" in figures.table()
