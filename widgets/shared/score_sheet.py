"""The score pad: final scores laid out like a paper pad, players as columns, categories as rows.

The engine explains every point with a score line (label, points, rule id). A game's view package
may register how its lines group into rows (`register_pad`); without that, lines group by rule
id. Rows keep the rule ids that decided them, then come the totals, the winner and the tie-break.
A game that is not won on points (Taluva ranks by buildings) registers its own `render` instead,
and a one-player sheet reads as a solo result: won or lost, with its score, and no winner named.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from html import escape
from typing import Callable, Hashable

import ipywidgets as w

from explorer.messages import Message, T

from .style import style_tag
from .timeline import player_label
from .page_words import PageWords

# The pad's style (a <style> element, placed beside style.CSS): fixed columns so four players fit
# a ~440 px side panel without scrolling; long rule ids wrap after their dots.
SCORE_CSS = style_tag("score_sheet.css")


@dataclass(frozen=True)
class Category:
    """Where one score line goes: its row (`key`, `title`, `order`) and a short note for the cell.

    `blank`: the line has nothing to say (e.g. no workers at a temple), so its cell stays empty
    and a row made only of such lines is left out."""

    key: Hashable
    title: str
    detail: str | tuple[str, ...] = ""   # a tuple: one short line each (e.g. one per tile)
    order: float = 0.0
    blank: bool = False


@dataclass(frozen=True)
class PadStyle:
    """How a game's score lines become rows, and its player colours (for the column swatches).
    `words` says a text in the page's language (the view sets it before a pad is drawn)."""

    categorize: Callable
    colours: tuple[str, ...] = ()
    render: Callable | None = None    # render(state, sheet, pad) -> HTML, for a pad of its own
    words: Callable[[object], str] = str


PADS: dict[str, PadStyle] = {}


def register_pad(game_name: str, categorize: Callable, colours=(), render=None) -> None:
    """Let a game's view package group its score lines (`categorize(line) -> Category`), or
    draw a pad of its own (`render(state, sheet, pad) -> HTML`) when points do not decide."""
    PADS[game_name] = PadStyle(categorize, tuple(colours), render)


def by_rule(line) -> Category:
    """The default grouping: one row per rule id, the whole label as the cell's note."""
    name = line.rule.rsplit(".", 1)[-1].replace("_", " ")
    return Category(line.rule, name[:1].upper() + name[1:], line.label)


@dataclass
class PadCell:
    points: int = 0
    details: list[str] = field(default_factory=list)


@dataclass
class PadRow:
    key: Hashable
    title: str
    order: float
    rules: list[str] = field(default_factory=list)
    cells: dict[int, PadCell] = field(default_factory=dict)   # player -> cell; missing = blank


def pad_rows(sheet, categorize: Callable = by_rule) -> list[PadRow]:
    """The pad's rows in order; lines with nothing to say are dropped, so are rows left empty."""
    rows: dict[Hashable, PadRow] = {}
    for line in sheet.lines:
        cat = categorize(line)
        if cat.blank:
            continue
        row = rows.setdefault(cat.key, PadRow(cat.key, cat.title, cat.order))
        if line.rule not in row.rules:
            row.rules.append(line.rule)
        cell = row.cells.setdefault(line.player, PadCell())
        cell.points += line.points
        details = cat.detail if isinstance(cat.detail, tuple) else (cat.detail,)
        cell.details.extend(d for d in details if d)
    appearance = {key: i for i, key in enumerate(rows)}
    return sorted(rows.values(), key=lambda r: (r.order, appearance[r.key]))


def short_label(player: int) -> Message:
    """"P1" for Player 1: four columns fit a narrow side panel."""
    return T("P{number}", number=player + 1)


def rule_code(rule_id: str) -> str:
    """A rule id that may wrap after its dots (narrow side panels)."""
    return (f'<code title="{escape(rule_id, quote=True)}">'
            f'{escape(rule_id).replace(".", ".<wbr>")}</code>')


def player_head(p: int, winners, colours, words: Callable[[object], str] = str) -> str:
    """A player's column heading: colour swatch, "P1", and a star for a winner (texts in
    `words`)."""
    css = "rx-player-col rx-winner-col" if p in winners else "rx-player-col"
    swatch = ""
    if p < len(colours):
        swatch = (f'<span class="rx-swatch" '
                  f'style="background: {escape(colours[p], quote=True)}"></span>')
    star = " ★" if p in winners else ""
    title = words(T("{player} (winner)", player=player_label(p)) if p in winners
                  else player_label(p))
    return (f'<th class="{css}" scope="col" title="{escape(title, quote=True)}">{swatch}'
            f'{escape(words(short_label(p)))}{star}</th>')


def _cell(cell: PadCell | None, css: str, words: Callable[[object], str] = str) -> str:
    if cell is None:
        return f'<td class="{css} rx-blank"></td>'
    details = "".join(f'<div class="rx-detail">{escape(words(d))}</div>' for d in cell.details)
    return f'<td class="{css}">{cell.points}{details}</td>'


def winner_line(sheet, players: int, words: Callable[[object], str] = str) -> str:
    """Who won; for a solo game, won or lost and its score (there is no one else to name);
    in `words`."""
    if players == 1:
        won = bool(sheet.winners)
        score = str(sheet.totals.get(0, 0)).replace("-", "−")
        result = T("Solo game won") if won else T("Solo game lost")
        return (f'<div class="rx-winner rx-solo-{"won" if won else "lost"}"><b>'
                f'{escape(words(result))}</b> · '
                f'{escape(words(T("score {score}", score=score)))}</div>')
    if not sheet.winners:
        return f'<div class="rx-winner"><b>{escape(words(T("No winner")))}</b></div>'
    names = tuple(player_label(p) for p in sheet.winners)
    return (f'<div class="rx-winner"><b>{escape(words(T("Winner: {names}", names=names)))}'
            f'</b> ★</div>')


def sheet_html(sheet, players: int, pad: PadStyle | None = None) -> str:
    """The pad as HTML (every interpolated string escaped), in the pad's `words`."""
    pad = pad or PadStyle(by_rule)
    say = pad.words
    winners = set(sheet.winners)
    cols = [("rx-num rx-winner-col" if p in winners else "rx-num") for p in range(players)]
    head = "".join(player_head(p, winners, pad.colours, say) for p in range(players))
    body = []
    for row in pad_rows(sheet, pad.categorize):
        rules = " ".join(rule_code(r) for r in row.rules)
        cells = "".join(_cell(row.cells.get(p), cols[p], say) for p in range(players))
        body.append(f'<tr class="rx-score-line"><th scope="row"><div class="rx-cat">'
                    f'{escape(say(row.title))}</div><div class="rx-rule-ids">{rules}</div></th>'
                    f'{cells}</tr>')
    totals = "".join(f'<td class="{cols[p]}">{sheet.totals.get(p, 0)}</td>'
                     for p in range(players))
    total = escape(say(T("Score") if players == 1 else T("Total")))
    body.append(f'<tr class="rx-score-total"><th scope="row">{total}</th>{totals}</tr>')
    if any(sheet.notes.get(p) for p in range(players)):
        notes = "".join(
            f'<td class="{cols[p].replace("rx-num", "rx-note")}">'
            + "<br>".join(escape(say(n)) for n in sheet.notes.get(p, [])) + "</td>"
            for p in range(players))
        body.append(f'<tr class="rx-notes"><th scope="row">{escape(say(T("Notes")))}</th>'
                    f'{notes}</tr>')
    tie = ""
    if sheet.tiebreak:
        rule = f" {rule_code(sheet.tiebreak_rule)}" if sheet.tiebreak_rule else ""
        why = (T("Result: {text}", text=sheet.tiebreak) if players == 1   # a solo game has
               else T("Tie-break: {text}", text=sheet.tiebreak))         # no tie to break
        tie = f'<div class="rx-tiebreak">{escape(say(why))}{rule}</div>'
    return (f'{winner_line(sheet, players, say)}'
            f'<table class="rx-score-pad"><colgroup><col class="rx-cat-col">'
            f'{"<col>" * players}</colgroup>'
            f'<thead><tr><th scope="col">{escape(say(T("Score")))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>{tie}')


class ScoreSheetView:
    """The score pad (an HTML widget of class rx-score); a placeholder until the game is over."""

    def __init__(self, words: PageWords | None = None):
        self.words = words = words or PageWords()
        self.html = w.HTML()
        self.html.add_class("rx-score")
        heading = w.HTML()
        words.keep(lambda say: setattr(heading, "value",
                                       f"<h3>{escape(say(T('Score sheet')))}</h3>"))
        self.widget = w.VBox([heading, self.html])
        self.sheet = None

    def show(self, state) -> None:
        """Show the final scores of `state`; None (or a running game) shows a placeholder."""
        if state is None or not state.is_over:
            self.sheet = None
            waiting = T("The score sheet appears when the game is over.")
            self.html.value = f"<i>{escape(self.words(waiting))}</i>"
            return
        self.sheet = state.score()
        pad = PADS.get(getattr(state.game, "name", ""))
        pad = replace(pad or PadStyle(by_rule), words=self.words)
        if pad.render is not None:
            self.html.value = pad.render(state, self.sheet, pad)
        else:
            self.html.value = sheet_html(self.sheet, state.players, pad)
