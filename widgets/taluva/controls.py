"""The Taluva widgets beside the canvas: turning the tile, the build kinds, the expansion's
Build and Stop building buttons, the status line, and the row they share with the view buttons.

A control is enabled exactly when the engine lists a matching legal action (the board's
`Hints`). `why_not` only puts into words what the engine already decided (a kind with no legal
target): the supply it reads and the conditions it names are the rule texts', not a second
check.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as w

from explorer.messages import N, T

from ..shared.controls import button as shared_button, say_fixed, turn_buttons
from ..shared.models import set_visible, shared_layout
from ..shared.style import style_tag
from .pick import BUILD_KINDS

KIND_LABELS = {"hut": T("New hut"), "expand": T("Expand"), "temple": T("Temple"),
               "tower": T("Tower")}
KIND_BUILDS = {"hut": T("Build new hut"), "expand": T("Build expand"),   # a kind's tooltip
               "temple": T("Build temple"), "tower": T("Build tower")}
KIND_NAMES = {"hut": T("new hut"), "expand": T("expand"), "temple": T("temple"),
              "tower": T("tower")}   # a kind in a sentence (lower case)

# One compact control row and a two-line status that never grows (the board must not jump).
CSS = style_tag("controls.css", beside=__file__)


def button(text, css: str, tip, width: str = "auto", style: str = "") -> w.Button:
    """A Taluva button (36px high), said in the page's words by `say_fixed`."""
    return shared_button(text, css, tip, width, style, height="36px")


BUILD_KIND_NAMES = {"hut": T("hut"), "temple": T("temple"), "tower": T("tower")}


def why_not(state, kind: str) -> str:
    """Why the engine offers no `kind` build now, in words (a message) for the person at the
    board."""
    p = state.current_player
    if p is None:
        return T("nobody builds now")
    if state.build_kind is not None and kind != state.build_kind:
        return T("this turn you build {kind} only (one kind a turn)",
                 kind=BUILD_KIND_NAMES.get(state.build_kind, state.build_kind))
    huts, temples, towers = state.supply[p]
    if kind in ("hut", "expand") and huts == 0:
        return T("you have no huts left")
    if kind == "temple" and temples == 0:
        return T("you have no temples left")
    if kind == "tower" and towers == 0:
        return T("you have no towers left")
    if kind == "hut":
        if state.anywhere:
            return T("no empty level-1 hex")
        return T("no empty level-1 hex away from your own settlements")
    if kind == "expand":
        if not state.settlements(p):
            return T("you have no settlement to expand")
        return T("no settlement of yours touches an empty landscape hex you have huts enough for")
    if kind == "temple":
        return T("needs an empty hex next to your settlement of 3+ hexes that has no temple")
    return T("needs an empty level-3+ hex next to your settlement that has no tower")


class Controls:
    """Turning the tile (rx-rotate-left/right), build kinds (rx-kind-hut, -expand, -temple,
    -tower), expansion confirm (rx-confirm), stop building (rx-finish, one_kind variant) and the
    board's view buttons in one row (rx-board-controls), and a status line (rx-pick-status).

    `rotate(turns)`, `choose_kind(kind)`, `confirm()` and `finish()` get what is pressed."""

    def __init__(self, rotate: Callable, choose_kind: Callable, confirm: Callable,
                 finish: Callable, view_buttons: list[w.Button]):
        self.say = str   # the page's words, once the board has them (`use_words`)
        self._view_buttons = list(view_buttons)
        self.rotate_left, self.rotate_right = turn_buttons(
            rotate, T("⟲ Turn (Q)"), T("Turn the drawn tile a sixth anticlockwise (key Q)"),
            T("⟳ Turn (E)"), T("Turn the drawn tile a sixth clockwise (key E or R)"),
            height="36px")
        self.kind_buttons = {}
        for kind in BUILD_KINDS:
            b = button(KIND_LABELS[kind], f"rx-kind-{kind}", "")
            b.on_click(lambda _, kind=kind: choose_kind(kind))
            self.kind_buttons[kind] = b
        self.confirm = button(T("Build"), "rx-confirm", T("Place the previewed huts"),
                              style="success")
        self.confirm.on_click(lambda _: confirm())
        self.finish = button(T("Stop building"), "rx-finish", T("End this turn's building"))
        self.finish.on_click(lambda _: finish())
        self.placing = w.HBox([self.rotate_left, self.rotate_right])
        self.building = w.HBox([*self.kind_buttons.values(), self.confirm, self.finish])
        for box in (self.placing, self.building):
            box.add_class("rx-taluva-group")
        view = w.HBox(view_buttons)
        view.add_class("rx-board-view")
        self.row = w.HBox([self.placing, self.building, view])
        self.row.add_class("rx-board-controls")
        self.status = w.HTML()
        self.status.add_class("rx-pick-status")
        self.style = w.HTML(CSS)

    def use_words(self, words) -> None:
        """Say every text in the page's `words` from now on (and again after a switch); the
        texts `sync` sets are said again when the board is drawn after a switch."""
        self.say = words
        say_fixed(words, [*self.kind_buttons.values(), self.finish, *self._view_buttons])
        for b in (self.rotate_left, self.rotate_right, self.confirm):
            words.set(b, description=b.said["description"])

    def sync(self, state, hints, pick, playable: bool, plan) -> None:
        """Enable what the engine allows now, with a reason in the tooltip of what it does not;
        `plan`: the engine's Expansion for the chosen settlement and terrain, if any."""
        placing = playable and state.phase == "place"
        building = playable and state.phase == "build"
        set_visible(self.placing, placing or not building)
        set_visible(self.building, building)
        say = self.say
        why_rotate = (None if placing else T("the tile is turned while placing it")
                      if state.phase != "over" else T("the game is over"))
        for b in (self.rotate_left, self.rotate_right):
            with b.hold_sync():          # one message a button, not one a change
                b.disabled = not placing
                tip = b.said["tooltip"]
                b.tooltip = say(T("{tip} — not now: {why}", tip=tip, why=why_rotate)
                                if why_rotate else tip)
        legal = set(hints.kinds())
        for kind, b in self.kind_buttons.items():
            with b.hold_sync():
                b.disabled = not (building and kind in legal)
                b.button_style = "info" if building and kind == pick.kind else ""
                b.tooltip = say(KIND_BUILDS[kind] if not b.disabled
                                else T("Not possible now: {why}", why=why_not(state, kind))
                                if building else T("Building comes after placing the tile"))
        set_visible(self.confirm, building and pick.kind == "expand")
        with self.confirm.hold_sync():
            self.confirm.disabled = plan is None
            self.confirm.description = say(N("Build {n} hut", "Build {n} huts", plan.huts)
                                           if plan else T("Build"))
            self.confirm.tooltip = say(T("Place the previewed huts") if plan else
                                       T("Not yet: click one of your settlements, then a "
                                         "terrain"))
        set_visible(self.finish, building and hints.finish)
