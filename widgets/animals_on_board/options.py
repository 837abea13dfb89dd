"""Set-up option control for Animals on Board: the species left in the box."""
from __future__ import annotations

import ipywidgets as w

from explorer.animals_on_board import components as C

from ..shared.models import shared_layout
from ..shared.setup_panel import OptionControl

RANDOM = "random (from the seed)"
CHOOSE = "choose species"


def _removed_count(players: int) -> int:
    return len(C.SPECIES) - C.SPECIES_IN_PLAY.get(players, len(C.SPECIES))


def removed_species_control(option, players: int) -> OptionControl:
    """"random" or a multi-select of species; the hint says how many (the engine checks it)."""
    mode = w.ToggleButtons(options=[RANDOM, CHOOSE], value=RANDOM,
                           description="Species left out", style={"description_width": "initial"})
    pick = w.SelectMultiple(options=[(f"{en} ({ko})", en) for en, ko in zip(C.SPECIES, C.SPECIES_KO)],
                            rows=6, layout=shared_layout(width="240px"))
    pick.add_class("rx-removed-species")
    hint = w.HTML()

    def players_changed(n: int) -> None:
        k = _removed_count(n)
        hint.value = (f"<small>{n} players: {k} species leave the game.</small>" if k
                      else f"<small>{n} players: all 12 species are used.</small>")
        pick.disabled = mode.value == RANDOM

    mode.observe(lambda _: players_changed(players_now[0]), names="value")
    players_now = [players]

    def on_players(n: int) -> None:
        players_now[0] = n
        players_changed(n)

    on_players(players)

    def read():
        if mode.value == RANDOM:
            return None
        return [s for s in pick.value if s in C.SPECIES]

    box = w.VBox([mode, w.HBox([pick, hint])])
    return OptionControl(box, read, on_players)


def option_factories() -> dict:
    return {"removed_species": removed_species_control}
