"""What to draw for a Cacao position: a `Scene` built from `layout()` (pure).

Legal-move hints and the pick come from pick.py (the engine's legal actions, mapped to
cells and tiles); the drawing never decides what is legal.
"""
from __future__ import annotations

import math

from explorer.cacao import components as C
from explorer.cacao.board import SIDES
from explorer.cacao.scoring import score_temples
from explorer.messages import Message, T

from ..shared.player_marks import player_mark
from ..shared.scene import TURN_MARK, Rect, Region, Scene, Text, View, text_color_on
from .geometry import edge_rect, worker_marks
from .layout import (AXIS_H, AXIS_W, HAND_GAP, HAND_X, MARGIN, PILE_X, PREVIEW_X,
                     ROW_TEXT_SCALE, SIDE_W, SIDE_X, TILE, TILE_GAP, TOP, VILLAGE_X, WATER_H,
                     WATER_W, WATER_X, WIDTH, Layout, layout, line_height, row_bands)
from .pick import Hints, Pick

PLAYER_COLOURS = ("#d32f2f", "#7b1fa2", "#f5f5f5", "#fbc02d")   # red, purple, white, yellow
JUNGLE_STYLE = {   # kind -> (fill, short label)
    "plantation": ("#43a047", T("CACAO")),
    "market": ("#ef6c00", T("MARKET")),
    "gold_mine": ("#546e7a", T("GOLD")),
    "water": ("#0288d1", T("WATER")),
    "sun_worship": ("#ffca28", T("SUN")),
    "temple": ("#8d6e63", T("TEMPLE")),
}
POD = "#5d4037"
COIN = "#ffd54f"
BACKGROUND = "#ffffff"
GRID_BG = "#e8f0e0"
GRID_LINE = "#d3dfca"
PANEL_BG = "#f6f6f6"
TURN_BG = "#fff3c4"
BACK = "#33691e"
LEGAL = "#00a152"
LEGAL_FILL = "rgba(0, 161, 82, 0.16)"
REBUILD = "#6a1b9a"
SPACE = "#ff6d00"
SPACE_FILL = "rgba(255, 109, 0, 0.18)"
SELECTED = "#ff6d00"
LAST = "#1565c0"
ACTIVE = "#00e676"
ACTIVE_FILL = "rgba(0, 230, 118, 0.45)"
WAITING = "#29b6f6"
SCORE_GOLD = "#ff8f00"   # the rows' scoring marks (temples are ringed in #ffb300)
INK = "#111111"
MUTED = "#555555"
ROTATION_NAMES = ("0°", "90°", "180°", "270°")
MIN_TEXT = 16      # the smallest text drawn: 11 px as a 1280x800 page shows the board
LABEL_CELL = 56    # a tile this small shows its icon only (its name would be squeezed)
NUMBER_AT, MARK_AT = 0.37, 0.645  # where a worker tile's number and shape sit, across it
PHASE_TEXT = {"place": T("place a worker tile (step A)"),
              "fill": T("fill the jungle spaces (step B)"),
              "work": T("use or decline activated workers (step C)")}


def player_title(p: int) -> Message:
    return T("Player {number} · {colour}", number=p + 1, colour=C.COLOUR_NAMES[p])


def header_text(state, say=str) -> str:
    """The line above the board, said by `say` (the page's words; English by default)."""
    if state.phase == "setup":
        return say(T("Set-up · step through it with Forward ▶; play starts at its last step"))
    if state.phase == "over":
        return say(T("Game over after {turns} turns · see the score sheet", turns=state.turns))
    p = state.current_player
    who = T("Player {number} ({colour})", number=p + 1, colour=C.COLOUR_NAMES[p])
    if state.rebuilding_open:
        return say(T("Turn {turn} · {player}: {phase} · rebuilding is open", turn=state.turns + 1,
                     player=who, phase=PHASE_TEXT[state.phase]))
    return say(T("Turn {turn} · {player}: {phase}", turn=state.turns + 1, player=who,
                 phase=PHASE_TEXT[state.phase]))


# -- tiles ----------------------------------------------------------------------------
def worker_tile_shapes(rect, owner: int, counts, hidden: bool = False) -> list:
    """A worker tile: the owner's colour and shape with its workers as squares along each
    side."""
    x, y, s, _ = rect
    if hidden:
        return [Rect(x, y, s, s, fill="#607d8b", stroke=INK, line_width=2, radius=s * 0.1),
                Text(x + s / 2, y + s / 2 + 1, "?", size=max(MIN_TEXT, int(s * 0.45)),
                     color="#ffffff",
                     bold=True, align="center", scales=False)]
    fill = PLAYER_COLOURS[owner]
    ink = text_color_on(fill)
    shapes = [Rect(x + 1, y + 1, s - 2, s - 2, fill=fill, stroke=INK, line_width=2,
                   radius=s * 0.08)]
    for side, n in enumerate(counts):
        for (mx, my, mw, mh) in worker_marks(rect, side, n):
            shapes.append(Rect(mx, my, mw, mh, fill=ink, radius=mw * 0.3))
    # the owner's shape (as beside their name in the rows) at every size, and from 40 px on
    # their number too, as the rows name them: colour is not alone, whatever the zoom
    size = int(s * 0.4)
    if size >= MIN_TEXT:   # number and shape side by side, between the workers
        shapes.append(Text(x + s * NUMBER_AT, y + s / 2 + 1, str(owner + 1), size=size,
                           color=ink, bold=True, align="center", scales=False))
        shapes.append(player_mark(x + s * MARK_AT, y + s / 2, s * 0.115, owner))
    else:                  # too small for a number: the shape alone, in the middle
        shapes.append(player_mark(x + s / 2, y + s / 2, max(4.0, s * 0.2), owner,
                                  line_width=1.5 if s >= 30 else 1.0))
    return shapes


def jungle_tile_shapes(rect, tile: int, say=str) -> list:
    """A jungle tile: kind colour, a short label (said by `say`) and an icon showing its
    value."""
    x, y, s, _ = rect
    if tile == C.HIDDEN:
        return [Rect(x + 1, y + 1, s - 2, s - 2, fill=BACK, stroke=INK, line_width=2,
                     radius=s * 0.08),
                Text(x + s / 2, y + s / 2, "?", size=max(MIN_TEXT, int(s * 0.4)), color="#ffffff",
                     bold=True, align="center", scales=False)]
    kind, value = C.jungle_kind(tile), C.jungle_value(tile)
    fill, label = JUNGLE_STYLE[kind]
    ink = text_color_on(fill)
    shapes = [Rect(x + 1, y + 1, s - 2, s - 2, fill=fill, stroke=INK, line_width=1.5,
                   radius=s * 0.08)]
    small = max(MIN_TEXT, int(s * 0.16))
    big = max(MIN_TEXT, int(s * 0.36))
    if s >= LABEL_CELL:
        shapes.append(Text(x + s / 2, y + s * 0.2, say(label), size=small, color=ink, bold=True,
                           align="center", max_width=s * 0.9, scales=False))
    cy = y + s * 0.62
    if kind == "plantation":           # cacao pods, one per cacao taken
        pw, ph = s * 0.16, s * 0.3
        total = value * pw + (value - 1) * s * 0.08
        for i in range(value):
            px = x + (s - total) / 2 + i * (pw + s * 0.08)
            shapes.append(Rect(px, cy - ph / 2, pw, ph, fill=POD, stroke="#3e2723", radius=pw / 2))
    elif kind == "market":             # sell 1 cacao for `value` gold
        shapes.append(Text(x + s / 2, cy, f"1→{value}", size=big, color=ink, bold=True,
                           align="center", max_width=s * 0.9, scales=False))
    elif kind == "gold_mine":          # gold coins
        d = s * 0.22
        total = value * d + (value - 1) * s * 0.06
        for i in range(value):
            shapes.append(Rect(x + (s - total) / 2 + i * (d + s * 0.06), cy - d / 2, d, d,
                               fill=COIN, stroke="#8d6e00", line_width=1.5, radius=d / 2))
    elif kind == "water":
        shapes.append(Text(x + s / 2, cy, "≈", size=int(big * 1.2), color=ink, bold=True,
                           align="center", scales=False))
    elif kind == "sun_worship":
        shapes.append(Text(x + s / 2, cy, "☀", size=int(big * 1.1), color="#e65100", bold=True,
                           align="center", scales=False))
    else:                              # temple: scored at the end
        shapes.append(Text(x + s / 2, cy, "6 / 3", size=max(MIN_TEXT, int(s * 0.24)), color=ink,
                           bold=True, align="center", max_width=s * 0.9, scales=False))
    return shapes


# -- the frame ------------------------------------------------------------------------
def _grid(sc: Scene, state, lay: Layout, say) -> None:
    vp = lay.viewport
    g = vp.area
    sc.add("board", Rect(g.x, g.y, g.w, g.h, fill=GRID_BG))
    x0 = int((g.x - vp.ox) // vp.cell)
    y0 = int((g.y - vp.oy) // vp.cell)
    x1 = int((g.x + g.w - vp.ox) // vp.cell)
    y1 = int((g.y + g.h - vp.oy) // vp.cell)
    for cx in range(x0, x1 + 1):        # faint checkerboard: where worker tiles may go
        for cy in range(y0, y1 + 1):
            if (cx + cy) % 2 and (cx, cy) not in state.workers:
                r = vp.clip(*vp.rect((cx, cy)))
                if r:
                    sc.add("board", Rect(*r, fill=GRID_LINE))
    for cell, tile in sorted(state.jungle.items()):
        if vp.visible(cell):
            sc.add("board", *jungle_tile_shapes(vp.rect(cell), tile, say))
    for cell, top in sorted(state.workers.items()):
        if vp.visible(cell):
            rect = vp.rect(cell)
            sc.add("board", *worker_tile_shapes(rect, top.owner, top.counts))
            if cell in state.covered:   # a rebuilt stack: a second outline shows the tile below
                x, y, s, _ = rect
                sc.add("board", Rect(x + 3, y + 3, s - 6, s - 6, stroke=INK, line_width=1.5,
                                     radius=s * 0.08, dash=(4, 3)))
    sc.regions.append(Region(("grid",), g.x, g.y, g.w, g.h))


def _mask(sc: Scene, lay: Layout) -> None:
    """Panel backgrounds drawn over whatever of the grid reaches past its area."""
    g = lay.viewport.area
    w, h = lay.width, lay.height
    sc.add("board", Rect(0, 0, w, g.y, fill=BACKGROUND),
           Rect(0, g.y, g.x, h - g.y, fill=BACKGROUND),
           Rect(g.x + g.w, g.y, w - g.x - g.w, h - g.y, fill=BACKGROUND),
           Rect(g.x, g.y + g.h, g.w, h - g.y - g.h, fill=BACKGROUND),
           Rect(g.x, g.y, g.w, g.h, stroke="#8bc34a", line_width=2))


def _axes(sc: Scene, lay: Layout) -> None:
    """The engine's cell numbers along the grid (x above the columns, y left of the rows), so
    a label such as "(2, 1)" can be found on the board."""
    vp = lay.viewport
    g = vp.area
    size = MIN_TEXT
    first_x = math.floor((g.x - vp.ox) / vp.cell)
    last_x = math.floor((g.x + g.w - vp.ox) / vp.cell)
    for cx in range(first_x, last_x + 1):
        mid = vp.ox + (cx + 0.5) * vp.cell
        if g.x <= mid <= g.x + g.w:
            sc.add("board", Text(mid, g.y - AXIS_H / 2, str(cx), size=size, color=MUTED,
                                 align="center", max_width=vp.cell - 2, scales=False))
    first_y = math.floor((g.y - vp.oy) / vp.cell)
    last_y = math.floor((g.y + g.h - vp.oy) / vp.cell)
    for cy in range(first_y, last_y + 1):
        mid = vp.oy + (cy + 0.5) * vp.cell
        if g.y <= mid <= g.y + g.h:
            sc.add("board", Text(g.x - 6, mid, str(cy), size=size, color=MUTED, align="right",
                                 max_width=AXIS_W - 8, scales=False))


def _side(sc: Scene, state, lay: Layout, hints: Hints, pick: Pick, say) -> None:
    """Above the rows: the display (or the drawn tile), the jungle pile, the chosen hand tile
    as it will be placed, and the supply."""
    k = lay.text_scale
    label_y = TOP + line_height(k) / 2
    source = (T("Display (face up)") if state.display or not state.drawn
              else T("Drawn from the pile"))
    n = len(state.jungle_pile)
    # labels keep to their columns, squeezed if need be (projector mode enlarges them)
    sc.add("board", Text(SIDE_X, label_y, say(source), size=MIN_TEXT, bold=True, color=INK,
                         max_width=PILE_X - SIDE_X - 8),
           Text(PILE_X, label_y, say(T("Pile · {n}", n=n)), size=MIN_TEXT, bold=True, color=INK,
                max_width=PREVIEW_X - PILE_X - 8),
           Text(PREVIEW_X, label_y, say(T("Tile to place")), size=MIN_TEXT, bold=True, color=INK,
                max_width=SIDE_X + SIDE_W - PREVIEW_X))
    tiles = state.display if state.display else state.drawn
    for box, tile in zip(lay.display, tiles):
        sc.add("pieces", *jungle_tile_shapes((box.x, box.y, box.w, box.h), tile, say))
        sc.regions.append(Region(box.key, box.x, box.y, box.w, box.h))
        name = C.JUNGLE[tile]
        if name == pick.jungle and name in hints.fill_tiles:
            sc.add("highlights", Rect(box.x - 4, box.y - 4, box.w + 8, box.h + 8,
                                      stroke=SELECTED, line_width=5, radius=9))
        elif name in hints.fill_tiles:
            sc.add("highlights", Rect(box.x - 3, box.y - 3, box.w + 6, box.h + 6, stroke=LEGAL,
                                      line_width=4, radius=9))
    if not tiles:
        sc.add("board", Text(SIDE_X, lay.pile.y + TILE / 2, say(T("empty")), size=MIN_TEXT,
                             color=MUTED))
    pile = lay.pile
    if n:
        sc.add("pieces", Rect(pile.x + 4, pile.y + 4, pile.w, pile.h, fill="#1b5e20", radius=7),
               *jungle_tile_shapes((pile.x, pile.y, pile.w, pile.h), C.HIDDEN, say))
    else:
        sc.add("pieces", Rect(pile.x, pile.y, pile.w, pile.h, stroke=MUTED, dash=(6, 4), radius=7))
    pv = lay.preview
    secret = state.viewer is not None and state.viewer != state.current_player
    tx = pv.x + pv.w + 8
    room = SIDE_X + SIDE_W - tx
    if state.phase == "place" and pick.pattern in C.PATTERNS and not secret:
        p = state.current_player
        counts = C.workers_of(pick.pattern, pick.rotation)
        sc.add("pieces", *worker_tile_shapes((pv.x, pv.y, pv.w, pv.h), p, counts))
        pitch = pv.h / 3           # three lines beside the tile, within its height
        sc.add("board", Text(tx, pv.y + pitch / 2, pick.pattern, size=MIN_TEXT, bold=True,
                             color=INK, max_width=room),
               Text(tx, pv.y + pitch * 1.5,
                    say(T("turned {angle}", angle=ROTATION_NAMES[pick.rotation % 4])),
                    size=MIN_TEXT, color=INK, max_width=room),
               Text(tx, pv.y + pitch * 2.5, "⟲ Q  ⟳ E", size=MIN_TEXT, color=MUTED,
                    max_width=room))
        sc.regions.append(Region(pv.key, pv.x, pv.y, pv.w, pv.h))
    else:
        # two short lines beside the box: one sentence, broken where the words say
        lines = (("—",) if state.phase != "place"
                 else say(T("hidden in\nthis view")).split("\n") if secret
                 else say(T("choose a\nhand tile")).split("\n"))
        sc.add("board", Rect(pv.x, pv.y, pv.w, pv.h, stroke="#bbbbbb", dash=(6, 4), radius=7))
        for i, line in enumerate(lines):
            sc.add("board", Text(tx, pv.y + pv.h * (i + 1) / (len(lines) + 1), line,
                                 size=MIN_TEXT, color=MUTED, max_width=room))
    y = pv.y + pv.h + line_height(k) / 2 + 2
    sc.add("board", Text(SIDE_X, y, say(T("Supply: {cacao} cacao · {sun} sun tokens",
                                          cacao=state.cacao_supply, sun=state.sun_supply)),
                         size=MIN_TEXT, color=INK, max_width=SIDE_W))


def _rows(sc: Scene, state, lay: Layout, hints: Hints, pick: Pick, playable: bool,
          sheet=None, say=str) -> None:
    acting = state.current_player
    hand_boxes = {b.key: b for b in lay.hands}
    cap = ROW_TEXT_SCALE
    for row in lay.rows:
        p = row.key[1]
        turn = acting == p
        bands = row_bands(row, lay.text_scale)
        title_mid = bands.title_y + (bands.hand_y - bands.title_y) / 2
        sc.add("board", Rect(row.x, row.y, row.w, row.h, fill=TURN_BG if turn else PANEL_BG,
                             stroke="#f9a825" if turn else "#cfd8dc", line_width=3 if turn else 1,
                             radius=8))
        title = say(player_title(p)) + (f"  {TURN_MARK}" if turn else "")
        sc.add("board", Rect(row.x + 8, title_mid - 9, 18, 18, fill=PLAYER_COLOURS[p], stroke=INK,
                             radius=3),
               player_mark(row.x + 17, title_mid, 6, p),
               Text(row.x + 32, title_mid, title, size=MIN_TEXT, bold=True, color=INK,
                    max_width=200, max_scale=cap))
        if sheet is None:      # at the scoring step the total takes this place
            pile = len(state.worker_piles[p])
            on_board = sum(1 for t in state.workers.values() if t.owner == p)
            counts = T("hand {hand} · pile {pile} · placed {placed}", hand=len(state.hands[p]),
                       pile=pile, placed=on_board)
            sc.add("board", Text(row.x + row.w - 8, title_mid, say(counts), size=MIN_TEXT,
                                 color=MUTED, align="right", max_width=row.w - 250,
                                 max_scale=cap))
        for i, tile in enumerate(state.hands[p]):
            box = hand_boxes[("hand", p, i)]
            rect = (box.x, box.y, box.w, box.h)
            if tile == C.HIDDEN:
                sc.add("pieces", *worker_tile_shapes(rect, p, (0, 0, 0, 0), hidden=True))
            else:
                pattern = C.pattern_of(tile)
                sc.add("pieces", *worker_tile_shapes(rect, p, C.workers_of(pattern, 0)))
                if turn and playable and state.phase == "place":
                    chosen = pattern == pick.pattern and i == _first_index(state.hands[p], pattern)
                    if chosen:
                        sc.add("highlights", Rect(box.x - 3, box.y - 3, box.w + 6, box.h + 6,
                                                  stroke=SELECTED, line_width=5, radius=8))
                    elif pattern in hints.patterns:
                        sc.add("highlights", Rect(box.x - 2, box.y - 2, box.w + 4, box.h + 4,
                                                  stroke=LEGAL, line_width=3, radius=7))
            sc.regions.append(Region(box.key, box.x, box.y, box.w, box.h))
        _village(sc, state, p, row, bands, say)
        if sheet is not None:
            _row_scoring(sc, state, p, row, bands, sheet, say)


def _first_index(hand, pattern) -> int:
    return next((i for i, t in enumerate(hand) if t != C.HIDDEN and C.pattern_of(t) == pattern), -1)


def _village(sc: Scene, state, p: int, row, bands, say) -> None:
    """Beside the hand: cacao and sun tokens (one line each) and gold; along the foot of the
    row, the water track with the carrier's field filled."""
    cap = ROW_TEXT_SCALE
    x0 = VILLAGE_X
    y1 = bands.hand_y + bands.hand / 4              # two lines within the hand's height
    y2 = bands.hand_y + bands.hand * 3 / 4
    sc.add("board", Text(x0, y1, say(T("Cacao")), size=MIN_TEXT, bold=True, color=INK, max_width=52,
                         max_scale=cap))
    for i in range(C.CACAO_CAP):
        have = i < state.cacao[p]
        sc.add("board", Rect(x0 + 58 + i * 24, y1 - 10, 19, 20, fill=POD if have else "#ffffff",
                             stroke="#3e2723", line_width=1.5, radius=8))
    sc.add("board", Text(x0, y2, say(T("Sun")), size=MIN_TEXT, bold=True, color=INK, max_width=40,
                         max_scale=cap))
    for i in range(C.SUN_CAP):
        have = i < state.sun[p]
        cx = x0 + 58 + i * 24
        sc.add("board", Rect(cx, y2 - 10, 20, 20, fill="#ffca28" if have else "#ffffff",
                             stroke="#e65100", line_width=1.5, radius=10))
    gx = x0 + 58 + C.SUN_CAP * 24 + 10
    room = row.x + row.w - 8 - (gx + 28)
    sc.add("board", Rect(gx, y2 - 11, 22, 22, fill=COIN, stroke="#8d6e00", line_width=1.5,
                         radius=11),
           Text(gx + 28, y2, say(T("{gold} gold", gold=state.gold[p])), size=18, bold=True, color=INK,
                max_width=room, max_scale=cap))
    wy = bands.water_y
    sc.add("board", Text(row.x + 8, wy + WATER_H / 2, say(T("Water")), size=MIN_TEXT, bold=True,
                         color=INK, max_width=WATER_X - row.x - 12, max_scale=cap))
    for i, value in enumerate(C.WATER_TRACK):
        here = state.water[p] == i
        fx = WATER_X + i * WATER_W
        sc.add("board", Rect(fx, wy, WATER_W - 4, WATER_H, fill="#0288d1" if here else "#e1f5fe",
                             stroke="#01579b", line_width=3 if here else 1, radius=5),
               Text(fx + (WATER_W - 4) / 2, wy + WATER_H / 2 + 1, f"{value:+d}" if value else "0",
                    size=MIN_TEXT, bold=here, color="#ffffff" if here else "#01579b",
                    align="center", max_width=WATER_W - 6, scales=False))


def _points(sheet, p: int, rule: str) -> int:
    """Player p's points from the engine's score lines whose rule id starts with `rule`."""
    return sum(line.points for line in sheet.lines_for(p) if line.rule.startswith(rule))


def _row_scoring(sc: Scene, state, p: int, row, bands, sheet, say) -> None:
    """The scoring step on a player's row: temples and sun tokens where the hand was, the
    water field's gold after the track, the total in the title line.

    Every number is the engine's (its score sheet); the hand space is empty by now."""
    marks = "highlights"
    cap = ROW_TEXT_SCALE
    water = _points(sheet, p, "cacao.scoring.water")
    sun = _points(sheet, p, "cacao.scoring.sun")
    temples = _points(sheet, p, "cacao.scoring.temple")
    x, w = HAND_X - 4, VILLAGE_X - HAND_X - 4
    sc.add(marks, Rect(x, bands.hand_y, w, bands.hand, fill="#fffdf0", stroke=SCORE_GOLD,
                       line_width=2, radius=6))
    n_sun = state.sun[p]
    lines = (say(T("Temples: {points:+d} gold", points=temples)),
             say(T("Sun ×{count}: {points:+d} gold", count=n_sun, points=sun)))
    for i, text in enumerate(lines):
        sc.add(marks, Text(x + 6, bands.hand_y + bands.hand * (1 + 2 * i) / 4, text,
                           size=MIN_TEXT, color=INK, max_width=w - 10, max_scale=1.1))
    title_mid = bands.title_y + (bands.hand_y - bands.title_y) / 2
    sc.add(marks, Text(row.x + row.w - 8, title_mid,
                       say(T("Total: {points} gold", points=sheet.totals.get(p, 0))),
                       size=18, bold=True, color=INK, align="right", max_width=row.w - 250,
                       max_scale=cap))
    # on the village: the sun tokens and the water field that score, ringed in gold
    y2 = bands.hand_y + bands.hand * 3 / 4
    sc.add(marks, Rect(VILLAGE_X + 54, y2 - 14, C.SUN_CAP * 24 + 4, 28, stroke=SCORE_GOLD,
                       line_width=3, radius=14))
    wy = bands.water_y
    fx = WATER_X + state.water[p] * WATER_W
    sc.add(marks, Rect(fx - 3, wy - 3, WATER_W + 2, WATER_H + 6, stroke=SCORE_GOLD, line_width=3,
                       radius=6))
    track_end = WATER_X + len(C.WATER_TRACK) * WATER_W
    sc.add(marks, Text(track_end + 2, wy + WATER_H / 2, f"= {water:+d}", size=18, bold=True,
                       color="#01579b", max_width=row.x + row.w - track_end - 6, max_scale=1.0))


def _highlights(sc: Scene, state, lay: Layout, hints: Hints, last_cell, say=str) -> None:
    vp = lay.viewport
    marks = "highlights"

    def clipped(cell, inset):
        x, y, s, _ = vp.rect(cell)
        return vp.clip(x + inset, y + inset, s - 2 * inset, s - 2 * inset)

    for cell in sorted(hints.place):
        r = clipped(cell, 3)
        if r:
            sc.add(marks, Rect(*r, fill=LEGAL_FILL, stroke=LEGAL, line_width=3, dash=(8, 5)))
    for cell in sorted(hints.rebuild):
        r = clipped(cell, 2)
        if r:
            sc.add(marks, Rect(*r, stroke=REBUILD, line_width=5, dash=(8, 5)))
            if vp.visible(cell, whole=True):
                cx, cy = vp.center(cell)
                size = max(MIN_TEXT, int(vp.cell * 0.42))
                sc.add(marks, Rect(cx - size * 0.6, cy - size * 0.6, size * 1.2, size * 1.2,
                                   fill="#ffffff", stroke=REBUILD, line_width=2, radius=size * 0.6),
                       Text(cx, cy + 1, "↻", size=size, bold=True, color=REBUILD, align="center",
                            scales=False))
    for cell in sorted(hints.fill):
        r = clipped(cell, 3)
        if r:
            sc.add(marks, Rect(*r, fill=SPACE_FILL, stroke=SPACE, line_width=4, dash=(8, 5)))
            if vp.visible(cell, whole=True):
                cx, cy = vp.center(cell)
                sc.add(marks, Text(cx, cy, say(T("fill")), size=max(MIN_TEXT, int(vp.cell * 0.24)),
                                   bold=True, color=SPACE, align="center", scales=False))
    if last_cell is not None:
        r = clipped(last_cell, 0)
        if r:
            sc.add(marks, Rect(*r, stroke=LAST, line_width=4))
    acting = state.current_player
    for e in state.pending:
        if not vp.visible(e.cell):
            continue
        band = edge_rect(vp.rect(e.cell), e.side, depth=0.24)
        r = vp.clip(*band)
        if not r:
            continue
        now = (e.cell, e.side) in hints.work or (e.cell, e.side) in hints.decline
        colour = ACTIVE if e.player == acting else WAITING
        sc.add(marks, Rect(*r, fill=ACTIVE_FILL if now else None, stroke=colour,
                           line_width=5 if now else 3, dash=() if now else (6, 4)))
        sc.regions.append(Region(("edge", e.cell, e.side), *r))


def cursor(sc: Scene, state, action, lay: Layout, say=str) -> None:
    """The keyboard cursor on `action`: the tile it puts on its cell (or the side of the tile
    whose workers it uses), ringed thick and dashed, dark on white, so it shows on any colour
    and without colour."""
    cell = getattr(action, "cell", None)
    if cell is None:
        return
    vp = lay.viewport
    rect = vp.rect(cell)
    if action.kind in ("place", "rebuild"):
        if vp.visible(cell, whole=True):
            sc.add("highlights", *worker_tile_shapes(rect, state.current_player,
                                                     C.workers_of(action.tile, action.rotation)))
    elif action.kind == "fill":
        if vp.visible(cell, whole=True):
            sc.add("highlights", *jungle_tile_shapes(rect, C.jungle_ids(action.tile)[0], say))
    else:   # work, decline: the side whose workers act
        rect = edge_rect(rect, action.side, depth=0.3)
    r = vp.clip(*rect)
    if r:
        sc.add("highlights", Rect(*r, stroke="#ffffff", line_width=8),
               Rect(*r, stroke=INK, line_width=4, dash=(8, 5)))
        if action.kind == "decline":   # declining, not using: crossed out
            cx, cy = r[0] + r[2] / 2, r[1] + r[3] / 2
            sc.add("highlights", Rect(cx - 11, cy - 11, 22, 22, fill="#ffffff", stroke=INK,
                                      line_width=2, radius=11),
                   Text(cx, cy + 1, "✗", size=MIN_TEXT, bold=True, color=INK, align="center",
                        scales=False))


def _temples(sc: Scene, lay: Layout, prizes: dict) -> None:
    """The scoring step: each temple outlined in gold with the gold it pays, per player colour."""
    vp = lay.viewport
    for cell, paid in sorted(prizes.items()):
        if not vp.visible(cell, whole=True):
            continue
        x, y, s, _ = vp.rect(cell)
        sc.add("highlights", Rect(x - 2, y - 2, s + 4, s + 4, stroke="#ffb300", line_width=5,
                                  radius=s * 0.1))
        chips = sorted(paid.items())
        if not chips:
            sc.add("highlights", Rect(x + 1, y + s * 0.36, s - 2, s * 0.62 - 1, fill="#5d4037",
                                      radius=s * 0.06),   # covers the "6 / 3" with the result
                   Text(x + s / 2, y + s * 0.68, "0", size=MIN_TEXT, bold=True,
                        color="#ffffff", align="center", scales=False))
            continue
        n = len(chips)
        big = max(20.0, s * 0.4)

        def chip(cols, rows, area_h):
            return (min(big, (s - 4 - 2 * (cols - 1)) / cols),
                    min(big, (area_h - 2 - 2 * (rows - 1)) / rows))

        def fits_digit(size):          # a 16 px digit inside the chip
            return size[0] >= 12 and size[1] >= MIN_TEXT + 1

        # one row of chips under the name, else two columns over the whole tile
        cols, rows, top, height = n, 1, y + s * 0.36, s * 0.62 - 1
        if not fits_digit(chip(cols, rows, height)):
            cols, rows, top, height = min(2, n), -(-n // 2), y + 1, s - 2
        cw, ch = chip(cols, rows, height)
        sc.add("highlights", Rect(x + 1, top, s - 2, height, fill="#5d4037", radius=s * 0.06))
        left = x + (s - cols * cw - 2 * (cols - 1)) / 2
        first = top + (height - rows * ch - 2 * (rows - 1)) / 2
        for i, (p, pts) in enumerate(chips):
            cx = left + (i % cols) * (cw + 2)
            cy = first + (i // cols) * (ch + 2)
            fill = PLAYER_COLOURS[p]
            sc.add("highlights", Rect(cx, cy, cw, ch, fill=fill, stroke=INK, line_width=1.5,
                                      radius=3))
            if fits_digit((cw, ch)):  # else the colours alone: the score sheet has the figures
                sc.add("highlights", Text(cx + cw / 2, cy + ch / 2 + 1, str(pts),
                                          size=max(MIN_TEXT, int(min(cw, ch) * 0.7)), bold=True,
                                          color=text_color_on(fill), align="center",
                                          scales=False))


def scene(state, view: View | None = None, lay: Layout | None = None) -> Scene:
    """The full frame for `state` (a position or a player's view): grid, panels, highlights.

    On the scoring step (a `view.sheet`) the engine's results are drawn: each temple's gold
    per player on the temple, the score sheet on the players' rows (water, sun, temples,
    total). `view.last`: where the last tile went."""
    view = (view or View()).filled(Hints, Pick)
    hints, pick, playable, sheet = view.hints, view.pick, view.playable, view.sheet
    say = view.words
    lay = lay or layout(state)
    sc = Scene(lay.width, lay.height, text_scale=lay.text_scale)
    _grid(sc, state, lay, say)
    _mask(sc, lay)
    _axes(sc, lay)
    sc.add("board", Text(MARGIN, TOP / 2, header_text(state, say), size=20, bold=True, color=INK,
                         max_width=lay.width - 2 * MARGIN))
    _side(sc, state, lay, hints, pick, say)
    _rows(sc, state, lay, hints, pick, playable, sheet, say)
    _highlights(sc, state, lay, hints, view.last, say)
    if sheet is not None:
        _temples(sc, lay, {r.cell: r.prizes
                           for r in score_temples(state.workers, state.jungle, state.covered)})
    return sc


__all__ = ["PLAYER_COLOURS", "cursor", "scene", "header_text",
           "jungle_tile_shapes", "worker_tile_shapes", "WIDTH"]
