"""The buttons beside the board: what to lay, turn and flip, and every token action.

A control is enabled exactly when the engine lists a matching legal action. A disabled one says
why in its tooltip, in words: the general reason (looking at an earlier step, game over) or else
the engine's own refusal of a representative action, so no rule is restated here.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as w

from explorer.indian_summer import Animal, Berry, EndTurn, Exchange, Feather, Mushroom, Nut, Refill
from explorer.indian_summer import components as C
from explorer.indian_summer.actions import FOREST
from explorer.indian_summer.scoring import best_squirrel
from explorer.indian_summer.geometry import cells_of
from explorer.messages import Message, N, T

from ..shared.models import set_visible, shared_layout
from ..shared.refusal import why_not
from ..shared.timeline import player_label
from .pick import ANIMAL, NUT, Hints

SQUIRREL_CHOICE = "squirrel"
EXCHANGES = [Exchange(a, b) for i, a in enumerate(C.TOKENS) for b in C.TOKENS
             if abs(C.TOKENS.index(b) - i) == 1]


def _button(text: Message, css: str, toggle: bool = False, style: str = "") -> w.Widget:
    """A button labelled `text` (English until `Controls.use_words` says it in the page's
    language)."""
    kind = w.ToggleButton if toggle else w.Button
    b = kind(description=str(text), button_style=style,
             layout=shared_layout(width="auto", height="34px"))
    b.add_class(css)
    return b


def _dropdown(css: str, width: str) -> w.Dropdown:
    d = w.Dropdown(options=[], layout=shared_layout(width=width, height="34px"))
    d.add_class(css)
    return d


def exchange_label(a) -> Message:
    up = C.TOKENS.index(a.take) > C.TOKENS.index(a.give)
    return T("{give} → {take}", give=C.token_count(a.give, 2 if up else 1),
             take=C.token_count(a.take, 1))


def _joined(parts) -> Message | str:
    """Parts of one choice as "a + b + c" (each part a message or a code)."""
    parts = list(parts)
    if not parts:
        return ""
    joined = parts[0]
    for part in parts[1:]:
        joined = T("{first} + {second}", first=joined, second=part)
    return joined


def mushroom_label(a) -> Message | str:
    if not tuple(a):
        return T("the track's tiles")
    return _joined(T("forest") if s == FOREST else player_label(s) for s in a)


def feather_label(a) -> str:
    return " + ".join(a)   # tile codes ("G01 + R03"): no words to translate


def _tile_tip(value: str) -> Message:
    if value == SQUIRREL_CHOICE:
        return T("Lay a squirrel from the supply as this turn's tile action")
    leaf = C.LEAVES[C.TILE_BY_NAME[value]]
    return N("Lay {tile} ({colour}, {n} cell, one hole)",
             "Lay {tile} ({colour}, {n} cells, one hole)", len(leaf.cells), tile=value,
             colour=C.colour_name(leaf.colour))


def general_block(state, playable: bool) -> Message | str:
    """Why nothing can be done from this frame at all ("" if moves can be made)."""
    if state.phase == "setup":
        return T("set-up is still being narrated: go to its last step to play")
    if state.is_over or state.current_player is None:
        return T("the game is over")
    if not playable:
        return T("view only: go to the last step (⏭) to play from here")
    return ""


TURN_TIP = T("Turn the tile or animal a quarter turn clockwise (key R)")
FLIP_TIP = T("Flip the tile or animal over (key F)")
BEST_TIP = T("Place this squirrel where it gives your best result by the ranking rules (every "
             "order of completing areas is searched)")
SOURCES = {("upper", "left"): T("upper path, left end"),
           ("upper", "right"): T("upper path, right end"),
           ("lower", "left"): T("lower path, left end"),
           ("lower", "right"): T("lower path, right end")}


def not_now(why) -> Message:
    """A disabled control's tooltip: why it is off."""
    return T("Not now: {why}", why=why or T("not possible in this position"))


class Controls:
    """Widgets (classes rx-choice, rx-turn, rx-flip, rx-end, rx-berry, rx-nut, rx-exchange,
    rx-animal, rx-mushroom, rx-feather, rx-refill and their rx-*-choice dropdowns).

    `choose(value)` gets a chosen path tile or the squirrel, `animal_kind(name)` a chosen
    animal, `nut(on)` the nut toggle, `animal(name)` a press of Lay animal, `turn()` and
    `flip()` a press of those, `act(action)` a token action or the end of the turn; `state()`
    gives the position shown."""

    def __init__(self, choose: Callable, animal_kind: Callable, nut: Callable,
                 animal: Callable, turn: Callable, flip: Callable, act: Callable,
                 state: Callable):
        self._on_act, self._state = act, state
        self.syncing = False
        self.say = str    # the page's words, once the board has them (`use_words`)
        self.tips: dict[int, object] = {}   # id(button) -> its tooltip as a message
        self.choice = w.ToggleButtons(options=[], style={"button_width": "auto"})
        self.choice.add_class("rx-choice")
        self.labels = []   # (button, its label as a message), said by `use_words`

        def button(text, css, toggle=False, style=""):
            made = _button(text, css, toggle, style)
            self.labels.append((made, text))
            return made
        self.turn = button(T("⟳ Turn"), "rx-turn")
        self.turn.tooltip = str(TURN_TIP)
        self.flip = button(T("⇋ Flip"), "rx-flip")
        self.flip.tooltip = str(FLIP_TIP)
        self.end = button(T("End turn"), "rx-end", style="primary")
        self.berry = button(T("Berry"), "rx-berry")
        self.nut = button(T("Nut: squirrel"), "rx-nut", toggle=True)
        self.exchange_choice = _dropdown("rx-exchange-choice", "160px")
        self.exchange = button(T("Exchange"), "rx-exchange")
        self.animal_choice = _dropdown("rx-animal-choice", "130px")
        # a plain button, not a toggle: pressing it again must not drop the animal chosen
        self.animal = button(T("Lay animal"), "rx-animal")
        self.mushroom_choice = _dropdown("rx-mushroom-choice", "170px")
        self.mushroom = button(T("Mushroom"), "rx-mushroom")
        self.feather_choice = _dropdown("rx-feather-choice", "130px")
        self.feather = button(T("Feather"), "rx-feather")
        self.source = _dropdown("rx-solo-source", "170px")
        self.refill = button(T("Refill path"), "rx-refill")
        self.best = button(T("Place for me"), "rx-best-squirrel")
        self.best.tooltip = str(BEST_TIP)
        self.best.on_click(lambda _: self._act(best_squirrel(self._state())))
        self.choice.observe(lambda ch: self._fire(choose, ch["new"]), names="value")
        self.animal_choice.observe(lambda ch: self._fire(animal_kind, ch["new"]), names="value")
        self.nut.observe(lambda ch: self._fire(nut, ch["new"]), names="value")
        self.animal.on_click(lambda _: self._fire(animal, self.animal_choice.value))
        self.turn.on_click(lambda _: turn())
        self.flip.on_click(lambda _: flip())
        self.end.on_click(lambda _: act(EndTurn()))
        self.berry.on_click(lambda _: self._berry())
        self.exchange.on_click(lambda _: self._act(self.exchange_choice.value))
        self.mushroom.on_click(lambda _: self._act(self.mushroom_choice.value))
        self.feather.on_click(lambda _: self._act(self.feather_choice.value))
        self.refill.on_click(lambda _: self._act(Refill(*self.source.value)
                                                 if self.source.value else None))
        self.solo_box = w.HBox([self.source, self.refill],
                               layout=shared_layout(align_items="center"))
        self.widget = w.HBox([self.choice, self.turn, self.flip, self.end, self.best,
                              self.solo_box,
                              self.berry, self.nut, self.exchange_choice, self.exchange,
                              self.animal_choice, self.animal, self.mushroom_choice,
                              self.mushroom, self.feather_choice, self.feather],
                             layout=shared_layout(align_items="center", flex_flow="row wrap"))
        self.widget.add_class("rx-board-controls-wrapped")

    def use_words(self, words) -> None:
        """Say the buttons' labels (and the fixed tooltip of Place for me) in the page's
        `words`, now and after every switch; the other tooltips and the choices are said on
        each `sync` (the app's refresh after a switch)."""
        self.say = words
        for b, label in self.labels:
            words.set(b, description=label)
        words.set(self.best, tooltip=BEST_TIP)

    def tip_of(self, button) -> Message | str:
        """What `button`'s tooltip says, as a message (to say again in another sentence)."""
        return self.tips.get(id(button), button.tooltip)

    def _fire(self, callback: Callable, value) -> None:
        if not self.syncing:
            callback(value)

    def _act(self, action) -> None:
        if action is not None:
            self._on_act(action)

    def _berry(self) -> None:
        state = self._state()
        self._act(Berry(*self.source.value) if state.solo and self.source.value else Berry())

    # -- showing -------------------------------------------------------------------------
    def sync(self, state, hints: Hints, pick, playable: bool, strip: list[str]) -> None:
        """Offer what the frame allows; say why everything else is off."""
        self.syncing = True
        try:
            self._sync(state, hints, pick, playable, strip)
        finally:
            self.syncing = False

    def _sync(self, state, hints, pick, playable, strip) -> None:
        say = self.say
        block = general_block(state, playable)
        live = not block
        laying = live and bool(hints.leaves or hints.squirrel)
        options = [(name, name) for name in strip if name in hints.leaves or not laying]
        if laying and hints.squirrel:
            options.append((say(T("Squirrel")), SQUIRREL_CHOICE))
        options = options if laying else []
        self.choice.options = options
        self.choice.tooltips = [say(_tile_tip(v)) for _, v in options]
        value = pick.tile if pick.mode == "leaf" else SQUIRREL_CHOICE if pick.mode == "squirrel" \
            else None
        self.choice.value = value if value in [v for _, v in options] else None
        set_visible(self.choice, bool(options))
        shaped = live and pick.shape() is not None
        self.turn.disabled = self.flip.disabled = not shaped
        off = block or (T("a squirrel is a single cell: nothing to turn")
                        if pick.mode in ("squirrel", "nut") else T("choose a tile or animal first"))
        self._tip(self.turn, TURN_TIP if shaped else not_now(off))
        self._tip(self.flip, FLIP_TIP if shaped else not_now(off))
        p = state.current_player
        self._enable(self.end, hints.end, T("End the turn"), block or why_not(state, EndTurn()))
        self._sync_berry(state, hints, block)
        empty = cells_of(state.floors[p].empty) if live else []
        self._enable(self.nut, bool(hints.nut), T("Spend a nut: click an empty cell for a "
                                                  "squirrel (at once, besides the tile action)"),
                     block or why_not(state, Nut(empty[0] if empty else (0, 0))))
        self.nut.value = live and pick.mode == NUT and bool(hints.nut)
        self._choices(self.exchange_choice, [(say(exchange_label(a)), a)
                                             for a in hints.exchanges])
        chosen = self.exchange_choice.value
        self._enable(self.exchange, bool(hints.exchanges),
                     T("Exchange {tokens}", tokens=exchange_label(chosen)) if chosen
                     else T("Exchange the chosen tokens"),
                     block or self._exchange_refusal(state))
        kinds = [k.name for k in C.ANIMALS if k.name in hints.animals]
        laying_animal = live and pick.mode == ANIMAL and pick.animal in kinds
        # the animal being laid, else the one last chosen (still fitting): never a silent reset
        keep = pick.animal if laying_animal else self.animal_choice.value
        self._choices(self.animal_choice, [
            (say(T("{animal} ({left} left)", animal=C.animal_name(n),
                   left=state.animals_left[C.ANIMAL_BY_NAME[n]])), n) for n in kinds], keep)
        self._enable(self.animal, bool(kinds),
                     T("Laying the {animal}: turn it, then click the board",
                       animal=C.animal_name(pick.animal)) if laying_animal
                     else T("Lay the chosen animal on empty holes: turn it, then click the board"),
                     block or self._animal_refusal(state))
        self.animal.button_style = "info" if laying_animal else ""
        self._choices(self.mushroom_choice, [(say(mushroom_label(a)), a)
                                             for a in hints.mushrooms])
        self._enable(self.mushroom, bool(hints.mushrooms), T("Spend a mushroom instead of laying "
                                                             "a path tile: take the tiles shown "
                                                             "and lay them"),
                     block or why_not(state, self._mushroom_probe(state)))
        self._choices(self.feather_choice, [(feather_label(a), a) for a in hints.feathers])
        self._enable(self.feather, bool(hints.feathers), T("Spend a feather instead of laying "
                                                           "one tile: lay these two path tiles"),
                     block or why_not(state, self._feather_probe(state)))
        self._sync_solo(state, hints, block)
        final = live and state.phase == "squirrels"
        set_visible(self.best, final)
        # in the final phase only squirrels are placed: the turn's buttons would only confuse
        for button in (self.turn, self.flip, self.end, self.berry, self.exchange, self.animal,
                       self.mushroom, self.feather):
            set_visible(button, not final)

    def _sync_berry(self, state, hints, block: str) -> None:
        tip = (T("Spend a berry: refill the path to 5 (with 5, a 6th tile)") if not state.solo
               else T("Spend a berry: take tiles from the chosen end of a path (to 5, or a 6th)"))
        probe = (Berry(*self.source.value) if state.solo and self.source.value
                 else Berry("upper", "left") if state.solo else Berry())
        legal = bool(hints.berries) and (not state.solo or probe in hints.berries)
        self._enable(self.berry, legal, tip, block or why_not(state, probe)
                     or T("choose an end of a path that still has tiles"))

    def _sync_solo(self, state, hints, block: str) -> None:
        set_visible(self.solo_box, state.solo)
        if not state.solo:
            return
        sources = [(a.path, a.end) for a in hints.refills or hints.berries]
        keep = self.source.value if self.source.value in sources else None
        self._choices(self.source, [(self.say(SOURCES[p, e]), (p, e)) for p, e in sources], keep,
                      always=bool(sources))
        probe = Refill(*self.source.value) if self.source.value else Refill("upper", "left")
        self._enable(self.refill, bool(hints.refills), T("Refill the empty path from the chosen "
                                                         "end"), block or why_not(state, probe))
        self._sync_berry(state, hints, block)

    def _choices(self, dropdown, options, value=None, always: bool = False) -> None:
        dropdown.options = options
        values = [v for _, v in options]
        dropdown.value = value if value in values else (values[0] if values else None)
        set_visible(dropdown, always or len(options) > 1)

    def _tip(self, button, tip) -> None:
        """Set `button`'s tooltip to `tip` (a message) in the page's words."""
        self.tips[id(button)] = tip
        button.tooltip = self.say(tip)

    def _enable(self, button, legal: bool, tip, why) -> None:
        with button.hold_sync():   # one message for both changes
            button.disabled = not legal
            self._tip(button, tip if legal else not_now(why))

    @staticmethod
    def _exchange_refusal(state) -> Message | str:
        if state.current_player is None:
            return ""
        reasons = list(dict.fromkeys(r for r in (why_not(state, a) for a in EXCHANGES) if r))
        if len(reasons) > 1:
            return T("{first}; {second}", first=reasons[0], second=reasons[1])
        return reasons[0] if reasons else ""

    @staticmethod
    def _animal_refusal(state) -> str:
        p = state.current_player
        if p is None:
            return ""
        kind = next((k for k, n in enumerate(state.animals_left) if n), 0)
        return why_not(state, Animal(C.ANIMALS[kind].name, 0, (0, 0))) or T("no animal fits now")

    @staticmethod
    def _mushroom_probe(state):
        p = state.current_player
        if state.solo or p is None:
            return Mushroom(())
        if state.players == 2:
            return Mushroom((1 - p, FOREST))
        return Mushroom([q for q in range(state.players) if q != p][:2])

    @staticmethod
    def _feather_probe(state):
        p = state.current_player
        names = [C.tile_name(t) for t in state.paths[p]] if p is not None else []
        names += [n for n in ("G01", "G02") if n not in names]
        return Feather(names[:2])
