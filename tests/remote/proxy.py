"""A TCP relay between a place and its broker whose cable the tests can pull out and plug back in, and which can
deliver every message twice: it reads the MQTT packets going either way and sends each PUBLISH a second time (a
copy marked as a duplicate, as a client or a broker resending after a lost acknowledgement would)."""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter

PUBLISH = 3
DUP = 0x08


async def read_packet(src: asyncio.StreamReader) -> bytes:
    """One MQTT control packet: the fixed header (its type and flags, the remaining length) and the rest."""
    head = await src.readexactly(1)
    length, shift, raw = 0, 0, b""
    while True:
        byte = await src.readexactly(1)
        raw += byte
        length |= (byte[0] & 0x7F) << shift
        shift += 7
        if not byte[0] & 0x80:
            break
    return head + raw + await src.readexactly(length)


class Cable:
    def __init__(self, target_port: int, doubles: bool = False) -> None:
        self.target_port = target_port
        self.doubles = doubles
        self.port = 0
        self.plugged = True
        self.doubled: Counter[str] = Counter()  # PUBLISH packets sent twice, by direction ("up", "down")
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.plugged:
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, up_writer}
        await asyncio.gather(self._pipe(reader, up_writer, "up"), self._pipe(up_reader, writer, "down"))
        self._writers -= {writer, up_writer}

    async def _pipe(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter, direction: str) -> None:
        with contextlib.suppress(OSError, asyncio.CancelledError, asyncio.IncompleteReadError):
            while True:
                if not self.doubles:
                    data = await src.read(65536)
                    if not data:
                        break
                    dst.write(data)
                else:
                    packet = await read_packet(src)
                    dst.write(packet)
                    if packet[0] >> 4 == PUBLISH:
                        dst.write(bytes([packet[0] | (DUP if packet[0] & 0x06 else 0)]) + packet[1:])
                        self.doubled[direction] += 1
                await dst.drain()
        dst.close()

    def pull(self) -> None:
        """The cable is pulled: every connection through it dies at once, new ones are refused."""
        self.plugged = False
        for w in list(self._writers):
            transport = w.transport
            transport.abort()
        self._writers.clear()

    def plug(self) -> None:
        self.plugged = True

    async def aclose(self) -> None:
        self.pull()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await self._server.wait_closed()
