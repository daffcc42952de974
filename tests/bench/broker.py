"""One Mosquitto and many simulated boards: `make bench-broker` (python -m tests.bench.broker --boards 1000).

Every board is a real MQTT client with its own user and the product's ACL, in pairs playing a room: each board
publishes a ply (a proposal-sized QoS 1 message) every few seconds to its own topic, which its partner receives,
and a retained heartbeat every ten seconds. Measured: the broker's and the clients' CPU time, and the delivery
latency from publishing a ply to its partner receiving it (p50, p99).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path

import aiomqtt

from controller.remote import topics
from tests.remote.broker import Broker

PLY = 200  # bytes: about a proposal's size


def cpu_of(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def board(
    broker: Broker,
    name: str,
    partner: str,
    seconds: float,
    period: float,
    latencies: list[float],
    ready: asyncio.Barrier,
    rnd: random.Random,
) -> None:
    async with aiomqtt.Client(
        "127.0.0.1",
        broker.port,
        username=name,
        password=broker.users[name],
        identifier=f"agora-{name}",
        clean_session=False,
        keepalive=60,
        will=aiomqtt.Will(topics.online(name), b'{"online":false}', qos=1, retain=True),
    ) as c:
        await c.subscribe(topics.out(partner, "bench"), qos=1)
        await ready.wait()
        end = time.monotonic() + seconds

        async def receive() -> None:
            async for message in c.messages:
                sent = json.loads(bytes(message.payload))["at"]
                latencies.append(time.monotonic() - sent)

        reader = asyncio.create_task(receive())
        await asyncio.sleep(rnd.uniform(0, period))
        beat = 0.0
        while time.monotonic() < end:
            body = json.dumps({"at": time.monotonic(), "pad": "x" * PLY})
            await c.publish(topics.out(name, "bench"), body, qos=1)
            if time.monotonic() - beat >= 10:
                beat = time.monotonic()
                await c.publish(topics.online(name), b'{"online":true}', qos=1, retain=True)
            await asyncio.sleep(period * rnd.uniform(0.5, 1.5))
        await asyncio.sleep(2 * period)  # let the last plies arrive
        reader.cancel()


async def main(boards: int, seconds: float, period: float) -> None:
    names = [f"board{i:04d}" for i in range(boards)]
    with tempfile.TemporaryDirectory() as tmp:
        broker = Broker(Path(tmp) / "broker", {n: f"pw-{n}" for n in names})
        broker.directory.mkdir()
        broker.start()
        try:
            assert broker.proc is not None
            latencies: list[float] = []
            ready = asyncio.Barrier(boards + 1)
            rnd = random.Random(0)
            broker_cpu0 = cpu_of(broker.proc.pid)
            tasks = [
                asyncio.create_task(
                    board(broker, n, names[i ^ 1], seconds, period, latencies, ready, random.Random(rnd.random()))
                )
                for i, n in enumerate(names)
            ]
            await ready.wait()
            own0 = resource.getrusage(resource.RUSAGE_SELF)
            broker_cpu1 = cpu_of(broker.proc.pid)
            t0 = time.monotonic()
            await asyncio.gather(*tasks)
            wall = time.monotonic() - t0
            own1 = resource.getrusage(resource.RUSAGE_SELF)
            broker_cpu = cpu_of(broker.proc.pid) - broker_cpu1
            client_cpu = (own1.ru_utime + own1.ru_stime) - (own0.ru_utime + own0.ru_stime)
        finally:
            broker.stop()
    lat = sorted(latencies)
    p50 = statistics.median(lat) * 1000
    p99 = lat[int(0.99 * (len(lat) - 1))] * 1000
    print(
        f"boards {boards}, a ply every {period:g} s each, {wall:.0f} s: {len(lat)} plies delivered "
        f"({len(lat) / wall:.0f}/s)"
    )
    print(
        f"broker CPU {broker_cpu:.1f} s ({100 * broker_cpu / wall:.0f}% of one core; connecting took "
        f"{broker_cpu1 - broker_cpu0:.1f} s); clients' CPU {client_cpu:.1f} s "
        f"({100 * client_cpu / wall:.0f}% of one core, all {boards} in one Python process)"
    )
    print(f"delivery latency p50 {p50:.1f} ms, p99 {p99:.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--period", type=float, default=3.0, help="seconds between one board's plies")
    a = parser.parse_args()
    asyncio.run(main(a.boards, a.seconds, a.period))
