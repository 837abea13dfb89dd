"""What the app shell (app.py) needs of a game's board view: the `Board` protocol.

Every game's view package has the same files, each with one role:

- `board.py`: the Board class (canvas plus the wiring to the app; satisfies `Board`),
- `draw.py`: the pure `scene(state, view, lay)` for a position (shapes, no widgets; `view`
  is the `View` of scene.py: hints, pick, playable, hover, viewer, score sheet),
- `layout.py`: where things go on the canvas,
- `pick.py`: `Hints` (the legal moves by board position, from the engine's legal actions),
  `Pick` (what the person picked so far) and `move_hints(state)`,
- `controls.py`: the game's widgets beside the canvas, built in one `Controls` class that the
  board composes,
- `score_pad.py`: how the game's score lines sit on the score pad.
"""
from __future__ import annotations

from typing import Callable, Protocol, runtime_checkable

import ipywidgets as w

from .canvas import BoardCanvas


@runtime_checkable
class Board(Protocol):
    """A game's board view, as the shell (`ExplorerApp`) and its panels use it.

    - `widget`: the board's whole view (canvas and controls), put in the page's main column.
    - `canvas`: its BoardCanvas; the shell sets its text scale in projector mode and the Share
      tab asks it for a picture.
    - `keys`: {key: callable} of the board's own shortcuts (e.g. turning a tile), heard in the
      whole page; may be empty.
    - `attach(app)`: called once by the shell; the board calls `app.try_action(action)` for
      moves (and `app.message`, `app.refuse_unplayable()` to explain).
    - `show(frame, viewer, playable)`: draw timeline frame `frame` as seat `viewer` (None: all
      open) sees it; `playable`: moves can be made from it.

    A board may also offer `tabs` ({title: widget}) for side tabs of its own; the shell looks
    for it with getattr, so it is not part of the protocol.

    For the keyboard and the screen reader (access.py), every board also gives:
    - `preview(action)`: draw `action`, one of the shown frame's legal actions, as the keyboard
      cursor: the board's own hover or ghost for that move, and its place outlined (thick and
      dashed, not colour alone); None draws no cursor. It changes no move already picked.
    - `move_group(action)`: the title of the Moves list's group `action` is in (a message,
      e.g. the tile it places or the kind of move), so a long list reads in groups.
    - `board_text(state, viewer)`: the position as board_text.py's `Section`s, as `viewer`
      (None: all open) sees it.
    """

    widget: w.Widget
    canvas: BoardCanvas
    keys: dict[str, Callable[[], object]]

    def attach(self, app) -> None: ...

    def show(self, frame, viewer: int | None, playable: bool) -> None: ...

    def preview(self, action) -> None: ...

    def move_group(self, action) -> str: ...

    def board_text(self, state, viewer: int | None) -> tuple: ...
