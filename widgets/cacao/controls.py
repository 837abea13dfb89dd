"""The Cacao widgets beside the canvas: the tile choice and its turn, the status line, the
activated workers of step C (Use / Decline each side) and the row of view buttons.

A control is offered exactly when the engine lists a matching legal action (the board's
`Hints`); the controls only say what the person wants, and the board makes the move.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as w

from explorer.cacao import components as C
from explorer.cacao.board import SIDES, neighbour
from explorer.messages import Message, N, T, player_name

from ..shared.controls import button as shared_button, say_fixed, turn_buttons
from ..shared.models import set_children, set_visible, shared_layout

SIDE_WORDS = (T("top"), T("right"), T("bottom"), T("left"))
EFFECTS = {  # what one worker does at each kind of jungle tile (its value), for the list
    "plantation": lambda v: T("takes {v} cacao", v=v),
    "market": lambda v: T("sells 1 cacao for {v} gold", v=v),
    "gold_mine": lambda v: T("takes {v} gold", v=v),
    "water": lambda v: T("moves the water carrier 1 field"),
    "sun_worship": lambda v: T("takes a sun token"),
    "temple": lambda v: T("scores at the end"),
}


def button(text, css: str, tip, width: str = "auto", style: str = "") -> w.Button:
    """A Cacao button (40px high), said in the page's words by `say_fixed`."""
    return shared_button(text, css, tip, width, style, height="40px")


def player_title(p: int) -> Message:
    return player_name(p, C.COLOUR_NAMES)


class Controls:
    """Tile choice (rx-choice), rotate (rx-rotate-left/right) in one row (rx-board-tools), the
    status line (rx-pick-status), the activated workers (rx-pending, with rx-use and rx-decline
    on each line) and the view row built from the board's zoom and pan buttons.

    `choose(value)` gets a chosen tile, `rotate(turns)` a turn, `use(cell, side)` and
    `decline(cell, side)` a line's button."""

    def __init__(self, choose: Callable, rotate: Callable, use: Callable, decline: Callable,
                 view_buttons: list[w.Button]):
        self._use, self._decline = use, decline
        self._syncing = False
        self.say = str   # the page's words, once the board has them (`use_words`)
        self._words = None
        self.choice = w.ToggleButtons(options=[], description=str(T("Tile:")),
                                      style={"button_width": "auto", "description_width": "40px"})
        self.choice.add_class("rx-choice")
        self.choice.observe(lambda change: self._syncing or choose(change["new"]), names="value")
        self.rotate_left, self.rotate_right = turn_buttons(
            rotate, T("⟲ Turn left"), T("Turn the tile a quarter turn anticlockwise (key Q)"),
            T("⟳ Turn right"), T("Turn the tile a quarter turn clockwise (key E or R)"))
        self.status = w.HTML()
        self.status.add_class("rx-pick-status")
        self.pending = w.VBox()
        self.pending.add_class("rx-pending")
        self.pending_buttons: list[tuple[w.Button, w.Button]] = []
        self._pending_rows: list[tuple] = []
        self._pending_title = w.HTML(self._pending_title_html(str))
        self._pending_title.add_class("rx-pending-title")
        self._view_label = w.HTML(self._view_label_html(str))
        self._view_buttons = list(view_buttons)
        self.view = w.HBox([self._view_label, *view_buttons],
                           layout=shared_layout(align_items="center"))
        self.tools = w.HBox([self.choice, self.rotate_left, self.rotate_right])
        self.tools.add_class("rx-board-tools")   # one height whatever it offers (style.py)

    @staticmethod
    def _pending_title_html(say) -> str:
        title = T("Activated workers (step C)")
        how = T("use or decline each side, or click a green edge on the board")
        return f"<b>{escape(say(title))}</b>: {escape(say(how))}"

    @staticmethod
    def _view_label_html(say) -> str:
        return f"<b>{escape(say(T('View:')))}</b>"

    def use_words(self, words) -> None:
        """Say every text in the page's `words` from now on (and again after a switch)."""
        self._words, self.say = words, words
        say_fixed(words, [self.rotate_left, self.rotate_right, *self._view_buttons,
                          *(b for row in self._pending_rows for b in row[1:3])])
        words.keep(lambda say: setattr(self._pending_title, "value",
                                       self._pending_title_html(say)))
        words.keep(lambda say: setattr(self._view_label, "value", self._view_label_html(say)))

    def sync(self, state, pick, hints, playable: bool, secret: bool,
             unusable_reason: Callable) -> None:
        """Offer the current player's hand tiles (or the jungle tiles to fill with) as buttons;
        `secret`: the acting player's hand is hidden in the view shown."""
        say = self.say
        options: list[tuple[str, str]] = []
        value = None
        description = T("Tile:")
        if playable and state.phase == "place" and not secret:
            hand = sorted({C.pattern_of(t) for t in state.hands[state.current_player]})
            options = [(pat, pat) for pat in hand]
            value = pick.pattern
        elif playable and state.phase == "fill":
            names = list(dict.fromkeys(C.JUNGLE[t] for t in (state.display or state.drawn)))
            options = [(say(C.JUNGLE_LABELS[n]), n) for n in names]
            value = pick.jungle
            description = T("Jungle:")
        self.choice.description = say(description)
        self._syncing = True
        try:
            self.choice.options = options
            self.choice.value = value if value in [v for _, v in options] else None
        finally:
            self._syncing = False
        # an emptied ToggleButtons keeps showing its old buttons in the page: hide it instead
        set_visible(self.choice, bool(options))
        placing = playable and state.phase == "place"
        self.rotate_left.disabled = self.rotate_right.disabled = not placing
        for b in (self.rotate_left, self.rotate_right):   # room for the board otherwise
            set_visible(b, placing)
        self._sync_pending(state, hints, playable, unusable_reason)

    def _sync_pending(self, state, hints, playable: bool, unusable_reason: Callable) -> None:
        """One line per activated side: whose, where, what it does, with Use / Decline buttons.

        Lines are reused from frame to frame: creating widgets is the slowest thing a page does."""
        say = self.say
        while len(self._pending_rows) < len(state.pending):
            self._pending_rows.append(self._pending_row())
        self.pending_buttons = []
        for e, row in zip(state.pending, self._pending_rows):
            line, use, decline, label = row
            jtile = state.jungle[neighbour(e.cell, e.side)]
            effect = EFFECTS[C.jungle_kind(jtile)](C.jungle_value(jtile))
            key = (e.cell, e.side)
            line.key = key
            use.disabled = not (playable and key in hints.work)
            decline.disabled = not (playable and key in hints.decline)
            why = unusable_reason(e) if use.disabled else ""
            where = N("{n} worker on the {side} of {cell} → {tile} (each {effect})",
                      "{n} workers on the {side} of {cell} → {tile} (each {effect})", e.left,
                      side=SIDE_WORDS[e.side], cell=str(e.cell), tile=C.jungle_label(jtile),
                      effect=effect)
            label.value = (f"<b>{escape(say(player_title(e.player)))}</b>: {escape(say(where))}"
                           + (f' <span class="rx-why"><i>— {escape(say(why))}</i></span>'
                              if why else ""))
            use.tooltip = say(T("{player}: one worker on the {side} side ({code}) of the tile at "
                                "{cell} {effect}", player=player_title(e.player),
                                side=SIDE_WORDS[e.side], code=SIDES[e.side], cell=str(e.cell),
                                effect=effect))
            self.pending_buttons.append((use, decline))
        shown = [row[0] for row in self._pending_rows[:len(state.pending)]]
        children = [self._pending_title] + shown
        set_children(self.pending, children)
        working = bool(state.pending)
        set_visible(self.pending, working)
        set_visible(self.tools, not working)
        set_visible(self.status, not working)

    def _pending_row(self):
        """A reusable line: Use / Decline act on whichever side the line shows (line.key)."""
        use = button(T("Use one"), "rx-use", "", style="success")
        decline = button(T("Decline"), "rx-decline", T("Give up the rest of this side"))
        if self._words is not None:
            say_fixed(self._words, [use, decline])
        label = w.HTML()
        line = w.HBox([use, decline, label], layout=shared_layout(align_items="center"))
        line.add_class("rx-pending-line")
        line.key = None
        use.on_click(lambda _: line.key and self._use(*line.key))
        decline.on_click(lambda _: line.key and self._decline(*line.key))
        return line, use, decline, label
