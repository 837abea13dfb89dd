"""The Nim board view: heaps drawn as rows of counters, a click on a counter takes it and every
counter to its right.

Clicks only say which slot was pointed at; the move goes to the engine through `play`
(widgets/shared/board.py), which shows the engine's refusal (reason and rule) for an illegal one,
e.g. a click on an empty place.
"""
from __future__ import annotations

import ipywidgets as w

from explorer.messages import T

from widgets.shared.board import BoardView
from widgets.shared.board_text import Section, Table
from widgets.shared.scene import View, hit_test
from widgets.shared.timeline import player_label

from .controls import Controls
from .draw import header_text, scene, winner_of
from .layout import WIDTH, layout
from .pick import Hints, Pick, cursor_keys, move_hints, take_at


class NimBoard(BoardView):
    """Canvas (class rx-board) and the line under it; no shortcuts of its own beyond the
    shell's. The pointer over a counter marks the counters a click would take."""

    Pick, Hints, move_hints = Pick, Hints, staticmethod(move_hints)

    def __init__(self, width: int = WIDTH):
        super().__init__(width, 400, hover_wait=50)
        self.clicks = {"counter": self._counter_clicked}
        self.controls = Controls()
        self.note = self.controls.note
        self.widget = w.VBox([self.canvas.view, self.controls.note])

    # -- showing -------------------------------------------------------------------------
    def _draw(self) -> None:
        state = self.frame.state
        shown = state.view(self.viewer)
        self.layout = layout(shown, self.width, self.canvas.text_scale)
        hover = cursor_keys(state, self.cursor) if self.cursor is not None else self._pointed()
        view = View(self.hints, self.pick, self.playable, hover=hover, viewer=self.viewer,
                    words=self.say)
        self.canvas.show(scene(shown, view, self.layout))

    def _pointed(self) -> tuple:
        """The counters a click where the pointer is would take (none where it cannot)."""
        spot = self.hover
        if not self.playable or spot is None or spot not in self.hints.takes:
            return ()
        return cursor_keys(self.frame.state, take_at(self.frame.state, spot[1], spot[2]))

    def spot_at(self, x: float, y: float):
        key = hit_test(self.canvas.scene.regions, x, y)
        return key if key is not None and key[0] == "counter" else None

    # -- the keyboard and the screen reader -----------------------------------------------
    def move_group(self, action):
        """One group per heap."""
        return T("Take from heap {heap}", heap=action.heap + 1)

    def board_text(self, state, viewer: int | None) -> tuple:
        """The heaps as a table (left now, held at the set-up) and the players."""
        shown = state.view(viewer)
        rows = tuple((T("Heap {heap}", heap=h + 1), str(left), str(size))
                     for h, (left, size) in enumerate(zip(shown.heaps, shown.sizes)))
        heaps = Section(header_text(shown), table=Table(
            T("Heaps"), (T("Heap"), T("Counters left"), T("At the set-up")), rows))
        winner = winner_of(shown)
        players = []
        for p in range(shown.players):
            if shown.current_player == p:
                players.append(T("{player} (to move)", player=player_label(p)))
            elif winner is not None:
                players.append(T("{player}: {result}", player=player_label(p),
                                 result=T("wins") if p == winner else T("loses")))
            else:
                players.append(player_label(p))
        return (heaps, Section(T("Players"), tuple(players)))

    # -- picking -------------------------------------------------------------------------
    def _counter_clicked(self, key, x, y) -> None:
        """Take the counter clicked and every counter to its right (the engine decides)."""
        if self.refuse_unplayable():
            return
        _, heap, slot = key
        self.play(take_at(self.frame.state, heap, slot))
