"""A TCP relay between a place and its broker whose cable the tests can pull out and plug back in."""

from __future__ import annotations

import asyncio
import contextlib


class Cable:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self.plugged = True
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

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, asyncio.CancelledError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        self._writers -= {writer, up_writer}

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
