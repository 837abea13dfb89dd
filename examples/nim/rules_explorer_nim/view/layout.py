"""Where everything of a Nim position goes, in CSS pixels (pure, no widgets).

One row per heap: its label at the left, then one slot per counter the heap held at the set-up.
A slot holds a counter while the heap still has that many; the rest stay as empty places, so a
row keeps its length as counters leave. Keys: ("counter", h, j) slot j of heap h (0-based, from
the left), ("row", h) the heap's row, ("seat", p) player p's name plate. Before the set-up lays
the heaps out, the counters lie in the box: ("box", 0) its row, ("counter", -1, j) counter j.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from widgets.shared.scene import Region

from ..components import COUNTERS

WIDTH = 760
MARGIN = 16
HEADER_H = 44
ROW_H = 84
ROW_GAP = 10
LABEL_W = 200
COUNTER = 56                    # a counter's diameter
GAP = 16
SEAT_H = 48


@dataclass(frozen=True)
class Box(Region):
    """A place on the board; `filled`: a counter lies there (else an empty place)."""

    filled: bool = False


@dataclass
class Layout:
    width: int
    height: int = 0
    text_scale: float = 1.0
    rows: list[Box] = field(default_factory=list)
    counters: list[Box] = field(default_factory=list)
    seats: list[Box] = field(default_factory=list)

    def box(self, key) -> Box | None:
        for b in self.counters + self.rows + self.seats:
            if b.key == key:
                return b
        return None


def header_h(text_scale: float = 1.0) -> float:
    return max(HEADER_H, round(20 * text_scale) + 16)


def label_w(text_scale: float = 1.0) -> float:
    return round(LABEL_W * max(1.0, text_scale))


def layout(state, width: int = WIDTH, text_scale: float = 1.0) -> Layout:
    """The box of every heap row, counter slot and name plate of `state`, `width` wide."""
    lay = Layout(width=int(width), text_scale=float(text_scale))
    y = header_h(text_scale)
    left = MARGIN + label_w(text_scale)
    if not state.sizes:                     # set-up: every counter still in the box
        per_row = max(1, int((width - MARGIN - left) // (COUNTER + GAP)))
        lines = -(-COUNTERS // per_row)
        box_h = lines * (COUNTER + GAP) + GAP
        lay.rows.append(Box(("box", 0), MARGIN, y, width - 2 * MARGIN, box_h))
        for j in range(COUNTERS):
            x = left + (j % per_row) * (COUNTER + GAP)
            lay.counters.append(Box(("counter", -1, j), x, y + GAP + (j // per_row) * (COUNTER + GAP),
                                    COUNTER, COUNTER, filled=True))
        y += box_h + ROW_GAP
    for h, size in enumerate(state.sizes):
        lay.rows.append(Box(("row", h), MARGIN, y, width - 2 * MARGIN, ROW_H))
        for j in range(size):
            x = left + j * (COUNTER + GAP)
            lay.counters.append(Box(("counter", h, j), x, y + (ROW_H - COUNTER) / 2, COUNTER,
                                    COUNTER, filled=j < state.heaps[h]))
        y += ROW_H + ROW_GAP
    seat_w = (width - 2 * MARGIN - ROW_GAP) / max(1, state.players)
    seat_h = max(SEAT_H, round(18 * text_scale) + 24)
    for p in range(state.players):
        lay.seats.append(Box(("seat", p), MARGIN + p * (seat_w + ROW_GAP), y + 4,
                             seat_w, seat_h))
    lay.height = int(y + 4 + seat_h + MARGIN)
    return lay


def slots_right_of(heap_size: int, j: int) -> int:
    """How many counters a click on slot j takes: that counter and every one to its right
    (none on an empty place: the engine refuses that)."""
    return max(0, heap_size - j)
