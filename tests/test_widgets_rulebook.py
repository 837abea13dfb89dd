"""The Rulebook tab and page without a browser: every rule has a marked passage, a click opens a
step where that rule acts (or is the reason a move is refused), and `?rule=` links do the same."""
from __future__ import annotations

import re
from html import escape, unescape

import pytest

import explorer
import registered
from registered import app_factory
from explorer import rulebook
from widgets.rulebook_page import rulebook_page
from widgets.shared.app import RULEBOOK_TAB
from widgets.shared.rule_panel import RulePanel, rule_html
from explorer.links import LinkError, parse_query

def shell(name):
    counts = explorer.GAMES[name].player_counts
    return app_factory(name)(3 if 3 in counts else max(counts), 1).explorer


def open_rulebook(app):
    app.tabs.selected_index = RULEBOOK_TAB
    assert app.rulebook.rendered
    return app.rulebook


def cites(app, rule_id) -> bool:
    """Whether the step shown acts by `rule_id`, a move was just refused by it, or it judges
    the lesson question shown."""
    lesson, t = app.lessons.lesson, app.timeline
    question = (lesson is not None and t.index < len(lesson.steps)
                and lesson.steps[t.index].checkpoint is not None
                and lesson.steps[t.index].checkpoint.rule == rule_id)
    return (rule_id in t.frame.rule_ids or f"— rule {rule_id}" in app.message.text
            or question)


def test_every_rule_of_the_index_has_a_marked_passage_in_the_tab(game_name):
    view = open_rulebook(shell(game_name))
    marked = set()
    for source in view.sources:
        view.chooser.value = source
        marked |= {r for group in re.findall(r'data-rules="([^"]*)"', view.text.value)
                   for r in group.split()}
    assert {r.id for r in explorer.rules.for_game(game_name)} <= marked
    assert "rule passages" in view.summary.value


def test_clicking_a_passage_opens_a_step_where_its_rule_acts(game_name):
    app = shell(game_name)
    view = open_rulebook(app)
    shown = [i for i, p in enumerate(view.passages)
             if len(p.rules) == 1 and rulebook.demo(game_name, p.rules[0]) is not None]
    assert shown
    for index in shown[:: max(1, len(shown) // 6)]:
        rule_id = view.passages[index].rules[0]
        view._clicked({"target": {"id": f"rx-passage-{index}", "tagName": "DIV"}})
        assert cites(app, rule_id), (rule_id, rulebook.demo(game_name, rule_id))
        assert app.rules.rule_ids[0] == rule_id
        assert app.tabs.selected_index == 0                  # the Rules tab shows it
        assert [b.description for b in view.chosen.children[1:]][0] == f"See {rule_id}"


def several_rules_in_a_passage(name: str) -> bool:
    """Whether a passage of the game's rule texts cites several rules (so unless its
    tests/games/<name>.py says SEVERAL_RULES_IN_A_PASSAGE = False)."""
    return getattr(registered.checks(name), "SEVERAL_RULES_IN_A_PASSAGE", True)


def test_each_rule_of_a_passage_with_several_is_its_own_click_and_opens_that_rule(game_name):
    app = shell(game_name)
    view = open_rulebook(app)
    clicked = 0
    for source in view.sources:
        view.chooser.value = source
        for index, passage in enumerate(view.passages):
            if len(passage.rules) < 2:
                continue
            for k, rule_id in enumerate(passage.rules):
                target = f"rx-passage-{index}-rule-{k}"
                assert f'id="{target}" data-rule="{rule_id}"' in view.text.value
                view._clicked({"target": {"id": target, "tagName": "DIV"}})
                assert app.rules.rule_ids[0] == rule_id, (source, index, k)
                assert view.chosen.children[1].description == f"See {rule_id}"
                if rulebook.demo(game_name, rule_id) is not None:
                    assert cites(app, rule_id), (rule_id, rulebook.demo(game_name, rule_id))
                clicked += 1
    if not several_rules_in_a_passage(game_name):
        assert clicked == 0, "tests/games/<game>.py says no passage cites several rules"
        return
    assert clicked >= 2, f"no passage of {game_name}'s rule texts cites several rules " \
        "(if so, say SEVERAL_RULES_IN_A_PASSAGE = False in its tests/games/<game>.py)"


def test_a_click_on_the_lines_of_a_passage_with_several_rules_offers_each(game_name):
    app = shell(game_name)
    view = open_rulebook(app)
    several = [(i, p) for i, p in enumerate(view.passages) if len(p.rules) > 1]
    assert bool(several) == several_rules_in_a_passage(game_name), several
    if not several:
        return
    index, passage = several[0]
    before = app.timeline.frame
    view._clicked({"target": {"id": f"rx-passage-{index}", "tagName": "DIV"}})
    assert app.timeline.frame is before                  # no rule guessed
    offered = [b for b in view.chosen.children[1:] if " with " not in b.description]
    assert [b.description for b in offered] == [f"See {r}" for r in passage.rules]
    offered[-1].click()
    assert app.rules.rule_ids[0] == passage.rules[-1]


def test_a_click_outside_a_passage_does_nothing():
    app = shell("cacao")
    view = open_rulebook(app)
    before = app.timeline.frame
    view._clicked({"target": {"id": "", "tagName": "SPAN"}})
    view._clicked({"target": {"id": "rx-passage-x"}})
    view._clicked({"target": "nonsense"})
    assert app.timeline.frame is before


def test_a_variant_passage_offers_each_reading_and_see_it_plays_with_that_option():
    app = shell("taluva")
    view = open_rulebook(app)
    index, rule_id = next((i, p.rules[0]) for i, p in enumerate(view.passages)
                          if p.rules and rulebook.variants("taluva", p.rules[0]))
    passage = view.text.value.split(f'id="rx-passage-{index}"')[1].split('class="rx-passage"')[0]
    for option, value in rulebook.variants("taluva", rule_id):
        assert f"{option}={value}" in passage           # both readings shown in the text
    view.choose(index)
    readings = [b for b in view.chosen.children[1:] if " with " in b.description]
    assert len(readings) >= 2
    option, value = rulebook.variants("taluva", rule_id)[-1]
    readings[-1].click()
    assert app.options[option] == value


def test_cacao_texts_side_by_side_aligned_by_rule():
    view = open_rulebook(shell("cacao"))
    assert len(view.sources) == 2
    view.chooser.value = "aligned"
    assert view.text.value.count('class="rx-aligned-rule"') == len(explorer.rules.for_game("cacao"))
    assert "Hungarian" in view.text.value and "Korean" in view.text.value


def aligned_blocks(html: str) -> dict[str, str]:
    """Rule id -> the HTML of its block in the side-by-side view."""
    parts = re.split(r'(?=<div class="rx-aligned-block)', html)[1:]
    return {re.search(r'data-rule="([^"]+)"', part)[1]: part for part in parts}


def test_cacao_side_by_side_stacks_the_texts_at_full_width_and_each_rule_is_a_click():
    app = shell("cacao")
    view = open_rulebook(app)
    view.chooser.value = "aligned"
    html = view.text.value
    assert "<table" not in html and "<td" not in html          # no narrow columns
    blocks = aligned_blocks(html)
    game_rules = explorer.rules.for_game("cacao")
    assert list(blocks) == [r.id for r in game_rules]
    asked = []
    app.show_rule = lambda rule_id, options=None: asked.append(rule_id) or True
    for index, rule in enumerate(game_rules):
        block = blocks[rule.id]
        assert f'id="rx-aligned-{index}" role="button"' in block
        # Korean first, then Hungarian, each a reading of its own under the rule
        sources = re.findall(r'class="rx-aligned-reading" data-source="([^"]+)"', block)
        assert sources == view.sources
        view._clicked({"target": {"id": f"rx-aligned-{index}", "tagName": "DIV"}})
        assert asked[-1] == rule.id
        assert view.chosen.children[1].description == f"See {rule.id}"
    assert len(asked) == len(game_rules)


def test_a_click_on_a_side_by_side_row_opens_a_step_where_its_rule_acts():
    app = shell("cacao")
    view = open_rulebook(app)
    view.chooser.value = "aligned"
    index, rule_id = next((i, r.id) for i, r in enumerate(explorer.rules.for_game("cacao"))
                          if rulebook.demo("cacao", r.id) is not None and ".setup." not in r.id)
    view._clicked({"target": {"id": f"rx-aligned-{index}", "tagName": "DIV"}})
    assert app.rules.rule_ids[0] == rule_id
    assert cites(app, rule_id)
    view._clicked({"target": {"id": "rx-aligned-999"}})      # no such row: nothing happens
    view._clicked({"target": {"id": "rx-aligned-x"}})
    assert app.rules.rule_ids[0] == rule_id


def test_each_side_by_side_reading_names_the_rule_option_value_it_stands_for():
    view = open_rulebook(shell("cacao"))
    view.chooser.value = "aligned"
    block = aligned_blocks(view.text.value)["cacao.activate.order"]
    korean, hungarian = re.split(r'(?=<div class="rx-aligned-reading")', block)[1:]
    option = explorer.GAMES["cacao"].options["activation_order"]
    assert "Korean rulebook, line 89" in korean and "Hungarian rulebook, line 4" in hungarian
    assert f"{option.title}: {escape(option.label('per_worker'))}" in korean
    assert "activation_order=per_worker" in korean and "per_edge" not in korean
    assert f"{option.title}: {escape(option.label('per_edge'))} (default)" in hungarian
    assert "activation_order=per_edge" in hungarian and "per_worker" not in hungarian
    # every reading of every rule read two ways is named, in one text or the other
    for rule in explorer.rules.for_game("cacao"):
        block = aligned_blocks(view.text.value)[rule.id]
        for name, value in rulebook.variants("cacao", rule.id):
            title = explorer.GAMES["cacao"].options[name].title
            assert f"{name}={value}" in block or f"Rule option {title}" in block, (rule.id, name)


def test_a_rule_link_opens_the_step_where_the_rule_acts(game_name):
    rule_id = next(r.id for r in explorer.rules.for_game(game_name)
                   if rulebook.demo(game_name, r.id))
    app = shell(game_name)
    assert app.open_query(f"?rule={rule_id}")
    assert cites(app, rule_id)


def test_a_bad_rule_link_is_refused_with_why():
    game = explorer.GAMES["cacao"]
    with pytest.raises(LinkError, match="has no rule"):
        parse_query(game, "?rule=cacao.no.such", 3, 1)
    with pytest.raises(LinkError, match="has no rule"):
        parse_query(game, "?rule=taluva.build.hut", 3, 1)
    with pytest.raises(LinkError, match="only rule and rule options"):
        parse_query(game, "?rule=cacao.setup.villages&seed=2", 3, 1)


def test_the_rulebook_page_links_each_shown_rule_to_its_app():
    page = rulebook_page("?game=cacao").value
    for rule in explorer.rules.for_game("cacao"):
        linked = f'href="cacao.ipynb?rule={rule.id}"' in page
        assert linked == (rulebook.demo("cacao", rule.id) is not None), rule.id
    assert "Side by side" in page
    assert "Choose a game" in rulebook_page("?game=nope").value


# -- languages: quotes marked with theirs, and searched in each ----------------------------
HUNGARIAN_LETTERS = set("őűáéíóú")


def tagged(html: str, tag_class: str) -> list[tuple[str, str]]:
    """(lang, text) of every element whose opening tag has `tag_class` (a tag or class name)."""
    found = re.findall(r'<[^>]*' + tag_class + r'[^>]*lang="(\w+)"[^>]*>([^<]*)<', html)
    return [(lang, unescape(text)) for lang, text in found]


def language_of(text: str) -> str:
    return "hu" if HUNGARIAN_LETTERS & set(text.lower()) else "ko"


def test_every_rule_quote_is_marked_with_the_language_of_its_text(game_name):
    for rule in explorer.rules.for_game(game_name):
        html = rule_html(rule.id)
        quotes = tagged(html, "blockquote")
        assert len(quotes) == len(rule.references) and "<blockquote>" not in html
        for lang, text in quotes:
            if re.search(r"[가-힣]", text) or HUNGARIAN_LETTERS & set(text.lower()):
                assert lang == language_of(text), (rule.id, lang, text[:60])


def test_the_cacao_rulebook_marks_hungarian_text_hu_and_korean_ko_and_notes_en():
    view = open_rulebook(shell("cacao"))
    langs = {}
    for source in view.sources:
        view.chooser.value = source
        lines = tagged(view.text.value, 'class="rx-lt"')
        langs[source] = {lang for lang, _ in lines}
        assert lines and 'class="rx-passage-rule rx-rule-target" lang="en"' in view.text.value
    assert sorted(langs.values(), key=sorted) == [{"hu"}, {"ko"}]
    view.chooser.value = "aligned"
    assert {lang for lang, _ in tagged(view.text.value, 'class="rx-lt"')} == {"hu", "ko"}
    page = rulebook_page("?game=cacao").value
    assert {lang for lang, _ in tagged(page, 'class="rx-lt"')} == {"hu", "ko"}
    assert 'class="rx-passage-rule" lang="en"' in page


@pytest.mark.parametrize("words, rule_id", [
    ("piac", "cacao.work.market"),                    # market
    ("kezdőjátékos", "cacao.setup.start_player"),     # start player, misspelt in the text
    ("készlet", "cacao.work.market"),                 # supply: the text lost its "és"
    ("piacon három", "cacao.work.market"),
    ("PIAC", "cacao.work.market"),
    ("시장", "cacao.work.market"),                     # Korean, as before
    ("market", "cacao.work.market"),                  # English, as before
])
def test_rule_search_finds_hungarian_words_as_korean_ones(words, rule_id):
    panel = RulePanel(explorer.GAMES["cacao"])
    panel.search.value = words
    assert rule_id in panel.matches(), words
    assert f'data-rule="{rule_id}"' in panel.results.value


def test_rule_search_offers_the_languages_of_the_game_and_finds_no_nonsense():
    assert "magyar" in RulePanel(explorer.GAMES["cacao"]).search.placeholder
    assert "magyar" not in RulePanel(explorer.GAMES["taluva"]).search.placeholder
    panel = RulePanel(explorer.GAMES["cacao"])
    for nonsense in ("zzzz-nothing", "kezdőjátékosokkal zzzz", "xyzxyzxyz"):
        panel.search.value = nonsense
        assert panel.matches() == [], nonsense


SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}\.txt|seeds/|\.md\b|explorer/")


def shown_text(html: str) -> str:
    """What a visitor reads of some HTML: its text, without tags and their attributes."""
    return unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S))


def test_rule_cards_and_the_rulebook_name_the_rulebook_not_a_file(game_name):
    """A visitor reads "Korean rulebook, line 120", never the rule text's file game_name."""
    cards = "".join(rule_html(r.id) for r in explorer.rules.for_game(game_name))
    assert not SEED_FILE.search(shown_text(cards)), SEED_FILE.search(shown_text(cards))
    assert re.search(r"Source: (Korean|Hungarian) (rulebook|rules summary), lines? \d+", cards)
    app = open_rulebook(shell(game_name))
    labels = [label for label, _ in app.chooser.options]
    assert labels and not any(SEED_FILE.search(label) for label in labels)
    html = rulebook_page(f"?game={game_name}").value
    assert "rx-passage" in html and not SEED_FILE.search(shown_text(html))


def test_without_a_record_of_the_tests_the_rulebook_claims_nothing_about_them(monkeypatch):
    """A page served from a checkout whose tests never ran knows what each rule shows, not
    whether the tests enforce it: it says so by leaving those counts and marks out."""
    from widgets.shared.rulebook_view import marks_html, summary_text
    monkeypatch.setattr(rulebook, "_record", lambda: None)
    text = summary_text("taluva")
    assert "None" not in text and "enforced" not in text and "👁 shown" in text
    cov = rulebook.coverage("taluva")[0]
    assert cov.enforced is None
    html = marks_html(cov)
    assert "⚙" not in html and "✓" not in html and "👁" in html
