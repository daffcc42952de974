"""`agora`: the command line, the composition root. Each command is a module (controller/commands/, and
simulator/device.py for `agora sim-device`) with `add_arguments(parser)` and `run(args) -> int`; it is imported only
when it runs, so `agora games` starts fast and a Pi-only library never loads on a laptop.

No module of the controller imports `hardware` or `simulator`. The boards are plugged in through this package's
metadata (the `agora.boards` entry points of pyproject.toml, as gpiozero finds its pin factories); this command line
alone reads them (`board_backends`) and hands the commands that open a board (BOARD_COMMANDS) their opener,
`run(args, open_board)` (controller.boards). A backend module is imported only when a board of its kind is opened,
and only the device modules of that board are loaded (hardware.opening imports them when it opens one).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from controller import heap

if TYPE_CHECKING:
    from controller.boards import Backends, BoardOpener

DISTRIBUTION = "agora-board"
BOARDS_GROUP = "agora.boards"
"""The entry points (pyproject.toml) that name what each kind of board is opened with."""

# command -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("controller.commands.play", "play a game on the board (or the simulator) and serve the web page"),
    "games": ("controller.commands.games", "list the games and their options"),
    "referee": ("controller.commands.referee", "speak the JSON-lines referee protocol on stdin/stdout"),
    "replay": (
        "controller.commands.replay",
        "run recorded sensor events through the real controller on a virtual clock",
    ),
    "doctor": ("controller.commands.doctor", "self-test the board: LED chain walk, live sensors, stuck or flapping"),
    "sim-device": ("simulator.device", "run a virtual co-processor on a pty and print its path"),
    "join": ("controller.commands.join", "join a room another board hosts on an MQTT broker and play its free seats"),
    "hub": ("controller.commands.hub", "serve one page listing every board on an MQTT broker and spectate their games"),
    "history": ("controller.commands.history", "list, export (JSON) and show the games stored on this board"),
    "demo": ("controller.commands.demo", "computer against computer on the simulated board's page, for a window"),
    "arena": ("controller.commands.arena", "play computer players against each other and print their win rates"),
}

BOARD_COMMANDS = frozenset({"play", "join", "replay", "doctor", "demo"})
"""The commands that open a board: their `run(args, open_board)` is handed the opener of the boards below."""


def board_backends(pin_factory: Any = None) -> Backends[Any]:
    """The boards this program opens (the simulator, a Raspberry Pi's GPIO, the Pico co-processor), as this
    package's metadata names them (`agora.boards` in pyproject.toml); each backend module is imported only when its
    constructor is first called. `pin_factory` stands in for the GPIO library (tests pass gpiozero's MockFactory)."""
    import dataclasses
    import functools

    from controller.boards import Backends, BoardSpecError

    points = _board_entry_points()
    missing = sorted({f.name for f in dataclasses.fields(Backends)} - set(points))
    if missing:
        raise BoardSpecError(
            f"this installation names no {', '.join(missing)} board backend: install Agora again "
            "(`make play` does it, or `pip install -e .` in its folder)"
        )

    def lazy(name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            module, _, attr = points[name].partition(":")
            return getattr(importlib.import_module(module), attr)(*args, **kwargs)

        return call

    gpio = lazy("gpio")
    if pin_factory is not None:
        gpio = functools.partial(gpio, pin_factory=pin_factory)
    return Backends(
        load_pinmap=lazy("load_pinmap"), choose=lazy("choose"), sim=lazy("sim"), gpio=gpio, serial=lazy("serial")
    )


def _board_entry_points() -> dict[str, str]:
    """name -> "module:attribute" of the `agora.boards` entry points this installation declares. Read from the
    installed metadata's entry_points.txt directly: importing importlib.metadata costs some 24 ms, a sixth of the
    board's start on the development machine (more on a Pi); it is the fallback where no such file lies on the path."""
    for folder in sys.path:
        for found in Path(folder or ".").glob(f"{DISTRIBUTION.replace('-', '_')}-*.dist-info/entry_points.txt"):
            return _section(found.read_text(encoding="utf-8"), BOARDS_GROUP)
    from importlib import metadata

    try:
        declared = metadata.distribution(DISTRIBUTION).entry_points
    except metadata.PackageNotFoundError:
        return {}
    return {p.name: p.value for p in declared if p.group == BOARDS_GROUP}


def _section(text: str, group: str) -> dict[str, str]:
    """The `name = value` lines of one [group] of an entry_points.txt (an INI file; `:` is part of the values)."""
    import configparser

    parser = configparser.ConfigParser(delimiters=("=",), interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # entry point names keep their case
    parser.read_string(text)
    return dict(parser[group]) if parser.has_section(group) else {}


def board_opener() -> BoardOpener:
    """`open_board` (controller.boards) over this program's boards."""
    from controller.boards import opener

    return opener(board_backends())


def _columns() -> int:
    """The terminal's width as `shutil.get_terminal_size` finds it: $COLUMNS, else the terminal's, else 80."""
    with contextlib.suppress(KeyError, ValueError):
        if (columns := int(os.environ["COLUMNS"])) > 0:
            return columns
    with contextlib.suppress(AttributeError, ValueError, OSError):
        if sys.__stdout__ is not None and (columns := os.get_terminal_size(sys.__stdout__.fileno()).columns) > 0:
            return columns
    return 80


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's own formatter, told the terminal's width. Left to itself it imports shutil (and with it the
    compression libraries) for the width at the first argument added: 2% of the board's start-up, for a help
    text nobody asked for."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


def build_parser(command: str | None = None, alone: bool = False) -> argparse.ArgumentParser:
    """The parser; only `command`'s module is imported to add its arguments (the others list their help). `alone`:
    the other commands are left out altogether (their parsers cost the board's start-up for nothing once the
    command is known)."""
    parser = argparse.ArgumentParser(
        formatter_class=_HelpFormatter,
        prog="agora",
        description="Agora smart board: plays Politrics, Polis, Politics (1952), Chesspolitik and Djambi.",
        epilog="Run 'agora COMMAND --help' for a command's options.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        if alone and name != command:
            continue
        description = help_text[0].upper() + help_text[1:] + "."
        p = sub.add_parser(name, help=help_text, description=description, formatter_class=_HelpFormatter)
        p.set_defaults(_module=module)
        if name != command:
            continue
        try:
            importlib.import_module(module).add_arguments(p)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            p.set_defaults(_missing=True)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        code = _main(argv)
        sys.stdout.flush()
    except SystemExit:
        try:
            sys.stdout.flush()  # `--help` printed, then argparse ends the program
        except BrokenPipeError:
            _reader_gone()
        raise
    except BrokenPipeError:
        return _reader_gone()
    return code


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    # `agora --help play` lists every command; `agora play ...` needs only play's parser.
    alone = command in COMMANDS and not any(a in ("-h", "--help") for a in argv[: argv.index(command)])
    with heap.loading():
        parser = build_parser(command if command in COMMANDS else None, alone)
        args = parser.parse_args(argv)
        if not getattr(args, "command", None):
            parser.print_help()
            return 2
        if getattr(args, "_missing", False):
            print(f"agora {args.command}: not available in this build", file=sys.stderr)
            return 2
        module = importlib.import_module(args._module)
        open_board = board_opener() if args.command in BOARD_COMMANDS else None
    code = module.run(args) if open_board is None else module.run(args, open_board)
    assert isinstance(code, int)
    return code


SIGPIPE_STATUS = 141  # what a shell reports for a program ended by SIGPIPE (128 + 13), as `cat` or `git` would


def _reader_gone() -> int:
    """The reader of our output went away (`agora history | head`): end quietly, as Unix tools do. Output still
    buffered would raise again at exit, so it is sent nowhere."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return SIGPIPE_STATUS


__all__ = ["BOARD_COMMANDS", "COMMANDS", "board_backends", "board_opener", "build_parser", "main"]
