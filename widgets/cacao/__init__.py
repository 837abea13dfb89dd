"""Cacao app: `from widgets.cacao import app; app()`."""
from __future__ import annotations

import explorer
from explorer import SetupError

from .board import CacaoBoard
from .draw import Hints, Pick, move_hints, scene
from .layout import layout

GAME = explorer.GAMES["cacao"]

INTRO = ("<p>Play from the last set-up step: choose a hand tile, turn it, click a green cell; "
         "fill orange spaces with a display tile; use or decline the activated workers. Keys "
         "(pointer over the board): ← → step, Home / End first / last, Q / E turn the tile.</p>")

ROTATE_KEYS = {"q": -1, "Q": -1, "e": 1, "E": 1, "r": 1, "R": 1}


def _cacao_shell():
    """The shared shell plus what Cacao needs on top: rotate keys and its own scoring words.

    Subclassed here (not changed in widgets/shared) so the shared shell stays game-neutral."""
    from ..shared.app import ExplorerApp
    from ..shared.timeline import SCORING, Frame, Timeline, player_label

    class CacaoFrame(Frame):
        @property
        def narration(self):
            if self.kind != SCORING:
                return super().narration
            sheet = self.state.score()
            winners = ", ".join(player_label(p) for p in sheet.winners)
            text = ("Final scoring (temples, sun tokens, water): " + ", ".join(
                f"{player_label(p)} {pts}" for p, pts in sheet.totals.items())
                + f". Winner: {winners}.")
            return [(text, sheet.tiebreak_rule or (sheet.lines[0].rule if sheet.lines else ""))]

    class CacaoTimeline(Timeline):
        def _add_scoring_if_over(self) -> None:
            final = self.frames[-1]
            if final.state.is_over and final.kind != SCORING:
                self.frames.append(CacaoFrame("Scoring", final.state, None, SCORING))

    class CacaoApp(ExplorerApp):
        def new_game(self, players: int, seed: int, options: dict) -> bool:
            """As the shell's, with the Cacao timeline (its scoring frame speaks of Cacao)."""
            try:
                steps = self.game.setup_steps(players, seed, **options)
            except SetupError as exc:
                self.message.error(f"Cannot set up this game: {exc}")
                return False
            self.timeline = CacaoTimeline(steps)
            self.perspective.set_players(players)
            self.message.clear()
            self.refresh()
            return True

        def _key(self, event: dict) -> None:
            key = event.get("key") if isinstance(event, dict) else None
            target = event.get("target") if isinstance(event, dict) else None
            if isinstance(target, dict) and str(target.get("tagName", "")).upper() in {
                    "INPUT", "TEXTAREA", "SELECT"}:
                return
            if isinstance(key, str) and key in ROTATE_KEYS:
                self.board.rotate(ROTATE_KEYS[key])
                return
            super()._key(event)

    return CacaoApp


def app(players: int = 3, seed: int = 1, **options):
    """The root widget (class rx-app) of the explorer, starting at the first set-up step."""
    shell = _cacao_shell()(GAME, CacaoBoard(), players, seed, options, intro=INTRO)
    root = shell.root
    root.explorer = shell
    return root


def gallery_picture(width: int = 420) -> str:
    """A position a few turns into a 3-player game, drawn by the real renderer as SVG."""
    from explorer.bots import RandomBot
    from explorer.cacao import components as C

    from ..shared.svg import scene_to_svg
    state = GAME.setup(3, 1)
    bot = RandomBot(1)
    while state.turns < 6:
        state = state.apply(bot.choose(state))
    hand = sorted({C.pattern_of(t) for t in state.hands[state.current_player]})
    pick = Pick(pattern=hand[0] if hand else None, rotation=1)
    return scene_to_svg(scene(state, move_hints(state), pick, playable=True), width=width)


__all__ = ["CacaoBoard", "GAME", "Hints", "Pick", "app", "gallery_picture", "layout",
           "move_hints", "scene"]
