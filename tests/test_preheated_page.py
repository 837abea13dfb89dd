"""A preheated kernel builds the whole page before a visitor comes (Voila runs the notebook ahead;
the page's request arrives later): the board's first drawing is made then and sent as it is when
the page attaches; what the visitor's address asks for costs only what differs from the page
built; tabs and the class panel nobody opened are not built yet, and work when they are."""
from __future__ import annotations

import importlib
import json

import pytest
from ipycanvas import canvas as ipycanvas_canvas

from app_driving import models_in
from widgets.shared import canvas as board_canvas
from widgets.shared import app as shell
from widgets.shared import share_panel
from widgets.shared.app import HISTORY_TAB, RULES_TAB


def preheated(monkeypatch, game: str = "cacao", query: str = "", accept: str = "",
              **kwargs):
    """Build `game`'s app as a preheated kernel does: the page's request (`query`) comes while
    the app waits for it. Returns the app and what it was like just before the request."""
    before = {}
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", accept)
    built = []

    def request_comes():
        app = built[0]
        before.update(timeline=app.session.timeline, encoded=app.board.canvas.encoded,
                      drawing=commands(app.board.canvas.drawing()), scene=app.board.canvas.scene)
        monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setattr(share_panel, "_wait_for_page_request", request_comes)
    original = shell.ExplorerApp._preheat

    def preheat(app):               # what the app does before the page's request
        original(app)
        built.append(app)
    monkeypatch.setattr(shell.ExplorerApp, "_preheat", preheat)
    root = importlib.import_module(f"widgets.{game}").app(**kwargs)
    assert built, "the board's drawing was not made before the page's request"
    return root.explorer, before


def commands(batch) -> list:
    """The drawing commands of a batch as sent (`ipycanvas_wire.recorded`)."""
    metadata, buffers = batch
    return json.loads(bytes(buffers[0]))


@pytest.fixture
def sent(monkeypatch):
    """What ipycanvas' manager sends to the page: (commands, buffers) of each message."""
    messages = []
    manager = ipycanvas_canvas._CANVAS_MANAGER
    monkeypatch.setattr(manager, "send",
                        lambda content, buffers=None: messages.append(
                            (json.loads(bytes(buffers[0])), buffers[1:])))
    return messages


@pytest.fixture
def drawn(monkeypatch):
    """How many times shapes were turned into drawing commands."""
    count = []
    original = board_canvas.draw_shapes
    monkeypatch.setattr(board_canvas, "draw_shapes",
                        lambda *a, **k: (count.append(1), original(*a, **k))[1])
    return count


def attach(app) -> None:
    """A page attaches to the board's canvas."""
    app.board.canvas.widget._handle_custom_msg({"event": "client_ready"}, [])


def fresh_drawing(app) -> list:
    """The board's drawing made anew from its scene (nothing kept)."""
    canvas = app.board.canvas
    canvas._batches, canvas._batches_of = {}, None
    return commands(canvas.drawing())


def texts_of(drawing: list) -> list[str]:
    fill_text = ipycanvas_canvas.COMMANDS["fillText"]
    return [c[1][0] for c in drawing if isinstance(c, list) and c and c[0] == fill_text]


@pytest.mark.parametrize("game, query", [("cacao", ""), ("cacao", "lang=en"),
                                         ("taluva", "players=3&seed=1")])
def test_the_first_drawing_is_the_one_made_before_the_page_came(monkeypatch, sent, drawn, game,
                                                                query):
    app, before = preheated(monkeypatch, game, query, players=3, seed=1)
    assert app.session.timeline is before["timeline"]     # the same game: not set up again
    drawn.clear()
    attach(app)
    assert drawn == [] and app.board.canvas.encoded == before["encoded"]
    assert len(sent) == 1 and sent[0][0] == before["drawing"]
    switch = ipycanvas_canvas.COMMANDS["switchCanvas"]
    assert sent[0][0][0][0] == switch                      # names its canvas first
    assert sent[0][0] == fresh_drawing(app)                # and is the board as it is now
    drawn.clear()
    attach(app)                                            # a reload: the same, sent again
    assert drawn == [] and len(sent) == 2 and sent[1][0] == sent[0][0]


@pytest.mark.parametrize("query", ["players=4", "step=4", "lang=ko"])
def test_an_address_that_changes_the_board_gets_its_own_drawing(monkeypatch, sent, query):
    app, before = preheated(monkeypatch, "cacao", query, players=3, seed=1)
    attach(app)
    assert len(sent) == 1
    picture = sent[0][0]
    assert picture != before["drawing"]
    assert picture == fresh_drawing(app)
    if query == "players=4":
        assert app.players == 4
    elif query == "step=4":
        assert app.timeline.index == 3
    else:                       # a language: the same game, its words said again
        assert app.session.timeline is before["timeline"] and app.words.lang == "ko"
        assert texts_of(picture) != texts_of(before["drawing"])


def test_the_browser_language_switches_only_the_words(monkeypatch, sent):
    app, before = preheated(monkeypatch, "cacao", "", accept="hu-HU,hu;q=0.9", players=3,
                            seed=1)
    assert app.words.lang == "hu" and app.language.lang == "hu"
    assert app.session.timeline is before["timeline"]
    assert app.tabs.titles[RULES_TAB] != "Rules"
    attach(app)
    assert sent[0][0] == fresh_drawing(app)


def test_a_picture_for_a_sharp_screen_is_made_ahead_too(monkeypatch, sent, drawn):
    app, before = preheated(monkeypatch, "cacao", "", players=3, seed=1)
    drawn.clear()
    app.board.canvas.pixel_ratio.value = 2.0         # the page reports its screen
    attach(app)
    assert drawn == [] and len(sent) == 1
    transform = ipycanvas_canvas.COMMANDS["setTransform"]
    assert [2.0, 0, 0, 2.0, 0, 0] in [c[1] for c in sent[0][0] if c[0] == transform]


def test_a_new_frame_after_the_first_is_drawn_anew(monkeypatch, sent, drawn):
    app, before = preheated(monkeypatch, "cacao", "", players=3, seed=1)
    attach(app)
    drawn.clear()
    app.bar.last.click()
    assert drawn and len(sent) == 2 and sent[1][0] != sent[0][0]
    assert sent[1][0] == fresh_drawing(app)


def classes_of(widgets) -> set[str]:
    return {css for m in widgets for css in getattr(m, "_dom_classes", ())}


def open_widgets(but=()) -> list:
    """The widget models the kernel holds (a page loads every one), but those in `but`."""
    from ipywidgets.widgets.widget import _instances
    return [widget for model_id, widget in list(_instances.items()) if model_id not in but]


def models_ids() -> set:
    return {widget.model_id for widget in open_widgets()}


def test_the_history_is_built_when_first_opened_and_shows_every_step_so_far(monkeypatch):
    others = models_ids()
    app, _ = preheated(monkeypatch, "cacao", "step=4", players=3, seed=1)
    pane = app.tabs.children[HISTORY_TAB]
    assert pane.children == () and "log" not in vars(app)
    assert "rx-log-entry" not in classes_of(open_widgets(but=others))
    app.bar.forward.click()                           # steps while the History is closed
    app.tabs.selected_index = HISTORY_TAB             # as a click or the arrow keys do
    box = next(c for c in pane.children if "rx-log" in getattr(c, "_dom_classes", ()))
    entries = list(box.children)
    assert {id(e) for e in entries} <= {id(m) for m in models_in(app.root).values()}
    assert all("rx-log-entry" in e._dom_classes for e in entries)
    assert len(entries) == len(app.timeline.frames)
    assert [i for i, b in enumerate(entries) if "rx-current" in b._dom_classes] == [4]
    assert "rx-history" in pane._dom_classes and "rx-tab-pane" in pane._dom_classes
    entries[1].click()                                # it works: a click jumps there
    assert app.timeline.index == 1 and "rx-current" in entries[1]._dom_classes
    app.tabs.selected_index = RULES_TAB
    app.bar.forward.click()                           # and it follows, closed again
    assert "rx-current" in entries[2]._dom_classes


def test_the_class_panel_is_built_when_a_class_begins(monkeypatch):
    others = models_ids()
    app, _ = preheated(monkeypatch, "cacao", "", players=3, seed=1)
    assert not {"rx-class-ask", "rx-class-status"} & classes_of(open_widgets(but=others))
    assert "rx-hidden" in app.classes.widget._dom_classes
    assert "rx-hidden" not in app.classes.button._dom_classes
    app.classes.role, app.classes.code = "leading", "ABC1234"
    app.classes._show()
    shown = classes_of(models_in(app.root).values())
    assert {"rx-class-ask", "rx-class-end", "rx-class-show-join"} <= shown
    assert "rx-hidden" not in app.classes.widget._dom_classes
    assert "ABC1234" in app.classes.status.value


