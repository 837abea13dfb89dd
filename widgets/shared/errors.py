"""Errors inside widget callbacks: logged on the server, one plain line for the visitor.

ipywidgets reports an exception raised by a callback (a click, a key, a changed value) through
IPython's `showtraceback`, which sends the whole traceback, with the server's file paths, over
the websocket to the page. In an app kernel that traceback goes to the server's log instead, and
the app says in one line that the action failed and the game is unchanged.
"""
from __future__ import annotations

import os
import sys
import traceback
from typing import Callable

from explorer.messages import Message, T

VISITOR_TEXT = T("Something went wrong with that action; the game is unchanged. "
                 "Try again, or reload the page.")


def keep_tracebacks_on_server(tell_visitor: Callable[[Message], None]) -> None:
    """In an IPython kernel, route every further traceback to the server log (the kernel's
    real stderr) and `tell_visitor` a short message instead. Outside IPython, do nothing."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return
    shell = get_ipython()
    if shell is None:
        return

    def showtraceback(exc_tuple=None, *args, **kwargs):
        kind, value, tb = exc_tuple or sys.exc_info()
        if kind is None:
            return
        text = "".join(traceback.format_exception(kind, value, tb))
        to_server_log(f"[rules-explorer] error in a widget callback:\n{text}")
        shell._last_traceback = []  # the execute reply still says "error", without the text
        tell_visitor(VISITOR_TEXT)

    shell.showtraceback = showtraceback


def to_server_log(text: str) -> None:
    """Write to the kernel's real stderr, which the server logs. The kernel forwards whatever is
    written to file descriptor 2 to the page, so write to the copy it keeps of the original."""
    original = getattr(sys.stderr, "_original_stdstream_copy", None)
    if original is None:
        print(text, file=sys.__stderr__, flush=True)
    else:
        os.write(original, text.encode("utf-8", "replace") + b"\n")
