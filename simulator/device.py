"""`agora sim-device`: a virtual Pico co-processor on a pty, for trying `--board serial:PATH` without hardware.

The first line on stdout is the path to open (the `--link` name if given, else the pty); the rest goes to stderr.
Then it reads commands on stdin, one per line, until `quit`, Ctrl-C or SIGTERM (at the end of stdin it keeps
running):
    lift c3 | place d4 | toggle e5 | slide c3 c4 c5 | stick a1 | kill b2 | flap e5 | heal e5
    unplug | replug | freeze | thaw | leds | stats | quit
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path

from controller.clock import SystemClock
from controller.frames import to_ansi, to_text
from hardware.chain import ChainOrder
from hardware.pinmap import PinMapError, load_pinmap
from hardware.squares import names, parse
from simulator.coprocessor import VirtualCoprocessor
from simulator.noise import NoiseConfig
from simulator.switches import Bounce

HELP = __doc__.split("running):\n", 1)[1] if __doc__ else ""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--link", type=Path, help="a stable symlink to the pty, kept across unplug/replug")
    parser.add_argument("--occupied", default="", help="squares with a piece at the start, like a1,b1,c1")
    parser.add_argument("--noise", default="", help="line noise to the host: drop=P,duplicate=P,corrupt=P")
    parser.add_argument("--noise-in", default="", help="line noise from the host, same form")
    parser.add_argument("--bounce", type=int, default=0, help="contact bounces per piece movement (0)")
    parser.add_argument("--seed", type=int, default=0, help="seed of every random choice (noise, bounce)")
    parser.add_argument("--protocol", type=int, default=None, help="pretend to speak another protocol version")
    parser.add_argument("--pinmap", type=Path, default=None, help="pin map whose LED chain order `leds` uses")


def run(args: argparse.Namespace) -> int:
    try:
        initial = sum(1 << parse(s) for s in args.occupied.replace(",", " ").split())
        device = VirtualCoprocessor(
            SystemClock(),
            initial=initial,
            bounce=Bounce(flips=args.bounce),
            seed=args.seed,
            to_host=NoiseConfig.parse(args.noise, seed=args.seed),
            to_device=NoiseConfig.parse(args.noise_in, seed=args.seed + 1),
            link=args.link,
            protocol_version=args.protocol,
        )
        chain = load_pinmap(args.pinmap).leds.chain
    except (ValueError, PinMapError) as exc:
        print(f"agora sim-device: {exc}", file=sys.stderr)
        return 2
    return asyncio.run(_serve(device, chain))


async def _serve(device: VirtualCoprocessor, chain: ChainOrder) -> int:
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, done.set)
    path = await device.start()
    print(path, flush=True)
    print(f"agora sim-device: virtual co-processor on {device.path}; commands:\n{HELP}", file=sys.stderr, flush=True)
    reader = await _stdin_reader()
    try:
        while not done.is_set():
            line = await _next_line(reader, done)
            if line is None:
                break
            if line.strip():
                reply = await _command(device, chain, line.split())
                if reply == "quit":
                    break
                print(reply, flush=True)
    finally:
        await device.aclose()
    return 0


async def _command(device: VirtualCoprocessor, chain: ChainOrder, words: list[str]) -> str:
    verb, rest = words[0].lower(), words[1:]
    hands = device.hands
    try:
        match verb, rest:
            case (("lift" | "place" | "toggle" | "stick" | "kill" | "flap" | "heal"), [square]):
                getattr(hands, verb)(parse(square))
            case "slide", [_, _, *_]:
                hands.slide([parse(s) for s in rest])
            case "unplug", []:
                device.unplug()
            case "replug", []:
                return f"replugged: {await device.replug()}"
            case "freeze", []:
                device.frozen = True
            case "thaw", []:
                device.frozen = False
            case "leds", []:
                duty = chain.to_physical(device.leds)
                frame = tuple((duty[i], duty[i + 1], duty[i + 2]) for i in range(0, 243, 3))
                return to_ansi(frame, hands.magnets) if sys.stdout.isatty() else to_text(hands.magnets)
            case "stats", []:
                return (
                    f"magnets: {names(hands.magnets) or '-'}; frames from host bad: {device.device.rx_bad}; "
                    f"noise to host {device.to_host.stats}; LED frames received {device.frames_received}"
                )
            case "quit", []:
                return "quit"
            case _:
                return f"? {' '.join(words)}\n{HELP}"
    except ValueError as exc:
        return f"! {exc}"
    return "ok"


async def _stdin_reader() -> asyncio.StreamReader | None:
    reader = asyncio.StreamReader()
    try:
        await asyncio.get_running_loop().connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), sys.stdin.buffer
        )
    except (ValueError, OSError):
        return None  # stdin is a regular file or closed: run without commands
    return reader


async def _next_line(reader: asyncio.StreamReader | None, done: asyncio.Event) -> str | None:
    """The next command, or None when it is time to stop."""
    if reader is not None:
        line_task = asyncio.ensure_future(reader.readline())
        stop_task = asyncio.ensure_future(done.wait())
        await asyncio.wait([line_task, stop_task], return_when=asyncio.FIRST_COMPLETED)
        stop_task.cancel()
        if line_task.done():
            data = line_task.result()
            if data:
                return data.decode(errors="replace")
        else:
            line_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await line_task
            return None
    await done.wait()  # end of stdin: serve until a signal
    return None
