"""The helpers every engine shares from the core: one FrozenMap, one start-player check, one set
of action field readers, and actions whose JSON comes from their declared fields."""
from __future__ import annotations

import copy
import json
import pickle

import pytest

import explorer
from explorer import fields, i18n
from explorer.core import Action, SetupError, start_player_option
from explorer.frozen import FrozenMap
from explorer.messages import Message

# Each action's JSON as records, share links and golden files hold it: key names, key order,
# value types and omitted fields must never change.
JSON = [
    ("animals_on_board", '{"type": "keep", "tiles": ["panda-3"]}'),
    ("animals_on_board", '{"type": "split", "tiles": ["panda-3", "lion-1"]}'),
    ("animals_on_board", '{"type": "take", "tiles": ["lion-1"]}'),
    ("cacao", '{"type": "place", "tile": "2-1-0-1", "cell": [1, -2], "rotation": 3}'),
    ("cacao", '{"type": "rebuild", "tile": "3-1-0-0", "cell": [-1, 0], "rotation": 1}'),
    ("cacao", '{"type": "fill", "tile": "market-3", "cell": [2, 0]}'),
    ("cacao", '{"type": "work", "cell": [1, 0], "side": "S"}'),
    ("cacao", '{"type": "decline", "cell": [3, 4], "side": "N"}'),
    ("taluva", '{"type": "place", "volcano": [0, 1], "rotation": 5}'),
    ("taluva", '{"type": "hut", "hex": [2, -1]}'),
    ("taluva", '{"type": "temple", "hex": [0, 0]}'),
    ("taluva", '{"type": "tower", "hex": [1, 1]}'),
    ("taluva", '{"type": "expand", "settlement": [0, 0], "terrain": "sand"}'),
    ("taluva", '{"type": "finish"}'),
    ("indian_summer", '{"type": "place", "tile": "G01", "orientation": 2, "at": [1, 2]}'),
    ("indian_summer", '{"type": "squirrel", "at": [0, 3]}'),
    ("indian_summer", '{"type": "nut", "at": [4, 0]}'),
    ("indian_summer", '{"type": "berry"}'),
    ("indian_summer", '{"type": "berry", "path": "upper", "end": "left"}'),
    ("indian_summer", '{"type": "refill", "path": "lower", "end": "right"}'),
    ("indian_summer", '{"type": "exchange", "give": "nut", "take": "berry"}'),
    ("indian_summer", '{"type": "animal", "animal": "fox", "orientation": 1, "at": [2, 3]}'),
    ("indian_summer", '{"type": "mushroom", "from": [0, 2]}'),
    ("indian_summer", '{"type": "mushroom", "from": [1], "forest": true}'),
    ("indian_summer", '{"type": "mushroom", "from": []}'),
    ("indian_summer", '{"type": "feather", "tiles": ["G01", "Y12"]}'),
    ("indian_summer", '{"type": "end"}'),
]
# the actions whose JSON is irregular, and so keep their own to_json and from_json (a refill
# is a berry that needs both its fields)
IRREGULAR = {("indian_summer", "berry"), ("indian_summer", "refill"), ("indian_summer", "mushroom")}
OPTIONAL_FIELDS = {("indian_summer", "berry"), ("indian_summer", "mushroom")}


@pytest.mark.parametrize("name,text", JSON)
def test_action_json_is_written_exactly_as_before(name, text):
    action = explorer.GAMES[name].action_from_json(text)
    assert json.dumps(action.to_json(), ensure_ascii=False) == text
    assert explorer.GAMES[name].action_from_json(action.to_json()) == action


def test_every_kind_of_action_is_pinned():
    pinned = {(name, json.loads(text)["type"]) for name, text in JSON}
    every = {(name, kind) for name, game in explorer.GAMES.items() if name in dict(JSON)
             for kind in game.action_types}
    assert every <= pinned


@pytest.mark.parametrize("name", sorted({name for name, _ in JSON}))
def test_actions_declare_their_fields_instead_of_writing_json(name):
    for kind, cls in explorer.GAMES[name].action_types.items():
        written = {m for k in cls.__mro__ if k not in (Action, object)
                   for m in ("to_json", "from_json") if m in vars(k)}
        assert not written or (name, kind) in IRREGULAR, (kind, written)
        if (name, kind) not in IRREGULAR:
            assert all(isinstance(f, fields.Field) for f in cls.json_fields)


@pytest.mark.parametrize("name,text", [(n, t) for n, t in JSON
                                       if (n, json.loads(t)["type"]) not in OPTIONAL_FIELDS])
def test_a_missing_field_is_refused_by_name_in_every_game(name, text):
    data = json.loads(text)
    for field in set(data) - {"type"}:
        with pytest.raises(ValueError, match=rf"^action field '{field}' is missing$"):
            explorer.GAMES[name].action_from_json({k: v for k, v in data.items() if k != field})


@pytest.mark.parametrize("read,data,english", [
    (fields.given, {}, "action field 'f' is missing"),
    (fields.whole, {"f": True}, "action field 'f' must be a whole number, not True"),
    (fields.pair, {"f": [1, 2.0]},
     "action field 'f' must be a list of two whole numbers [x, y], not [1, 2.0]"),
    (lambda data, name: fields.one_of(data, name, ("a", "b")), {"f": "c"},
     "action field 'f' must be one of a, b, not 'c'"),
])
def test_the_field_readers_refuse_in_words_that_translate(read, data, english):
    with pytest.raises(ValueError) as info:
        read(data, "f")
    said = info.value.args[0]
    assert isinstance(said, Message) and said == english
    for lang in i18n.TRANSLATED:
        assert i18n.render(said, lang) != english, lang


def test_the_field_readers_give_the_values():
    data = {"n": 3, "cell": (4, -1), "kind": "b"}
    assert fields.whole(data, "n") == 3 and fields.pair(data, "cell") == (4, -1)
    assert fields.one_of(data, "kind", ("a", "b")) == "b"


def test_one_frozen_map_serves_every_board():
    from explorer.cacao import board as cacao_board
    from explorer.taluva import state as taluva_state
    assert cacao_board.FrozenMap is FrozenMap and taluva_state.FrozenMap is FrozenMap
    board = FrozenMap({(0, 0): 1, (1, 0): 2})
    for change in (lambda: board.__setitem__((2, 2), 3), lambda: board.pop((0, 0)),
                   lambda: board.update({}), board.clear):
        with pytest.raises(TypeError):
            change()
    assert board.set((2, 2), 3) == {(0, 0): 1, (1, 0): 2, (2, 2): 3}
    assert board.without({(0, 0)}) == {(1, 0): 2} and board == {(0, 0): 1, (1, 0): 2}
    assert type(board.set((2, 2), 3)) is FrozenMap and type(board.without(())) is FrozenMap
    assert copy.copy(board) is board and copy.deepcopy(board) is board
    again = pickle.loads(pickle.dumps(board))
    assert type(again) is FrozenMap and again == board and hash(again) == hash(board)


@pytest.mark.parametrize("name", sorted(n for n, g in explorer.GAMES.items()
                                         if "start_player" in g.options))
def test_every_game_checks_its_start_player_against_the_player_count(name):
    game = explorer.GAMES[name]
    option = game.options["start_player"]
    assert (option.default, option.choices) == (0, (0, 1, 2, 3))
    players = min(game.player_counts)
    with pytest.raises(SetupError, match=rf"^start_player must be 0\.\.{players - 1} for "
                                         rf"{players} players$"):
        game.setup(players, 1, start_player=players)
    assert game.setup(players, 1, start_player=players - 1).current_player is not None


def test_start_player_option_is_a_seat():
    option = start_player_option("Who starts.", "x.setup.start_player", "Start player")
    assert option.rules == ("x.setup.start_player",) and option.title == "Start player"


@pytest.mark.parametrize("name", ["cacao", "taluva"])
def test_position_data_ends_with_the_changed_options_and_the_seed(name):
    game = explorer.GAMES[name]
    state = game.setup(3, 5, start_player=1)
    assert list(game.setup_data(state).items()) == [("options", {"start_player": 1}),
                                                   ("seed", 5)]
    assert game.setup_data(game.setup(3, 5)) == {"seed": 5}
