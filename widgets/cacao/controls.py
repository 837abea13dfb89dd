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
from explorer.text import plural

from ..shared.models import set_visible, shared_layout

SIDE_WORDS = ("top", "right", "bottom", "left")
EFFECTS = {  # what one worker does at each kind of jungle tile (value filled in), for the list
    "plantation": "takes {v} cacao", "market": "sells 1 cacao for {v} gold",
    "gold_mine": "takes {v} gold", "water": "moves the water carrier 1 field",
    "sun_worship": "takes a sun token", "temple": "scores at the end",
}


def button(text: str, css: str, tip: str, width: str = "auto", style: str = "") -> w.Button:
    b = w.Button(description=text, tooltip=tip, button_style=style,
                 layout=shared_layout(width=width, height="40px"))
    b.add_class(css)
    return b


def player_title(p: int) -> str:
    return f"Player {p + 1} ({C.COLOURS[p]})"


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
        self.choice = w.ToggleButtons(options=[], description="Tile:",
                                      style={"button_width": "auto", "description_width": "40px"})
        self.choice.add_class("rx-choice")
        self.choice.observe(lambda change: self._syncing or choose(change["new"]), names="value")
        self.rotate_left = button("⟲ Turn left", "rx-rotate-left", "Turn the tile a quarter turn "
                                  "anticlockwise (key Q)")
        self.rotate_right = button("⟳ Turn right", "rx-rotate-right", "Turn the tile a quarter "
                                   "turn clockwise (key E or R)")
        self.rotate_left.on_click(lambda _: rotate(-1))
        self.rotate_right.on_click(lambda _: rotate(1))
        self.status = w.HTML()
        self.status.add_class("rx-pick-status")
        self.pending = w.VBox()
        self.pending.add_class("rx-pending")
        self.pending_buttons: list[tuple[w.Button, w.Button]] = []
        self._pending_rows: list[tuple] = []
        self._pending_title = w.HTML("<b>Activated workers (step C)</b>: use or decline each "
                                     "side, or click a green edge on the board")
        self._pending_title.add_class("rx-pending-title")
        self.view = w.HBox([w.HTML("<b>View:</b>"), *view_buttons],
                           layout=shared_layout(align_items="center"))
        self.tools = w.HBox([self.choice, self.rotate_left, self.rotate_right])
        self.tools.add_class("rx-board-tools")   # one height whatever it offers (style.py)

    def sync(self, state, pick, hints, playable: bool, secret: bool,
             unusable_reason: Callable) -> None:
        """Offer the current player's hand tiles (or the jungle tiles to fill with) as buttons;
        `secret`: the acting player's hand is hidden in the view shown."""
        options: list[tuple[str, str]] = []
        value = None
        if playable and state.phase == "place" and not secret:
            hand = sorted({C.pattern_of(t) for t in state.hands[state.current_player]})
            options = [(pat, pat) for pat in hand]
            value = pick.pattern
            self.choice.description = "Tile:"
        elif playable and state.phase == "fill":
            names = list(dict.fromkeys(C.JUNGLE[t] for t in (state.display or state.drawn)))
            options = [(C.JUNGLE_LABELS[n], n) for n in names]
            value = pick.jungle
            self.choice.description = "Jungle:"
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
        while len(self._pending_rows) < len(state.pending):
            self._pending_rows.append(self._pending_row())
        self.pending_buttons = []
        for e, row in zip(state.pending, self._pending_rows):
            line, use, decline, label = row
            jtile = state.jungle[neighbour(e.cell, e.side)]
            effect = EFFECTS[C.jungle_kind(jtile)].format(v=C.jungle_value(jtile))
            key = (e.cell, e.side)
            line.key = key
            use.disabled = not (playable and key in hints.work)
            decline.disabled = not (playable and key in hints.decline)
            why = unusable_reason(e) if use.disabled else ""
            label.value = (f"<b>{escape(player_title(e.player))}</b>: {plural(e.left, 'worker')}"
                           f" on the {SIDE_WORDS[e.side]} of {e.cell} → "
                           f"{escape(C.jungle_label(jtile))} (each {escape(effect)})"
                           + (f' <span class="rx-why"><i>— {escape(why)}</i></span>'
                              if why else ""))
            use.tooltip = (f"{player_title(e.player)}: one worker on the {SIDE_WORDS[e.side]} "
                           f"side ({SIDES[e.side]}) of the tile at {e.cell} {effect}")
            self.pending_buttons.append((use, decline))
        shown = [row[0] for row in self._pending_rows[:len(state.pending)]]
        children = [self._pending_title] + shown
        if list(self.pending.children) != children:
            self.pending.children = children
        working = bool(state.pending)
        set_visible(self.pending, working)
        set_visible(self.tools, not working)
        set_visible(self.status, not working)

    def _pending_row(self):
        """A reusable line: Use / Decline act on whichever side the line shows (line.key)."""
        use = button("Use one", "rx-use", "", style="success")
        decline = button("Decline", "rx-decline", "Give up the rest of this side")
        label = w.HTML()
        line = w.HBox([use, decline, label], layout=shared_layout(align_items="center"))
        line.add_class("rx-pending-line")
        line.key = None
        use.on_click(lambda _: line.key and self._use(*line.key))
        decline.on_click(lambda _: line.key and self._decline(*line.key))
        return line, use, decline, label
