"""Hand-built Indian Summer positions from readable names (`GAME.position(...)`).

A board is drawn as 9 rows of 8 characters:
  . (or a printed letter B N M F)  empty cell
  #  covered by a leaf        o  an empty leaf hole      b n m f  a token on a leaf hole
  s  a squirrel               a  an animal on a hole
Tiles not named anywhere are set aside (solo: out of the game). Areas already complete count as
paid, as they would be in play.
"""
from __future__ import annotations

from ..core import PositionError
from . import components as C
from .board import Floor, area_masks
from .geometry import bit
from .moves import warm
from .state import IndianSummerState, plural

FIELDS = {"turn", "start_player", "layouts", "boards", "paths", "forest", "set_aside",
          "backpacks", "animals_left", "tile_done", "animal_done", "upper", "lower", "track",
          "solo_turn", "options", "seed"}
TOKEN_LETTERS = {k.lower(): v for k, v in C.TREASURE_LETTERS.items()}


def _floor(rows, layout: int, field: str) -> Floor:
    if (not isinstance(rows, (list, tuple)) or len(rows) != C.HEIGHT
            or not all(isinstance(r, str) and len(r) == C.WIDTH for r in rows)):
        raise PositionError(field, f"a board is {C.HEIGHT} rows of {C.WIDTH} characters")
    covered = holes = animal = 0
    tokens, squirrels = [], []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            b = bit((x, y))
            if ch in ".BNMF":
                continue
            if ch not in "#osabnmf":
                raise PositionError(field, f"unknown character {ch!r} at {(x, y)}")
            covered |= b
            if ch in "oabnmf":
                holes |= b
            if ch == "a":
                animal |= b
            if ch == "s":
                squirrels.append((x, y))
            if ch in TOKEN_LETTERS:
                tokens.append(((x, y), TOKEN_LETTERS[ch]))
    paid = frozenset(i for i, m in enumerate(area_masks(layout)) if m & ~covered == 0)
    for cell, _ in tokens:
        if any(bit(cell) & area_masks(layout)[i] for i in paid):
            raise PositionError(field, f"a token at {cell} lies in a completed area, whose "
                                "tokens were already paid out")
    return Floor(layout, covered, holes, tuple(sorted(tokens)), (), tuple(squirrels), (),
                 animal, paid)


def _tiles(names, field: str, used: set) -> tuple[int, ...]:
    if not isinstance(names, (list, tuple)):
        raise PositionError(field, "a list of leaf tile names is expected")
    out = []
    for n in names:
        try:
            t = C.tile_id(n)
        except ValueError as exc:
            raise PositionError(field, str(exc)) from None
        if t in used:
            raise PositionError(field, f"{n} is named twice")
        used.add(t)
        out.append(t)
    return tuple(out)


def _per_player(value, players: int, field: str) -> list:
    if not isinstance(value, (list, tuple)) or len(value) != players:
        raise PositionError(field, f"one entry per player ({players}) is expected")
    return list(value)


def position(players: int = 2, **fields) -> IndianSummerState:
    """A position where `turn` is about to act (see the module docstring for boards)."""
    from . import GAME
    warm()
    unknown = sorted(set(fields) - FIELDS)
    if unknown:
        raise PositionError(unknown[0], f"unknown field; fields: {', '.join(sorted(FIELDS))}")
    seed = fields.get("seed", 0)
    try:
        players, seed, chosen = GAME.check_setup(players, seed, dict(fields.get("options", {})))
    except ValueError as exc:
        raise PositionError("options" if "option" in str(exc) else "players", str(exc)) from None
    s = IndianSummerState(GAME, players, seed, chosen)
    names = fields.get("layouts", [f"{p + 1}A" for p in range(players)])
    layouts = []
    for n in _per_player(names, players, "layouts"):
        if n not in C.LAYOUT_BY_NAME:
            raise PositionError("layouts", f"{n!r} is not a board side (1A .. 6B)")
        layouts.append(C.LAYOUT_BY_NAME[n])
    boards = fields.get("boards", [["." * C.WIDTH] * C.HEIGHT] * players)
    s.floors = tuple(_floor(rows, layouts[p], "boards")
                     for p, rows in enumerate(_per_player(boards, players, "boards")))
    used: set[int] = set()
    s.paths = tuple(_tiles(path, "paths", used)
                    for path in _per_player(fields.get("paths", [[]] * players), players, "paths"))
    if any(len(path) > C.PATH_MAX for path in s.paths):
        raise PositionError("paths", "a path never holds more than 6 tiles")
    s.forest = _tiles(fields.get("forest", []), "forest", used)
    if "set_aside" in fields:
        s.set_aside = _tiles(fields["set_aside"], "set_aside", used)
    if players == 1:
        s.upper = _tiles(fields.get("upper", []), "upper", used)
        s.lower = _tiles(fields.get("lower", []), "lower", used)
        track = fields.get("track", [None] * 12)
        if not isinstance(track, (list, tuple)) or len(track) != 12:
            raise PositionError("track", "12 places: spaces 10..1 and the two beside the "
                                "mushroom (None for an empty space)")
        s.track = tuple(None if n is None else _tiles([n], "track", used)[0] for n in track)
        s.solo_turn = fields.get("solo_turn", 1)
        if s.solo_turn not in range(1, 11):
            raise PositionError("solo_turn", "a solo game has turns 1-10")
    rest = tuple(t for t in range(C.TILE_COUNT) if t not in used)
    if players > 1 and "set_aside" not in fields:
        s.set_aside = rest
    else:
        s.box = rest
    bags = []
    for bag in _per_player(fields.get("backpacks", [{}] * players), players, "backpacks"):
        if not isinstance(bag, dict) or set(bag) - set(C.TOKENS):
            raise PositionError("backpacks", f"a backpack is a dict of {', '.join(C.TOKENS)}")
        for k, n in bag.items():
            if type(n) is not int or n < 0:
                raise PositionError("backpacks", f"{k}: a count of tokens is a whole number "
                                    f"of at least 0, not {n!r}")
        bags.append(tuple(bag.get(k, 0) for k in C.TOKENS))
    s.backpacks = tuple(bags)
    left = fields.get("animals_left", {})
    if not isinstance(left, dict) or set(left) - set(C.ANIMAL_BY_NAME):
        raise PositionError("animals_left", f"a dict of animal kinds: "
                            f"{', '.join(C.ANIMAL_BY_NAME)}")
    for k in C.ANIMALS:
        n = left.get(k.name, k.count)
        if type(n) is not int or not 0 <= n <= k.count:
            raise PositionError("animals_left", f"{k.name}: the game has "
                                f"{plural(k.count, k.name + ' tile')}; left must be 0-{k.count}, not {n!r}")
    s.animals_left = tuple(left.get(k.name, k.count) for k in C.ANIMALS)
    s.animal_tokens = tuple(k.token if s.animals_left[i] == k.count else None
                            for i, k in enumerate(C.ANIMALS))
    for kind in C.TOKENS:
        if s.supply(kind) < 0:
            raise PositionError("backpacks", f"more {kind} tokens than the {C.TOKEN_SUPPLY[kind]} "
                                "of the game")
    turn = fields.get("turn", 0)
    start = fields.get("start_player", 0)
    for name, value in (("turn", turn), ("start_player", start)):
        if value not in range(players):
            raise PositionError(name, f"a player 0..{players - 1}")
    s.turn, s.start_player, s.phase = turn, start, "turn"
    s.tile_done = bool(fields.get("tile_done", False))
    s.animal_done = bool(fields.get("animal_done", False))
    if players == 1 and not s.paths[0] and (s.upper or s.lower) and not s.tile_done:
        s.phase = "refill"
    return s

