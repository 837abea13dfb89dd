"""Hand-built Taluva positions from readable names, for lessons, tests and shared files.

`GAME.position(players, tiles=[...], buildings={...}, ...)` (`position` here) lays the tiles one
by one under the placement rules (so every stack on it could have come about in play), puts the
buildings on, fills the supplies and returns a position where `turn` is about to place (or
build). PositionError names the field that is wrong.

Readable names:
  a tile is its two landscapes going round the volcano clockwise, e.g. "jungle-clearing";
  a hex is axial (q, r) (see board); a rotation is 0-5 or the direction of the tile's first
  landscape seen from its volcano: "E", "SE", "SW", "W", "NW", "NE" (rotation 0 = "E": first
  landscape east, second south-east, lava between them).

As data (`GAME.position_from`, JSON or TOML) tuples are lists and a building's hex is a "q,r"
text key (TOML and JSON keys are texts):

    players = 2
    turn = 1
    tiles = [["jungle-clearing", [0, 0], "E"], ["sand-rock", [-2, 1], 5]]
    [buildings]
    "1,0" = [0, "hut"]
    "-1,0" = [1, "temple"]

`GAME.position_data(state)` (`position_data` here) writes any position of a game in play back as
such data.
"""
from __future__ import annotations

import re

from ..core import PositionError, SetupError
from ..frozen import FrozenMap
from ..messages import Message, N, T
from ..untrusted import MAX_DIGITS, shown, too_long
from . import components as C
from .board import DIRECTION_NAMES, Building, Cell, tile_hexes
from .placement import placement_problem
from .scoring import early_win_kinds
from .state import Placed, TaluvaState

FIELDS = ("tiles", "buildings", "drawn", "stack", "turn", "phase", "removed", "eliminated",
          "build_kind", "options", "seed")
BUILD_KINDS = ("hut", "expand", "temple", "tower")


def position(game, players: int = 2, *, tiles=(), buildings=None, drawn=None, stack=None,
             turn: int = 0, phase: str = "place", removed=None, eliminated=(), build_kind=None,
             options=None, seed: int = 0) -> TaluvaState:
    """A position of `game` (Taluva's Game) ready for `turn`.

    tiles: [(name, volcano hex, rotation), ...] in the order laid, e.g. ("jungle-sand", (0, 0),
      "SW"); an eruption is a tile whose volcano lands on a volcano.
    buildings: {hex: (player, kind)}, kind 'hut', 'temple' or 'tower'; a hex holds as many huts
      as its level (an expansion put them there), so (player, 'hut', huts) must say just that.
    drawn: the open tile to place (phase "place"; default: the first of `stack`).
    stack: tile names in the order they will be drawn (default: unused tiles, by number, up to
      the number in play). removed: huts per player gone with eruptions (in all at most
      2 x (level - 1) per eruption on the island: it covered two hexes of level - 1 huts at
      most; its volcano lay on a volcano, which holds none). eliminated: players out.
    phase: "place" or "build"; build_kind: in the one_kind variant, the kind built this turn
      ('hut', 'expand', 'temple' or 'tower').
    """
    if options is not None and not isinstance(options, dict):
        raise PositionError("options", T("a table of rule options, not {value}",
                                         value=shown(options)))
    # one field at a time, so that the refusal names the field at fault
    for field, asked in (("players", (players, 0, {})), ("seed", (players, seed, {})),
                         ("options", (players, seed, dict(options or {})))):
        try:
            _, seed, chosen = game.check_setup(*asked)
        except SetupError as exc:
            raise PositionError(field, exc.args[0]) from None
    s = TaluvaState(game, players, seed, chosen)
    free = {pair: list(C.tile_ids(pair)) for pair, _ in C.PAIR_COUNTS}

    def take(name, field: str) -> int:
        try:
            pair = C.parse_tile_name(name)
        except ValueError as exc:
            raise PositionError(field, exc.args[0]) from None
        if not free[pair]:
            raise PositionError(field, T("all {n} {tile} tiles are in use",
                                         n=len(C.tile_ids(pair)), tile=C.pair_label(pair)))
        return free[pair].pop(0)

    in_play = C.tiles_in_play(players, chosen["all_tiles"])
    _lay_tiles(s, tiles, take, in_play)
    _put_buildings(s, buildings, removed)
    s._find_indexes()
    _set_turn(s, turn, eliminated, phase, build_kind)
    _deal_stack(s, drawn, stack, take, free, in_play)
    s.start_player = chosen["start_player"]
    # every turn lays exactly one tile, so the tiles on the island count the turns played
    s.turns = len(s.placed) - (phase == "build")
    _check_playable(s)
    return s


def _lay_tiles(s: TaluvaState, tiles, take, in_play: int) -> None:
    if not isinstance(tiles, (list, tuple)):
        raise PositionError("tiles", T("a list of (tile name, (q, r), rotation), not {value}",
                                       value=shown(tiles)))
    if len(tiles) > in_play:
        raise PositionError("tiles", T("{players} players use {tiles} tiles, not {given} (rule "
                                       "option all_tiles plays all 48)", players=s.players,
                                       tiles=in_play, given=len(tiles)))
    hexes: dict = {}
    placed = []
    for i, entry in enumerate(tiles):
        field = f"tiles[{i}]"
        if not (isinstance(entry, (list, tuple)) and len(entry) == 3):
            raise PositionError(field, T("write (tile name, (q, r), rotation), not {value}",
                                         value=shown(entry)))
        name, volcano, rotation = entry
        if not (isinstance(volcano, (list, tuple)) and len(volcano) == 2
                and all(type(v) is int and not too_long(v) for v in volcano)):
            raise PositionError(field, T("the volcano hex is two whole numbers (q, r), not "
                                         "{value}", value=shown(volcano)))
        q, r = volcano
        rotation = _rotation(rotation, field)
        tile = take(name, field)
        problem = placement_problem(FrozenMap(hexes), {}, (q, r), rotation)
        if problem:
            raise PositionError(field, T("{reason} [{rule}]", reason=problem.reason,
                                         rule=problem.rule))
        cover = tile_hexes((q, r), rotation)
        level = hexes[(q, r)].level + 1 if (q, r) in hexes else 1
        for h, terrain in zip(cover, (C.VOLCANO,) + C.TILES[tile]):
            hexes[h] = Cell(terrain, level, i, rotation)
        placed.append(Placed(tile, (q, r), rotation, level))
    s.hexes, s.placed = FrozenMap(hexes), tuple(placed)


def _rotation(rotation, field: str) -> int:
    """0-5, or the direction name of the first landscape ("E" is 0, "SE" 1, ... "NE" 5)."""
    if isinstance(rotation, str) and rotation.upper() in DIRECTION_NAMES:
        return DIRECTION_NAMES.index(rotation.upper())
    if type(rotation) is int and 0 <= rotation < 6:
        return rotation
    raise PositionError(field, T("a rotation is 0-5 or where the first landscape lies from the "
                                 "volcano ({directions}), not {value}",
                                 directions=DIRECTION_NAMES, value=shown(rotation)))


def _put_buildings(s: TaluvaState, buildings, removed) -> None:
    if buildings is None:
        buildings = {}
    if not isinstance(buildings, dict):
        raise PositionError("buildings", T("a table hex -> (player, kind), not {value}",
                                           value=shown(buildings)))
    board = {}
    used = [[0, 0, 0] for _ in range(s.players)]
    for h in buildings:     # the hexes first: only then are they written out, and sorted
        if not (isinstance(h, tuple) and len(h) == 2
                and all(type(v) is int and not too_long(v) for v in h)):
            raise PositionError(f"buildings[{_key_text(h)}]",
                                T("a hex is two whole numbers (q, r), not {value}",
                                  value=shown(h)))
    for h, spec in sorted(buildings.items(), key=lambda item: repr(item[0])):
        field = f"buildings[{h}]"
        cell = s.hexes.get(h)
        if cell is None or cell.terrain == C.VOLCANO:
            raise PositionError(field, T("buildings stand on landscape hexes of the island"))
        owner, kind, rest = None, None, ()
        if isinstance(spec, (list, tuple)) and len(spec) >= 2:
            owner, kind, *rest = spec
        if type(owner) is not int or not 0 <= owner < s.players or kind not in C.KINDS:
            raise PositionError(field, T("write (player, 'hut'|'temple'|'tower'), not {value}",
                                         value=shown(spec)))
        count = rest[0] if rest else (cell.level if kind == "hut" else 1)
        if len(rest) > 1 or type(count) is not int or too_long(count):
            raise PositionError(field, T("write (player, kind) or (player, 'hut', huts) with a "
                                         "whole number of huts, not {value}", value=shown(spec)))
        if kind == "hut" and count != cell.level:
            raise PositionError(field, T("a level-{level} hex holds {level} huts (a new hut goes "
                                         "on level 1, an expansion puts one per level), not "
                                         "{count} [taluva.build.expansion_huts]",
                                         level=cell.level, count=count))
        if kind != "hut" and count != 1:
            raise PositionError(field, T("one temple stands on a hex, not {count}", count=count)
                                if kind == "temple" else
                                T("one tower stands on a hex, not {count}", count=count))
        if kind == "tower" and cell.level < 3:
            raise PositionError(field, T("a tower stands on level 3 or higher, not on level "
                                         "{level} [taluva.build.tower_level]", level=cell.level))
        board[tuple(h)] = Building(owner, kind, count)
        used[owner][C.KINDS.index(kind)] += count
    s.buildings = FrozenMap(board)
    if removed is not None and not isinstance(removed, (list, tuple)):
        raise PositionError("removed", T("one number of huts per player, not {value}",
                                         value=shown(removed)))
    s.removed = tuple(removed) if removed is not None else (0,) * s.players
    if len(s.removed) != s.players or any(type(n) is not int or n < 0 or too_long(n)
                                          for n in s.removed):
        raise PositionError("removed", T("one number of huts per player, not {value}",
                                         value=shown(removed)))
    if any(s.removed) and s.options["covered_huts"] == "returned":
        raise PositionError("removed", T("with covered_huts=returned covered huts go back to "
                                         "their owner: none are removed from the game"))
    # an eruption at level L covers two landscape hexes of level L - 1 (its volcano lies on
    # a volcano, which never holds a building), each with at most L - 1 huts
    most = sum(2 * (p.level - 1) for p in s.placed if p.level > 1)
    if sum(s.removed) > most:
        eruptions = sum(p.level > 1 for p in s.placed)
        raise PositionError("removed", N(
            "{removed} huts removed, yet the {n} eruption on the island could have covered at "
            "most {most} (an eruption at level L covers two hexes of L - 1 huts at most) "
            "[taluva.erupt.covered_huts]",
            "{removed} huts removed, yet the {n} eruptions on the island could have covered at "
            "most {most} (an eruption at level L covers two hexes of L - 1 huts at most) "
            "[taluva.erupt.covered_huts]", eruptions, removed=sum(s.removed), most=most))
    supply = []
    for p in range(s.players):
        left = tuple(C.PIECES[k] - n for k, n in zip(C.KINDS, used[p]))
        if min(left) < 0:
            huts, temples, towers = used[p]
            raise PositionError("buildings", T("player {p} would use more pieces than they have "
                                               "({huts} huts, {temples} temples, {towers} "
                                               "towers)", p=p, huts=huts, temples=temples,
                                               towers=towers))
        if s.removed[p] > left[0]:
            raise PositionError("removed", T("player {p} has only {left} huts that are not on "
                                             "the board, so {removed} cannot have been removed "
                                             "by eruptions", p=p, left=left[0],
                                             removed=s.removed[p]))
        after = (left[0] - s.removed[p],) + left[1:]
        done = early_win_kinds(after)
        if len(done) >= 2:
            field = "buildings" if len(early_win_kinds(left)) >= 2 else "removed"
            raise PositionError(field, _early_win(p, tuple(done[:2])))
        supply.append(after)
    s.supply = tuple(supply)


def _early_win(p: int, done: tuple) -> Message:
    if done == ("hut", "temple"):
        return T("player {p} would have placed every hut and every temple: the game ended with "
                 "their early win [taluva.end.early_win]", p=p)
    if done == ("hut", "tower"):
        return T("player {p} would have placed every hut and every tower: the game ended with "
                 "their early win [taluva.end.early_win]", p=p)
    return T("player {p} would have placed every temple and every tower: the game ended with "
             "their early win [taluva.end.early_win]", p=p)


def _set_turn(s: TaluvaState, turn, eliminated, phase, build_kind) -> None:
    players = s.players
    if type(turn) is not int or not 0 <= turn < players:
        raise PositionError("turn", T("must be a player 0..{last}, not {value}",
                                      last=players - 1, value=shown(turn)))
    if not isinstance(eliminated, (list, tuple, set, frozenset)):
        raise PositionError("eliminated", T("a list of players, not {value}",
                                            value=shown(eliminated)))
    bad = [p for p in eliminated if type(p) is not int or not 0 <= p < players]
    if bad or turn in eliminated:
        raise PositionError("eliminated", T("must list players other than turn, not {value}",
                                            value=shown(bad or turn)))
    s.eliminated = tuple(sorted(set(eliminated)))
    if len(s.active) < 2:
        raise PositionError("eliminated", T("at least two players must still be in the game: "
                                            "with one left the game is over and that player "
                                            "has won"))
    if phase not in ("place", "build"):
        raise PositionError("phase", T("must be 'place' or 'build', not {value}",
                                       value=shown(phase)))
    if build_kind is not None and (build_kind not in BUILD_KINDS or phase != "build"
                                   or s.options["builds_per_turn"] != "one_kind"):
        raise PositionError("build_kind", T("only in the build phase of the one_kind variant: "
                                            "hut, expand, temple or tower"))
    s.turn, s.phase, s.build_kind = turn, phase, build_kind


def _deal_stack(s: TaluvaState, drawn, stack, take, free: dict, in_play: int) -> None:
    """The open tile and the face-down stack: the tiles not on the island, within the number
    of tiles in play; the rest are boxed."""
    if stack is not None and not isinstance(stack, (list, tuple)):
        raise PositionError("stack", T("a list of tile names, first drawn first, not {value}",
                                       value=shown(stack)))
    names = list(stack) if stack is not None else None
    first = 0    # index in `stack` of the first tile left in it
    if s.phase == "place" and drawn is None:
        if len(s.placed) == in_play:
            raise PositionError("tiles", T("all {tiles} tiles in play are on the island: the game "
                                           "is over [taluva.end.tiles_out]", tiles=in_play))
        if names is None:
            drawn = C.tile_name(next(t for ids in free.values() for t in ids))
        elif names:
            drawn, first = names.pop(0), 1
        else:
            raise PositionError("drawn", T("the place phase needs a drawn tile"))
    if drawn is not None:
        if s.phase != "place":
            raise PositionError("drawn", T("only the place phase has a drawn tile"))
        s.drawn = take(drawn, "stack[0]" if first else "drawn")
    room = in_play - len(s.placed) - (s.drawn is not None)
    if room < 0:
        raise PositionError("drawn", T("all {tiles} tiles in play are on the island, so no tile "
                                       "is left to draw [taluva.setup.tile_count]",
                                       tiles=in_play))
    if names is None:
        left = sorted(t for ids in free.values() for t in ids)
        s.stack = tuple(reversed(left[:room]))
    else:
        if len(names) > room:
            raise PositionError("stack", T("{players} players use {tiles} tiles: with {out} out, "
                                           "{room} can be left in the stack, not {given} "
                                           "[taluva.setup.tile_count]", players=s.players,
                                           tiles=in_play, out=in_play - room, room=room,
                                           given=len(names)))
        s.stack = tuple(reversed([take(n, f"stack[{i}]") for i, n in enumerate(names, first)]))
    s.boxed = tuple(sorted(t for ids in free.values() for t in ids if t not in s.stack))


def _check_playable(s: TaluvaState) -> None:
    """A position the game could reach, not over, where the player to move has a move: placing
    always has one (the sea is endless); building needs a target."""
    p, kind = s.turn, s.build_kind
    if kind is not None:
        made = s.built(p)[0 if kind in ("hut", "expand") else C.KINDS.index(kind)]
        if not made:
            raise PositionError("build_kind", _built_none(s.player_name(p), kind))
        if not s.build_targets(p)[kind]:
            raise PositionError("build_kind", _cannot_build(s.player_name(p), kind))
    elif s.phase == "build" and not any(s.build_targets(p).values()):
        raise PositionError("phase", T("{player} cannot build anything, so there is no build "
                                       "phase: after placing the tile they would have been "
                                       "eliminated [taluva.build.elimination]",
                                       player=s.player_name(p)))


def _built_none(player: Message, kind: str) -> Message:
    if kind == "hut":
        return T("{player} has built no hut yet, so cannot be building huts this turn",
                 player=player)
    if kind == "expand":
        return T("{player} has built no expand yet, so cannot be building expands this turn",
                 player=player)
    if kind == "temple":
        return T("{player} has built no temple yet, so cannot be building temples this turn",
                 player=player)
    return T("{player} has built no tower yet, so cannot be building towers this turn",
             player=player)


def _cannot_build(player: Message, kind: str) -> Message:
    if kind == "hut":
        return T("{player} cannot build another hut, so the turn would have ended "
                 "[taluva.build.per_turn]", player=player)
    if kind == "expand":
        return T("{player} cannot build another expand, so the turn would have ended "
                 "[taluva.build.per_turn]", player=player)
    if kind == "temple":
        return T("{player} cannot build another temple, so the turn would have ended "
                 "[taluva.build.per_turn]", player=player)
    return T("{player} cannot build another tower, so the turn would have ended "
             "[taluva.build.per_turn]", player=player)


# --------------------------------------------------------------------------- as data

def hex_key(h) -> str:
    """(1, -2) -> "1,-2": a hex as a key of JSON or TOML data."""
    return f"{h[0]},{h[1]}"


# each number written one way (no "+", "-0" or leading zeros), so two keys never name one hex
_NUMBER = r"(0|-?[1-9][0-9]{0,%d})" % (MAX_DIGITS - 1)
_HEX_KEY = re.compile(r"[(\[ ]*%s *, *%s[)\] ]*" % (_NUMBER, _NUMBER))


def _key_text(key) -> str:
    """A key as a field name shows it: a text as it is (cut short), anything else quoted."""
    return shown(key)[1:-1] if isinstance(key, str) else shown(key)


def parse_hex_key(key, field: str) -> tuple[int, int]:
    """"1,-2" (spaces and brackets allowed) or (1, -2) -> (1, -2); PositionError otherwise."""
    if isinstance(key, tuple) and len(key) == 2 and all(type(v) is int for v in key):
        return key
    match = _HEX_KEY.fullmatch(key) if isinstance(key, str) else None
    if not match:
        raise PositionError(f"{field}[{_key_text(key)}]",
                            T("a hex key is written \"q,r\", e.g. \"1,-2\", not {value}",
                              value=shown(key)))
    return (int(match[1]), int(match[2]))


def fields_from_data(data: dict) -> dict:
    """Position data (lists, "q,r" keys) -> the keyword fields of `position`."""
    fields = dict(data)
    buildings = fields.get("buildings")
    if buildings is not None:
        if not isinstance(buildings, dict):
            raise PositionError("buildings", T("a table \"q,r\" -> [player, kind]"))
        fields["buildings"] = {}
        for key, spec in buildings.items():
            h = parse_hex_key(key, "buildings")
            if h in fields["buildings"]:    # "1,0" and "1, 0": one would replace the other
                raise PositionError(f"buildings[{_key_text(key)}]",
                                    T("the hex {hex} is named twice", hex=str(h)))
            fields["buildings"][h] = spec
    return fields


def position_data(state: TaluvaState) -> dict:
    """A position in play as data for `GAME.position_from` (JSON-safe; TOML-safe when written
    with text keys): the same island, buildings, tiles to come, player and phase."""
    if state.phase not in ("place", "build") or state.viewer is not None:
        raise ValueError(T("only a full position of a game in play can be written as data"))
    data: dict = {
        "game": "taluva", "players": state.players,
        "tiles": [[C.tile_name(p.tile), list(p.volcano), p.rotation] for p in state.placed],
        "buildings": {hex_key(h): [b.owner, b.kind] for h, b in sorted(state.buildings.items())},
        "turn": state.turn, "phase": state.phase,
        "stack": [C.tile_name(t) for t in reversed(state.stack)],
    }
    if state.drawn is not None:
        data["drawn"] = C.tile_name(state.drawn)
    if any(state.removed):
        data["removed"] = list(state.removed)
    if state.eliminated:
        data["eliminated"] = list(state.eliminated)
    if state.build_kind is not None:
        data["build_kind"] = state.build_kind
    data.update(state.game.setup_data(state))
    return data
