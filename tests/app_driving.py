"""Driving a game's app without a browser, as the widget and access tests do: the state shown,
a board click as the browser reports it, and the Moves list's groups over random moves."""
from __future__ import annotations

import ipywidgets

from random_play import play_in_app
from widgets.shared.page_words import PageWords


def state_of(shell):
    """The state of the frame the app (its ExplorerApp `shell`) shows."""
    return shell.timeline.frame.state


def click_at(shell, x, y):
    """A board click as the browser reports it: page pixels in a frame of the drawing's size."""
    canvas = shell.board.canvas
    canvas._on_dom_click({"type": "click", "relativeX": x, "relativeY": y,
                          "boundingRectWidth": canvas.width, "boundingRectHeight": canvas.height})


def move_kinds_grouped_in_both_languages(shell, game_name: str, steps: int, seed_of) -> set:
    """Random moves in the app from the frame shown, `steps` at most (each by a bot seeded
    `seed_of(step, kinds so far)`), checking first at every step that each legal move has a
    group in the Moves list, worded in Korean as well: the kinds of the moves seen."""
    board = shell.board
    korean = PageWords("ko", game_name)
    kinds = set()
    for step in range(steps):
        state = state_of(shell)
        if state.is_over:
            break
        for action in state.legal_actions():
            group = board.move_group(action)
            assert str(group).strip() and korean(group).strip() != str(group)
            kinds.add(action.kind)
        play_in_app(shell, 1, seed=seed_of(step, kinds))
    return kinds


def models_in(widget) -> dict[str, ipywidgets.Widget]:
    """The widget models a page loads to show `widget` (itself, its children, their own)."""
    found, todo = {}, [widget]
    while todo:
        model = todo.pop()
        if model.model_id in found:
            continue
        found[model.model_id] = model
        for name in model.keys:
            value = getattr(model, name)
            for item in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(item, ipywidgets.Widget) and item.comm is not None:
                    todo.append(item)
    return found
