"""Small pieces of the Taluva controls: buttons, their style, and why a build kind is off.

`why_not` only puts into words what the engine already decided (a kind with no legal target):
the supply it reads and the conditions it names are the rule texts', not a second check.
"""
from __future__ import annotations

import ipywidgets as w

from ..shared.models import shared_layout

# One compact control row and a two-line status that never grows (the board must not jump).
CSS = """<style>
.rx-taluva-controls { gap: 8px; align-items: center; flex-wrap: nowrap; height: 40px;
  overflow: hidden; }
.rx-taluva-group { gap: 4px; align-items: center; }
.rx-taluva-view { gap: 2px; margin-left: auto !important; align-items: center; }
.rx-taluva-controls .widget-button { font-size: 15px; margin: 0 !important; }
.rx-pick-status { height: 46px; width: 100%; overflow: hidden; margin: 0 !important; }
.rx-pick-status .widget-html-content { line-height: 22px; font-size: 15px; white-space: normal;
  width: 100%; }
.rx-pick-status .rx-why { color: #5d4037; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
.rx-projector .rx-pick-status .widget-html-content { font-size: 20px; line-height: 26px; }
.rx-projector .rx-pick-status { height: 54px; }
.rx-projector .rx-taluva-controls { height: 48px; }
.rx-projector .rx-taluva-controls .widget-button { font-size: 20px; }
</style>"""


def button(text: str, css: str, tip: str, width: str = "auto", style: str = "") -> w.Button:
    b = w.Button(description=text, tooltip=tip, button_style=style,
                 layout=shared_layout(width=width, height="36px"))
    b.add_class(css)
    return b


def why_not(state, kind: str) -> str:
    """Why the engine offers no `kind` build now, in words for the person at the board."""
    p = state.current_player
    if p is None:
        return "nobody builds now"
    if state.build_kind is not None and kind != state.build_kind:
        return f"this turn you build {state.build_kind} only (one kind a turn)"
    huts, temples, towers = state.supply[p]
    if kind in ("hut", "expand") and huts == 0:
        return "you have no huts left"
    if kind == "temple" and temples == 0:
        return "you have no temples left"
    if kind == "tower" and towers == 0:
        return "you have no towers left"
    if kind == "hut":
        where = "" if state.anywhere else " away from your own settlements"
        return f"no empty level-1 hex{where}"
    if kind == "expand":
        if not state.settlements(p):
            return "you have no settlement to expand"
        return "no settlement of yours touches an empty landscape hex you have huts enough for"
    if kind == "temple":
        return "needs an empty hex next to your settlement of 3+ hexes that has no temple"
    return "needs an empty level-3+ hex next to your settlement that has no tower"
