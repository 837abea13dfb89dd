"""The Game tab's set-up choices read as words: option titles and values a person uses, the
start player counted from 1 and only among those who play, and no "1 players"."""
from __future__ import annotations

import re

import pytest

import explorer
from widgets.shared.setup_panel import SetupPanel

CODE = re.compile(r"[a-z]+_[a-z_]+|^(True|False|None)$")   # snake_case names, Python values


def panel(game, players):
    return SetupPanel(game, lambda *a: None, lambda *a: None, players, 1)


@pytest.mark.parametrize("name", sorted(explorer.GAMES))
def test_every_option_reads_as_words(name):
    game = explorer.GAMES[name]
    controls = panel(game, max(game.player_counts)).controls
    for option_name, control in controls.items():
        widget = control.widget
        if not hasattr(widget, "options"):
            continue
        assert not CODE.search(widget.description), (option_name, widget.description)
        for label, _ in widget.options:
            assert not CODE.search(label), (option_name, label)
        assert widget.tooltip == game.options[option_name].description


@pytest.mark.parametrize("name", sorted(explorer.GAMES))
def test_the_start_player_is_one_of_those_who_play_counted_from_one(name):
    game = explorer.GAMES[name]
    p = panel(game, max(game.player_counts))
    start = p.controls["start_player"].widget
    assert [label for label, _ in start.options] == [
        f"Player {n}" for n in range(1, max(game.player_counts) + 1)]
    p.players.value = min(c for c in game.player_counts if c > 1)
    assert len(start.options) == p.players.value
    start.value = p.players.value - 1
    assert p.read()[2]["start_player"] == p.players.value - 1


def test_the_solo_count_says_one_player():
    labels = [label for label, _ in panel(explorer.GAMES["indian_summer"], 2).players.options]
    assert labels[0] == "1 player (solo)" and "1 players" not in labels


def test_cacao_activation_order_names_its_rulebook():
    widget = panel(explorer.GAMES["cacao"], 3).controls["activation_order"].widget
    assert dict(widget.options) == {"per side (Hungarian rulebook)": "per_edge",
                                    "per worker (Korean rulebook)": "per_worker"}
    assert widget.description == "Activation order"
