"""The recognition fuzzer: human-like hands play random games on the simulated board through the real session.

    python -m tests.fuzz.recognition GAME|all --moves N --seed S [--trace [LINES]]

Each episode starts at a random reachable position of the game (tests.fuzz.starts: a random playout of a random
length, or one aimed at a class of positions of tests.fuzz.positions) and plays on from there through a Session
whose seats are all at the board: a random legal move carried out by hands in a random physically possible order
(tests.fuzz.hands), now and then a move entered on the page whose pieces the hands then carry as chores, secret
orders handed in on the phones (the next phase's orders while the board still carries out the last one's), the
next player starting at once, and now and then the last move put back by hand (tests.fuzz.takeback). The oracle
(tests.fuzz.oracle, the table's checks) counts wrong commits, missed moves and takebacks, needless and bad
questions, and chores declared done while a piece stands wrong; tests.fuzz.summary prints the table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from controller.games import CHANCE, SIMULTANEOUS, Effect, Move, Orders, State
from controller.session.core import Session
from controller.session.seats import SeatKind
from controller.session.sources import Source
from tests.fuzz.hands import carry
from tests.fuzz.oracle import Shape, read, shapes
from tests.fuzz.positions import CONTESTED_TAKEBACK, ORDERS_DURING_CHORES, TAKEBACK, UNFAIR_TAKEBACK, classes
from tests.fuzz.starts import orders as orders_for
from tests.fuzz.starts import start
from tests.fuzz.summary import Row, render
from tests.fuzz.table import Table, Tally
from tests.fuzz.takeback import contested, takeback_acts
from tests.fuzz.trace import LINES, Trace

GAMES = ("politrics", "polis", "politics1952", "chesspolitik", "djambi")
PAGE_ONE_IN = 10  # one move in this many is entered on the page and carried out as chores
EPISODE = 25  # moves per episode before a fresh position
WAIT = 4.0  # seconds a player waits for the board to take a move whose chores are partly done
ORDERS_EARLY = 0.5
TAKEBACK_ONE_IN = 8  # one move in this many is taken back at the board (where it can be)
QUICK = 0.5  # how often the next player, free to start at once, does
DEBOUNCE = 0.03  # seconds a change takes through the board's debounce (20 ms) and on to the session


def _gap(rng: random.Random, long_ok: bool) -> float:
    r = rng.random()
    if r < 0.7 or not long_ok:
        return rng.uniform(0.04, 0.25)
    if r < 0.9:
        return rng.uniform(0.25, 0.9)
    return rng.uniform(0.9, 2.5)


class Episode:
    def __init__(self, state: State, rng: random.Random, tally: Tally, script: Sequence[Move] = ()) -> None:
        self.rng = rng
        self.tally = tally
        self.expected = state
        self.made: list[Move] = []
        self._script = list(script)  # moves to make first (a constructed start's point: a Politrics last beat)
        self._last: tuple[State, Move] | None = None  # the last move, while the board may take it back
        self._pending: list[tuple[State, Effect]] = []  # chores of phases resolved while others were carried out
        self.table = self._table(state)

    def _table(self, state: State) -> Table:
        session = Session(state.game, state, seat_kinds=[SeatKind.BOARD] * state.seats, seed=self.rng.randrange(99))
        self._base = 0
        return Table(session, self.rng, self.tally)

    # ---- one move ----------------------------------------------------------------------------------------------
    def step(self) -> bool:
        s = self.expected
        if s.to_move is None:
            return False
        taking_back = self._last is not None and not self._script and not self.rng.randrange(TAKEBACK_ONE_IN)
        if taking_back and self._last is not None and self._take_back(*self._last):
            return True
        self._next_on_board = bool(self.rng.randrange(PAGE_ONE_IN))
        if self._quick is not None and not (isinstance(s.to_move, int) and self._physical_next(s)):
            self._quick = None
            self._check()
        if s.to_move is SIMULTANEOUS:
            self._orders(s)
        elif isinstance(s.to_move, int):
            self._turn(s)
        self._settle()
        return True

    def _turn(self, s: State) -> None:
        rng = self.rng
        legal = s.legal_moves()
        physical = [m for m in legal if _physical(s.effect(m))]
        scripted = self._scripted(s)
        if scripted is not None and _physical(s.effect(scripted)):
            self._board_move(s, scripted)
        elif physical and self._next_on_board and scripted is None:
            self._board_move(s, rng.choice(physical))
        else:
            move = rng.choice(legal) if scripted is None else scripted
            self._made(move)
            self.table.turn = None
            self.table.session.play_text(s.record(move), self.table.t)
            self.table.advance(self.table.t)
            # A tap that only tells the board the move (a Politics claim) is nothing to do once the page told it; a
            # piece the move turns over (a Djambi Reporter's victim) still has to be turned.
            e = s.effect(move)
            self._carry(s, e if e.decision else Effect(chores=e.chores, chore_touch=e.chore_touch), None)

    def _physical_next(self, s: State) -> bool:
        """Whether the next move is made at the board (it may then follow the last at once)."""
        return self._next_on_board and any(_physical(s.effect(m)) for m in s.legal_moves())

    _next_on_board = True

    def _board_move(self, s: State, move: Move) -> None:
        self.tally.board_moves += 1
        all_shapes = shapes(s)
        self.table.begin(s, all_shapes, move)
        self._made(move)
        self._carry(s, s.effect(move), all_shapes)
        mine = next(x for x in all_shapes if x.move == move)
        # The next player may start at once when the move is told apart from every other already.
        turn = self.table.turn
        if turn is not None and read(all_shapes, s.occupancy(), mine.final, turn.touched).best == (mine,):
            self._quick = (all_shapes, mine, s.occupancy(), turn.touched)

    def _orders(self, s: State) -> None:
        """Every waiting seat hands in its orders on its phone; the last set resolves the phase into chores."""
        for seat in sorted(s.waiting_for()):
            scripted = self._scripted(self.expected)
            if isinstance(scripted, Orders) and scripted.seat == seat:
                orders = scripted
            else:
                orders = orders_for(self.expected, seat, self.rng)
            before = self.expected
            self._made(orders)
            self.table.session.submit_orders(seat, [str(o) for o in orders.orders], self.table.t)
            self.table.advance(self.table.t + self.rng.uniform(0.1, 1.0))
            effect = before.effect(orders)
            if effect.chores:
                self.table.turn = None
                self._carry(before, effect, None, orders_during=True)

    def _carry(self, s: State, effect: Effect, all_shapes: list[Shape] | None, orders_during: bool = False) -> None:
        t = self.table
        if all_shapes is None and (effect.chores or effect.chore_touch):
            self.tally.carried += 1
        after = self.expected.pieces()
        occ = s.occupancy()
        region = s.game.region(s.seats).mask
        stray = None if all_shapes is None else self._stray_check(s, effect, all_shapes)
        acts = carry(
            self.rng,
            t.switches.magnets,
            effect,
            dict(after),
            stray=stray,
            hover=region & ~occ,
            direct=all_shapes is None,
        )
        # Half the time the next phase's orders come in while these chores are carried out.
        submit_at = self.rng.randrange(len(acts) + 1) if orders_during and self.rng.random() < ORDERS_EARLY else -1
        quick, self._quick = self._quick, None
        if (
            acts
            and quick is not None
            and not acts[0].stray
            and self.rng.random() < QUICK
            and _cannot_extend(quick, acts[0].square)
        ):
            t.do(acts[0])  # the next player lifts a piece before the board has had time to settle on the last move
            acts = acts[1:]
        elif quick is not None and not self._check(ahead=1):  # the move just drawn is not made yet
            return  # the table starts afresh from the position after it
        wait_at = self.rng.randrange(len(acts)) if all_shapes is not None and acts else -1
        safe, second, skipping = self._safe(all_shapes), False, False
        for i, act in enumerate(acts):
            if i == submit_at and self.expected.to_move is SIMULTANEOUS:
                self._orders_now()
            if act.stray:  # strays come in pairs: a lift and its put-back, a hover's place and lift
                if not second:
                    # Right after the board showed another whole move, a knock or a hover would finish that move
                    # (as the next player's first lift does): no fair trial.
                    skipping = not safe
                second = not second
                if skipping:
                    continue
            # A stray piece is put back at once: held up a second, the last move's piece would be a takeback.
            t.advance(t.t + _gap(self.rng, safe and not (act.stray and not second)))
            t.do(act)
            safe = self._safe(all_shapes)
            if i == wait_at and i < len(acts) - 1 and all_shapes is not None:
                self._wait_for_guidance(all_shapes)
        if all_shapes is not None and effect.decision_touch and not effect.decision:
            self._tap_again(s, effect)

    def _tap_again(self, s: State, effect: Effect) -> None:
        """A tap the board could not see (its switch distrusted as flapping while the hands were at it: the page
        says it is ignored until quiet, and the claim does not light): the player waits until the switch is
        trusted again and taps once more."""
        t = self.table
        squares = sum(1 << sq for sq in effect.decision_touch)
        t.advance(t.t + DEBOUNCE)  # the last change through the debounce: the board's reading of it
        if not t.deb.untrusted & squares:
            return
        t.quiet()
        history = [p.move for p in t.session.history[self._base :] if p.source is not Source.DICE]
        if t.deb.untrusted & squares or history != self.made[:-1]:
            return  # still distrusted, or the board took the move after all
        for act in carry(self.rng, t.switches.magnets, Effect(decision_touch=effect.decision_touch), {}):
            t.advance(t.t + _gap(self.rng, False))
            t.do(act)
        t.quiet()  # and waits for it to light this time

    def _wait_for_guidance(self, all_shapes: list[Shape]) -> None:
        """Part of the chores done, the player stops and waits for the board to take the move and show the rest:
        it must, once the board shows the move's decision and nothing else fits."""
        t, turn = self.table, self.table.turn
        if turn is None or turn.intended is None:
            return
        best = read(all_shapes, turn.start, t.switches.magnets, turn.touched).best
        if [b.move for b in best] != [turn.intended]:
            return
        t.advance(t.t + WAIT)
        taken = any(p.move == turn.intended for p in t.session.history[-3:])
        if not taken and not t.session.prompt:
            t.tally.fail("missed", f"{self.expected.game.name} t={t.t:.2f}: silent on {turn.intended} partly done")

    def _orders_now(self) -> None:
        """The next phase's orders arrive from the phones while the board still carries out the last phase."""
        s = self.expected
        self.tally.seen[ORDERS_DURING_CHORES] += 1
        for seat in sorted(s.waiting_for()):
            orders = orders_for(self.expected, seat, self.rng)
            before = self.expected
            self._made(orders)
            self.table.session.submit_orders(seat, [str(o) for o in orders.orders], self.table.t)
            effect = before.effect(orders)
            if effect.chores:
                self._pending.append((before, effect))

    _quick: tuple[list[Shape], Shape, int, int] | None = None

    def _safe(self, all_shapes: list[Shape] | None) -> bool:
        """Whether the board as it stands may rest: it cannot be read as another move, nor as the last move taken back
        (a person may pause anywhere, but where the sensors show another whole move, or the board before the last
        one, the board is right to take it)."""
        turn = self.table.turn
        if all_shapes is None or turn is None:
            return True
        occupancy, history = self.table.switches.magnets, self.table.session.history
        if (
            history
            and history[-1].source is not Source.DICE
            and turn.start != occupancy == history[-1].before.occupancy()
        ):
            # The board as it stood before the last move: held still a second, that is the last move put back (the
            # README's takeback), as a real player pausing there shows (a page move's figure taken off first by the
            # next player's capture of it).
            return False
        best = read(all_shapes, turn.start, occupancy, turn.touched).best
        return all(b.move == turn.intended for b in best)

    def _stray_check(self, s: State, effect: Effect, all_shapes: list[Shape]) -> Callable[[int], bool]:
        """A wrong piece may be lifted where touching it leaves what the finished move reads as unchanged."""
        mine = next(x for x in all_shapes if x.move == self.table.turn.intended) if self.table.turn else None
        start = s.occupancy()
        if mine is None:
            return lambda sq: False
        base = mine.involved | (mine.final ^ start)
        plain = read(all_shapes, start, mine.final, base).best

        known: dict[int, bool] = {}

        def ok(sq: int) -> bool:
            if sq not in known:
                far = not base >> sq & 1
                known[sq] = far and read(all_shapes, start, mine.final, base | 1 << sq).best == plain
            return known[sq]

        return ok

    def _scripted(self, s: State) -> Move | None:
        """The next move of the script, while it is still legal here (after a failure it may not be)."""
        if not self._script:
            return None
        move = self._script.pop(0)
        if isinstance(move, Orders):
            return move if move.seat in s.waiting_for() else None
        return move if move in s.legal_moves() else None

    def _made(self, move: Move) -> None:
        before = self.expected
        self.tally.moves += 1  # every move, order set and move entered on the page
        self.tally.seen.update(classes(before, move, before.effect(move)))
        self.made.append(move)
        self.expected = before.play(move)
        # A move the dice follow cannot be taken back at the board, nor can orders (no seat is at the board then).
        self._last = (before, move) if isinstance(self.expected.to_move, int) and not isinstance(move, Orders) else None
        while self.expected.to_move is CHANCE:
            self._last = None
            self.expected = self.expected.play(self.expected.sample_chance())

    # ---- takebacks -----------------------------------------------------------------------------------------------
    def _take_back(self, before: State, move: Move) -> bool:
        """The player puts the last move back by hand and waits: the board must take it back. False when it cannot
        be seen (a move that changes no square's occupancy) or no fair order of hands was found."""
        self._last = None
        after = self.expected
        if before.occupancy() == after.occupancy():
            return False
        if self._quick is not None:
            self._quick = None
            if not self._check():
                return True
        t = self.table
        nxt = shapes(after)
        region = after.game.region(after.seats).mask
        hover = region & ~after.occupancy() & ~before.occupancy()
        acts = takeback_acts(self.rng, t.switches.magnets, before, before.effect(move), nxt, hover)
        if acts is None:
            self.tally.seen[UNFAIR_TAKEBACK] += 1
            return False
        self.tally.moves += 1
        self.tally.takebacks += 1
        self.tally.seen[TAKEBACK] += 1
        if contested(acts, nxt):
            self.tally.seen[CONTESTED_TAKEBACK] += 1
        t.begin(after, nxt, None)
        occ, was = t.switches.magnets, before.occupancy()
        for act in acts:
            # Once the pieces stand as before the move, the player finishes at once (a piece still to turn back):
            # a board standing still as before the move is a takeback, whatever is left to tidy.
            t.advance(t.t + _gap(self.rng, occ != was))
            t.do(act)
            occ = t.switches.magnets
        t.turn = None
        t.quiet()
        history = [p.move for p in t.session.history[self._base :] if p.source is not Source.DICE]
        if history == self.made:
            name = after.game.name
            t.tally.fail("missed", f"{name} t={t.t:.2f}: the takeback of {before.record(move)} was not seen")
            self.made.pop()
            self.expected = before
            self._resync()
            return True
        self.made.pop()
        self.expected = before
        self._check()
        return True

    # ---- checking ------------------------------------------------------------------------------------------------
    def _settle(self) -> None:
        while self._pending:
            before, effect = self._pending.pop(0)
            self._carry(before, effect, None, orders_during=True)
        if self._quick is None:
            self._check()
        else:
            self.table.advance(self.table.t + self.rng.uniform(0.05, 0.3))

    def finish(self) -> None:
        """The last move is checked too when the episode ends right after it."""
        if self._quick is not None:
            self._quick = None
            self._check()

    def _check(self, ahead: int = 0) -> bool:
        t = self.table
        t.quiet()
        history = [p.move for p in t.session.history[self._base :] if p.source is not Source.DICE]
        made = self.made[: len(self.made) - ahead]
        if history == made and t.session.recognizer.mode.value != "chores" and not t.session.prompt:
            return True
        name = self.expected.game.name
        wrong = next((i for i, (h, m) in enumerate(zip(history, made, strict=False)) if h != m), None)
        if wrong is not None or len(history) > len(made):
            i = wrong if wrong is not None else len(made)
            got = history[i] if i < len(history) else None
            want = made[i] if i < len(made) else None
            t.tally.fail("wrong", f"{name} t={t.t:.2f}: committed {got} instead of {want}")
        else:
            left = [str(m) for m in made[len(history) :]]
            what = f"{left} never committed" if left else f"still {t.session.recognizer.mode.value} with the board done"
            t.tally.fail("missed", f"{name} t={t.t:.2f}: {what}")
        self._resync()
        return False

    def _resync(self) -> None:
        """After a failure, go on from the position the moves made lead to, the pieces set as it says."""
        self.made = []
        self._last = None
        self._quick = None
        self.table = self._table(self.expected)


def _cannot_extend(last: tuple[list[Shape], Shape, int, int], square: int) -> bool:
    """No move of the last turn (the last move itself included: a tap held longer) goes on from the last move's
    squares through `square`. A square passed over (empty before the move and after it: a Politrics mover cleared
    off with the board) counts for every move: a move that lands on `square` may explain all the other touches."""
    all_shapes, mine, start, touched = last
    transit = touched & ~start & ~mine.final
    changed = ((mine.decision ^ start) | mine.must | (1 << square)) & ~transit
    return not any(not changed & ~s.involved for s in all_shapes)


def _physical(effect: Effect) -> bool:
    return bool(effect.decision or effect.decision_touch)


def run(name: str, moves: int, seed: int, trace: int = 0) -> Tally:
    """`moves` of `name` from seed `seed`; `trace`: keep that many lines of hand events behind each failure."""
    rng = random.Random(f"{name}/{seed}")
    tally = Tally(trace=Trace(trace) if trace else None)
    while tally.moves < moves:
        state, script = start(name, rng)
        episode = Episode(state, rng, tally, script)
        for _ in range(min(EPISODE, moves - tally.moves)):
            if not episode.step():
                break
        episode.finish()
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.recognition", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=(*GAMES, "all"))
    parser.add_argument("--moves", type=int, default=1000, help="moves per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--trace",
        type=int,
        nargs="?",
        const=LINES,
        default=0,
        metavar="LINES",
        help=f"print the last LINES hand events, sensor changes and board events behind each failure ({LINES})",
    )
    args = parser.parse_args(argv)
    rows = []
    for name in GAMES if args.game == "all" else (args.game,):
        began = time.process_time()
        tally = run(name, args.moves, args.seed, args.trace)
        rows.append(Row(name, tally, time.process_time() - began))
        print(f"{name}: {tally.moves:,} moves, {tally.wrong} wrong, {tally.missed} missed", file=sys.stderr)
        print("\n".join(f"    {f}" for f in tally.failures), file=sys.stderr, flush=True)
        if tally.traces:
            print("\n".join(tally.traces), file=sys.stderr, flush=True)
    print(render(rows))
    return 0 if all(r.tally.clean for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
