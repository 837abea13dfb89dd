"""The score pad without a browser: players as columns, categories as rows, totals and winner."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

import explorer
import registered
from explorer import bots
from explorer.core import ScoreLine, ScoreSheet
from widgets.animals_on_board.score_pad import categorize as aob_rows
from widgets.cacao.draw import PLAYER_COLOURS
from widgets.cacao.score_pad import categorize as cacao_rows
from widgets.shared.score_sheet import (PADS, SCORE_CSS, PadStyle, ScoreSheetView, pad_rows,
                                        sheet_html)

CACAO = explorer.GAMES["cacao"]
AOB = explorer.GAMES["animals_on_board"]


class _Table(HTMLParser):
    """Rows of the pad as lists of (tag, classes, text) cells."""

    def __init__(self):
        super().__init__()
        self.rows: list[tuple[str, list]] = []
        self._cell = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr":
            self.rows.append((attrs.get("class") or "", []))
        elif tag in ("td", "th") and self.rows:
            self._cell = [tag, (attrs.get("class") or "").split(), ""]
            self.rows[-1][1].append(self._cell)
        elif tag == "br" and self._cell is not None:
            self._cell[2] += " | "

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[2] += data


def table(html: str) -> list[tuple[str, list]]:
    parser = _Table()
    parser.feed(html)
    return parser.rows


def cacao_sheet() -> ScoreSheet:
    """Four players; only players 1 and 3 have workers at the first temple."""
    lines = [ScoreLine(p, f"gold collected during the game: {g}", g, "cacao.scoring.gold")
             for p, g in enumerate((10, 7, 3, 7))]
    temple = {0: (0, 0), 1: (2, 6), 2: (0, 0), 3: (1, 3)}
    for p, (n, pts) in temple.items():
        rule = "cacao.scoring.temples"
        lines.append(ScoreLine(p, f"temple 1 at (3, -2): {n} adjacent workers -> {pts} (why)",
                               pts, rule, {"temple": 1, "cell": (3, -2), "workers": n,
                                           "top_tile": False}))
    lines += [ScoreLine(p, f"temple 2 at (0, 4): 0 adjacent workers -> 0 (why)", 0,
                        "cacao.scoring.temples", {"temple": 2, "cell": (0, 4), "workers": 0,
                                                  "top_tile": False})
              for p in range(4)]       # nobody: no row
    lines += [ScoreLine(p, f"{s} sun tokens left x 1", s, "cacao.scoring.sun")
              for p, s in enumerate((1, 0, 2, 0))]
    lines += [ScoreLine(p, f"water carrier on field {f} of 9: Player {p + 1} gets 0",
                        v, "cacao.scoring.water", {"field": f, "fields": 9})
              for p, (f, v) in enumerate(
                            ((4, 0), (1, -10), (6, 4), (5, 2)))]
    totals = {0: 11, 1: 3, 2: 9, 3: 12}
    return ScoreSheet(totals, [3], lines, "", None,
                      {p: [f"{p} cacao left (tie-break only)"] for p in range(4)})


def test_players_are_columns_and_each_temple_is_one_row_with_blanks():
    html = sheet_html(cacao_sheet(), 4, PadStyle(cacao_rows, PLAYER_COLOURS))
    rows = table(html)
    head = rows[0][1]
    assert [c[2].strip() for c in head[1:]] == ["P1", "P2", "P3", "P4 ★"]
    assert html.count('class="rx-swatch"') == 4 and PLAYER_COLOURS[0] in html
    body = {cells[0][2]: (css, cells[1:]) for css, cells in rows[1:]}
    titles = [t for t in body if t.startswith("Temple")]
    assert len(titles) == 1 and titles[0].startswith("Temple 1 at (3,\u00a0-2)")
    assert "cacao.scoring.temples" in titles[0]          # the row's rule id
    _, temple = body[titles[0]]
    assert [c[2] for c in temple] == ["", "6" + "2 workers", "", "3" + "1 worker"]
    assert ["rx-blank" in c[1] for c in temple] == [True, False, True, False]
    assert not any(t.startswith("Temple 2") for t in body)   # no one at temple 2: no row
    css, total = body["Total"]
    assert css == "rx-score-total" and [c[2] for c in total] == ["11", "3", "9", "12"]
    assert [("rx-winner-col" in c[1]) for c in total] == [False, False, False, True]
    assert all("rx-winner-col" in cells[4][1] for _, cells in rows)     # the whole column
    _, notes = body["Notes"]
    assert notes[2][2] == "2 cacao left (tie-break only)"
    assert '<table class="rx-score-pad">' in html and "Winner: Player 4" in html


def test_rows_follow_the_games_order_and_keep_zero_rows_that_say_something():
    sheet = cacao_sheet()
    titles = [r.title for r in pad_rows(sheet, cacao_rows)]
    assert titles == ["Gold collected", "Temple 1 at (3,\u00a0-2)", "Sun tokens (1 each)",
                      "Water carrier"]
    water = pad_rows(sheet, cacao_rows)[-1]
    assert {p: (c.points, c.details) for p, c in water.cells.items()} == {
        0: (0, ["field 4/9"]), 1: (-10, ["field 1/9"]), 2: (4, ["field 6/9"]),
        3: (2, ["field 5/9"])}


def test_a_real_cacao_game_keeps_every_point_and_drops_empty_temple_cells():
    states, _ = bots.play(CACAO.setup(4, 3), bots.RandomBot(2))
    final = states[-1]
    sheet = final.score()
    rows = pad_rows(sheet, cacao_rows)
    for p in range(4):                                   # nothing lost by grouping
        assert sum(r.cells[p].points for r in rows if p in r.cells) == sheet.totals[p]
    temples = [r for r in rows if r.key[0] == "temple"]
    assert len({r.key for r in temples}) == len(temples)
    for r in temples:
        assert all(not c.details[0].startswith("0 workers") for c in r.cells.values())
    view = ScoreSheetView()
    assert PADS["cacao"].categorize is cacao_rows        # registered by widgets.cacao
    view.show(final)
    assert view.html.value.count('class="rx-score-line"') == len(rows)


def test_animals_rows_sum_singles_and_list_the_tiles():
    states, _ = bots.play(AOB.setup(4, 3), bots.RandomBot(2))
    sheet = states[-1].score()
    rows = {r.key: r for r in pad_rows(sheet, aob_rows)}
    assert list(rows)[:1] == ["pairs"] and "crates" in rows and "single" in rows
    singles = rows["single"]
    for p, cell in singles.cells.items():
        lines = [l for l in sheet.lines_for(p) if l.rule == "animals_on_board.scoring.single"]
        assert cell.points == sum(l.points for l in lines) and len(cell.details) == len(lines)
    words = [w for r in rows.values() for c in r.cells.values() for d in c.details
             for w in d.split()]
    assert words and max(map(len, words)) <= 9           # each word fits a narrow column
    for p in range(4):
        assert sum(r.cells[p].points for r in rows.values() if p in r.cells) == sheet.totals[p]


def test_every_string_is_escaped_and_unknown_games_group_by_rule():
    sheet = ScoreSheet({0: 1, 1: 1}, [0, 1],
                       [ScoreLine(0, "<b>bold</b> & co", 1, "demo.scoring.odd_bits"),
                        ScoreLine(1, "x", 1, "demo.scoring.odd_bits")],
                       "tie <broken>", "demo.scoring.winner", {0: ["<i>note</i>"]})
    html = sheet_html(sheet, 2)
    assert "<b>bold" not in html and "&lt;b&gt;bold&lt;/b&gt; &amp; co" in html
    assert "&lt;i&gt;note" in html and "tie &lt;broken&gt;" in html
    assert "Odd bits" in html and html.count('class="rx-score-line"') == 1
    assert "demo.<wbr>scoring.<wbr>winner" in html                    # tie-break rule id
    assert html.count("★") == 3                                         # shared victory


def test_the_pad_css_is_a_style_element_for_the_app():
    assert SCORE_CSS.strip().startswith("<style>") and SCORE_CSS.strip().endswith("</style>")
    for name in ("rx-score-pad", "rx-score-total", "rx-winner-col"):
        assert "." + name in SCORE_CSS


def pad_cases():
    """Each game at the player counts its tests/games/<name>.py gives as SCORE_PAD_PLAYERS."""
    for name in registered.names():
        players = registered.need(name, "SCORE_PAD_PLAYERS",
                                  "the player counts whose score pads to check (a tuple)") \
            if registered.checks_path(name).exists() else (None,)
        for count in players:
            yield pytest.param(name, count, id=f"{name}-{count}")


@pytest.mark.parametrize("name,players", list(pad_cases()))
def test_a_pad_reads_the_lines_facts_not_their_wording(name, players):
    """Reworded score lines (another language, a new phrasing) give the very same pad: rows,
    notes and points come from rule ids and facts, never from the English labels."""
    import dataclasses
    registered.checks(name)                             # a game without its file fails here
    registered.app_factory(name)                        # the app's package registers its pad
    states, _ = bots.play(explorer.GAMES[name].setup(players, 5), bots.RandomBot(3))
    sheet = states[-1].score()
    reworded = dataclasses.replace(sheet, lines=[dataclasses.replace(line, label="…")
                                                 for line in sheet.lines])
    rows = PADS[name].categorize
    assert pad_rows(reworded, rows) == pad_rows(sheet, rows)
    assert any(cell.details for row in pad_rows(sheet, rows) for cell in row.cells.values())
