"""The board opener works on whatever backends it is handed (controller.boards), and the command line hands it to
exactly the commands that open a board."""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path

import pytest

from controller.boards import Backends, BoardSpecError, opener
from controller.cli.main import BOARD_COMMANDS, COMMANDS
from controller.clock import VirtualClock
from controller.ports import Board, Clock, SimOptions
from simulator.board import SimBoard
from simulator.leds import SimPixelStrip


class Recorded:
    """Backends that open nothing: each constructor notes how it was called and gives a board of its kind."""

    def __init__(self, chosen: tuple[str, str | None, str]) -> None:
        self.chosen = chosen
        self.calls: list[tuple[object, ...]] = []

    def backends(self) -> Backends[str]:
        return Backends(load_pinmap=self.load, choose=self.choose, sim=self.sim, gpio=self.gpio, serial=self.serial)

    def load(self, path: Path | str | None) -> str:
        self.calls.append(("pinmap", path))
        return f"map of {path}"

    async def choose(self, pm: str, clock: Clock) -> tuple[str, str | None, str]:
        self.calls.append(("choose", pm))
        return self.chosen

    def sim(self, clock: Clock, pm: str, initial: int, options: SimOptions) -> Board:
        self.calls.append(("sim", pm, initial, options))
        return self.board("sim")

    async def gpio(self, clock: Clock, pm: str) -> Board:
        self.calls.append(("gpio", pm))
        return self.board("gpio")

    async def serial(self, path: str, clock: Clock, pm: str) -> Board:
        self.calls.append(("serial", path, pm))
        return self.board("serial")

    @staticmethod
    def board(kind: str) -> Board:
        clock = VirtualClock()
        return Board(kind, f"{kind} board", SimBoard(clock), SimPixelStrip(clock), tuple(range(81)))


async def test_each_spec_opens_its_kind_with_the_pin_map_loaded_once() -> None:
    made = Recorded(("sim", None, "unused"))
    open_board = opener(made.backends())
    board = await open_board("sim", VirtualClock(), "x.toml", initial=5, sim=SimOptions(seed=3))
    assert board.kind == "sim" and board.description == "sim board"
    assert made.calls == [("pinmap", "x.toml"), ("sim", "map of x.toml", 5, SimOptions(seed=3))]
    made.calls.clear()
    await open_board(" serial:/dev/ttyACM0 ", VirtualClock())
    assert made.calls == [("pinmap", None), ("serial", "/dev/ttyACM0", "map of None")]
    made.calls.clear()
    assert (await open_board("gpio", VirtualClock())).kind == "gpio"
    assert made.calls == [("pinmap", None), ("gpio", "map of None")]


async def test_auto_opens_what_the_backends_found_and_says_why() -> None:
    made = Recorded(("serial", "/dev/agora-pico", "auto: /dev/agora-pico exists"))
    board = await opener(made.backends())("auto", VirtualClock())
    assert board.kind == "serial" and board.description == "serial board (auto: /dev/agora-pico exists)"
    assert made.calls == [("pinmap", None), ("choose", "map of None"), ("serial", "/dev/agora-pico", "map of None")]


async def test_a_bad_spec_is_refused_before_any_backend_is_asked() -> None:
    made = Recorded(("sim", None, ""))
    with pytest.raises(BoardSpecError, match="unknown board 'usb'"):
        await opener(made.backends())("usb", VirtualClock())
    assert made.calls == []


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_command_line_hands_the_opener_to_exactly_the_commands_that_take_it(command: str) -> None:
    module, _ = COMMANDS[command]
    parameters = inspect.signature(importlib.import_module(module).run).parameters
    assert list(parameters) == (["args", "open_board"] if command in BOARD_COMMANDS else ["args"])


def test_the_command_line_finds_every_board_through_the_package_entry_points() -> None:
    from importlib import metadata

    from controller.cli import main

    declared = {
        p.name: p.value for p in metadata.distribution(main.DISTRIBUTION).entry_points if p.group == main.BOARDS_GROUP
    }
    # The quick reading of the installed metadata finds what importlib.metadata finds.
    assert main._board_entry_points() == declared
    backends = main.board_backends()
    for name in ("load_pinmap", "choose", "sim", "gpio", "serial"):
        module, _, attr = declared[name].partition(":")
        assert callable(getattr(importlib.import_module(module), attr)), name
    # The record calls through to the constructor the metadata names.
    pinmap = backends.load_pinmap(None)
    assert type(pinmap).__module__ == "hardware.pinmap"


def test_an_installation_without_the_board_entry_points_says_how_to_mend_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from importlib import metadata

    from controller.cli import main

    def absent(name: str) -> metadata.Distribution:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    monkeypatch.setattr(metadata, "distribution", absent)
    with pytest.raises(BoardSpecError, match="install Agora again"):
        main.board_backends()


def test_the_entry_points_file_is_read_by_its_sections() -> None:
    from controller.cli.main import _section

    text = "[console_scripts]\nagora = controller.cli.main:main\n\n[agora.boards]\nsim = simulator.opening:open_sim\n"
    assert _section(text, "agora.boards") == {"sim": "simulator.opening:open_sim"}
    assert _section(text, "other") == {}
