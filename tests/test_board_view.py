"""The board base (widgets/shared/board.py) without a browser: a frame starts a fresh pick,
clicks go to the handler of their region's kind, the pointer and the keyboard cursor redraw,
the app is reached only through the base's few methods, and a zoomable board has its view
buttons and gestures. Each game's board is a BoardView that never touches the app itself."""
from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from widgets.shared.board import Board, BoardView
from widgets.shared.scene import Region, Scene

BOARDS = {"animals_on_board": "AnimalsBoard", "cacao": "CacaoBoard",
          "indian_summer": "IndianSummerBoard", "taluva": "TaluvaBoard"}


@dataclass
class Pick:
    rotation: int = 0
    chosen: str | None = None


@dataclass
class Hints:
    moves: list = field(default_factory=list)


class Controls:
    def __init__(self):
        self.words = None

    def use_words(self, words):
        self.words = words


class Toy(BoardView):
    """A board of one row of cells, 10 px each."""

    Pick, Hints, move_hints = Pick, Hints, staticmethod(lambda state: Hints(list(state)))

    def __init__(self, **kwargs):
        super().__init__(100, 20, **kwargs)
        self.controls = Controls()
        self.drawn = self.synced = self.pointed = 0
        self.seen: list = []
        self.offs = 0
        self.clicks = {"cell": lambda key, x, y: self.seen.append((key, x, y))}

    def fresh_pick(self):
        return Pick(chosen="first")

    def _draw(self):
        self.drawn += 1
        scene = Scene(100, 20)
        scene.regions = [Region(("cell", i), 10 * i, 0, 10, 20) for i in range(5)]
        self.canvas.show(scene)
        self.layout = object()

    def _sync_controls(self):
        self.synced += 1

    def _draw_pointer(self):
        self.pointed += 1

    def _clicked_off(self):
        self.offs += 1

    def spot_at(self, x, y):
        return int(x // 10)

    def can_turn(self):
        return self.pick.chosen is not None


class Session:
    """What a board asks of widgets/shared/session.py's Session."""

    def __init__(self, playable=True):
        self.told, self.tried, self.heard = [], [], {}
        self.playable = playable
        self.viewer = 1
        self.timeline = SimpleNamespace(frames=[SimpleNamespace(state="first"),
                                                SimpleNamespace(state="last")],
                                        frame=frame(), playable=lambda: self.playable)

    def on(self, change, hear):
        self.heard.setdefault(change, []).append(hear)

    def tell(self, text):
        self.told.append(text)

    def play(self, action):
        self.tried.append(action)
        return True

    def refuse_unplayable(self):
        return not self.playable


def frame(state=("a", "b")):
    return SimpleNamespace(state=state)


def test_a_new_frame_starts_a_fresh_pick_and_draws_then_syncs():
    board = Toy()
    first = frame()
    board.show(first, None, True)
    assert board.pick == Pick(chosen="first") and board.hints == Hints(["a", "b"])
    assert (board.drawn, board.synced) == (1, 1)
    board.select(chosen="other")
    board.cursor = "x"
    board.show(first, 1, False)              # the same frame: the pick stays, no moves
    assert board.pick.chosen == "other" and board.cursor == "x"
    assert board.hints == Hints() and board.viewer == 1
    board.show(frame(), None, True)          # a new one: fresh again, no cursor
    assert board.pick.chosen == "first" and board.cursor is None


def test_clicks_go_to_their_region_kinds_handler():
    board = Toy()
    board.canvas.click(25, 5)                # no frame yet: nothing
    assert board.seen == [] and board.offs == 0
    board.show(frame(), None, True)
    board.canvas.click(25, 5)
    assert board.seen == [(("cell", 2), 25, 5)]
    board.canvas.scene.regions.append(Region(("other",), 60, 0, 10, 10))
    board.canvas.click(65, 5)                # a kind without a handler: nothing
    board.canvas.scene.regions = []
    board.canvas.click(65, 5)                # no region
    assert len(board.seen) == 1 and board.offs == 1


def test_turning_and_the_turn_keys():
    board = Toy()
    board.keys = board._turn_keys()
    board.rotate(1)                          # no frame: nothing
    assert board.pick.rotation == 0
    board.show(frame(), None, True)
    board.keys["E"]()
    board.keys["r"]()
    board.keys["q"]()
    assert board.pick.rotation == 1
    board.rotate(-2)
    assert board.pick.rotation == 3          # TURNS = 4
    board.pick = Pick()                      # nothing chosen: cannot turn
    board.rotate(1)
    assert board.pick.rotation == 0


def test_the_cursor_and_the_pointer_draw_only_what_they_change():
    board = Toy(hover_wait=50)
    board.preview("move")                    # no frame: kept, not drawn
    assert board.cursor == "move" and board.pointed == 0
    board.show(frame(), None, True)
    board.preview("move")
    assert board.pointed == 1
    board._on_pointer({"type": "mousemove", "relativeX": 35, "relativeY": 5,
                       "boundingRectWidth": 100, "boundingRectHeight": 20})
    assert board.hover == 3 and board.pointed == 2
    board._on_pointer({"type": "mousemove", "relativeX": 36, "relativeY": 5,
                       "boundingRectWidth": 100, "boundingRectHeight": 20})
    assert board.pointed == 2                # the same cell: nothing to draw
    board._on_pointer({"type": "mousemove", "relativeX": float("nan"), "relativeY": 5,
                       "boundingRectWidth": 100, "boundingRectHeight": 20})
    assert board.hover is None
    board._on_pointer("junk")
    assert board.pointed == 3


def test_the_session_is_reached_through_the_bases_methods():
    board = Toy()
    assert board.say("x") == "x" and board.last_state() is None
    assert board.play("move") is False and board.refuse_unplayable() is True
    board.tell("lost")                        # no session: nothing to say it in
    session, words = Session(), (lambda m: f"<{m}>")
    board.attach(session, words)
    assert board.controls.words is words and board.say("x") == "<x>"
    board.tell("hello")
    assert board.play("move") is True and board.refuse_unplayable() is False
    assert session.told == ["hello"] and session.tried == ["move"]
    assert board.last_state() == "last"
    session.playable = False
    assert board.refuse_unplayable() is True


def test_the_board_draws_the_sessions_step_when_told():
    board, session = Toy(), Session()
    board.attach(session, str)
    (hear,) = session.heard["step"]
    hear()
    assert board.frame is session.timeline.frame and board.viewer == 1 and board.playable


def test_a_zoomable_board_has_its_view_buttons_and_gestures():
    def make_button(text, css, tip, width):
        return SimpleNamespace(text=text, css=css, width=width, on_click=lambda handler: None)

    board = Toy()
    buttons = board._zoomable(make_button, "fit all", ("1px", "2px", "3px"))
    assert [b.css for b in buttons] == ["rx-zoom-out", "rx-fit", "rx-zoom-in", "rx-pan-left",
                                        "rx-pan-up", "rx-pan-down", "rx-pan-right"]
    assert (board.zoom, board.pan) == (1.0, (0.0, 0.0))
    assert board.gestures in board.canvas.view.children
    board.set_view(99, (1, "2"))              # no frame: kept, clamped, not drawn
    assert (board.zoom, board.pan, board.drawn) == (3.0, (1.0, 2.0), 0)
    board.show(frame(), None, True)
    board.set_view(1.0, (0, 0))
    assert board.drawn == 2


def test_the_shells_name_for_a_board_is_the_base():
    assert Board is BoardView


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_each_game_board_is_a_board_view_that_leaves_the_app_to_the_base(game):
    module = importlib.import_module(f"widgets.{game}.board")
    cls = getattr(module, BOARDS[game])
    assert issubclass(cls, BoardView)
    source = inspect.getsource(module)
    assert "self.app" not in source and "try_action" not in source
    for name in ("_draw", "move_group", "board_text"):
        assert getattr(cls, name) is not getattr(BoardView, name), f"{game} lacks {name}"
