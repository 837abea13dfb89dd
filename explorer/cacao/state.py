"""Cacao: one position and the moves from it."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..core import Action, IllegalAction, JoinedActions, LazyActions, ScoreSheet, State
from ..frozen import FrozenMap
from ..messages import N, T
from ..messages import player_name as _player_name
from . import components as C
from .actions import Decline, Fill, Place, Rebuild, Work
from .board import OPPOSITE, SIDES, frontier, neighbours
from .scoring import score_sheet

SIDE_NAMES = (T("top"), T("right"), T("bottom"), T("left"))
PLAYING = ("place", "fill", "work")   # the phases in which someone decides
ROTATIONS = (0, 1, 2, 3)
PLAYER_NAMES = tuple(_player_name(p, C.COLOUR_NAMES) for p in range(len(C.COLOURS)))


def player_name(p: int) -> str:
    """A seat's name as the narration gives it (a few hundred times a game)."""
    return PLAYER_NAMES[p]


class Placed(NamedTuple):
    """A worker tile on the board: its id, owner, rotation and workers per side (N E S W)."""
    tile: int
    owner: int
    rotation: int
    counts: tuple[int, int, int, int]


class Pending(NamedTuple):
    """Activated workers on one side of one tile, not yet used or declined."""
    player: int
    tile: int
    cell: tuple[int, int]
    side: int
    left: int          # workers still to act on this side
    started: bool      # at least one of them has acted (per_edge: finish this side first)


@lru_cache(maxsize=256)   # a value: one of 44 tiles x 4 turns
def placed(tile: int, rotation: int) -> Placed:
    """The tile turned `rotation` (0-3) quarter turns."""
    return Placed(tile, C.owner_of(tile), rotation, C.LAYOUTS[C.pattern_of(tile)][rotation])


class CacaoState(State):
    """A position of Cacao. All fields are immutable (tuples, ints, frozensets, FrozenMaps).

    Flow (OpenSpiel style):
      set-up: colours and villages (water carrier on -10) -> worker tiles removed by player count
      -> each player shuffles a worker pile and draws 3 -> start tiles (single plantation and
      price-2 market, corner to corner) -> 2 players: 7 jungle tiles removed -> jungle pile and a
      display of 2 -> supplies and bank -> start player.
      A turn, clockwise:
        A "place": put one hand tile on a worker cell next to a jungle tile, any rotation (the
          parity of x + y keeps the checkerboard). Once jungle pile and display are both empty, a
          player with a sun token may instead rebuild: pay it and put the hand tile on one of
          their own tiles not rebuilt before.
        B "fill": every empty jungle space next to the new tile that now touches 2+ worker tiles
          is filled by the player: display tiles first (the player picks which goes where), then
          tiles drawn one by one from the pile; tiles run out -> the player picks which spaces
          get them, the rest stay empty.
        C "work": workers activate once in the game: the new tile's sides facing jungle tiles and
          every tile's side facing a space filled this turn. Each player with activated workers
          (the turn's player first, then clockwise) uses them one worker at a time or declines
          them; per_edge (default): a started side is finished before the next one.
        End: draw a worker tile if any; refill the display to 2 from the pile; next player.
      The game ends when every hand is empty (the round in which everyone placed the last tile).
      Score: gold + temples (6 / 3) + 1 per sun token + the water field's value.

    Its narration costs more than its rules, so it is written on read (see State): every
    `_emit` of a step stands under `if self.narrating:`, and nothing else does.
    """

    narrates_on_read = True
    # State.is_over is a field here, as a game asks it three times a step: True (set-up, over)
    # until play starts, set with `phase` where play starts and ends
    is_over = True

    def __init__(self, game: "Cacao", players: int, seed: int, options: dict):
        super().__init__(game, players, seed, options)
        self.removed_workers: tuple[int, ...] = ()
        self.worker_piles: tuple[tuple[int, ...], ...] = ((),) * players   # top = last
        self.hands: tuple[tuple[int, ...], ...] = ((),) * players
        self.workers: FrozenMap = FrozenMap()     # cell -> Placed (top tile of the cell)
        self.frontier: tuple[tuple[int, int], ...] = ()  # place_cells(), kept up to date
        self.covered: FrozenMap = FrozenMap()     # cell -> tuple of Placed under the top tile
        self.jungle: FrozenMap = FrozenMap()      # cell -> jungle tile id
        self.jungle_pile: tuple[int, ...] = ()    # top = last
        self.display: tuple[int, ...] = ()
        self.removed_jungle: tuple[int, ...] = ()
        self.cacao: tuple[int, ...] = (0,) * players
        self.sun: tuple[int, ...] = (0,) * players
        self.water: tuple[int, ...] = (0,) * players   # index into WATER_TRACK
        self.gold: tuple[int, ...] = (0,) * players
        self.activated_sides = 0   # bit 4 * tile id + side of every activated side (see activated)
        self.start_player = 0
        self.turn: int | None = None
        self.phase = "setup"                          # setup, place, fill, work, over
        self.turns = 0
        self.placed_cell: tuple[int, int] | None = None
        self.spaces: tuple[tuple[int, int], ...] = ()  # jungle spaces still to fill this turn
        self.drawn: tuple[int, ...] = ()               # pile tile drawn to fill a space
        self.filled: tuple[tuple[int, int], ...] = ()  # spaces filled this turn
        self.pending: tuple[Pending, ...] = ()
        self.rebuild_announced = False

    player_name = staticmethod(player_name)

    # -- reading -------------------------------------------------------------------------
    @property
    def turn_number(self) -> int | None:
        """Placing, filling and every activated worker's decision belong to one turn."""
        return self.turns + 1 if self.phase in PLAYING else None

    @property
    def current_player(self) -> int | None:
        if self.phase in ("place", "fill"):
            return self.turn
        if self.phase == "work":
            return self.pending[0].player
        return None

    @property
    def cacao_supply(self) -> int:
        return C.CACAO_SUPPLY - sum(self.cacao)

    @property
    def sun_supply(self) -> int:
        return C.SUN_SUPPLY - sum(self.sun)

    @property
    def rebuilding_open(self) -> bool:
        """Rebuilding is possible once jungle pile and display are both empty."""
        return not self.jungle_pile and not self.display

    @property
    def activated(self) -> frozenset:
        """(tile id, side) of every activated side; kept as the bits of `activated_sides`, as a
        turn adds a few sides to a hundred and a frozenset would be copied whole."""
        bits = self.activated_sides
        return frozenset(divmod(i, 4) for i in range(bits.bit_length()) if bits >> i & 1)

    def is_activated(self, tile: int, side: int) -> bool:
        """Whether that side of that tile has activated (without building `activated`)."""
        return bool(self.activated_sides & side_bit(tile, side))

    def water_value(self, player: int) -> int:
        return C.WATER_TRACK[self.water[player]]

    def place_cells(self) -> list[tuple[int, int]]:
        """Empty worker cells edge-adjacent to at least one jungle tile."""
        return list(self.frontier)

    def rebuild_cells(self, player: int) -> list[tuple[int, int]]:
        return sorted(c for c, p in self.workers.items()
                      if p.owner == player and c not in self.covered)

    def fingerprint(self) -> str:
        return repr((self.players, self.seed, sorted(self.options.items(), key=str),
                     self.removed_workers, self.worker_piles, self.hands,
                     sorted((c, tuple(x)) for c, x in self.workers.items()),
                     sorted((c, tuple(map(tuple, xs))) for c, xs in self.covered.items()),
                     sorted(self.jungle.items()), self.jungle_pile, self.display,
                     self.removed_jungle, self.cacao, self.sun, self.water, self.gold,
                     sorted(self.activated), self.start_player, self.turn, self.phase,
                     self.turns, self.placed_cell, self.spaces, self.drawn, self.filled,
                     tuple(map(tuple, self.pending)), self.rebuild_announced, self.viewer))

    # -- legal actions -------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self.phase == "place":
            return self._legal_places()
        if self.phase == "fill":
            names = sorted(set(map(C.JUNGLE.__getitem__, self.display or self.drawn)))
            spaces = sorted(self.spaces)
            actions = []
            for name in names:
                for cell in spaces:
                    actions.append(tuple.__new__(Fill, (name, cell)))
            return actions
        return self._legal_work()

    def _legal_places(self) -> list[Action]:
        p = self.turn
        patterns = _hand_patterns(self.hands[p])
        actions = Offer(Place, patterns, self.frontier)
        if self.sun[p] > 0 and self.rebuilding_open:
            return JoinedActions(actions, Offer(Rebuild, patterns, tuple(self.rebuild_cells(p))))
        return actions

    def _legal_work(self) -> list[Action]:
        pending = self.pending
        p = pending[0].player
        per_edge = self.options["activation_order"] == "per_edge"
        mine = []
        for e in pending:
            if e.player == p:
                if e.started and per_edge:   # a started side is finished first
                    mine = [e]
                    break
                mine.append(e)
        can_sell = self.cacao[p] > 0   # a market takes cacao
        jungle, new = self.jungle, tuple.__new__
        actions: list[Action] = []
        for e in mine:
            where = (e.cell, e.side)
            if can_sell or C.JUNGLE_KIND[jungle[neighbours(e.cell)[e.side]]] != "market":
                actions.append(new(Work, where))
            actions.append(new(Decline, where))
        return actions

    # -- applying ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = action.kind
        if self.phase == "place":
            if kind == "place":
                return self._place(action)
            if kind == "rebuild":
                return self._rebuild(action)
            raise IllegalAction("cacao.turn.phases",
                                T("{player} first places a worker tile (step A)",
                                  player=player_name(self.turn)))
        if self.phase == "fill":
            if kind == "fill":
                return self._fill(action)
            raise IllegalAction("cacao.fill.spaces",
                                T("the jungle spaces next to the new tile are filled first "
                                  "(step B)"))
        if kind in ("work", "decline"):
            return self._work(action)
        raise IllegalAction("cacao.turn.phases",
                            T("the activated workers act now (step C); use or decline them"))

    # step A ---------------------------------------------------------------------------
    def _checked(self, action: Place) -> tuple[int, tuple[int, int], int]:
        """The hand tile, cell and rotation of a place or rebuild, each checked: IllegalAction
        names the first that cannot be."""
        pattern, cell, rotation = action
        p = self.turn
        for tile in self.hands[p]:
            if C.PATTERN_OF[tile] == pattern:
                break
        else:
            have = tuple(sorted({C.pattern_of(t) for t in self.hands[p]}))
            if not have:
                raise IllegalAction("cacao.place.worker_tile",
                                    T("{player} has no {pattern} tile in hand (hand: none)",
                                      player=player_name(p), pattern=str(pattern)))
            raise IllegalAction("cacao.place.worker_tile",
                                T("{player} has no {pattern} tile in hand (hand: {hand})",
                                  player=player_name(p), pattern=str(pattern), hand=have))
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation < 4:
            raise IllegalAction("cacao.place.rotation",
                                T("a tile is turned 0-3 quarter turns, not {rotation}",
                                  rotation=repr(rotation)))
        if type(cell) is not tuple or len(cell) != 2 \
                or type(cell[0]) is not int or type(cell[1]) is not int:   # else as offered
            if (not isinstance(cell, tuple) or len(cell) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
                raise IllegalAction("cacao.place.adjacent",
                                    T("{cell} is not a board cell (x, y)", cell=repr(cell)))
        return tile, cell, rotation

    def _place(self, action: Place) -> None:
        p = self.turn
        tile, cell, rotation = self._checked(action)
        if cell not in self.frontier:   # the free worker cells that touch jungle: all legal ones
            raise self._place_refusal(p, cell)
        self.hands = _replace(self.hands, p, _without(self.hands[p], tile))
        new = placed(tile, rotation)
        self.workers = self.workers.set(cell, new)
        self.frontier = _without(self.frontier, cell)
        self.placed_cell = cell
        if self.narrating:
            self._emit(T("{player} places a {pattern} tile on {cell} (workers {workers}).",
                         player=player_name(p), pattern=C.pattern_of(tile), cell=str(cell),
                         workers=_sides(new.counts)), "cacao.place.worker_tile", p,
                       tile=tile, cell=cell, rotation=new.rotation)
            self._emit(T("It touches a jungle tile along an edge and sits on a worker cell, so "
                         "the checkerboard holds."), "cacao.place.adjacent", p)
        self._start_fill(cell)

    def _place_refusal(self, p: int, cell: tuple[int, int]) -> IllegalAction:
        """Why a tile cannot go on `cell`, worked out only for a refusal: a taken space, a
        space touching no tile, or a jungle space touching worker tiles (never all three named
        at once, so the reason is the condition that failed)."""
        jungle, workers = self.jungle, self.workers
        if cell in jungle:
            return IllegalAction("cacao.place.worker_tile",
                                 T("{cell} is taken: the {tile} lies there; a worker tile goes "
                                   "on an empty space", cell=str(cell),
                                   tile=C.jungle_label(jungle[cell])))
        if cell in workers:
            owner = workers[cell].owner
            if owner == p and self.rebuilding_open and cell not in self.covered:
                return IllegalAction("cacao.rebuild.cost",
                                     T("{cell} is taken by your own tile: putting a tile on it "
                                       "is a rebuild, which costs a sun token", cell=str(cell)))
            return IllegalAction("cacao.place.worker_tile",
                                 T("{cell} is taken: it already holds a worker tile of {owner}",
                                   cell=str(cell), owner=player_name(owner)))
        around = neighbours(cell)
        touched = [n for n in around if n in workers]
        if not touched and not any(n in jungle for n in around):
            return IllegalAction("cacao.place.adjacent",
                                 T("{cell} touches no tile along an edge: a worker tile must "
                                   "touch a jungle tile", cell=str(cell)))
        if touched:
            return IllegalAction("cacao.place.checkerboard",
                                 N("{cell} is a jungle space: a worker tile there would touch "
                                   "the worker tile on {cells}; worker and jungle tiles "
                                   "alternate like a checkerboard",
                                   "{cell} is a jungle space: a worker tile there would touch "
                                   "the worker tiles on {cells}; worker and jungle tiles "
                                   "alternate like a checkerboard",
                                   len(touched), cell=str(cell), cells=tuple(map(str, touched))))
        return IllegalAction("cacao.place.adjacent",
                             T("{cell} touches no jungle tile along an edge", cell=str(cell)))

    def _rebuild(self, action: Rebuild) -> None:
        p = self.turn
        if not self.rebuilding_open:
            raise IllegalAction("cacao.rebuild.when",
                                T("rebuilding starts only once the jungle pile and the display "
                                  "are both empty"))
        tile, cell, rotation = self._checked(action)
        if self.sun[p] < 1:
            raise IllegalAction("cacao.rebuild.cost",
                                T("rebuilding costs a sun token and {player} has none: place "
                                  "the tile normally", player=player_name(p)))
        under = self.workers.get(cell)
        if under is None or under.owner != p:
            raise IllegalAction("cacao.rebuild.own_tile",
                                T("{cell} holds no worker tile of {player}; you rebuild only on "
                                  "your own tiles", cell=str(cell), player=player_name(p)))
        if cell in self.covered:
            raise IllegalAction("cacao.rebuild.once",
                                T("the tile on {cell} was already rebuilt; a tile is rebuilt "
                                  "only once", cell=str(cell)))
        self.sun = _replace(self.sun, p, self.sun[p] - 1)
        self.hands = _replace(self.hands, p, _without(self.hands[p], tile))
        new = placed(tile, rotation)
        self.covered = self.covered.set(cell, (under,))
        self.workers = self.workers.set(cell, new)
        self.placed_cell = cell
        if self.narrating:
            self._emit(T("{player} returns a sun token to the supply to rebuild (now {sun}).",
                         player=player_name(p), sun=self.sun[p]), "cacao.rebuild.cost", p, sun=-1)
            self._emit(T("{player} puts a {pattern} tile on top of their tile on {cell} "
                         "(workers {workers}); it cannot be rebuilt again.",
                         player=player_name(p), pattern=C.pattern_of(tile), cell=str(cell),
                         workers=_sides(new.counts)),
                       "cacao.rebuild.own_tile", p, tile=tile, cell=cell, rotation=new.rotation)
        self._activate(cell, (), "cacao.rebuild.activate")

    # step B ---------------------------------------------------------------------------
    def _start_fill(self, cell: tuple[int, int]) -> None:
        p, jungle, workers = self.turn, self.jungle, self.workers
        spaces = ()   # (loops, not comprehensions, in the steps of every turn: fewer calls)
        for n in neighbours(cell):
            if n not in jungle and len(workers.keys() & neighbours(n)) >= 2:
                spaces += (n,)
        self.filled = ()
        self.drawn = ()
        if not spaces:
            if self.narrating:
                self._emit(T("No empty jungle space next to the new tile touches two worker "
                             "tiles: nothing to fill."), "cacao.fill.skip", p)
            return self._activate(cell, (), "cacao.activate.placed")
        if self.narrating:
            self._emit(N("{n} empty jungle space ({spaces}) now touches two or more worker "
                         "tiles: {player} fills it.",
                         "{n} empty jungle spaces ({spaces}) now touch two or more worker "
                         "tiles: {player} fills them.",
                         len(spaces), spaces=tuple(map(str, spaces)), player=player_name(p)),
                       "cacao.fill.spaces", p, spaces=spaces)
        self.spaces = spaces
        self.phase = "fill"
        self._next_fill()

    def _next_fill(self) -> None:
        """Go on filling: from the display, else a tile drawn from the pile, else stop."""
        p, spaces = self.turn, self.spaces
        if spaces and not self.display and not self.drawn:
            if self.jungle_pile:
                tile = self.jungle_pile[-1]
                self.drawn = (tile,)
                self.jungle_pile = self.jungle_pile[:-1]
                if self.narrating:
                    self._emit(T("The display is used up, so {player} draws a {tile} from "
                                 "the jungle pile for the next space.",
                                 player=player_name(p), tile=C.jungle_label(tile)),
                               "cacao.fill.draw_pile", p, tile=tile)
            else:
                if self.narrating:
                    self._emit(N("No jungle tiles left: {spaces} stays empty.",
                                 "No jungle tiles left: {spaces} stay empty.",
                                 len(spaces), spaces=tuple(map(str, spaces))),
                               "cacao.fill.skip", p)
                self.spaces = ()
        if self.spaces:
            return
        if self.filled and len(self.display) < C.DISPLAY_SIZE and self.narrating:
            self._emit(T("The display is refilled only at the end of the turn."),
                       "cacao.fill.display_waits", p)
        self._activate(self.placed_cell, self.filled, "cacao.activate.placed")

    def _fill(self, action: Fill) -> None:
        p = self.turn
        name, cell = action
        if cell not in self.spaces:
            raise IllegalAction("cacao.fill.spaces",
                                T("{cell} is not one of the spaces to fill now ({spaces})",
                                  cell=repr(cell), spaces=tuple(map(str, self.spaces))))
        source = self.display or self.drawn
        tile = None
        for t in source:
            if C.JUNGLE[t] == name:
                tile = t
                break
        if tile is None:
            raise IllegalAction("cacao.fill.display_choice" if self.display else
                                "cacao.fill.draw_pile", _no_such_tile(name, source, self.display))
        if self.display:
            self.display = _without(self.display, tile)
            rule = "cacao.fill.display_choice"
        else:
            self.drawn = ()
            rule = "cacao.fill.draw_pile"
        self.jungle = self.jungle.set(cell, tile)
        workers, frontier = self.workers, self.frontier
        opened = ()
        for n in neighbours(cell):
            if n not in workers and n not in frontier:
                opened += (n,)
        if opened:
            self.frontier = tuple(sorted(frontier + opened))
        self.spaces = _without(self.spaces, cell)
        self.filled = self.filled + (cell,)
        if self.narrating:
            if rule == "cacao.fill.display_choice":
                said = T("{player} puts the {tile} from the display on {cell}.",
                         player=player_name(p), tile=C.jungle_label(tile), cell=str(cell))
            else:
                said = T("{player} puts the {tile} drawn from the pile on {cell}.",
                         player=player_name(p), tile=C.jungle_label(tile), cell=str(cell))
            self._emit(said, rule, p, tile=tile, cell=cell)
        self._next_fill()

    # step C ---------------------------------------------------------------------------
    def _activate(self, cell, filled, rule: str) -> None:
        """Activate the new tile's sides facing jungle and every side facing a filled space."""
        p = self.turn
        jungle, workers = self.jungle, self.workers
        activated = before = self.activated_sides
        # (worker cell, its side, the jungle cell that side faces)
        found = []
        for side, n in enumerate(neighbours(cell)):
            if n in jungle:
                found.append((cell, side, n))
        for space in filled:
            for wcell, side in zip(neighbours(space), OPPOSITE):   # wcell's side facing space
                if wcell in workers and wcell != cell:
                    found.append((wcell, side, space))
        pending: list[Pending] = []
        narrating = self.narrating
        for wcell, side, facing in found:
            top = workers[wcell]
            n = top.counts[side]
            bit = 1 << (4 * top.tile + side)   # side_bit(), written out: every activation
            if n == 0 or activated & bit:
                continue
            activated |= bit
            jtile = jungle[facing]
            temple = C.JUNGLE_KIND[jtile] == "temple"
            if narrating:
                owner = top.owner
                self._emit(N("{n} worker of {player} on the {side} side of {cell} activates at "
                             "the {tile}.",
                             "{n} workers of {player} on the {side} side of {cell} activate at "
                             "the {tile}.", n, player=player_name(owner), side=SIDE_NAMES[side],
                             cell=str(wcell), tile=C.jungle_label(jtile)),
                           rule if wcell == cell else "cacao.activate.filled", owner,
                           tile=top.tile, side=side, workers=n, cell=wcell)
                if temple:
                    self._emit(T("Temples do nothing during play; they score at the end."),
                               "cacao.work.temple", owner)
            if not temple:
                pending.append(tuple.__new__(Pending, (top.owner, top.tile, wcell, side, n, False)))
        if activated != before:
            self.activated_sides = activated
        if len(pending) > 1:   # clockwise from the turn's player: q is (q - p) % players after p
            players = self.players
            pending.sort(key=lambda e: ((e.player - p) % players, e.cell, e.side))
        queue = self.pending = tuple(pending)
        if queue and queue[-1].player != p and self.narrating:   # others act too (p's first)
            acting = tuple(map(player_name, dict.fromkeys(e.player for e in queue)))
            self._emit(T("Everyone with activated workers now uses them ({players}), each in "
                         "the order they like; any may be declined.", players=acting),
                       "cacao.activate.all_players")
        if queue:
            self.phase = "work"
        else:
            self._end_turn()

    def _work(self, action: Work) -> None:
        pending = self.pending
        me = pending[0].player
        cell, side = action
        for index, e in enumerate(pending):
            if e.player == me and e.cell == cell and e.side == side:
                break
        else:
            raise self._work_refusal(me, cell, side)
        if self.options["activation_order"] == "per_edge":
            for busy in pending:
                if busy.started and busy.player == me and busy is not e:
                    raise IllegalAction("cacao.activate.order",
                                        T("finish the workers on side {side} of {cell} (use or "
                                          "decline them) before another side",
                                          side=SIDES[busy.side], cell=str(busy.cell)))
        if action.kind == "decline":
            if self.narrating:
                self._emit(N("{player} declines {n} worker on the {side} side of {cell}.",
                             "{player} declines {n} workers on the {side} side of {cell}.",
                             e.left, player=player_name(me), side=SIDE_NAMES[e.side],
                             cell=str(e.cell)), "cacao.activate.decline", me,
                           tile=e.tile, side=e.side, workers=e.left)
            self.pending = self.pending[:index] + self.pending[index + 1:]
        else:
            self._do_work(e)
            rest = tuple.__new__(Pending, (e.player, e.tile, e.cell, e.side, e.left - 1, True))
            self.pending = (self.pending[:index] + ((rest,) if rest.left else ())
                            + self.pending[index + 1:])
        if not self.pending:
            self._end_turn()

    def _work_refusal(self, me: int, cell, side) -> IllegalAction:
        """Why no worker of `me` acts from that side of that cell, worked out only for a
        refusal: no tile, someone else's tile, no workers there, nothing faced, a temple, or
        workers that have acted already."""
        where = {"side": _side_name(side), "cell": repr(cell)}
        try:
            top = self.workers.get(cell)
        except TypeError:   # not hashable: not a cell
            top = None
        if top is None:
            return IllegalAction("cacao.activate.once",
                                 T("there is no worker tile on {cell}", cell=repr(cell)))
        if top.owner != me:
            return IllegalAction("cacao.activate.once",
                                 T("the tile on {cell} belongs to {owner}: {player} uses only "
                                   "their own workers", cell=str(cell),
                                   owner=player_name(top.owner), player=player_name(me)))
        if not isinstance(side, int) or isinstance(side, bool) or not 0 <= side < 4:
            return IllegalAction("cacao.activate.once",
                                 T("{side} is not a side (N, E, S, W)", side=repr(side)))
        if not top.counts[side]:
            return IllegalAction("cacao.activate.once",
                                 T("the tile on {cell} has no workers on side {side}",
                                   cell=str(cell), side=SIDES[side]))
        facing = neighbours(cell)[side]
        if facing not in self.jungle:
            return IllegalAction("cacao.activate.placed",
                                 T("side {side} of {cell} faces no jungle tile: only workers "
                                   "facing a jungle tile are activated", **where))
        if C.JUNGLE_KIND[self.jungle[facing]] == "temple":
            return IllegalAction("cacao.work.temple",
                                 T("side {side} of {cell} faces a temple: temples do nothing "
                                   "during play; they score at the end", **where))
        return IllegalAction("cacao.activate.once",
                             T("the workers on side {side} of {cell} have already acted (or "
                               "were declined); each worker acts once in the game", **where))

    def _do_work(self, e: Pending) -> None:
        p = e.player
        jtile = self.jungle[neighbours(e.cell)[e.side]]
        kind, value = C.JUNGLE_KIND[jtile], C.JUNGLE_VALUE[jtile]
        if kind == "plantation":
            total = self.cacao[p] + value
            kept = min(C.CACAO_CAP, total)
            self.cacao = _replace(self.cacao, p, kept)
            lost = total - kept
            if self.narrating:
                if lost:
                    said = T("{player} takes {cacao} cacao from the {tile} (now {now}; {lost} "
                             "lost (5 cacao spaces)).", player=player_name(p), cacao=value,
                             tile=C.jungle_label(jtile), now=kept, lost=lost)
                else:
                    said = T("{player} takes {cacao} cacao from the {tile} (now {now}).",
                             player=player_name(p), cacao=value, tile=C.jungle_label(jtile),
                             now=kept)
                self._emit(said, "cacao.work.plantation", p, cacao=value - lost, lost=lost)
        elif kind == "market":
            cacao, gold = self.cacao[p] - 1, self.gold[p] + value
            if cacao < 0:
                raise IllegalAction("cacao.work.market",
                                    T("{player} has no cacao to sell at the market",
                                      player=player_name(p)))
            self.cacao = _replace(self.cacao, p, cacao)
            self.gold = _replace(self.gold, p, gold)
            if self.narrating:
                self._emit(T("{player} sells 1 cacao for {price} gold (now {gold} gold, {cacao} "
                             "cacao).", player=player_name(p), price=value, gold=gold,
                             cacao=cacao), "cacao.work.market", p, gold=value, cacao=-1)
        elif kind == "gold_mine":
            gold = self.gold[p] + value
            self.gold = _replace(self.gold, p, gold)
            if self.narrating:
                self._emit(T("{player} takes {gold} gold from the gold mine (now {now}).",
                             player=player_name(p), gold=value, now=gold),
                           "cacao.work.gold_mine", p, gold=value)
        elif kind == "water":
            step = min(self.water[p] + 1, len(C.WATER_TRACK) - 1)
            moved = step - self.water[p]
            self.water = _replace(self.water, p, step)
            if self.narrating:
                if moved:
                    said = T("{player} moves the water carrier to {value}.",
                             player=player_name(p), value=C.WATER_TRACK[step])
                else:
                    said = T("{player} cannot move the water carrier beyond 16.",
                             player=player_name(p))
                self._emit(said, "cacao.work.water", p, water=moved)
        else:  # sun_worship
            total = self.sun[p] + 1
            kept = min(C.SUN_CAP, total)
            self.sun = _replace(self.sun, p, kept)
            if self.narrating:
                if total > kept:
                    said = T("{player} takes a sun token (now {now}; it is lost (3 sun "
                             "spaces)).", player=player_name(p), now=kept)
                else:
                    said = T("{player} takes a sun token (now {now}).", player=player_name(p),
                             now=kept)
                self._emit(said, "cacao.work.sun_worship", p, sun=kept - total + 1,
                           lost=total - kept)

    # end of turn ------------------------------------------------------------------------
    def _end_turn(self) -> None:
        p, narrating = self.turn, self.narrating
        self.pending = ()
        self.spaces = ()
        self.filled = ()
        self.placed_cell = None
        self.turns += 1
        if self.worker_piles[p]:
            tile = self.worker_piles[p][-1]
            self.worker_piles = _replace(self.worker_piles, p, self.worker_piles[p][:-1])
            self.hands = _replace(self.hands, p, tuple(sorted(self.hands[p] + (tile,))))
            if narrating:
                self._emit(T("{player} draws a worker tile from their pile.",
                             player=player_name(p)), "cacao.turn.draw_worker", p, tile=tile)
        elif narrating:
            self._emit(T("{player}'s worker pile is empty: no tile drawn.",
                         player=player_name(p)), "cacao.turn.draw_worker", p)
        need = min(C.DISPLAY_SIZE - len(self.display), len(self.jungle_pile))
        if need > 0:
            new = self.jungle_pile[len(self.jungle_pile) - need:]
            self.jungle_pile = self.jungle_pile[:len(self.jungle_pile) - need]
            self.display = self.display + tuple(reversed(new))
            if narrating:
                self._emit(T("The display is refilled to {count}: {tiles}.",
                             count=len(self.display),
                             tiles=tuple(map(C.jungle_label, self.display))),
                           "cacao.turn.refill_display", p, tiles=new)
        if self.rebuilding_open and not self.rebuild_announced:
            self.rebuild_announced = True
            if narrating:
                self._emit(T("The jungle pile and the display are empty: from the next turn "
                             "on, a player may rebuild one of their own tiles for a sun token."),
                           "cacao.rebuild.when")
        if not any(self.hands):
            self.phase = "over"
            self.is_over = True
            self.turn = None
            if narrating:
                self._emit(T("Every player has placed their last worker tile: the game ends; "
                             "temples, sun tokens and water carriers are scored."),
                           "cacao.end.trigger")
            return
        self.turn = nxt = (p + 1) % self.players
        self.phase = "place"
        if narrating:
            self._emit(T("{player} is next (clockwise).", player=player_name(nxt)),
                       "cacao.turn.order", nxt)

    # -- scoring -------------------------------------------------------------------------
    def score(self) -> ScoreSheet:
        return score_sheet(self)

    # -- hidden information ----------------------------------------------------------------
    def _hide(self, player: int) -> None:
        self.hands = tuple(h if q == player else (C.HIDDEN,) * len(h)
                           for q, h in enumerate(self.hands))
        self.worker_piles = tuple((C.HIDDEN,) * len(pile) for pile in self.worker_piles)
        self.jungle_pile = (C.HIDDEN,) * len(self.jungle_pile)


_OFFERED: dict[type, dict] = {Place: {}, Rebuild: {}}   # -> {cell: the cell's 16 actions}
_OFFERED_CELLS = 1024   # random games meet ~200 cells; odd hand-built boards start afresh
_PATTERN_INDEX = {name: i for i, name in enumerate(C.PATTERNS)}


class Offer(LazyActions):
    """Place (or Rebuild) actions: each of `patterns` turned 0-3 on each of `cells`, in that
    order (pattern, then rotation, then cell). Lazy: a turn offers hundreds and a bot reads one.

    Actions are immutable values, so each cell's 16 actions (pattern in PATTERNS order, then
    rotation) are built once and shared by every position."""
    __slots__ = ("_kind", "_patterns", "_cells")

    def __init__(self, kind: type, patterns: tuple[str, ...], cells: tuple[tuple[int, int], ...]):
        self._kind, self._patterns, self._cells = kind, patterns, cells
        super().__init__(4 * len(patterns) * len(cells))

    def _block(self, cell: tuple[int, int]) -> tuple[Action, ...]:
        """The 16 actions of `cell`."""
        table = _OFFERED[self._kind]
        try:
            return table[cell]
        except KeyError:   # a cell not offered before
            if len(table) > _OFFERED_CELLS:
                table.clear()
            kind = self._kind
            block = table[cell] = tuple(tuple.__new__(kind, (pat, cell, r))
                                        for pat in C.PATTERNS for r in range(4))
            return block

    def _item(self, index: int) -> Action:
        column, c = divmod(index, len(self._cells))
        pattern, rotation = divmod(column, 4)
        return self._block(self._cells[c])[4 * _PATTERN_INDEX[self._patterns[pattern]] + rotation]

    def _actions(self):
        blocks = tuple(map(self._block, self._cells))
        for pattern in self._patterns:
            start = 4 * _PATTERN_INDEX[pattern]
            for column in range(start, start + 4):
                for block in blocks:
                    yield block[column]

    def _contains(self, action) -> bool:
        return (type(action) is self._kind and len(action) == 3 and action[0] in self._patterns
                and action[2] in ROTATIONS and action[1] in self._cells)


@lru_cache(maxsize=1024)
def _hand_patterns(hand: tuple[int, ...]) -> tuple[str, ...]:
    """The patterns in a hand, sorted, once each (a hand is one of a few hundred)."""
    return tuple(sorted(set(map(C.pattern_of, hand))))


def side_bit(tile: int, side: int) -> int:
    """The bit of `activated_sides` that stands for that side (0-3) of that tile."""
    return 1 << (4 * tile + side)


def _replace(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _without(values: tuple, item) -> tuple:
    i = values.index(item)
    return values[:i] + values[i + 1:]


def _no_such_tile(name, source, display) -> str:
    """Why no tile `name` can fill a space: the display (or the tile drawn) holds none."""
    offer = tuple(map(C.jungle_label, source))
    if isinstance(name, str) and name in C.JUNGLE_CODES:
        name = C.JUNGLE_CODES[name]
        if display:
            return T("no '{name}' in the display ({offer})", name=name, offer=offer)
        return T("no '{name}' in the tile drawn from the pile ({offer})", name=name, offer=offer)
    if display:
        return T("no {name} in the display ({offer})", name=repr(name), offer=offer)
    return T("no {name} in the tile drawn from the pile ({offer})", name=repr(name), offer=offer)


def _sides(counts) -> str:
    north, east, south, west = counts
    return f"N{north} E{east} S{south} W{west}"


def _side_name(side) -> str:
    return SIDES[side] if isinstance(side, int) and 0 <= side < 4 else repr(side)
