"""The score sheet: every score line with its rule, totals, winner(s) and the tie-break used."""
from __future__ import annotations

from html import escape

import ipywidgets as w

from .timeline import player_label


def _rule(rule_id: str) -> str:
    """A rule id that may wrap after its dots (narrow side panels)."""
    return f'<code title="{escape(rule_id, quote=True)}">{escape(rule_id).replace(".", ".<wbr>")}</code>'


def sheet_html(sheet, players: int) -> str:
    rows = []
    for p in range(players):
        lines = sheet.lines_for(p)
        for i, line in enumerate(lines):
            who = f'<th rowspan="{len(lines) + 1}">{escape(player_label(p))}</th>' if i == 0 else ""
            rows.append(f'<tr class="rx-score-line">{who}<td>{escape(line.label)}</td>'
                        f'<td class="rx-num">{line.points}</td><td>{_rule(line.rule)}</td></tr>')
        head = "" if lines else f'<th>{escape(player_label(p))}</th>'
        star = " ★ winner" if p in sheet.winners else ""
        rows.append(f'<tr class="rx-score-total">{head}<td><b>Total{star}</b></td>'
                    f'<td class="rx-num"><b>{sheet.totals.get(p, 0)}</b></td><td></td></tr>')
        for note in sheet.notes.get(p, []):
            rows.append(f'<tr><td></td><td colspan="3"><i>{escape(note)}</i></td></tr>')
    winners = ", ".join(player_label(p) for p in sheet.winners)
    tie = ""
    if sheet.tiebreak:
        rule = f" {_rule(sheet.tiebreak_rule)}" if sheet.tiebreak_rule else ""
        tie = f'<div class="rx-tiebreak">Tie-break: {escape(sheet.tiebreak)}{rule}</div>'
    totals = " · ".join(f"{escape(player_label(p))}: {sheet.totals.get(p, 0)}" for p in range(players))
    return (f'<div class="rx-winner"><b>Winner: {escape(winners)}</b></div>'
            f'<div class="rx-totals">Totals: {totals}</div>{tie}'
            f'<table class="rx-score-table"><tr><th>Player</th><th>What</th><th>Points</th>'
            f'<th>Rule</th></tr>{"".join(rows)}</table>')


class ScoreSheetView:
    """An HTML table (class rx-score); empty until the game is over."""

    def __init__(self):
        self.html = w.HTML()
        self.html.add_class("rx-score")
        self.widget = w.VBox([w.HTML("<h3>Score sheet</h3>"), self.html])
        self.sheet = None

    def show(self, state) -> None:
        """Show the final scores of `state`; None (or a running game) shows a placeholder."""
        if state is None or not state.is_over:
            self.sheet = None
            self.html.value = "<i>The score sheet appears when the game is over.</i>"
            return
        self.sheet = state.score()
        self.html.value = sheet_html(self.sheet, state.players)
