"""Taluva's score pad: a ranking, not a sum. Taluva has no points: the most temples wins, a tie
goes to towers, then to huts. The pad shows what each player built, row by row in that order,
marks who leads at each step of the chain the engine walked, greys what was never compared, and
ends with each player's result; the sentence that decided it comes first, under the
winner. What is left in the supply is on the board, not repeated here.

Everything comes from the engine's `standings` (counts, eliminations, the chain's steps, rule
ids); nothing is read out of the score lines' English labels.
"""
from __future__ import annotations

from html import escape

from explorer.taluva.scoring import RANK_ORDER, standings
from explorer.messages import T

from ..shared.score_sheet import player_head, rule_code, winner_line

TITLES = {"temple": T("Temples"), "tower": T("Towers"), "hut": T("Huts")}
FEWER = {"temple": T("fewer temples"), "tower": T("fewer towers"), "hut": T("fewer huts")}
DECIDED = {"temple": T("not needed: decided by temples"),
           "tower": T("not needed: decided by towers"), "hut": T("not needed: decided by huts")}


def _cell(text: str, css: list[str], details=(), title: str = "") -> str:
    notes = "".join(f'<div class="rx-detail">{escape(d)}</div>' for d in details)
    tip = f' title="{escape(title, quote=True)}"' if title else ""
    return f'<td class="{" ".join(css)}"{tip}>{escape(text)}{notes}</td>'


def _row(title: str, note: str, rules, cells: str, css: str = "rx-score-line") -> str:
    codes = " ".join(rule_code(r) for r in rules)
    codes = f'<div class="rx-rule-ids">{codes}</div>' if codes else ""
    note = f'<div class="rx-step-note">{escape(note)}</div>' if note else ""
    return (f'<tr class="{css}"><th scope="row"><div class="rx-cat">{escape(title)}</div>'
            f'{note}{codes}</th>{cells}</tr>')


def _kind_row(st, kind: str, number: int, players: int, base: list[list[str]], say) -> str:
    """One kind's counts; at a step of the chain, the leaders marked and the others compared."""
    step = next((s for s in st.steps if s.kind == kind), None)
    note = ""
    if st.end == "ranking" and step is None:
        note = say(DECIDED[st.steps[-1].kind])
    cells = []
    for p in range(players):
        css = list(base[p])
        details = []
        if kind == "hut" and st.removed[p]:
            details.append(say(T("{n} lost to lava", n=st.removed[p])))
        title = ""
        if st.end == "ranking" and (step is None or p not in step.compared):
            css.append("rx-not-compared")
            title = say(T("not compared"))
        elif step is not None and p in step.leaders:
            css.append("rx-lead")
            details.insert(0, say(T("most, tied") if len(step.leaders) > 1 else T("most")))
        cells.append(_cell(str(st.built[p][kind]), css, details, title))
    title = say(T("{number}. {kind}", number=number, kind=TITLES[kind]))
    return _row(title, note, st.rules[kind], "".join(cells))


def _result(st, p: int) -> str:
    """A player's result in words (a message): winner, out, or the kind they had fewer of."""
    if p in st.winners:
        return T("winner")
    if p in st.eliminated:
        return T("eliminated")
    for step in st.steps:
        if p in step.compared and p not in step.leaders:
            return FEWER[step.kind]
    return "—"


def ranking_html(state, sheet, pad=None) -> str:
    """The ranking pad as HTML (every interpolated string escaped), in the pad's words."""
    say = getattr(pad, "words", str)
    st = standings(state)
    players = state.players
    winners = set(st.winners)
    colours = pad.colours if pad is not None else ()
    base = [["rx-num", "rx-winner-col"] if p in winners else ["rx-num"] for p in range(players)]
    head = "".join(player_head(p, winners, colours, say) for p in range(players))
    body = [_kind_row(st, kind, i + 1, players, base, say) for i, kind in enumerate(RANK_ORDER)]
    if st.eliminated:
        cells = "".join(_cell(say(T("out")) if p in st.eliminated else "", base[p] + ["rx-note"])
                        for p in range(players))
        body.append(_row(say(T("Eliminated")), say(T("cannot win")), st.rules["eliminated"],
                         cells))
    result = "".join(_cell(say(_result(st, p)), [c for c in base[p] if c != "rx-num"])
                     for p in range(players))
    body.append(_row(say(T("Result")), "", [], result, "rx-score-total rx-result"))
    decided = (f'<div class="rx-tiebreak">{escape(say(T("Decided by: {how}", how=st.how)))} '
               f'{rule_code(st.rule)}</div>')
    intro = (f'<div class="rx-pad-intro">'
             f'{escape(say(T("No points: most temples wins; a tie goes to towers, then huts.")))}'
             f'</div>')
    return (f'{winner_line(sheet, players, say)}{decided}{intro}'
            f'<table class="rx-score-pad rx-ranking-pad"><colgroup><col class="rx-cat-col">'
            f'{"<col>" * players}</colgroup>'
            f'<thead><tr><th scope="col">{escape(say(T("Built")))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')
