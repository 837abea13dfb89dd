"""game.ipynb, the page of any registered game: it opens the game its address names, and every
link and address it writes names that game again, so a reload or a shared link opens the same
position on the same page."""
from html import escape

import pytest

import explorer
from explorer.links import LinkError, parse_query
from widgets.game_page import game_page
from widgets.shared.page_words import PageWords
from widgets.shared.share_panel import position_query


def test_the_page_opens_the_game_its_address_names_at_the_step_it_asks(game_name, monkeypatch):
    game = explorer.GAMES[game_name]
    players = min(game.player_counts)
    query = f"game={game_name}&players={players}&seed=2&step=2"
    monkeypatch.setenv("QUERY_STRING", query)
    app = game_page(query).explorer
    assert app.game is game and app.timeline.index == 1
    assert position_query(app.session) == f"?{query}"
    app.session.go(0)
    assert app.address.query == f"?game={game_name}&players={players}&seed=2&step=1"
    reopened = parse_query(game, app.address.query, 3, 1)      # what a reload reads
    assert (reopened.players, reopened.seed, reopened.step) == (players, 2, 1)


def test_a_game_s_own_page_writes_no_game_into_its_links(monkeypatch):
    name = next(iter(explorer.GAMES))
    game = explorer.GAMES[name]
    monkeypatch.setenv("QUERY_STRING", f"players={min(game.player_counts)}&seed=2")
    app = game_page(f"game={name}").explorer     # the page opened as its own notebook would
    monkeypatch.setenv("QUERY_STRING", "")
    from widgets.shared.app import app_root
    own = app_root(game, type(app.board), min(game.player_counts), 2, {}).explorer
    assert "game=" not in position_query(own.session)


def test_a_link_to_another_game_is_refused_in_words():
    first, second = list(explorer.GAMES)[:2]
    with pytest.raises(LinkError, match="the link asks for"):
        parse_query(explorer.GAMES[first], f"game={second}&players=2", 3, 1)


@pytest.mark.parametrize("name", ["chess", "", "<b>x</b>"])
def test_an_unknown_game_gets_a_page_listing_the_games_not_a_traceback(name):
    page = game_page(f"game={name}&lang=hu")
    assert "rx-game-page" in page._dom_classes and 'role="alert"' in page.value
    assert "<b>x</b>" not in page.value
    for game_name, game in explorer.GAMES.items():            # each named in Hungarian
        assert escape(PageWords("hu", game_name)(game.title)) in page.value
    assert 'href="index.ipynb"' in page.value and "Minden játék" in page.value
