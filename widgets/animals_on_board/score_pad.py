"""How Animals on Board's score lines sit on the score pad: pairs, cut, singles, herds, crates.

Rows and cell notes come from each line's rule id and facts (the tiles it names); every point
comes from the engine's score sheet.
"""
from __future__ import annotations

from explorer.animals_on_board import components as C
from explorer.animals_on_board.scoring import HERD_POINTS
from explorer.messages import Message, T

from ..shared.score_sheet import Category, by_rule

SHORT = {"chimpanzee": T("chimp")}   # the one name too wide for a narrow pad column


def _species(name: str) -> Message | str:
    """A species (as data writes it) in words, shortened for a narrow pad column."""
    if name in SHORT:
        return SHORT[name]
    return C.species_name(name) if name in C.SPECIES else name


def _tile(name: str) -> Message | str:
    """"panda-3" as "panda 3": a narrow cell may break it at the space."""
    species, _, value = name.rpartition("-")
    return T("{species} {value}", species=_species(species), value=value) if species else name


def categorize(line) -> Category:
    """Singles and herds each share one row per player (their tiles listed in the cell)."""
    rule, facts = line.rule, line.facts
    if rule == "animals_on_board.scoring.pairs":
        return Category("pairs", T("Pairs back to the box"),
                        tuple(_species(s) for s in facts["species"]), 0)
    if rule == "animals_on_board.scoring.reduce":
        return Category("cut", T("Cut to 10 tiles"), tuple(_tile(t) for t in facts["returned"]), 1)
    if rule == "animals_on_board.scoring.single":
        return Category("single", T("Singles (face value)"), _tile(facts["tile"]), 2)
    if rule == "animals_on_board.scoring.herd":
        species = facts["species"]
        return Category("herd", T("Herds ({points} each)", points=HERD_POINTS),
                        T("{count} {species}", count=facts["tiles"], species=_species(species)), 3)
    if rule == "animals_on_board.scoring.crates":
        return Category("crates", T("Food crates (1 each)"), "", 4)
    return by_rule(line)
