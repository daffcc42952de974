"""`agora hub --broker mqtt://USER@HOST[:PORT]/`: one page listing every board on a broker (online or not, its
game, players and moves) where anyone can spectate a game live: the public view and the LEDs as the board shows
them. The hub only reads: give it a broker user with read rights (docs/remote.md)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--broker", help="the broker: mqtt://USER[:PASSWORD]@HOST[:PORT]/ (mqtts:// for TLS)")
    parser.add_argument("--host", default="127.0.0.1", help="address to serve the page on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8080, help="port of the page (default 8080)")
    parser.add_argument("--ca", type=Path, default=None, help="the certificate authority of a TLS broker")
    parser.add_argument("--password-file", type=Path, default=None, help="read the broker password from FILE")
    parser.add_argument(
        "--print-acl",
        action="store_true",
        help="print the broker's ACL file for Agora (Mosquitto's acl_file; docs/remote.md) and stop",
    )
    parser.add_argument(
        "--hub-user",
        action="append",
        default=None,
        metavar="USER",
        help="with --print-acl: a broker user that may only read, for a hub (default: hub; repeat for more)",
    )


def run(args: argparse.Namespace) -> int:
    if args.print_acl:
        from controller.remote.acl import acl_file_text

        sys.stdout.write(acl_file_text(hub_users=args.hub_user or ["hub"]))
        return 0
    if not args.broker:
        print("agora hub: name the broker: --broker mqtt://USER@HOST[:PORT]/ (or --print-acl)", file=sys.stderr)
        return 2
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 0


async def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from controller.hub.app import Hub, create_hub_app
    from controller.hub.boards import FILTERS
    from controller.remote.address import parse_address
    from controller.remote.errors import RemoteError
    from controller.remote.mqtt import MqttTransport
    from controller.remote.transport import LinkDown, Received

    try:
        address = parse_address(args.broker, need_room=False, password_file=args.password_file)
    except RemoteError as exc:
        print(f"agora hub: {exc}", file=sys.stderr)
        return 2
    hub = Hub()
    transport = MqttTransport(address, f"agora-hub-{address.user or 'anonymous'}", ca_file=args.ca)
    for topic_filter in FILTERS:
        transport.subscribe(topic_filter)

    async def carry() -> None:
        async for event in transport.events():
            if isinstance(event, Received):
                hub.take(event.topic, event.payload)
            elif isinstance(event, LinkDown):
                print(f"agora hub: waiting for the broker: {event.reason}", file=sys.stderr, flush=True)

    config = uvicorn.Config(
        create_hub_app(hub),
        host=args.host,
        port=args.port,
        log_level="warning",
        ws="websockets-sansio",
        timeout_graceful_shutdown=3,
    )
    server = uvicorn.Server(config)
    reader = asyncio.create_task(carry())
    print(f"Agora hub for {address.without_secret()}: open http://{args.host}:{args.port}/", flush=True)
    try:
        await server.serve()
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await reader
        await transport.aclose()
    return 0
