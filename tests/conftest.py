"""Shared test fixtures: the registry of every built-in game plus the toy games that prove the API is general."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from controller.games import DEFAULT, Registry
from tests.toys.jumps import Jumps
from tests.toys.race import Race
from tests.toys.standoff import Standoff

TOYS: dict[str, type] = {"jumps": Jumps, "race": Race, "standoff": Standoff}
WITH_TOYS: Registry = DEFAULT.with_games(TOYS)
_EVERY = WITH_TOYS
# While a game is being written, AGORA_TEST_GAMES=polis,jumps narrows the generic tests to the named games.
# CI never sets it: every registered game runs there.
_ONLY = [n for n in os.environ.get("AGORA_TEST_GAMES", "").split(",") if n]
ALL: Registry = _EVERY.subset([n for n in _EVERY.names() if not _ONLY or n in _ONLY])

# The default profile (CI's and `make test`'s) is derandomized: every run draws the same examples, so a failure
# seen once is seen again on the next run and shrinks the same way. HYPOTHESIS_PROFILE=explore draws new examples
# on every run (and more of them) to look for failures the fixed ones miss.
settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.register_profile(
    "explore",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
    max_examples=200,
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=10)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _same_examples_whatever_ran_before() -> None:
    """Hypothesis (6.131 and later) now and then draws a constant it found in the source of the project's modules
    loaded so far (every module outside site-packages and tests/). Which ones are loaded depends on the tests that
    ran before in the same process (a module imported lazily, the firmware's modules under CPython), so a
    derandomized test drew other examples in the full suite than alone: the Djambi recognition sample drew a missed
    takeback only after other tests had run in its worker. Under a derandomized profile it draws from hypothesis' own
    constants alone, the same examples in any order, on any worker. Hypothesis offers no setting for it: without the
    function (older or later versions) nothing is changed, and tests/test_strategies.py says so."""
    current = settings.default
    if current is None or not current.derandomize:
        return
    try:
        from hypothesis.internal.conjecture import providers
        from hypothesis.internal.constants_ast import Constants
    except ImportError:  # pragma: no cover (a hypothesis without the project's constants)
        return
    if hasattr(providers, "_get_local_constants"):
        none = Constants()
        providers._get_local_constants = lambda: none


_same_examples_whatever_ran_before()

# ---- markers -----------------------------------------------------------------------------------------------------
# `pytest -m "not browser and not slow"` is the quick run while developing; CI and `make test` run everything.
# A test that drives Chromium is `browser` (it asks for the `browser` fixture); a test that takes more than a few
# seconds on a busy two-core machine is `slow`: every end-to-end test (each starts a real server), the reference
# comparisons and benchmarks, and the long property and move-count tests named here (a node id or its prefix).
SLOW = (
    "tests/e2e/",
    "tests/differential/",
    "tests/bench/",
    "tests/games/test_every_game.py::test_random_playout_keeps_the_invariants",
    "tests/games/test_chesspolitik_game.py::test_random_games_keep_the_api_invariants",
    "tests/games/test_djambi_maze.py",
    "tests/games/test_djambi_movecounts.py",
    "tests/games/test_djambi_nearmiss.py::test_no_near_miss_looks_like_a_legal_act_on_its_way",
    "tests/games/test_djambi_properties.py",
    "tests/games/test_movecounts.py",
    "tests/games/test_polis_properties.py",
    "tests/games/test_polis_reference.py",
    "tests/games/test_politics1952_properties.py",
    "tests/games/test_politrics_movecounts.py",
    "tests/games/test_politrics_properties.py",
    "tests/hardware/test_gpio_matrix.py::test_a_slow_flapping_switch_is_frozen_while_untrusted",
    "tests/hardware/test_serial_link.py::test_scripted_moves_arrive_exactly_once_in_order_through_bounce",
    "tests/referee/test_referee_cli.py::test_a_script_plays_a_whole_politrics_match_to_100_points",
    "tests/session/test_session.py::test_agora_history_lists_shows_exports_and_replays_a_stored_game",
    "tests/simulator/test_cli_board.py::test_doctor_on_the_simulator_reports_the_broken_switches",
    "tests/test_strategies.py::test_a_failing_example_shrinks_to_the_shortest_simplest_playout",
    "tests/web/test_now.py",
    "tests/cli/test_terminal.py::test_output_cut_short_by_its_reader_ends_quietly",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
