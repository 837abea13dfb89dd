"""The annotated rulebook in Chromium (1280x800): the Rulebook tab, three passages of different
kinds clicked (a set-up rule, a turn rule, a rule seen as a refusal), a `?rule=` link, and the
rulebook page of the gallery."""
from __future__ import annotations

import pytest

import explorer
from explorer import rulebook
from helpers import (TIMEOUT, act, board_pixels, open_board, pixels_differing, screenshot, tab,
                     text, wait_for_board, wait_text)

pytestmark = pytest.mark.browser

NAME = "cacao"
GAME = explorer.GAMES[NAME]


def passage_of_kind(kind: str) -> tuple[int, str]:
    """(passage index in the main text, rule id) of the first passage with one rule, of
    `kind` (a click on a passage with several only offers them): "setup" (a set-up rule),
    "turn" (a rule that acts in a move) or "refusal" (a rule seen as the reason a move is
    refused)."""
    source = rulebook.sources(NAME)[0]
    for index, passage in enumerate(rulebook.passages(NAME, source)):
        if len(passage.rules) != 1:
            continue
        rule_id = passage.rules[0]
        demo = rulebook.demo(NAME, rule_id)
        if demo is None:
            continue
        set_up = ".setup." in rule_id
        found = {"refusal": demo.how == "refusal",
                 "setup": set_up and demo.how != "refusal",
                 "turn": not set_up and ".scoring." not in rule_id and demo.how != "refusal"
                 and (demo.how != "lesson" or demo.frame > 0)}
        if found[kind]:
            return index, rule_id
    raise AssertionError(f"no {kind} passage in the Cacao rulebook")


def rule_panel_leads_with(page, rule_id: str) -> None:
    page.wait_for_function(
        "(id) => document.querySelector('.rx-rules .rx-rule')?.dataset.rule === id",
        arg=rule_id, timeout=TIMEOUT * 1000)


@pytest.mark.parametrize("kind", ["setup", "turn", "refusal"])
def test_clicking_a_passage_shows_its_rule_on_the_board(page, voila_url, kind):
    index, rule_id = passage_of_kind(kind)
    open_board(page, voila_url, NAME)
    before = board_pixels(page)
    tab(page, "Rulebook")
    passage = page.locator(f"#rx-passage-{index}")
    passage.wait_for(state="visible", timeout=TIMEOUT * 1000)
    passage.scroll_into_view_if_needed()
    screenshot(page, f"rulebook-{kind}-1-tab")
    act(page, lambda: passage.click())
    rule_panel_leads_with(page, rule_id)
    if kind == "refusal":
        wait_text(page, ".rx-message", f"rule {rule_id}")
        wait_text(page, ".rx-rules", "Why not:")
    else:
        wait_text(page, ".rx-message", f"Rule {rule_id} acts at this step.")
        wait_text(page, ".rx-rules", "From the rulebook:")
    if kind != "setup":
        assert pixels_differing(before, board_pixels(page)) > 1000   # another position
    screenshot(page, f"rulebook-{kind}-2-shown")
    assert page.errors == []


def test_a_rule_link_and_the_rulebook_page(page, voila_url):
    _, rule_id = passage_of_kind("turn")
    open_board(page, voila_url, NAME, f"?rule={rule_id}")
    rule_panel_leads_with(page, rule_id)
    screenshot(page, "rulebook-link")
    page.goto(f"{voila_url}/voila/render/rulebook.ipynb?game={NAME}")
    see = page.locator(f'a.rx-see-link[href="{NAME}.ipynb?rule={rule_id}"]').first
    see.wait_for(state="visible", timeout=TIMEOUT * 1000)
    assert "rule passages" in text(page, ".rx-rulebook-summary")
    screenshot(page, "rulebook-page")
    see.click()
    page.wait_for_url(f"**/{NAME}.ipynb?rule={rule_id}", timeout=TIMEOUT * 1000)
    wait_for_board(page)
    rule_panel_leads_with(page, rule_id)
    assert page.errors == []


def test_each_rule_of_a_passage_with_several_is_its_own_click(page, voila_url):
    """Taluva's eruption passage holds several rules: a click on the settlement rule opens that
    rule, not the passage's first (a temple refusal)."""
    rule_id = "taluva.erupt.settlement"
    source = rulebook.sources("taluva")[0]
    passage = next(p for p in rulebook.passages("taluva", source) if rule_id in p.rules)
    assert passage.rules[0] != rule_id
    open_board(page, voila_url, "taluva")
    tab(page, "Rulebook")
    target = page.locator(f'.rx-rule-target[data-rule="{rule_id}"]').first
    target.wait_for(state="visible", timeout=TIMEOUT * 1000)
    target.scroll_into_view_if_needed()
    target.hover()
    screenshot(page, "rulebook-taluva-several-rules-1-tab")
    target.click()
    rule_panel_leads_with(page, rule_id)
    wait_text(page, ".rx-rulebook-chosen", f"See {rule_id}")
    screenshot(page, "rulebook-taluva-several-rules-2-shown")
    assert page.errors == []


def test_a_hungarian_search_finds_rules_quoted_in_hungarian(page, voila_url):
    """Rule search in Hungarian, as in Korean; each quote marked with its own language."""
    open_board(page, voila_url, NAME)
    tab(page, "Rules")
    assert "magyar" in page.locator(".rx-rule-search input").get_attribute("placeholder")
    page.locator(".rx-rule-search input").fill("piac")
    wait_text(page, ".rx-rule-results", "match")
    quotes = page.evaluate("() => [...document.querySelectorAll('.rx-rule-results blockquote')]"
                           ".map(b => [b.lang, b.innerText])")
    assert any(lang == "hu" and "piac" in quote for lang, quote in quotes), quotes
    for lang, quote in quotes:
        assert lang == ("hu" if set("őűáé") & set(quote) else "ko"), (lang, quote[:60])
    page.locator(".rx-rule-results blockquote[lang=hu]").first.scroll_into_view_if_needed()
    screenshot(page, "rules-search-hungarian")
    assert page.errors == []


def test_cacao_side_by_side_is_readable_clickable_and_names_each_reading(page, voila_url):
    """In the side tab at 1280x800 each text of a rule is as wide as the tab (Korean, then
    Hungarian), each reading of a rule read two ways names its rule option value, and a click
    on a rule opens a step where it acts (here: the move it refuses)."""
    rule_id = "cacao.activate.order"
    open_board(page, voila_url, NAME)
    tab(page, "Rulebook")
    page.locator(".rx-rulebook-source select").select_option(label="Side by side, aligned by rule")
    block = page.locator(f'.rx-aligned-block[data-rule="{rule_id}"]')
    block.wait_for(state="visible", timeout=TIMEOUT * 1000)
    widths = page.evaluate("""() => {
      const pane = [...document.querySelectorAll('.rx-tab-pane')]
        .find(p => p.offsetParent !== null).getBoundingClientRect();
      return [pane.width, ...[...document.querySelectorAll('.rx-aligned-reading')]
        .map(r => r.getBoundingClientRect().width)];
    }""")
    pane, readings = widths[0], widths[1:]
    assert len(readings) == 2 * len(explorer.rules.for_game(NAME))
    assert min(readings) > 0.8 * pane and min(readings) >= 380, (pane, min(readings))
    block.scroll_into_view_if_needed()
    options = block.locator(".rx-aligned-option").all_inner_texts()
    assert any("per worker (Korean rulebook)" in o and "activation_order=per_worker" in o
               for o in options), options
    assert any("per side (Hungarian rulebook)" in o and "activation_order=per_edge" in o
               for o in options), options
    screenshot(page, "rulebook-cacao-side-by-side")
    projector_on = lambda: page.click(".rx-projector-toggle")           # noqa: E731
    act(page, projector_on)
    page.wait_for_selector(".rx-app.rx-projector")
    block.scroll_into_view_if_needed()
    screenshot(page, "rulebook-cacao-side-by-side-projector")
    act(page, projector_on)
    page.wait_for_selector(".rx-app:not(.rx-projector)")
    block.scroll_into_view_if_needed()
    act(page, lambda: block.click())
    rule_panel_leads_with(page, rule_id)
    wait_text(page, ".rx-message", f"rule {rule_id}")
    screenshot(page, "rulebook-cacao-side-by-side-clicked")
    assert page.errors == []
