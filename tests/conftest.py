"""Shared set-up of the test suite: the plugin that records which rules each test cites (for
`python -m explorer rules coverage`), and the registered games for the shared suites: a test
(or fixture) with a `game_name` argument runs once per game of the registry, with the
`game_plugin` and `game` fixtures at hand, so a game joins every shared suite by being
installed. Shared checks live in modules of their own (`rule_checks.refused`,
`registered.need`): a test cannot import a conftest by name, as tests/browser has one too."""
import pytest

import explorer
import registered

pytest_plugins = ["rule_citations"]


def pytest_generate_tests(metafunc):
    """`game_name`: every registered game, in name order (unless the test parametrises it)."""
    if "game_name" in metafunc.fixturenames and not _parametrized(metafunc, "game_name"):
        names = registered.names()
        metafunc.parametrize("game_name", names, ids=names)


def _parametrized(metafunc, argname: str) -> bool:
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0] if mark.args else mark.kwargs.get("argnames", ())
        if isinstance(names, str):
            names = [n.strip() for n in names.split(",")]
        if argname in names:
            return True
    return False


@pytest.fixture
def game_plugin(game_name):
    """The GamePlugin of the game under test."""
    return explorer.games.plugin(game_name)


@pytest.fixture
def game(game_name):
    """The Game of the game under test."""
    return explorer.GAMES[game_name]
