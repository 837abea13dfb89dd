"""The games, as plug-ins: `GAMES["cacao"]` is Cacao's Game (re-exported as `explorer.GAMES`).

A game joins by declaring an entry point in the group `rules_explorer.games` of its package's
`pyproject.toml`, naming a `GamePlugin`: its engine, its app (by name, so the engines never import
a view), where its rule index, rule texts, lessons and catalogues are, and its gallery cards. The
four games of this package register the same way (`explorer/<game>/plugin.py`); a fifth is a
package of its own (docs/new-game.md). Nothing else in the project names a game.

Plug-ins are loaded on first use, not on import: a plug-in's own modules import `explorer`, so
loading them while `explorer` is being imported would be a circle.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from importlib.metadata import entry_points
from pathlib import Path

from .core import Game
from .messages import Message

GROUP = "rules_explorer.games"


@dataclass(frozen=True)
class Card:
    """One card of the gallery: a page of the game's app, with a picture and a blurb."""
    description: Message
    picture: str                      # "module:function"; function(words) -> SVG text
    query: str = ""                   # the rest of the app's address, e.g. "?players=1"
    title: Message | None = None      # else the game's title
    players: Message | None = None    # else its player counts
    lessons: str = ""                 # list only the lessons whose names start with this


@dataclass(frozen=True)
class GamePlugin:
    """Everything the explorer needs to know of one game."""
    game: Game
    app: str                          # "module:function" building the app's root widget
    texts: Traversable                # <name>.rules.toml, <name>.glossary.toml, the texts they cite
    lessons: Traversable              # the game's lesson files
    locale: Traversable               # <lang>/LC_MESSAGES/<name>.po
    sources: tuple[Traversable, ...]  # the folders whose words go into the game's catalogue
    cards: tuple[Card, ...] = ()
    notebook: str = ""                # its own notebook in notebooks/; else game.ipynb?game=<name>
    rank: int = 100                   # its place in the gallery
    step_budget_ms: float = 10.0      # the engine benchmark's median step time it must keep

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def page(self) -> str:
        """The app's page address relative to the notebooks' folder."""
        return self.notebook or f"game.ipynb?game={self.name}"


class PluginError(RuntimeError):
    pass


class Registry(Mapping):
    """The registered games by name, in name order (a stable order whatever installed them)."""

    def __init__(self, group: str = GROUP):
        self.group = group
        self._plugins: dict[str, GamePlugin] | None = None

    def plugins(self) -> dict[str, GamePlugin]:
        if self._plugins is None:
            found = {}
            for point in entry_points(group=self.group):
                plugin = point.load()
                if not isinstance(plugin, GamePlugin):
                    raise PluginError(f"entry point {point.name} = {point.value} is not a GamePlugin")
                if plugin.name != point.name or plugin.name in found:
                    raise PluginError(f"entry point {point.name} names game {plugin.name!r} "
                                      f"(two games of one name, or a name that is not the game's)")
                found[plugin.name] = plugin
            if not found:
                raise PluginError(f"no game is registered in the entry point group {self.group}: "
                                  f"install the project (pip install -e .)")
            self._plugins = dict(sorted(found.items()))
        return self._plugins

    def __getitem__(self, name: str) -> Game:
        return self.plugins()[name].game

    def __iter__(self) -> Iterator[str]:
        return iter(self.plugins())

    def __len__(self) -> int:
        return len(self.plugins())

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES = Registry()


def plugin(name: str) -> GamePlugin:
    return GAMES.plugins()[name]


def plugins() -> list[GamePlugin]:
    """Every registered game's plug-in, in name order."""
    return list(GAMES.plugins().values())


def in_gallery_order() -> list[GamePlugin]:
    return sorted(plugins(), key=lambda p: (p.rank, p.name))


def own_plugin(game: Game, description: Message, *more: Card, rank: int,
               step_budget_ms: float) -> GamePlugin:
    """The plug-in of one of this package's own games, laid out alike: the engine in
    explorer/<name>/ (its lessons/ inside), the view in widgets/<name>/ (`app`,
    `gallery_picture`), the rule texts and indexes in explorer/seeds (the checkout's seeds/,
    linked into the package so a wheel carries them), the catalogues in explorer/locale, and
    the page notebooks/<name>.ipynb. The view's folder is found by path: the engines never
    import a view."""
    name, package = game.name, resources.files("explorer")
    root = Path(__file__).resolve().parent.parent
    return GamePlugin(game=game, app=f"widgets.{name}:app", texts=package / "seeds",
                      lessons=package / name / "lessons", locale=package / "locale",
                      sources=(root / "explorer" / name, root / "widgets" / name),
                      cards=(Card(description, f"widgets.{name}:gallery_picture"), *more),
                      notebook=f"{name}.ipynb", rank=rank, step_budget_ms=step_budget_ms)
