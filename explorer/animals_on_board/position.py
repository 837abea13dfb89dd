"""Hand-built Animals on Board positions from tile names (`GAME.position(...)`).

Fields (every one optional except `players`; tiles are named as the engine names them, e.g.
"lion-1"; lists with one entry per player are in player order):

  groups           the central groups: a list of lists of tile names
  facedown         the one face-down tile in the centre (it lies in one of the groups), or None
  arks             per player, the tiles in their ark (kept and taken)
  crates           per player, food crates in their store (0-5; default 1 each)
  turn             the player about to act (default: the start player, or the first player
                   clockwise from them who is still in the round)
  resting          per player, True if they took a group and left this round
  start_player     who holds the start flag (once someone rests: the first who left)
  round            the round being played (default 1)
  removed_species  the species left in the box (default: the last species of the list that no
                   tile names, as many as the player count removes)
  seed             shuffles the draw pile: every tile of the species in play not named above
  over             True: the game has ended and the arks sail (no turn, no rest flags); any
                   arks may be scored this way, which is what `score_position` does

A play position must be one the rules can reach: every ark holds the tile kept at set-up, a
resting player holds a taken group too, nobody still in the round holds 10 or more tiles (the
game would have ended), at most 8/10/12 face-up tiles lie in the centre, and the player to act
can split or take (the engine skips a player who cannot).
"""
from __future__ import annotations

import random

from ..core import PositionError
from ..untrusted import MAX_DIGITS, shown, too_long
from . import components as C
from ..messages import T, player_name
from .state import AnimalsState, _clockwise

FIELDS = ("groups", "facedown", "arks", "crates", "turn", "resting", "start_player", "round",
          "removed_species", "seed", "over")
PLAY_ONLY = ("turn", "resting", "start_player", "round")
# Every round but a stalled one boards at least one tile (it ends once all but one player took a
# group, or when nobody can act, which the first split of a round rules out), so no game has
# more rounds than the box has tiles.
MOST_ROUNDS = len(C.ALL_TILES)


def _whole(value, field: str, low: int, high: int | None = None) -> int:
    """A whole number from `low` to `high`; with no `high`, of at most MAX_DIGITS digits (the
    limit of records, so the position can be saved)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low \
            or (high is not None and value > high):
        if high is not None:
            raise PositionError(field, T("a whole number {low}..{high}, not {value}", low=low,
                                         high=high, value=shown(value)))
        raise PositionError(field, T("a whole number at least {low}, not {value}", low=low,
                                     value=shown(value)))
    if high is None and too_long(value):
        raise PositionError(field, T("a whole number of at most {digits} digits, not {value}",
                                     digits=MAX_DIGITS, value=shown(value)))
    return value


def _per_player(value, players: int, field: str) -> list:
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) \
            or len(value) != players:
        raise PositionError(field, T("one entry per player ({players}) is expected, not "
                                     "{value}", players=players, value=shown(value)))
    return list(value)


class _Tiles:
    """Reads tile names field by field and refuses a tile named twice anywhere."""

    def __init__(self):
        self.where: dict[int, str] = {}
        self.first_field: dict[int, str] = {}   # species -> the field that first names it

    def read(self, names, field: str) -> tuple[int, ...]:
        if isinstance(names, (str, bytes)) or not isinstance(names, (list, tuple)):
            raise PositionError(field, T("a list of tile names like 'panda-3' is expected, not "
                                         "{value}", value=shown(names)))
        out = []
        for name in names:
            if not isinstance(name, str):
                raise PositionError(field, T("tiles are named like 'panda-3', not {value}",
                                             value=shown(name)))
            try:
                tile = C.tile_from_name(name)
            except ValueError as exc:
                raise PositionError(field, exc.args[0]) from None
            if tile in self.where:
                said = C.tile_label(tile) if C.tile_name(tile) == name else name
                raise PositionError(field, T("{tile} is already in {field}: every tile exists "
                                             "once", tile=said, field=self.where[tile]))
            self.where[tile] = field
            self.first_field.setdefault(C.species_of(tile), field)
            out.append(tile)
        return tuple(sorted(out))


def _removed_species(fields: dict, players: int, named: _Tiles) -> tuple[int, ...]:
    count = len(C.SPECIES) - C.SPECIES_IN_PLAY[players]
    used = set(named.first_field)
    if "removed_species" in fields:
        given = fields["removed_species"]
        if isinstance(given, (str, bytes)) or not isinstance(given, (list, tuple)):
            raise PositionError("removed_species", T("a list of species names"))
        unknown = [s for s in given if not isinstance(s, str) or s not in C.SPECIES]
        if unknown:
            raise PositionError("removed_species", T("unknown species {name}; species: {species}",
                                                     name=shown(unknown[0]),
                                                     species=", ".join(C.SPECIES)))
        if len(set(given)) != len(given) or len(given) != count:
            raise PositionError("removed_species", T("with {players} players exactly {count} "
                                                     "different species leave the game, not "
                                                     "{given}", players=players, count=count,
                                                     given=len(set(given))))
        removed = tuple(sorted(C.SPECIES.index(s) for s in given))
        for sp in removed:
            if sp in used:
                raise PositionError(named.first_field[sp], T(
                    "{species} is out of the game (removed_species): none of its tiles are in "
                    "play", species=C.SPECIES_NAMES[sp]))
        return removed
    if len(used) > C.SPECIES_IN_PLAY[players]:
        extra = list(named.first_field)[C.SPECIES_IN_PLAY[players]]
        raise PositionError(named.first_field[extra], T(
            "{players} players play with {species} species, but the position names {named} "
            "({extra} is one too many)", players=players, species=C.SPECIES_IN_PLAY[players],
            named=len(used), extra=C.SPECIES_NAMES[extra]))
    unused = [sp for sp in range(len(C.SPECIES)) if sp not in used]
    return tuple(sorted(unused[len(unused) - count:])) if count else ()


def build(game, players, **fields) -> AnimalsState:
    """A validated position (see the module docstring); PositionError names the bad field."""
    unknown = sorted(set(fields) - set(FIELDS))
    if unknown:
        raise PositionError(unknown[0], T("not a field of an Animals on Board position; "
                                          "fields: {fields}", fields=", ".join(FIELDS)))
    if type(players) is not int or players not in game.player_counts:
        raise PositionError("players", T("Animals on Board is played by 2, 3 or 4 players, "
                                         "not {value}", value=shown(players)))
    over = fields.get("over", False)
    if not isinstance(over, bool):
        raise PositionError("over", T("True or False, not {value}", value=shown(over)))
    if over:
        for name in PLAY_ONLY:
            if name in fields:
                raise PositionError(name, T("a finished game has no turn, rest flags or round "
                                            "in progress"))
    seed = _whole(fields.get("seed", 0), "seed", 0)

    named = _Tiles()
    raw_groups = fields.get("groups", [])
    if isinstance(raw_groups, (str, bytes)) or not isinstance(raw_groups, (list, tuple)):
        raise PositionError("groups", T("a list of groups, each a list of tile names"))
    groups = tuple(named.read(g, "groups") for g in raw_groups)
    if any(not g for g in groups):
        raise PositionError("groups", T("a group holds at least one tile"))
    facedown = fields.get("facedown")
    if facedown is not None:
        if not isinstance(facedown, str):
            raise PositionError("facedown", T("a tile name or None, not {value}",
                                              value=shown(facedown)))
        try:
            facedown = C.tile_from_name(facedown)
        except ValueError as exc:
            raise PositionError("facedown", exc.args[0]) from None
        if named.where.get(facedown) != "groups":
            raise PositionError("facedown", T("the face-down tile lies in one of the central "
                                              "groups: name it in `groups` too"))
    arks = tuple(named.read(a, "arks")
                 for a in _per_player(fields.get("arks", [[]] * players), players, "arks"))
    removed = _removed_species(fields, players, named)

    crates = tuple(_whole(n, "crates", 0, C.CRATE_CAP)
                   for n in _per_player(fields.get("crates", [1] * players), players, "crates"))
    face_up = sum(len(g) for g in groups) - (facedown is not None)
    target = C.FACE_UP_TARGET[players]
    if face_up > target:
        raise PositionError("groups", T("a round starts with {target} face-up tiles in the "
                                        "centre and tiles only leave it, so {face_up} cannot "
                                        "lie there", target=target, face_up=face_up))

    s = AnimalsState(game, players, seed,
                     {"removed_species": sorted(C.SPECIES[sp] for sp in removed),
                      "start_player": 0})
    s.removed = removed
    s.species = tuple(sp for sp in range(len(C.SPECIES)) if sp not in removed)
    pile = [t for t in C.ALL_TILES if C.species_of(t) in s.species and t not in named.where]
    random.Random(seed).shuffle(pile)
    s.pile = tuple(pile)
    s.groups, s.facedown, s.arks, s.crates = groups, facedown, arks, crates
    if over:
        s.phase, s.turn = "over", None
        s.announced = tuple(p for p in range(players) if len(arks[p]) >= C.FULL_ARK)
        return s
    _play(s, fields)
    return s


def _play(s: AnimalsState, fields: dict) -> None:
    """Set and check the fields of a round in progress."""
    players = s.players
    s.phase = "play"
    s.round = _whole(fields.get("round", 1), "round", 1, MOST_ROUNDS)
    resting = _per_player(fields.get("resting", [False] * players), players, "resting")
    if not all(isinstance(r, bool) for r in resting):
        raise PositionError("resting", T("True or False per player, not {value}",
                                         value=shown(resting)))
    s.resting = tuple(resting)
    if all(s.resting):
        raise PositionError("resting", T("when everyone has left the round, the round is over"))
    for p, ark in enumerate(s.arks):
        if not ark:
            raise PositionError("arks", T("{player} kept one tile in the ark at set-up, so no "
                                          "ark is empty during play", player=player_name(p)))
        if s.resting[p] and len(ark) < 2:
            raise PositionError("arks", T("{player} rests, so took a group this round: the ark "
                                          "holds the kept tile and at least one more",
                                          player=player_name(p)))
        if len(ark) >= C.FULL_ARK and not s.resting[p]:
            raise PositionError("arks", T("{player} holds {tiles} tiles but is still in the "
                                          "round: 10 tiles come with a take, and the game ends "
                                          "after the round in which they did",
                                          player=player_name(p), tiles=len(ark)))
    s.announced = tuple(p for p in range(players) if len(s.arks[p]) >= C.FULL_ARK)
    s.start_player = _whole(fields.get("start_player", 0), "start_player", 0, players - 1)
    if any(s.resting):
        if not s.resting[s.start_player]:
            raise PositionError("start_player", T("the first player to leave the round takes "
                                                  "the start flag, so once someone rests the "
                                                  "start player rests too"))
        s.first_out = s.start_player
    in_round = [q for q in _clockwise(s.start_player, players) if not s.resting[q]]
    s.turn = _whole(fields.get("turn", in_round[0]), "turn", 0, players - 1)
    if s.resting[s.turn]:
        raise PositionError("turn", T("{player} rests: they left this round",
                                      player=player_name(s.turn)))
    if not any(s.can_act(q) for q in range(players) if not s.resting[q]):
        raise PositionError("groups", T("nobody still in the round can split a group or afford "
                                        "one, so the round would already be over"))
    if not s.can_act(s.turn):
        raise PositionError("turn", T("{player} can neither split a group nor afford one, so "
                                      "their turn would have been skipped",
                                      player=player_name(s.turn)))
    s.final_turn = sum(not r for r in s.resting) == 1


def position_data(state: AnimalsState) -> dict:
    """The fields of `state` as plain data (JSON- and TOML-ready) for `GAME.position_from`."""
    if state.phase not in ("play", "over") or state.viewer is not None:
        raise ValueError(T("only a full play or end position can be written as position data"))
    data: dict = {"game": state.game.name, "players": state.players,
                  "groups": [[C.tile_name(t) for t in g] for g in state.groups],
                  "arks": [[C.tile_name(t) for t in a] for a in state.arks],
                  "crates": list(state.crates),
                  "removed_species": [C.SPECIES[sp] for sp in state.removed]}
    if state.facedown is not None:
        data["facedown"] = C.tile_name(state.facedown)
    if state.phase == "over":
        data["over"] = True
    else:
        data.update(turn=state.turn, resting=list(state.resting),
                    start_player=state.start_player, round=state.round)
    if isinstance(state.seed, int):
        data["seed"] = state.seed
    return data
