"""Nim's score: one point for the winner, explained by the rule that made them win.

Nim knows no points; the sheet gives the winner 1 and the other player 0, so that every score
line (and the score pad) names the end rule that decided the game.
"""
from __future__ import annotations

from explorer.core import ScoreLine
from explorer.messages import T


def score_lines(last: int, misere: bool) -> list[ScoreLine]:
    """The two lines of a finished game: `last` took the last counter."""
    other = 1 - last
    if misere:
        return [ScoreLine(other, T("left the last counter to the other player: wins"), 1,
                          "nim.end.misere", {"result": "win"}),
                ScoreLine(last, T("took the last counter: loses (misère)"), 0,
                          "nim.end.misere", {"result": "loss"})]
    return [ScoreLine(last, T("took the last counter: wins"), 1, "nim.end.last_counter",
                      {"result": "win"}),
            ScoreLine(other, T("did not take the last counter"), 0, "nim.end.last_counter",
                      {"result": "loss"})]
