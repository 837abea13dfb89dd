"""Animals on Board: one position and the moves from it.

Flow: set-up (species, crates, start player, everyone draws 3) -> each player keeps 1 of the 3
secretly (a decision, in turn from the start player) -> rounds. A round starts with all central
tiles in one group, filled to 8/10/12 face up plus exactly one face-down tile. On a turn a player
either splits a group of 2+ into two (and takes a crate; at 5 crates returns one instead) or takes
a whole group paying a crate per tile and leaves the round (the first to leave gets the start
flag). No split possible -> take is forced; neither -> the turn is skipped. When one player is left
in the round they get one final turn. A round in which nobody still in can act ends. The game
ends after a round in which someone holds 10+ tiles.
"""
from __future__ import annotations

from itertools import combinations
from operator import itemgetter

from ..core import Action, IllegalAction, LazyActions, ScoreLine, ScoreSheet, State
from ..messages import Message, N, T, player_name
from . import components as C
from .actions import Keep, Split, Take
from .scoring import score_ark


# For each group size n, the index subsets that can leave a group of n: every non-empty proper
# subset. A subset and its complement give the same two groups (in the other order), and both
# are listed, so that legal_actions() is exactly the set of actions apply() accepts.
def _one(i: int):
    return lambda group: (group[i],)


def _pickers(n: int) -> list:
    return [itemgetter(*idx) if k > 1 else _one(idx[0])
            for k in range(1, n) for idx in combinations(range(n), k)]


# Built per group size on first use (a few ms for the largest) and kept: all sizes together take
# 2.5 MB, which every page's kernel would carry from import whether it shows this game or not.
_SPLIT_PICKERS: dict[int, list] = {}


def _split_pickers(n: int) -> list:
    if n not in _SPLIT_PICKERS:
        _SPLIT_PICKERS[n] = _pickers(n)
    return _SPLIT_PICKERS[n]


class Moves(LazyActions):
    """The legal actions of a play position, in their order: every split of each group of 2+
    (in `_SPLIT_PICKERS` order), then every affordable take. Lazy: a 13-tile group has 8,190
    splits and a random bot looks at one; `in` is decided from the groups, not by a search.
    """
    __slots__ = ("_split_groups", "_takes")

    def __init__(self, groups: tuple[tuple[int, ...], ...], crates: int):
        self._split_groups = tuple(g for g in groups if len(g) >= 2)
        self._takes = tuple(tuple.__new__(Take, g) for g in groups if len(g) <= crates)
        super().__init__(sum(len(_split_pickers(len(g))) for g in self._split_groups)
                         + len(self._takes))

    def _actions(self):
        for group in self._split_groups:
            for pick in _split_pickers(len(group)):
                yield tuple.__new__(Split, pick(group))
        yield from self._takes

    def _item(self, index: int) -> Action:
        for group in self._split_groups:
            pickers = _split_pickers(len(group))
            if index < len(pickers):
                return tuple.__new__(Split, pickers[index](group))
            index -= len(pickers)
        return self._takes[index]

    def _contains(self, action) -> bool:
        if type(action) is Take:
            return action in self._takes
        if type(action) is not Split or not action:
            return False
        for group in self._split_groups:
            if action[0] in group:
                # a split lists its tiles in the group's order, leaving at least one behind
                chosen = set(action)
                return (len(action) < len(group)
                        and tuple(t for t in group if t in chosen) == tuple(action))
        return False


class AnimalsState(State):
    """A position of Animals on Board. Tiles are ints (see components); all fields are tuples."""

    def __init__(self, game: "AnimalsOnBoard", players: int, seed: int, options: dict):
        super().__init__(game, players, seed, options)
        self.species: tuple[int, ...] = ()
        self.removed: tuple[int, ...] = ()
        self.pile: tuple[int, ...] = ()        # draw pile, top = last
        self.groups: tuple[tuple[int, ...], ...] = ()
        self.facedown: int | None = None       # the one face-down tile in the central area
        self.arks: tuple[tuple[int, ...], ...] = ((),) * players
        self.drawn: tuple[tuple[int, ...], ...] = ((),) * players
        self.crates: tuple[int, ...] = (0,) * players
        self.resting: tuple[bool, ...] = (False,) * players
        self.start_player = 0
        self.phase = "setup"                    # setup, keep, play, over
        self.turn: int | None = None
        self.final_turn = False
        self.round = 0
        self.first_out: int | None = None
        self.announced: tuple[int, ...] = ()   # players who reached 10+ tiles

    # -- reading -------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn if self.phase in ("keep", "play") else None

    @property
    def supply(self) -> int:
        return C.CRATES - sum(self.crates)

    @property
    def target(self) -> int:
        return C.FACE_UP_TARGET[self.players]

    def group_of(self, tile: int) -> int | None:
        for i, group in enumerate(self.groups):
            if tile in group:
                return i
        return None

    def can_split(self) -> bool:
        return any(len(g) >= 2 for g in self.groups)

    def can_act(self, player: int) -> bool:
        return self.can_split() or any(len(g) <= self.crates[player] for g in self.groups)

    def fingerprint(self) -> str:
        return repr((self.players, self.seed, sorted(self.options.items(), key=str),
                     self.species, self.pile, self.groups, self.facedown, self.arks, self.drawn,
                     self.crates, self.resting, self.start_player, self.phase, self.turn,
                     self.final_turn, self.round, self.first_out, self.announced, self.viewer))

    # -- legal actions -------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        p = self.turn
        if self.phase == "keep":
            return [Keep(t) for t in sorted(self.drawn[p])]
        return Moves(self.groups, self.crates[p])

    # -- applying ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if self.phase == "keep":
            if not isinstance(action, Keep):
                raise IllegalAction("animals_on_board.setup.keep_one",
                                    T("first every player keeps one of the three tiles they "
                                      "drew"))
            if len(action.tiles) != 1:
                raise IllegalAction("animals_on_board.setup.keep_one",
                                    T("keep exactly one of your drawn tiles"))
            return self._keep(action.tile)
        if isinstance(action, Split):
            return self._split(action.tiles)
        if isinstance(action, Take):
            return self._take(action.tiles)
        raise IllegalAction("animals_on_board.round.turn_order",
                            T("on your turn you either split a group (A) or take a group (B)"))

    def _keep(self, tile: int) -> None:
        p = self.turn
        if tile not in self.drawn[p]:
            raise IllegalAction("animals_on_board.setup.keep_one",
                                T("{tile} is not one of the tiles {player} drew: a player keeps "
                                  "one of their own", tile=C.tile_label(tile),
                                  player=player_name(p)))
        self.arks = _replace(self.arks, p, (tile,))
        self.drawn = _replace(self.drawn, p, tuple(t for t in self.drawn[p] if t != tile))
        self._emit(T("{player} keeps one drawn tile secretly in the ark.", player=player_name(p)),
                   "animals_on_board.setup.keep_one", p, tile=tile)
        waiting = [q for q in _clockwise(p, self.players)[1:]
                   if len(self.drawn[q]) == C.DRAW_AT_SETUP]
        if waiting:
            self.turn = waiting[0]
            return
        rest = tuple(sorted(t for hand in self.drawn for t in hand))
        self.drawn = ((),) * self.players
        self.groups = (rest,)
        self._emit(T("Everyone has kept a tile; the other {tiles} go face up to the centre as "
                     "one group.", tiles=len(rest)), "animals_on_board.setup.keep_one",
                   tiles=rest)
        self.phase = "play"
        self._start_round()

    def _find_group(self, tiles: tuple[int, ...], rule: str) -> int:
        index = self.group_of(tiles[0])
        if index is None:
            raise IllegalAction(rule, T("{tile} is not in the central area",
                                        tile=C.tile_label(tiles[0])))
        if len(set(tiles)) != len(tiles):
            raise IllegalAction(rule, T("a tile is named twice"))
        if any(t not in self.groups[index] for t in tiles):
            # a tile outside the centre is named as such, not as one of another group
            for t in tiles:
                if self.group_of(t) is None:
                    raise IllegalAction(rule, T("{tile} is not in the central area",
                                                tile=C.tile_label(t)))
            raise IllegalAction(rule, T("all chosen tiles must come from one and the same "
                                        "group"))
        return index

    def _split(self, tiles: tuple[int, ...]) -> None:
        p = self.turn
        index = self._find_group(tiles, "animals_on_board.split.group")
        group = self.groups[index]
        if len(group) < 2:
            raise IllegalAction("animals_on_board.split.group",
                                T("only a group of 2 or more tiles can be split"))
        if len(tiles) == len(group):
            raise IllegalAction("animals_on_board.split.group",
                                T("both new groups need at least one tile; leave some tiles "
                                  "behind"))
        rest = tuple(t for t in group if t not in tiles)
        self.groups = self.groups[:index] + (tiles, rest) + self.groups[index + 1:]
        self._emit(T("{player} splits a group of {size} into {tiles} + {rest}.",
                     player=player_name(p), size=len(group), tiles=len(tiles), rest=len(rest)),
                   "animals_on_board.split.group", p,
                   tiles=tiles, rest=rest)
        if self.crates[p] >= C.CRATE_CAP:
            self.crates = _replace(self.crates, p, self.crates[p] - 1)
            self._emit(T("{player} already holds {cap} food crates, so returns one to the supply "
                         "instead of taking one (now {crates}).", player=player_name(p),
                         cap=C.CRATE_CAP, crates=self.crates[p]),
                       "animals_on_board.split.crate_cap", p)
        else:
            self.crates = _replace(self.crates, p, self.crates[p] + 1)
            self._emit(T("{player} takes a food crate (now {crates}).", player=player_name(p),
                         crates=self.crates[p]),
                       "animals_on_board.split.crate", p)
        self._next_turn(p)

    def _take(self, tiles: tuple[int, ...]) -> None:
        p = self.turn
        index = self._find_group(tiles, "animals_on_board.take.group")
        group = self.groups[index]
        if len(tiles) != len(group):
            raise IllegalAction("animals_on_board.take.group",
                                T("take the whole group of {size} tiles, not part of it",
                                  size=len(group)))
        if len(group) > self.crates[p]:
            raise IllegalAction("animals_on_board.take.afford",
                                T("a group of {size} costs {size} food crates; {player} has "
                                  "{crates}", size=len(group), player=player_name(p),
                                  crates=self.crates[p]))
        forced = not self.can_split()
        self.groups = self.groups[:index] + self.groups[index + 1:]
        self.crates = _replace(self.crates, p, self.crates[p] - len(group))
        self.arks = _replace(self.arks, p, self.arks[p] + group)
        self.resting = _replace(self.resting, p, True)
        shown = C.labels(x for x in group if x != self.facedown)
        if self.facedown in group:
            shown += (T("the face-down tile"),)
        if forced:
            said = N("{player} takes {tiles}, pays {n} food crate and boards the tiles (no group "
                     "could be split, so taking was forced).",
                     "{player} takes {tiles}, pays {n} food crates and boards the tiles (no "
                     "group could be split, so taking was forced).", len(group),
                     player=player_name(p), tiles=shown)
        else:
            said = N("{player} takes {tiles}, pays {n} food crate and boards the tiles.",
                     "{player} takes {tiles}, pays {n} food crates and boards the tiles.",
                     len(group), player=player_name(p), tiles=shown)
        self._emit(said, "animals_on_board.turn.forced_take" if forced
                   else "animals_on_board.take.group",
                   p, tiles=group)
        if self.facedown in group:
            self.facedown = None
            self._emit(T("The face-down tile goes into {player}'s ark; only they see it.",
                         player=player_name(p)),
                       "animals_on_board.take.facedown", p)
        self._emit(T("{player} sets the rest flag and leaves this round.",
                     player=player_name(p)),
                   "animals_on_board.take.leave_round", p)
        if self.first_out is None:
            self.first_out = p
            self.start_player = p
            self._emit(T("{player} is the first to leave and takes the start flag.",
                         player=player_name(p)),
                       "animals_on_board.take.start_flag", p)
        if len(self.arks[p]) >= C.FULL_ARK and p not in self.announced:
            self.announced = self.announced + (p,)
            self._emit(T("{player} announces {tiles} tiles: the ark is full (tiles beyond 10 "
                         "stand in front of it and still count); the game ends after this "
                         "round.", player=player_name(p), tiles=len(self.arks[p])),
                       "animals_on_board.take.overflow", p)
        self._next_turn(p)

    def _next_turn(self, p: int) -> None:
        if self.final_turn:
            self._emit(T("{player} has had the final turn of the round.", player=player_name(p)),
                       "animals_on_board.round.last_player", p)
            return self._end_round()
        in_round = [q for q in range(self.players) if not self.resting[q]]
        if not in_round:
            return self._end_round()
        if len(in_round) == 1:
            q = in_round[0]
            if not self.can_act(q):
                self._emit(T("{player} is the last in the round but can neither split nor "
                             "afford a group: the turn is skipped.", player=player_name(q)),
                           "animals_on_board.turn.skip", q)
                return self._end_round()
            self.final_turn = True
            self.turn = q
            self._emit(T("{player} is the only player left in the round and gets one final "
                         "turn.", player=player_name(q)), "animals_on_board.round.last_player", q)
            return
        for q in _clockwise(p, self.players)[1:] + [p]:
            if self.resting[q]:
                continue
            if self.can_act(q):
                self.turn = q
                return
            self._emit(T("{player} can neither split nor afford a group: turn skipped.",
                         player=player_name(q)),
                       "animals_on_board.turn.skip", q)
        self._emit(T("Nobody still in the round can split a group or afford one: the round "
                     "ends."),
                   "animals_on_board.round.nobody_can_act")
        self._end_round()

    def _end_round(self) -> None:
        full = [q for q in range(self.players) if len(self.arks[q]) >= C.FULL_ARK]
        self._emit(T("Round {round} ends.", round=self.round), "animals_on_board.round.end")
        if full:
            self.phase = "over"
            self.turn = None
            who = tuple(player_name(q) for q in full)
            self._emit(N("{players} has 10 or more tiles: the game ends and the arks sail; "
                         "scoring follows.",
                         "{players} have 10 or more tiles: the game ends and the arks sail; "
                         "scoring follows.", len(full), players=who),
                       "animals_on_board.end.trigger")
            return
        self.resting = (False,) * self.players
        self._emit(T("Everyone takes back their rest flag."), "animals_on_board.round.flags_reset")
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.first_out = None
        self.final_turn = False
        merged = tuple(sorted(t for g in self.groups for t in g))
        face_up = len(merged) - (1 if self.facedown is not None else 0)
        need = max(0, self.target - face_up)
        drawn = self.pile[len(self.pile) - need:] if need else ()
        self.pile = self.pile[:len(self.pile) - need]
        added_down: tuple[int, ...] = ()
        if self.facedown is None and self.pile:
            added_down = (self.pile[-1],)
            self.pile = self.pile[:-1]
            self.facedown = added_down[0]
        self.groups = (tuple(sorted(merged + drawn + added_down)),)
        self._emit(N("Round {round}: all central tiles form one group; {n} tile drawn face up "
                     "to make {target} face up.",
                     "Round {round}: all central tiles form one group; {n} tiles drawn face up "
                     "to make {target} face up.", len(drawn), round=self.round,
                     target=self.target),
                   "animals_on_board.round.refill", tiles=drawn)
        if added_down:
            self._emit(T("One tile is added face down (only one face-down tile may be in the "
                         "centre)."), "animals_on_board.round.one_facedown")
        else:
            self._emit(T("The face-down tile from last round is still there, so no second one "
                         "is added."), "animals_on_board.round.one_facedown")
        self.turn = self.start_player
        self._emit(T("{player} holds the start flag and begins; play goes clockwise.",
                     player=player_name(self.start_player)), "animals_on_board.round.turn_order",
                   self.start_player)
        if not self.can_act(self.turn):  # cannot happen with a fresh group, kept for safety
            self._next_turn(self.turn)

    def describe_action(self, action: Action, viewer: int | None = None) -> Message:
        if viewer is None or viewer == self.turn:
            return action.describe()
        if isinstance(action, Keep):
            return T("keep one drawn tile (hidden)")
        if isinstance(action, Take) and self.facedown in action.tiles:
            shown = C.labels(x for x in action.tiles if x != self.facedown)
            return T("take {tiles}", tiles=shown + (T("the face-down tile"),))
        return action.describe()

    # -- scoring -------------------------------------------------------------------------
    def score(self) -> ScoreSheet:
        lines: list[ScoreLine] = []
        totals: dict[int, int] = {}
        species: dict[int, int] = {}
        notes: dict[int, list[str]] = {}
        for p in range(self.players):
            ark = score_ark(self.arks[p], self.crates[p])
            totals[p] = ark.points
            species[p] = ark.species
            lines += [ScoreLine(p, label, pts, rule, facts) for label, pts, rule, facts in ark.lines]
            notes[p] = [N("{n} species in the ark", "{n} species in the ark", ark.species)]
        best = max(totals.values())
        leaders = [p for p in totals if totals[p] == best]
        tiebreak, rule = "", None
        winners = leaders
        if len(leaders) > 1:
            most = max(species[p] for p in leaders)
            winners = [p for p in leaders if species[p] == most]
            rule = "animals_on_board.scoring.winner"
            tiebreak = (T("tie on {points} points: more species decides ({species})",
                          points=best, species=most) if len(winners) == 1
                        else T("tie on {points} points and {species} species: shared victory",
                               points=best, species=most))
        return ScoreSheet(totals, winners, lines, tiebreak, rule, notes)

    def position_data(self) -> dict:
        """This play or end position as plain data for `GAME.position_from` (a file to share);
        the same as `GAME.position_data(state)`."""
        return self.game.position_data(self)

    # -- hidden information ------------------------------------------------------------------
    def _hide(self, player: int) -> None:
        self.arks = tuple(ark if q == player else (C.HIDDEN,) * len(ark)
                          for q, ark in enumerate(self.arks))
        self.drawn = tuple(d if q == player else (C.HIDDEN,) * len(d)
                           for q, d in enumerate(self.drawn))
        self.pile = (C.HIDDEN,) * len(self.pile)
        if self.facedown is not None:
            fd = self.facedown
            self.groups = tuple(tuple(C.HIDDEN if t == fd else t for t in g) for g in self.groups)
            self.facedown = C.HIDDEN


def _replace(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _clockwise(start: int, players: int) -> list[int]:
    return [(start + i) % players for i in range(players)]
