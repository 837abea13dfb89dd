"""The Indian Summer game: options and the set-up as narrated steps (2-4 players and solo)."""
from __future__ import annotations

import random
from typing import Iterable

from ..core import Game, Option, start_player_option
from . import components as C
from .actions import ACTION_TYPES
from .board import Floor
from .moves import warm
from .position import fields_from_data, position, position_data
from .solo import SeriesScore, series_score
from ..messages import N, T, player_name
from .state import IndianSummerState


class IndianSummer(Game):
    name = "indian_summer"
    title = "Indian Summer"
    player_counts = (1, 2, 3, 4)
    options = {
        "start_player": start_player_option(
            T("Who starts (the text: decided by rock-paper-scissors)."),
            "indian_summer.setup.start_player", T("Start player (rock-paper-scissors)")),
        "forest_size": Option(
            20, (10, 15, 20, 25, 30, 35, 40),
            T("Tiles laid out in the forest circle (the text leaves it open); at 6 or fewer the "
              "set-aside tiles top it up to this size again."),
            ("indian_summer.setup.forest", "indian_summer.refill.replenish"), T("Forest size"),
            tuple((n, N("{n} tile", "{n} tiles", n)) for n in (10, 15, 20, 25, 30, 35, 40))),
        "end_nuts": Option(
            "stand_in", ("stand_in", "supply"),
            T("The end conversion when the supply has no nut left: every treasure still becomes "
              "a nut, a stand-in as for the squirrels (line 273 'all treasures', in the spirit of "
              "line 277; default), or the supply limits it as it limits exchanges during play "
              "(line 273 'by the exchange rule')."), ("indian_summer.end.nut_supply",),
            T("No nut left at the end"),
            (("stand_in", T("treasures still become nuts (stand-ins)")),
             ("supply", T("the conversion stops")))),
        "solo_pile": Option(
            1, (1, 2, 3), T("Solo: which of the three piles of 25 made from the seed this game "
                            "uses (game 1, 2 or 3 of a series)."), ("indian_summer.solo.piles",),
            T("Solo series"),
            tuple((n, T("game {n} of 3 (pile {n})", n=n)) for n in (1, 2, 3))),
    }
    action_types = dict(ACTION_TYPES)
    turn_rule = "indian_summer.turn.steps"
    end_rule = "indian_summer.end.trigger"
    view_rules = ("indian_summer.setup.set_aside",)
    illustrative = C.ILLUSTRATIVE

    def position(self, players: int = 2, **fields) -> IndianSummerState:
        """A validated mid-game position from readable names (see `position.py`)."""
        return position(self, players, **fields)

    def _fields_from_data(self, data: dict) -> dict:
        return fields_from_data(data)

    def position_data(self, state: IndianSummerState) -> dict:
        """A position between moves as data for `position_from` (see `position.py`)."""
        return position_data(state)

    def _setup(self, players: int, seed: int, rng: random.Random,
               options: dict) -> Iterable[IndianSummerState]:
        warm()
        if players == 1:
            yield from self._setup_solo(seed, rng, options)
            return
        s = IndianSummerState(self, players, seed, options)
        s._emit(T("The component set is illustrative: leaf shapes, holes, printed treasures and "
                  "animal shapes are not in the rule text (75 leaf tiles: 17 green, 29 yellow, 29 "
                  "red, one hole each)."), "indian_summer.setup.components")
        s.floors = self._boards(players, rng)
        sides = tuple(T("{player} board {side}", player=player_name(p),
                        side=C.LAYOUTS[f.layout].name) for p, f in enumerate(s.floors))
        s._emit(T("Each player takes a forest-floor board and a backpack: {sides}.", sides=sides),
                "indian_summer.setup.boards")
        yield s
        s = s._next_step()
        self._animals(s)
        yield s
        s = s._next_step()
        self._supplies(s)
        yield s
        s = s._next_step()
        tiles = list(range(C.TILE_COUNT))
        rng.shuffle(tiles)
        paths = []
        for _ in range(players):
            path = []
            for colour in C.PATH_COLOURS:
                tile = next(t for t in tiles if C.LEAVES[t].colour == colour)
                tiles.remove(tile)
                path.append(tile)
            paths.append(tuple(path))
        s.paths = tuple(paths)
        s._emit(T("Leaf tiles are shuffled; each player lays 2 green, 2 yellow and 1 red tile "
                  "right of the backpack in that order: the path."), "indian_summer.setup.paths",
                paths=s.paths)
        yield s
        s = s._next_step()
        n = options["forest_size"]
        s.forest, s.set_aside = tuple(tiles[:n]), tuple(tiles[n:])
        s._emit(T("{n} tiles are laid at random in a circle round the game board: the forest; "
                  "the bush stands at its start, next to the first tile.", n=len(s.forest)),
                "indian_summer.setup.forest")
        s._emit(T("The other {n} tiles are set aside, to top up the forest.",
                  n=len(s.set_aside)), "indian_summer.setup.set_aside")
        yield s
        s = s._next_step()
        s.backpacks = ((1, 1, 1, 0),) * players
        s._emit(T("Each player puts a berry, a nut and a mushroom on their backpack."),
                "indian_summer.setup.tokens")
        yield s
        s = s._next_step()
        s.start_player = s.turn = options["start_player"]
        s.phase = "turn"
        s._emit(T("{player} starts (rock-paper-scissors) and takes the shoe; play goes "
                  "clockwise.", player=player_name(s.turn)), "indian_summer.setup.start_player",
                s.turn)
        yield s

    def _boards(self, players: int, rng: random.Random) -> tuple[Floor, ...]:
        boards = rng.sample(range(1, C.BOARDS + 1), players)
        floors = []
        for b in boards:
            side = rng.choice(C.SIDES)
            floors.append(Floor(C.LAYOUT_BY_NAME[f"{b}{side}"]))
        return tuple(floors)

    def _animals(self, s: IndianSummerState) -> None:
        stacks = tuple(T("{count} {animal}", count=k.count, animal=C.animal_name(k.name))
                       for k in C.ANIMALS)
        s._emit(T("The animal tiles are stacked by kind: {stacks}.", stacks=stacks),
                "indian_summer.setup.animals")
        carried = tuple(T("the {animal} a {token}", animal=C.animal_name(k.name),
                          token=C.token_name(k.token)) for k in C.ANIMALS if k.token)
        s._emit(T("The badger, fox and raccoon are unique and each carries a token: {carried}.",
                  carried=carried), "indian_summer.setup.animals")

    def _supplies(self, s: IndianSummerState) -> None:
        counts = tuple(C.token_count(k, n) for k, n in C.TOKEN_SUPPLY.items())
        s._emit(T("Treasure tokens ({counts}) and the {squirrels} squirrels form the supply.",
                  counts=counts, squirrels=C.SQUIRRELS), "indian_summer.setup.supplies")

    def _setup_solo(self, seed: int, rng: random.Random,
                    options: dict) -> Iterable[IndianSummerState]:
        s = IndianSummerState(self, 1, seed, options)
        s._emit(T("The component set is illustrative: leaf shapes, holes, printed treasures and "
                  "animal shapes are not in the rule text."), "indian_summer.setup.components")
        s.floors = self._boards(1, rng)
        s._emit(T("Solo: one forest-floor board ({side}) and a backpack; the game board shows "
                  "its solo side with the numbered spaces.",
                  side=C.LAYOUTS[s.floors[0].layout].name), "indian_summer.solo.setup")
        yield s
        s = s._next_step()
        tiles = list(range(C.TILE_COUNT))
        rng.shuffle(tiles)
        piles = [tuple(tiles[i * 25:(i + 1) * 25]) for i in range(3)]
        n = options["solo_pile"]
        pile = list(piles[n - 1])
        s.box = tuple(t for i, p in enumerate(piles) if i != n - 1 for t in p)
        s._emit(T("The leaf tiles are shuffled into three piles of 25; this is game {n} of the "
                  "series, with pile {n}; the other piles wait for the next games.", n=n),
                "indian_summer.solo.piles")
        yield s
        s = s._next_step()
        s.upper, s.lower, pile = tuple(pile[:5]), tuple(pile[5:10]), pile[10:]
        s._emit(T("5 tiles at random above the game board (the upper path) and 5 below it (the "
                  "lower path)."), "indian_summer.solo.paths")
        yield s
        s = s._next_step()
        s.track = tuple(pile[:10]) + (None, None)
        pile = pile[10:]
        s._emit(T("One tile on each of the 10 numbered spaces."), "indian_summer.solo.track")
        yield s
        s = s._next_step()
        s.paths = (tuple(pile),)
        s._emit(T("The last 5 tiles go right of the backpack: your path. There is no forest."),
                "indian_summer.solo.player_path")
        yield s
        s = s._next_step()
        self._animals(s)
        self._supplies(s)
        s.backpacks = ((1, 1, 1, 0),)
        s._emit(T("A berry, a nut and a mushroom go on the backpack."),
                "indian_summer.solo.supplies")
        yield s
        s = s._next_step()
        s.turn, s.phase, s.solo_turn = 0, "turn", 1
        s._solo_turn_start()
        yield s


GAME = IndianSummer()


class Series:
    """Three solo games from one seed: the 75 tiles are split into three piles of 25 at the start
    of the series, and game n uses pile n."""

    def __init__(self, seed: int = 0, **options):
        self.seed = seed
        self.options = options
        self.results: list[tuple[bool, int]] = []

    def setup(self, game_number: int):
        return GAME.setup(1, self.seed, solo_pile=game_number, **self.options)

    def add(self, final_state) -> None:
        sheet = final_state.score()
        self.results.append((bool(sheet.winners), sheet.totals[0]))

    @property
    def next_game(self) -> int | None:
        """The game to play next (1-3), or None when the series is decided."""
        return None if series_score(self.results).finished else len(self.results) + 1

    def score(self) -> SeriesScore:
        return series_score(self.results)
