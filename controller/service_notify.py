"""Telling systemd how the service is doing (the sd_notify protocol), with the standard library only.

The protocol is one datagram per message to the unix socket named in $NOTIFY_SOCKET (an abstract socket when the
name starts with `@`): `READY=1` once the page is served, `WATCHDOG=1` at least every half of $WATCHDOG_USEC while
the event loop runs (a stuck loop is restarted by systemd), `STATUS=...` for `systemctl status`, `STOPPING=1` on
the way out. Outside systemd the variables are unset and every call does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import Mapping

from controller.ports import Clock


class ServiceNotifier:
    def __init__(self, address: str | None, watchdog_usec: int | None = None) -> None:
        self._address: str | bytes | None = None
        if address:
            self._address = "\0" + address[1:] if address.startswith("@") else address
        self.watchdog_interval = watchdog_usec / 2e6 if watchdog_usec else None
        """Seconds between WATCHDOG=1 pings: half the timeout systemd set, as sd_watchdog_enabled advises."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ServiceNotifier:
        env = os.environ if env is None else env
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        # The watchdog is ours unless systemd named another process.
        mine = not pid or pid == str(os.getpid())
        return cls(env.get("NOTIFY_SOCKET"), int(usec) if usec.isdigit() and mine else None)

    @property
    def active(self) -> bool:
        return self._address is not None

    def notify(self, *fields: str) -> bool:
        """Send `KEY=value` lines in one datagram; False when there is no systemd to tell or it cannot be told."""
        if self._address is None:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as s:
                s.sendto("\n".join(fields).encode(), self._address)
        except OSError:
            return False
        return True

    def ready(self, status: str) -> bool:
        return self.notify("READY=1", f"STATUS={status}")

    def stopping(self, status: str = "stopping: dark LEDs, saving") -> bool:
        return self.notify("STOPPING=1", f"STATUS={status}")

    async def keep_alive(self, clock: Clock) -> None:
        """Ping the watchdog for as long as the event loop runs (a task; cancel it on the way out)."""
        if self.watchdog_interval is None or self._address is None:
            return
        while True:
            self.notify("WATCHDOG=1")
            await clock.sleep(self.watchdog_interval)


def start_keep_alive(notifier: ServiceNotifier, clock: Clock) -> asyncio.Task[None] | None:
    if notifier.watchdog_interval is None:
        return None
    return asyncio.get_running_loop().create_task(notifier.keep_alive(clock), name="systemd watchdog")


async def stop_keep_alive(task: asyncio.Task[None] | None) -> None:
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
