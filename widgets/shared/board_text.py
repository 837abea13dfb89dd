"""The board as text: a position told as headed tables and lists, for a screen reader and for
anyone who would rather read than look.

A game's board gives `board_text(state, viewer)`: a tuple of `Section`s built from the state
alone (plain data, messages left untranslated); `board_text_html` says them in the page's
language as HTML with real table headers, so a screen reader can move by row and column.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable


@dataclass(frozen=True)
class Table:
    """A table with a caption: `columns` are the column headers, and the first cell of each row
    is that row's header."""

    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Section:
    """One part of the position under a heading: a table, a list of items, or both."""

    heading: str
    items: tuple[str, ...] = ()
    table: Table | None = None


def board_text_html(sections, say: Callable[[object], str]) -> str:
    """`sections` as HTML in the page's language (`say`), every text escaped."""
    parts = []
    for section in sections:
        parts.append(f'<section class="rx-board-text-section"><h4>{escape(say(section.heading))}'
                     f'</h4>')
        if section.items:
            parts.append("<ul>" + "".join(f"<li>{escape(say(item))}</li>"
                                          for item in section.items) + "</ul>")
        table = section.table
        if table is not None:
            head = "".join(f'<th scope="col">{escape(say(c))}</th>' for c in table.columns)
            body = "".join(
                "<tr>" + "".join((f'<th scope="row">{escape(say(cell))}</th>' if i == 0
                                  else f"<td>{escape(say(cell))}</td>")
                                 for i, cell in enumerate(row)) + "</tr>"
                for row in table.rows)
            parts.append(f"<table><caption>{escape(say(table.caption))}</caption>"
                         f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
        parts.append("</section>")
    return "".join(parts)
