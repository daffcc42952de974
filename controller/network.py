"""Where phones find the board: the address its seat links and QR codes carry, and its name on the local network
(mDNS, `agora-<name>.local`).

Serving on every interface (`--host 0.0.0.0`), the board's links carry the address of the interface the machine
routes through (its LAN address), not 127.0.0.1, which a phone would take for itself. `--public-url` overrides it
when the host knows better (a reverse proxy, a fixed name). Serving beyond loopback, admin actions need a PIN.

Nothing here loads the web stack: `agora play` decides all this before it imports it (the board goes live first).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlsplit

from controller.errors import AgoraError
from controller.values import dataclass

WILDCARDS = ("0.0.0.0", "::", "")
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
PIN_DIGITS = 8  # 10^8 PINs against a few guesses a minute: centuries of guessing


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def new_pin() -> str:
    """A fresh admin PIN."""
    import secrets  # only a board that serves the network has a PIN

    return f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"


class AddressError(AgoraError):
    """A --public-url or --name that cannot be used."""


def routed_address() -> str | None:
    """The local address of the interface the default route goes through. A UDP socket's `connect` only picks
    the route: no packet leaves the machine."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never answered, and nothing is sent to it
            return str(s.getsockname()[0])
    except OSError:
        return None


def interface_addresses() -> list[str]:
    """The IPv4 addresses of this machine's interfaces."""
    import ifaddr

    out: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                out.append(ip.ip)
    return out


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


@dataclass(frozen=True, slots=True)
class Address:
    url: str  # what the seat links and QR codes carry, and what people type
    ip: str | None  # the address advertised over mDNS (None: nothing to advertise)
    reachable: bool  # phones on the network can open `url`


def choose_address(
    host: str,
    port: int,
    public_url: str | None = None,
    routed: Callable[[], str | None] = routed_address,
    interfaces: Callable[[], Sequence[str]] = interface_addresses,
) -> Address:
    """The address for the links of a board serving on `host`:`port`."""
    if public_url:
        return Address(check_public_url(public_url), None, True)
    if host not in WILDCARDS:
        shown = f"[{host}]" if ":" in host else host
        return Address(f"http://{shown}:{port}", host if _reachable(host) else None, _reachable(host))
    candidates = [routed() or "", *interfaces()]
    for ip in candidates:
        if _reachable(ip) and ":" not in ip:
            return Address(f"http://{ip}:{port}", ip, True)
    return Address(f"http://127.0.0.1:{port}", None, False)


def check_public_url(url: str) -> str:
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise AddressError(f"--public-url {url!r}: write the address people open, like http://board.example:8000")
    return url.strip().rstrip("/")


def board_name(name: str) -> str:
    """`agora-<name>`: a DNS label of letters, digits and hyphens."""
    label = re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-")[:50]
    if not label:
        raise AddressError(f"--name {name!r}: use letters, digits and hyphens")
    return f"agora-{label}"


class Advert:
    """The board on the local network over mDNS (zeroconf): `<board name>.local` and an `_http._tcp` service.
    A network without multicast only loses the name: `start` says why and the board serves on."""

    def __init__(self, name: str, ip: str, port: int) -> None:
        self.name = name
        self.ip = ip
        self.port = port
        self._zc: Any = None
        self._info: Any = None

    def service_info(self) -> Any:
        from zeroconf import ServiceInfo

        return ServiceInfo(
            "_http._tcp.local.",
            f"{self.name}._http._tcp.local.",
            addresses=[socket.inet_aton(self.ip)],
            port=self.port,
            properties={"path": "/"},
            server=f"{self.name}.local.",
        )

    async def start(self) -> str | None:
        """Advertise; None on success, else why not."""
        try:
            from zeroconf import IPVersion
            from zeroconf.asyncio import AsyncZeroconf

            self._info = self.service_info()
            self._zc = AsyncZeroconf(interfaces=[self.ip], ip_version=IPVersion.V4Only)
            await self._zc.async_register_service(self._info, allow_name_change=True)
        except Exception as exc:  # no multicast, a name clash, no such interface: the page still serves
            await self.stop()
            return str(exc) or type(exc).__name__
        return None

    async def stop(self) -> None:
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._info is not None:
                await zc.async_unregister_service(self._info)
            await zc.async_close()
        except Exception:
            pass  # leaving the network quietly is all that is left to do
