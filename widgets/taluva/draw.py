"""What to draw for a Taluva position: a `Scene` built from `layout()` (pure).

Legal-move hints and the pick come from pick.py (the engine's legal actions and build
targets, mapped to hexes); the drawing never decides what is legal.
"""
from __future__ import annotations

import textwrap
from functools import lru_cache

from explorer.taluva import components as C
from explorer.taluva.board import DIRECTION_LABELS, neighbours, settlement_at, tile_hexes
from explorer.taluva.scoring import RANK_ORDER
from explorer.messages import Message, N, T, player_name

from ..shared.scene import TURN_MARK, Polygon, Rect, Region, Scene, Text, View, text_color_on
from .geometry import SQRT3, Area, Viewport
from .layout import HEADER_H, MARGIN, Layout, island_hexes, layout
from .pick import Hints, Pick
from .shapes import (INK, LAVA, PLAYER_COLOURS, TERRAIN_STYLE, building_glyph, edge_line,
                     hex_face, hex_polygon, hex_shadow, lava_arrow, outline, player_mark, rgba)

SEA = "#d4e9f5"
SEA_LINE = "#bcd9ea"
PANEL_BG = "#f6f6f6"
TURN_BG = "#fff3c4"
MUTED = "#555555"
SEA_SPOT = "#00a152"          # a legal sea-level volcano spot
ERUPT_SPOT = "#e65100"        # a legal eruption
ERUPT_LATER = "#ff9800"       # a volcano that may erupt with another turn of the tile
BUILD_SPOT = {"hut": "#1565c0", "temple": "#6a1b9a", "tower": "#00838f", "expand": "#1565c0"}
REFUSED = "#c62828"
LAST = "#d81b60"                # the tile placed last
KIND_WORDS = {"hut": T("a new hut"), "expand": T("an expansion"), "temple": T("a temple"),
              "tower": T("a tower")}
BUILD_KIND_NAMES = {"hut": T("hut"), "temple": T("temple"), "tower": T("tower")}


def player_title(p: int) -> Message:
    return T("Player {number} · {colour}", number=p + 1, colour=C.COLOUR_NAMES[p])


def header_text(state, viewer=None, say=str) -> str:
    """The line above the board, said by `say` (the page's words; English by default)."""
    if state.phase == "setup":
        said = T("Set-up · step through it with Forward ▶; play starts at its last step")
    elif state.is_over:
        sheet = state.score()
        names = None
        for p in sheet.winners:       # "Player 1 and Player 2"
            names = player_name(p) if names is None else T("{first} and {second}", first=names,
                                                               second=player_name(p))
        said = T("Game over after {turns} turns · {players} wins: {how}", turns=state.turns,
                 players=names or "", how=sheet.tiebreak)
    else:
        who = player_name(state.current_player, C.COLOUR_NAMES)
        if state.phase == "build" and state.build_kind:
            what = T("build more of one kind ({kind}) or finish",
                     kind=BUILD_KIND_NAMES.get(state.build_kind, state.build_kind))
        else:
            what = T("place the drawn tile") if state.phase == "place" else T("build")
        said = T("Turn {turn} · {player}: {what}", turn=state.turns + 1, player=who, what=what)
    if viewer is not None:
        return say(T("{header} · seen by {player}", header=said, player=player_name(viewer)))
    return say(said)


# -- the island ---------------------------------------------------------------------------
def _sea(sc: Scene, state, lay: Layout) -> None:
    vp = lay.viewport
    a = vp.area
    sc.add("board", Rect(a.x, a.y, a.w, a.h, fill=SEA))
    for h in sorted(_sea_ring(state)):
        if vp.visible(h):
            sc.add("board", _sea_hex(vp, h))
    sc.regions.append(Region(("island",), a.x, a.y, a.w, a.h))


def _sea_ring(state) -> set:
    return island_hexes(state) - set(state.hexes)


# A step changes a few hexes of a late island of ~90, and the view only when the island grows:
# each hex's shapes are kept, keyed by the view and by what the hex shows, so a step rebuilds
# only what changed (the shapes are equal to freshly built ones, so the pixels are the same).
MEMO = 8192


@lru_cache(maxsize=MEMO)
def _sea_hex(vp: Viewport, h) -> Polygon:
    return hex_polygon(vp, h, inset=1, stroke=SEA_LINE, line_width=1)


@lru_cache(maxsize=MEMO)
def _shadow(vp: Viewport, h, level: int) -> Polygon:
    return hex_shadow(vp, h, level)


@lru_cache(maxsize=MEMO)
def _face(vp: Viewport, h, terrain: str, level: int, rotation: int, letter: str) -> tuple:
    """A hex's face and, on a volcano, its lava arrow (`rotation` is 0 elsewhere)."""
    shapes = hex_face(vp, h, terrain, level, letter=letter)
    if terrain == C.VOLCANO:
        shapes.append(lava_arrow(vp, h, rotation))
    return tuple(shapes)


@lru_cache(maxsize=MEMO)
def _edges(vp: Viewport, h, open_sides: tuple) -> tuple:
    """The thick lines of a hex's sides `open_sides` (towards another tile or the sea)."""
    width = max(2.0, vp.size * 0.08)
    return tuple(edge_line(vp, h, d, stroke=INK, line_width=width) for d in open_sides)


@lru_cache(maxsize=MEMO)
def _building(cx: float, cy: float, unit: float, owner: int, kind: str, count: int) -> tuple:
    return tuple(building_glyph(cx, cy, unit, owner, kind, count))


def memo_clear() -> None:
    """Forget every kept shape (tests compare kept shapes with freshly built ones)."""
    for kept in (_sea_hex, _shadow, _face, _edges, _building):
        kept.cache_clear()


def tile_outlines(vp: Viewport, hexes) -> list:
    """Thick lines where two tiles (or a tile and the sea) meet, so every tile reads as one."""
    lines = []
    for h, cell in sorted(hexes.items()):
        sides = []
        for d, n in enumerate(neighbours(h)):
            other = hexes.get(n)
            if other is None or other.placement != cell.placement:
                sides.append(d)
        if sides:
            lines += _edges(vp, h, tuple(sides))
    return lines


def _island(sc: Scene, state, lay: Layout, say=str) -> None:
    vp = lay.viewport
    letters = {terrain: say(letter) for terrain, (_, letter) in TERRAIN_STYLE.items()}
    shown = [(h, c) for h, c in sorted(state.hexes.items(), key=lambda hc: (hc[0][1], hc[0][0]))
             if vp.visible(h)]
    for h, cell in shown:
        sc.add("board", _shadow(vp, h, cell.level))
    for h, cell in shown:
        volcano = cell.terrain == C.VOLCANO
        sc.add("board", *_face(vp, h, cell.terrain, cell.level, cell.rotation if volcano else 0,
                               letters[cell.terrain]))
    sc.add("board", *tile_outlines(vp, {h: c for h, c in state.hexes.items()
                                          if vp.visible(h)}))
    if state.placed:   # the tile placed last, outlined in pink
        last = state.placed[-1]
        sc.add("board", *outline(vp, tile_hexes(last.volcano, last.rotation), stroke=LAST,
                                 line_width=max(3.0, vp.size * 0.1), dash=(6, 3)))


def _buildings(sc: Scene, state, lay: Layout) -> None:
    vp = lay.viewport
    unit = vp.size * 0.34
    for h, b in sorted(state.buildings.items()):
        if vp.visible(h):
            cx, cy = vp.centre(h)
            sc.add("pieces", *_building(cx, cy, unit, b.owner, b.kind, b.count))


def _mask(sc: Scene, lay: Layout) -> None:
    """Panel backgrounds drawn over whatever of the island reaches past its area."""
    a = lay.viewport.area
    w, h = lay.width, lay.height
    sc.add("pieces", Rect(0, 0, w, a.y, fill="#ffffff"),
           Rect(0, a.y, a.x, h - a.y, fill="#ffffff"),
           Rect(a.x + a.w, a.y, w - a.x - a.w, h - a.y, fill="#ffffff"),
           Rect(a.x, a.y + a.h, a.w, h - a.y - a.h, fill="#ffffff"),
           Rect(a.x, a.y, a.w, a.h, stroke="#90a4ae", line_width=2))


# -- highlights ---------------------------------------------------------------------------
def _inside(vp: Viewport, hexes) -> bool:
    """Whether every hex shows whole in the island area (highlights are not clipped, so a
    highlight is drawn only where it cannot spill over the side panel)."""
    return all(vp.visible(h, whole=True) for h in hexes)


def _place_marks(sc: Scene, state, vp: Viewport, hints: Hints, pick: Pick, hover) -> None:
    spots = hints.place.get(pick.rotation, set())
    erupting = {v for v, _ in hints.erupt}
    for h in sorted(erupting - spots):     # may erupt once the tile is turned
        if vp.visible(h, whole=True):
            sc.add("highlights", hex_polygon(vp, h, inset=3, stroke=ERUPT_LATER, line_width=2,
                                             dash=(4, 4)))
    for h in sorted(spots):
        if not vp.visible(h, whole=True):
            continue
        colour = ERUPT_SPOT if (h, pick.rotation) in hints.erupt else SEA_SPOT
        sc.add("highlights", hex_polygon(vp, h, inset=3, fill=rgba(colour, 0.22), stroke=colour,
                                         line_width=3, dash=(7, 4)))
    if hover is not None and state.drawn is not None and state.drawn != C.HIDDEN:
        _ghost(sc, vp, state.drawn, hover, pick.rotation, hints.placeable(hover, pick.rotation))


def _ghost(sc: Scene, vp: Viewport, tile: int, volcano, rotation: int, legal: bool) -> None:
    """The drawn tile see-through where it would lie with its volcano on `volcano`."""
    cover = tile_hexes(volcano, rotation)
    if not _inside(vp, cover):
        return
    for h, terrain in zip(cover, (C.VOLCANO,) + C.TILES[tile]):
        if vp.visible(h, whole=True):
            fill = TERRAIN_STYLE[terrain][0]
            sc.add("highlights", hex_polygon(vp, h, inset=1, fill=rgba(fill, 0.7)))
    if vp.visible(volcano, whole=True):
        sc.add("highlights", lava_arrow(vp, volcano, rotation))
    colour = SEA_SPOT if legal else REFUSED
    sc.add("highlights", *outline(vp, cover, stroke=colour, line_width=max(3.0, vp.size * 0.12),
                                  dash=() if legal else (5, 4)))
    if not legal and vp.visible(volcano, whole=True):
        cx, cy = vp.centre(volcano)
        sc.add("highlights", Text(cx, cy, "✗", size=max(15, int(vp.size * 0.7)), color=REFUSED,
                                  bold=True, align="center", scales=False))


def _build_marks(sc: Scene, state, vp: Viewport, hints: Hints, pick: Pick) -> None:
    kind = pick.kind
    if kind in ("hut", "temple", "tower"):
        colour = BUILD_SPOT[kind]
        for h in sorted(hints.build.get(kind, ())):
            if vp.visible(h, whole=True):
                sc.add("highlights", hex_polygon(vp, h, inset=3, fill=rgba(colour, 0.2),
                                                 stroke=colour, line_width=3, dash=(7, 4)))
    elif kind == "expand":
        _expand_marks(sc, state, vp, hints, pick)


def _expand_marks(sc: Scene, state, vp: Viewport, hints: Hints, pick: Pick) -> None:
    colour = BUILD_SPOT["expand"]
    keys = sorted({e.settlement.key for e in hints.expansions})
    for key in keys:                      # the settlements that can expand
        hexes = next(e.settlement.hexes for e in hints.expansions if e.settlement.key == key)
        chosen = key == pick.settlement
        if not _inside(vp, hexes):
            continue
        sc.add("highlights", *outline(vp, hexes, stroke=colour,
                                      line_width=max(3.0, vp.size * (0.14 if chosen else 0.08)),
                                      dash=() if chosen else (6, 4)))
    if pick.settlement is None:
        return
    plans = hints.expansions_of(pick.settlement)
    for plan in plans:
        shown = plan.terrain == pick.terrain
        for h, huts in plan.targets:
            if not vp.visible(h, whole=True):
                continue
            if shown:
                cx, cy = vp.centre(h)
                sc.add("highlights", *building_glyph(cx, cy, vp.size * 0.34, state.turn, "hut",
                                                     huts, ghost=True))
                if huts == 1:
                    sc.add("highlights", Text(cx, cy + vp.size * 0.1, "1",
                                              size=max(15, int(vp.size * 0.34)), color=INK,
                                              bold=True, align="center", scales=False))
            else:
                sc.add("highlights", hex_polygon(vp, h, inset=4, stroke=colour, line_width=2,
                                                 dash=(3, 3)))


def cursor(sc: Scene, state, action, lay: Layout, hints: Hints) -> None:
    """The keyboard cursor on `action`: the tile's ghost where it would lie, the building on
    its hex, or the huts of an expansion, ringed thick and dashed, dark on white, so it shows
    on any terrain and without colour. A move with no place (Finish) draws nothing."""
    vp = lay.viewport
    kind = getattr(action, "kind", None)
    if kind == "place":
        if state.drawn is None or state.drawn == C.HIDDEN:
            return
        _ghost(sc, vp, state.drawn, action.volcano, action.rotation, legal=True)
        ring = tile_hexes(action.volcano, action.rotation)
    elif kind in ("hut", "temple", "tower"):
        ring = (action.hex,)
        if vp.visible(action.hex, whole=True):
            cx, cy = vp.centre(action.hex)
            sc.add("highlights", *building_glyph(cx, cy, vp.size * 0.34, state.turn, kind,
                                                 ghost=True))
    elif kind == "expand":
        plan = next((e for e in hints.expansions if e.settlement.key == action.settlement
                     and e.terrain == action.terrain), None)
        if plan is None:
            return
        ring = tuple(h for h, _ in plan.targets)
        for h, huts in plan.targets:
            if vp.visible(h, whole=True):
                cx, cy = vp.centre(h)
                sc.add("highlights", *building_glyph(cx, cy, vp.size * 0.34, state.turn, "hut",
                                                     huts, ghost=True))
    else:
        return
    if _inside(vp, ring):
        width = max(3.0, vp.size * 0.1)
        sc.add("highlights", *outline(vp, ring, stroke="#ffffff", line_width=width + 4),
               *outline(vp, ring, stroke=INK, line_width=width, dash=(8, 5)))


def _hover_settlement(sc: Scene, state, vp: Viewport, hover) -> None:
    """The settlement under the pointer (the hex `hover`), outlined in black."""
    if hover is None:
        return
    found = settlement_at(state.buildings, hover)
    if found is not None and _inside(vp, found.hexes):
        sc.add("highlights", *outline(vp, found.hexes, stroke=INK,
                                      line_width=max(2.5, vp.size * 0.1)))


# -- side panel ---------------------------------------------------------------------------
def _preview(sc: Scene, state, lay: Layout, pick: Pick, hints: Hints, say=str) -> None:
    box = lay.preview
    tile = state.drawn
    if state.phase == "build" and pick.kind == "expand" and pick.settlement is not None:
        _terrain_choice(sc, lay, pick, hints, say)
        return
    sc.add("pieces", Text(lay.side_x, box.y - 16, say(T("Drawn tile")), size=18, bold=True,
                          color=INK))
    if tile is None or tile == C.HIDDEN:
        sc.add("pieces", Rect(box.x, box.y, box.w, box.h, stroke="#bbbbbb", dash=(6, 4),
                              radius=8),
               Text(box.x + box.w / 2, box.y + box.h / 2, say(T("placed"))
                    if state.phase == "build" else "—", size=16, color=MUTED, align="center"))
        return
    size = 26.0
    vp = Viewport(Area(box.x, box.y, box.w, box.h), size, 0.0, 0.0)
    cover = tile_hexes((0, 0), pick.rotation)
    xs = [vp.centre(h)[0] for h in cover]
    ys = [vp.centre(h)[1] for h in cover]
    vp = Viewport(vp.area, size, box.x + box.w / 2 - (min(xs) + max(xs)) / 2,
                  box.y + box.h / 2 - (min(ys) + max(ys)) / 2)
    sc.add("pieces", Rect(box.x, box.y, box.w, box.h, fill="#e3f2fd", radius=8))
    for h, terrain in zip(cover, (C.VOLCANO,) + C.TILES[tile]):
        sc.add("pieces", *hex_face(vp, h, terrain, 1, show_level=False,
                                   letter=say(TERRAIN_STYLE[terrain][1])))
    sc.add("pieces", lava_arrow(vp, cover[0], pick.rotation),
           *outline(vp, cover, stroke=INK, line_width=2.5))
    sc.regions.append(Region(box.key, box.x, box.y, box.w, box.h))
    tx = box.x + box.w + 10
    width = lay.side_x + lay.side_w - tx
    names = C.TILES[tile]
    k = lay.text_scale     # the lines' places grow with their size
    between = T("{first} and {second}", first=DIRECTION_LABELS[pick.rotation % 6],
                second=DIRECTION_LABELS[(pick.rotation + 1) % 6])
    sc.add("pieces", Text(tx, box.y + 12 * k, say(T("{terrain} +",
                                                  terrain=C.terrain_name(names[0]))),
                          size=16, bold=True, color=INK, max_width=width),
           Text(tx, box.y + 32 * k, say(C.terrain_name(names[1])), size=16, bold=True, color=INK,
                max_width=width),
           Text(tx, box.y + 56 * k, say(T("lava between")), size=15, color=INK, max_width=width),
           Text(tx, box.y + 74 * k, say(between), size=15, bold=True, color=INK,
                max_width=width),
           Text(tx, box.y + 98 * k, say(T("turn: ⟲ Q  ⟳ E")), size=15, color=MUTED,
                max_width=width),
           Text(tx, box.y + 118 * k, say(T("or click the tile")), size=15, color=MUTED,
                max_width=width))


def _terrain_choice(sc: Scene, lay: Layout, pick: Pick, hints: Hints, say=str) -> None:
    """The expansions of the chosen settlement, one clickable line per terrain."""
    box = lay.preview
    side_w = lay.side_w
    sc.add("pieces", Text(lay.side_x, box.y - 16,
                          say(T("Expand {settlement} into:", settlement=str(pick.settlement))),
                          size=18,
                          bold=True, color=INK, max_width=side_w))
    plans = hints.expansions_of(pick.settlement)
    if not plans:
        sc.add("pieces", Text(lay.side_x, box.y + 20, say(T("no legal expansion")), size=16,
                              color=MUTED))
        return
    line_h = min(30.0 * lay.text_scale, (lay.info_h + 30) / len(plans))
    for i, plan in enumerate(plans):
        y = box.y + i * line_h
        fill, letter = TERRAIN_STYLE[plan.terrain]
        chosen = plan.terrain == pick.terrain
        hexes = N("{n} hex", "{n} hexes", len(plan.targets))
        line = N("{terrain}: {n} hut on {hexes}", "{terrain}: {n} huts on {hexes}", plan.huts,
                 terrain=C.terrain_name(plan.terrain), hexes=hexes)
        sc.add("pieces", Rect(lay.side_x, y, side_w, line_h - 4, fill=TURN_BG if chosen else PANEL_BG,
                              stroke=BUILD_SPOT["expand"] if chosen else "#cfd8dc",
                              line_width=3 if chosen else 1, radius=6),
               Rect(lay.side_x + 6, y + 4, line_h - 12, line_h - 12, fill=fill, stroke=INK, radius=3),
               Text(lay.side_x + 6 + (line_h - 12) / 2, y + (line_h - 4) / 2, say(letter), size=15,
                    bold=True, color=text_color_on(fill), align="center", scales=False),
               Text(lay.side_x + line_h + 2, y + (line_h - 4) / 2,
                    say(line), size=15, bold=chosen,
                    color=INK, max_width=side_w - line_h - 8))
        sc.regions.append(Region(("terrain", plan.terrain), lay.side_x, y, side_w, line_h - 4))


def _stack(sc: Scene, state, lay: Layout, say=str) -> None:
    n = len(state.stack)
    sc.add("pieces", Text(lay.side_x, lay.stack_y,
                          say(N("Stack: {n} tile face down", "Stack: {n} tiles face down", n)),
                          size=16, color=INK, max_width=lay.side_w))


def _rows(sc: Scene, state, lay: Layout, say=str) -> None:
    k = lay.text_scale
    name_y, left_y = 5 + 9 * k, 5 + 17 * k + 4 + 8 * k
    note_y = left_y + 8 * k + 4 + 8 * k
    for row in lay.rows:
        p = row.key[1]
        turn = state.current_player == p
        out = p in state.eliminated
        sc.add("pieces", Rect(row.x, row.y, row.w, row.h, fill=TURN_BG if turn else PANEL_BG,
                             stroke="#f9a825" if turn else "#cfd8dc", line_width=3 if turn else 1,
                             radius=8),
               Rect(row.x + 8, row.y + name_y - 9, 18, 18, fill=PLAYER_COLOURS[p], stroke=INK,
                    radius=3),
               player_mark(row.x + 17, row.y + name_y, 6, p),
               Text(row.x + 32, row.y + name_y,
                    say(player_title(p)) + (f"  {TURN_MARK}" if turn else ""),
                    size=17, bold=True, color=INK, max_width=row.w - 40))
        huts, temples, towers = state.supply[p]
        left = T("left: {huts} · {temples} · {towers}", huts=N("{n} hut", "{n} huts", huts),
                 temples=N("{n} temple", "{n} temples", temples),
                 towers=N("{n} tower", "{n} towers", towers))
        sc.add("pieces", Text(row.x + 8, row.y + left_y, say(left), size=15,
                              color=INK,
                             max_width=row.w - 16))
        if out:
            note, colour = say(T("OUT: could not build, cannot win")), REFUSED
        elif state.removed[p]:
            note, colour = say(N("{n} hut lost to lava", "{n} huts lost to lava",
                                 state.removed[p])), MUTED
        else:
            note, colour = "", MUTED
        if note:
            sc.add("pieces", Text(row.x + 8, row.y + note_y, note, size=15, bold=out, color=colour,
                                 max_width=row.w - 16))


def ranking_lines(state, say=str) -> list[str]:
    """The final standings as lines: each player's temples, towers and huts built, in the
    engine's ranking order, the winner(s) starred, and the tie-break the engine names."""
    return [line for line, _ in _ranking_lines(state, say)]


def _ranking_lines(state, say) -> list[tuple[str, str]]:
    """(line, kind) for `ranking_lines`: kind "winner", "player" or "note" (the tie-break)."""
    sheet = state.score()
    counts = {p: dict(zip(("hut", "temple", "tower"), state.built(p)))
              for p in range(state.players)}
    order = sorted(range(state.players),
                   key=lambda p: (p in state.eliminated, p not in sheet.winners,
                                  tuple(-counts[p][k] for k in RANK_ORDER), p))
    lines = []
    for p in order:
        c = counts[p]
        built = dict(player=player_name(p), temples=N("{n} temple", "{n} temples", c["temple"]),
                     towers=N("{n} tower", "{n} towers", c["tower"]),
                     huts=N("{n} hut", "{n} huts", c["hut"]))
        if p in sheet.winners:
            lines.append((say(T("★ {player}: {temples}, {towers}, {huts}", **built)), "winner"))
        elif p in state.eliminated:
            lines.append((say(T("out · {player}: {temples}, {towers}, {huts}", **built)),
                          "player"))
        else:
            lines.append((say(T("{player}: {temples}, {towers}, {huts}", **built)), "player"))
    decided = say(T("Decided by: {how}", how=sheet.tiebreak))
    lines += [(line, "note") for line in wrapped(decided, 36)]
    return lines


def wrapped(said: str, width: int) -> list[str]:
    """`said` wrapped into lines of at most `width` characters; a pseudo-language's ⟦marks⟧
    are closed at each line's end and opened again on the next."""
    lines, depth = [], 0
    for line in textwrap.wrap(said, width):
        opened = depth
        depth += line.count("⟦") - line.count("⟧")
        lines.append("⟦" * opened + line + "⟧" * depth)
    return lines


def _ranking(sc: Scene, state, lay: Layout, say=str) -> None:
    box = lay.preview
    top = box.y - 30
    height = lay.rows[0].y - 12 - top
    k = lay.text_scale
    sc.add("highlights", Rect(lay.side_x, top, lay.side_w, height, fill="#fffdf0", stroke="#ff8f00",
                              line_width=2, radius=8),
           Text(lay.side_x + 10, top + 16 * k, say(T("Final ranking")), size=18, bold=True,
                color=INK))
    lines = _ranking_lines(state, say)
    step = min(26.0 * k, (height - 40 * k) / max(1, len(lines)))
    for i, (line, kind) in enumerate(lines):
        note = kind == "note"   # the tie-break, wrapped
        sc.add("highlights", Text(lay.side_x + 10, top + 42 * k + i * step, line, size=15,
                                  bold=kind == "winner", color=MUTED if note else INK,
                                  max_width=lay.side_w - 20))


def scene(state, view: View | None = None, lay: Layout | None = None) -> Scene:
    """The full frame for `state` (a position or a player's view): island, side panel and the
    legal moves of the chosen decision (the hex under the pointer is the view's `hover`)."""
    lay = lay or layout(state)
    view = (view or View()).filled(Hints, Pick)
    hints, pick, playable, viewer = view.hints, view.pick, view.playable, view.viewer
    hover, say = view.hover, view.words
    sc = Scene(lay.width, lay.height, text_scale=lay.text_scale)
    _sea(sc, state, lay)
    _island(sc, state, lay, say)
    _buildings(sc, state, lay)
    vp = lay.viewport
    if playable and state.phase == "place":
        _place_marks(sc, state, vp, hints, pick, hover)
    elif playable and state.phase == "build":
        _build_marks(sc, state, vp, hints, pick)
    _hover_settlement(sc, state, vp, hover)
    _mask(sc, lay)
    sc.add("pieces", Text(MARGIN, HEADER_H / 2, header_text(state, viewer, say), size=18,
                         bold=True,
                         color=INK, max_width=lay.width - 2 * MARGIN))
    if hover is not None and vp.area.contains(*vp.centre(hover)):
        area = vp.area
        sc.add("highlights", Text(area.x + area.w - 8, area.y + area.h - 12,
                                  say(T("hex {hex}", hex=str(hover))), size=15, color=MUTED,
                                  align="right"))
    if state.phase == "over":     # not is_over: nobody decides during set-up either
        _ranking(sc, state, lay, say)
    else:
        _preview(sc, state, lay, pick, hints if playable else Hints(), say)
        _stack(sc, state, lay, say)
    _rows(sc, state, lay, say)
    return sc


__all__ = ["PLAYER_COLOURS", "cursor", "header_text", "ranking_lines", "scene"]
