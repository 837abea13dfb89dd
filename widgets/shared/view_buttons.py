"""Zoom, fit and pan buttons for a board that can be zoomed and panned (Cacao, Taluva)."""
from __future__ import annotations

from explorer.messages import T

from .viewport import FIT, panned, zoomed

PANS = (("←", "rx-pan-left", (-1, 0), T("Move the view left")),
        ("↑", "rx-pan-up", (0, -1), T("Move the view up")),
        ("↓", "rx-pan-down", (0, 1), T("Move the view down")),
        ("→", "rx-pan-right", (1, 0), T("Move the view right")))


def add_view_buttons(board, make_button, fit_tip,
                     widths: tuple[str, str, str] = ("44px", "56px", "44px")) -> None:
    """Give `board` (which has .zoom, .pan and .set_view(zoom, pan)) the buttons zoom_out,
    fit_button, zoom_in and pan_buttons (rx-zoom-out, rx-fit, rx-zoom-in, rx-pan-*), which
    step the view as viewport.py says. `make_button(text, css, tip, width)` builds one button
    in the board's own style (texts are messages, said in the page's words by the board);
    `widths` are those of the zoom, fit and pan buttons."""
    zoom_width, fit_width, pan_width = widths
    board.zoom_out = make_button("−", "rx-zoom-out", T("Zoom out"), zoom_width)
    board.fit_button = make_button(T("Fit"), "rx-fit", fit_tip, fit_width)
    board.zoom_in = make_button("+", "rx-zoom-in", T("Zoom in"), zoom_width)
    board.zoom_out.on_click(lambda _: board.set_view(zoomed(board.zoom, False), board.pan))
    board.zoom_in.on_click(lambda _: board.set_view(zoomed(board.zoom, True), board.pan))
    board.fit_button.on_click(lambda _: board.set_view(*FIT))
    board.pan_buttons = []
    for text, css, (dx, dy), tip in PANS:
        b = make_button(text, css, tip, pan_width)
        b.on_click(lambda _, dx=dx, dy=dy: board.set_view(board.zoom, panned(board.pan, dx, dy)))
        board.pan_buttons.append(b)
