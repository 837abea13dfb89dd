"""Hand-built Nim positions (`GAME.position(...)`).

Fields (all optional; heaps and players are numbered from 0):

  heaps     the counters left in each row, e.g. [3, 0, 2] (default [3, 4, 5])
  sizes     what each row held at the set-up: 3, 4 and 5 in some order (default: the order
            that fits the heaps, the largest heap in the row of 5)
  turn      the player to move (default 0); not given once every heap is empty
  last      who took the last counter: given only when every heap is empty (the game is over)
  misere    True: the misère variant, the last counter loses (default False)

A position must be one the rules can reach: no heap holds more than its row held at the set-up,
and heaps only shrink, so at most 12 counters lie on the table.
"""
from __future__ import annotations

from explorer.core import PositionError
from explorer.messages import T
from explorer.untrusted import shown

from . import components as C
from .state import NimState

FIELDS = ("heaps", "sizes", "turn", "last", "misere")


def _seat(value, field: str, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise PositionError(field, T("a player 0..{last}, not {value}", last=players - 1,
                                     value=shown(value)))
    return value


def _counts(value, field: str) -> tuple[int, ...]:
    """A list with one whole number per row."""
    rows = len(C.HEAP_SIZES)
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) \
            or len(value) != rows:
        raise PositionError(field, T("a list of {rows} whole numbers, one per row, not {value}",
                                     rows=rows, value=shown(value)))
    for n in value:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= max(C.HEAP_SIZES):
            raise PositionError(field, T("a heap holds 0..{most} counters, not {value}",
                                         most=max(C.HEAP_SIZES), value=shown(n)))
    return tuple(value)


def _fitting_sizes(heaps: tuple[int, ...]) -> tuple[int, ...]:
    """The set-up's sizes given row by row so that each heap fits its row: the largest heap in
    the row of 5, the next in the row of 4 (ties keep the rows' order)."""
    order = sorted(range(len(heaps)), key=lambda row: (heaps[row], row))
    sizes = [0] * len(heaps)
    for row, size in zip(order, sorted(C.HEAP_SIZES)):
        sizes[row] = size
    return tuple(sizes)


def build(game, players, **fields) -> NimState:
    """A validated position (see the module docstring); PositionError names the bad field."""
    unknown = sorted(set(fields) - set(FIELDS), key=str)
    if unknown:
        raise PositionError(str(unknown[0]), T("not a field of a Nim position; fields: {fields}",
                                               fields=", ".join(FIELDS)))
    if type(players) is not int or players not in game.player_counts:
        raise PositionError("players", T("Nim is played by 2 players, not {value}",
                                         value=shown(players)))
    heaps = _counts(fields.get("heaps", list(C.HEAP_SIZES)), "heaps")
    if "sizes" in fields:
        sizes = _counts(fields["sizes"], "sizes")
        if sorted(sizes) != sorted(C.HEAP_SIZES):
            raise PositionError("sizes", T("the set-up makes heaps of 3, 4 and 5, not {value}",
                                           value=shown(list(sizes))))
    else:
        sizes = _fitting_sizes(heaps)
    for row, (left, size) in enumerate(zip(heaps, sizes)):
        if left > size:
            raise PositionError("heaps", T("row {row} held {size} counters at the set-up and "
                                           "heaps only shrink, so it cannot hold {left}",
                                           row=row + 1, size=size, left=left))
    misere = fields.get("misere", False)
    if not isinstance(misere, bool):
        raise PositionError("misere", T("True or False, not {value}", value=shown(misere)))
    s = NimState(game, players, 0, {"start_player": 0, "misere": misere})
    s.heaps, s.sizes = heaps, sizes
    if sum(heaps):
        if "last" in fields:
            raise PositionError("last", T("counters are still on the table, so nobody has taken "
                                          "the last one yet"))
        s.phase = "play"
        s.turn = _seat(fields.get("turn", 0), "turn", players)
        return s
    if "turn" in fields:
        raise PositionError("turn", T("every heap is empty: the game is over and nobody is to "
                                      "move"))
    if "last" not in fields:
        raise PositionError("last", T("every heap is empty: say who took the last counter"))
    s.phase, s.turn, s.last = "over", None, _seat(fields["last"], "last", players)
    return s


def position_data(state: NimState) -> dict:
    """The fields of `state` as plain data (JSON- and TOML-ready) for `GAME.position_from`."""
    if state.phase not in ("play", "over") or state.viewer is not None:
        raise ValueError(T("only a full play or end position can be written as position data"))
    data: dict = {"game": state.game.name, "players": state.players,
                  "heaps": list(state.heaps), "sizes": list(state.sizes)}
    if state.phase == "over":
        data["last"] = state.last
    else:
        data["turn"] = state.turn
    if state.misere:
        data["misere"] = True
    return data
