"""The cited rules of the current step, quoted from the rulebook, plus a searchable rule index.

Quotes carry the `lang` of their text (Korean, or Hungarian for Cacao's second rulebook), so
the browser picks fitting fonts and a screen reader the right voice. The search is
`explorer.rules.search`, over every quote of a rule in any of its languages.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from explorer import rules
from explorer.text import plural

from .models import shared_layout

LANGUAGE_NAMES = rules.LANGUAGE_NAMES
# The Rules tab leads with the rules of the step (`RulePanel.current`), so the first rule's quote
# and paraphrase are on screen without scrolling; the app puts the step's "What happens" list
# after them, then the rule index (`RulePanel.index`). A long quote keeps to a few lines and
# scrolls inside its box; fewer while a lesson's caption box sits above the tabs.
RULE_CSS = """<style>
.rx-rule-current > *, .rx-rule-index > * { flex-shrink: 0; }
.rx-rules-title h3 { margin-top: 2px; }
.rx-rules .rx-rule, .rx-rule-results .rx-rule { line-height: 1.4; }
.rx-rules .rx-rule blockquote { max-height: 12lh; overflow-y: auto; }
.rx-side:has(> .rx-lesson:not(.rx-hidden)) .rx-rules .rx-rule blockquote { max-height: 7lh; }
</style>"""


def _quote(source: str, text: str) -> str:
    return f'<blockquote lang="{rules.language(source)}">{escape(text.strip())}</blockquote>'


def rule_html(rule_id: str, emphasis: str = "") -> str:
    """One rule as an HTML card: title, original quote, English, source and lines, note."""
    try:
        r = rules.get(rule_id)
    except KeyError:
        return (f'<div class="rx-rule"><b>{escape(rule_id)}</b>: '
                f'<i>not in the rule index</i></div>')
    head = f'<span class="rx-rule-flag">{escape(emphasis)}</span> ' if emphasis else ""
    note = f'<div class="rx-rule-note">Note: {escape(r.note)}</div>' if r.note else ""
    also = "".join(f'<div class="rx-rule-source">Also'
                   + (" on the same line" if (a.source, a.lines) == (r.source, r.lines)
                      else f": {_where(a.source, a.lines)}")
                   + f'{_quote(a.source, a.quote)}</div>'
                   for a in r.also)
    return (f'<div class="rx-rule" data-rule="{escape(r.id, quote=True)}">'
            f'{head}<b>{escape(r.title or r.id)}</b> <code>{escape(r.id)}</code>'
            f'{_quote(r.source, r.quote)}'
            f'<div class="rx-rule-english">{escape(r.english)}</div>'
            f'<div class="rx-rule-source">Source: {_where(r.source, r.lines)}</div>{note}{also}'
            '</div>')


def _where(source: str, lines: tuple[int, int]) -> str:
    """ "Korean rulebook, lines 74–75": the rule text by the name a reader knows it by."""
    first, last = lines
    span = f"line {first}" if first == last else f"lines {first}–{last}"
    return f"{escape(rules.source_name(source))}, {span}"


def search_placeholder(game: str) -> str:
    languages = sorted({rules.language(ref.source) for r in rules.for_game(game)
                        for ref in r.references}, key=["ko", "hu"].index)
    names = {"ko": "한국어", "hu": "magyar"}
    words = ["English", *(names[code] for code in languages)]
    return f"Search the rules ({', '.join(words[:-1])} or {words[-1]})…"


class RulePanel:
    """Rules of the current frame (`current`, class rx-rules) and the rule index with its
    search box (`index`, rx-rule-search), placed by the app."""

    def __init__(self, game):
        self.game = game
        self.rule_ids: list[str] = []
        self.cited = w.HTML()
        self.cited.add_class("rx-rules")
        self.search = w.Text(placeholder=search_placeholder(game.name),
                             continuous_update=True, layout=shared_layout(width="100%"))
        self.search.add_class("rx-rule-search")
        self.results = w.HTML()
        self.results.add_class("rx-rule-results")
        self.search.observe(lambda _: self._search(), names="value")
        title = w.HTML(RULE_CSS + "<h3>Rules for this step</h3>")
        title.add_class("rx-rules-title")
        self.current = w.VBox([title, self.cited])
        self.current.add_class("rx-rule-current")
        self.index = w.VBox([w.HTML("<h3>Rule index</h3>"), self.search, self.results])
        self.index.add_class("rx-rule-index")

    def show(self, rule_ids, refused: str | None = None, highlight: str | None = None) -> None:
        """Show these rule ids (deduplicated); a refused rule goes first, marked as the reason,
        and so does a rule asked for from the rulebook (`highlight`)."""
        first = [r for r in (refused, highlight) if r]
        ids = list(dict.fromkeys(first + list(rule_ids)))
        self.rule_ids = ids
        if not ids:
            self.cited.value = "<i>No rule is cited at this step.</i>"
            return
        marks = {refused: "Why not:", highlight: "From the rulebook:"}
        self.cited.value = "".join(rule_html(i, marks.get(i, "") if i else "") for i in ids)

    def matches(self) -> list[str]:
        text = str(self.search.value)[:200]
        return [r.id for r in rules.search(self.game.name, text)] if text.strip() else []

    def _search(self) -> None:
        ids = self.matches()
        if not str(self.search.value).strip():
            self.results.value = ""
        elif not ids:
            self.results.value = "<i>No rule matches.</i>"
        else:
            self.results.value = (f"<div>{plural(len(ids), 'rule')} match.</div>"
                                  + "".join(rule_html(i) for i in ids))
