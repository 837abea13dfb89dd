"""Hand-built Cacao positions from readable names, checked against the rules and the components.

`GAME.position(players, **fields)` returns the position where `turn` is about to place a worker
tile, or, once every hand and worker pile is empty, the finished game (ready to be scored).
Every field is optional:

    workers       {(x, y): (player, pattern, side)}: the worker tile on top of each worker cell.
                  player: 0, 1, ... or the colour ("red", "purple", "white", "yellow");
                  pattern: "1-1-1-1", "2-1-0-1", "3-0-0-1" or "3-1-0-0";
                  side: "N", "E", "S" or "W", the side the pattern's first number faces; the
                  other numbers follow clockwise. ("2-1-0-1", "E") has 2 workers on the east
                  side, 1 south, 0 west and 1 north.
    rebuilt       {(x, y): (pattern, side)}: the tile under a rebuilt stack (same owner).
    jungle        {(x, y): kind}: jungle tiles by kind name ("plantation-1", "plantation-2",
                  "market-2", "market-3", "market-4", "gold_mine-1", "gold_mine-2", "water",
                  "sun_worship", "temple"). Default: the two start tiles, which every board has:
                  the single plantation on (0, 0) and the price-2 market on (1, 1).
    hands         {player: [patterns]} (or one list per player): the tiles in hand.
    worker_piles  {player: [patterns]} (or one list per player): face-down tiles, top = last.
                  Default: none left.
    display       [kinds]: the face-up jungle tiles (at most 2). Default: none.
    jungle_pile   [kinds]: the face-down jungle pile, top = last. Default: none.
    cacao, sun, gold   one whole number per player (cacao 0-5, sun 0-3, gold 0 or more).
    water         one number per player: the value printed on the water carrier's field
                  (-10, -4, -1, 0, 2, 4, 7, 11, 16). Default: -10, where the carriers start.
    turn          whose turn it is (player or colour). Default: the player the hand sizes call
                  for (with equal hands, the option start_player, else player 0).
    options       rule options, e.g. {"activation_order": "per_worker"}. seed: a whole number.

x grows to the right and y downwards; jungle tiles lie on cells with x + y even, worker tiles on
cells with x + y odd (the checkerboard of the rules).

The board may leave out tiles placed elsewhere, but what it shows must be able to come about in
play: every worker tile touches a jungle tile laid before it, every jungle tile other than the
start tiles touches the 2 worker tiles that made it be laid, and while jungle tiles are left no
empty jungle space touches 2 worker tiles. Tile counts stay within the box (for the player
count), caps hold (5 cacao, 3 sun tokens, water 16), and hands and piles are ones that play can
reach: 3 tiles in hand while the pile lasts, and the players who already had their turn this
round one tile ahead of the rest. A position that is not over always has a legal move.

`GAME.position_from(data)` reads the same fields from JSON or TOML data, where a cell is an
"x,y" string key (e.g. "1,0" or "-2,1") and a player key is "0", "1", ... or a colour:

    players = 2
    turn = "purple"
    cacao = [1, 0]
    [workers]
    "2,1" = ["red", "2-1-0-1", "E"]
    [hands]
    red = ["1-1-1-1"]
    purple = ["1-1-1-1", "2-1-0-1"]
"""
from __future__ import annotations

import re

from ..core import PositionError, SetupError
from ..frozen import FrozenMap
from ..messages import N, T
from ..untrusted import MAX_DIGITS, shown, too_long
from . import components as C
from .board import SIDES, START_CELLS, frontier, is_jungle_cell, neighbour, neighbours
from .state import CacaoState, Placed, player_name, side_bit

FIELDS = ("workers", "rebuilt", "jungle", "hands", "worker_piles", "display", "jungle_pile",
          "cacao", "sun", "water", "gold", "turn", "options", "seed")
CELL_FIELDS = ("workers", "rebuilt", "jungle")
PLAYER_FIELDS = ("hands", "worker_piles")
START_KINDS = dict(zip(START_CELLS, C.START_TILES))


def _fail(field: str, reason: str, rule: str | None = None):
    """Refuse `field` for `reason` (a message), naming the rule (its id) if one decides it."""
    raise PositionError(field, T("{reason} [{rule}]", reason=reason, rule=rule) if rule
                        else reason)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_small_int(value) -> bool:
    """A whole number short enough to write in a message or a record."""
    return _is_int(value) and not too_long(value)


# -- reading values -----------------------------------------------------------------------
def _player(value, players: int, field: str) -> int:
    """A player number, or the colour of a player in the game."""
    p = C.COLOURS.index(value) if isinstance(value, str) and value in C.COLOURS else value
    if not _is_int(p) or not 0 <= p < players:
        said = {   # the colours as they are written in a position (red, purple, ...)
            2: T("{value} is not a player: write 0-1 or a colour (red, purple)",
                 value=shown(value)),
            3: T("{value} is not a player: write 0-2 or a colour (red, purple, white)",
                 value=shown(value)),
            4: T("{value} is not a player: write 0-3 or a colour (red, purple, white, yellow)",
                 value=shown(value)),
        }
        _fail(field, said[players])
    return p


def _cell(key, field: str) -> tuple[int, int]:
    if not (isinstance(key, tuple) and len(key) == 2 and all(map(_is_small_int, key))):
        _fail(field, T("{value} is not a cell: write (x, y) with two whole numbers",
                       value=shown(key)))
    return key


def _pattern(value, field: str) -> str:
    if not isinstance(value, str) or value not in C.PATTERNS:
        _fail(field, T("{value} is not a worker tile; the patterns are {patterns}",
                       value=shown(value), patterns=tuple(C.PATTERNS)))
    return value


def _side(value, field: str) -> int:
    if not isinstance(value, str) or value not in SIDES:
        _fail(field, T("{value} is not a side: write N, E, S or W (the side the pattern's "
                       "first number faces)", value=shown(value)))
    return SIDES.index(value)


def _kind(value, field: str) -> str:
    if not isinstance(value, str) or value not in C.JUNGLE_KINDS:
        _fail(field, T("{value} is not a jungle tile; the kinds are plantation-1, "
                       "plantation-2, market-2, market-3, market-4, gold_mine-1, gold_mine-2, "
                       "water, sun_worship, temple", value=shown(value)))
    return value


def _table(value, field: str) -> dict:
    if not isinstance(value, dict):
        _fail(field, T("a table cell -> tile, not {type}", type=type(value).__name__))
    return value


def _names(value, field: str) -> list:
    if not isinstance(value, (list, tuple)):
        _fail(field, T("a list of tile names, not {value}", value=shown(value)))
    return list(value)


def _per_player_lists(value, players: int, field: str) -> list[list]:
    """{player: [names]} (missing players: none) or one list per player."""
    if value is None:
        return [[] for _ in range(players)]
    if isinstance(value, (list, tuple)):
        if len(value) != players:
            _fail(field, T("one list per player: {players} lists, not {count}",
                           players=players, count=len(value)))
        return [_names(v, field) for v in value]
    if not isinstance(value, dict):
        _fail(field, T("a table player -> list of worker tiles, not {value}",
                       value=shown(value)))
    out: list[list | None] = [None] * players
    for key, names in value.items():
        p = _player(key, players, field)
        if out[p] is not None:
            _fail(field, T("{player} is listed twice", player=player_name(p)))
        out[p] = _names(names, field)
    return [names or [] for names in out]


def _per_player_numbers(value, players: int, field: str, default: int, allowed, refusal):
    """One whole number per player, each `allowed`; `refusal(player, number)` says why one is
    not."""
    if value is None:
        return (default,) * players
    if not isinstance(value, (list, tuple)):
        _fail(field, T("one number per player, not {value}", value=shown(value)))
    if len(value) != players:
        _fail(field, T("one number per player: {players} numbers, not {count}",
                       players=players, count=len(value)))
    for p, n in enumerate(value):
        if not _is_int(n):
            _fail(field, T("{player}: {value} is not a whole number", player=player_name(p),
                           value=shown(n)))
        if too_long(n):
            _fail(field, T("{player}: {value} is not a whole number of at most {digits} digits",
                           player=player_name(p), value=shown(n), digits=MAX_DIGITS))
        if not allowed(n):
            _fail(field, refusal(player_name(p), n))
    return tuple(value)


# -- the components -------------------------------------------------------------------------
class _Box:
    """The tiles still free to be used, by colour and pattern and by jungle kind."""

    def __init__(self, players: int):
        removed = C.REMOVED_NUMBERS[players]
        self.players = players
        self.removed_workers = tuple(C.worker_tile(p, n) for p in range(players)
                                     for n in removed)
        self.workers = {(p, pat): [C.worker_tile(p, n) for n in range(C.TILES_PER_COLOUR)
                                   if n not in removed and C.TILE_PATTERNS[n] == pat]
                        for p in range(players) for pat in C.PATTERNS}
        self.jungle = {name: list(C.jungle_ids(name)) for name in C.JUNGLE_KINDS}
        self.start = {cell: self.jungle[name].pop(0) for cell, name in START_KINDS.items()}
        self.removed_jungle_names = C.TWO_PLAYER_REMOVED if players == 2 else ()
        self.removed_jungle = tuple(self.jungle[name].pop(0)
                                    for name in self.removed_jungle_names)

    def worker(self, owner: int, pattern: str, field: str) -> int:
        free = self.workers[(owner, pattern)]
        if not free:
            count = sum(1 for n in range(C.TILES_PER_COLOUR) if C.TILE_PATTERNS[n] == pattern
                        and n not in C.REMOVED_NUMBERS[self.players])
            _fail(field, N("{player} has only {n} {pattern} tile in a {players}-player game; "
                           "more are used",
                           "{player} has only {n} {pattern} tiles in a {players}-player game; "
                           "more are used", count, player=player_name(owner), pattern=pattern,
                           players=self.players),
                  "cacao.setup.worker_removal")
        return free.pop(0)

    def jungle_tile(self, name: str, field: str) -> int:
        free = self.jungle[name]
        if not free:
            used = C.JUNGLE_KINDS[name][2] - self.removed_jungle_names.count(name)
            _fail(field, N("a {players}-player game has only {n} {tile} tile; more are used",
                           "a {players}-player game has only {n} {tile} tiles; more are used",
                           used, players=self.players, tile=C.JUNGLE_LABELS[name]),
                  "cacao.setup.jungle_tiles")
        return free.pop(0)


# -- the builder ----------------------------------------------------------------------------
def build(game, players=4, **fields) -> CacaoState:
    """The checked position of `game` (Cacao's Game); PositionError names the first field that
    cannot be."""
    unknown = sorted(set(fields) - set(FIELDS))
    if unknown:
        _fail(unknown[0], T("not a field of a Cacao position; fields: workers, rebuilt, "
                            "jungle, hands, worker_piles, display, jungle_pile, cacao, sun, "
                            "water, gold, turn, options, seed"))
    if not _is_int(players) or players not in game.player_counts:
        _fail("players", T("Cacao is played by 2, 3 or 4 players, not {value}",
                           value=shown(players)))
    seed = fields.get("seed", 0)
    if not _is_small_int(seed):
        _fail("seed", T("a whole number of at most {digits} digits, not {value}",
                        digits=MAX_DIGITS, value=shown(seed)))
    options = {} if fields.get("options") is None else fields["options"]
    if not isinstance(options, dict):
        _fail("options", T("a table of rule options, not {value}", value=shown(options)))
    try:
        _, _, chosen = game.check_setup(players, seed, dict(options))
    except SetupError as exc:   # its message as said (a template, where it is one)
        said = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
        _fail("options", said)

    box = _Box(players)
    s = CacaoState(game, players, seed, chosen)
    s.removed_workers, s.removed_jungle = box.removed_workers, box.removed_jungle
    s.jungle = FrozenMap(_jungle(fields.get("jungle"), box))
    s.workers = FrozenMap(_workers(fields.get("workers"), players, box))
    s.frontier = frontier(s.jungle, s.workers)
    s.display = _jungle_list(fields.get("display"), "display", box)
    s.jungle_pile = _jungle_list(fields.get("jungle_pile"), "jungle_pile", box)
    _check_display(s)
    s.covered = FrozenMap(_rebuilt(fields.get("rebuilt"), s, box))
    _check_board(s)
    hands = _per_player_lists(fields.get("hands"), players, "hands")
    piles = _per_player_lists(fields.get("worker_piles"), players, "worker_piles")
    s.hands = tuple(tuple(sorted(box.worker(p, _pattern(t, "hands"), "hands") for t in hand))
                    for p, hand in enumerate(hands))
    s.worker_piles = tuple(tuple(box.worker(p, _pattern(t, "worker_piles"), "worker_piles")
                                 for t in pile) for p, pile in enumerate(piles))
    s.cacao = _per_player_numbers(fields.get("cacao"), players, "cacao", 0,
                                  lambda n: 0 <= n <= C.CACAO_CAP,
                                  lambda who, n: T("{player}: {value} cacao cannot be: a "
                                                   "village stores 0 to 5", player=who, value=n))
    s.sun = _per_player_numbers(fields.get("sun"), players, "sun", 0,
                                lambda n: 0 <= n <= C.SUN_CAP,
                                lambda who, n: T("{player}: {value} sun tokens cannot be: a "
                                                 "village keeps 0 to 3", player=who, value=n))
    water = _per_player_numbers(fields.get("water"), players, "water", C.WATER_TRACK[0],
                                lambda n: n in C.WATER_TRACK,
                                lambda who, n: T("{player}: {value} is not a field of the "
                                                 "water track ({fields})", player=who, value=n,
                                                 fields=C.WATER_TRACK))
    s.water = tuple(C.WATER_TRACK.index(v) for v in water)
    s.gold = _per_player_numbers(fields.get("gold"), players, "gold", 0, lambda n: n >= 0,
                                 lambda who, n: T("{player}: {value} gold cannot be: nobody "
                                                  "pays into debt", player=who, value=n))
    s.activated_sides = sum(side_bit(p.tile, side) for cell, p in s.workers.items()
                            for side in range(4) if neighbour(cell, side) in s.jungle)
    _turn(s, fields.get("turn"), "start_player" in options)
    s.rebuild_announced = s.rebuilding_open
    if not s.is_over and not s.legal_actions():
        _fail("workers", T("{player} could not place a tile: no free worker cell touches a "
                           "jungle tile and no rebuild is possible", player=player_name(s.turn)),
              "cacao.place.adjacent")
    return s


def _jungle(value, box: _Box) -> dict:
    raw = dict(START_KINDS) if value is None else _table(value, "jungle")
    land = {}
    for key, name in raw.items():
        cell = _cell(key, "jungle")
        name = _kind(name, "jungle")
        if not is_jungle_cell(cell):
            _fail("jungle", T("{cell} is a worker cell (x + y odd): jungle tiles and worker "
                              "tiles alternate like a checkerboard", cell=str(cell)),
                  "cacao.place.checkerboard")
        if cell in START_KINDS:
            if name != START_KINDS[cell]:
                _fail("jungle", T("{cell} holds the start tile {start}, not {kind}",
                                  cell=str(cell), start=C.JUNGLE_CODES[START_KINDS[cell]],
                                  kind=C.JUNGLE_CODES[name]), "cacao.setup.start_tiles")
            land[cell] = box.start[cell]
    for cell in START_KINDS:
        if cell not in land:
            _fail("jungle", T("the start tiles lie on (0, 0) (plantation-1) and (1, 1) "
                              "(market-2); {cell} is missing", cell=str(cell)),
                  "cacao.setup.start_tiles")
    for key, name in sorted(raw.items()):
        if key not in START_KINDS:
            land[key] = box.jungle_tile(name, "jungle")
    return land


def _jungle_list(value, field: str, box: _Box) -> tuple[int, ...]:
    names = [] if value is None else _names(value, field)
    return tuple(box.jungle_tile(_kind(name, field), field) for name in names)


def _by_cell(table: dict, field: str) -> list:
    """The entries of a table cell -> tile in the order of the cells' text, which decides which
    tile of the box each gets; the cells are checked first, so only they are written out."""
    cells = [(_cell(key, field), entry) for key, entry in table.items()]
    return sorted(cells, key=lambda item: repr(item[0]))


def _workers(value, players: int, box: _Box) -> dict:
    board = {}
    for cell, entry in _by_cell(_table({} if value is None else value, "workers"), "workers"):
        if not (isinstance(entry, (tuple, list)) and len(entry) == 3):
            _fail("workers", T("{cell}: write (player, pattern, side), e.g. "
                               "(0, '2-1-0-1', 'E'), not {value}", cell=str(cell),
                               value=shown(entry)))
        owner = _player(entry[0], players, "workers")
        pattern, rotation = _pattern(entry[1], "workers"), _side(entry[2], "workers")
        if is_jungle_cell(cell):
            _fail("workers", T("{cell} is a jungle space (x + y even): a worker tile there "
                               "would touch other worker tiles", cell=str(cell)),
                  "cacao.place.checkerboard")
        tile = box.worker(owner, pattern, "workers")
        board[cell] = Placed(tile, owner, rotation, C.workers_of(pattern, rotation))
    return board


def _rebuilt(value, s: CacaoState, box: _Box) -> dict:
    covered = {}
    for cell, entry in _by_cell(_table({} if value is None else value, "rebuilt"), "rebuilt"):
        if not (isinstance(entry, (tuple, list)) and len(entry) == 2):
            _fail("rebuilt", T("{cell}: write (pattern, side) of the covered tile, not "
                               "{value}", cell=str(cell), value=shown(entry)))
        pattern, rotation = _pattern(entry[0], "rebuilt"), _side(entry[1], "rebuilt")
        top = s.workers.get(cell)
        if top is None:
            _fail("rebuilt", T("{cell} has no worker tile on top", cell=str(cell)),
                  "cacao.rebuild.own_tile")
        if not s.rebuilding_open:
            _fail("rebuilt", T("rebuilding starts only once the jungle pile and the display are "
                               "both empty"), "cacao.rebuild.when")
        tile = box.worker(top.owner, pattern, "rebuilt")
        covered[cell] = (Placed(tile, top.owner, rotation, C.workers_of(pattern, rotation)),)
    return covered


def _check_display(s: CacaoState) -> None:
    if len(s.display) > C.DISPLAY_SIZE:
        _fail("display", T("the display holds at most {count} tiles", count=C.DISPLAY_SIZE),
              "cacao.setup.jungle_pile")
    if s.jungle_pile and len(s.display) < C.DISPLAY_SIZE:
        _fail("display", T("while the jungle pile lasts the display is refilled to 2 at the end "
                           "of every turn"), "cacao.turn.refill_display")


def _check_board(s: CacaoState) -> None:
    """The board could have been laid tile by tile: worker tiles next to a jungle tile, jungle
    tiles where 2 worker tiles met, no space left empty while tiles remain."""
    workers, jungle = set(s.workers), set(s.jungle)
    laid = set(START_CELLS)
    grew = True
    while grew:
        new = {c for c in workers - laid if any(n in laid for n in neighbours(c))}
        new |= {c for c in jungle - laid if sum(n in laid for n in neighbours(c)) >= 2}
        grew = bool(new)
        laid |= new
    for cell in sorted(workers - laid):
        if not any(n in jungle for n in neighbours(cell)):
            _fail("workers", T("the worker tile on {cell} touches no jungle tile",
                               cell=str(cell)), "cacao.place.adjacent")
    for cell in sorted(jungle - laid):
        n = sum(m in workers for m in neighbours(cell))
        if n < 2:
            _fail("jungle", N("the jungle tile on {cell} touches {n} worker tile; a jungle "
                              "space is filled only once 2 worker tiles touch it",
                              "the jungle tile on {cell} touches {n} worker tiles; a jungle "
                              "space is filled only once 2 worker tiles touch it",
                              n, cell=str(cell)), "cacao.fill.spaces")
    if laid != workers | jungle:
        cell = min((workers | jungle) - laid)
        _fail("workers" if cell in workers else "jungle",
              T("the tiles around {cell} cannot be reached from the start tiles: every tile "
                "is laid next to the tiles already there", cell=str(cell)),
              "cacao.place.adjacent")
    if s.display or s.jungle_pile:
        spaces = {n for c in workers for n in neighbours(c)} - jungle
        for cell in sorted(spaces):
            n = sum(m in workers for m in neighbours(cell))
            if n >= 2:
                _fail("jungle", T("the empty jungle space {cell} touches {count} worker tiles: "
                                  "it was filled when the second one was placed, as jungle "
                                  "tiles are left", cell=str(cell), count=n),
                      "cacao.fill.spaces")


def _turn(s: CacaoState, turn, start_given: bool) -> None:
    """Everyone places one tile per turn, so the tiles left (hand + pile) tell who has had a
    turn this round; the hand is 3 tiles while the pile lasts."""
    players = s.players
    for p in range(players):
        hand, pile = len(s.hands[p]), len(s.worker_piles[p])
        if hand > C.HAND_SIZE:
            _fail("hands", T("{player} holds {count} tiles; a hand is at most {most}",
                             player=player_name(p), count=hand, most=C.HAND_SIZE),
                  "cacao.setup.worker_piles")
        if pile and hand < C.HAND_SIZE:
            _fail("hands", T("{player} holds {count} tiles with {pile} left in the pile: a tile "
                             "is drawn after every turn, so the hand stays at 3 while the pile "
                             "lasts", player=player_name(p), count=hand, pile=pile),
                  "cacao.turn.draw_worker")
    left = [len(s.hands[p]) + len(s.worker_piles[p]) for p in range(players)]
    if not any(left):
        if turn is not None:
            _fail("turn", T("every hand and worker pile is empty: the game is over and it is "
                            "nobody's turn"), "cacao.end.trigger")
        s.phase, s.turn, s.start_player = "over", None, s.options["start_player"]
        return

    def fits(t: int) -> bool:   # from t clockwise: the most tiles left, then one fewer
        seq = [left[(t + i) % players] for i in range(players)]
        return seq[0] == max(left) and min(seq) >= seq[0] - 1 and \
            all(a >= b for a, b in zip(seq, seq[1:]))

    wanted = s.options["start_player"] if start_given else 0
    if turn is None:
        if len(set(left)) == 1:
            turn = wanted
        else:
            turn = next((t for t in range(players) if fits(t)), None)
            if turn is None:
                _fail("hands", T("tiles left (hand + pile) per player {left} cannot occur: "
                                 "everyone places one per turn, so those who had their turn "
                                 "this round have one fewer", left=str(left)),
                      "cacao.turn.order")
    else:
        turn = _player(turn, players, "turn")
        if not fits(turn):
            _fail("turn", T("with tiles left (hand + pile) {left} it cannot be {player}'s "
                            "turn: everyone places one tile per turn, clockwise, and the game "
                            "ends when all are placed", left=str(left),
                            player=player_name(turn)), "cacao.turn.order")
    seq = [(turn + i) % players for i in range(players)]
    start = next((p for p in seq if left[p] < left[turn]), turn)
    if start_given and s.options["start_player"] != start:
        _fail("options", T("start_player {chosen} does not fit the hands: {player} began "
                           "this round", chosen=s.options["start_player"],
                           player=player_name(start)), "cacao.setup.start_player")
    s.options["start_player"] = s.start_player = start
    s.turn, s.phase, s.is_over = turn, "place", False


# -- data (JSON / TOML) -----------------------------------------------------------------------
# each number written one way (no "+", "-0" or leading zeros), so two keys never name one cell
_NUMBER = r"(0|-?[1-9][0-9]{0,%d})" % (MAX_DIGITS - 1)
_CELL_TEXT = re.compile(r"\s*\(?\s*%s\s*,\s*%s\s*\)?\s*" % (_NUMBER, _NUMBER))


def _cell_key(key, field: str):
    if isinstance(key, tuple):
        return key
    match = _CELL_TEXT.fullmatch(key) if isinstance(key, str) else None
    if not match:
        _fail(field, T("{value} is not a cell: write \"x,y\", e.g. \"1,0\"", value=shown(key)))
    return (int(match[1]), int(match[2]))


def _player_key(key):
    return int(key) if isinstance(key, str) and re.fullmatch(r"0|[1-9][0-9]?", key) else key


def _keyed(table: dict, read, field: str) -> dict:
    """The table with its keys read; two keys that read the same ("1,0" and "1, 0") are
    refused, as one would silently replace the other."""
    out: dict = {}
    for key, value in table.items():
        new = read(key)
        if new in out:
            if field in CELL_FIELDS:
                _fail(field, T("the cell {value} is named twice", value=shown(new)))
            _fail(field, T("the player {value} is named twice", value=shown(new)))
        out[new] = value
    return out


def fields_from_data(data: dict) -> dict:
    """Data read from JSON or TOML -> the keyword fields of `build` (cells from "x,y" keys,
    players from "0" keys, entries from lists)."""
    fields = dict(data)
    for name in CELL_FIELDS:
        if name in fields and isinstance(fields[name], dict):
            fields[name] = {k: tuple(v) if isinstance(v, list) else v for k, v in
                            _keyed(fields[name], lambda k: _cell_key(k, name), name).items()}
    for name in PLAYER_FIELDS:
        if name in fields and isinstance(fields[name], dict):
            fields[name] = _keyed(fields[name], _player_key, name)
    return fields


def _cell_text(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


def position_data(state: CacaoState) -> dict:
    """A position between turns (or the end) as data for `GAME.position_from`: JSON-safe, with
    "x,y" cell keys. Tiles are written by pattern and kind, which is all the rules look at, so
    the position built back has the same board, hands, piles, supplies and legal moves (a
    position built by `build` comes back exactly, tile for tile)."""
    if state.phase not in ("place", "over") or state.viewer is not None:
        raise ValueError(T("only a full position between turns, or the end, can be written "
                           "as data"))
    data: dict = {
        "game": "cacao", "players": state.players,
        "workers": {_cell_text(cell): [p.owner, C.pattern_of(p.tile), SIDES[p.rotation]]
                    for cell, p in sorted(state.workers.items())},
        "jungle": {_cell_text(cell): C.jungle_name(tile)
                   for cell, tile in sorted(state.jungle.items())},
        "hands": [[C.pattern_of(t) for t in hand] for hand in state.hands],
        "worker_piles": [[C.pattern_of(t) for t in pile] for pile in state.worker_piles],
        "display": [C.jungle_name(t) for t in state.display],
        "jungle_pile": [C.jungle_name(t) for t in state.jungle_pile],
        "cacao": list(state.cacao), "sun": list(state.sun), "gold": list(state.gold),
        "water": [C.WATER_TRACK[i] for i in state.water],
    }
    if state.covered:
        data["rebuilt"] = {_cell_text(cell): [C.pattern_of(tile.tile), SIDES[tile.rotation]]
                           for cell, (tile, *_) in sorted(state.covered.items())}
    if state.turn is not None:
        data["turn"] = state.turn
    data.update(state.game.setup_data(state))
    return data
