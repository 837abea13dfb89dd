"""The cited rules of the current step, quoted from the rulebook, plus a searchable rule index.

Quotes carry the `lang` of their text (Korean, or Hungarian for Cacao's second rulebook), so
the browser picks fitting fonts and a screen reader the right voice. The search is
`explorer.rules.search`, over every quote of a rule in any of its languages.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w

from explorer import i18n, rules
from explorer.messages import N, T

from .models import shared_layout
from .refusal import WHY_NOT
from .style import style_tag
from .page_words import PageWords

LANGUAGE_NAMES = rules.LANGUAGE_NAMES
# The Rules tab leads with the rules of the step (`RulePanel.current`), so the first rule's quote
# and paraphrase are on screen without scrolling; the app puts the step's "What happens" list
# after them, then the rule index (`RulePanel.index`). A long quote keeps to a few lines and
# scrolls inside its box; fewer while a lesson's caption box sits above the tabs.
RULE_CSS = style_tag("rule_panel.css")


def _quote(source: str, text: str) -> str:
    """A rulebook passage, in its own language; a long one scrolls in its box, so it takes the
    focus too (the keyboard scrolls it)."""
    return (f'<blockquote lang="{rules.language(source)}" tabindex="0">{escape(text.strip())}'
            f'</blockquote>')


ENGLISH = PageWords()


def rule_html(rule_id: str, emphasis: str = "", words: PageWords = ENGLISH) -> str:
    """One rule as an HTML card in the page's language: title, the rulebook's own words,
    paraphrase, source and lines, note. In English and Hungarian the paraphrase follows the
    quote; in Korean the Korean quote leads and the English paraphrase opens on request. A
    Hungarian page of Cacao shows the Hungarian rulebook's passage first."""
    say, lang = words, words.lang
    try:
        r = rules.get(rule_id)
    except KeyError:
        return (f'<div class="rx-rule"><b>{escape(rule_id)}</b>: '
                f'<i>{escape(say(T("not in the rule index")))}</i></div>')
    title, note_text, paraphrase = i18n.rule_words(r, lang)
    refs = list(r.references)
    if lang == "hu":   # the Hungarian rulebook's own passage first, where there is one
        refs.sort(key=lambda ref: rules.language(ref.source) != "hu")
    first, others = refs[0], refs[1:]
    head = f'<span class="rx-rule-flag">{escape(say(emphasis))}</span> ' if emphasis else ""
    note = (f'<div class="rx-rule-note" lang="{lang}">'
            f'{escape(say(T("Note: {note}", note=note_text)))}</div>' if r.note else "")
    also = "".join(
        f'<div class="rx-rule-source">'
        + escape(say(T("Also on the same line") if (a.source, a.lines) == (first.source, first.lines)
                     else T("Also: {where}", where=_where(a.source, a.lines, say))))
        + f'{_quote(a.source, a.quote)}</div>' for a in others)
    if lang == "ko":
        meaning = (f'<details class="rx-rule-english"><summary>{escape(say(T("In English")))}'
                   f'</summary><div lang="en">{escape(paraphrase)}</div></details>')
    else:
        meaning = f'<div class="rx-rule-english" lang="{lang}">{escape(paraphrase)}</div>'
    where = say(T("Source: {where}", where=_where(first.source, first.lines, say)))
    return (f'<div class="rx-rule" data-rule="{escape(r.id, quote=True)}" lang="{lang}">'
            f'{head}<b>{escape(title or r.id)}</b> <code>{escape(r.id)}</code>'
            f'{_quote(first.source, first.quote)}{meaning}'
            f'<div class="rx-rule-source">{escape(where)}</div>{note}{also}'
            '</div>')


def _where(source: str, lines: tuple[int, int], say: PageWords = ENGLISH) -> str:
    """ "Korean rulebook, lines 74–75": the rule text by the name a reader knows it by."""
    first, last = lines
    book = rules.source_name(source)
    if first == last:
        return say(T("{book}, line {first}", book=book, first=first))
    return say(T("{book}, lines {first}–{last}", book=book, first=first, last=last))


def search_placeholder(game: str, say: PageWords = ENGLISH) -> str:
    languages = sorted({rules.language(ref.source) for r in rules.for_game(game)
                        for ref in r.references}, key=["ko", "hu"].index)
    names = {"ko": "한국어", "hu": "magyar"}
    found = [say(T("English")), *(names[code] for code in languages)]
    if len(found) == 2:
        return say(T("Search the rules ({a} or {b})…", a=found[0], b=found[1]))
    return say(T("Search the rules ({a}, {b} or {c})…", a=found[0], b=found[1], c=found[2]))


class RulePanel:
    """Rules of the current frame (`current`, class rx-rules) and the rule index with its
    search box (`index`, rx-rule-search), placed by the app."""

    def __init__(self, game, words: PageWords = ENGLISH):
        self.game = game
        self.words = words
        self.rule_ids: list[str] = []
        self._marks: tuple = (None, None)
        self.cited = w.HTML()
        self.cited.add_class("rx-rules")
        self.search = w.Text(continuous_update=True, layout=shared_layout(width="100%"))
        words.keep(lambda say: setattr(self.search, "placeholder",
                                       search_placeholder(game.name, say)))
        self.search.add_class("rx-rule-search")
        self.results = w.HTML()
        self.results.add_class("rx-rule-results")
        self.search.observe(lambda _: self._search(), names="value")
        title = w.HTML()
        words.keep(lambda say: setattr(title, "value",
                                       RULE_CSS + f"<h3>{escape(say(T('Rules for this step')))}</h3>"))
        title.add_class("rx-rules-title")
        self.current = w.VBox([title, self.cited])
        self.current.add_class("rx-rule-current")
        index_title = w.HTML()
        words.keep(lambda say: setattr(index_title, "value",
                                       f"<h3>{escape(say(T('Rule index')))}</h3>"))
        self.index = w.VBox([index_title, self.search, self.results])
        words.on_switch(self._search)
        self.index.add_class("rx-rule-index")

    def show(self, rule_ids, refused: str | None = None, highlight: str | None = None) -> None:
        """Show these rule ids (deduplicated); a refused rule goes first, marked as the reason,
        and so does a rule asked for from the rulebook (`highlight`)."""
        first = [r for r in (refused, highlight) if r]
        ids = list(dict.fromkeys(first + list(rule_ids)))
        self.rule_ids = ids
        self._marks = (refused, highlight)
        if not ids:
            self.cited.value = f"<i>{escape(self.words(T('No rule is cited at this step.')))}</i>"
            return
        marks = {refused: WHY_NOT, highlight: T("From the rulebook:")}
        self.cited.value = "".join(rule_html(i, marks.get(i, "") if i else "", self.words)
                                   for i in ids)

    def watch(self, session) -> None:
        """Follow `session` (session.py): the rules of the step shown, and a refused move's
        rule first (marked as the reason)."""
        session.on("step", lambda: self.show(session.timeline.frame.rule_ids))
        session.on("refusal", lambda refusal: self.show(session.timeline.frame.rule_ids,
                                                        refused=refusal.rule))

    def say_again(self) -> None:
        """After a language switch: the rules shown and the search results, in the new one."""
        self.show(self.rule_ids, *self._marks)
        self._search()

    def matches(self) -> list[str]:
        text = str(self.search.value)[:200]
        return [r.id for r in rules.search(self.game.name, text)] if text.strip() else []

    def _search(self) -> None:
        ids = self.matches()
        if not str(self.search.value).strip():
            self.results.value = ""
        elif not ids:
            self.results.value = f"<i>{escape(self.words(T('No rule matches.')))}</i>"
        else:
            found = N("{n} rule matches.", "{n} rules match.", len(ids))
            self.results.value = (f"<div>{escape(self.words(found))}</div>"
                                  + "".join(rule_html(i, "", self.words) for i in ids))
