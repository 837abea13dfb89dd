"""The solo game: upper and lower paths, the numbered turn track with its mushroom space, and the
series of three games.

Track spaces, left to right: 10, 9, ..., 1, an empty space, (the mushroom space), an empty space.
In the state `track` has 12 places: index 0 is space 10, index 9 space 1, 10 and 11 the empty
spaces on either side of the mushroom space (which holds no tile).
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import core
from ..core import IllegalAction
from . import components as C
from .actions import ENDS, PATHS, Berry, Mushroom, Refill, end_name, path_name
from ..messages import T
from .moves import fits, pair_fits

BESIDE_MUSHROOM = (10, 11)


def space_index(number: int) -> int:
    """Track index of numbered space 1-10."""
    return 10 - number


class SoloRules:
    """Solo turn rules, mixed into the state."""

    def _solo_path(self, name: str) -> tuple:
        return self.upper if name == "upper" else self.lower

    def _solo_set_path(self, name: str, tiles: tuple) -> None:
        if name == "upper":
            self.upper = tiles
        else:
            self.lower = tiles

    def _solo_take(self, name: str, end: str, target: int) -> list[int]:
        """Outermost tiles from one end of one path until the player's path holds `target`."""
        taken = []
        row = self._solo_path(name)
        while len(self.paths[0]) < target and row:
            tile, row = (row[0], row[1:]) if end == "left" else (row[-1], row[:-1])
            taken.append(tile)
            self.paths = (self.paths[0] + (tile,),)
        self._solo_set_path(name, row)
        return taken

    # -- refill when the path is empty -------------------------------------------------------
    def _solo_refills(self) -> list:
        return [Refill(p, e) for p in PATHS if self._solo_path(p) for e in ENDS]

    def _solo_refill(self, action) -> None:
        if action.path not in PATHS or action.end not in ENDS or not self._solo_path(action.path):
            raise IllegalAction("indian_summer.solo.refill",
                                T("choose the upper or lower path (one that still has tiles) and "
                                  "its left or right end"))
        taken = self._solo_take(action.path, action.end, C.PATH_SIZE)
        if self.narrating:
            self._emit(T("Player 1 refills the path from the {end} end of the {path} path: "
                         "{tiles}.", end=end_name(action.end), path=path_name(action.path),
                         tiles=C.names(taken)), "indian_summer.solo.refill", 0, tiles=taken)
        self._solo_shortfall()
        self.phase = "turn"

    def _solo_shortfall(self) -> None:
        if len(self.paths[0]) < C.PATH_SIZE and self.narrating:
            if self.upper or self.lower:
                self._emit(T("That path ran out with {n} tiles in yours; one more berry may "
                             "take the shortfall from the other path.", n=len(self.paths[0])),
                           "indian_summer.solo.shortfall", 0)
            else:
                self._emit(T("That path ran out with {n} tiles in yours, and the other path is "
                             "empty too: no tiles are left to take.", n=len(self.paths[0])),
                           "indian_summer.solo.shortfall", 0)

    def _solo_after_tile(self) -> None:
        if not self.paths[0] and (self.upper or self.lower):
            if self.narrating:
                self._emit(T("Your path is empty: refill it at once from one end of the upper or "
                             "the lower path."), "indian_summer.solo.refill", 0)
            self.phase = "refill"
        else:
            self.phase = "turn"

    # -- berries -----------------------------------------------------------------------------
    def _solo_berries(self) -> list:
        if len(self.paths[0]) >= C.PATH_MAX:
            return []
        return [Berry(p, e) for p in PATHS if self._solo_path(p) for e in ENDS]

    def _solo_berry(self, action) -> None:
        n = len(self.paths[0])
        if not self.backpacks[0][0]:
            # the solo rules' "one more berry": for a short path's shortfall (rule text line
            # 342), or with 5 tiles for the 6th (line 360); not the 2-4 player refill
            raise IllegalAction("indian_summer.solo.shortfall" if n < C.PATH_SIZE
                                else "indian_summer.solo.sixth",
                                T("{player} has no berry", player=self.player_name(0)))
        if action.path not in PATHS or action.end not in ENDS:
            raise IllegalAction("indian_summer.solo.berry",
                                T("in the solo game a berry takes tiles from one end of the "
                                  "upper or lower path: name the path and the end"))
        if not self._solo_path(action.path):
            raise IllegalAction("indian_summer.solo.berry",
                                T("the {path} path is empty", path=path_name(action.path)))
        if n >= C.PATH_MAX:
            raise IllegalAction("indian_summer.solo.sixth",
                                T("your path never holds more than 6 tiles"))
        self._spend(0, "berry")
        if n < C.PATH_SIZE:
            taken = self._solo_take(action.path, action.end, C.PATH_SIZE)
            if self.narrating:
                self._emit(T("Player 1 spends a berry: {tiles} from the {end} end of the {path} "
                             "path, up to 5.", tiles=C.names(taken), end=end_name(action.end),
                             path=path_name(action.path)), "indian_summer.solo.berry",
                           0, tiles=taken)
            self._solo_shortfall()
        else:
            taken = self._solo_take(action.path, action.end, C.PATH_MAX)
            if self.narrating:
                self._emit(T("Player 1 spends a berry with 5 tiles in the path: a 6th, {tiles}, "
                             "from the {end} end of the {path} path.", tiles=C.names(taken),
                             end=end_name(action.end), path=path_name(action.path)),
                           "indian_summer.solo.sixth", 0, tiles=taken)

    # -- mushroom ----------------------------------------------------------------------------
    def _solo_mushrooms(self) -> list:
        covered = self.floors[0].covered
        tiles = [self.track[i] for i in BESIDE_MUSHROOM if self.track[i] is not None]
        return [Mushroom(())] if any(fits(t, covered) for t in tiles) else []

    def _solo_take_mushroom(self) -> None:
        covered = self.floors[0].covered
        there = [(self.track[i], i) for i in BESIDE_MUSHROOM if self.track[i] is not None]
        if len(there) == 2 and pair_fits(there[0][0], there[1][0], covered):
            taken, need = there, 2
            why = T("both fit, so both are taken, to be laid in either order")
        else:
            taken = [(t, i) for t, i in there if fits(t, covered)]
            need = 1
            why = (T("only one is left there") if len(there) == 1 else
                   T("only one of them fits, so only that one is taken") if len(taken) == 1 else
                   T("each fits, but not both together: both are lifted from their spaces, "
                     "you lay one of them (your choice) and the other goes back to its space"))
        track = list(self.track)
        for _, i in taken:
            track[i] = None
        self.track = tuple(track)
        self.pending = tuple(t for t, _ in taken)
        self.pending_slots = tuple(taken)
        self.need, self.pending_from = need, "track"
        if self.narrating:
            self._emit(T("Player 1 spends a mushroom instead of laying a path tile: the tiles "
                         "beside the mushroom space ({tiles}): {why}.",
                         tiles=C.names(t for t, _ in there), why=why),
                       "indian_summer.solo.mushroom", 0, tiles=self.pending)
        self.phase = "place"

    def _solo_return(self) -> None:
        """A tile taken by the solo mushroom but not laid goes back to its space."""
        track = list(self.track)
        back = []
        for tile, i in self.pending_slots:
            if tile in self.pending:
                track[i] = tile
                back.append(tile)
        self.track = tuple(track)
        if back and self.narrating:
            self._emit(T("{tiles} could not be laid too: it goes back to its space beside the "
                         "mushroom space.", tiles=C.names(back)), "indian_summer.solo.mushroom",
                       0, tiles=tuple(back))

    def _solo_shift(self) -> None:
        """After a solo mushroom: tiles on spaces below the current turn, lowest first, move to
        the rightmost empty space to their right."""
        track = list(self.track)
        moved = []
        for number in range(1, self.solo_turn):
            i = space_index(number)
            if track[i] is None:
                continue
            free = [j for j in range(i + 1, len(track)) if track[j] is None]
            if free:
                track[free[-1]], track[i] = track[i], None
                moved.append(number)
        self.track = tuple(track)
        if self.narrating:
            spaces = tuple(map(str, moved)) or T("none")
            self._emit(T("The tiles on spaces below turn {turn} move right, lowest first, to the "
                         "rightmost empty space (moved from spaces: {spaces}).",
                         turn=self.solo_turn, spaces=spaces),
                       "indian_summer.solo.shift", 0)

    # -- turns -------------------------------------------------------------------------------
    def _solo_turn_start(self) -> None:
        i = space_index(self.solo_turn)
        tile = self.track[i]
        free = [j for j in range(i + 1, len(self.track)) if self.track[j] is None]
        if tile is not None and free:
            track = list(self.track)
            track[free[-1]], track[i] = tile, None
            self.track = tuple(track)
            if self.narrating:
                where = T("an empty space beside the mushroom") if free[-1] >= 10 else \
                    T("space {number}", number=10 - free[-1])
                self._emit(T("Turn {turn} of 10: the tile on space {turn} ({tile}) moves to the "
                             "rightmost empty space, {where}.", turn=self.solo_turn,
                             tile=C.tile_name(tile), where=where),
                           "indian_summer.solo.track", 0)
        elif self.narrating:
            self._emit(T("Turn {turn} of 10.", turn=self.solo_turn), "indian_summer.solo.track", 0)

    def _solo_end_turn(self) -> None:
        if self.solo_turn >= C.SOLO.turns or self.floors[0].full:
            if self.narrating:
                self._emit(T("The solo game ends: the board is full.") if self.floors[0].full
                           else T("The solo game ends: 10 turns are over."),
                           "indian_summer.solo.end", 0)
            return self._finish()
        self.solo_turn += 1
        self._solo_turn_start()


# -- the series of three games -------------------------------------------------------------------
@dataclass(frozen=True)
class SeriesScore:
    total: int
    counted: tuple[int, ...]     # indices of the games that count
    rule: str
    how: str
    finished: bool


def series_score(results) -> SeriesScore:
    """The final score of a series from (won, points) per game played, in order.

    The first two lost: the third is lost automatically and the two count. One game won: the two
    lost games count. Otherwise the best two count."""
    score = _series_score(results)
    core.cite(score.rule)
    return score


def _series_score(results) -> SeriesScore:
    results = [(bool(w), int(p)) for w, p in results]
    if len(results) > 3:
        raise ValueError(T("a series has three games"))
    if len(results) >= 2 and not results[0][0] and not results[1][0]:
        return SeriesScore(results[0][1] + results[1][1], (0, 1),
                           "indian_summer.solo.series_two_losses",
                           T("the first two games were lost: the third is lost automatically"),
                           True)
    finished = len(results) == 3
    wins = [i for i, (w, _) in enumerate(results) if w]
    if finished and len(wins) == 1:
        lost = tuple(i for i in range(3) if i not in wins)
        return SeriesScore(sum(results[i][1] for i in lost), lost,
                           "indian_summer.solo.series_one_win",
                           T("only one game won: the two lost games count"), True)
    best = tuple(sorted(sorted(range(len(results)), key=lambda i: -results[i][1])[:2]))
    return SeriesScore(sum(results[i][1] for i in best), best, "indian_summer.solo.series_best",
                       T("the best two games count"), finished)
