"""Where a ply came from and who rolls the dice: closed sets, kept as their text in the games file and the JSON."""

from __future__ import annotations

import enum


class Source(enum.StrEnum):
    """Where a committed ply came from."""

    BOARD = "board"  # pieces moved on the board, read by the sensors
    PAGE = "page"  # typed or clicked on the table's page
    PHONE = "phone"  # a seat's own page (a phone), or its secret orders
    COMPUTER = "computer"  # picked by the controller for a computer seat
    DICE = "dice"  # a roll, by the board or entered from physical dice
    REMOTE = "remote"  # played at another place of the room
    TIMER = "timer"  # the room host's order timer closed the phase (no orders)


class Dice(enum.StrEnum):
    """Who rolls the dice of a game with chance."""

    AUTO = "auto"  # the board rolls
    MANUAL = "manual"  # physical dice, entered on the page
    REMOTE = "remote"  # the room's host rolls (a guest board of a remote game)
