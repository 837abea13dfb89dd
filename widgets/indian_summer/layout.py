"""Where everything of an Indian Summer position goes on the canvas, in CSS pixels (pure).

The renderer draws at these boxes, clicks are hit-tested against them, and the tests (browser
too) compute where to click from them. The board being played on is drawn large at the left
with the tile to lay beside it, the path (or the tiles taken by a mushroom or feather) below it
and the animal stacks under that. The right column holds one row per player (backpack, path and
a small board: click it to look at that board) and the forest circle with the supply; the solo
game shows the upper path, the numbered turn track and the lower path there instead.

Keys: ("board",) the large board (cells from `cell_at`), ("strip", i) tile i below it,
("preview",) the tile to lay, ("mini", p) player p's small board, ("solo-end", path, end) one
end of a solo path.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from explorer.indian_summer import components as C

from ..shared.scene import Places, Region

WIDTH, HEIGHT = 1100, 790
MARGIN = 16
HEADER_Y = 20
BOARD_X, BOARD_Y = 44, 78
CELL = 50
BOARD_W, BOARD_H = C.WIDTH * CELL, C.HEIGHT * CELL
PREVIEW_X = BOARD_X + BOARD_W + 16
PREVIEW = 112
STRIP_Y = BOARD_Y + BOARD_H + 40
STRIP_BOX, STRIP_GAP = 70, 8
ANIMALS_Y = STRIP_Y + STRIP_BOX + 36
ANIMAL_W, ANIMAL_H, ANIMAL_GAP = 70, 84, 6
RIGHT_X = 600
RIGHT_W = WIDTH - MARGIN - RIGHT_X
ROW_H, ROW_GAP = 114, 6
MINI_CELL = 11
PATH_MINI, PATH_MINI_GAP = 44, 5
FOREST_R = 92
SOLO_BOX = 64
TRACK_W, TRACK_H = 36, 64


@dataclass
class Layout(Places):
    """Boxes for one frame; `focus` is the player whose board is drawn large."""

    solo: bool
    players: int
    focus: int
    width: int = WIDTH
    height: int = HEIGHT
    text_scale: float = 1.0        # labels this much larger (projector mode)
    board: Region = field(default_factory=lambda: Region(("board",), BOARD_X, BOARD_Y,
                                                         BOARD_W, BOARD_H))
    preview: Region = field(default_factory=lambda: Region(("preview",), PREVIEW_X, BOARD_Y + 26,
                                                           PREVIEW, PREVIEW))
    strip: list[Region] = field(default_factory=list)
    animals: list[Region] = field(default_factory=list)
    rows: list[Region] = field(default_factory=list)
    minis: list[Region] = field(default_factory=list)
    paths: list[list[Region]] = field(default_factory=list)   # small path boxes per row
    forest_centre: tuple[float, float] = (0.0, 0.0)
    supply_x: float = 0.0
    supply_y: float = 0.0
    solo_paths: dict = field(default_factory=dict)    # "upper"/"lower" -> boxes left to right
    solo_ends: list[Region] = field(default_factory=list)
    track: list[Region] = field(default_factory=list)  # 13 spaces: 10..1, empty, mushroom, empty

    def cell_at(self, x: float, y: float):
        """The board cell under (x, y), or None off the board."""
        col, row = int((x - BOARD_X) // CELL), int((y - BOARD_Y) // CELL)
        if x < BOARD_X or y < BOARD_Y or not (0 <= col < C.WIDTH and 0 <= row < C.HEIGHT):
            return None
        return col, row

    def cell_rect(self, cell) -> tuple[float, float, float, float]:
        return BOARD_X + cell[0] * CELL, BOARD_Y + cell[1] * CELL, CELL, CELL

    def cell_center(self, cell) -> tuple[float, float]:
        x, y, s, _ = self.cell_rect(cell)
        return x + s / 2, y + s / 2

    def boxes(self) -> list:
        return ([self.board, self.preview] + self.strip + self.animals + self.minis
                + self.solo_ends)


def layout(state, focus: int | None = None, strip: int = 0, text_scale: float = 1.0) -> Layout:
    """The boxes of `state` with `focus`'s board drawn large and `strip` tiles below it."""
    focus = state.current_player if focus is None else focus
    lay = Layout(state.solo, state.players, 0 if focus is None else focus,
                 text_scale=max(1.0, float(text_scale)))
    lay.strip = [Region(("strip", i), BOARD_X + i * (STRIP_BOX + STRIP_GAP), STRIP_Y, STRIP_BOX,
                        STRIP_BOX) for i in range(max(0, min(strip, C.PATH_MAX)))]
    lay.animals = [Region(("animal", k), BOARD_X + k * (ANIMAL_W + ANIMAL_GAP), ANIMALS_Y,
                          ANIMAL_W, ANIMAL_H) for k in range(len(C.ANIMALS))]
    if state.solo:
        top = _solo(lay) + 24
        _rows(lay, 1, top)
        lay.supply_x, lay.supply_y = RIGHT_X, top + ROW_H + 30
    else:
        _rows(lay, state.players, 44)
        below = 44 + 4 * (ROW_H + ROW_GAP)
        lay.forest_centre = (RIGHT_X + 20 + FOREST_R, below + 36 + FOREST_R + 12)
        lay.supply_x, lay.supply_y = RIGHT_X + 2 * FOREST_R + 90, below + 44
    return lay


def _rows(lay: Layout, players: int, top: float) -> None:
    mini_w, mini_h = C.WIDTH * MINI_CELL, C.HEIGHT * MINI_CELL
    for p in range(players):
        y = top + p * (ROW_H + ROW_GAP)
        lay.rows.append(Region(("row", p), RIGHT_X, y, RIGHT_W, ROW_H))
        lay.minis.append(Region(("mini", p), RIGHT_X + RIGHT_W - mini_w - 8,
                                y + (ROW_H - mini_h) / 2, mini_w, mini_h))
        lay.paths.append([Region(("path", p, i), RIGHT_X + 10 + i * (PATH_MINI + PATH_MINI_GAP),
                                 y + ROW_H - PATH_MINI - 8, PATH_MINI, PATH_MINI)
                          for i in range(C.PATH_MAX)])


def _solo(lay: Layout) -> float:
    """Upper path, the turn track (spaces 10..1, empty, mushroom, empty), lower path; returns
    where they end."""
    x0 = RIGHT_X + 8
    upper_y = 70
    track_y = upper_y + SOLO_BOX + 14 + round(28 * lay.text_scale)   # room for its title
    lower_y = track_y + TRACK_H + 62
    for name, y in (("upper", upper_y), ("lower", lower_y)):
        lay.solo_paths[name] = [Region((name, i), x0 + 60 + i * (SOLO_BOX + 8), y, SOLO_BOX,
                                       SOLO_BOX) for i in range(C.SOLO.upper_path)]
        first, last = lay.solo_paths[name][0], lay.solo_paths[name][-1]
        lay.solo_ends.append(Region(("solo-end", name, "left"), first.x - 56, y, 54, SOLO_BOX))
        lay.solo_ends.append(Region(("solo-end", name, "right"), last.x + last.w + 2, y, 54,
                                    SOLO_BOX))
    lay.track = [Region(("track", i), x0 + i * (TRACK_W + 1), track_y, TRACK_W, TRACK_H)
                 for i in range(len(C.SOLO.track))]
    return lower_y + SOLO_BOX
