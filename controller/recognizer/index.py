"""The turn index: what the recognizer asks at each sensor event, answered from a few candidates, not thousands.

A candidate is a move the board may see (every legal move with a physical decision, and every near miss the game
reports), with the occupancy after its decision and after its chores, the squares the sensors must see touched and
the squares it may lift or fill at all precomputed.

Every candidate a board can match, or still be on its way to, changes or touches a square the board changed or the
hands touched. So the index is kept by square and built lazily: at the turn's start only the pieces the player may
move (from the game's outlines of its moves, when it gives them); a square's candidates, and their effects, the first
time the board changes it; the rest a slice at a time while the loop has nothing else to do (`prepare`). A game
without outlines has its effects worked out at the start, as they cost no more than the outlines would.

Even the start is put off: `build_index` only notes the position, and the moves, their outlines and the near misses
are worked out at the first question (or by the first slices of `prepare`, each a step of its own: `loaded` says
whether any is left). So the callback that commits a move and begins the next turn never pays for the next turn's
index: the loop works it out in callbacks of their own before it hands the board anything else (`Controller`).
Every answer is the same as had it been worked out at once: the position is a value.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from controller.games import Move, State
from controller.recognizer.candidate import Candidate, make_candidate
from controller.recognizer.groups import Square, lights

__all__ = ["Candidate", "TurnIndex", "build_index", "make_candidate"]

_LIST, _OUTLINE, _NEAR = range(3)  # the steps of a turn's start still to be worked out (see `_Start`)
_LISTED = object()  # the end of a position's `listing`
OUTLINES_PER_STEP = 1000  # moves outlined in one step of a turn's start

# Moves whose candidates one slice of `prepare` builds: well under a millisecond of CPU on the development machine.
SLICE = 50
# Once all candidates are made, a square a slice is listed and a slice works out its groups' summaries (a square of
# a Djambi turn of 4,000 moves has 3,000 of them: the two together were a 2.5 ms slice).
SQUARE_STEPS = 2
LIFTS_PER_SLICE = 2  # pieces whose lights (lifted alone) one slice works out, once every square is listed
# What one slice of `dismantle` lets go of: squares' lists, then candidates (each freeing its effect and steps).
SQUARES_LET_GO = 8
CANDIDATES_LET_GO = 400
ORDER_PER_SLICE = 1000  # deferred moves a slice goes through to list the candidates in the turn's order
SQUARES = 81
_READY = 1 << 40  # the turn's order of the candidates made at once: after every deferred move


def _acts(c: Candidate) -> int:
    """What the player can act on: the pieces the decision lifts, or the squares it taps (a Politics claim)."""
    return c.decision_lifts or (c.must_touch if not c.effect.decision else 0)


class _Start:
    """What a turn's start still has to work out: the position, its moves (None: the seat to move's legal moves,
    listed in the first steps, `State.listing`), whether near misses are indexed, and the outlines and candidates
    found so far."""

    __slots__ = ("candidates", "listing", "moves", "near_misses", "outlined", "outlines", "state", "step")

    def __init__(self, state: State, moves: Sequence[Move] | None, near_misses: bool) -> None:
        self.state = state
        self.moves = moves
        self.near_misses = near_misses
        self.listing: Iterator[None] | None = None
        self.outlines: list[tuple[int, int]] | None = None
        self.outlined = 0  # of the moves, how many have their outline
        self.candidates: list[Candidate] = []
        self.step = _LIST if moves is None else _OUTLINE

    def advance(self) -> bool:
        """One step more; False once none is left."""
        if self.step == _LIST:
            more = self._list()
        elif self.step == _OUTLINE:
            more = self._outline()
        elif self.step == _NEAR:
            more = self._near()
        else:
            return False
        if not more:
            self.step += 1
        return True

    def _list(self) -> bool:
        if self.listing is None:
            self.listing = self.state.listing()
        if next(self.listing, _LISTED) is not _LISTED:
            return True
        self.moves = self.state.legal_moves()
        return False

    def _outline(self) -> bool:
        state, moves, done = self.state, self.moves, self.outlined
        assert moves is not None
        part = state.outlines(moves[done : done + OUTLINES_PER_STEP])
        if part is None:  # a game without outlines: every effect worked out at once
            start = state.occupancy()
            for m in moves:
                effect = state.effect(m)
                if effect.decision or effect.decision_touch:
                    self.candidates.append(make_candidate(start, m, effect))
            return False
        if self.outlines is None:
            self.outlines = []
        self.outlines.extend(part)
        self.outlined = done + OUTLINES_PER_STEP
        return self.outlined < len(moves)

    def _near(self) -> bool:
        if self.near_misses:
            start = self.state.occupancy()
            for nm in self.state.near_misses():
                if nm.effect.decision or nm.effect.decision_touch:
                    self.candidates.append(make_candidate(start, nm.move, nm.effect, nm))
        return False


class TurnIndex:
    """The candidates of one turn, kept by the squares they change, built as the board asks (see the module).

    `TurnIndex(start, candidates)` indexes candidates already made; `build_index` one from a position's moves.
    """

    __slots__ = (
        "_all",
        "_built",
        "_lights",
        "_masks",
        "_movable",
        "_ordered",
        "_ordered_to",
        "_pending",
        "_prepared",
        "_rank",
        "_reach",
        "_ready",
        "_same_piece",
        "_square",
        "_start",
        "_state",
        "_ways",
        "earlier",
        "start",
        "undo",
    )

    def __init__(
        self,
        start: int,
        candidates: Sequence[Candidate] = (),
        earlier: dict[int, int] | None = None,
        undo: dict[int, int] | None = None,
    ) -> None:
        self.start = start
        self.earlier = earlier or {}  # occupancy of an earlier position -> plies back
        self.undo = undo or {}  # earlier occupancy -> squares taking the moves back touches
        self._start: _Start | None = None  # what the turn's start still has to work out (`build_index`)
        self._install(candidates)

    def _install(self, candidates: Sequence[Candidate]) -> None:
        # Moves not yet made candidates, with the squares each may involve; `_built` holds the ones made, by the
        # move's place in the turn's order (so a move has one candidate, whichever square asked for it first).
        self._state: State | None = None
        self._pending: Sequence[Move] = ()
        self._reach: list[int] = []
        self._built: dict[int, Candidate] = {}
        # Candidates made at once (a game's near misses are few), after the deferred moves in the turn's order.
        self._ready: list[Candidate] = list(candidates)
        self._all: list[Candidate] | None = list(candidates)
        self._masks: list[int] = [c.involved for c in candidates]  # by `_all`: the squares each may involve
        self._rank: dict[int, int] = {id(c): _READY + n for n, c in enumerate(candidates)}  # place in the order
        self._square: dict[int, Square] = {}
        self._ways: dict[int, list[Candidate]] = {}  # on the way to an occupancy, once asked
        self._lights: dict[tuple[int, int], tuple[int, int]] = {}  # the lights for (occupancy, touched), once asked
        self._same_piece: dict[int, bool] = {}
        self._prepared = 0
        self._ordered: tuple[list[Candidate], list[int]] = ([], [])  # `candidates`' list so far (`_order`)
        self._ordered_to = 0  # of the deferred moves, how many `_ordered` went through
        movable = 0
        for c in candidates:
            if c.near_miss is None:
                movable |= _acts(c)
        self._movable = movable

    @property
    def loaded(self) -> bool:
        """Whether the turn's start is worked out (its moves, their outlines, the near misses)."""
        return self._start is None

    def _load(self) -> None:
        """Work out what the turn's start has left, all of it: a question needs it now."""
        start = self._start
        if start is not None:
            while start.advance():
                pass
            self._finish(start)

    def _finish(self, start: _Start) -> None:
        self._start = None
        self._install(start.candidates)
        if start.outlines is not None:
            assert start.moves is not None
            self._defer(start.state, start.moves, start.outlines)

    @property
    def prepared(self) -> bool:
        """Whether `prepare` has nothing left to build."""
        if self._start is not None:
            return False
        return self._prepared - len(self._reach) - SQUARE_STEPS * SQUARES >= self.start.bit_count()

    @property
    def movable(self) -> int:
        """Squares the player can act on (shown while the board waits)."""
        if self._start is not None:
            self._load()
        return self._movable

    def _defer(self, state: State, moves: Sequence[Move], outlines: list[tuple[int, int]]) -> None:
        """Moves whose candidates are made when a square of theirs is asked for (or `prepare` gets to them)."""
        self._state = state
        self._pending = moves
        self._reach = [reach for _, reach in outlines]
        self._all = None
        movable = self._movable
        for acts, _ in outlines:
            movable |= acts
        self._movable = movable

    # ---- building ------------------------------------------------------------------------------------------
    def _made(self, i: int) -> Candidate:
        c = self._built.get(i)
        if c is None:
            assert self._state is not None
            move = self._pending[i]
            c = self._built[i] = make_candidate(self.start, move, self._state.effect(move))
            self._rank[id(c)] = i
        return c

    @property
    def candidates(self) -> list[Candidate]:
        """Every candidate, in the turn's order (the legal moves, then the near misses); builds what is left."""
        if self._start is not None:
            self._load()
        if self._all is None:
            reach = self._reach
            indices = [i for i, r in enumerate(reach) if r]
            made = [self._made(i) for i in indices]
            self._all = made + self._ready
            self._masks = [reach[i] | c.involved for i, c in zip(indices, made, strict=True)]
            self._masks += [c.involved for c in self._ready]
        return self._all

    def _order(self) -> None:
        """A slice of `candidates`' list (every candidate made), taken up by it once the last slice is done."""
        reach, made = self._reach, self._made
        order, masks = self._ordered
        start = self._ordered_to
        end = min(start + ORDER_PER_SLICE, len(reach))
        for i in range(start, end):
            if reach[i]:
                c = made(i)
                order.append(c)
                masks.append(reach[i] | c.involved)
        self._ordered_to = end
        if end == len(reach):
            self._all = order + self._ready
            self._masks = masks + [c.involved for c in self._ready]
            self._ordered = ([], [])

    def _around(self, square: int) -> Square:
        """The candidates that may lift, fill or tap `square`, in the turn's order, and by what they end in."""
        found = self._square.get(square)
        if found is None:
            if self._all is not None:
                return self._exact(square)
            bit = 1 << square
            made = self._made
            pool = [made(i) for i, reach in enumerate(self._reach) if reach & bit]
            pool += [c for c in self._ready if (c.lifts | c.fills) & bit]
            found = self._square[square] = Square(pool, False)
        return found

    def _exact(self, square: int, summarized: bool = True) -> Square:
        """`_around(square)` with also every candidate that only taps `square` as a chore (all being made)."""
        found = self._square.get(square)
        if found is None or not found.exact:
            bit = 1 << square
            pool = [c for c, m in zip(self.candidates, self._masks, strict=True) if m & bit]
            found = self._square[square] = Square(pool, True, summarized)
        return found

    def _merged(self, groups: list[list[Candidate]]) -> list[Candidate]:
        """The candidates of several squares' groups, each once, in the turn's order."""
        if len(groups) == 1:
            return groups[0]
        seen = {id(c): c for group in groups for c in group}
        rank = self._rank
        return sorted(seen.values(), key=lambda c: rank[id(c)])

    def _squares(self, occupancy: int, touched: int) -> list[Square]:
        """Squares whose candidates include all those the board may show or be on its way to: a board that has
        changed a square is only ever a move that changes it (the square with the fewest candidates is taken); a
        board back at the start only a move that touches one of the squares the hands touched (all are taken)."""
        changed = occupancy ^ self.start
        if not changed:
            out = []
            while touched:
                low = touched & -touched
                out.append(self._around(low.bit_length() - 1))
                touched ^= low
            return out
        best: Square | None = None
        for _ in range(8):
            low = changed & -changed
            known = self._square.get(low.bit_length() - 1)
            if known is not None and (best is None or len(known.pool) < len(best.pool)):
                best = known
            changed ^= low
            if not changed:
                break
        if best is not None:
            return [best]
        lifted = self.start & ~occupancy
        first = lifted if lifted else occupancy & ~self.start
        return [self._around((first & -first).bit_length() - 1)]

    def prepare(self) -> bool:
        """Build one slice of what is not built yet while the loop has nothing else to do: the deferred moves'
        candidates, each square's, then what the lights show for each piece lifted alone. False once all is. The
        turn's start comes first, a step a slice (`loaded`)."""
        start = self._start
        if start is not None:
            if not start.advance():
                self._finish(start)
            return True
        reach = self._reach
        done = self._prepared
        if done < len(reach):
            made = self._made
            for i in range(done, min(done + SLICE, len(reach))):
                if reach[i]:
                    made(i)
            self._prepared = min(done + SLICE, len(reach))
            return True
        if self._all is None:
            self._order()  # all made: their list in the turn's order, a thousand a slice
            return True
        step = done - len(reach)
        if step < SQUARE_STEPS * SQUARES:
            sq, summarizing = divmod(step, SQUARE_STEPS)
            found = self._exact(sq, summarized=False)
            if summarizing:
                found.summarize()
            self._prepared += 1
            return True
        step -= SQUARE_STEPS * SQUARES
        pieces = [sq for sq in range(SQUARES) if self.start >> sq & 1]
        if step >= len(pieces):
            return False
        for sq in pieces[step : step + LIFTS_PER_SLICE]:
            self.on_the_way(self.start & ~(1 << sq))
            self.lights(self.start & ~(1 << sq), 1 << sq)
        self._prepared += LIFTS_PER_SLICE
        return True

    def dismantle(self) -> bool:
        """Let go of a slice of what the index built, once its turn is over and nothing asks it any more: False
        once nothing is left. Freed at once, a wide index is a pause of its own (2.5 ms of CPU here for a Djambi
        turn of 4,000 moves), in whichever callback begins the next turn."""
        if self._square:
            for _ in range(min(SQUARES_LET_GO, len(self._square))):
                self._square.popitem()
            return True
        if self._all is not None or self._ways or self._lights:
            # Lists of candidates the index also keeps by their place in the turn (`_built`): no candidate is
            # freed yet, so these go at once.
            self._all = None
            self._masks, self._rank, self._ready, self._reach, self._ordered = [], {}, [], [], ([], [])
            self._ways, self._lights, self._same_piece = {}, {}, {}
            return True
        built = self._built
        if built:
            for _ in range(min(CANDIDATES_LET_GO, len(built))):
                built.popitem()
            return True
        self._state, self._pending, self._start = None, (), None
        return False

    # ---- what the state machine asks -----------------------------------------------------------------------
    def consistent(self, occupancy: int, touched: int) -> list[Candidate]:
        """The candidates the board shows, with every square they must touch touched: the decision, the decision
        and its chores, or (when no legal move fits) the decision with part of its chores done."""
        if self._start is not None:
            self._load()
        squares = self._squares(occupancy, touched)
        if not squares:
            return []
        out = self._merged([sq.by_decision.get(occupancy, []) for sq in squares])
        out = [c for c in out if not (c.must_touch & ~touched)]
        final = self._merged([sq.by_final.get(occupancy, []) for sq in squares])
        out += [c for c in final if not (c.final_touch & ~touched)]
        # Hands in another order: the decision with part of its chores done (a victim taken off first). Looked for
        # even when another move's decision fits exactly: a Polis dog stepping from a8 to b7 with the chariot on c6
        # lifted and put back looks just like the chariot stepping to b7 with the dog's hop onto c6 done first.
        seen = {id(c) for c in out}
        chored = self._merged([sq.chored for sq in squares])
        out += [c for c in chored if id(c) not in seen and c.partly_done(occupancy, touched)]
        return out

    def extendable(self, c: Candidate) -> bool:
        """Could the board still turn into another move of the same piece (a slide not yet finished)?"""
        # Counted on first need: only a handful of moves are ever matched in a turn, out of thousands.
        if self._start is not None:
            self._load()
        key = c.decision_lifts
        found = self._same_piece.get(key)
        if found is None:
            found = False
            pool = self._squares(self.start ^ key, 0)[0].pool if key else self.candidates
            first: tuple[int, int] | None = None
            for o in pool:
                if o.decision_lifts == key and o.near_miss is None:
                    ends = (o.decision_occ, o.must_touch)
                    if first is None:
                        first = ends
                    elif ends != first:  # two ways to end: enough to know
                        found = True
                        break
            self._same_piece[key] = found
        return found

    def on_the_way(self, occupancy: int) -> list[Candidate]:
        """Candidates the board could still become (in no particular order)."""
        if self._start is not None:
            self._load()
        found = self._ways.get(occupancy)
        if found is None:
            # Back at the start, every move could still come of the board.
            if occupancy == self.start:
                found = self.candidates
            else:
                found = self._ways_in(self._squares(occupancy, 0)[0], occupancy)
            self._ways[occupancy] = found
        return found

    def _ways_in(self, square: Square, occupancy: int) -> list[Candidate]:
        """The candidates of `square` on their way to `occupancy`: those lifting every square lifted so far (taken
        by their whole lift, which many share: a Djambi kill's corpse squares) and filling every square filled."""
        lifted = self.start & ~occupancy
        added = occupancy & ~self.start
        out: list[Candidate] = []
        for lifts, group in square.by_lifts.items():
            if lifted & ~lifts:
                continue
            out += [c for c in group if not added & ~c.fills] if added else group
        return out

    def lights(self, occupancy: int, touched: int) -> tuple[int, int]:
        """Destinations and capture targets of the pieces in the air (groups.lights), kept for the turn."""
        if self._start is not None:
            self._load()
        key = (occupancy, touched)
        found = self._lights.get(key)
        if found is None:
            if occupancy == self.start:
                found = lights(self.start, occupancy, touched, None, self.candidates)
            else:
                found = lights(self.start, occupancy, touched, self._narrowest(occupancy, touched), [])
            self._lights[key] = found
        return found

    def _narrowest(self, occupancy: int, touched: int) -> Square:
        """The square with the fewest candidates among those every move on its way to `occupancy` that explains
        `touched` must involve: a changed square, or a touched one not merely passed over (whose list holds the
        moves that only tap it as a chore too)."""
        best = self._squares(occupancy, 0)[0]
        kept = touched & (self.start | occupancy)
        for _ in range(4):
            if not kept:
                break
            low = kept & -kept
            known = self._square.get(low.bit_length() - 1)
            if known is not None and known.exact and len(known.pool) < len(best.pool):
                best = known
            kept ^= low
        return best


def earlier_boards(start: int, earlier: Sequence[State], undo: Sequence[int]) -> tuple[dict[int, int], dict[int, int]]:
    """Per earlier board (newest first, the start's own left out): how many plies back it stands, and the squares
    taking those plies back may touch."""
    past: dict[int, int] = {}
    touches: dict[int, int] = {}
    for plies, s in enumerate(earlier, start=1):
        occ = s.occupancy()
        if occ != start and occ not in past:
            past[occ] = plies
            touches[occ] = (undo[plies - 1] if plies <= len(undo) else ~0) | (occ ^ start)
    return past, touches


def build_index(
    state: State,
    moves: Sequence[Move] | None = None,
    earlier: Sequence[State] = (),
    with_near_misses: bool = True,
    undo: Sequence[int] = (),
) -> TurnIndex:
    """The index for `state` with the seat at the board choosing among `moves` (None: its legal moves), worked out
    when first asked or prepared (see the module).

    Moves without a physical decision (a declaration, a speech card) are left out: they come from the page.
    `earlier` are previous positions, newest first, recognized as a takeback when the board returns to one; `undo`
    the squares the moves since each of them involve (taking them back touches only those).
    """
    start = state.occupancy()
    index = TurnIndex(start, (), *earlier_boards(start, earlier, undo))
    index._start = _Start(state, moves, with_near_misses)
    return index
