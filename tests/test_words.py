"""Every sentence an engine says can be translated: events, refusals, score lines and move
descriptions are `Message`s whose words are all in templates (explorer/messages.py), so a view can
show them in Korean or Hungarian. A plain string with English words in it, or an English word
passed as a parameter, could only ever be shown in English."""
from __future__ import annotations

import random
import re

import pytest

import explorer
from explorer import IllegalAction, i18n
from explorer.messages import Message
from words_check import use_catalogue

WORD = re.compile(r"[A-Za-z]{3,}")     # "C4", "2-1-0-1", "(-1, 0)" hold no English word
STEPS = 250


def english_left(text, where: str) -> list[str]:
    """Where `text` has English no catalogue could translate."""
    if isinstance(text, Message):
        found = []
        for key, value in text.params.items():
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, str):
                    found += english_left(item, f"{where} {{{key}}}")
        return found
    if isinstance(text, str) and WORD.search(text):
        return [f"{where}: {text[:90]!r}"]
    return []


def played(game_name: str, players: int, seed: int):
    """The states of one seeded random game (to the end or STEPS steps)."""
    game = explorer.GAMES[game_name]
    rng = random.Random(seed)
    state = game.setup(players=players, seed=seed)
    states = [state]
    while not state.is_over and len(states) < STEPS:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("game_name", sorted(explorer.GAMES))
def test_an_engine_says_everything_in_templates(game_name):
    game = explorer.GAMES[game_name]
    found = []
    for players in (min(game.player_counts), max(game.player_counts)):
        states = played(game_name, players, seed=players)
        for i, state in enumerate(states):
            for event in state.events:
                found += english_left(event.text, f"step {i} event [{event.rule}]")
            for action in state.legal_actions()[:3]:
                found += english_left(state.describe_action(action), f"step {i} move")
            if i >= 2:   # moves of an earlier position, mostly refused here
                for action in states[i - 2].legal_actions()[:6]:
                    try:
                        state.apply(action)
                    except IllegalAction as exc:
                        found += english_left(exc.reason, f"step {i} refusal [{exc.rule}]")
        sheet = states[-1].score()
        for line in sheet.lines:
            found += english_left(line.label, f"score line [{line.rule}]")
        found += english_left(sheet.tiebreak, "tie-break")
    assert not found, f"{len(found)} texts not in templates, e.g.:\n" + "\n".join(
        sorted(set(found))[:25])


def test_a_message_is_its_english_text_and_keeps_its_template():
    from explorer.messages import N, T, player_name
    said = T("{who} takes {gold} gold.", who=player_name(1), gold=3)
    assert said == "Player 2 takes 3 gold." and said.template == "{who} takes {gold} gold."
    assert N("{n} tile", "{n} tiles", 1) == "1 tile" and N("{n} tile", "{n} tiles", 4) == "4 tiles"
    assert T("In {cells}.", cells=("C4", player_name(0))) == "In C4, Player 1."


def test_a_message_is_rendered_from_the_catalogue_or_falls_back_to_english(tmp_path, monkeypatch):
    from explorer.messages import N, T

    use_catalogue(tmp_path, monkeypatch, "hu", {
        "{who} takes {gold} gold.": "{who} {gold} aranyat kap.",
        "Player {number}": "{number}. játékos",
        ("{n} tile", "{n} tiles"): ("{n} lapka", "{n} lapka"),
        "Broken {x}.": "Törött {y}."})
    try:
        said = T("{who} takes {gold} gold.", who=explorer.messages.player_name(1), gold=3)
        assert i18n.render(said, "hu") == "2. játékos 3 aranyat kap."
        assert i18n.render(N("{n} tile", "{n} tiles", 5), "hu") == "5 lapka"
        assert i18n.render(T("Broken {x}.", x=1), "hu") == "Broken 1."        # not an error
        assert i18n.render(T("Never translated."), "hu") == "Never translated."
        assert i18n.render(said, "en") == said and i18n.render("plain", "hu") == "plain"
    finally:
        i18n.translations.cache_clear()


@pytest.mark.parametrize("header, lang", [
    ("ko-KR,ko;q=0.9,en;q=0.5", "ko"), ("de-DE,hu;q=0.8,ko;q=0.7", "hu"), ("fr, de", "en"),
    ("", "en"), (None, "en"), ("hu;q=0, en", "en"), ("ko;q=bad, hu", "hu")])
def test_the_language_follows_the_browser_or_falls_back_to_english(header, lang):
    assert i18n.negotiate(header) == lang


def rendered_game(game_name: str, lang: str) -> list[tuple[str, str]]:
    """(English, shown in `lang`) of every text of a seeded game: events, a few move
    descriptions per step, the score sheet."""
    game = explorer.GAMES[game_name]
    texts = []
    for state in played(game_name, max(game.player_counts), seed=5):
        texts += [event.text for event in state.events]
        texts += [state.describe_action(a) for a in state.legal_actions()[:2]]
    sheet = state.score()
    texts += [line.label for line in sheet.lines] + ([sheet.tiebreak] if sheet.tiebreak else [])
    return [(str(t), i18n.render(t, lang, game_name)) for t in texts]


@pytest.mark.parametrize("game_name", sorted(explorer.GAMES))
def test_a_whole_game_reads_in_korean(game_name):
    left = sorted({shown for _, shown in rendered_game(game_name, "ko") if WORD.search(shown)})
    assert not left, f"{len(left)} texts with English in Korean, e.g.:\n" + "\n".join(left[:20])


@pytest.mark.parametrize("game_name", sorted(explorer.GAMES))
def test_a_whole_game_reads_in_hungarian(game_name):
    left = sorted({english for english, shown in rendered_game(game_name, "hu")
                   if WORD.search(english) and shown == english})
    assert not left, f"{len(left)} texts left in English, e.g.:\n" + "\n".join(left[:20])
