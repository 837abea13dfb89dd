"""Taluva app: `from widgets.taluva import app; app()`."""
from __future__ import annotations

import explorer
from explorer.messages import T

from ..shared.app import game_app
from ..shared.score_sheet import by_rule, register_pad
from .board import TaluvaBoard
from .draw import PLAYER_COLOURS, scene
from .layout import layout
from .pick import Hints, Pick, move_hints
from .score_pad import ranking_html

GAME = explorer.GAMES["taluva"]
register_pad(GAME.name, by_rule, PLAYER_COLOURS, render=ranking_html)

INTRO = T("Play from the last set-up step. Place: turn the drawn tile (⟲ / ⟳ or keys Q / E), "
          "then click a green volcano spot (orange: an eruption on a volcano). Build: pick New "
          "hut, Expand, Temple or Tower and click a highlighted hex; for an expansion click your "
          "settlement, then a terrain, check the preview and press Build. Keys: ← → (or Page "
          "Up / Page Down, Space) step, Home / End first / last, Esc closes a message.")

app = game_app(GAME, TaluvaBoard, INTRO)


def gallery_picture(width: int = 420, words=str) -> str:
    """A position some turns into a 3-player game, drawn by the real renderer as SVG."""
    from explorer.bots import GreedyBot

    from ..shared.scene import View
    from ..shared.svg import played_picture
    return played_picture(GAME.setup(3, 1), scene,
                          lambda state: View(move_hints(state), Pick(), playable=True, words=words),
                          width, bot=GreedyBot(1), until=lambda state: state.turns >= 12)


__all__ = ["GAME", "Hints", "Pick", "TaluvaBoard", "app", "gallery_picture", "layout",
           "move_hints", "scene"]
