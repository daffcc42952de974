# Two commands do all the set-up on a fresh machine with Python 3.11+:
#   make play    run `agora play politrics` (simulated board when none is attached) and serve the page
#   make test    lint, type-check and run every test, the browser tests in Debian's Chromium included
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
GAME   ?= politrics
ARGS   ?=
CHROMIUM ?= /usr/bin/chromium
MOSQUITTO ?= /usr/sbin/mosquitto

MPY := .micropython
MPY_WASM_VERSION := 1.27.0
MPY_STUBS_VERSION := 1.29.0.post1

.PHONY: play test quick lint typecheck typecheck-firmware drawings unit bench bench-broker remote-games browser broker shellcheck install-pi clean fuzz kill-test store-faults arena recognition-fuzz

$(BIN)/python:
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Agora needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $@

play: $(VENV)/.installed
	$(BIN)/agora play $(GAME) $(ARGS)

# Debian's Chromium drives the browser tests (Playwright's own browser download does not work offline).
browser:
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "Installing Debian's chromium for the browser tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; \
	fi

# Debian's shellcheck checks the Raspberry Pi install script (tests/firmware/test_install_script.py).
shellcheck:
	@if ! command -v shellcheck >/dev/null; then \
		echo "Installing Debian's shellcheck for the install script's test"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq shellcheck; \
	fi

# Real MicroPython for the firmware's tests: the WebAssembly port from npm, run by node, pinned, in $(MPY)/.
$(MPY)/.installed-wasm:
	@if ! command -v npm >/dev/null; then \
		echo "Installing Debian's node and npm for the firmware's MicroPython tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nodejs npm; \
	fi
	npm install --prefix $(MPY) --no-save --no-audit --no-fund --silent \
		@micropython/micropython-webassembly-pyscript@$(MPY_WASM_VERSION)
	touch $@

# MicroPython's stubs for the Pico (RP2040) and the Pico 2 (RP2350): the firmware is type-checked against each.
$(MPY)/stubs-%/.installed: | $(BIN)/python
	$(BIN)/python -m pip install --quiet --target $(MPY)/stubs-$* micropython-rp2-rpi-$*-stubs==$(MPY_STUBS_VERSION)
	touch $@

typecheck-firmware: $(VENV)/.installed-test $(MPY)/stubs-pico/.installed $(MPY)/stubs-pico2/.installed
	cd firmware && for chip in pico pico2; do \
		MYPYPATH=../$(MPY)/stubs-$$chip ../$(BIN)/mypy --config-file mypy.ini --cache-dir ../$(MPY)/mypy-$$chip \
			--custom-typeshed-dir ../$(MPY)/stubs-$$chip agora_fw main.py || exit 1; \
	done

# The maker's drawings in hardware/drawings/ (schematic, drilling template, game overlays, piece list) from the
# pin map and the games; tests/hardware/test_drawings.py fails when they are not current.
drawings: $(VENV)/.installed
	$(BIN)/python -m maker.drawings

# On a Raspberry Pi: everything from a fresh Raspberry Pi OS to a board that starts by itself (hardware/README.md).
install-pi:
	SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO ./firmware/pi/install.sh $(ARGS)

# Debian's Mosquitto is the real broker the remote-play tests start on a free loopback port.
broker:
	@if [ ! -x $(MOSQUITTO) ] || ! command -v mosquitto_passwd >/dev/null; then \
		echo "Installing Debian's mosquitto for the remote-play tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq mosquitto; \
	fi

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

typecheck: $(VENV)/.installed-test typecheck-firmware
	$(BIN)/mypy

unit: $(VENV)/.installed-test browser shellcheck broker $(MPY)/.installed-wasm
	$(BIN)/python -m pytest -n 2 $(ARGS)

test: lint typecheck unit

# While developing: the tests that take a few seconds at most, without Chromium (`make test` runs everything).
quick: $(VENV)/.installed-test $(MPY)/.installed-wasm
	$(BIN)/python -m pytest -n 2 -m "not browser and not slow" $(ARGS)

# The speed and memory targets (README, "Numbers"): the pytest-benchmark details in CPU time, then the table of
# every target with its Raspberry Pi Zero 2 W estimate, which fails when a target is missed. BENCH_ARGS=--pi on a Pi.
BENCH_ARGS ?=
bench: $(VENV)/.installed-test
	$(BIN)/python -m pytest tests/bench --benchmark-enable --benchmark-only --benchmark-timer=time.process_time \
		-p no:xdist $(ARGS)
	$(BIN)/python -m tests.bench.table $(BENCH_ARGS)

# One Mosquitto, many simulated boards (docs/remote.md): BOARDS=1000 SECONDS=60 by default.
bench-broker: $(VENV)/.installed-test broker
	$(BIN)/python -m tests.bench.broker --boards $${BOARDS:-1000} --seconds $${SECONDS:-60}

# Every game played whole (make test plays the end of each) between two places on simulated boards through a real
# Mosquitto, every ply carried out piece by piece on both boards: some 20 minutes (Politrics' random game is long).
remote-games: $(VENV)/.installed-test broker
	AGORA_REMOTE_PLIES=all $(BIN)/python -m pytest -p no:xdist -q --timeout 3600 tests/remote/test_games.py

# The computer players' strength: every game, hard against random and greedy, each level against the one below
# (seat-rotated, the levels as each game's playouts for them, so the same games for the same seed however loaded
# the machine is; win rates with 95% intervals; README "Computer players"). Hours at the default size: ARENA_GAMES=N.
ARENA_GAMES ?= 20
ARENA_PAIRS ?= mcts:hard,random mcts:hard,greedy mcts:normal,mcts:easy mcts:hard,mcts:normal
arena: $(VENV)/.installed
	@for game in polis politrics politics1952 chesspolitik djambi; do \
		extra=""; [ $$game = politrics ] && extra="--option target=20"; \
		for pair in $(ARENA_PAIRS); do \
			nice -n 10 $(BIN)/agora arena $$game --players $$pair --games $(ARENA_GAMES) --seed 1 $$extra || exit 1; \
		done; \
	done

# The long fuzz runs (make test runs a bounded sample of each): 500,000 referee requests over the five games, and
# 100,000 requests to the web API of a real `agora play` on 127.0.0.1.
fuzz: $(VENV)/.installed-test
	$(BIN)/python -m tests.referee.fuzzing --requests 500000
	$(BIN)/python -m tests.e2e.api_fuzz --requests 100000

# Human-like hands on the simulated board through the real session, 4,000 moves of each game, takebacks included
# (make test runs a seeded sample): a table of wrong commits, missed moves, needless and bad questions, chores done
# on a wrong board, and the classes of positions reached.
RECOGNITION_MOVES ?= 4000
recognition-fuzz: $(VENV)/.installed-test
	$(BIN)/python -m tests.fuzz.recognition all --moves $(RECOGNITION_MOVES) $(ARGS)

# 1,000 kill -9 of a real `agora play` at random moments (games from the command line and from the page, with
# secret orders): no acknowledged move lost, every unfinished game resumed. make test runs a sample.
kill-test: $(VENV)/.installed-test
	$(BIN)/python -m tests.e2e.kill --kills 1000

# The games file's faults (locked, full, read-only) under a running controller on the real clock: crashes,
# tracebacks, moves lost and the loop's longest stall (at most 50 ms).
store-faults: $(VENV)/.installed-test
	$(BIN)/python -m tests.store.measure_faults

clean:
	rm -rf $(VENV) $(MPY) .mypy_cache .ruff_cache .pytest_cache .hypothesis
