"""The Taluva game: options (rule variants), the narrated set-up and hand-built positions."""
from __future__ import annotations

import random
from typing import Iterable

from ..core import Game, Option, PositionError, start_player_option
from ..messages import T
from . import components as C
from .actions import ACTION_TYPES
from .position import FIELDS, fields_from_data, position, position_data
from .state import TaluvaState, player_name


class Taluva(Game):
    name = "taluva"
    title = "Taluva"
    player_counts = (2, 3, 4)
    options = {
        "all_tiles": Option(
            False, (False, True),
            T("Tiles in play: 12 per player, 24 / 36 / 48 (the rule summary; default) or all 48 "
              "whatever the player count (2006 edition)."), ("taluva.setup.tile_count",),
            T("Tiles in play"), ((False, T("12 per player (rules summary)")),
                                 (True, T("all 48 (2006 edition)")))),
        "start_player": start_player_option(
            T("Who starts (the rule summary says: the youngest player)."),
            "taluva.setup.start_player", T("Start player (youngest)")),
        "covered_huts": Option(
            "removed", ("removed", "returned"),
            T("Huts covered by an eruption: removed from the game, still counting as built "
              "(published rules; default) or returned to their owner (summary, line 57)."),
            ("taluva.erupt.covered_huts",), T("Huts under an eruption"),
            (("removed", T("removed, still counted (published rules)")),
             ("returned", T("returned to their owner (summary)")))),
        "new_hut": Option(
            "not_adjacent", ("not_adjacent", "anywhere"),
            T("A new hut: not next to your own settlement (summary line 67; default) or on any "
              "empty level-1 hex."), ("taluva.build.hut_adjacent",), T("A new hut"),
            (("not_adjacent", T("not next to your settlement (summary)")),
             ("anywhere", T("on any empty level-1 hex")))),
        "builds_per_turn": Option(
            "one", ("one", "one_kind"),
            T("Building each turn: one build action (published rules; default) or any number "
              "of buildings of one kind (summary lines 75 and 85)."), ("taluva.build.per_turn",),
            T("Building each turn"), (("one", T("one build action (published rules)")),
                                      ("one_kind", T("any number of one kind (summary)")))),
    }
    action_types = dict(ACTION_TYPES)
    turn_rule = "taluva.turn.phases"
    end_rule = "taluva.end.tiles_out"
    view_rules = ("taluva.setup.stack",)

    def _setup(self, players: int, seed: int, rng: random.Random,
               options: dict) -> Iterable[TaluvaState]:
        s = TaluvaState(self, players, seed, options)
        s.supply = tuple((C.PIECES["hut"], C.PIECES["temple"], C.PIECES["tower"])
                         for _ in range(players))
        colours = tuple(player_name(p) for p in range(players))
        s._emit(T("Colours: {colours}. Each takes the 20 huts, 3 temples and 2 towers of their "
                  "colour.", colours=colours), "taluva.setup.buildings")
        yield s
        s = s._next_step()
        s._emit(T("The 48 tiles each join a volcano and two landscape hexes (jungle, clearing, "
                  "sand, rock, lake) in a fixed order round the volcano; tiles turn but never "
                  "flip."), "taluva.setup.tiles")
        yield s
        s = s._next_step()
        ids = list(range(len(C.TILES)))
        rng.shuffle(ids)
        n = C.tiles_in_play(players, options["all_tiles"])
        s.stack, s.boxed = tuple(ids[:n]), tuple(sorted(ids[n:]))
        boxed = len(s.boxed)
        if options["all_tiles"] and boxed:
            said = T("{players} players: all 48 tiles are used (option all_tiles); {boxed} go "
                     "back in the box unseen.", players=players, boxed=boxed)
        elif options["all_tiles"]:
            said = T("{players} players: all 48 tiles are used (option all_tiles).",
                     players=players)
        elif boxed:
            said = T("{players} players: 12 tiles per player: {tiles} tiles are used; {boxed} go "
                     "back in the box unseen.", players=players, tiles=n, boxed=boxed)
        else:
            said = T("{players} players: 12 tiles per player: {tiles} tiles are used.",
                     players=players, tiles=n)
        s._emit(said, "taluva.setup.tile_count")
        yield s
        s = s._next_step()
        s._emit(T("The {tiles} tiles are shuffled and stacked face down.", tiles=n),
                "taluva.setup.stack")
        yield s
        s = s._next_step()
        s.start_player = s.turn = options["start_player"]
        s._emit(T("{player} (the youngest player) starts; play goes clockwise.",
                  player=player_name(s.turn)), "taluva.setup.start_player", s.turn)
        s._draw()
        yield s

    def position(self, players: int = 2, **fields) -> TaluvaState:
        """A hand-built position; see `position.py` for the fields and readable names.
        PositionError (a ValueError) names the bad field."""
        unknown = sorted(set(fields) - set(FIELDS))
        if unknown:
            raise PositionError(unknown[0], T("not a field of a Taluva position; fields: "
                                              "{fields}", fields=", ".join(FIELDS)))
        return position(self, players, **fields)

    def _fields_from_data(self, data: dict) -> dict:
        """Building hexes are "q,r" text keys in JSON and TOML data (see `position.py`)."""
        return fields_from_data(data)

    def position_data(self, state: TaluvaState) -> dict:
        """A position in play as data for `position_from` (see `position.py`)."""
        return position_data(state)


GAME = Taluva()
