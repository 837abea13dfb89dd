"""Where everything of an Animals on Board position goes, in CSS pixels (pure, no widgets).

The renderer draws at these boxes, clicks are hit-tested against them, and tests (including the
browser test) compute where to click from them. Keys name positions, not tiles, so a player's
masked view and the open position share one geometry:
("group", g, i) tile i of central group g, ("group-label", g) / ("group-frame", g) that group,
("ark", p, i) tile i in player p's ark, ("hand", p, i) drawn tile i of player p, ("row", p) the row.
At the scoring step an ark may be shown as runs (herds, singles, pairs, cut tiles) with a caption
under each: ("run", p, j) is run j of player p, and ark tile i counts along the runs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..shared.scene import Places, Region

WIDTH = 1100
MARGIN = 16
HEADER_H = 44
SECTION_H = 30
CARD_W, CARD_H = 74, 96          # central tiles
ARK_W, ARK_H = 64, 84            # tiles in arks and hands
GAP = 6
GROUP_PAD = 8
GROUP_LABEL_H = 50
GROUP_GAP = 18
GROUP_MIN_W = 2 * GROUP_PAD + 2 * CARD_W + GAP
ROW_LABEL_W = 230
ROW_MIN_H = 100
ROW_GAP = 8
HAND_LABEL_W = 74
EMPTY_CENTRE_H = 64
CAPTION_H = 24                   # room under a run of ark tiles for its caption
RUN_GAP = 16
CAPTION_CHAR_W = 9.0             # a generous width per character of a 16 px bold caption
SCORING_ROW_MIN_H = 124          # name, crates, score and flags fit in the label column


@dataclass(frozen=True)
class Box(Region):
    """A clickable place on the board; `tile` is the tile drawn there, if any."""

    tile: int | None = None


@dataclass(frozen=True)
class Run:
    """Ark tiles shown together at the scoring step, with what happened to them."""

    kind: str                    # herd, single, pair, cut
    tiles: tuple[int, ...]
    caption: str
    points: int = 0


@dataclass(frozen=True)
class RunBox(Region):
    """Where a run of ark tiles sits (the tiles only; its caption goes just below)."""

    run: Run | None = None


@dataclass
class Layout(Places):
    width: int
    height: int = 0
    text_scale: float = 1.0                            # labels this much larger (projector)
    tiles: list[Box] = field(default_factory=list)    # group, ark and hand tiles
    groups: list[Box] = field(default_factory=list)   # group frames
    labels: list[Box] = field(default_factory=list)   # group label bands (click: whole group)
    rows: list[Box] = field(default_factory=list)     # one per player
    centre: Box | None = None
    arks_top: float = 0
    hand_x: float | None = None                        # where the "drawn" column starts
    runs: list[RunBox] = field(default_factory=list)   # scoring step: the arks as runs

    def boxes(self) -> list:
        return self.tiles + self.groups + self.labels + self.rows


def group_label_h(text_scale: float = 1.0) -> float:
    """The band above a group's tiles: its name and what taking it costs, one line each."""
    return max(GROUP_LABEL_H, 2 * round(16 * text_scale) + 18)


def group_label_lines(text_scale: float = 1.0) -> tuple[float, float]:
    """Where the band's two lines are centred, below the band's top."""
    size = round(16 * text_scale)
    first = max(14, 5 + size / 2)
    return first, first + size + 5


def row_label_w(text_scale: float = 1.0) -> float:
    """The label column of an ark row: "Player 1  ▶ to move" in bold at 18 px (scaled)."""
    return round(ROW_LABEL_W * max(1.0, text_scale))


def row_lines(text_scale: float = 1.0) -> dict[str, float]:
    """Vertical places in an ark row's label column (from the row's top): the name and tile
    count lines (centres), the crates, the score line (centre), and the least row height that
    holds them with the flags below (the scoring step needs the score line too)."""
    big, small = round(18 * text_scale), round(16 * text_scale)
    name = max(20, 6 + big / 2)
    count = max(46, name + big / 2 + 6 + small / 2)
    crates = max(60, count + small / 2 + 6)
    score = max(86, crates + 14 + 4 + big / 2)
    flag_h = max(20, small + 6)
    return {"name": name, "count": count, "crates": crates, "score": score,
            "flag_h": flag_h, "min_h": max(ROW_MIN_H, crates + 14 + 6 + flag_h + 6),
            "scoring_min_h": max(SCORING_ROW_MIN_H, score + big / 2 + 6 + flag_h + 6)}


def group_min_w(text_scale: float = 1.0) -> float:
    """Wide enough for two tiles and for the label "Group 10 · 12 tiles" in bold."""
    return max(GROUP_MIN_W, round(18 * 0.64 * 16 * text_scale) + 2 * GROUP_PAD)


def _group_size(n: int, max_cols: int, text_scale: float = 1.0) -> tuple[int, int, int]:
    cols = max(1, min(n, max_cols))
    lines = max(1, math.ceil(n / cols))
    w = max(group_min_w(text_scale), 2 * GROUP_PAD + cols * CARD_W + (cols - 1) * GAP)
    h = group_label_h(text_scale) + lines * CARD_H + (lines - 1) * GAP + GROUP_PAD
    return cols, w, h


def run_width(run: Run, text_scale: float = 1.0) -> float:
    """Wide enough for the run's tiles and for its caption."""
    n = len(run.tiles)
    return max(n * ARK_W + (n - 1) * GAP, len(run.caption) * CAPTION_CHAR_W * text_scale + 8)


def caption_h(text_scale: float = 1.0) -> float:
    return max(CAPTION_H, round(16 * text_scale) + 8)


def _place_runs(lay: Layout, p: int, runs: list[Run], x0: float, right: float, y: float) -> float:
    """Lay one ark out as runs, wrapping before a run that does not fit; returns the height."""
    scale = lay.text_scale
    cap_h = caption_h(scale)
    x, line = x0, 0
    per_line = max(1, int((right - x0 + GAP) // (ARK_W + GAP)))
    pieces: list[Run] = []
    for run in runs:   # a run longer than a line is cut into line-long pieces
        for k in range(0, len(run.tiles), per_line):
            pieces.append(Run(run.kind, run.tiles[k:k + per_line], run.caption if k == 0 else "",
                              run.points if k == 0 else 0))
    index = 0
    for j, run in enumerate(pieces):
        w = run_width(run, scale)
        if x > x0 and x + w > right:
            x, line = x0, line + 1
        ty = y + 8 + line * (ARK_H + cap_h + GAP)
        n = len(run.tiles)
        lay.runs.append(RunBox(("run", p, j), x, ty, n * ARK_W + (n - 1) * GAP, ARK_H, run))
        for k, tile in enumerate(run.tiles):
            lay.tiles.append(Box(("ark", p, index), x + k * (ARK_W + GAP), ty, ARK_W, ARK_H,
                                 tile))
            index += 1
        x += w + RUN_GAP
    lines = line + 1
    return max(row_lines(scale)["scoring_min_h"],
               16 + lines * (ARK_H + cap_h) + (lines - 1) * GAP)


def header_h(text_scale: float = 1.0) -> float:
    return max(HEADER_H, round(20 * text_scale) + 16)


def section_h(text_scale: float = 1.0) -> float:
    return max(SECTION_H, round(18 * text_scale) + 10)


def layout(state, width: int = WIDTH, runs: dict[int, list[Run]] | None = None,
           text_scale: float = 1.0) -> Layout:
    """The CSS-pixel box of every group, tile and ark row of `state` for a canvas `width` wide.

    `runs` (scoring step): player -> the ark as runs, drawn in that order with captions.
    `text_scale` (projector mode): labels that much larger, with room made for them."""
    lay = Layout(width=int(width), text_scale=float(text_scale))
    scale = lay.text_scale
    label_h = group_label_h(scale)
    inner = width - 2 * MARGIN
    max_cols = max(1, (inner - 2 * GROUP_PAD + GAP) // (CARD_W + GAP))
    top = header_h(scale) + section_h(scale)
    x, y, row_h = MARGIN, top, 0
    for g, group in enumerate(state.groups):
        cols, gw, gh = _group_size(len(group), max_cols, scale)
        if x > MARGIN and x + gw > width - MARGIN:
            x, y, row_h = MARGIN, y + row_h + GROUP_GAP, 0
        lay.groups.append(Box(("group-frame", g), x, y, gw, gh))
        lay.labels.append(Box(("group-label", g), x, y, gw, label_h))
        for i, tile in enumerate(group):
            cx = x + GROUP_PAD + (i % cols) * (CARD_W + GAP)
            cy = y + label_h + (i // cols) * (CARD_H + GAP)
            lay.tiles.append(Box(("group", g, i), cx, cy, CARD_W, CARD_H, tile))
        x += gw + GROUP_GAP
        row_h = max(row_h, gh)
    centre_bottom = y + row_h if state.groups else top + EMPTY_CENTRE_H
    lay.centre = Box(("centre",), MARGIN, top, inner, centre_bottom - top)

    y = centre_bottom + 12 + section_h(scale)
    lay.arks_top = y - section_h(scale)
    hands = any(state.drawn)
    tiles_x = MARGIN + row_label_w(scale) + 8
    right = width - MARGIN - 8
    min_h = row_lines(scale)["min_h"]
    if hands:
        hand_w = round(HAND_LABEL_W * scale) + 3 * (ARK_W + GAP)
        lay.hand_x = right - hand_w
        right = lay.hand_x - 12
    per_line = max(1, (right - tiles_x + GAP) // (ARK_W + GAP))
    for p in range(state.players):
        ark = state.arks[p]
        if runs and p in runs:
            h = _place_runs(lay, p, runs[p], tiles_x, right, y)
            lay.rows.append(Box(("row", p), MARGIN, y, inner, h))
            y += h + ROW_GAP
            continue
        lines = max(1, math.ceil(len(ark) / per_line))
        h = max(min_h, 16 + lines * ARK_H + (lines - 1) * GAP)
        lay.rows.append(Box(("row", p), MARGIN, y, inner, h))
        for i, tile in enumerate(ark):
            tx = tiles_x + (i % per_line) * (ARK_W + GAP)
            ty = y + 8 + (i // per_line) * (ARK_H + GAP)
            lay.tiles.append(Box(("ark", p, i), tx, ty, ARK_W, ARK_H, tile))
        for i, tile in enumerate(state.drawn[p]):
            tx = lay.hand_x + round(HAND_LABEL_W * scale) + i * (ARK_W + GAP)
            lay.tiles.append(Box(("hand", p, i), tx, y + 8, ARK_W, ARK_H, tile))
        y += h + ROW_GAP
    lay.height = int(y + MARGIN - ROW_GAP)
    return lay
