"""Taluva: one position and the moves from it."""
from __future__ import annotations

from typing import NamedTuple

from ..core import Action, IllegalAction, ScoreSheet, State
from ..text import player_name as _player_name, plural
from . import components as C
from .actions import Expand, Finish, Place
from .board import Building, Cell, FrozenMap, lava_direction, settlements, tile_hexes
from .building import (HUT, TEMPLE, TOWER, build_targets, can_build, expansion,
                       expansion_problem, hut_problem, legal_builds, temple_problem, tower_problem)
from .placement import covered_tiles, legal_place_actions, legal_placements, placement_problem
from .scoring import built, early_win_kinds, score_sheet

KIND_INDEX = {"hut": HUT, "temple": TEMPLE, "tower": TOWER}


def player_name(p: int) -> str:
    return _player_name(p, C.COLOURS)


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
    """

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

    def settlements(self, player: int | None = None):
        return settlements(self.buildings, player)

    def placements(self) -> list[tuple[tuple[int, int], int]]:
        """Legal (volcano hex, rotation) for the drawn tile (empty outside the place step)."""
        if self.phase != "place" or self.viewer is not None:
            return []
        return legal_placements(self.hexes, self.buildings)

    def build_targets(self, player: int | None = None) -> dict[str, list]:
        """Legal build targets per kind for `player` (default: who builds now)."""
        p = self.turn if player is None else player
        if p is None:
            return {"hut": [], "expand": [], "temple": [], "tower": []}
        targets = build_targets(self.hexes, self.buildings, p, self.supply[p], self.anywhere)
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
            return legal_place_actions(self.hexes, self.buildings)
        p = self.turn
        actions = legal_builds(self.hexes, self.buildings, p, self.supply[p], self.anywhere,
                               self.build_kind)
        if self.build_kind is not None:
            actions.append(Finish())
        return actions

    # -- applying ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if self.phase == "place":
            if action.kind != "place":
                raise IllegalAction("taluva.turn.phases",
                                    f"{player_name(self.turn)} first places the drawn tile, "
                                    "then builds")
            return self._place(action)
        if action.kind == "place":
            raise IllegalAction("taluva.turn.phases",
                                "the tile of this turn is placed; now build")
        if action.kind == "finish":
            return self._finish()
        return self._build(action)

    # decision 1 ---------------------------------------------------------------------------
    def _place(self, action: Place) -> None:
        p = self.turn
        volcano, rotation = action.volcano, action.rotation
        problem = placement_problem(self.hexes, self.buildings, volcano, rotation)
        if problem:
            raise IllegalAction(*problem)
        cover = tile_hexes(volcano, rotation)
        eruption = any(h in self.hexes for h in cover)
        under = covered_tiles(self.hexes, volcano, rotation)
        level = self.hexes[volcano].level + 1 if eruption else 1
        tile = self.drawn
        index = len(self.placed)
        self.placed = self.placed + (Placed(tile, volcano, rotation, level),)
        terrains = (C.VOLCANO,) + C.TILES[tile]
        hexes = dict(self.hexes)
        for h, terrain in zip(cover, terrains):
            hexes[h] = Cell(terrain, level, index, rotation)
        self.hexes = FrozenMap(hexes)
        self.drawn = None
        label = C.tile_label(tile)
        if not eruption:
            rule = "taluva.place.first_tile" if index == 0 else "taluva.place.sea_level"
            self._emit(f"{player_name(p)} places {label} at sea level, volcano on {volcano}, "
                       f"lava {lava_direction(rotation)}.", rule, p, tile=tile,
                       volcano=volcano, rotation=rotation)
            if index:
                self._emit("Every hex lies on empty space and the tile shares an edge with the "
                           "island.", "taluva.place.adjacent", p)
        else:
            self._emit(f"{player_name(p)} erupts: {label} goes on the volcano at {volcano}, "
                       f"lava {lava_direction(rotation)}, covering {len(under)} tiles at level "
                       f"{level - 1}; the hexes are now level {level}.",
                       "taluva.erupt.volcano_on_volcano", p, tile=tile, volcano=volcano,
                       rotation=rotation)
            self._cover_huts(p, cover[1:])
        self.phase = "build"
        if not can_build(self.hexes, self.buildings, p, self.supply[p], self.anywhere):
            self._eliminate(p)

    def _cover_huts(self, p: int, hexes) -> None:
        hit = [(h, self.buildings[h]) for h in hexes if h in self.buildings]
        if not hit:
            return
        before = settlements(self.buildings)
        self.buildings = self.buildings.without({h for h, _ in hit})
        returned = self.options["covered_huts"] == "returned"
        for h, b in hit:
            if returned:
                self._give(b.owner, "hut", b.count)
                fate = f"go back to {player_name(b.owner)}'s supply"
            else:
                self.removed = _replace(self.removed, b.owner, self.removed[b.owner] + b.count)
                fate = "leave the game (they still count as built)"
            huts = plural(b.count, "hut")
            self._emit(f"The lava covers {huts} of {player_name(b.owner)} on {h}: they {fate}.",
                       "taluva.erupt.covered_huts", p, hex=h, owner=b.owner, huts=b.count)
        after = settlements(self.buildings)
        for s in before:
            parts = [t for t in after if t.owner == s.owner and set(t.hexes) <= set(s.hexes)]
            if len(parts) > 1:
                self._emit(f"{player_name(s.owner)}'s settlement splits into {len(parts)} "
                           f"settlements ({', '.join(str(t.key) for t in parts)}).",
                           "taluva.build.settlement", p)

    # decision 2 ---------------------------------------------------------------------------
    def _build(self, action) -> None:
        p = self.turn
        kind = action.kind
        if self.build_kind is not None and kind != self.build_kind:
            raise IllegalAction("taluva.build.per_turn",
                                f"this turn you build {self.build_kind}s only: one kind a turn")
        supply = self.supply[p]
        if kind == "hut":
            rule = "taluva.build.hut"
            problem = hut_problem(self.hexes, self.buildings, p, supply, action.hex,
                                  self.anywhere)
        elif kind == "temple":
            rule = "taluva.build.temple"
            problem = temple_problem(self.hexes, self.buildings, p, supply, action.hex)
        elif kind == "tower":
            rule = "taluva.build.tower"
            problem = tower_problem(self.hexes, self.buildings, p, supply, action.hex)
        else:
            problem = expansion_problem(self.hexes, self.buildings, p, supply,
                                        action.settlement, action.terrain)
        if problem:
            raise IllegalAction(*problem)
        before = settlements(self.buildings, p)
        if kind == "expand":
            self._expand(p, action)
        else:
            self._put(p, action.hex, kind, 1)
            self._emit(f"{player_name(p)} builds {action.what} on {action.hex} (level "
                       f"{self.hexes[action.hex].level}).", rule, p, hex=action.hex)
        self._narrate_merge(p, before)
        self._after_build(p, kind)

    def _expand(self, p: int, action: Expand) -> None:
        found = next(s for s in settlements(self.buildings, p) if s.key == action.settlement)
        plan = expansion(self.hexes, self.buildings, found, action.terrain)
        for h, n in plan.targets:
            self._put(p, h, "hut", n)
        where = ", ".join(f"{h} x{n}" for h, n in plan.targets)
        self._emit(f"{player_name(p)} expands the settlement at {action.settlement} into the "
                   f"{action.terrain}: {plural(plan.huts, 'hut')} on "
                   f"{where} (as many per hex as its level).", "taluva.build.expansion", p,
                   hexes=tuple(h for h, _ in plan.targets))

    def _put(self, p: int, h, kind: str, count: int) -> None:
        self.buildings = self.buildings.set(h, Building(p, kind, count))
        self._give(p, kind, -count)

    def _give(self, p: int, kind: str, n: int) -> None:
        left = list(self.supply[p])
        left[KIND_INDEX[kind]] += n
        self.supply = _replace(self.supply, p, tuple(left))

    def _narrate_merge(self, p: int, before) -> None:
        after = settlements(self.buildings, p)
        for s in after:
            inside = set(s.hexes)
            joined = [t for t in before if inside.issuperset(t.hexes)]
            if len(joined) > 1:
                self._emit(f"{player_name(p)}'s {len(joined)} settlements at "
                           f"{', '.join(str(t.key) for t in joined)} touch now and merge into "
                           "one.", "taluva.build.settlement", p)

    def _after_build(self, p: int, kind: str) -> None:
        huts, temples, towers = self.supply[p]
        self._emit(f"{player_name(p)} has {plural(huts, 'hut')}, {plural(temples, 'temple')} "
                   f"and {plural(towers, 'tower')} left.", "taluva.build.supply", p)
        done = early_win_kinds(self.supply[p])
        if len(done) >= 2:
            self.winner, self.end = p, "early"
            self._over(f"{player_name(p)} has placed every {done[0]} and every {done[1]}: "
                       "they win at once.", "taluva.end.early_win")
            return
        if self.options["builds_per_turn"] == "one_kind":
            self.build_kind = kind
            if any(self.build_targets(p).values()):
                return
            self._emit(f"{player_name(p)} cannot build another {kind} this turn.",
                       "taluva.build.per_turn", p)
        self._end_turn()

    def _finish(self) -> None:
        if self.options["builds_per_turn"] != "one_kind":
            raise IllegalAction("taluva.build.per_turn",
                                "there is nothing to stop: a turn has exactly one build action; "
                                "stopping exists only with the rule option "
                                "builds_per_turn=one_kind")
        if self.build_kind is None:
            raise IllegalAction("taluva.build.at_least_one",
                                "every turn at least one building is placed")
        self._emit(f"{player_name(self.turn)} stops building.", "taluva.build.per_turn", self.turn)
        self._end_turn()

    # end of turn, elimination, end ---------------------------------------------------------
    def _eliminate(self, p: int) -> None:
        self.eliminated = tuple(sorted(self.eliminated + (p,)))
        self._emit(f"{player_name(p)} cannot build anything and is eliminated: their buildings "
                   "stay on the island and they cannot win.", "taluva.build.elimination", p)
        self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        self.build_kind = None
        active = self.active
        if len(active) == 1:
            self.winner, self.end = active[0], "last"
            self._over(f"Only {player_name(active[0])} is left: they win.",
                       "taluva.end.last_player")
            return
        if not self.stack:
            self.end = "tiles"
            self._over("The last tile is placed: the game ends and the buildings are counted.",
                       "taluva.end.tiles_out")
            return
        nxt = (self.turn + 1) % self.players
        while nxt in self.eliminated:
            nxt = (nxt + 1) % self.players
        self.turn = nxt
        self._emit(f"{player_name(nxt)} is next (clockwise).", "taluva.turn.order", nxt)
        self._draw()

    def _draw(self) -> None:
        self.drawn, self.stack = self.stack[-1], self.stack[:-1]
        self.phase = "place"
        self._emit(f"{player_name(self.turn)} draws {C.tile_label(self.drawn)} and shows it "
                   f"({len(self.stack)} left in the stack).", "taluva.turn.draw", self.turn,
                   tile=self.drawn)

    def _over(self, text: str, rule: str) -> None:
        self.phase = "over"
        self.turn = None
        self._emit(text, rule, self.winner)

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
