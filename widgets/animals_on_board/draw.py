"""What to draw for an Animals on Board position: a `Scene` built from `layout()` (pure).

Legal-move hints come from pick.py (the engine's legal actions, mapped to positions); the
drawing never decides what is legal.
"""
from __future__ import annotations

from explorer.animals_on_board import components as C
from explorer.animals_on_board.scoring import HERD_POINTS, score_ark
from explorer.messages import Message, N, T

from ..shared.scene import TURN_MARK, Rect, Region, Scene, Text, View, text_color_on
from ..shared.timeline import player_label
from .layout import (ARK_W, GAP, GROUP_PAD, MARGIN, Layout, Run, caption_h,
                     group_label_lines, header_h, layout, row_label_w, row_lines, run_width,
                     section_h)
from .pick import Hints, Pick

# One clear colour per species (same order as components.SPECIES), readable on a projector.
SPECIES_COLOURS = (
    "#9e9e9e",  # elephant: grey
    "#ffd23f",  # giraffe: yellow
    "#f5f5f5",  # panda: white
    "#2e7d32",  # crocodile: green
    "#ff7f0e",  # tiger: orange
    "#8d5524",  # chimpanzee: brown
    "#4db6ac",  # turtle: teal
    "#3f51b5",  # rhino: indigo
    "#263238",  # gorilla: near black
    "#b39ddb",  # zebra: lavender
    "#c62828",  # lion: red
    "#f48fb1",  # flamingo: pink
)
BACK = "#1a237e"
BACKGROUND = "#ffffff"
CENTRE_BG = "#eef3f8"
TURN_BG = "#fff3c4"
ROW_BG = "#f6f6f6"
LEGAL = "#00a152"
SELECTED = "#ff6d00"
INK = "#111111"
MUTED = "#555555"
VEIL = "rgba(255, 255, 255, 0.62)"
RUN_COLOURS = {"herd": "#2e7d32", "single": INK, "pair": "#c62828", "cut": "#6d4c41"}
CURSOR, CURSOR_HALO = INK, "#ffffff"   # dark dashes on a white halo: seen on any colour


def scoring_runs(state, say=str) -> dict[int, list[Run]]:
    """Every open ark as the engine scores it (`score_ark`): herds, singles, the pairs that go
    back and the tiles cut to reach 10. Arks hidden in this view are left as they are. Captions
    are said by `say` (the page's words), so the layout makes room for them as they read."""
    runs: dict[int, list[Run]] = {}
    for p in range(state.players):
        ark = state.arks[p]
        if C.HIDDEN in ark:
            continue
        score = score_ark(ark, state.crates[p])
        kept: dict[int, list[int]] = {}
        for t in score.kept:
            kept.setdefault(C.species_of(t), []).append(t)
        rows = [Run("herd", tuple(ts), say(T("herd: {each} each = {points}", each=HERD_POINTS,
                                             points=HERD_POINTS * len(ts))),
                    HERD_POINTS * len(ts)) for ts in kept.values() if len(ts) > 1]
        singles = tuple(ts[0] for ts in kept.values() if len(ts) == 1)
        if singles:
            points = sum(pts for _, pts, rule, _ in score.lines
                         if rule == "animals_on_board.scoring.single")
            caption = N("single = {points}", "singles = {points}", len(singles), points=points)
            rows.append(Run("single", singles, say(caption), points))
        pairs: dict[int, list[int]] = {}
        for t in score.returned_pairs:
            pairs.setdefault(C.species_of(t), []).append(t)
        rows += [Run("pair", tuple(ts), say(T("pair: back to box"))) for ts in pairs.values()]
        if score.cut:
            rows.append(Run("cut", tuple(score.cut), say(T("cut: ark over 10"))))
        runs[p] = rows
    return runs


def _scoring_marks(sc: Scene, lay: Layout) -> None:
    """The scoring step on the arks: herds outlined, pairs struck through, cut tiles veiled."""
    marks = "highlights"
    for box in lay.runs:
        run, colour = box.run, RUN_COLOURS.get(box.run.kind, INK)
        x, y, w, h = box.x, box.y, box.w, box.h
        if run.kind in ("pair", "cut"):
            for k in range(len(run.tiles)):
                sc.add(marks, Rect(x + k * (ARK_W + GAP), y, ARK_W, h, fill=VEIL, radius=8))
        if run.kind == "herd":
            sc.add(marks, Rect(x - 4, y - 4, w + 8, h + 8, stroke=colour, line_width=4,
                               radius=11))
        elif run.kind == "pair":
            sc.add(marks, Rect(x - 6, y + h / 2 - 3, w + 12, 6, fill=colour, radius=3))
        elif run.kind == "cut":
            sc.add(marks, Rect(x - 4, y - 4, w + 8, h + 8, stroke=colour, line_width=3,
                               radius=11, dash=(7, 4)))
        if run.caption:
            sc.add(marks, Text(x, y + h + caption_h(lay.text_scale) / 2 + 2, run.caption,
                               size=16, bold=True, color=colour,
                               max_width=run_width(run, lay.text_scale)))


PHASES = {"setup": T("set-up"), "keep": T("keep a tile"), "play": T("play"),
          "over": T("game over")}


def header_text(state) -> Message:
    """The line above the board (a message: say it in the page's words)."""
    who = "—" if state.current_player is None else player_label(state.current_player)
    phase = PHASES.get(state.phase, state.phase)
    facts = dict(phase=phase, player=who, supply=state.supply, pile=len(state.pile))
    if state.round:
        return T("Round {round} · Phase: {phase} · To move: {player} · Supply: {supply} crates "
                 "· Draw pile: {pile} tiles", round=state.round, **facts)
    return T("Phase: {phase} · To move: {player} · Supply: {supply} crates · Draw pile: {pile} "
             "tiles", **facts)


def tile_shapes(box, tile: int, facedown: bool = False, say=str) -> list:
    """A tile card: species colour, value, its name said by `say` (the page's words) and the
    Korean name (unless that is what `say` said); a card back for -1."""
    x, y, w, h = box.x, box.y, box.w, box.h
    if tile is None or tile == C.HIDDEN:
        return [Rect(x, y, w, h, fill=BACK, stroke=INK, line_width=2, radius=8),
                Rect(x + 5, y + 5, w - 10, h - 10, stroke="#7986cb", line_width=2, radius=6),
                Text(x + w / 2, y + h / 2 + 2, "?", size=40, color="#ffffff", bold=True,
                     align="center", scales=False)]
    species = C.species_of(tile)
    name = say(C.SPECIES_NAMES[species])
    fill = SPECIES_COLOURS[species]
    ink = text_color_on(fill)
    big = 28 if h >= 90 else 22
    shapes = [Rect(x, y, w, h, fill=fill, stroke=INK, line_width=2, radius=8),
              Text(x + 7, y + 6 + big / 2, str(C.value_of(tile)), size=big, color=ink, bold=True,
                   scales=False),
              Text(x + w / 2, y + h * 0.60, name, size=16, color=ink, bold=True,
                   align="center", max_width=w - 8, scales=False)]
    if name != C.SPECIES_KO[species]:
        shapes.append(Text(x + w / 2, y + h * 0.84, C.SPECIES_KO[species], size=16, color=ink,
                           align="center", max_width=w - 8, scales=False))
    if facedown:
        shapes += [Rect(x - 2, y - 2, w + 4, h + 4, stroke=BACK, line_width=4, radius=9, dash=(7, 4)),
                   Rect(x + w - 47, y + 4, 21, 24, fill=BACK, radius=5),
                   Text(x + w - 36.5, y + 17, "?", size=18, color="#ffffff", bold=True, align="center",
                        scales=False)]
    return shapes


def cursor_shapes(box, pad: float) -> list:
    """The keyboard cursor around `box` (`pad` outside it; negative: inside): thick dark
    dashes on a white halo, so it shows by its shape on any tile, not by its colour."""
    x, y, w, h = box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad
    return [Rect(x, y, w, h, stroke=CURSOR_HALO, line_width=8, radius=10),
            Rect(x, y, w, h, stroke=CURSOR, line_width=4, radius=10, dash=(9, 5))]


def scene(state, view: View | None = None, lay: Layout | None = None) -> Scene:
    """The full frame for `state` (a position or a player's view): board, pieces, highlights.

    `view.pick.selected` holds the selected ("group", g, i) keys; `view.hints` the legal moves
    (None: no highlights); `view.hover` the keys the keyboard cursor outlines (pick.py's
    `cursor_keys`). With a `view.sheet`, the final scoring step: each open ark is shown
    as the engine scores it.
    """
    view = (view or View()).filled(Hints, Pick)
    selected, hints, say = view.pick.selected, view.hints, view.words
    scoring = view.sheet is not None
    lay = lay or layout(state, runs=scoring_runs(state, say) if scoring else None)
    scale = lay.text_scale
    sc = Scene(lay.width, lay.height, text_scale=scale)
    board, pieces, marks = "board", "pieces", "highlights"
    sc.add(board, Rect(0, 0, lay.width, lay.height, fill=BACKGROUND))
    sc.add(board, Text(MARGIN, header_h(scale) / 2, say(header_text(state)), size=20, bold=True,
                       color=INK, max_width=lay.width - 2 * MARGIN))
    # centre
    c = lay.centre
    sc.add(board, Text(MARGIN, c.y - section_h(scale) / 2,
                       say(T("Centre: groups of animals (동물 무리)")),
                       size=18, bold=True, color=INK))
    if not state.groups:
        sc.add(board, Rect(c.x, c.y, c.w, c.h, fill=CENTRE_BG, radius=10),
               Text(c.x + 16, c.y + c.h / 2, say(T("No tiles in the centre yet.")), size=18,
                    color=MUTED))
    facedown = state.facedown
    first_line, second_line = group_label_lines(scale)
    for frame, label in zip(lay.groups, lay.labels):
        g = frame.key[1]
        n = len(state.groups[g])
        sc.regions.append(Region(frame.key, frame.x, frame.y, frame.w, frame.h))
        sc.regions.append(Region(label.key, label.x, label.y, label.w, label.h))
        sc.add(board, Rect(frame.x, frame.y, frame.w, frame.h, fill=CENTRE_BG, stroke="#90a4ae",
                           line_width=2, radius=10))
        group = N("Group {group} · {n} tile", "Group {group} · {n} tiles", n, group=g + 1)
        sc.add(board, Text(label.x + GROUP_PAD, label.y + first_line, say(group),
                           size=16, bold=True, color=INK, max_width=label.w - 2 * GROUP_PAD))
        if g in hints.take:
            hint, colour = say(T("✓ can take: pay {n}", n=n)), LEGAL
        elif hints.keep or not (hints.take or hints.split):
            hint, colour = "", MUTED
        else:
            hint, colour = say(N("take costs {n} crate", "take costs {n} crates", n)), MUTED
        if hint:
            sc.add(board, Text(label.x + GROUP_PAD, label.y + second_line, hint, size=16, color=colour,
                               bold=colour == LEGAL, max_width=label.w - 2 * GROUP_PAD))
        if g in hints.take:
            sc.add(marks, Rect(frame.x - 2, frame.y - 2, frame.w + 4, frame.h + 4, stroke=LEGAL,
                               line_width=3, radius=11))
    # arks
    arks_y = lay.arks_top + section_h(scale) / 2
    sc.add(board, Text(MARGIN, arks_y, say(T("Arks (방주)")), size=18, bold=True, color=INK))
    if lay.hand_x is not None:
        sc.add(board, Text(lay.hand_x, arks_y, say(T("Drawn: keep 1")), size=18, bold=True,
                           color=INK))
    label_w = row_label_w(scale)
    at = row_lines(scale)
    start_told = any(e.rule == "animals_on_board.setup.start_player" for e in state.events)
    for row in lay.rows:
        p = row.key[1]
        turn = state.current_player == p
        sc.add(board, Rect(row.x, row.y, row.w, row.h, fill=TURN_BG if turn else ROW_BG,
                           stroke="#f9a825" if turn else "#cfd8dc", line_width=3 if turn else 1,
                           radius=10))
        name = (T("{player}  {mark} to move", player=player_label(p), mark=TURN_MARK) if turn
                else player_label(p))
        sc.add(board, Text(row.x + 12, row.y + at["name"], say(name), size=18, bold=True, color=INK,
                           max_width=label_w - 16))
        n_tiles = len(state.arks[p])
        sc.add(board, Text(row.x + 12, row.y + at["count"],
                           say(N("{n} tile · crates: {crates}", "{n} tiles · crates: {crates}",
                                 n_tiles, crates=state.crates[p])),
                           size=16, color=INK, max_width=label_w - 16))
        for k in range(state.crates[p]):
            sc.add(board, Rect(row.x + 12 + k * 22, row.y + at["crates"], 18, 14,
                               fill="#a1887f", stroke="#4e342e", line_width=1.5, radius=2))
        if scoring and C.HIDDEN not in state.arks[p]:
            points = score_ark(state.arks[p], state.crates[p]).points
            sc.add(board, Text(row.x + 12, row.y + at["score"],
                               say(T("Score: {points} points", points=points)),
                               size=18, bold=True, color=INK, max_width=label_w - 16))
        flags = []
        if state.start_player == p and (state.phase != "setup" or start_told):
            flags.append((say(T("START")), "#1565c0"))
        if state.resting[p]:
            flags.append((say(T("RESTING")), "#6d4c41"))
        if p in state.announced:
            flags.append(("10+", "#c62828"))
        fx = row.x + 12
        flag_h = at["flag_h"]
        flag_y = row.y + row.h - flag_h - 4   # at the row's foot, below crates and score
        for text, colour in flags:
            fw = round(12 + 11 * len(text) * scale)
            sc.add(board, Rect(fx, flag_y, fw, flag_h, fill=colour, radius=4),
                   Text(fx + fw / 2, flag_y + flag_h / 2, text, size=16, bold=True,
                        color="#ffffff", align="center"))
            fx += fw + 6
        if lay.hand_x is not None and state.drawn[p]:
            sc.add(board, Text(lay.hand_x, row.y + row.h / 2, say(T("drawn")), size=16,
                               color=MUTED))
    # tiles
    for box in lay.tiles:
        kind = box.key[0]
        sc.regions.append(Region(box.key, box.x, box.y, box.w, box.h))
        hidden_face = kind == "group" and facedown is not None and facedown != C.HIDDEN \
            and box.tile == facedown
        sc.add(pieces, *tile_shapes(box, box.tile, facedown=hidden_face, say=say))
        if box.key in hints.keep:
            sc.add(marks, Rect(box.x - 4, box.y - 4, box.w + 8, box.h + 8, stroke=LEGAL,
                               line_width=4, radius=11))
        if box.key in selected:
            sc.add(marks, Rect(box.x - 5, box.y - 5, box.w + 10, box.h + 10, stroke=SELECTED,
                               line_width=6, radius=12),
                   Rect(box.x + box.w - 25, box.y + 4, 22, 22, fill=SELECTED, radius=11),
                   Text(box.x + box.w - 14, box.y + 15, "✓", size=16, bold=True,
                        color="#ffffff", align="center"))
    if scoring:
        _scoring_marks(sc, lay)
    for key in view.hover or ():
        box = lay.box(key)
        if box is not None:
            sc.add(marks, *cursor_shapes(box, 7 if key[0] == "group-frame" else -2))
    return sc
