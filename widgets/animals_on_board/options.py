"""Set-up option control for Animals on Board: the species left in the box."""
from __future__ import annotations

from html import escape

import ipywidgets as w

from explorer.animals_on_board import components as C
from explorer.messages import T

from ..shared.models import shared_layout
from ..shared.setup_panel import OptionControl
from ..shared.page_words import PageWords

RANDOM = "random (from the seed)"   # the choices' values; their labels are said in words
CHOOSE = "choose species"
MODES = [(T("random (from the seed)"), RANDOM), (T("choose species"), CHOOSE)]


def _removed_count(players: int) -> int:
    return len(C.SPECIES) - C.SPECIES_IN_PLAY.get(players, len(C.SPECIES))


def removed_species_control(option, players: int,
                            words: PageWords | None = None) -> OptionControl:
    """"random" or a multi-select of species; the hint says how many (the engine checks it).
    Texts in the page's `words`."""
    words = words or PageWords()
    mode = w.ToggleButtons(options=[(words(label), v) for label, v in MODES], value=RANDOM,
                           style={"description_width": "initial"})
    words.options(words.set(mode, description=T("Species left out")), MODES)
    species = [(T("{species} ({korean})", species=name, korean=ko), en)
               for name, ko, en in zip(C.SPECIES_NAMES, C.SPECIES_KO, C.SPECIES)]
    pick = w.SelectMultiple(options=[(words(label), en) for label, en in species],
                            rows=6, layout=shared_layout(width="240px"))
    words.keep(lambda say: _say_species(pick, species, say))
    pick.add_class("rx-removed-species")
    hint = w.HTML()

    def players_changed(n: int) -> None:
        k = _removed_count(n)
        said = (T("{n} players: {k} species leave the game.", n=n, k=k) if k
                else T("{n} players: all 12 species are used.", n=n))
        hint.value = f"<small>{escape(words(said), quote=False)}</small>"
        pick.disabled = mode.value == RANDOM

    mode.observe(lambda _: players_changed(players_now[0]), names="value")
    players_now = [players]

    def on_players(n: int) -> None:
        players_now[0] = n
        players_changed(n)

    on_players(players)
    words.on_switch(lambda: players_changed(players_now[0]))

    def read():
        if mode.value == RANDOM:
            return None
        return [s for s in pick.value if s in C.SPECIES]

    box = w.VBox([mode, w.HBox([pick, hint])])
    return OptionControl(box, read, on_players)


def _say_species(pick: w.SelectMultiple, species, say) -> None:
    """The species' labels in `say`'s language, keeping what is selected."""
    chosen = pick.value
    pick.options = [(say(label), en) for label, en in species]
    pick.value = chosen


def option_factories() -> dict:
    return {"removed_species": removed_species_control}
