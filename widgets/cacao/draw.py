"""What to draw for a Cacao position: a `Scene` built from `layout()` (pure).

Legal-move hints come from the engine's `legal_actions()` (mapped to cells and tiles here); the
drawing never decides what is legal.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from explorer.cacao import components as C
from explorer.cacao.board import SIDES

from ..shared.scene import TURN_MARK, Rect, Region, Scene, Text, text_color_on
from .geometry import edge_rect, worker_marks
from .layout import (AXIS_H, AXIS_W, HAND, HAND_GAP, HAND_X, MARGIN, SIDE_W, SIDE_X, TILE,
                     TOP, VILLAGE_X, WATER_W, WIDTH, Layout, layout)

PLAYER_COLOURS = ("#d32f2f", "#7b1fa2", "#f5f5f5", "#fbc02d")   # red, purple, white, yellow
JUNGLE_STYLE = {   # kind -> (fill, short label)
    "plantation": ("#43a047", "CACAO"),
    "market": ("#ef6c00", "MARKET"),
    "gold_mine": ("#546e7a", "GOLD MINE"),
    "water": ("#0288d1", "WATER"),
    "sun_worship": ("#ffca28", "SUN"),
    "temple": ("#8d6e63", "TEMPLE"),
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
PHASE_TEXT = {"place": "place a worker tile (step A)", "fill": "fill the jungle spaces (step B)",
              "work": "use or decline activated workers (step C)"}


@dataclass
class Hints:
    """Legal moves of the position, by board position (from the engine's legal actions)."""

    place: set = field(default_factory=set)        # cells a hand tile may go
    rebuild: set = field(default_factory=set)      # own cells that may be rebuilt
    patterns: set = field(default_factory=set)     # hand patterns that may be placed
    fill: set = field(default_factory=set)         # spaces to fill
    fill_tiles: set = field(default_factory=set)   # jungle kind names that may fill them
    work: set = field(default_factory=set)         # (cell, side) that may be used now
    decline: set = field(default_factory=set)      # (cell, side) that may be declined now


def move_hints(state) -> Hints:
    hints = Hints()
    for a in state.legal_actions():
        if a.kind == "place":
            hints.place.add(a.cell)
            hints.patterns.add(a.tile)
        elif a.kind == "rebuild":
            hints.rebuild.add(a.cell)
            hints.patterns.add(a.tile)
        elif a.kind == "fill":
            hints.fill.add(a.cell)
            hints.fill_tiles.add(a.tile)
        elif a.kind == "work":
            hints.work.add((a.cell, a.side))
        elif a.kind == "decline":
            hints.decline.add((a.cell, a.side))
    return hints


@dataclass
class Pick:
    """What the person has chosen so far: a hand tile (pattern) and its turn, a jungle tile."""

    pattern: str | None = None
    rotation: int = 0
    jungle: str | None = None


def player_title(p: int) -> str:
    return f"Player {p + 1} · {C.COLOURS[p]}"


def header_text(state) -> str:
    if state.phase == "setup":
        return "Set-up · step through it with Forward ▶; play starts at its last step"
    if state.phase == "over":
        return f"Game over after {state.turns} turns · see the score sheet"
    who = f"Player {state.current_player + 1} ({C.COLOURS[state.current_player]})"
    extra = " · rebuilding is open" if state.rebuilding_open else ""
    return f"Turn {state.turns + 1} · {who}: {PHASE_TEXT[state.phase]}{extra}"


# -- tiles ----------------------------------------------------------------------------
def worker_tile_shapes(rect, owner: int, counts, hidden: bool = False) -> list:
    """A worker tile: the owner's colour with its workers as squares along each side."""
    x, y, s, _ = rect
    if hidden:
        return [Rect(x, y, s, s, fill="#607d8b", stroke=INK, line_width=2, radius=s * 0.1),
                Text(x + s / 2, y + s / 2 + 1, "?", size=max(12, int(s * 0.45)), color="#ffffff",
                     bold=True, align="center", scales=False)]
    fill = PLAYER_COLOURS[owner]
    ink = text_color_on(fill)
    shapes = [Rect(x + 1, y + 1, s - 2, s - 2, fill=fill, stroke=INK, line_width=2,
                   radius=s * 0.08)]
    for side, n in enumerate(counts):
        for (mx, my, mw, mh) in worker_marks(rect, side, n):
            shapes.append(Rect(mx, my, mw, mh, fill=ink, radius=mw * 0.3))
    return shapes


def jungle_tile_shapes(rect, tile: int) -> list:
    """A jungle tile: kind colour, a short label and an icon showing its value."""
    x, y, s, _ = rect
    if tile == C.HIDDEN:
        return [Rect(x + 1, y + 1, s - 2, s - 2, fill=BACK, stroke=INK, line_width=2,
                     radius=s * 0.08),
                Text(x + s / 2, y + s / 2, "?", size=max(12, int(s * 0.4)), color="#ffffff",
                     bold=True, align="center", scales=False)]
    kind, value = C.jungle_kind(tile), C.jungle_value(tile)
    fill, label = JUNGLE_STYLE[kind]
    ink = text_color_on(fill)
    shapes = [Rect(x + 1, y + 1, s - 2, s - 2, fill=fill, stroke=INK, line_width=1.5,
                   radius=s * 0.08)]
    small = max(12, int(s * 0.16))
    big = max(12, int(s * 0.36))
    shapes.append(Text(x + s / 2, y + s * 0.2, label, size=small, color=ink, bold=True,
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
        shapes.append(Text(x + s / 2, cy, "6 / 3", size=max(12, int(s * 0.24)), color=ink,
                           bold=True, align="center", max_width=s * 0.9, scales=False))
    return shapes


# -- the frame ------------------------------------------------------------------------
def _grid(sc: Scene, state, lay: Layout) -> None:
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
            sc.add("board", *jungle_tile_shapes(vp.rect(cell), tile))
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
    size = 14 if vp.cell >= 40 else 12
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


def _side(sc: Scene, state, lay: Layout, hints: Hints, pick: Pick) -> None:
    top = TOP
    source = "Display (face up)" if state.display or not state.drawn else "Drawn from the pile"
    # labels keep to their columns, squeezed if need be (projector mode enlarges them)
    sc.add("board", Text(SIDE_X, top + 14, source, size=18, bold=True, color=INK,
                         max_width=2 * (TILE + 8) - 8))
    sc.add("board", Text(SIDE_X + 2 * (TILE + 8), top + 14, "Jungle pile", size=18, bold=True,
                         color=INK, max_width=SIDE_W - 2 * (TILE + 8)))
    tiles = state.display if state.display else state.drawn
    for box, tile in zip(lay.display, tiles):
        sc.add("pieces", *jungle_tile_shapes((box.x, box.y, box.w, box.h), tile))
        sc.regions.append(Region(box.key, box.x, box.y, box.w, box.h))
        name = C.JUNGLE[tile]
        if name == pick.jungle and name in hints.fill_tiles:
            sc.add("highlights", Rect(box.x - 5, box.y - 5, box.w + 10, box.h + 10,
                                      stroke=SELECTED, line_width=6, radius=10))
        elif name in hints.fill_tiles:
            sc.add("highlights", Rect(box.x - 4, box.y - 4, box.w + 8, box.h + 8, stroke=LEGAL,
                                      line_width=4, radius=10))
    if not tiles:
        sc.add("board", Text(SIDE_X, top + 30 + TILE / 2, "empty", size=18, color=MUTED))
    pile = lay.pile
    n = len(state.jungle_pile)
    if n:
        sc.add("pieces", Rect(pile.x + 6, pile.y + 6, pile.w, pile.h, fill="#1b5e20", radius=8),
               *jungle_tile_shapes((pile.x, pile.y, pile.w, pile.h), C.HIDDEN))
    else:
        sc.add("pieces", Rect(pile.x, pile.y, pile.w, pile.h, stroke=MUTED, dash=(6, 4), radius=8))
    sc.add("board", Text(pile.x + pile.w / 2, pile.y + pile.h + 20, f"{n} tile{'s' * (n != 1)}",
                         size=18, color=INK, align="center"))
    pv = lay.preview
    sc.add("board", Text(SIDE_X, pv.y - 22, "Tile to place", size=18, bold=True, color=INK,
                         max_width=SIDE_W))
    secret = state.viewer is not None and state.viewer != state.current_player
    if state.phase == "place" and pick.pattern in C.PATTERNS and not secret:
        p = state.current_player
        counts = C.workers_of(pick.pattern, pick.rotation)
        sc.add("pieces", *worker_tile_shapes((pv.x, pv.y, pv.w, pv.h), p, counts))
        tx = pv.x + pv.w + 14
        room = SIDE_X + SIDE_W - tx
        k = lay.text_scale
        sc.add("board", Text(tx, pv.y + 16 * k, pick.pattern, size=20, bold=True, color=INK,
                             max_width=room),
               Text(tx, pv.y + 44 * k, f"turned {ROTATION_NAMES[pick.rotation % 4]}", size=18,
                    color=INK, max_width=room),
               Text(tx, pv.y + 72 * k, "⟲ Q   ⟳ E / R", size=18, color=MUTED, max_width=room),
               Text(tx, pv.y + 100 * k, " ".join(f"{s}{n}" for s, n in zip(SIDES, counts)), size=16,
                    color=MUTED, max_width=room))
        sc.regions.append(Region(pv.key, pv.x, pv.y, pv.w, pv.h))
    else:
        sc.add("board", Rect(pv.x, pv.y, pv.w, pv.h, stroke="#bbbbbb", dash=(6, 4), radius=8),
               Text(pv.x + pv.w + 14, pv.y + pv.h / 2, "—" if state.phase != "place"
                    else "hidden in this view" if secret else "choose a hand tile", size=18,
                    color=MUTED))
    y = pv.y + pv.h + 40 * lay.text_scale
    sc.add("board", Text(SIDE_X, y, f"Supply: {state.cacao_supply} cacao · "
                                    f"{state.sun_supply} sun tokens", size=16, color=INK,
                         max_width=SIDE_W))
    if state.pending:
        sc.add("board", Text(SIDE_X, y + 30 * lay.text_scale, "Glowing edges: activated "
                             "workers", size=16, bold=True, color=INK, max_width=SIDE_W),
               Text(SIDE_X, y + 54 * lay.text_scale, "(green: acting now, click to use one)", size=16,
                    color=MUTED, max_width=SIDE_W))


def _rows(sc: Scene, state, lay: Layout, hints: Hints, pick: Pick, playable: bool,
          sheet=None) -> None:
    acting = state.current_player
    hand_boxes = {b.key: b for b in lay.hands}
    for row in lay.rows:
        p = row.key[1]
        turn = acting == p
        sc.add("board", Rect(row.x, row.y, row.w, row.h, fill=TURN_BG if turn else PANEL_BG,
                             stroke="#f9a825" if turn else "#cfd8dc", line_width=3 if turn else 1,
                             radius=10))
        sc.add("board", Rect(row.x + 10, row.y + 12, 22, 22, fill=PLAYER_COLOURS[p], stroke=INK,
                             radius=4),
               Text(row.x + 40, row.y + 24, player_title(p) + (f"  {TURN_MARK}" if turn else ""), size=18,
                    bold=True, color=INK, max_width=HAND_X - row.x - 48))
        pile = len(state.worker_piles[p])
        on_board = sum(1 for t in state.workers.values() if t.owner == p)
        room = HAND_X - row.x - 20
        sc.add("board", Text(row.x + 12, row.y + 54, f"Hand {len(state.hands[p])} · "
                                                     f"pile {pile}", size=16, color=INK,
                             max_width=room),
               Text(row.x + 12, row.y + 78, f"on the board: {on_board}", size=16, color=MUTED,
                    max_width=room))
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
                        sc.add("highlights", Rect(box.x - 5, box.y - 5, box.w + 10, box.h + 10,
                                                  stroke=SELECTED, line_width=6, radius=10))
                    elif pattern in hints.patterns:
                        sc.add("highlights", Rect(box.x - 3, box.y - 3, box.w + 6, box.h + 6,
                                                  stroke=LEGAL, line_width=3, radius=9))
            sc.regions.append(Region(box.key, box.x, box.y, box.w, box.h))
        _village(sc, state, p, row)
        if sheet is not None:
            _row_scoring(sc, state, p, row, sheet)


def _first_index(hand, pattern) -> int:
    return next((i for i, t in enumerate(hand) if t != C.HIDDEN and C.pattern_of(t) == pattern), -1)


def _village(sc: Scene, state, p: int, row) -> None:
    x0, y = VILLAGE_X, row.y + 12
    sc.add("board", Text(x0, y + 11, "Cacao", size=16, bold=True, color=INK, max_width=52))
    for i in range(C.CACAO_CAP):
        have = i < state.cacao[p]
        sc.add("board", Rect(x0 + 58 + i * 26, y, 20, 22, fill=POD if have else "#ffffff",
                             stroke="#3e2723", line_width=1.5, radius=9))
    sx = x0 + 200
    sc.add("board", Text(sx, y + 11, "Sun", size=16, bold=True, color=INK, max_width=36))
    for i in range(C.SUN_CAP):
        have = i < state.sun[p]
        sc.add("board", Rect(sx + 40 + i * 26, y, 22, 22, fill="#ffca28" if have else "#ffffff",
                             stroke="#e65100", line_width=1.5, radius=11))
        if have:
            sc.add("board", Text(sx + 51 + i * 26, y + 12, "☀", size=16, color="#e65100",
                                 align="center", scales=False))
    gx = sx + 130
    sc.add("board", Rect(gx, y - 2, 26, 26, fill=COIN, stroke="#8d6e00", line_width=1.5, radius=13),
           Text(gx + 34, y + 11, f"{state.gold[p]} gold", size=20, bold=True, color=INK))
    wy = row.y + 52
    sc.add("board", Text(x0, wy + 15, "Water", size=16, bold=True, color=INK, max_width=52))
    for i, value in enumerate(C.WATER_TRACK):
        here = state.water[p] == i
        fx = x0 + 58 + i * WATER_W
        sc.add("board", Rect(fx, wy, WATER_W - 4, 30, fill="#0288d1" if here else "#e1f5fe",
                             stroke="#01579b", line_width=3 if here else 1, radius=5),
               Text(fx + (WATER_W - 4) / 2, wy + 16, f"{value:+d}" if value else "0", size=16,
                    bold=here, color="#ffffff" if here else "#01579b", align="center", scales=False))
    cx = x0 + 58 + state.water[p] * WATER_W
    sc.add("board", Text(cx + (WATER_W - 4) / 2, wy - 9, "▼", size=14, color="#01579b",
                         align="center", scales=False))


def _points(sheet, p: int, rule: str) -> int:
    """Player p's points from the engine's score lines whose rule id starts with `rule`."""
    return sum(line.points for line in sheet.lines_for(p) if line.rule.startswith(rule))


def _row_scoring(sc: Scene, state, p: int, row, sheet) -> None:
    """The scoring step on a player's row: water and sun tokens in gold, temples, the total.

    Every number is the engine's (its score sheet); the hand space is empty by now."""
    marks = "highlights"
    water = _points(sheet, p, "cacao.scoring.water")
    sun = _points(sheet, p, "cacao.scoring.sun")
    temples = _points(sheet, p, "cacao.scoring.temple")
    x, w = HAND_X, 3 * (HAND + HAND_GAP) - 4
    sc.add(marks, Rect(x, row.y + 5, w, row.h - 10, fill="#fffdf0", stroke=SCORE_GOLD,
                       line_width=2, radius=8))
    n_sun = state.sun[p]
    lines = (f"Temples: {temples:+d} gold",
             f"Sun, {n_sun} token{'s' * (n_sun != 1)}: {sun:+d} gold",
             f"Water, field {state.water[p] + 1} of {len(C.WATER_TRACK)}: {water:+d} gold")
    for i, text in enumerate(lines):   # four lines in the row's height: little room to grow
        sc.add(marks, Text(x + 8, row.y + 18 + 21 * i, text, size=16, color=INK,
                           max_width=w - 14, max_scale=1.2))
    sc.add(marks, Text(x + 8, row.y + 81, f"Total: {sheet.totals.get(p, 0)} gold", size=18,
                       bold=True, color=INK, max_width=w - 14, max_scale=1.2))
    # on the village: the water field and the sun tokens that score, ringed in gold
    y = row.y + 12
    sx = VILLAGE_X + 200
    sc.add(marks, Rect(sx + 36, y - 4, C.SUN_CAP * 26 + 4, 30, stroke=SCORE_GOLD, line_width=3,
                       radius=15))
    wy = row.y + 52
    fx = VILLAGE_X + 58 + state.water[p] * WATER_W
    sc.add(marks, Rect(fx - 3, wy - 3, WATER_W + 2, 36, stroke=SCORE_GOLD, line_width=3,
                       radius=6))
    track_end = VILLAGE_X + 58 + len(C.WATER_TRACK) * WATER_W
    sc.add(marks, Text(track_end + 4, wy + 15, f"= {water:+d} gold", size=18, bold=True,
                       color="#01579b", max_width=row.x + row.w - track_end - 10))


def _highlights(sc: Scene, state, lay: Layout, hints: Hints, last_cell) -> None:
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
                size = max(14, int(vp.cell * 0.42))
                sc.add(marks, Rect(cx - size * 0.6, cy - size * 0.6, size * 1.2, size * 1.2,
                                   fill="#ffffff", stroke=REBUILD, line_width=2, radius=size * 0.6),
                       Text(cx, cy + 1, "↻", size=size, bold=True, color=REBUILD, align="center", scales=False))
    for cell in sorted(hints.fill):
        r = clipped(cell, 3)
        if r:
            sc.add(marks, Rect(*r, fill=SPACE_FILL, stroke=SPACE, line_width=4, dash=(8, 5)))
            if vp.visible(cell, whole=True):
                cx, cy = vp.center(cell)
                sc.add(marks, Text(cx, cy, "fill", size=max(12, int(vp.cell * 0.24)), bold=True,
                                   color=SPACE, align="center", scales=False))
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
        sc.add("highlights", Rect(x + 1, y + s * 0.36, s - 2, s * 0.62 - 1, fill="#5d4037",
                                  radius=s * 0.06))   # covers the "6 / 3" with the result
        if not chips:
            sc.add("highlights", Text(x + s / 2, y + s * 0.68, "0", size=max(12, int(s * 0.3)),
                                      bold=True, color="#ffffff", align="center", scales=False))
        n = max(1, len(chips))   # side by side within the tile
        size = min(max(16.0, s * 0.4), (s - 4 - 2 * (n - 1)) / n)
        total = len(chips) * size + (len(chips) - 1) * 2
        for i, (p, pts) in enumerate(chips):
            cx = x + (s - total) / 2 + i * (size + 2)
            fill = PLAYER_COLOURS[p]
            top = y + s * 0.67 - size / 2
            sc.add("highlights", Rect(cx, top, size, size, fill=fill, stroke=INK,
                                      line_width=1.5, radius=3),
                   Text(cx + size / 2, top + size / 2 + 1, str(pts), size=int(size * 0.7),
                        bold=True, color=text_color_on(fill), align="center", scales=False))


def scene(state, hints: Hints | None = None, pick: Pick | None = None, lay: Layout | None = None,
          playable: bool = False, last_cell=None, temple_prizes: dict | None = None,
          sheet=None) -> Scene:
    """The full frame for `state` (a position or a player's view): grid, panels, highlights.

    The scoring step passes the engine's results: `temple_prizes` (cell -> {player: gold}) are
    drawn on the temples, the score `sheet` on the players' rows (water, sun, temples, total)."""
    lay = lay or layout(state)
    hints = hints or Hints()
    pick = pick or Pick()
    sc = Scene(lay.width, lay.height, text_scale=lay.text_scale)
    _grid(sc, state, lay)
    _mask(sc, lay)
    _axes(sc, lay)
    sc.add("board", Text(MARGIN, 24, header_text(state), size=20, bold=True, color=INK,
                         max_width=lay.width - 2 * MARGIN))
    _side(sc, state, lay, hints, pick)
    _rows(sc, state, lay, hints, pick, playable, sheet)
    _highlights(sc, state, lay, hints, last_cell)
    if temple_prizes is not None:
        _temples(sc, lay, temple_prizes)
    return sc


__all__ = ["Hints", "PLAYER_COLOURS", "Pick", "move_hints", "scene", "header_text",
           "jungle_tile_shapes", "worker_tile_shapes", "WIDTH"]
