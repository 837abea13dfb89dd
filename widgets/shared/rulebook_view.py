"""The annotated rulebook: the rule text in full, each rule passage marked; click one to see it act.

The text and everything about it (passages, where a rule can be seen, coverage) come from
`explorer.rulebook`; this module only draws it and wires a click to the app. A click anywhere in
a passage reaches the kernel through ipyevents (its target's id names the passage). In a passage
that holds several rules, each rule's note is a click target of its own (`rx-passage-<i>-rule-<k>`),
as each has its own "See it" link on the rulebook page: a click on the passage's lines then only
offers its rules, since any one of them shown first would be a guess.
"""
from __future__ import annotations

from html import escape

import ipywidgets as w
from ipyevents import Event

from explorer import i18n, rulebook, rules
from explorer.messages import T

from . import setup_panel
from .lesson_view import HIDDEN_LABEL
from .models import shared_layout
from .style import style_tag
from .page_words import PageWords

ENGLISH = PageWords()

PASSAGE_ID = "rx-passage-"
RULE_PART = "-rule-"
# the passage lines take the click (style.py turns the pointer off below .rx-passage); a rule's
# note takes its own, its parts again passing it to the note
TAB_STYLE = style_tag("rulebook_tab.css")
MARKS = (("enforced", "⚙", T("enforced by the engine")), ("tested", "✓", T("named by a test")),
         ("shown", "👁", T("has a step to see it")))
COUNTS = {"enforced": lambda n: T("{mark} enforced {n}", mark="⚙", n=n),
          "tested": lambda n: T("{mark} tested {n}", mark="✓", n=n),
          "shown": lambda n: T("{mark} shown {n}", mark="👁", n=n)}
MARK = "\x00"     # where HTML goes into a translated sentence (escaped around it)
def source_label(source: str) -> str:
    """A rule text as its reader names it ("Korean rulebook"), never its file's name (a
    message, to show through the page's words)."""
    return rules.source_name(source)


def summary_text(game: str, words: PageWords = ENGLISH) -> str:
    """The coverage counts of a game's rulebook, one line."""
    counts = rulebook.summary(game)
    # enforced and tested are known only where the test suite has run (its record of cited
    # rules); elsewhere they are left out, not guessed
    known = " · ".join(words(COUNTS[name](counts[name])) for name, _, _ in MARKS
                       if counts[name] is not None)
    return words(T("{passages} rule passages, {rules} rules: {known}.",
                   passages=counts["passages"], rules=counts["rules"], known=known))


def marks_html(cov, words: PageWords = ENGLISH) -> str:
    """A mark per known fact of a rule (lit or greyed); unknown ones are not drawn."""
    out = []
    for name, mark, meaning in MARKS:
        on = getattr(cov, name) if cov is not None else None
        if on is None:
            continue
        state = "yes" if on else "no"
        said = T("{meaning}: yes", meaning=meaning) if on else T("{meaning}: no", meaning=meaning)
        out.append(f'<span class="rx-mark rx-mark-{name} rx-{state}" title="'
                   f'{escape(words(said), quote=True)}">{mark}</span>')
    return "".join(out)


def variant_html(rule, words: PageWords = ENGLISH) -> str:
    """For a rule read two ways: the readings, the option that selects each, and the note."""
    readings = rulebook.variants(rule.game, rule.id)
    if not readings:
        return ""
    options = " · ".join(f"<code>{escape(name)}={escape(str(value))}</code>"
                         for name, value in readings)
    _, note, _ = i18n.rule_words(rule, words.lang)
    lead = escape(words(T("Read two ways — rule option {options}.", options=MARK)))
    return f'<div class="rx-variant">{lead.replace(MARK, options)} {escape(note)}</div>'


def _english(rule, words: PageWords) -> tuple[str, str]:
    """A rule's paraphrase in the page's language where there is one (Hungarian), else its
    English, and the language it is in."""
    _, _, said = i18n.rule_words(rule, words.lang)
    return said, (words.lang if said != rule.english else "en")


def passage_html(index: int, passage, coverage: dict, link: str = "",
                 words: PageWords = ENGLISH) -> str:
    """One passage: numbered lines in the text's language (`lang`); a rule passage carries its
    ids, marks and English (`lang="en"`). With
    `link` (the app's page), each rule gets a "See it" link (`?rule=<id>`); without (the tab),
    each rule's note is a click target of its own (id `rx-passage-<index>-rule-<k>`)."""
    lang = rules.language(passage.source)
    lines = "".join(f'<div class="rx-line"><span class="rx-ln">{n}</span>'
                    f'<span class="rx-lt" lang="{lang}">{escape(text) or "&nbsp;"}</span></div>'
                    for n, text in zip(range(passage.first, passage.last + 1), passage.lines))
    if not passage.rules:
        return f'<div class="rx-plain">{lines}</div>'
    notes = []
    for k, rule_id in enumerate(passage.rules):
        rule = rules.get(rule_id)
        cov = coverage.get(rule_id)
        shown = bool(cov and cov.shown)
        english, said_in = _english(rule, words)
        if link:
            keep = "" if words.lang == i18n.DEFAULT else f"&lang={words.lang}"
            see = (f' <a class="rx-see-link" href="{escape(link, quote=True)}?rule='
                   f'{escape(rule_id + keep, quote=True)}">{escape(words(T("See it")))}</a>'
                   if shown else "")
            target = f'<div class="rx-passage-rule" lang="{words.lang}">'
        else:
            see = (f'<span class="rx-see-it">'
                   f'{escape(words(T("See it") if shown else T("Read it")))}</span>')
            target = (f'<div class="rx-passage-rule rx-rule-target" lang="{words.lang}" '
                      f'id="{PASSAGE_ID}{index}{RULE_PART}{k}" '
                      f'data-rule="{escape(rule_id, quote=True)}" '
                      f'title="{escape(english, quote=True)}">')
        notes.append(f'{target}<code>{escape(rule_id)}</code> '
                     f'{marks_html(coverage.get(rule_id), words)}{see}<br>'
                     f'<span class="rx-passage-english" lang="{said_in}">{escape(english)}</span>'
                     f'{variant_html(rule, words)}</div>')
    title = escape(" · ".join(_english(rules.get(r), words)[0] for r in passage.rules),
                   quote=True)
    kind = "rx-passage-page" if link else "rx-passage"
    return (f'<div class="{kind}" id="{PASSAGE_ID}{index}" title="{title}" '
            f'data-rules="{escape(" ".join(passage.rules), quote=True)}">{lines}'
            f'{"".join(notes)}</div>')


ALIGNED_ID = "rx-aligned-"
# Both texts stacked under each rule, each at the full width of the tab (side by side, the
# columns were too narrow to read in the side tab); in the tab a rule's block is a click target
ALIGNED_STYLE = style_tag("rulebook_aligned.css")


def option_readings(game: str, rule_id: str, source: str) -> list[tuple[str, object]]:
    """The (option, value) pairs whose reading of `rule_id` is the one of `source`: those whose
    words name that text ("per worker (Korean rulebook)")."""
    options = _options(game)
    name = rules.source_name(source)
    return [(option, value) for option, value in rulebook.variants(game, rule_id)
            if name in options[option].label(value)]


def _options(game: str) -> dict:
    import explorer
    return explorer.GAMES[game].options


def option_html(game: str, option: str, value, words: PageWords = ENGLISH) -> str:
    """A rule option value as a reader sees it (the option's title and the value's words), with
    its name=value spelling."""
    spec = _options(game)[option]
    said = dict(title=setup_panel.option_title(option, spec), value=spec.label(value))
    text = (T("Rule option {title}: {value} (default)", **said) if value == spec.default
            else T("Rule option {title}: {value}", **said))
    return (f'<span class="rx-aligned-option" data-option="{escape(option, quote=True)}">'
            f'{escape(words(text))} · '
            f'<code>{escape(option)}={escape(str(value))}</code></span>')


def _lines(a: int, b: int):
    return T("line {first}", first=a) if a == b else T("lines {first}–{last}", first=a, last=b)


def side_by_side_html(game: str, sources: list[str], clickable: bool = False,
                      words: PageWords = ENGLISH) -> str:
    """Both texts of a game aligned by rule (Cacao: Korean and Hungarian): per rule, its id and
    English, then each text's passages, one under the other at full width, each marked with the
    rule option value that reads the rule that way (a rule read two ways). With `clickable` (the
    tab), each rule's block is a click target (id `rx-aligned-<index>`, in the game's rule
    order) that opens a step where the rule acts."""
    blocks = []
    for index, rule in enumerate(rules.for_game(game)):
        readings = []
        matched = set()
        for source in sources:
            quotes = [ref for ref in rule.references if ref.source == source]
            chosen = option_readings(game, rule.id, source)
            matched |= {option for option, _ in chosen}
            lang = rules.language(source)
            where = tuple(_lines(a, b) for a, b in dict.fromkeys(ref.lines for ref in quotes))
            book = source_label(source)
            place = (T("{book}, {where}", book=book, where=where) if where else book)
            head = (f'<div class="rx-aligned-where">{escape(words(place))}'
                    f'{"".join(option_html(game, o, v, words) for o, v in chosen)}</div>')
            text = "".join(f'<span class="rx-lt" lang="{lang}">{escape(ref.quote.strip())}</span>'
                           for ref in quotes) or (
                f'<i lang="{words.lang}">{escape(words(T("not in this text")))}</i>')
            readings.append(f'<div class="rx-aligned-reading" data-source="'
                            f'{escape(source, quote=True)}">{head}{text}</div>')
        others = sorted({o for o, _ in rulebook.variants(game, rule.id)} - matched)
        note = "".join(f' <span class="rx-aligned-option">' + escape(words(T(
                           "Rule option {title}",
                           title=setup_panel.option_title(o, _options(game)[o])))) + '</span>'
                       for o in others)
        see = escape(words(T("See {rule} on the board", rule=rule.id)), quote=True)
        attrs = (f' id="{ALIGNED_ID}{index}" role="button" tabindex="0" title="{see}"'
                 if clickable else "")
        kind = "rx-aligned-block rx-aligned-click" if clickable else "rx-aligned-block"
        english, said_in = _english(rule, words)
        blocks.append(f'<div class="{kind}"{attrs} data-rule="{escape(rule.id, quote=True)}">'
                      f'<div class="rx-aligned-rule" lang="{words.lang}"><code>'
                      f'{escape(rule.id)}</code> <span lang="{said_in}">{escape(english)}</span>'
                      f'{note}</div>{"".join(readings)}</div>')
    return f'{ALIGNED_STYLE}<div class="rx-aligned">{"".join(blocks)}</div>'


class RulebookView:
    """The Rulebook tab (rx-rulebook): a source chooser, the coverage summary, the text
    (rx-rulebook-text, passages rx-passage), and the chosen passage's rules with "See it"
    buttons (rx-see-rule), one per reading of a variant rule."""

    def __init__(self, game, words: PageWords = ENGLISH,
                 show_rule=lambda rule_id, options=None: False):
        """`show_rule(rule_id, options)` opens a step where the rule acts (the app's)."""
        self.game, self.show_rule = game, show_rule
        self.words = words
        game = game.name
        self.sources = rulebook.sources(game)
        choices = [(source_label(s), s) for s in self.sources]
        if len(self.sources) > 1:
            choices.append((T("Side by side, aligned by rule"), "aligned"))
        self.chooser = w.Dropdown(options=[(words(label), v) for label, v in choices],
                                  value=self.sources[0], layout=shared_layout(width="auto"))
        words.options(words.set(self.chooser, description=T("Rule text")), choices)
        self.chooser.add_class("rx-rulebook-source")
        self.chooser.add_class(HIDDEN_LABEL)   # the choices say what they are
        self.chooser.observe(lambda _: self.render(), names="value")
        self.summary = w.HTML()
        self.summary.add_class("rx-rulebook-summary")
        self.chosen = w.VBox()
        self.chosen.add_class("rx-rulebook-chosen")
        self.text = w.HTML()
        self.text.add_class("rx-rulebook-text")
        self.clicks = Event(source=self.text, watched_events=["click"])
        self.clicks.on_dom_event(self._clicked)
        self.passages: list = []
        self.coverage: dict | None = None
        self.widget = w.VBox([self.chooser, self.summary, self.chosen, self.text])
        self.widget.add_class("rx-rulebook")
        self.rendered = False
        self._offered = None     # what the chosen-rule buttons offer, to say again on a switch
        words.on_switch(self._switched)

    def _switched(self) -> None:
        if self.rendered:
            self.render()
        if self._offered is not None:
            self._offer(*self._offered)

    # -- showing the text --------------------------------------------------------------------
    def render(self) -> None:
        """Draw the chosen text (on first showing of the tab: finding a step for every rule
        takes a moment, so it is not done before anyone asks)."""
        game = self.game.name
        words = self.words
        if self.coverage is None:
            said = words(T("Finding a step that shows each rule…"))
            self.summary.value = f"<i>{escape(said)}</i>"
            self.coverage = {c.rule: c for c in rulebook.coverage(game)}
        self.summary.value = "<div>" + escape(words(T(
            "{summary} Click a marked passage, or one rule of it, to see the rule act on the "
            "board.", summary=summary_text(game, words)))) + "</div>"
        source = self.chooser.value
        if source == "aligned":
            self.passages = []
            self.text.value = side_by_side_html(game, self.sources, clickable=True, words=words)
        else:
            self.passages = rulebook.passages(game, source)
            self.text.value = TAB_STYLE + "".join(passage_html(i, p, self.coverage, words=words)
                                                  for i, p in enumerate(self.passages))
        self.rendered = True

    def ensure_rendered(self) -> None:
        if not self.rendered:
            self.render()

    # -- clicking ---------------------------------------------------------------------------
    def _clicked(self, event: dict) -> None:
        target = event.get("target") if isinstance(event, dict) else None
        ident = str(target.get("id", "")) if isinstance(target, dict) else ""
        if ident.startswith(ALIGNED_ID):
            try:
                self.choose_aligned(int(ident[len(ALIGNED_ID):]))
            except ValueError:
                pass
            return
        if not ident.startswith(PASSAGE_ID):
            return
        index, _, part = ident[len(PASSAGE_ID):].partition(RULE_PART)
        try:
            if part:
                self.choose_rule(int(index), int(part))
            else:
                self.choose(int(index))
        except ValueError:
            return

    def choose(self, index: int) -> None:
        """A passage was clicked: with one rule, show it; with several, offer each (and its
        readings) and show none, for the click does not say which."""
        if not 0 <= index < len(self.passages) or not self.passages[index].rules:
            return
        passage = self.passages[index]
        if len(passage.rules) == 1:
            self.choose_rule(index, 0)
            return
        self._offer(passage, passage.rules,
                    T("hold {count} rules: choose one to see it on the board",
                      count=len(passage.rules)))

    def choose_rule(self, index: int, k: int) -> None:
        """Rule `k` of a passage was clicked: show it, and offer its readings."""
        if not 0 <= index < len(self.passages) or not 0 <= k < len(self.passages[index].rules):
            return
        passage = self.passages[index]
        rule_id = passage.rules[k]
        self._offer(passage, [rule_id], T("see it on the board"))
        self.show_rule(rule_id)

    def choose_aligned(self, index: int) -> None:
        """Rule `index` (in the game's rule order) of the side-by-side view was clicked: show
        it, and offer its readings."""
        if self.chooser.value != "aligned":
            return
        game_rules = rules.for_game(self.game.name)
        if not 0 <= index < len(game_rules):
            return
        rule_id = game_rules[index].id
        self._offer(None, [rule_id], T("see it on the board"))
        self.show_rule(rule_id)

    def _offer(self, passage, rule_ids, what) -> None:
        self._offered = (passage, rule_ids, what)
        say = self.words
        buttons = []
        for rule_id in rule_ids:
            buttons.append(self._button(rule_id, None))
            for option, value in rulebook.variants(self.game.name, rule_id):
                buttons.append(self._button(rule_id, {option: value}))
        if passage is None:
            where = T("Rule {rule}", rule=rule_ids[0])
        else:
            where = (T("Lines {first}–{last}", first=passage.first, last=passage.last)
                     if passage.last > passage.first else T("Line {first}", first=passage.first))
        self.chosen.children = [w.HTML(f"<b>{escape(say(where))}</b>: {escape(say(what))}"),
                                *buttons]

    def _button(self, rule_id: str, options: dict | None) -> w.Button:
        if options:
            text = T("See {rule} with {options}", rule=rule_id,
                     options=tuple(f"{k}={v}" for k, v in options.items()))
        else:
            text = T("See {rule}", rule=rule_id)
        button = w.Button(description=self.words(text), layout=shared_layout(width="auto"),
                          tooltip=_english(rules.get(rule_id), self.words)[0])
        button.add_class("rx-see-rule")
        button.on_click(lambda _: self.show_rule(rule_id, options))
        return button
