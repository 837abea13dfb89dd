"""Hand-built Animals on Board positions for rule tests."""
from __future__ import annotations

import explorer
from explorer.animals_on_board import components as C

GAME = explorer.GAMES["animals_on_board"]


def t(name: str) -> int:
    return C.tile_from_name(name)


def ts(*names: str) -> tuple[int, ...]:
    return tuple(sorted(t(n) for n in names))


def position(players=3, groups=(), crates=None, arks=None, turn=0, facedown=None, resting=None,
             start_player=0, seed=1, first_out=None):
    """A play-phase position with exactly these groups, crates and arks (pile from the seed)."""
    state = GAME.setup(players, seed)
    while state.phase == "keep":
        state = state.apply(state.legal_actions()[0])
    s = state._fork()
    s.events = ()
    s.groups = tuple(tuple(sorted(g)) for g in groups)
    used = {x for g in s.groups for x in g} | {x for a in (arks or ()) for x in a}
    s.pile = tuple(x for x in s.pile if x not in used)
    s.facedown = facedown
    s.crates = tuple(crates if crates is not None else (1,) * players)
    s.arks = tuple(tuple(a) for a in (arks if arks is not None else ((),) * players))
    s.resting = tuple(resting if resting is not None else (False,) * players)
    s.turn = turn
    s.start_player = start_player
    s.first_out = first_out
    s.final_turn = False
    return s


def rules_of(state) -> list[str]:
    return [e.rule for e in state.events]
