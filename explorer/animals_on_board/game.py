"""The Animals on Board game: options, hand-built positions and the set-up as narrated steps."""
from __future__ import annotations

import random
from typing import Iterable

from ..core import Game, Option, ScoreSheet, SetupError, start_player_option
from ..messages import T, player_name
from . import components as C
from .actions import ACTION_TYPES
from .position import PLAY_ONLY, build, position_data
from .state import AnimalsState, _clockwise


class AnimalsOnBoard(Game):
    name = "animals_on_board"
    title = "Animals on Board"
    player_counts = (2, 3, 4)
    options = {
        "removed_species": Option(
            None, None,
            T("Species left in the box (2 players: 4, 3 players: 2, 4 players: none); "
              "default: chosen at random from the seed."),
            ("animals_on_board.setup.species",)),
        "start_player": start_player_option(
            T("Who takes the start flag (the rule says: the oldest player)."),
            "animals_on_board.setup.start_player", T("Start player (oldest)")),
    }
    action_types = dict(ACTION_TYPES)
    turn_rule = "animals_on_board.round.turn_order"
    end_rule = "animals_on_board.end.trigger"
    view_rules = ("animals_on_board.hidden.ark", "animals_on_board.round.one_facedown")
    species = C.SPECIES

    def position(self, players: int = 3, **fields) -> AnimalsState:
        """A validated play (or, with over=True, end) position from tile names; the fields are
        listed in `position.py`. PositionError names the bad field."""
        return build(self, players, **fields)

    def position_data(self, state: AnimalsState) -> dict:
        """A play or end position as plain data for `position_from` (see `position.py`)."""
        return position_data(state)

    def score_position(self, players: int, **fields) -> ScoreSheet:
        """Score arks as they sail, e.g. `score_position(2, arks=[[...], [...]])`; with a turn,
        rest flags or round given, the provisional score of that play position."""
        if not set(fields) & set(PLAY_ONLY):
            fields.setdefault("over", True)
        return self.position(players, **fields).score()

    def _check_options(self, players: int, chosen: dict) -> None:
        super()._check_options(players, chosen)
        removed = chosen["removed_species"]
        if removed is None:
            return
        count = len(C.SPECIES) - C.SPECIES_IN_PLAY[players]
        if isinstance(removed, str) or not isinstance(removed, (list, tuple)):
            raise SetupError(T("removed_species is a list of species names or None (random)"))
        unknown = [s for s in removed if s not in C.SPECIES]
        if unknown:
            raise SetupError(T("unknown species {name}; species: {species}",
                               name=repr(unknown[0]), species=", ".join(C.SPECIES)))
        if len(set(removed)) != count:
            raise SetupError(T("with {players} players exactly {count} different species leave "
                               "the game, not {given}", players=players, count=count,
                               given=len(set(removed))))
        chosen["removed_species"] = sorted(set(removed))

    def _setup(self, players: int, seed: int, rng: random.Random,
               options: dict) -> Iterable[AnimalsState]:
        s = AnimalsState(self, players, seed, options)
        keep = C.SPECIES_IN_PLAY[players]
        if options["removed_species"] is None:
            removed = sorted(rng.sample(range(len(C.SPECIES)), len(C.SPECIES) - keep))
            chosen = False
        else:
            removed = sorted(C.SPECIES.index(n) for n in options["removed_species"])
            chosen = True
        s.removed = tuple(removed)
        s.species = tuple(i for i in range(len(C.SPECIES)) if i not in removed)
        gone = tuple(C.SPECIES_NAMES[i] for i in removed)
        if gone and chosen:
            said = T("{players} players use {keep} species ({tiles} tiles); left in the box "
                     "(chosen by the players): {gone}.", players=players, keep=keep,
                     tiles=keep * 5, gone=gone)
        elif gone:
            said = T("{players} players use {keep} species ({tiles} tiles); left in the box "
                     "(chosen at random): {gone}.", players=players, keep=keep, tiles=keep * 5,
                     gone=gone)
        elif chosen:
            said = T("{players} players use {keep} species ({tiles} tiles); left in the box "
                     "(chosen by the players): none.", players=players, keep=keep,
                     tiles=keep * 5)
        else:
            said = T("{players} players use {keep} species ({tiles} tiles); left in the box "
                     "(chosen at random): none.", players=players, keep=keep, tiles=keep * 5)
        s._emit(said, "animals_on_board.setup.species")
        yield s
        s = s._next_step()
        pile = [t for t in C.ALL_TILES if C.species_of(t) in s.species]
        rng.shuffle(pile)
        s.pile = tuple(pile)
        s._emit(T("The {tiles} tiles are shuffled face down into draw piles.", tiles=len(pile)),
                "animals_on_board.setup.draw_piles")
        yield s
        s = s._next_step()
        s.crates = (1,) * players
        s._emit(T("The 20 food crates form the supply; every player takes 1 ({left} stay in the "
                  "supply).", left=20 - players), "animals_on_board.setup.crates")
        yield s
        s = s._next_step()
        s.start_player = options["start_player"]
        s._emit(T("{player} (the oldest player) takes the start flag.",
                  player=player_name(s.start_player)),
                "animals_on_board.setup.start_player", s.start_player)
        yield s
        s = s._next_step()
        draws = []
        for q in _clockwise(s.start_player, players):
            draws.append((q, s.pile[-C.DRAW_AT_SETUP:]))
            s.pile = s.pile[:-C.DRAW_AT_SETUP]
        s.drawn = tuple(tuple(sorted(dict(draws)[q])) for q in range(players))
        s.phase = "keep"
        s.turn = s.start_player
        s._emit(T("Every player draws 3 tiles and looks at them; each will keep 1 secretly in the "
                  "ark and put the other 2 face up in the centre."),
                "animals_on_board.setup.keep_one")
        yield s


GAME = AnimalsOnBoard()
