"""Taluva: one position and the moves from it."""
from __future__ import annotations

from typing import NamedTuple

from ..core import Action, IllegalAction, ScoreSheet, State
from ..frozen import FrozenMap
from ..messages import Message, N, T, player_name as _player_name
from . import components as C
from .actions import Expand, Finish, Place
from .board import Building, Cell, Settlement, lava_direction, settlements, shrunk, tile_hexes
from .building import (HUT, TEMPLE, TOWER, Extent, Vacancies, build_targets, can_build, expansion,
                       expansion_problem, extent, extents_after, extents_built, hut_problem, legal_builds,
                       temple_problem, tower_problem)
from .placement import (Coast, Placements, covered_tiles, eruption_guards, eruption_sites,
                        guards_after, placement_problem, sites_after_tile)
from .scoring import built, early_win_kinds, score_sheet

KIND_INDEX = {"hut": HUT, "temple": TEMPLE, "tower": TOWER}


def player_name(p: int) -> Message:
    return _player_name(p, C.COLOUR_NAMES)


def _built(p: int, kind: str, hex: str, level: int) -> Message:
    """The narration of one new building (a hut, a temple or a tower)."""
    player = player_name(p)
    if kind == "hut":
        return T("{player} builds a new hut on {hex} (level {level}).", player=player, hex=hex,
                 level=level)
    if kind == "temple":
        return T("{player} builds a temple on {hex} (level {level}).", player=player, hex=hex,
                 level=level)
    return T("{player} builds a tower on {hex} (level {level}).", player=player, hex=hex,
             level=level)


def _one_kind_only(kind: str) -> Message:
    """The refusal of a second kind of building in a one_kind turn."""
    if kind == "hut":
        return T("this turn you build huts only: one kind a turn")
    if kind == "expand":
        return T("this turn you build expands only: one kind a turn")
    if kind == "temple":
        return T("this turn you build temples only: one kind a turn")
    return T("this turn you build towers only: one kind a turn")


def _no_more(p: int, kind: str) -> Message:
    """A one_kind turn that ends because no building of its kind is left to build."""
    player = player_name(p)
    if kind == "hut":
        return T("{player} cannot build another hut this turn.", player=player)
    if kind == "expand":
        return T("{player} cannot build another expand this turn.", player=player)
    if kind == "temple":
        return T("{player} cannot build another temple this turn.", player=player)
    return T("{player} cannot build another tower this turn.", player=player)


def _early_win(p: int, done) -> Message:
    """An early win: every piece of two kinds placed (`done`, in the order hut, temple, tower)."""
    player = player_name(p)
    if tuple(done[:2]) == ("hut", "temple"):
        return T("{player} has placed every hut and every temple: they win at once.",
                 player=player)
    if tuple(done[:2]) == ("hut", "tower"):
        return T("{player} has placed every hut and every tower: they win at once.",
                 player=player)
    return T("{player} has placed every temple and every tower: they win at once.",
             player=player)


class Placed(NamedTuple):
    """A tile on the island, in the order placed: its id, volcano hex, rotation and the level it
    lies at (1 = sea level)."""
    tile: int
    volcano: tuple[int, int]
    rotation: int
    level: int


class TaluvaState(State):
    """A position of Taluva. All fields are immutable (tuples, ints, FrozenMaps).

    Flow:
      set-up: colours and buildings (20 huts, 3 temples, 2 towers each) -> the 48 tiles -> 12 per
      player kept (option all_tiles: all 48) -> the face-down stack -> start player, who draws.
      A turn, clockwise, is two decisions:
        "place": the drawn (open) tile goes at sea level, every hex on empty space and sharing an
          edge with the island (the first tile: volcano on (0, 0)), or as an eruption: volcano on
          a volcano, lava another way, three hexes on one level with no gap, no temple or tower
          covered, no settlement covered completely; covered huts leave the board. A player who
          then cannot build is eliminated (their pieces stay) and the turn passes.
        "build": a new hut, an expansion, a temple or a tower (option builds_per_turn=one_kind:
          any number of buildings of that one kind, then "finish").
      The game ends at once when a player has placed all pieces of two kinds (early win) or only
      one player is left; otherwise after the last tile: most temples, then towers, then huts.

    Its narration costs more than its rules, so it is written on read (see State): every
    `_emit` of a step stands under `if self.narrating:`, and so does the work only the
    narration needs.
    """

    narrates_on_read = True

    def __init__(self, game: "Taluva", players: int, seed: int, options: dict):
        super().__init__(game, players, seed, options)
        self.hexes: FrozenMap = FrozenMap()       # hex -> Cell (top of the stack there)
        self.placed: tuple[Placed, ...] = ()      # every tile on the island, in order
        self.buildings: FrozenMap = FrozenMap()   # hex -> Building
        self.stack: tuple[int, ...] = ()          # face down, top = last
        self.boxed: tuple[int, ...] = ()          # tiles not used in this game
        self.drawn: int | None = None             # the open tile of the player to place
        self.supply: tuple[tuple[int, int, int], ...] = ((0, 0, 0),) * players
        self.removed: tuple[int, ...] = (0,) * players   # huts gone with eruptions
        self.eliminated: tuple[int, ...] = ()
        self.start_player = 0
        self.turn: int | None = None
        self.phase = "setup"                      # setup, place, build, over
        self.turns = 0
        self.build_kind: str | None = None        # one_kind variant: kind built this turn
        self.winner: int | None = None            # early win or last player left
        self.end = ""                             # early, last, tiles
        # Indexes kept up to date step by step, so that listing the moves never searches the
        # whole island (derived from the fields above; `_find_indexes` finds them afresh):
        self.coast = Coast()                      # the sea-level placements
        self.eruption_sites: FrozenMap = FrozenMap()   # eruptions the tiles allow
        self.eruption_guards: FrozenMap = FrozenMap()  # built hexes they may not cover
        # each player's settlements, ordered, with what building next to them reads:
        self.extents: tuple[tuple[Extent, ...], ...] = ((),) * players
        self.vacancies = Vacancies()              # empty landscape hexes

    player_name = staticmethod(player_name)

    # -- reading -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn if self.phase in ("place", "build") else None

    @property
    def turn_number(self) -> int | None:
        """Placing the tile and building belong to one turn."""
        return self.turns + 1 if self.phase in ("place", "build") else None

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.players) if p not in self.eliminated)

    @property
    def anywhere(self) -> bool:
        return self.options["new_hut"] == "anywhere"

    def settlements(self, player: int | None = None) -> list[Settlement]:
        """Every settlement (of `player`, or of everyone), ordered by owner then key hex."""
        chosen = self.extents if player is None else (self.extents[player],)
        return [e.settlement for own in chosen for e in own]

    def placements(self) -> list[tuple[tuple[int, int], int]]:
        """Legal (volcano hex, rotation) for the drawn tile (empty outside the place step)."""
        if self.phase != "place" or self.viewer is not None:
            return []
        return self._placements().spots()

    def _placements(self) -> Placements:
        return Placements(self.hexes, self.coast, self.eruption_sites, self.eruption_guards)

    def build_targets(self, player: int | None = None) -> dict[str, list]:
        """Legal build targets per kind for `player` (default: who builds now)."""
        p = self.turn if player is None else player
        if p is None:
            return {"hut": [], "expand": [], "temple": [], "tower": []}
        targets = build_targets(self.hexes, self.buildings, p, self.supply[p], self.anywhere,
                                self.extents[p], self.vacancies)
        if self.build_kind is not None and p == self.turn:
            targets = {k: (v if k == self.build_kind else []) for k, v in targets.items()}
        return targets

    def fingerprint(self) -> str:
        return repr((self.players, self.seed, sorted(self.options.items(), key=str),
                     sorted(self.hexes.items()), self.placed, sorted(self.buildings.items()),
                     self.stack, self.boxed, self.drawn, self.supply, self.removed,
                     self.eliminated, self.start_player, self.turn, self.phase, self.turns,
                     self.build_kind, self.winner, self.end, self.viewer))

    # -- legal actions -------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self.phase == "place":
            return self._placements()
        p = self.turn
        actions = legal_builds(self.hexes, self.buildings, p, self.supply[p], self.anywhere,
                               self.build_kind, self.extents[p], self.vacancies)
        if self.build_kind is not None:
            actions.append(Finish())
        return actions

    # -- applying ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if self.phase == "place":
            if action.kind != "place":
                raise IllegalAction("taluva.turn.phases",
                                    T("{player} first places the drawn tile, then builds",
                                      player=player_name(self.turn)))
            return self._place(action)
        if action.kind == "place":
            raise IllegalAction("taluva.turn.phases",
                                T("the tile of this turn is placed; now build"))
        if action.kind == "finish":
            return self._finish()
        return self._build(action)

    # decision 1 ---------------------------------------------------------------------------
    def _place(self, action: Place) -> None:
        p = self.turn
        volcano, rotation = action
        if not self.coast.holds(volcano, rotation):   # else the rules are checked one by one
            problem = placement_problem(self.hexes, self.buildings, volcano, rotation)
            if problem:
                raise IllegalAction(*problem)
        cover = tile_hexes(volcano, rotation)
        eruption = volcano in self.hexes   # a legal eruption covers hexes only
        under = covered_tiles(self.hexes, volcano, rotation) if self.narrating else ()
        level = self.hexes[volcano].level + 1 if eruption else 1
        tile = self.drawn
        index = len(self.placed)
        self.placed = self.placed + (Placed(tile, volcano, rotation, level),)
        terrains = (C.VOLCANO,) + C.TILES[tile]
        hexes = FrozenMap(self.hexes)
        dict.update(hexes, {h: Cell(terrain, level, index, rotation)   # nobody holds it yet
                            for h, terrain in zip(cover, terrains)})
        self.hexes = hexes
        self.eruption_sites = sites_after_tile(self.eruption_sites, self.hexes, volcano, rotation)
        self.vacancies = self.vacancies.placed(cover, level)
        self.drawn = None
        settled = {}   # the settlements of owners whose huts the lava covers, by owner
        if not eruption:
            self.coast = self.coast.placed(volcano, rotation)
            if self.narrating:
                self._narrate_sea_level(p, tile, volcano, rotation, index)
        else:
            if self.narrating:
                self._narrate_eruption(p, tile, volcano, rotation, level, len(under))
            settled = self._cover_huts(p, cover[1:])
        self.extents = extents_after(self.extents, self.hexes, self.buildings,
                                     self.vacancies.vacant, cover, settled)
        if settled:
            self.eruption_guards = eruption_guards(self.buildings, self.settlements())
        self.phase = "build"
        if not can_build(self.hexes, self.buildings, p, self.supply[p], self.anywhere,
                         self.extents[p], self.vacancies):
            self._eliminate(p)

    def _narrate_sea_level(self, p: int, tile: int, volcano, rotation: int, index: int) -> None:
        rule = "taluva.place.first_tile" if index == 0 else "taluva.place.sea_level"
        label = C.tile_label(tile)
        self._emit(T("{player} places {tile} at sea level, volcano on {volcano}, lava {lava}.",
                     player=player_name(p), tile=label, volcano=str(volcano),
                     lava=lava_direction(rotation)), rule, p, tile=tile, volcano=volcano,
                   rotation=rotation)
        if index:
            self._emit(T("Every hex lies on empty space and the tile shares an edge with the "
                         "island."), "taluva.place.adjacent", p)

    def _narrate_eruption(self, p: int, tile: int, volcano, rotation: int, level: int,
                          covered: int) -> None:
        self._emit(N("{player} erupts: {tile} goes on the volcano at {volcano}, lava {lava}, "
                     "covering {n} tile at level {below}; the hexes are now level {level}.",
                     "{player} erupts: {tile} goes on the volcano at {volcano}, lava {lava}, "
                     "covering {n} tiles at level {below}; the hexes are now level {level}.",
                     covered, player=player_name(p), tile=C.tile_label(tile),
                     volcano=str(volcano), lava=lava_direction(rotation), below=level - 1,
                     level=level),
                   "taluva.erupt.volcano_on_volcano", p, tile=tile, volcano=volcano,
                   rotation=rotation)

    def _cover_huts(self, p: int, hexes) -> dict[int, tuple[Settlement, ...]]:
        """Take the huts on `hexes` (under an eruption) off the island; their owners'
        settlements after, by owner."""
        hit = [(h, self.buildings[h]) for h in hexes if h in self.buildings]
        if not hit:
            return {}
        gone = {h for h, _ in hit}
        self.buildings = self.buildings.without(gone)
        before = {b.owner: self.settlements(b.owner) for _, b in hit}
        settled = {owner: shrunk(own, gone) for owner, own in before.items()}
        returned = self.options["covered_huts"] == "returned"
        for h, b in hit:
            if returned:
                self._give(b.owner, "hut", b.count)
            else:
                self.removed = _replace(self.removed, b.owner, self.removed[b.owner] + b.count)
            if self.narrating:
                self._narrate_covered(p, h, b, returned)
        if self.narrating:
            self._narrate_splits(p, before, settled)
        return settled

    def _narrate_covered(self, p: int, h, b: Building, returned: bool) -> None:
        owner = player_name(b.owner)
        if returned:
            said = N("The lava covers {n} hut of {owner} on {hex}: they go back to {owner}'s "
                     "supply.",
                     "The lava covers {n} huts of {owner} on {hex}: they go back to {owner}'s "
                     "supply.", b.count, owner=owner, hex=str(h))
        else:
            said = N("The lava covers {n} hut of {owner} on {hex}: they leave the game (they "
                     "still count as built).",
                     "The lava covers {n} huts of {owner} on {hex}: they leave the game (they "
                     "still count as built).", b.count, owner=owner, hex=str(h))
        self._emit(said, "taluva.erupt.covered_huts", p, hex=h, owner=b.owner, huts=b.count)

    def _narrate_splits(self, p: int, before: dict, after: dict) -> None:
        """Settlements that the covered huts cut in parts (`before` and `after`: the
        settlements of the owners hit, by owner)."""
        for s in (s for owner in sorted(before) for s in before[owner]):
            parts = [t for t in after[s.owner] if set(t.hexes) <= set(s.hexes)]
            if len(parts) > 1:
                self._emit(N("{owner}'s settlement splits into {n} settlement ({keys}).",
                             "{owner}'s settlement splits into {n} settlements ({keys}).",
                             len(parts), owner=player_name(s.owner),
                             keys=tuple(str(t.key) for t in parts)),
                           "taluva.build.settlement", p)

    # decision 2 ---------------------------------------------------------------------------
    def _build(self, action) -> None:
        p = self.turn
        kind = action.kind
        if self.build_kind is not None and kind != self.build_kind:
            raise IllegalAction("taluva.build.per_turn", _one_kind_only(self.build_kind))
        supply = self.supply[p]
        if kind == "hut":
            rule = "taluva.build.hut"
            problem = hut_problem(self.hexes, self.buildings, p, supply, action.hex,
                                  self.anywhere)
        elif kind == "temple":
            rule = "taluva.build.temple"
            problem = temple_problem(self.hexes, self.buildings, p, supply, action.hex,
                                     self.settlements(p))
        elif kind == "tower":
            rule = "taluva.build.tower"
            problem = tower_problem(self.hexes, self.buildings, p, supply, action.hex,
                                    self.settlements(p))
        else:
            problem = expansion_problem(self.hexes, self.buildings, p, supply,
                                        action.settlement, action.terrain, self.settlements(p))
        if problem:
            raise IllegalAction(*problem)
        before = self.settlements(p)
        if kind == "expand":
            self._expand(p, action, before)
        else:
            self._put(p, kind, ((action.hex, 1),))
            if self.narrating:
                self._emit(_built(p, kind, str(action.hex), self.hexes[action.hex].level), rule,
                           p, hex=action.hex)
        if self.narrating:
            self._narrate_merge(p, before)
        self._after_build(p, kind)

    def _expand(self, p: int, action: Expand, own) -> None:
        found = next(s for s in own if s.key == action.settlement)
        plan = expansion(self.hexes, self.buildings, found, action.terrain)
        self._put(p, "hut", plan.targets)
        if not self.narrating:
            return
        where = tuple(f"{h} x{n}" for h, n in plan.targets)
        self._emit(N("{player} expands the settlement at {settlement} into the {terrain}: {n} "
                     "hut on {where} (as many per hex as its level).",
                     "{player} expands the settlement at {settlement} into the {terrain}: {n} "
                     "huts on {where} (as many per hex as its level).", plan.huts,
                     player=player_name(p), settlement=str(action.settlement),
                     terrain=C.terrain_name(action.terrain), where=where),
                   "taluva.build.expansion", p,
                   hexes=tuple(h for h, _ in plan.targets))

    def _put(self, p: int, kind: str, targets) -> None:
        """`p` builds `kind` on the hexes of `targets`, (hex, how many) pairs."""
        buildings = FrozenMap(self.buildings)
        dict.update(buildings, {h: Building(p, kind, n)   # nobody holds it yet
                                for h, n in targets})
        self.buildings = buildings
        self._give(p, kind, -sum(n for _, n in targets))
        built = [h for h, _ in targets]
        self.vacancies = vacancies = self.vacancies.built(built)
        own, merged = extents_built(self.extents[p], p, built, self.hexes, vacancies.vacant)
        self.extents = extents_after(_replace(self.extents, p, own), self.hexes,
                                     self.buildings, vacancies.vacant, built)
        self.eruption_guards = guards_after(self.eruption_guards, self.buildings, merged)

    def _give(self, p: int, kind: str, n: int) -> None:
        left = list(self.supply[p])
        left[KIND_INDEX[kind]] += n
        self.supply = _replace(self.supply, p, tuple(left))

    def _narrate_merge(self, p: int, before) -> None:
        for s in self.settlements(p):
            inside = set(s.hexes)
            joined = [t for t in before if inside.issuperset(t.hexes)]
            if len(joined) > 1:
                self._emit(N("{player}'s {n} settlement at {keys} touch now and merge into one.",
                             "{player}'s {n} settlements at {keys} touch now and merge into "
                             "one.", len(joined), player=player_name(p),
                             keys=tuple(str(t.key) for t in joined)),
                           "taluva.build.settlement", p)

    def _after_build(self, p: int, kind: str) -> None:
        if self.narrating:
            huts, temples, towers = self.supply[p]
            self._emit(T("{player} has {huts}, {temples} and {towers} left.",
                         player=player_name(p), huts=N("{n} hut", "{n} huts", huts),
                         temples=N("{n} temple", "{n} temples", temples),
                         towers=N("{n} tower", "{n} towers", towers)), "taluva.build.supply", p)
        done = early_win_kinds(self.supply[p])
        if len(done) >= 2:
            self.winner, self.end = p, "early"
            self._over(_early_win(p, done), "taluva.end.early_win")
            return
        if self.options["builds_per_turn"] == "one_kind":
            self.build_kind = kind
            if any(self.build_targets(p).values()):
                return
            if self.narrating:
                self._emit(_no_more(p, kind), "taluva.build.per_turn", p)
        self._end_turn()

    def _finish(self) -> None:
        if self.options["builds_per_turn"] != "one_kind":
            raise IllegalAction("taluva.build.per_turn",
                                T("there is nothing to stop: a turn has exactly one build "
                                  "action; stopping exists only with the rule option "
                                  "builds_per_turn=one_kind"))
        if self.build_kind is None:
            raise IllegalAction("taluva.build.at_least_one",
                                T("every turn at least one building is placed"))
        if self.narrating:
            self._emit(T("{player} stops building.", player=player_name(self.turn)),
                       "taluva.build.per_turn", self.turn)
        self._end_turn()

    # end of turn, elimination, end ---------------------------------------------------------
    def _eliminate(self, p: int) -> None:
        self.eliminated = tuple(sorted(self.eliminated + (p,)))
        if self.narrating:
            self._emit(T("{player} cannot build anything and is eliminated: their buildings "
                         "stay on the island and they cannot win.", player=player_name(p)),
                       "taluva.build.elimination", p)
        self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        self.build_kind = None
        active = self.active
        if len(active) == 1:
            self.winner, self.end = active[0], "last"
            self._over(T("Only {player} is left: they win.", player=player_name(active[0])),
                       "taluva.end.last_player")
            return
        if not self.stack:
            self.end = "tiles"
            self._over(T("The last tile is placed: the game ends and the buildings are "
                         "counted."), "taluva.end.tiles_out")
            return
        nxt = (self.turn + 1) % self.players
        while nxt in self.eliminated:
            nxt = (nxt + 1) % self.players
        self.turn = nxt
        if self.narrating:
            self._emit(T("{player} is next (clockwise).", player=player_name(nxt)),
                       "taluva.turn.order", nxt)
        self._draw()

    def _draw(self) -> None:
        self.drawn, self.stack = self.stack[-1], self.stack[:-1]
        self.phase = "place"
        if self.narrating:
            self._emit(T("{player} draws {tile} and shows it ({left} left in the stack).",
                         player=player_name(self.turn), tile=C.tile_label(self.drawn),
                         left=len(self.stack)), "taluva.turn.draw", self.turn, tile=self.drawn)

    def _over(self, text: Message, rule: str) -> None:
        self.phase = "over"
        self.turn = None
        if self.narrating:
            self._emit(text, rule, self.winner)

    def _find_indexes(self) -> None:
        """Find the indexes afresh from the island's hexes and buildings (a hand-built
        position; play keeps them up to date)."""
        self.coast = Coast().grown(self.hexes)
        self.eruption_sites = eruption_sites(FrozenMap(), self.hexes, self.hexes)
        self.vacancies = Vacancies.of(self.hexes, self.buildings)
        found = settlements(self.buildings)
        self.extents = tuple(tuple(extent(self.hexes, self.vacancies.vacant, s)
                                   for s in found if s.owner == p) for p in range(self.players))
        self.eruption_guards = eruption_guards(self.buildings, found)

    # -- scoring -------------------------------------------------------------------------
    def score(self) -> ScoreSheet:
        return score_sheet(self)

    def built(self, player: int) -> tuple[int, int, int]:
        """Huts, temples and towers `player` has built (removed huts count, published rules)."""
        return built(self.supply[player])

    # -- hidden information ----------------------------------------------------------------
    def _hide(self, player: int) -> None:
        self.stack = (C.HIDDEN,) * len(self.stack)
        self.boxed = (C.HIDDEN,) * len(self.boxed)


def _replace(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]
