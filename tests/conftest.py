"""Shared test fixtures: the registry of every built-in game plus the toy games that prove the API is general."""

from __future__ import annotations

import os

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
