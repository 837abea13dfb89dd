"""A widget callback that raises: the traceback goes to the server's log, the visitor gets one
line, and the game stays as it was."""
from __future__ import annotations

import ipywidgets as w
import pytest
from IPython.core.interactiveshell import InteractiveShell

from widgets.shared.errors import VISITOR_TEXT, keep_tracebacks_on_server


@pytest.fixture
def shell():
    shell = InteractiveShell.instance()
    try:
        yield shell
    finally:
        InteractiveShell.clear_instance()


def test_a_failing_callback_is_logged_and_told_in_one_line(shell, capfd):
    told = []
    keep_tracebacks_on_server(told.append)
    button = w.Button()

    def fail(_):
        raise ZeroDivisionError("boom in a click")

    button.on_click(fail)
    button.click()  # ipywidgets catches the error and asks IPython to show it
    out, err = capfd.readouterr()
    assert told == [VISITOR_TEXT]
    assert "Traceback (most recent call last)" in err and "boom in a click" in err
    assert "Traceback" not in out and "boom" not in out


def test_an_app_routes_callback_errors_to_its_message_area(shell, capfd):
    from widgets.animals_on_board import app

    explorer = app(players=2, seed=1).explorer
    explorer.step("forward")
    before = explorer.timeline.index
    button = w.Button()
    button.on_click(lambda _: 1 / 0)
    button.click()
    assert VISITOR_TEXT in explorer.message.text
    assert explorer.timeline.index == before
    assert "ZeroDivisionError" in capfd.readouterr().err
