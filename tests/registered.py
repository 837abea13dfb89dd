"""The registered games, as the shared suites see them.

Every shared test takes its games from the registry (`explorer.games`), never from a list of its
own: a test with a `game_name` argument runs once per registered game (tests/conftest.py), and
a parametrisation that needs more than the name builds its cases from `names()` or
`plugins()`. So a new game is tested by the shared suites as soon as it is installed.

What a shared test must know of one game and cannot ask the engine (its conservation check, a
valid position, how its board is clicked in a browser...) is in the game's own file,
tests/games/<name>.py, read by `checks(name)`; `need(name, what)` fails with a message that
says what to write there, so a new game is never left out in silence. Other per-game data are
files named after the game too (tests/golden/<name>.txt).
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from explorer import games

HERE = Path(__file__).resolve().parent
CHECKS = HERE / "games"
_UNSET = object()


def plugins():
    """Every registered game's plug-in, in name order."""
    return games.plugins()


def names() -> list[str]:
    return [p.name for p in games.plugins()]


def gallery_names() -> list[str]:
    return [p.name for p in games.in_gallery_order()]


def first() -> str:
    """The first game in gallery order: the one a test uses where any game would do."""
    return gallery_names()[0]


def checks_path(name: str) -> Path:
    return CHECKS / f"{name}.py"


def checks(name: str) -> ModuleType:
    """tests/games/<name>.py, the game's data for the shared suites (loaded once)."""
    key = f"_game_checks_{name}"
    if key in sys.modules:
        return sys.modules[key]
    path = checks_path(name)
    if not path.exists():
        raise AssertionError(
            f"no {path.relative_to(HERE.parent)}: the shared suites need a file of the game "
            f"{name!r} with its conservation check and data (copy the layout of another "
            f"game's file in {CHECKS.relative_to(HERE.parent)}/ and fill it in)")
    spec = importlib.util.spec_from_file_location(key, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


def need(name: str, what: str, how: str = ""):
    """`what` from the game's tests/games/<name>.py; fails, saying what to write, if it is not
    there."""
    value = getattr(checks(name), what, _UNSET)
    if value is _UNSET:
        where = checks_path(name).relative_to(HERE.parent)
        raise AssertionError(f"{where} has no {what}: "
                             + (how or "write it as the other games' files there do"))
    return value


def has(name: str, what: str) -> bool:
    """Whether the game's file gives `what` (for the browser checks a new game may leave to
    its smoke test); a game without a file gives nothing."""
    return checks_path(name).exists() and hasattr(checks(name), what)


def having(what: str) -> list[str]:
    return [name for name in names() if has(name, what)]


def browser_games() -> list[str]:
    """The games that run every shared browser check: BROWSER_CHECKS = True in their
    tests/games/<name>.py. Every registered game runs the browser smoke test
    (tests/browser/test_shell_in_browser.py), so a new game is opened in a browser at once and
    may join the longer checks later."""
    return [name for name in names()
            if has(name, "BROWSER_CHECKS") and checks(name).BROWSER_CHECKS]


def app_factory(name: str):
    """The function that builds the game's app (`plugin.app`, "module:function")."""
    from widgets.game_page import named
    return named(games.plugin(name).app)


def engine_folder(name: str) -> Path:
    """The folder of the game's engine package (where its Game class is defined)."""
    module = sys.modules[type(games.plugin(name).game).__module__]
    return Path(module.__file__).resolve().parent
