"""`agora join mqtt://HOST/ROOM`: play the free seats of a room another place hosts, on this board."""

from __future__ import annotations

import argparse

from controller.boards import BoardOpener
from controller.commands import play
from controller.commands.remote_options import add_remote_arguments


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_remote_arguments(parser, joining=True)
    play.add_place_arguments(parser)


def run(args: argparse.Namespace, open_board: BoardOpener) -> int:
    return play.run(args, open_board)
