"""The Cacao game: options (rule variants), the narrated set-up and hand-built positions."""
from __future__ import annotations

import random
from typing import Iterable

from ..core import Game, Option, start_player_option
from ..frozen import FrozenMap
from ..messages import T
from . import components as C
from .actions import ACTION_TYPES
from .board import START_CELLS, frontier
from .position import build, fields_from_data, position_data
from .state import CacaoState, player_name


class Cacao(Game):
    name = "cacao"
    title = "Cacao"
    player_counts = (2, 3, 4)
    options = {
        "start_player": start_player_option(
            T("Who starts (the rule says: the oldest player)."), "cacao.setup.start_player",
            T("Start player (oldest)")),
        "activation_order": Option(
            "per_edge", ("per_edge", "per_worker"),
            T("Order of activated workers: per_edge (Hungarian and published English rules: "
              "finish all workers on one side of a tile before another side) or per_worker "
              "(Korean text: one worker at a time, sides may be interleaved). They differ only "
              "when the 5-cacao cap is reached in between (no step C action spends sun tokens)."),
            ("cacao.activate.order",),
            T("Activation order"), (("per_edge", T("per side (Hungarian rulebook)")),
                                    ("per_worker", T("per worker (Korean rulebook)")))),
    }
    action_types = dict(ACTION_TYPES)
    turn_rule = "cacao.turn.phases"
    end_rule = "cacao.end.trigger"
    view_rules = ("cacao.setup.worker_piles", "cacao.setup.jungle_pile")

    def position(self, players: int = 4, **fields) -> CacaoState:
        """A checked position from readable names (fields: see `explorer.cacao.position`);
        PositionError names the field that cannot be."""
        return build(self, players, **fields)

    def _fields_from_data(self, data: dict) -> dict:
        """Cells from "x,y" keys, players from "0" keys (see `explorer.cacao.position`)."""
        return fields_from_data(data)

    def position_data(self, state: CacaoState) -> dict:
        """A position between turns (or the end) as data for `position_from` (see
        `explorer.cacao.position`)."""
        return position_data(state)

    def _setup(self, players: int, seed: int, rng: random.Random,
               options: dict) -> Iterable[CacaoState]:
        s = CacaoState(self, players, seed, options)
        colours = tuple(player_name(p) for p in range(players))
        s._emit(T("Colours: {players}. Each takes the village board, the water carrier and the 11 "
                  "worker tiles of their colour and puts the water carrier on the -10 field.",
                  players=colours), "cacao.setup.villages")
        s._emit(T("Each colour has 11 worker tiles with 4 workers round the edges: 4x 1-1-1-1, "
                  "5x 2-1-0-1, 1x 3-0-0-1, 1x 3-1-0-0; a tile may be turned but not flipped."),
                "cacao.setup.worker_tiles")
        yield s
        s = s._next_step()
        removed = tuple(C.worker_tile(p, n) for p in range(players)
                        for n in C.REMOVED_NUMBERS[players])
        s.removed_workers = removed
        in_play = (C.TILES_PER_COLOUR - len(C.REMOVED_NUMBERS[players])) * players
        said = {
            2: T("{players} players: each player puts none back in the box ({tiles} worker tiles "
                 "in play).", players=players, tiles=in_play),
            3: T("{players} players: each player puts one 1-1-1-1 tile back in the box ({tiles} "
                 "worker tiles in play).", players=players, tiles=in_play),
            4: T("{players} players: each player puts one 1-1-1-1 and one 2-1-0-1 tile back in the "
                 "box ({tiles} worker tiles in play).", players=players, tiles=in_play),
        }
        s._emit(said[players], "cacao.setup.worker_removal", tiles=removed)
        yield s
        s = s._next_step()
        piles, hands = [], []
        for p in range(players):
            pile = [C.worker_tile(p, n) for n in range(C.TILES_PER_COLOUR)
                    if n not in C.REMOVED_NUMBERS[players]]
            rng.shuffle(pile)
            hands.append(tuple(sorted(pile[-C.HAND_SIZE:])))
            piles.append(tuple(pile[:-C.HAND_SIZE]))
        s.worker_piles, s.hands = tuple(piles), tuple(hands)
        s._emit(T("Each player shuffles their worker tiles face down as a pile beside the "
                  "village board and draws 3 into hand (the start workers)."),
                "cacao.setup.worker_piles")
        yield s
        s = s._next_step()
        ids = list(range(len(C.JUNGLE)))
        start = []
        for name, cell in zip(C.START_TILES, START_CELLS):
            tile = next(t for t in ids if C.JUNGLE[t] == name)
            ids.remove(tile)
            start.append((cell, tile))
        s.jungle = FrozenMap(start)
        s.frontier = frontier(s.jungle, s.workers)
        s._emit(T("The 28 jungle tiles: 6 single and 2 double plantations, markets (price 2 "
                  "x2, 3 x4, 4 x1), gold mines (1 gold x2, 2 gold x1), 3 water, 2 sun-worship "
                  "sites, 5 temples."), "cacao.setup.jungle_tiles")
        s._emit(T("The start tiles, a single plantation on (0, 0) and a price-2 market on "
                  "(1, 1), lie face up in the middle, diagonal to each other, corner to corner."),
                "cacao.setup.start_tiles")
        yield s
        s = s._next_step()
        if players == 2:
            gone = []
            for name in C.TWO_PLAYER_REMOVED:
                tile = next(t for t in ids if C.JUNGLE[t] == name)
                ids.remove(tile)
                gone.append(tile)
            s.removed_jungle = tuple(gone)
            s._emit(T("2 players: 7 jungle tiles go back in the box: 2 single plantations, a "
                      "gold mine (1), a sun-worship site, a market (price 3), a water tile and a "
                      "temple."), "cacao.setup.two_players", tiles=tuple(gone))
        else:
            s._emit(T("{players} players: all 28 jungle tiles are used.", players=players),
                    "cacao.setup.two_players")
        yield s
        s = s._next_step()
        rng.shuffle(ids)
        s.display = tuple(reversed(ids[-C.DISPLAY_SIZE:]))
        s.jungle_pile = tuple(ids[:-C.DISPLAY_SIZE])
        s._emit(T("The other {count} jungle tiles are shuffled face down as the jungle pile; 2 "
                  "are turned face up beside it as the display: {tiles}.", count=len(ids),
                  tiles=tuple(C.jungle_label(t) for t in s.display)), "cacao.setup.jungle_pile",
                tiles=s.display)
        yield s
        s = s._next_step()
        s._emit(T("The {cacao} cacao and {sun} sun tokens form the supply; the gold coins form "
                  "the bank.", cacao=C.CACAO_SUPPLY, sun=C.SUN_SUPPLY), "cacao.setup.supplies")
        yield s
        s = s._next_step()
        s.start_player = s.turn = options["start_player"]
        s.phase, s.is_over = "place", False
        s._emit(T("{player} (the oldest player) starts; play goes clockwise.",
                  player=player_name(s.turn)), "cacao.setup.start_player", s.turn)
        yield s


GAME = Cacao()
