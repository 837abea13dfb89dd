"""What to draw for a Nim position: a `Scene` built from `layout()` (pure).

Counters are round and dark with a light ring; an empty place is a dashed ring, so a heap's
count reads by shape as well as by colour. The counters a click would take (or the keyboard
cursor's move) are marked with a thick dashed outline and a cross.
"""
from __future__ import annotations

from explorer.messages import Message, N, T

from widgets.shared.player_marks import player_mark
from widgets.shared.scene import TURN_MARK, Rect, Region, Scene, Text, View
from widgets.shared.timeline import player_label

from .layout import MARGIN, Layout, header_h, label_w, layout
from .pick import Hints, Pick

BACKGROUND = "#ffffff"
ROW_BG = "#f3efe6"
COUNTER = "#5d4037"
RING = "#d7ccc8"
EMPTY = "#9e9e9e"
LEGAL = "#00a152"
TAKEN = "#c62828"
INK = "#111111"
MUTED = "#555555"
TURN_BG = "#fff3c4"
SEAT_BG = "#f6f6f6"
WIN_BG = "#c8e6c9"


def header_text(state) -> Message:
    """The line above the heaps (a message: say it in the page's words)."""
    if state.phase == "setup":
        return T("Set-up")
    if state.phase == "over":
        return T("Game over · every heap is empty")
    return N("To move: {player} · {n} counter left", "To move: {player} · {n} counters left",
             state.counters_left, player=player_label(state.current_player))


def winner_of(state) -> int | None:
    """Who won, once the game is over (the engine's score sheet says the same)."""
    if state.phase != "over":
        return None
    return (1 - state.last) if state.misere else state.last


def scene(state, view: View | None = None, lay: Layout | None = None) -> Scene:
    """The full frame for `state`: heaps, counters and the players' plates. `view.hints` marks
    the slots a click on which is legal, `view.hover` the counters a move would take."""
    view = (view or View()).filled(Hints, Pick)
    say = view.words
    lay = lay or layout(state)
    sc = Scene(lay.width, lay.height, text_scale=lay.text_scale)
    board, pieces, marks = "board", "pieces", "highlights"
    sc.add(board, Rect(0, 0, lay.width, lay.height, fill=BACKGROUND))
    sc.add(board, Text(MARGIN, header_h(lay.text_scale) / 2, say(header_text(state)), size=20,
                       bold=True, color=INK, max_width=lay.width - 2 * MARGIN))
    for row in lay.rows:
        kind, h = row.key
        sc.regions.append(Region(row.key, row.x, row.y, row.w, row.h))
        sc.add(board, Rect(row.x, row.y, row.w, row.h, fill=ROW_BG, stroke="#bcaaa4",
                           line_width=1, radius=10))
        title, count = ((T("In the box"), N("{n} counter", "{n} counters", len(lay.counters)))
                        if kind == "box" else
                        (T("Heap {heap}", heap=h + 1),
                         N("{n} counter left", "{n} counters left", state.heaps[h])))
        sc.add(board, Text(row.x + 12, row.y + row.h / 2 - 12, say(title), size=18, bold=True,
                           color=INK, max_width=label_w(lay.text_scale) - 20),
               Text(row.x + 12, row.y + row.h / 2 + 14, say(count), size=16, color=MUTED,
                    max_width=label_w(lay.text_scale) - 20))
    hover = set(view.hover or ())
    for box in lay.counters:
        sc.regions.append(Region(box.key, box.x, box.y, box.w, box.h))
        x, y, d = box.x, box.y, box.w
        if box.filled:
            sc.add(pieces, Rect(x, y, d, d, fill=COUNTER, stroke=INK, line_width=2,
                                radius=d / 2),
                   Rect(x + 9, y + 9, d - 18, d - 18, stroke=RING, line_width=3,
                        radius=(d - 18) / 2))
        else:
            sc.add(board, Rect(x + 4, y + 4, d - 8, d - 8, stroke=EMPTY, line_width=2,
                               radius=(d - 8) / 2, dash=(5, 5)))
        if box.key in view.hints.takes:
            sc.add(marks, Rect(x - 4, y - 4, d + 8, d + 8, stroke=LEGAL, line_width=3,
                               radius=d / 2 + 4))
        if box.key in hover and box.filled:
            sc.add(marks, Rect(x - 6, y - 6, d + 12, d + 12, stroke="#ffffff", line_width=8,
                               radius=d / 2 + 6),
                   Rect(x - 6, y - 6, d + 12, d + 12, stroke=TAKEN, line_width=4,
                        radius=d / 2 + 6, dash=(8, 5)),
                   Text(x + d / 2, y + d / 2, "✕", size=26, bold=True, color="#ffffff",
                        align="center", scales=False))
    for seat in lay.seats:
        p = seat.key[1]
        turn = state.current_player == p
        winner = winner_of(state)
        result = None if winner is None else T("wins") if p == winner else T("loses")
        fill = TURN_BG if turn else WIN_BG if p == winner else SEAT_BG
        sc.add(board, Rect(seat.x, seat.y, seat.w, seat.h, fill=fill,
                           stroke="#f9a825" if turn else "#cfd8dc", line_width=3 if turn else 1,
                           radius=10))
        sc.add(board, player_mark(seat.x + 22, seat.y + seat.h / 2, 9, p))
        name = (T("{player}  {mark} to move", player=player_label(p), mark=TURN_MARK) if turn
                else T("{player}: {result}", player=player_label(p), result=result) if result
                else player_label(p))
        sc.add(board, Text(seat.x + 40, seat.y + seat.h / 2, say(name), size=18, bold=True,
                           color=INK, max_width=seat.w - 52))
    return sc
