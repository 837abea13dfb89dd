"""What to draw for an Indian Summer position: a `Scene` built from `layout()` (pure).

Highlights come from the engine's legal actions (see pick.py); the drawing decides nothing.
Colours: leaves green / yellow / red with a dark outline, a dark dot for a hole showing earth,
tokens as lettered discs (B berry, N nut, M mushroom, F feather), squirrels as brown "S" cells,
animals as pale cells with their name, area borders in dark brown (green once paid out),
players' colours with their numbers; the keyboard cursor is thick dark dashes on a white halo.
"""
from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from explorer.indian_summer import components as C
from explorer.indian_summer.scoring import payout
from explorer.indian_summer.board import animal_cells, complete_areas, leaf_cells, printed_treasure
from explorer.indian_summer.geometry import cells_of
from explorer.messages import Message, N, T

from ..shared.scene import TURN_MARK, Polygon, Rect, Region, Scene, Text, View, text_color_on
from ..shared.timeline import player_label
from .layout import (ANIMALS_Y, BOARD_X, BOARD_Y, CELL, FOREST_R, HEADER_Y, MARGIN, PREVIEW_X,
                     RIGHT_X, STRIP_Y, Layout, layout)
from .pick import ANIMAL, LEAF, NUT, SQUIRREL, Hints, Pick, cursor_pick

PLAYER_COLOURS = ("#1e88e5", "#8e24aa", "#00897b", "#f4511e")
LEAF_COLOURS = {"green": "#7cb342", "yellow": "#fbc02d", "red": "#e53935"}
TOKEN_COLOURS = {"berry": "#c2185b", "nut": "#a1662f", "mushroom": "#fafafa", "feather": "#1e88e5"}
TOKEN_INK = {"berry": "#ffffff", "nut": "#ffffff", "mushroom": "#111111", "feather": "#ffffff"}
LETTER = {kind: letter for letter, kind in C.TREASURE_LETTERS.items()}
EARTH = "#e6d5b8"
EARTH_LINE = "#cdb995"
HOLE = "#3e2723"
OUTLINE = "#263238"
AREA = "#5d4037"
PAID = "#2e7d32"
SQUIRREL_FILL = "#8d6e63"
ANIMAL_FILL = "#ffe0b2"
ANIMAL_LINE = "#bf360c"
INK = "#111111"
MUTED = "#555555"
PANEL = "#f6f6f6"
TURN_BG = "#fff3c4"
LEGAL = "#00a152"
LEGAL_FILL = "rgba(0, 161, 82, 0.22)"
TREASURE_RING = "#ff6f00"
BAD = "#c62828"
LAST = "#1565c0"
SELECTED = "#ff6d00"
FOREST_BG = "#e8f5e9"
CURSOR, CURSOR_HALO = INK, "#ffffff"   # dark dashes on a white halo: seen on any colour
ILLUSTRATIVE = T("Illustrative component set: the real shapes and treasures are not in the text")
BUSH = "#1b5e20"
PATH_TITLES = {"upper": T("Upper path"), "lower": T("Lower path")}
END_WORDS = {"left": T("left end"), "right": T("right end")}


def player_title(p: int) -> Message:
    return player_label(p)


def strip_tiles(state) -> list[int]:
    """The tiles shown below the large board: those taken by a mushroom or feather while they
    are being laid, else the acting player's path."""
    if state.phase == "place":
        return list(state.pending)
    if state.phase == "squirrels":      # the game is over but for squirrels: no tile to lay
        return []
    p = state.current_player
    return list(state.paths[p]) if p is not None else []


def _taken(who, need: int, source: str | None) -> Message:
    """What the acting player lays after a mushroom, a feather or the solo track."""
    if source == "track":
        return N("{player}: lay the tile taken from the track",
                 "{player}: lay the tiles taken from the track", need, player=who)
    if source == "feather":
        return N("{player}: lay the tile taken for the feather",
                 "{player}: lay the tiles taken for the feather", need, player=who)
    if source == "mushroom":
        return N("{player}: lay the tile taken by the mushroom",
                 "{player}: lay the tiles taken by the mushroom", need, player=who)
    return N("{player}: lay the tile taken", "{player}: lay the tiles taken", need, player=who)


def header_text(state, sheet=None) -> Message:
    """The line above the board (a message: say it in the page's words)."""
    if state.phase == "setup":
        return T("Set-up · step through it with ▶; play starts at its last step")
    if state.phase == "over":
        if sheet is None:
            sheet = state.score()
        if state.solo:
            if sheet.winners:
                return T("Solo game over: won, {points} points", points=sheet.totals[0])
            return T("Solo game over: lost, {points} points", points=sheet.totals[0])
        return N("Game over · {players} wins · see the Score tab",
                 "Game over · {players} win · see the Score tab", len(sheet.winners),
                 players=tuple(player_title(p) for p in sheet.winners))
    who = player_title(state.current_player)
    if state.phase == "place":
        line = _taken(who, state.need, state.pending_from)
    elif state.phase == "refill":
        line = T("{player}: the path is empty: click an end of the upper or lower path",
                 player=who)
    elif state.phase == "squirrels":
        nuts = state.backpacks[state.current_player][1]
        return T("Game end · {player}: place a squirrel with a nut ({nuts} left): click an "
                 "empty cell", player=who, nuts=nuts)
    elif state.tile_done:
        line = T("{player}: tile laid · spend tokens, lay an animal, or end the turn", player=who)
    elif state.solo:
        line = T("{player}: lay a path tile or a squirrel", player=who)
    else:
        return T("Turn {turn} · {player}: lay a path tile or a squirrel",
                 turn=state.turn_number, player=who)
    if state.solo:
        return T("Solo · turn {turn} of {turns} · {line}", turn=state.solo_turn,
                 turns=C.SOLO.turns, line=line)
    return line


# -- small pieces ---------------------------------------------------------------------
def token_disc(cx: float, cy: float, r: float, kind: str, letter: bool = True) -> list:
    shapes = [Rect(cx - r, cy - r, 2 * r, 2 * r, fill=TOKEN_COLOURS[kind], stroke=INK,
                   line_width=1.5 if r > 6 else 1, radius=r)]
    if letter and r >= 8:
        shapes.append(Text(cx, cy + 1, LETTER[kind], size=max(17, int(r * 1.15)),
                           color=TOKEN_INK[kind], bold=True, align="center", scales=False))
    return shapes


def outline(cells, ox: float, oy: float, s: float, colour: str = OUTLINE,
            width: float = 2.0) -> list:
    """Lines along the edges of a set of cells that face a cell outside it."""
    inside = set(cells)
    lines = []
    for x, y in inside:
        px, py = ox + x * s, oy + y * s
        if (x, y - 1) not in inside:
            lines.append(Rect(px, py, s, width, fill=colour))
        if (x, y + 1) not in inside:
            lines.append(Rect(px, py + s - width, s, width, fill=colour))
        if (x - 1, y) not in inside:
            lines.append(Rect(px, py, width, s, fill=colour))
        if (x + 1, y) not in inside:
            lines.append(Rect(px + s - width, py, width, s, fill=colour))
    return sorted(lines, key=lambda r: (r.y, r.x, r.w))


def shape_in_box(cells, hole, colour: str, box, max_cell: float = 16.0) -> list:
    """A leaf (or animal) shape centred in a box, for paths, stacks and the preview."""
    w = 1 + max(x for x, _ in cells)
    h = 1 + max(y for _, y in cells)
    s = min(max_cell, (box.w - 8) / w, (box.h - 8) / h)
    ox, oy = box.x + (box.w - w * s) / 2, box.y + (box.h - h * s) / 2
    shapes = [Rect(ox + x * s, oy + y * s, s, s, fill=colour) for x, y in cells]
    shapes += outline(cells, ox, oy, s, width=max(1.0, s / 9))
    if hole is not None:
        r = s * 0.28
        shapes.append(Rect(ox + (hole[0] + 0.5) * s - r, oy + (hole[1] + 0.5) * s - r, 2 * r,
                           2 * r, fill=HOLE, radius=r))
    return shapes


def leaf_in_box(tile: int, box, max_cell: float = 16.0) -> list:
    if tile == C.HIDDEN:
        return [Rect(box.x + 4, box.y + 4, box.w - 8, box.h - 8, fill="#607d8b", radius=6)]
    leaf = C.LEAVES[tile]
    return shape_in_box(leaf.cells, leaf.hole, LEAF_COLOURS[leaf.colour], box, max_cell)


# -- boards ---------------------------------------------------------------------------
def animal_names(say=str) -> tuple[str, ...]:
    """Every animal kind's name (by kind, as `C.ALL_KINDS` lists them) said by `say`."""
    return tuple(say(C.animal_name(kind.name)) for kind in C.ALL_KINDS)


@lru_cache(maxsize=64)
def floor_shapes(floor, ox: float, oy: float, s: float, scoring: bool = False,
                 names: tuple[str, ...] | None = None):
    """(board layer, pieces layer) of one forest floor at cell size `s`, as tuples. Kept per
    floor, place and language (`names`: the animals' names as the page says them, from
    `animal_names`; None: English): a step changes one player's floor at most, but a late
    frame shows five (the large board and four small ones), ~1,300 shapes."""
    big = s >= 30
    ground, pieces = [], []
    covered = set(cells_of(floor.covered))
    for y in range(C.HEIGHT):
        for x in range(C.WIDTH):
            px, py = ox + x * s, oy + y * s
            ground.append(Rect(px, py, s, s, fill=EARTH, stroke=EARTH_LINE if big else None))
            treasure = printed_treasure(floor.layout, (x, y))
            if treasure and (x, y) not in covered:
                r = s * (0.3 if not big else 0.2 if scoring else 0.26)   # room for "−1"
                ground += token_disc(px + s / 2, py + s / 2, r, treasure, letter=big)
    for tile, o, x, y in floor.leaves:
        cells, hole = leaf_cells(tile, o, x, y)
        colour = LEAF_COLOURS[C.LEAVES[tile].colour]
        pieces += [Rect(ox + cx * s, oy + cy * s, s, s, fill=colour) for cx, cy in cells]
        if big:
            pieces += outline(cells, ox, oy, s, width=2.5)
    tokens = dict(floor.tokens)
    animal_holes = set(cells_of(floor.animal_mask))
    for hx, hy in cells_of(floor.holes):
        if (hx, hy) in tokens or (hx, hy) in animal_holes:
            continue
        r = s * 0.24
        pieces.append(Rect(ox + (hx + 0.5) * s - r, oy + (hy + 0.5) * s - r, 2 * r, 2 * r,
                           fill=HOLE, radius=r))
    for (tx, ty), kind in floor.tokens:
        pieces += token_disc(ox + (tx + 0.5) * s, oy + (ty + 0.5) * s, s * 0.34, kind,
                             letter=big)
    for sx, sy in floor.squirrels:
        pieces.append(Rect(ox + sx * s + 1, oy + sy * s + 1, s - 2, s - 2, fill=SQUIRREL_FILL,
                           radius=s * 0.2))
        if big:
            pieces.append(Text(ox + (sx + 0.5) * s, oy + (sy + 0.5) * s + 1, "S",
                               size=int(s * 0.5), color="#ffffff", bold=True, align="center", scales=False))
    for kind, o, x, y in floor.animals:
        cells = animal_cells(kind, o, x, y)
        pieces += [Rect(ox + cx * s, oy + cy * s, s, s, fill=ANIMAL_FILL) for cx, cy in cells]
        pieces += outline(cells, ox, oy, s, colour=ANIMAL_LINE, width=3 if big else 1.5)
        if big:
            first = min(cells, key=lambda c: (c[1], c[0]))
            pieces.append(Text(ox + (first[0] + 0.5) * s, oy + (first[1] + 0.5) * s,
                               names[kind] if names else C.ALL_KINDS[kind].name, size=17,
                               bold=True, color=ANIMAL_LINE,
                               align="center", max_width=s - 4, scales=False))
    paid = set(complete_areas(floor))
    for i, area in enumerate(C.ALL_LAYOUTS[floor.layout].areas):
        x0, y0 = min(x for x, _ in area), min(y for _, y in area)
        x1, y1 = max(x for x, _ in area) + 1, max(y for _, y in area) + 1
        done = i in paid
        pieces.append(Rect(ox + x0 * s, oy + y0 * s, (x1 - x0) * s, (y1 - y0) * s,
                           stroke=PAID if done else AREA,
                           line_width=(5 if done else 3) if big else (2.5 if done else 1.2)))
    if scoring and big:
        for x, y in cells_of(floor.empty):
            pieces.append(Text(ox + (x + 0.5) * s, oy + (y + 0.85) * s, "−1", size=17,
                               bold=True, color=BAD, align="center", scales=False))
    return tuple(ground), tuple(pieces)


def _main_board(sc: Scene, state, lay: Layout, view: View) -> None:
    floor = state.floors[lay.focus]
    scoring, say = view.sheet is not None, view.words
    ground, pieces = floor_shapes(floor, BOARD_X, BOARD_Y, CELL, scoring, animal_names(say))
    sc.add("board", *ground)
    sc.add("pieces", *pieces)
    acting = state.current_player
    name = C.ALL_LAYOUTS[floor.layout].name
    title = N("{player}'s board {board} · {n} empty cell",
              "{player}'s board {board} · {n} empty cells", floor.empty_cells,
              player=player_title(lay.focus), board=name)
    if acting is not None and lay.focus != acting:
        title = T("{title}  (looking: click a small board to switch)", title=title)
    # between the header and the cell numbers: little room to grow
    sc.add("board", Text(BOARD_X - 28, 47, say(title), size=18, bold=True, color=INK,
                         max_width=PREVIEW_X + 130 - BOARD_X, max_scale=1.15))
    for x in range(C.WIDTH):   # the cell numbers keep to their cells
        sc.add("board", Text(BOARD_X + (x + 0.5) * CELL, BOARD_Y - 11, str(x), size=17,
                             color=MUTED, align="center", scales=False))
    for y in range(C.HEIGHT):
        sc.add("board", Text(BOARD_X - 10, BOARD_Y + (y + 0.5) * CELL, str(y), size=17,
                             color=MUTED, align="right", scales=False))
    sc.regions.append(lay.board)


def _last_cells(state, player: int) -> list:
    """Cells laid on `player`'s board by the step shown (from the events' data)."""
    out = []
    for e in state.events:
        if e.player != player:
            continue
        if "cells" in e.data and e.rule.split(".")[1] in ("place", "animal"):
            out += list(e.data["cells"])
        elif "cell" in e.data and "squirrel" in e.text:
            out.append(tuple(e.data["cell"]))
    return out


def _highlights(sc: Scene, state, lay: Layout, view: View) -> None:
    marks = "highlights"
    for cx, cy in _last_cells(state, lay.focus):
        sc.add(marks, Rect(BOARD_X + cx * CELL + 2, BOARD_Y + cy * CELL + 2, CELL - 4, CELL - 4,
                           stroke=LAST, line_width=3))
    if not view.playable or lay.focus != state.current_player:
        return
    pick = view.pick
    targets = pick.targets(view.hints)
    floor = state.floors[lay.focus]
    for cell in sorted(targets):
        x, y, s, _ = lay.cell_rect(cell)
        sc.add(marks, Rect(x + 4, y + 4, s - 8, s - 8, fill=LEGAL_FILL, stroke=LEGAL,
                           line_width=2.5, dash=(6, 4), radius=6))
        if pick.mode == LEAF and printed_treasure(floor.layout, cell):
            sc.add(marks, Rect(x + 2, y + 2, s - 4, s - 4, stroke=TREASURE_RING, line_width=4,
                               radius=s / 2))
        if state.phase == "squirrels":
            _payout(sc, payout(state, cell), x, y, s)
    if getattr(view.hover, "kind", None) is not None:   # the keyboard cursor: an action
        _cursor(sc, state, lay, view, floor)
    elif view.hover is not None and pick.mode in (LEAF, ANIMAL, SQUIRREL, NUT):
        _ghost(sc, lay, view, floor, targets)


def dashed_outline(cells, ox: float, oy: float, s: float) -> list:
    """The edges of a set of cells that face a cell outside it, as the keyboard cursor draws
    them: thick dark dashes on a white halo, seen by their shape on any colour."""
    inside = set(cells)
    edges = []
    for x, y in sorted(inside):
        px, py = ox + x * s, oy + y * s
        for (dx, dy), a, b in (((0, -1), (px, py), (px + s, py)),
                               ((0, 1), (px, py + s), (px + s, py + s)),
                               ((-1, 0), (px, py), (px, py + s)),
                               ((1, 0), (px + s, py), (px + s, py + s))):
            if (x + dx, y + dy) not in inside:
                edges.append((a, b))
    return ([Polygon(e, stroke=CURSOR_HALO, line_width=8, closed=False) for e in edges]
            + [Polygon(e, stroke=CURSOR, line_width=4, dash=(9, 5), closed=False)
               for e in edges])


def cursor_box(box, pad: float = 4) -> list:
    """The keyboard cursor around a box (a path end, a tile below the board)."""
    x, y, w, h = box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad
    return [Rect(x, y, w, h, stroke=CURSOR_HALO, line_width=8, radius=8),
            Rect(x, y, w, h, stroke=CURSOR, line_width=4, radius=8, dash=(9, 5))]


def _cursor(sc: Scene, state, lay: Layout, view: View, floor) -> None:
    """The keyboard cursor on the action `view.hover`: what it lays as the pointer's ghost
    with its cells outlined, or the path end, path tiles or paths it names; nothing for the
    rest (an exchange, the end of the turn)."""
    action, marks = view.hover, "highlights"
    found = cursor_pick(action)
    if found is not None:
        pick, cell = found
        _ghost(sc, lay, replace(view, pick=pick, hover=cell), floor, pick.targets(view.hints))
        sc.add(marks, *dashed_outline(pick.covers(cell)[0], BOARD_X, BOARD_Y, CELL))
        return
    if action.kind in ("berry", "refill") and action.path is not None:
        box = lay.box(("solo-end", action.path, action.end))
        if box is not None:
            sc.add(marks, *cursor_box(box))
    elif action.kind == "feather":
        names = [C.tile_name(t) for t in strip_tiles(state)]
        for box, name in zip(lay.strip, names):
            if name in action.tiles:
                sc.add(marks, *cursor_box(box))
    elif action.kind == "mushroom":   # the first path tile of each player it takes from
        for source in action.sources:
            if isinstance(source, int) and source < len(lay.paths):
                sc.add(marks, *cursor_box(lay.paths[source][0], 2))


def _payout(sc: Scene, tokens, x: float, y: float, s: float) -> None:
    """What a final squirrel on this cell pays: the tokens of the area it completes."""
    if tokens is None:
        return
    sc.add("highlights", Rect(x + 3, y + 3, s - 6, s - 6, stroke=TREASURE_RING, line_width=3,
                              radius=6))
    if not tokens:
        sc.add("highlights", Text(x + s / 2, y + s / 2 + 1, "✓", size=18, bold=True, color=INK,
                                  align="center", scales=False))
        return
    r = min(9.0, (s - 8) / (2 * len(tokens)))
    for i, kind in enumerate(tokens):
        cx = x + s / 2 + (i - (len(tokens) - 1) / 2) * 2 * r
        sc.add("highlights", *token_disc(cx, y + s / 2, r, kind, letter=r >= 7))


def _ghost(sc: Scene, lay: Layout, view: View, floor, targets: set) -> None:
    """The pick as it would lie with its aim on the cell under the pointer; a treasure that
    would show through the hole is named beside it."""
    pick, cell = view.pick, view.hover
    cells, hole = pick.covers(cell)
    if not cells:
        return
    ok = cell in targets
    if pick.mode == LEAF:
        fill = LEAF_COLOURS[C.LEAVES[C.TILE_BY_NAME[pick.tile]].colour]
    else:
        fill = ANIMAL_FILL if pick.mode == ANIMAL else SQUIRREL_FILL
    on = [c for c in cells if 0 <= c[0] < C.WIDTH and 0 <= c[1] < C.HEIGHT]
    for cx, cy in on:
        x, y, s, _ = lay.cell_rect((cx, cy))
        sc.add("highlights", Rect(x + 3, y + 3, s - 6, s - 6, fill=fill, radius=4))
    sc.add("highlights", *outline(on, BOARD_X, BOARD_Y, CELL, colour=LEGAL if ok else BAD,
                                  width=4))
    if not ok and on:   # not by colour alone: a cross on a place where the pick cannot go
        x, y, s, _ = lay.cell_rect(cell if cell in on else on[0])
        sc.add("highlights", Text(x + s - 10, y + 11, "✕", size=17, bold=True, color=BAD,
                                  align="center", scales=False))
    if hole is not None and hole in on:
        x, y, s, _ = lay.cell_rect(hole)
        treasure = printed_treasure(floor.layout, hole)
        r = s * 0.26
        sc.add("highlights", Rect(x + s / 2 - r, y + s / 2 - r, 2 * r, 2 * r,
                                  fill=TOKEN_COLOURS[treasure] if treasure else HOLE,
                                  stroke="#ffffff", line_width=2, radius=r))
        label = view.words(T("+ {token}", token=C.token_name(treasure)) if treasure
                           else T("earth: no token"))
        tx = min(max(x + s / 2, BOARD_X + 60), BOARD_X + C.WIDTH * CELL - 60)
        ty = y - 14 if hole[1] > 0 else y + s + 14
        sc.add("highlights", Rect(tx - 62, ty - 13, 124, 26, fill="#ffffff", stroke=INK,
                                  radius=8),
               Text(tx, ty + 1, label, size=17, bold=True, color=INK, align="center",
                    max_width=118, scales=False))


def _preview(sc: Scene, state, lay: Layout, view: View) -> None:
    box = lay.preview
    pick, say = view.pick, view.words
    sc.add("board", Text(PREVIEW_X, BOARD_Y + 12, say(T("To lay")), size=18, bold=True, color=INK))
    sc.add("board", Rect(box.x, box.y, box.w, box.h, fill=PANEL, stroke="#bbbbbb", radius=8))
    playing = view.playable and state.current_player is not None
    shape = pick.shape() if playing else None
    lines = []
    if shape is not None:
        cells, hole = shape
        if pick.mode == LEAF:
            colour = LEAF_COLOURS[C.LEAVES[C.TILE_BY_NAME[pick.tile]].colour]
        else:
            colour = ANIMAL_FILL
        sc.add("pieces", *shape_in_box(cells, hole, colour, box, max_cell=24))
        sc.regions.append(box)
        lines = [pick.tile if pick.mode == LEAF else say(C.animal_name(pick.animal)),
                 say(T("turned {degrees}°", degrees=90 * (pick.rotation % 4))),
                 say(T("flipped") if pick.flipped else T("not flipped")), "⟳ R  ⇋ F"]
    elif playing and pick.mode in (SQUIRREL, NUT):
        sc.add("pieces", Rect(box.x + 36, box.y + 36, 40, 40, fill=SQUIRREL_FILL, radius=8),
               Text(box.x + 56, box.y + 57, "S", size=22, bold=True, color="#ffffff",
                    align="center", scales=False))
        lines = [say(T("squirrel")), say(T("for a nut") if pick.mode == NUT else T("tile action"))]
        if state.phase == "squirrels":   # one sentence on two lines, each said on its own
            lines += [say(T("ringed: completes")), say(T("an area (its tokens)"))]
    k = lay.text_scale     # lines further apart for larger labels, the legend below them
    top, step = box.y + box.h + 8 + 8 * k, 21 * k
    for i, line in enumerate(lines):
        sc.add("board", Text(PREVIEW_X, top + i * step, line, size=17,
                             bold=i == 0, color=INK if i == 0 else MUTED,
                             max_width=RIGHT_X - PREVIEW_X - 12))
    y = top + 4 * step - 4
    legend = [(T("hole on earth"), None)] + [(C.token_name(kind), kind) for kind in
                                             ("berry", "nut", "mushroom", "feather")]
    for i, (label, kind) in enumerate(legend):
        ly = y + i * 22 * k
        if kind is None:
            sc.add("board", Rect(PREVIEW_X + 3, ly - 7, 14, 14, fill=HOLE, radius=7))
        else:
            sc.add("board", *token_disc(PREVIEW_X + 10, ly, 9, kind))
        sc.add("board", Text(PREVIEW_X + 26, ly, say(label), size=17, color=INK,
                             max_width=RIGHT_X - PREVIEW_X - 40))
    ly = y + len(legend) * 22 * k
    sc.add("board", Rect(PREVIEW_X + 1, ly - 9, 18, 18, fill=SQUIRREL_FILL, radius=4),
           Text(PREVIEW_X + 10, ly + 1, "S", size=17, bold=True, color="#ffffff", align="center", scales=False),
           Text(PREVIEW_X + 26, ly, say(T("squirrel")), size=17, color=INK,
                max_width=RIGHT_X - PREVIEW_X - 40))


def _strip(sc: Scene, state, lay: Layout, view: View) -> None:
    tiles = strip_tiles(state)
    p, say = state.current_player, view.words
    if state.phase == "place":
        title = T("Taken, to lay now ({need} of them): click one to choose", need=state.need)
    elif p is not None:
        title = T("{player}'s path (next to the backpack first): click a tile to choose",
                  player=player_title(p))
    else:
        title = T("Path")
    sc.add("board", Text(BOARD_X - 28, STRIP_Y - 16, say(title), size=17, bold=True, color=INK,
                         max_width=RIGHT_X - BOARD_X))
    if not tiles:
        sc.add("board", Text(BOARD_X, STRIP_Y + 30, say(T("empty")), size=17, color=MUTED))
    chosen = view.pick.tile if view.pick.mode == LEAF and view.playable else None
    for box, tile in zip(lay.strip, tiles):
        sc.add("board", Rect(box.x, box.y, box.w, box.h, fill=PANEL, stroke="#bbbbbb", radius=6))
        band = 19   # the tile's name above its drawing, never over it
        sc.add("pieces", *leaf_in_box(tile, Region(None, box.x, box.y + band, box.w,
                                                   box.h - band), max_cell=14))
        sc.add("pieces", Text(box.x + box.w / 2, box.y + band / 2 + 1, say(C.tile_name(tile)),
                              size=17, bold=True, color=MUTED, align="center",
                              max_width=box.w - 6, scales=False))
        sc.regions.append(box)
        if chosen is not None and C.tile_name(tile) == chosen:
            sc.add("highlights", Rect(box.x - 3, box.y - 3, box.w + 6, box.h + 6,
                                      stroke=SELECTED, line_width=4, radius=8))


def _animal_stacks(sc: Scene, state, lay: Layout, view: View) -> None:
    say = view.words
    sc.add("board", Text(BOARD_X - 28, ANIMALS_Y - 14,
                         say(T("Animal stacks (tiles left; a token it carries)")), size=17,
                         bold=True, color=INK, max_width=RIGHT_X - BOARD_X))
    chosen = view.pick.animal if view.pick.mode == ANIMAL and view.playable else None
    for box, kind, left, token in zip(lay.animals, C.ANIMALS, state.animals_left,
                                      state.animal_tokens):
        sc.add("board", Rect(box.x, box.y, box.w, box.h, fill=PANEL if left else "#eeeeee",
                             stroke="#bbbbbb", radius=6))
        inner = Region(None, box.x, box.y + 16, box.w, box.h - 34)
        if left:
            sc.add("pieces", *shape_in_box(kind.cells, None, ANIMAL_FILL, inner, max_cell=12))
        sc.add("board", Text(box.x + box.w / 2, box.y + 10, say(C.animal_name(kind.name)),
                             size=17, bold=True,
                             color=INK, align="center", max_width=box.w - 4, scales=False),
               Text(box.x + 6, box.y + box.h - 10, f"×{left}", size=17, bold=True,
                    color=INK if left else MUTED, scales=False))
        if token:
            sc.add("pieces", *token_disc(box.x + box.w - 13, box.y + box.h - 12, 9, token))
        sc.regions.append(box)
        if chosen == kind.name:
            sc.add("highlights", Rect(box.x - 3, box.y - 3, box.w + 6, box.h + 6,
                                      stroke=SELECTED, line_width=4, radius=8))


def _rows(sc: Scene, state, lay: Layout, view: View) -> None:
    acting, say = state.current_player, view.words
    notes = view.sheet.notes if view.sheet is not None else {}
    names = animal_names(say)
    for p, row in enumerate(lay.rows):
        turn = p == acting
        focus = p == lay.focus
        sc.add("board", Rect(row.x, row.y, row.w, row.h, fill=TURN_BG if turn else PANEL,
                             stroke="#f9a825" if turn else "#cfd8dc", line_width=3 if turn else 1,
                             radius=10))
        # the seat's colour with its number in it: not told by colour alone
        sc.add("board", Rect(row.x + 8, row.y + 8, 21, 21, fill=PLAYER_COLOURS[p], stroke=INK,
                             radius=4),
               Text(row.x + 18.5, row.y + 19.5, str(p + 1), size=17, bold=True,
                    color=text_color_on(PLAYER_COLOURS[p]), align="center", scales=False),
               Text(row.x + 36, row.y + 19,
                    say(player_title(p)) + (f"  {TURN_MARK}" if turn else ""),
                    size=18, bold=True, color=INK, max_width=126 * lay.text_scale))
        note = notes.get(p, [None])[0] if notes.get(p) else None
        points = (T("{points} points", points=view.sheet.totals[p])
                  if view.sheet is not None else None)
        extra = say(T("{note} · {points}", note=note, points=points) if note and points
                    else note or points or "")
        if extra:
            extra_x = row.x + 170 + 130 * (lay.text_scale - 1)
            sc.add("board", Text(extra_x, row.y + 19, extra, size=17, bold=True, color=BAD,
                                 max_width=lay.minis[p].x - extra_x - 10))
        for i, kind in enumerate(C.TOKENS):
            tx = row.x + 22 + i * (66 + 28 * (lay.text_scale - 1))   # room for larger counts
            sc.add("pieces", *token_disc(tx, row.y + 44, 12, kind))
            sc.add("pieces", Text(tx + 17, row.y + 45, f"×{state.backpacks[p][i]}", size=17,
                                  bold=True, color=INK))
        for box, tile in zip(lay.paths[p], state.paths[p]):
            sc.add("board", Rect(box.x, box.y, box.w, box.h, fill="#ffffff", stroke="#cccccc",
                                 radius=4))
            sc.add("pieces", *leaf_in_box(tile, box, max_cell=9))
        mini = lay.minis[p]
        ground, pieces = floor_shapes(state.floors[p], mini.x, mini.y, mini.w / C.WIDTH,
                                      names=names)
        sc.add("board", *ground)
        sc.add("pieces", *pieces)
        if focus and len(lay.rows) > 1:
            sc.add("highlights", Rect(mini.x - 3, mini.y - 3, mini.w + 6, mini.h + 6,
                                      stroke=SELECTED, line_width=3, radius=3))
        sc.regions.append(mini)


def _forest(sc: Scene, state, lay: Layout, say=str) -> None:
    cx, cy = lay.forest_centre
    n = len(state.forest)
    top = cy - FOREST_R - 36
    sc.add("board", Text(RIGHT_X, top, say(T("Forest circle (from the bush, clockwise)")), size=17,
                         bold=True, color=INK))
    sc.add("board", Rect(cx - FOREST_R - 18, cy - FOREST_R - 18, 2 * FOREST_R + 36,
                         2 * FOREST_R + 36, fill=FOREST_BG, radius=FOREST_R + 18))
    step = 2 * math.pi / max(n, 1)
    size = max(10.0, min(24.0, FOREST_R * step - 3))
    for i, tile in enumerate(state.forest):
        a = -math.pi / 2 + (i + 0.5) * step
        x, y = cx + FOREST_R * math.cos(a), cy + FOREST_R * math.sin(a)
        colour = LEAF_COLOURS[C.LEAVES[tile].colour] if tile != C.HIDDEN else "#607d8b"
        sc.add("pieces", Rect(x - size / 2, y - size / 2, size, size, fill=colour, stroke=INK,
                              line_width=1, radius=3))
    if n:   # the bush stands just before the first tile
        bx, by = cx, cy - FOREST_R
        sc.add("pieces", Rect(bx - 11, by - 11, 22, 22, fill=BUSH, stroke="#ffffff",
                              line_width=2, radius=11))
    k = lay.text_scale
    if n:
        sc.add("pieces", Text(bx, by + 22 + 10 * k, say(T("bush")), size=17, bold=True, color=BUSH,
                              align="center"))
    inner = 2 * (FOREST_R - 24)   # the width inside the ring of tiles
    sc.add("board", Text(cx, cy - 12 * k, say(T("{n} tiles", n=n)), size=18, bold=True, color=INK,
                         align="center", max_width=inner),
           Text(cx, cy + 12 * k, say(T("{n} set aside", n=len(state.set_aside))), size=17,
                color=MUTED,
                align="center", max_width=inner))


def _supply(sc: Scene, state, lay: Layout, say=str) -> None:
    x, y = lay.supply_x, lay.supply_y
    sc.add("board", Text(x, y, say(T("Supply")), size=17, bold=True, color=INK))
    for i, kind in enumerate(C.TOKENS):
        ty = y + 28 + i * 28
        sc.add("pieces", *token_disc(x + 12, ty, 11, kind),
               Text(x + 30, ty + 1, say(C.token_count(kind, state.supply(kind))), size=17,
                    color=INK))
    ty = y + 28 + len(C.TOKENS) * 28
    sc.add("pieces", Rect(x + 1, ty - 11, 22, 22, fill=SQUIRREL_FILL, radius=5),
           Text(x + 30, ty + 1, say(T("{n} squirrels", n=state.squirrel_supply)), size=17,
                color=INK))


def _solo_side(sc: Scene, state, lay: Layout, view: View) -> None:
    """Upper and lower paths with clickable ends, and the numbered turn track."""
    ends = {(a.path, a.end) for a in view.hints.berries + view.hints.refills}
    say = view.words
    for name in ("upper", "lower"):
        boxes = lay.solo_paths[name]
        tiles = state.upper if name == "upper" else state.lower
        sc.add("board", Text(RIGHT_X, boxes[0].y - 14, say(PATH_TITLES[name]), size=17,
                             bold=True, color=INK))
        for box, tile in zip(boxes, tiles):
            sc.add("board", Rect(box.x, box.y, box.w, box.h, fill="#ffffff", stroke="#cccccc",
                                 radius=6))
            sc.add("pieces", *leaf_in_box(tile, box, max_cell=13))
        for box in boxes[len(tiles):]:
            sc.add("board", Rect(box.x, box.y, box.w, box.h, stroke="#cccccc", dash=(5, 4),
                                 radius=6))
    for end in lay.solo_ends:
        _, name, side = end.key
        legal = view.playable and (name, side) in ends
        sc.add("board", Rect(end.x, end.y, end.w, end.h, fill=LEGAL_FILL if legal else PANEL,
                             stroke=LEGAL if legal else "#cccccc", line_width=2.5 if legal else 1,
                             radius=6),
               Text(end.x + end.w / 2, end.y + end.h / 2 - 9, "◀" if side == "left" else "▶",
                    size=17, color=INK, align="center", scales=False),
               Text(end.x + end.w / 2, end.y + end.h / 2 + 12, say(END_WORDS[side]), size=17,
                    color=INK, align="center", max_width=end.w - 4, scales=False))
        sc.regions.append(end)
    track = lay.track
    title_y = track[0].y - 12 - 15.5 * lay.text_scale   # above the spaces' numbers
    sc.add("board", Text(RIGHT_X, title_y, say(T("Turn track: spaces 10 … 1, then the "
                                               "mushroom space")), size=17, bold=True, color=INK))
    track_tiles = tuple(state.track) + (None,) * (12 - len(state.track))
    tiles = list(track_tiles[:10]) + [track_tiles[10], None, track_tiles[11]]
    labels = [str(n) for n in range(10, 0, -1)] + ["", "", ""]
    for i, (box, tile, label) in enumerate(zip(track, tiles, labels)):
        now = label == str(state.solo_turn) and state.phase != "setup"
        sc.add("board", Rect(box.x, box.y, box.w, box.h, fill=TURN_BG if now else "#ffffff",
                             stroke="#f9a825" if now else "#bbbbbb", line_width=3 if now else 1,
                             radius=4))
        if label:
            sc.add("board", Text(box.x + box.w / 2, box.y - 9, label, size=17, bold=now,
                                 color=INK, align="center"))
        if i == 11:
            sc.add("board", *token_disc(box.x + box.w / 2, box.y + box.h / 2, 13, "mushroom"))
        elif tile is not None:
            sc.add("pieces", *leaf_in_box(tile, box, max_cell=8))


def scene(state, view: View | None = None, lay: Layout | None = None) -> Scene:
    """The full frame for `state` (a position or a player's view)."""
    view = (view or View()).filled(Hints, Pick)
    say = view.words
    lay = lay or layout(state, strip=len(strip_tiles(state)))
    sc = Scene(lay.width, lay.height, text_scale=lay.text_scale)
    sc.add("board", Rect(0, 0, lay.width, lay.height, fill="#ffffff"))
    # the header and the board's title share the strip above the cell numbers
    sc.add("board", Text(MARGIN, HEADER_Y, say(header_text(state, view.sheet)), size=20, bold=True,
                         color=INK, max_width=lay.width - 2 * MARGIN, max_scale=1.2))
    if not state.floors:
        sc.add("board", Text(BOARD_X, BOARD_Y + 40,
                             say(T("The boards are handed out in the next set-up step.")),
                             size=18, color=MUTED))
        return sc
    _main_board(sc, state, lay, view)
    _preview(sc, state, lay, view)
    _strip(sc, state, lay, view)
    _animal_stacks(sc, state, lay, view)
    _rows(sc, state, lay, view)
    if state.solo:
        _solo_side(sc, state, lay, view)
    else:
        _forest(sc, state, lay, say)
    _supply(sc, state, lay, say)
    sc.add("board", Text(lay.width - MARGIN, lay.height - 12, say(ILLUSTRATIVE), size=17,
                         color=MUTED, align="right", max_width=lay.width - RIGHT_X,
                         scales=False))   # a footnote in the last line: no room to grow
    _highlights(sc, state, lay, view)
    return sc


__all__ = ["LEAF_COLOURS", "PLAYER_COLOURS", "TOKEN_COLOURS", "View", "floor_shapes",
           "header_text", "scene", "strip_tiles"]
