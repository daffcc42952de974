"""Listing the board moves of the party to play. Hot path: the recognizer indexes every one at each turn start.

Rays are precomputed; moves are built in a few tight loops, and a kill or a relocation gets one move per free square
for the piece it displaces, plus one per way out of the Maze when it happened there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from controller.games.djambi.board import (
    ASSASSIN,
    CHIEF,
    CHIEF_CODES,
    CODES,
    CORPSE,
    DIPLOMAT,
    EMPTY,
    KIND_OF,
    MAZE,
    MILITANT,
    NECROMOBILE,
    ORTHOGONAL,
    PARTY_OF,
    RAYS,
    REPORTER,
    SHORT_RAYS,
    SQUARES,
)
from controller.games.djambi.moves import Act, Go, Master, Report, plain_act
from controller.games.djambi.rules import Reporter, Rules
from controller.games.moves import Move


def targets(seat: int, mine: frozenset[int], rules: Rules, asleep: frozenset[int]) -> tuple[list[bool], list[bool]]:
    """Per board byte: may `seat`'s pieces kill it, and is it an enemy (a Diplomat's target)?

    `mine` are the parties `seat` plays now. Nobody kills their own Chief; with kill_own off nobody kills a piece
    their own player plays either; nobody touches the `asleep` parties.
    """
    killable = [False] * 256
    enemy = [False] * 256
    for c in CODES:
        if PARTY_OF[c] in asleep:
            continue
        foreign = PARTY_OF[c] not in mine
        enemy[c] = foreign
        killable[c] = c != CHIEF_CODES[seat] and (foreign or rules.kill_own)
    return killable, enemy


def exits(board: bytes, vacated: int, filled: int) -> list[int]:
    """The squares a piece in the Maze can leave to in a straight line, once `vacated` is empty and `filled` full."""
    out = []
    for ray in RAYS[MAZE]:
        for sq in ray:
            if sq == filled or (board[sq] and sq != vacated):
                break
            out.append(sq)
    return out


def board_moves(
    found: list[Move],
    board: bytes,
    party: int,
    seat: int,
    mine: frozenset[int],
    rules: Rules,
    asleep: frozenset[int] = frozenset(),
    walled_in: bool = False,
) -> Iterator[None]:
    """The board moves of `party`, played by `seat` (who plays the `mine` parties), a piece at a time: each piece's
    moves are added to `found`, then the iterator yields (a turn of thousands of moves is listed in slices of the
    caller's own; one piece's are a few hundred at most). Nobody touches the `asleep` parties, and a `walled_in`
    party's Chief (kept on the board by the comeback rule) does not act."""
    acts = _Acts(board, seat, mine, rules, asleep, found)
    add = acts.add
    for src in range(SQUARES):
        c = board[src]
        if PARTY_OF[c] != party:
            continue
        kind = KIND_OF[c]
        if walled_in and kind == CHIEF:
            continue
        for ray in SHORT_RAYS[src] if kind == MILITANT else RAYS[src]:
            for dst in ray:
                t = board[dst]
                if t != EMPTY:
                    acts.onto(kind, src, dst, t)
                    break
                if dst == MAZE:
                    if kind == CHIEF:
                        add(Go(kind, src, dst))
                    # an empty Maze is passed through
                elif kind == REPORTER:
                    acts.report(src, dst)
                else:
                    add(Go(kind, src, dst))
        yield


class _Acts:
    """The moves found so far, and what finding them needs: what the mover may kill, where displaced pieces may go."""

    __slots__ = (
        "add",
        "all_reporter",
        "board",
        "enemy",
        "killable",
        "lands",
        "master",
        "maze_free",
        "out",
        "places",
        "rules",
    )

    def __init__(
        self, board: bytes, seat: int, mine: frozenset[int], rules: Rules, asleep: frozenset[int], out: list[Move]
    ) -> None:
        self.board = board
        self.killable, self.enemy = targets(seat, mine, rules, asleep)
        self.rules = rules
        # Where a displaced corpse or piece may go: every empty square but the Maze, plus the actor's origin.
        self.places = [s for s in range(SQUARES) if not board[s] and s != MAZE]
        self.maze_free = not board[MAZE]
        self.all_reporter = rules.reporter is Reporter.ALL
        self.master = rules.master_moves
        self.lands: dict[int, list[int]] = {}  # landing() per (origin, Chief displaced?): an origin has several acts
        self.out = out
        self.add = out.append

    def land(self, src: int, chief: bool) -> list[int]:
        key = 2 * src + chief
        found = self.lands.get(key)
        if found is None:
            found = self.lands[key] = landing(src, self.places, self.maze_free, chief)
        return found

    def report(self, src: int, dst: int) -> None:
        """A Reporter stepping onto the empty square `dst`: the move alone, or with each victim it may report."""
        board = self.board
        marked = self.enemy if self.all_reporter else self.killable
        victims = [v for v in ORTHOGONAL[dst] if v != src and marked[board[v]]]
        if self.all_reporter:
            self.add(Report(src, dst, tuple(victims)) if victims else Go(REPORTER, src, dst))
        else:
            self.add(Go(REPORTER, src, dst))
            for v in victims:
                self.add(Report(src, dst, (v,)))

    def onto(self, kind: int, src: int, dst: int, t: int) -> None:
        """A piece of `kind` on `src` reaching the first piece, `t`, on its line at `dst`: the acts it may make."""
        if t == CORPSE:
            if kind == NECROMOBILE:
                _relocate(self.board, kind, src, dst, self.places, self.land(src, False), self.add)
        elif kind == CHIEF or (kind == MILITANT and dst != MAZE):
            if self.killable[t]:
                # A Chief killing the Chief in power stays in the Maze: the corpse cannot go there.
                fresh_chief = dst != MAZE and KIND_OF[t] == CHIEF and self.rules.chief_corpse_to_maze
                self.out.extend([plain_act(kind, src, dst, p) for p in self.land(src, fresh_chief)])
        elif kind == ASSASSIN:
            if self.killable[t]:
                self.assassinate(src, dst)
        elif kind == DIPLOMAT and self.enemy[t]:
            if dst == MAZE and self.master:
                _oust(self.board, src, self.places, self.enemy, self.add)
            else:
                _relocate(self.board, kind, src, dst, self.places, self.land(src, KIND_OF[t] == CHIEF), self.add)

    def assassinate(self, src: int, dst: int) -> None:
        if dst != MAZE:
            self.add(plain_act(ASSASSIN, src, dst, src))
            return
        # The corpse takes the Assassin's origin, so the board as it stands gives the ways out.
        board = self.board
        for e in exits(board, -1, -1):
            self.add(Act(ASSASSIN, src, dst, src, e))
        if self.master:
            for q in first_pieces(board, -1, -1):
                if KIND_OF[board[q]] == CHIEF and self.killable[board[q]]:
                    self.add(Master(ASSASSIN, src, dst, src, q))


def first_pieces(board: bytes, vacated: int, filled: int) -> list[int]:
    """The first piece on each straight line out of the Maze, once `vacated` is empty and `filled` full."""
    out = []
    for ray in RAYS[MAZE]:
        for sq in ray:
            if sq == filled or (board[sq] and sq != vacated):
                out.append(sq)
                break
    return out


def _oust(board: bytes, src: int, places: list[int], enemy: list[bool], add: Callable[[Move], None]) -> None:
    """The Diplomat ousts the Chief in power, then leaves the Maze to an empty square or, a master move, onto another
    enemy Chief in a straight line, which it puts into the Maze."""
    for p in (*places, src):
        for e in exits(board, src, p):
            add(Act(DIPLOMAT, src, MAZE, p, e))
        for q in first_pieces(board, src, p):
            if q != p and KIND_OF[board[q]] == CHIEF and enemy[board[q]]:
                add(Master(DIPLOMAT, src, MAZE, p, q))


def landing(src: int, places: list[int], maze_free: bool, chief: bool) -> list[int]:
    """Where the piece an actor displaces may go, the actor having left `src` for a square outside the Maze.

    `places` are the empty squares but the Maze, as the board stood before the act; the actor's origin is empty by
    then too, except when it is the Maze: the Maze takes only `chief` (a Chief just killed, or a living Chief moved
    by a Diplomat), and is free for it when it was empty or when the actor is the Chief in power leaving it.
    """
    out = places if src == MAZE else [*places, src]
    if chief and (maze_free or src == MAZE):
        out = [*out, MAZE]
    return out


def _relocate(
    board: bytes,
    kind: int,
    src: int,
    dst: int,
    places: list[int],
    landings: list[int],
    add: Callable[[Move], None],
) -> None:
    """A Diplomat's or Necromobile's act: the piece on `dst` goes to any of the `landings` (see landing()) or, when
    it acted in the Maze, to any empty square or the actor's origin before the actor leaves the Maze."""
    if dst != MAZE:
        for p in landings:
            add(plain_act(kind, src, dst, p))
        return
    for p in (*places, src):
        for e in exits(board, src, p):
            add(Act(kind, src, dst, p, e))
