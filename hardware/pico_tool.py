"""`python -m hardware.pico_tool stop PATH`: hand a running co-processor back to the MicroPython REPL.

The firmware ignores Ctrl-C once it runs (frames may contain 0x03), so `mpremote` cannot interrupt it; this sends
the protocol's STOP frame instead, after which mpremote can copy a new firmware (firmware/README.md).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence

from controller.clock import SystemClock
from hardware.errors import LinkError
from hardware.serial_link import CoprocessorLink


async def stop(path: str) -> str:
    link = CoprocessorLink(path, SystemClock())
    await link.connect()
    name = link.firmware.name if link.firmware else "the firmware"
    await link.stop_firmware()
    await link.aclose()
    return (
        f"{name} on {path} stopped: the Pico restarts into the MicroPython REPL (its USB port comes back within a "
        "few seconds), then mpremote can connect"
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2 or args[0] != "stop":
        print("usage: python -m hardware.pico_tool stop PATH", file=sys.stderr)
        return 2
    try:
        print(asyncio.run(stop(args[1])))
    except LinkError as exc:
        print(f"pico_tool: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
