"""Indian Summer: one position and the moves from it (2-4 players; the solo rules are in solo.py).

Flow (OpenSpiel style):
  set-up: boards and backpacks -> animal stacks (badger, fox and raccoon carry a token) ->
  supplies -> each path: 2 green, 2 yellow, 1 red right of the backpack -> the forest circle with
  the bush, the rest set aside -> a berry, a nut and a mushroom each -> start player.
  A turn: exactly one tile action -- lay a path tile ("place"), a squirrel from the supply
  ("squirrel"), or instead a mushroom (two other players' first tiles) or a feather (two path
  tiles), both laid by "place" actions that follow. After it, at once: a token on the hole if a
  treasure shows through it, refill an empty path to 5 from the forest (next to the bush,
  clockwise), completed areas pay their tokens to the backpack. Before or after the tile action:
  berries (refill to 5 / a 6th tile), nuts (a squirrel at once), exchanges, one animal. "end"
  closes the turn. When a board is full the round is finished up to the player before the start
  player; then all treasures become nuts and squirrels, and full boards win.
"""
from __future__ import annotations

from ..core import Action, IllegalAction, JoinedActions, ScoreSheet, State
from ..messages import N, T, player_name
from . import components as C
from .actions import (FOREST, Berry, EndTurn, Exchange, Feather, Mushroom, Refill)
from .board import Floor, area_masks, area_of, empty_holes, printed_treasure, with_token
from .geometry import FULL, bit, cells_of
from .moves import (NUT_MOVES, SQUIRREL_MOVES, CellMoves, Placements, animal_index, animal_moves,
                    fits, leaf_index, leaf_moves_leaving_room, orientation_count, pair_fits)
from . import scoring
from .solo import SoloRules

FOREST_LOW = 6
TAKEN_BY = {"feather": T("(taken by the feather)"), "mushroom": T("(taken by the mushroom)"),
            "track": T("(from the track)")}
TOKEN_INDEX = {k: i for i, k in enumerate(C.TOKENS)}
# Every exchange, in the order offered: (the action, the index of the token given, how many,
# the index of the token taken): one for the next lower kind, two for the next higher.
EXCHANGES = tuple((Exchange(C.TOKENS[give], C.TOKENS[take]), give, 2 if take > give else 1, take)
                  for give, take in [(i + 1, i) for i in range(3)] + [(i, i + 1) for i in range(3)])
DECIDING = frozenset(("turn", "place", "refill", "squirrels"))   # the phases with a decision

# The phases that allow one kind of action: (that kind, the rule that refuses any other, why,
# the method that does it)
END_TURN = (EndTurn(),)

ONE_KIND_PHASES = {
    "place": ("place", "indian_summer.turn.steps",
              T("lay the tiles taken by the mushroom or feather first"), "_place_pending"),
    "refill": ("refill", "indian_summer.solo.refill",
               T("your path is empty: choose the path and the end to refill it from first"),
               "_solo_refill"),
    "squirrels": ("nut", "indian_summer.end.convert",
                  T("the game is over but for the final squirrels: place one with a nut on an "
                    "empty cell"), "_final_squirrel"),
}


class IndianSummerState(SoloRules, State):
    """A position of Indian Summer. All fields are immutable values (tuples, ints, Floors).

    Its narration costs more than its rules, so it is written on read (see State): every
    `_emit` of a step stands under `if self.narrating:`, and nothing else does.
    """

    narrates_on_read = True

    def __init__(self, game, players: int, seed: int, options: dict):
        super().__init__(game, players, seed, options)
        self.solo = players == 1
        self.floors: tuple[Floor, ...] = ()
        self.paths: tuple[tuple[int, ...], ...] = ((),) * players   # index 0: next to backpack
        self.backpacks: tuple[tuple[int, ...], ...] = ((0, 0, 0, 0),) * players  # per TOKENS
        self.forest: tuple[int, ...] = ()        # index 0: the tile next to the bush
        self.set_aside: tuple[int, ...] = ()     # drawn from the end
        self.box: tuple[int, ...] = ()           # out of the game (other solo piles, dropped)
        self.animals_left: tuple[int, ...] = tuple(k.count for k in C.ANIMALS)
        self.animal_tokens: tuple = tuple(k.token for k in C.ANIMALS)
        self.kinds: tuple[int, ...] = C.GAME_KINDS   # each stack's kind (shape): C.ALL_KINDS
        self.squirrels_used = 0
        self.nut_stand_ins = 0                   # end conversion: nuts beyond the supply
        self.start_player = 0
        self.turn: int | None = None
        self.phase = "setup"                     # setup, turn, place, refill, squirrels, over
        self.turns = 0
        self.tile_done = False
        self.animal_done = False
        self.pending: tuple[int, ...] = ()       # tiles taken by mushroom or feather
        self.need = 0                            # how many of them must still be laid
        self.pending_from = ""                   # "feather", "mushroom" or "track"
        self.pending_slots: tuple = ()           # solo: (tile, track space) taken by mushroom
        self.ending = False
        self.upper: tuple[int, ...] = ()         # solo paths, left to right
        self.lower: tuple[int, ...] = ()
        self.track: tuple = ()                   # solo: 12 spaces (10..1, empty, empty)
        self.solo_turn = 0

    player_name = staticmethod(player_name)

    # -- reading -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn if self.phase in DECIDING else None

    @property
    def is_over(self) -> bool:
        """State's, without the detour through current_player: a game asks it three times a
        step."""
        return self.turn is None or self.phase not in DECIDING

    @property
    def turn_number(self) -> int | None:
        return self.turns + 1 if self.phase in ("turn", "place", "refill") else None

    def supply(self, kind: str) -> int:
        """Tokens of a kind left in the supply (the supply is finite)."""
        return self._supplies()[C.TOKENS.index(kind)]

    def _supplies(self) -> list[int]:
        """Tokens of each kind (in TOKENS order) left in the supply, in one pass (for the
        exchanges a decision offers)."""
        left = [C.TOKEN_SUPPLY[k] - sum(held) for k, held in zip(C.TOKENS, zip(*self.backpacks))]
        for floor in self.floors:
            for _, k in floor.tokens:
                left[TOKEN_INDEX[k]] -= 1
        for k in self.animal_tokens:
            if k:
                left[TOKEN_INDEX[k]] -= 1
        left[TOKEN_INDEX["nut"]] += self.nut_stand_ins
        return left

    def tokens(self, player: int) -> dict[str, int]:
        return dict(zip(C.TOKENS, self.backpacks[player]))

    @property
    def squirrel_supply(self) -> int:
        return max(0, C.SQUIRRELS - self.squirrels_used)

    def fingerprint(self) -> str:
        return repr((self.players, self.seed, sorted(self.options.items(), key=str),
                     tuple(map(tuple, self.floors)),
                     self.paths, self.backpacks, self.forest, self.set_aside, self.box,
                     self.animals_left, self.animal_tokens, self.squirrels_used, self.nut_stand_ins,
                     self.start_player, self.turn, self.phase, self.turns, self.tile_done,
                     self.animal_done, self.pending, self.need, self.pending_from, self.pending_slots, self.ending,
                     self.upper, self.lower, self.track, self.solo_turn, self.viewer)
                    # animal shapes given as data (position.py); a set-up game never has them
                    + (() if self.kinds == C.GAME_KINDS else (self.kinds,)))

    # -- legal actions -------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        p = self.turn
        covered = self.floors[p].covered
        if self.phase == "place":
            return self._pending_moves(covered)
        if self.phase == "refill":
            return self._solo_refills()
        if self.phase == "squirrels":
            return scoring.legal(self)
        parts: list[list[Action]] = []   # one lazy list of moves after the other
        if not self.tile_done and covered != FULL:
            shared: dict[int, int] = {}
            parts += [Placements(tile, covered, shared) for tile in self.paths[p]]
            parts.append(CellMoves(SQUIRREL_MOVES, FULL & ~covered))
            if self.backpacks[p][2]:
                parts.append(self._mushroom_options())
            if self.backpacks[p][3]:
                parts.append(self._feather_options())
        parts += self._free_actions()
        if self.tile_done or covered == FULL:
            parts.append(END_TURN)
        return JoinedActions(*parts)

    def _free_actions(self) -> list[list[Action]]:
        """The actions allowed before or after the tile action, as parts of a JoinedActions."""
        p = self.turn
        bag = self.backpacks[p]
        floor = self.floors[p]
        parts: list[list[Action]] = []
        if bag[0]:
            parts.append(self._berry_options())
        if bag[1]:
            parts.append(CellMoves(NUT_MOVES, FULL & ~floor.covered))
        exchanges, left = [], None
        for action, give, need, take in EXCHANGES:
            if bag[give] >= need:
                if left is None:   # counted only when an exchange is affordable
                    left = self._supplies()
                if left[take] > 0:
                    exchanges.append(action)
        parts.append(exchanges)
        if not self.animal_done:
            parts.append(animal_moves(self.kinds, self.animals_left, empty_holes(floor)))
        return parts

    def _berry_options(self) -> list[Action]:
        if self.solo:
            return self._solo_berries()
        if len(self.paths[self.turn]) < C.PATH_MAX and (self.forest or self.set_aside):
            return [Berry()]
        return []

    def _mushroom_options(self) -> list[Action]:
        if self.solo:
            return self._solo_mushrooms()
        p = self.turn
        if self.players == 2:
            sources = [q for q in (1 - p,) if self.paths[q]]
            if self.forest or self.set_aside:
                sources.append(FOREST)
            groups = [tuple(sources)] if sources else []
        else:
            others = [q for q in range(self.players) if q != p and self.paths[q]]
            if len(others) == 1:
                groups = [(others[0],)]
            else:
                groups = [(a, b) for i, a in enumerate(others) for b in others[i + 1:]]
        covered = self.floors[p].covered
        out = []
        for group in groups:
            tiles = [self._peek(s) for s in group]
            if any(fits(t, covered) for t in tiles):
                out.append(Mushroom(group))
        return out

    def _peek(self, source) -> int:
        if source == FOREST:
            if self.forest:
                return self.forest[0]
            # as _draw: an empty forest is first topped up with the last n set-aside tiles
            n = min(len(self.set_aside), self.options["forest_size"])
            return self.set_aside[len(self.set_aside) - n]
        return self.paths[source][0]

    def _feather_options(self) -> list[Action]:
        path = self.paths[self.turn]
        covered = self.floors[self.turn].covered
        out = []
        for i, a in enumerate(path):
            for b in path[i + 1:]:
                if pair_fits(a, b, covered):
                    out.append(Feather((C.LEAVES[a].name, C.LEAVES[b].name)))
        return sorted(set(out), key=out.index)

    def _pending_moves(self, covered: int) -> list[Action]:
        out: list[Action] = []
        for i, tile in enumerate(self.pending):
            others = self.pending[:i] + self.pending[i + 1:]
            if self.need == 2:
                out += leaf_moves_leaving_room(tile, others[0], covered)
            else:
                out += Placements(tile, covered)
        return out

    # -- applying ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        only = ONE_KIND_PHASES.get(self.phase)
        if only is None:
            return getattr(self, "_do_" + action.kind)(action)
        kind, rule, reason, method = only
        if action.kind != kind:
            raise IllegalAction(rule, reason)
        return getattr(self, method)(action)

    def _final_squirrel(self, action) -> None:
        scoring.place(self, action)

    # tile actions -----------------------------------------------------------------------
    def _check_tile_action(self, rule: str = "indian_summer.place.tile_action") -> None:
        p = self.turn
        if self.tile_done:
            raise IllegalAction(rule, T("{player} has already done this turn's tile action (lay "
                                        "a tile, a squirrel, a mushroom or a feather)",
                                        player=player_name(p)))
        if self.floors[p].full:
            raise IllegalAction("indian_summer.end.trigger",
                                T("your board is full: end the turn"))

    def _leaf(self, name) -> int:
        try:
            return C.tile_id(name)
        except ValueError as exc:
            raise IllegalAction("indian_summer.place.leaf", exc.args[0]) from None

    def _check_fit(self, tile: int, action, covered: int) -> tuple[int, int]:
        """The mask and hole bit of a placement; refusals name the rule broken."""
        o, at = action.orientation, action.at
        if not isinstance(o, int) or isinstance(o, bool) or not 0 <= o < orientation_count(tile):
            raise IllegalAction("indian_summer.place.rotate",
                                T("{tile} has no orientation {orientation}: it has {count} "
                                  "(turned and flipped)", tile=C.tile_name(tile),
                                  orientation=repr(o), count=orientation_count(tile)))
        found = leaf_index(tile).get((o,) + at) if _whole(at) else None
        if found is None:
            raise IllegalAction("indian_summer.place.edge",
                                T("{tile} at {at} would stick out of the board",
                                  tile=C.tile_name(tile), at=str(at)))
        if found[0] & covered:
            raise IllegalAction("indian_summer.place.empty",
                                T("{tile} at {at} would overlap a tile already on the board",
                                  tile=C.tile_name(tile), at=str(at)))
        return found

    def _do_place(self, action) -> None:
        self._check_tile_action()
        p = self.turn
        tile = self._leaf(action.tile)
        if tile not in self.paths[p]:
            raise IllegalAction("indian_summer.place.leaf",
                                T("{tile} is not in {player}'s path", tile=action.tile,
                                  player=player_name(p)))
        mask, hole = self._check_fit(tile, action, self.floors[p].covered)
        i = self.paths[p].index(tile)
        self.paths = _replace(self.paths, p, self.paths[p][:i] + self.paths[p][i + 1:])
        self._lay(p, tile, action, mask, hole, i)
        self._after_tile_action()

    def _lay(self, p: int, tile: int, action, mask: int, hole: int, where) -> None:
        """Lay a leaf tile taken from place `where` (0 first) of the path, or by what TAKEN_BY
        names."""
        floor = self.floors[p]
        cell = cells_of(hole)[0]
        floor = floor._replace(covered=floor.covered | mask, holes=floor.holes | hole,
                               leaves=floor.leaves + ((tile,) + tuple(action)[1:],))
        if self.narrating:
            self._say_laid(p, tile, action, mask, where, floor.layout)
        treasure = printed_treasure(floor.layout, cell)
        if treasure is None:
            if self.narrating:
                self._emit(T("Its hole at {cell} shows earth: no token.", cell=str(cell)),
                           "indian_summer.treasure.none", p)
        elif self.supply(treasure) <= 0:
            if self.narrating:
                self._emit(T("Its hole at {cell} shows {token}, but none is left in the "
                             "supply.", cell=str(cell), token=C.a_token(treasure)),
                           "indian_summer.treasure.supply", p)
        else:
            floor = floor._replace(tokens=with_token(floor.tokens, cell, treasure))
            if self.narrating:
                self._emit(T("{a_token} shows through the hole at {cell}: a {token} token goes "
                             "on the hole.", a_token=C.a_token_start(treasure), cell=str(cell),
                             token=C.token_name(treasure)),
                           "indian_summer.treasure.hole", p, token=treasure, cell=cell)
        self.floors = _replace(self.floors, p, floor)

    def _say_laid(self, p: int, tile: int, action, mask: int, where, layout: int) -> None:
        areas = {area_of(layout, c) for c in cells_of(mask)}
        where = (T("from place {n} of the path", n=where + 1) if type(where) is int
                 else TAKEN_BY[where])
        said = dict(player=player_name(p), tile=C.tile_name(tile),
                    colour=C.colour_name(C.LEAVES[tile].colour), where=where, at=str(action.at),
                    orientation=action.orientation)
        if len(areas) > 1:
            if self.narrating:
                self._emit(T("{player} lays {tile} ({colour}) {where} at {at}, orientation "
                             "{orientation}, across {n} areas.", n=len(areas), **said),
                           "indian_summer.place.areas", p, tile=tile, cells=cells_of(mask))
        else:
            if self.narrating:
                self._emit(T("{player} lays {tile} ({colour}) {where} at {at}, orientation "
                             "{orientation}.", **said),
                           "indian_summer.place.leaf", p, tile=tile, cells=cells_of(mask))

    def _do_squirrel(self, action) -> None:
        self._check_tile_action()
        p = self.turn
        self._squirrel(p, action.at, "indian_summer.place.squirrel",
                       lambda player, cell: T("{player} places a squirrel from the supply as the "
                                              "tile action on {cell}.", player=player, cell=cell))
        self._after_tile_action()

    def _squirrel(self, p: int, cell, rule: str, said) -> None:
        """A squirrel on `cell`; `said(player, cell)` narrates it."""
        floor = self.floors[p]
        if not (_whole(cell) and 0 <= cell[0] < C.WIDTH and 0 <= cell[1] < C.HEIGHT):
            raise IllegalAction("indian_summer.place.edge",
                                T("{cell} is not a cell of the board", cell=str(cell)))
        if floor.covered & bit(cell):
            raise IllegalAction("indian_summer.place.empty",
                                T("{cell} is already covered", cell=str(cell)))
        self.squirrels_used += 1
        stand_in = self.squirrels_used == C.SQUIRRELS + 1
        self.floors = _replace(self.floors, p, floor._replace(
            covered=floor.covered | bit(cell), squirrels=floor.squirrels + (tuple(cell),)))
        if self.narrating:
            self._emit(said(player_name(p), str(tuple(cell))), rule, p, cell=tuple(cell))
            if stand_in:
                self._emit(T("The 32 squirrels are used up: stand-in tokens take their place "
                             "from now on."), "indian_summer.end.stand_in", p)

    def _do_mushroom(self, action) -> None:
        self._check_tile_action("indian_summer.treasure.enhance")
        p = self.turn
        if not self.backpacks[p][2]:
            raise IllegalAction("indian_summer.mushroom.take",
                                T("{player} has no mushroom", player=player_name(p)))
        if action not in self._mushroom_options():
            raise self._mushroom_refusal(action)
        self._spend(p, "mushroom")
        if self.solo:
            return self._solo_take_mushroom()
        taken = []
        for source in action.sources:
            if source == FOREST:
                tile = self._draw()
                if self.narrating:
                    self._emit(T("{player} takes {tile} from the forest, left of the bush; the "
                                 "bush moves on.", player=player_name(p), tile=C.tile_name(tile)),
                               "indian_summer.mushroom.two_players", p)
            else:
                tile = self.paths[source][0]
                self.paths = _replace(self.paths, source, self.paths[source][1:])
                if self.narrating:
                    self._emit(T("{player} takes {tile}, right of {other}'s backpack.",
                                 player=player_name(p), tile=C.tile_name(tile),
                                 other=player_name(source)), "indian_summer.mushroom.take", p)
            taken.append(tile)
        for i in range(1, self.players):
            q = (p + i) % self.players
            if not self.paths[q] and q in action.sources:
                if self.narrating:
                    self._emit(T("{player}'s path is empty: it is refilled at once.",
                                 player=player_name(q)), "indian_summer.mushroom.refill", q)
                self._refill(q, C.PATH_SIZE)
        self._take_pending(tuple(taken), "mushroom")

    def _mushroom_refusal(self, action) -> IllegalAction:
        """Why a mushroom that is not among the options is refused: sources the rules do not
        allow (mushroom.take, 3-4 players; mushroom.two_players) or no tile that fits."""
        p = self.turn
        if self.solo:
            return IllegalAction("indian_summer.solo.mushroom",
                                 T("the solo mushroom takes the tiles beside the mushroom space "
                                   "(written Mushroom(())), and one of them must fit on your "
                                   "board"))
        sources = action.sources
        covered = self.floors[p].covered
        if self.players == 2:
            rule = "indian_summer.mushroom.two_players"
            q = 1 - p
            want = tuple([q] * bool(self.paths[q])
                         + [FOREST] * bool(self.forest or self.set_aside))
            if not want:
                return IllegalAction(rule, T("neither {player}'s path nor the forest has a tile "
                                             "to take", player=player_name(q)))
            if sources != want:
                if p in sources:
                    why = T("you never take from your own path")
                elif any(s != q and s != FOREST for s in sources):
                    why = T("there are only you and {player}", player=player_name(q))
                else:
                    why = T("a source with a tile may not be left out, nor an empty one named")
                named = [T("the forest") if s == FOREST else player_name(s) for s in want]
                named = named[0] if len(named) == 1 else T("{first} and {second}",
                                                           first=named[0], second=named[1])
                return IllegalAction(rule, T("with 2 players the mushroom takes the tile right "
                                             "of the opponent's backpack and the forest tile "
                                             "left of the bush; now that is {named} ({why})",
                                             named=named, why=why))
        else:
            rule = "indian_summer.mushroom.take"
            others = [q for q in range(self.players) if q != p and self.paths[q]]
            for s in sources:
                if s == FOREST:
                    return IllegalAction(rule, T("with {players} players the mushroom takes "
                                                 "from other players' paths, not from the "
                                                 "forest (that is the 2-player rule)",
                                                 players=self.players))
                if type(s) is not int or not 0 <= s < self.players:
                    return IllegalAction(rule, T("{source} is not a player (0-{last})",
                                                 source=repr(s), last=self.players - 1))
                if s == p:
                    return IllegalAction(rule, T("the tiles come from other players' paths, "
                                                 "not from your own"))
                if not self.paths[s]:
                    return IllegalAction(rule, T("{player}'s path is empty: there is no tile "
                                                 "right of the backpack to take",
                                                 player=player_name(s)))
            if len(set(sources)) != len(sources):
                return IllegalAction(rule, T("name two different players: one tile from each"))
            if not others:
                return IllegalAction(rule, T("no other player has a tile in the path"))
            if len(others) == 1 and len(sources) != 1:
                return IllegalAction(rule, T("only {player} has a tile in the path: take just "
                                             "that one", player=player_name(others[0])))
            if len(others) > 1 and len(sources) != 2:
                names_ = tuple(player_name(q) for q in others)
                return IllegalAction(rule, T("name two other players whose paths hold a tile "
                                             "({players}): one tile from each", players=names_))
        tiles = [self._peek(s) for s in sources]
        if tiles and not any(fits(t, covered) for t in tiles):
            return IllegalAction("indian_summer.mushroom.fit",
                                 T("neither {tiles} fits on {player}'s board: the mushroom would "
                                   "take nothing that can be laid", tiles=C.names(tiles),
                                   player=player_name(p)))
        return IllegalAction(rule, T("that mushroom is not possible now"))

    def _take_pending(self, tiles: tuple, source: str) -> None:
        p = self.turn
        covered = self.floors[p].covered
        both = len(tiles) == 2 and pair_fits(tiles[0], tiles[1], covered)
        self.pending, self.need, self.pending_from = tiles, (2 if both else 1), source
        if len(tiles) == 2 and not both and self.narrating:
            self._emit(T("The two tiles cannot both be laid: one that fits is laid, the other "
                         "leaves the game."), "indian_summer.mushroom.fit", p)
        self.phase = "place"

    def _do_feather(self, action) -> None:
        self._check_tile_action("indian_summer.treasure.enhance")
        p = self.turn
        if not self.backpacks[p][3]:
            raise IllegalAction("indian_summer.feather.two",
                                T("{player} has no feather", player=player_name(p)))
        if len(action.tiles) != 2 or action.tiles[0] == action.tiles[1]:
            raise IllegalAction("indian_summer.feather.two",
                                T("a feather lays exactly two different tiles of your path, not "
                                  "{tiles}", tiles=str(list(action.tiles))))
        tiles = [self._leaf(n) for n in action.tiles]
        if not all(t in self.paths[p] for t in tiles):
            raise IllegalAction("indian_summer.feather.two",
                                T("the feather lays two tiles of your own path"))
        if not pair_fits(tiles[0], tiles[1], self.floors[p].covered):
            raise IllegalAction("indian_summer.feather.two",
                                T("those two tiles cannot both be laid"))
        if action not in self._feather_options():
            raise IllegalAction("indian_summer.feather.two",
                                T("that feather is not possible now"))
        self._spend(p, "feather")
        places = sorted(self.paths[p].index(t) + 1 for t in tiles)
        self.paths = _replace(self.paths, p, tuple(t for t in self.paths[p] if t not in tiles))
        if self.narrating:
            self._emit(T("{player} spends a feather instead of laying one tile: tiles {first} "
                         "and {second} of the path ({tiles}) are laid.", player=player_name(p),
                         first=places[0], second=places[1], tiles=C.names(tiles)),
                       "indian_summer.feather.two", p)
        self.pending, self.need, self.pending_from = tuple(tiles), 2, "feather"
        self.phase = "place"

    def _place_pending(self, action) -> None:
        p = self.turn
        tile = self._leaf(action.tile)
        if tile not in self.pending:
            raise IllegalAction("indian_summer.turn.steps",
                                T("lay one of the tiles taken: {tiles}",
                                  tiles=C.names(self.pending)))
        covered = self.floors[p].covered
        mask, hole = self._check_fit(tile, action, covered)
        rest = tuple(t for t in self.pending if t != tile)
        if self.need == 2 and not fits(rest[0], covered | mask):
            raise IllegalAction("indian_summer.feather.two" if self.pending_from == "feather"
                                else "indian_summer.mushroom.fit",
                                T("laid so, {tile} would no longer fit, and both tiles must be "
                                  "laid", tile=C.tile_name(rest[0])))
        self._lay(p, tile, action, mask, hole, self.pending_from)
        self.need -= 1
        self.pending = rest
        if self.need:
            return
        if self.pending:
            if self.pending_from == "track":
                self._solo_return()
            else:
                self.box = self.box + self.pending
                if self.narrating:
                    self._emit(T("{tiles} could not be laid too and leaves the game.",
                                 tiles=C.names(self.pending)), "indian_summer.mushroom.fit", p)
        if self.pending_from == "track":
            self._solo_shift()
        self.pending, self.pending_from, self.pending_slots = (), "", ()
        self.phase = "turn"
        self._after_tile_action()

    def _after_tile_action(self) -> None:
        """Steps 3 and 4 of the turn: refill an empty path, pay completed areas."""
        p = self.turn
        self.tile_done = True
        if self.solo:
            self._pay_areas(p)
            self._solo_after_tile()
            return
        if not self.paths[p]:
            if self.narrating:
                self._emit(T("{player}'s path is empty: it is refilled to 5 from the forest.",
                             player=player_name(p)), "indian_summer.refill.empty_path", p)
            self._refill(p, C.PATH_SIZE)
        self._pay_areas(p)

    # the forest ----------------------------------------------------------------------------
    def _draw(self) -> int:
        """The forest tile next to the bush; the bush moves on; a low forest is replenished."""
        if not self.forest:
            self._replenish()
        tile, self.forest = self.forest[0], self.forest[1:]
        self._replenish()
        return tile

    def _replenish(self) -> None:
        if len(self.forest) > FOREST_LOW or not self.set_aside:
            return
        n = min(len(self.set_aside), self.options["forest_size"] - len(self.forest))
        if n <= 0:
            return
        added = self.set_aside[len(self.set_aside) - n:]
        self.set_aside = self.set_aside[:len(self.set_aside) - n]
        self.forest = self.forest + added
        if self.narrating:
            self._emit(N("The forest is down to {down} tiles: {n} set-aside tile are added at "
                         "its far end ({left} left aside).",
                         "The forest is down to {down} tiles: {n} set-aside tiles are added at "
                         "its far end ({left} left aside).", n, down=len(self.forest) - n,
                         left=len(self.set_aside)),
                       "indian_summer.refill.replenish", tiles=added)

    def _refill(self, p: int, target: int) -> None:
        taken = []
        while len(self.paths[p]) < target and (self.forest or self.set_aside):
            tile = self._draw()
            taken.append(tile)
            self.paths = _replace(self.paths, p, self.paths[p] + (tile,))
        if not self.narrating:
            return
        if taken:
            self._emit(T("{player} takes {tiles} from the forest, one by one from the tile next "
                         "to the bush, clockwise, and lays them right of the path (now {n}).",
                         player=player_name(p), tiles=C.names(taken), n=len(self.paths[p])),
                       "indian_summer.refill.forest",
                       p, tiles=taken)
        if len(self.paths[p]) < target:
            self._emit(T("The forest and the set-aside tiles have run out: the path is filled "
                         "as far as it goes."), "indian_summer.refill.exhausted", p)

    # completed areas ---------------------------------------------------------------------
    def _pay_areas(self, p: int) -> None:
        floor = self.floors[p]
        for i, m in enumerate(area_masks(floor.layout)):
            if i in floor.paid or m & ~floor.covered:
                continue
            mine = [(c, k) for c, k in floor.tokens if m & bit(c)]
            floor = floor._replace(tokens=tuple(t for t in floor.tokens if t not in mine),
                                   paid=floor.paid | {i})
            bag = list(self.backpacks[p])
            for _, k in mine:
                bag[C.TOKENS.index(k)] += 1
            self.backpacks = _replace(self.backpacks, p, tuple(bag))
            if self.narrating:
                got = tuple(C.token_name(k) for _, k in mine) or T("no tokens")
                self._emit(T("Area {area} of {player}'s board is complete: its tokens go to the "
                             "backpack ({tokens}).", area=i + 1, player=player_name(p),
                             tokens=got),
                           "indian_summer.area.complete", p, area=i)
        if floor is not self.floors[p]:   # an area paid
            self.floors = _replace(self.floors, p, floor)

    # free actions ---------------------------------------------------------------------------
    def _spend(self, p: int, kind: str, n: int = 1) -> None:
        i = C.TOKENS.index(kind)
        self.backpacks = _replace(self.backpacks, p, _replace(
            self.backpacks[p], i, self.backpacks[p][i] - n))

    def _gain(self, p: int, kind: str, n: int = 1) -> None:
        self._spend(p, kind, -n)

    def _do_berry(self, action) -> None:
        p = self.turn
        if self.solo:
            return self._solo_berry(action)
        if not self.backpacks[p][0]:
            raise IllegalAction("indian_summer.berry.refill",
                                T("{player} has no berry", player=player_name(p)))
        if action.path is not None or action.end is not None:
            raise IllegalAction("indian_summer.berry.refill",
                                T("with 2-4 players a berry refills from the forest: no path or "
                                  "end to choose"))
        n = len(self.paths[p])
        if n >= C.PATH_MAX:
            raise IllegalAction("indian_summer.berry.sixth",
                                T("a path never holds more than 6 tiles"))
        if not (self.forest or self.set_aside):
            raise IllegalAction("indian_summer.refill.exhausted",
                                T("the forest has no tiles left"))
        self._spend(p, "berry")
        if n < C.PATH_SIZE:
            if self.narrating:
                self._emit(T("{player} spends a berry to refill the path to 5.",
                             player=player_name(p)), "indian_summer.berry.refill", p)
            self._refill(p, C.PATH_SIZE)
        else:
            if self.narrating:
                self._emit(T("{player} spends a berry with 5 tiles in the path: a 6th tile.",
                             player=player_name(p)), "indian_summer.berry.sixth", p)
            self._refill(p, C.PATH_MAX)

    def _do_nut(self, action) -> None:
        p = self.turn
        if not self.backpacks[p][1]:
            raise IllegalAction("indian_summer.nut.squirrel",
                                T("{player} has no nut", player=player_name(p)))
        self._squirrel(p, action.at, "indian_summer.nut.squirrel",
                       lambda player, cell: T("{player} places a squirrel at once for a nut on "
                                              "{cell}.", player=player, cell=cell))
        self._spend(p, "nut")
        self._pay_areas(p)

    def _do_exchange(self, action) -> None:
        p = self.turn
        give, take = action.give, action.take
        for name in (give, take):
            if not isinstance(name, str) or name not in C.TOKENS:
                raise IllegalAction("indian_summer.exchange.trade",
                                    T("{name} is not a treasure token ({tokens})",
                                      name=repr(name),
                                      tokens=tuple(C.token_name(k) for k in C.TOKENS)))
        i, j = C.TOKENS.index(give), C.TOKENS.index(take)
        if abs(i - j) != 1:
            raise IllegalAction("indian_summer.exchange.trade",
                                T("tokens are exchanged one step at a time: one for the next "
                                  "lower kind, two for the next higher"))
        need = 2 if j > i else 1
        if self.backpacks[p][i] < need:
            raise IllegalAction("indian_summer.exchange.trade",
                                T("{player} has fewer than {tokens}", player=player_name(p),
                                  tokens=C.token_count(give, need)))
        if self.supply(take) <= 0:
            raise IllegalAction("indian_summer.treasure.supply",
                                T("no {token} is left in the supply", token=C.token_name(take)))
        self._spend(p, give, need)
        self._gain(p, take)
        if self.narrating:
            self._emit(T("{player} exchanges {given} for a {token}.", player=player_name(p),
                         given=C.token_count(give, need), token=C.token_name(take)),
                       "indian_summer.exchange.trade", p)

    def _do_animal(self, action) -> None:
        p = self.turn
        if self.animal_done:
            raise IllegalAction("indian_summer.animal.once", T("only one animal per turn"))
        if not isinstance(action.animal, str) or action.animal not in C.ANIMAL_BY_NAME:
            raise IllegalAction("indian_summer.setup.animals",
                                T("{name} is not an animal of the game ({animals})",
                                  name=repr(action.animal),
                                  animals=tuple(C.animal_name(n) for n in C.ANIMAL_BY_NAME)))
        stack = C.ANIMAL_BY_NAME[action.animal]
        kind = self.kinds[stack]
        if not self.animals_left[stack]:
            raise IllegalAction("indian_summer.setup.animals",
                                N("no {animal} tile is left: the stack held {n} tile",
                                  "no {animal} tile is left: the stack held {n} tiles",
                                  C.ALL_KINDS[kind].count, animal=C.animal_name(action.animal)))
        floor = self.floors[p]
        holes = empty_holes(floor)
        where = tuple(action)[1:]   # orientation, x, y
        found = animal_index(kind).get(where) if _whole(where) else None
        if found is None:
            raise IllegalAction("indian_summer.place.edge",
                                T("the {animal} cannot lie at {at} in orientation {orientation}",
                                  animal=C.animal_name(action.animal), at=str(action.at),
                                  orientation=repr(action.orientation)))
        mask = found[0]
        if mask & holes != mask:
            raise IllegalAction("indian_summer.animal.holes",
                                T("the {animal} must lie wholly on connected empty holes (no "
                                  "token, no animal)", animal=C.animal_name(action.animal)))
        self.animal_done = True
        self.animals_left = _replace(self.animals_left, stack, self.animals_left[stack] - 1)
        self.floors = _replace(self.floors, p, floor._replace(
            animal_mask=floor.animal_mask | mask,
            animals=floor.animals + ((kind, action.orientation) + action.at,)))
        if self.narrating:
            self._emit(T("{player} lays the {animal} on the empty holes {cells}.",
                         player=player_name(p), animal=C.animal_name(action.animal),
                         cells=str(cells_of(mask))),
                       "indian_summer.animal.holes", p, cells=cells_of(mask))
        gained = []
        for c in cells_of(mask):
            t = printed_treasure(floor.layout, c)
            if t and self.supply(t) > 0:
                self._gain(p, t)
                gained.append(t)
        if self.narrating:
            self._emit(T("Printed under it: {tokens}; those tokens come from the supply.",
                         tokens=tuple(C.token_name(k) for k in gained) or T("nothing")),
                       "indian_summer.animal.bonus", p, tokens=gained)
        carried = self.animal_tokens[stack]
        if carried:
            self.animal_tokens = _replace(self.animal_tokens, stack, None)
            self._gain(p, carried)
            if self.narrating:
                self._emit(T("The {animal} carried a {token} token: it goes to the backpack "
                             "too.", animal=C.animal_name(action.animal),
                             token=C.token_name(carried)),
                           "indian_summer.animal.token", p)

    def _do_refill(self, action) -> None:
        raise IllegalAction("indian_summer.solo.refill" if self.solo
                            else "indian_summer.refill.forest",
                            T("a path is refilled this way only when the solo path is empty")
                            if self.solo else T("with 2-4 players paths refill from the forest"))

    def _do_end(self, action) -> None:
        p = self.turn
        if not self.tile_done and not self.floors[p].full:
            raise IllegalAction("indian_summer.place.tile_action",
                                T("every turn has one tile action: lay a tile or a squirrel (or "
                                  "use a mushroom or feather) first"))
        if self.narrating:
            self._emit(T("{player} ends the turn.", player=player_name(p)),
                       "indian_summer.turn.steps", p)
        self.turns += 1
        self.tile_done = self.animal_done = False
        if self.solo:
            return self._solo_end_turn()
        if not self.ending and any(f.full for f in self.floors):
            self.ending = True
            if self.narrating:
                full = tuple(player_name(q) for q in range(self.players) if self.floors[q].full)
                self._emit(T("A board is full ({players}): the round is played to the end, up to "
                             "the player before the start player.", players=full),
                           "indian_summer.end.trigger")
        nxt = (p + 1) % self.players
        if self.ending and nxt == self.start_player:
            return self._finish()
        self.turn = nxt
        if self.narrating:
            self._emit(T("{player} is next (clockwise).", player=player_name(nxt)),
                       "indian_summer.turn.order", nxt)

    def _finish(self) -> None:
        scoring.begin(self)

    # -- scoring and views -----------------------------------------------------------------
    def score(self) -> ScoreSheet:
        return scoring.score_sheet(self)

    def _hide(self, player: int) -> None:
        self.set_aside = (C.HIDDEN,) * len(self.set_aside)
        self.box = (C.HIDDEN,) * len(self.box)


def _whole(values) -> bool:
    """Whether every value is a whole number (not a bool, float or anything else)."""
    return all(type(v) is int for v in values)


def _replace(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]
