"""Deep links and record files (explorer/links.py): round trips, messages, limits, fuzz."""
from __future__ import annotations

import base64
import hashlib
import json
import random
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

import explorer
import registered
from explorer import Option, Record, bots
from explorer.links import (MAX_ACTIONS, MAX_FILE_BYTES, MAX_QUERY_CHARS, MESSAGE_CHARS,
                                  DeepLink, LinkError, build_query, download_link_html,
                                  parse_query, read_record_file)

CACAO = explorer.GAMES["cacao"]
ANIMALS = explorer.GAMES["animals_on_board"]


def moves(game, players=3, seed=7, count=None, bot_seed=1, **options):
    """Moves a RandomBot makes from set-up: `count` of them, or a whole game."""
    state = game.setup(players, seed, **options)
    if count is None:
        return bots.play(state, bots.RandomBot(bot_seed))[1]
    bot, actions = bots.RandomBot(bot_seed), []
    for _ in range(count):
        if state.is_over:
            break
        action = bot.choose(state)
        state = state.apply(action)
        actions.append(action)
    return actions


def complete(game, players, seed, options):
    return game.check_setup(players, seed, dict(options))[2]


def record_param(data) -> str:
    text = json.dumps(data, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def seats(game) -> int:
    """3 players, or the nearest count the game is played by."""
    return min(game.player_counts, key=lambda n: (abs(n - 3), n))


def refused(game, query, default_players=3, default_seed=0) -> str:
    with pytest.raises(LinkError) as info:
        parse_query(game, query, default_players, default_seed)
    return str(info.value)


# -- round trips ---------------------------------------------------------------------------

def test_a_new_game_link_is_short_and_round_trips(game):
    players = seats(game)
    query = build_query(game, players, 7, {}, [], None)
    assert query == f"?players={players}&seed=7"
    link = parse_query(game, query, 2 if players != 2 else 3, 0)
    assert link == DeepLink(players, 7, complete(game, players, 7, {}), [], None)


@pytest.mark.parametrize("game, options", [
    (CACAO, {"activation_order": "per_worker", "start_player": 2}),
    (ANIMALS, {"removed_species": ["tiger", "elephant"], "start_player": 1}),
], ids=["cacao", "animals_on_board"])
def test_a_game_played_some_moves_round_trips(game, options):
    actions = moves(game, count=25, **options)
    query = build_query(game, 3, 7, options, actions, 12)
    link = parse_query(game, query, 2, 0)
    assert link == DeepLink(3, 7, complete(game, 3, 7, options),
                            [a.to_json() for a in actions], 12)
    assert [game.action_from_json(a) for a in link.actions] == actions
    # and the link it would build again is the same link
    assert build_query(game, link.players, link.seed, link.options, link.actions,
                       link.step) == query


@pytest.mark.parametrize("game_name,players", [(p.name, n) for p in registered.plugins()
                                               for n in (2, 4) if n in p.game.player_counts])
def test_a_whole_random_game_round_trips(game, players):
    actions = moves(game, players=players, seed=11, bot_seed=players)
    query = build_query(game, players, 11, {}, actions, len(actions))
    link = parse_query(game, query, 3, 0)
    assert (link.players, link.seed, link.step) == (players, 11, len(actions))
    assert link.actions == [a.to_json() for a in actions]
    final = Record(game.name, players, 11, link.options, link.actions)
    assert explorer.replay(final)[-1].is_over


def test_defaults_are_left_out_and_options_keep_their_order():
    assert build_query(CACAO, 2, 5, {"start_player": 0, "activation_order": "per_edge"},
                       [], 3) == "?players=2&seed=5&step=3"
    assert build_query(ANIMALS, 3, 5, {"start_player": 2, "removed_species": ["tiger", "panda"]},
                       [], None) == "?players=3&seed=5&removed_species=panda,tiger&start_player=2"


def test_an_empty_species_list_is_not_the_random_default():
    query = build_query(ANIMALS, 4, 1, {"removed_species": []}, [], None)
    assert query == "?players=4&seed=1&removed_species="
    assert parse_query(ANIMALS, query, 2, 0).options["removed_species"] == []
    assert parse_query(ANIMALS, "?players=4&seed=1", 2, 0).options["removed_species"] is None


def test_defaults_fill_in_what_the_link_leaves_out():
    link = parse_query(CACAO, "", 4, 9)
    assert (link.players, link.seed, link.actions, link.step) == (4, 9, [], None)
    assert parse_query(CACAO, "?", 4, 9) == link
    assert parse_query(CACAO, "seed=3", 4, 9).seed == 3


def test_text_forms_a_link_may_use():
    link = parse_query(CACAO, "players=%32&activation_order=PER%5Fworker&start_player=+1+&step=5",
                       3, 0)
    assert (link.players, link.options["activation_order"], link.options["start_player"],
            link.step) == (2, "per_worker", 1, 5)
    link = parse_query(ANIMALS, "?players=3&removed_species=tiger,+panda&&", 2, 0)
    assert link.options["removed_species"] == ["panda", "tiger"]


def test_record_padding_and_the_standard_alphabet_are_accepted():
    data = Record("cacao", 2, 3, {}, [a.to_json() for a in moves(CACAO, 2, 3, 4)]).to_json()
    raw = json.dumps(data).encode()
    for encoded in (base64.urlsafe_b64encode(raw).decode(),
                    base64.urlsafe_b64encode(raw).decode().rstrip("="),
                    base64.b64encode(raw).decode().replace("+", "%2B").replace("/", "%2F")):
        link = parse_query(CACAO, f"?record={encoded}", 4, 0)
        assert (link.players, link.seed, len(link.actions)) == (2, 3, 4)


def test_record_and_matching_players_seed_and_options_agree():
    actions = [a.to_json() for a in moves(CACAO, 3, 7, 6, activation_order="per_worker")]
    record = record_param(Record("cacao", 3, 7, {"activation_order": "per_worker"},
                                 actions).to_json())
    link = parse_query(CACAO, f"?players=3&seed=7&activation_order=per_worker&record={record}",
                       2, 0)
    assert link.options["activation_order"] == "per_worker"
    assert link.options["start_player"] == 0


@pytest.mark.parametrize("extra, named", [
    ("players=4", "players=4 differs from the record, which has players=3"),
    ("seed=8", "seed=8 differs from the record, which has seed=7"),
    ("activation_order=per_edge", "activation_order=per_edge differs from the record, "
                                  "which has activation_order=per_worker"),
])
def test_a_link_that_contradicts_its_record_is_refused(extra, named):
    actions = [a.to_json() for a in moves(CACAO, 3, 7, 3, activation_order="per_worker")]
    record = record_param(Record("cacao", 3, 7, {"activation_order": "per_worker"},
                                 actions).to_json())
    assert refused(CACAO, f"?{extra}&record={record}") == named


# -- what a bad link is told -------------------------------------------------------------------

@pytest.mark.parametrize("query, message", [
    ("?players=7", "Cacao is played by 2, 3, 4 players, not 7"),
    ("?players=three", "players must be a whole number, e.g. players=3, not 'three'"),
    ("?seed=1.5", "seed must be a whole number"),
    ("?color=red", "unknown parameter 'color'; a link may give players, seed, start_player, "
                   "activation_order, moves, record, step"),
    ("?template=lab", "unknown parameter 'template'"),
    ("?activation_order=sideways", "activation_order must be one of per_edge, per_worker, "
                                   "not 'sideways'"),
    ("?start_player=9", "start_player must be one of 0, 1, 2, 3, not '9'"),
    ("?players=2&start_player=3", "start_player must be 0..1 for 2 players"),
    ("?step=0", "step counts from 1, not 0"),
    ("?step=last", "step must be a whole number"),
    ("?seed=1&seed=2", "parameter 'seed' is given twice"),
    ("?record=%%%", "record is not base64url text"),
    ("?record=abcde", "record is not base64url text"),
    ("?record=" + record_param([1, 2]), "record: not a record of a game (a record is a JSON "
                                        "object"),
    ("?record=" + base64.urlsafe_b64encode(b"{oops").decode(), "record: not JSON (Expecting"),
    ("?record=" + base64.urlsafe_b64encode(b"\xff{}").decode(), "record: not UTF-8 text"),
    ("?players=%FF", "the link has %-escapes that are not UTF-8 text"),
    ("?record=" + record_param(Record("cacao", 5, 1, {}, []).to_json()),
     "record: the set-up is not allowed: Cacao is played by 2, 3, 4 players, not 5"),
])
def test_a_bad_link_is_told_what_is_wrong(query, message):
    assert message in refused(CACAO, query)


def test_a_record_of_another_game_says_which():
    record = record_param(Record("animals_on_board", 3, 1, {}, []).to_json())
    assert refused(CACAO, f"?record={record}") == "record: an Animals on Board record, not Cacao"
    record = record_param(Record("chess", 2, 1, {}, []).to_json())
    assert refused(CACAO, f"?record={record}") == "record: a record of 'chess', not Cacao"


def test_an_illegal_move_in_a_linked_record_names_the_move_and_the_rule():
    actions = [a.to_json() for a in moves(CACAO, 3, 7, 5)]
    actions.append(actions[-1])  # the same move again is never allowed
    message = refused(CACAO, "?record=" + record_param(Record("cacao", 3, 7, {}, actions)
                                                       .to_json()))
    assert message.startswith("record: move 6 is not allowed: ")
    assert "(rule cacao." in message


def test_a_record_with_an_unreadable_move_names_it():
    record = Record("animals_on_board", 3, 1, {}, [{"type": "fly"}]).to_json()
    message = refused(ANIMALS, "?record=" + record_param(record))
    assert message.startswith("record: move 1 cannot be read: unknown action type 'fly'")


def test_limits_of_a_link():
    message = refused(CACAO, "?seed=1&" + "x" * MAX_QUERY_CHARS)
    assert "too long" in message and "100,000" in message
    record = Record("cacao", 3, 7, {}, [{}] * (MAX_ACTIONS + 1)).to_json()
    assert refused(CACAO, "?record=" + record_param(record)) == (
        "record: 5,001 moves; at most 5,000 can be opened")


def test_bool_int_and_text_options_of_a_game_are_read():
    class Toy(explorer.Game):
        name, title, player_counts = "toy", "Toy", (2,)
        options = {"fast": Option(False, None, "yes/no"), "rounds": Option(5, None, "a number"),
                   "board": Option("small", None, "any text")}

    link = parse_query(Toy(), "?fast=YES&rounds=7&board=big+one", 2, 0)
    assert link.options == {"fast": True, "rounds": 7, "board": "big one"}
    assert parse_query(Toy(), "?fast=0", 2, 0).options["fast"] is False
    assert refused(Toy(), "?fast=maybe", 2) == "fast must be true or false, not 'maybe'"
    assert build_query(Toy(), 2, 0, {"fast": True, "rounds": 5}, [], None) == (
        "?players=2&seed=0&fast=true")


# -- record files ---------------------------------------------------------------------------------

def test_a_record_file_is_read_back_exactly():
    actions = moves(ANIMALS, 3, 5, start_player=2)
    content = Record("animals_on_board", 3, 5, {"start_player": 2}, actions).dumps().encode()
    record = read_record_file(ANIMALS, content)
    assert (record.game, record.players, record.seed) == ("animals_on_board", 3, 5)
    assert record.options == complete(ANIMALS, 3, 5, {"start_player": 2})
    assert record.actions == [a.to_json() for a in actions]
    assert read_record_file(ANIMALS, b"\xef\xbb\xbf" + content) == record  # a BOM is fine


def file_message(game, content) -> str:
    with pytest.raises(LinkError) as info:
        read_record_file(game, content)
    return str(info.value)


def test_what_a_teacher_is_told_about_a_bad_record_file():
    cacao = Record("cacao", 3, 7, {}, [a.to_json() for a in moves(CACAO, 3, 7, 12)])
    assert file_message(ANIMALS, cacao.dumps().encode()) == (
        "This file is a Cacao record, not Animals on Board.")
    assert file_message(CACAO, b"") == "This file is empty."
    assert file_message(CACAO, b"\x89PNG\r\n\x1a\n\xff") == "This file is not UTF-8 text."
    assert file_message(CACAO, b"game: cacao").startswith("This file is not a record: it is "
                                                          "not JSON (")
    assert file_message(CACAO, b'{"game": "cacao"}') == (
        "This file is not a record: record field 'players' is missing.")
    assert file_message(CACAO, b" " * (MAX_FILE_BYTES + 1)).startswith(
        "This file is larger than 2 MB")
    bad = Record("cacao", 5, 7, {}, []).dumps().encode()
    assert file_message(CACAO, bad) == ("The record's set-up is not allowed: Cacao is played by "
                                        "2, 3, 4 players, not 5.")
    broken = cacao.to_json()
    broken["actions"][11] = broken["actions"][0]
    message = file_message(CACAO, json.dumps(broken).encode())
    assert message.startswith("Move 12 of the record is not allowed: ")


# -- downloads -------------------------------------------------------------------------------------

class Anchors(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.found.append(("text", data))


def test_a_download_link_carries_the_bytes_and_escapes_everything():
    data = bytes(range(256)) * 3
    html = download_link_html(data, 'move "12" <b>.png', "image/png", "Save <b>&</b>",
                              'rx-x" onclick="alert(1)')
    parser = Anchors()
    parser.feed(html)
    (tag, attrs), (_, text) = parser.found
    assert tag == "a" and text == "Save <b>&</b>"
    assert attrs["download"] == 'move "12" <b>.png'
    assert attrs["class"] == 'rx-x" onclick="alert(1)'
    assert "onclick" not in attrs
    prefix = "data:image/png;base64,"
    assert attrs["href"].startswith(prefix)
    assert base64.b64decode(attrs["href"][len(prefix):]) == data


def test_a_download_link_refuses_a_mime_type_that_would_break_the_url():
    with pytest.raises(ValueError):
        download_link_html(b"x", "a.json", "application/json;base64,AAAA", "x", "y")


# -- fuzz: nothing but a DeepLink or a LinkError, whatever comes in -------------------------------

ALPHABET = "?&=%+,-_.~ 0123456789abcdefABCDEF" + "players seed step record start_player" \
           + "activation_order removed_species per_edge panda tiger ü한\x00\n"


def one_line(message: str) -> bool:
    return "\n" not in message and 0 < len(message) <= MESSAGE_CHARS


def opens_or_explains(game, query):
    try:
        link = parse_query(game, query, 3, 0)
    except LinkError as exc:
        assert one_line(str(exc)), repr(str(exc))
        return None
    assert isinstance(link, DeepLink)
    return link


def test_fuzz_random_text_and_bytes(game):
    rng = random.Random(2024)
    for _ in range(3000):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 60)))
        opens_or_explains(game, text)
        opens_or_explains(game, bytes(rng.randrange(256) for _ in range(rng.randint(0, 40))))
        name = rng.choice(["players", "seed", "step", "record", "moves", *game.options])
        opens_or_explains(game, f"?{name}={text}")
        opens_or_explains(game, f"?moves=v1.{rng.randint(0, 40)}.{text}")
    for weird in (None, 3, 1.5, [], {"players": 3}, object()):
        opens_or_explains(game, weird)


def test_fuzz_damaged_links(game):
    rng = random.Random(7)
    query = build_query(game, seats(game), 7, {}, moves(game, seats(game), 7, 15), 9)
    opened = 0
    for _ in range(400):
        chars = list(query)
        for _ in range(rng.randint(1, 3)):
            chars[rng.randrange(len(chars))] = rng.choice(ALPHABET)
        opened += opens_or_explains(game, "".join(chars)) is not None
    # damage that leaves a position the game can reach still opens: an earlier step
    assert opened or opens_or_explains(game, query.replace("&step=9", "&step=8")) is not None


def mutate(value, rng):
    """`value` with one part replaced by a random JSON value."""
    junk = [None, True, -1, 0, 2**70, 1.5, "", "x" * 50, [], {}, [[0, 0]], {"type": "place"},
            "panda-3", [0, 0], "N", "sun", [1, 1, 1]]
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(sorted(value))
        return {**value, key: mutate(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        index = rng.randrange(len(value))
        return value[:index] + [mutate(value[index], rng)] + value[index + 1:]
    return rng.choice(junk)


def test_fuzz_damaged_record_files(game):
    rng = random.Random(11)
    players = seats(game)
    good = Record(game.name, players, 7, {}, [a.to_json() for a in moves(game, players, 7, 20)])
    good = good.to_json()
    for _ in range(400):
        content = json.dumps(mutate(good, rng)).encode()
        try:
            read_record_file(game, content)
        except LinkError as exc:
            assert one_line(str(exc)), repr(str(exc))
    for _ in range(300):
        content = bytes(rng.randrange(256) for _ in range(rng.randint(0, 80)))
        with pytest.raises(LinkError):
            read_record_file(game, content)
    for weird in (None, "text", 12, ["a"]):
        with pytest.raises(LinkError):
            read_record_file(game, weird)
    nested = ("[" * 100_000 + "]" * 100_000).encode()
    with pytest.raises(LinkError):
        read_record_file(game, nested)


def test_the_page_address_as_visitors_reach_it(monkeypatch):
    from widgets.shared.share_panel import page_address

    for name in ("SCRIPT_NAME", "SERVER_NAME", "SERVER_PORT", "JUPYTERHUB_SERVICE_PREFIX",
                 "JUPYTERHUB_BASE_URL", "VOILA_REQUEST_URL"):
        monkeypatch.delenv(name, raising=False)
    assert page_address() == ""
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/cacao.ipynb")
    monkeypatch.setenv("SERVER_NAME", "127.0.0.1")
    monkeypatch.setenv("SERVER_PORT", "8866")
    assert page_address() == "http://127.0.0.1:8866/voila/render/cacao.ipynb"
    # on a hub: through the user-redirect, so the link opens on the follower's own server
    monkeypatch.setenv("SCRIPT_NAME", "/user/alice/voila/render/cacao.ipynb")
    monkeypatch.setenv("SERVER_NAME", "explorer.example.org")
    monkeypatch.setenv("SERVER_PORT", "")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/alice/")
    monkeypatch.setenv("JUPYTERHUB_BASE_URL", "/")
    monkeypatch.setenv("VOILA_REQUEST_URL",
                       "https://explorer.example.org/user/alice/voila/render/cacao.ipynb")
    assert page_address() == ("https://explorer.example.org/hub/user-redirect/"
                              "voila/render/cacao.ipynb")


# -- the Share tab's buttons ------------------------------------------------------------------

def share_panel(players=3, seed=1):
    from widgets.cacao import app as cacao_app
    from widgets.shared.app import SHARE_TAB

    app = cacao_app(players, seed).explorer
    app.tabs.selected_index = SHARE_TAB
    return app, app.share


def test_copy_link_carries_the_link_shown_and_is_off_without_one():
    app, panel = share_panel()
    assert panel.copy.label == "Copy link" and not panel.copy.disabled
    assert panel.copy.text == panel.link.value and "seed=1" in panel.copy.text
    app.bar.last.click()
    panel.sync()
    assert panel.copy.text == panel.link.value and "step=" in panel.copy.text
    app.lessons.origin = {"position": {}}       # a lesson's own position has no link
    panel.sync()
    assert panel.copy.disabled and panel.copy.text == ""


def test_record_controls_are_buttons_with_whole_labels():
    app, panel = share_panel()
    panel.sync()
    assert "rx-file-button" in panel.download.value and ">Download record (JSON)</a>" in \
        panel.download.value
    assert panel.open_button.label == "Open record file…"            # no file count
    assert panel.open_button.target == ".rx-open-record-file"
    assert "rx-open-record-file" in panel.upload._dom_classes
    assert panel.upload.layout.display == "none"


# -- short links: the compact moves form ----------------------------------------------------------

HOSTILE_LINKS = Path(__file__).parent / "hostile" / "links"
OLD_LINKS = json.loads((Path(__file__).parent / "old_share_links.json").read_text("utf-8"))
ADDRESS = "http://127.0.0.1:8866/voila/render/indian_summer.ipynb"   # the longest app name


def hundred_moves(game, players, seed=11):
    """A RandomBot's first 100 moves (the whole game if it ends sooner)."""
    state, bot, actions = game.setup(players, seed), bots.RandomBot(players + seed), []
    while len(actions) < 100 and not state.is_over:
        action = bot.choose(state)
        actions.append(action)
        state = state.apply(action)
    return actions


@pytest.mark.parametrize("game_name,players", [(p.name, n) for p in registered.plugins()
                                               for n in p.game.player_counts if n > 1])
def test_a_100_move_link_is_short_in_every_game(game, players):
    actions = hundred_moves(game, players)
    query = build_query(game, players, 11, {}, actions, len(actions))
    assert "&moves=v1." in query and "record=" not in query
    assert len(ADDRESS + query) <= 300, (len(query), query)
    old = build_query_with_record(game, players, 11, actions, len(actions))
    assert len(old) > 4 * len(query)
    link = parse_query(game, query, 2, 0)
    assert link == parse_query(game, old, 2, 0)
    assert [game.action_from_json(a) for a in link.actions] == actions
    assert link.step == len(actions)


def build_query_with_record(game, players, seed, actions, step):
    """The link as it was written before the moves form (a record of the moves)."""
    record = Record(game.name, players, seed, complete(game, players, seed, {}),
                    [a.to_json() for a in actions]).to_json()
    return f"?players={players}&seed={seed}&record={record_param(record)}&step={step}"


@pytest.mark.parametrize("old", OLD_LINKS, ids=lambda o: f"{o['game']}-{o['players']}")
def test_links_written_before_short_links_open_the_same_position(old):
    """Links as the explorer wrote them before the moves form (kept in old_share_links.json)."""
    game = explorer.GAMES[old["game"]]
    assert "&record=" in old["query"] and "moves=" not in old["query"]
    link = parse_query(game, old["query"], 3, 0)
    assert (link.players, link.seed, link.options, link.step) == (
        old["players"], old["seed"], old["options"], old["step"])
    assert len(link.actions) == old["moves"]
    digest = hashlib.sha256(json.dumps(link.actions, sort_keys=True).encode()).hexdigest()
    assert digest == old["actions_sha256"]
    # written again, it is the short form, and that opens the very same position
    query = build_query(game, link.players, link.seed, link.options, link.actions, link.step)
    assert "moves=v1." in query and len(query) < len(old["query"]) // 4
    assert parse_query(game, query, 3, 0) == link


def test_the_moves_form_packs_places_in_the_list_of_legal_moves():
    actions = moves(CACAO, 3, 7, 12)
    query = build_query(CACAO, 3, 7, {}, actions, 12)
    data = query.split("moves=v1.12.")[1].split("&")[0]
    raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    number, state = int.from_bytes(raw[3:], "big"), CACAO.setup(3, 7)
    for action in actions:       # digit i of the number is move i's place among its choices
        choices = state.legal_actions()
        number, place = divmod(number, len(choices))
        assert choices[place] == action
        state = state.apply(action)
    assert number == 0


def test_a_longer_game_goes_on_from_the_packing_kept_and_a_changed_one_starts_again():
    from explorer import links as share

    actions = moves(CACAO, 3, 7, 30)
    fresh = {n: build_query(CACAO, 3, 7, {}, actions[:n], None) for n in (10, 20, 30)}
    share._PACKERS.clear()
    assert [build_query(CACAO, 3, 7, {}, actions[:n], None) for n in (10, 20, 30)] == \
        list(fresh.values())
    other = moves(CACAO, 3, 7, 20, bot_seed=5)
    assert other[:3] != actions[:3]
    share._PACKERS.clear()
    expected = build_query(CACAO, 3, 7, {}, other, None)
    share._PACKERS.clear()
    build_query(CACAO, 3, 7, {}, actions, None)      # the packing kept is of another game
    assert build_query(CACAO, 3, 7, {}, other, None) == expected
    assert [CACAO.action_from_json(a) for a in parse_query(CACAO, expected, 2, 0).actions] \
        == other


def test_a_move_not_among_the_listed_choices_is_written_as_a_record(monkeypatch):
    from explorer import links as share

    actions = moves(CACAO, 3, 7, 8)
    state = CACAO.setup(3, 7)
    listed = type(state).legal_actions
    monkeypatch.setattr(type(state), "legal_actions",
                        lambda self: [a for a in listed(self) if a != actions[5]])
    share._PACKERS.clear()
    query = build_query(CACAO, 3, 7, {}, actions, 8)
    assert "&record=" in query and "moves=" not in query
    monkeypatch.undo()
    assert [CACAO.action_from_json(a) for a in parse_query(CACAO, query, 2, 0).actions] == \
        actions


HOSTILE = {
    "animals_on_board_moves_past_the_end.txt":
        "moves: the game has no move after move 62, but the link gives 70",
    "cacao_moves_and_record.txt": "a link gives its moves once: moves or record, not both",
    "cacao_moves_count_seven_digits.txt":
        "moves must read v1.<number of moves>.<letters>, not 'v1.1000000.AAAA'",
    "cacao_moves_count_too_big.txt": "moves: 5,001 moves; at most 5,000 can be opened",
    "cacao_moves_cut_off.txt": "moves: too short to hold its check (the link was cut off?)",
    "cacao_moves_extra_data.txt": "moves: these moves do not fit this game",
    "cacao_moves_form_v2.txt": "moves is in form v2, which this explorer cannot read (it reads "
                               "v1); the link was made by a newer explorer",
    "cacao_moves_not_base64.txt": "moves is not base64url text (letters, digits, - and _)",
    "cacao_moves_one_letter_changed.txt": "moves: these moves do not fit this game",
    "cacao_moves_seed_changed.txt": "moves: these moves do not fit this game (its check does "
                                    "not match): the link was damaged, its players, seed or "
                                    "options were changed",
    "cacao_moves_unused_bits_set.txt":
        "moves is not base64url text as the explorer writes it (damaged?)",
    "cacao_moves_without_form.txt":
        "moves must read v1.<number of moves>.<letters>, not '12.3p4NQZ6baA'",
}


def test_every_hostile_link_has_its_refusal_listed():
    assert sorted(p.name for p in HOSTILE_LINKS.glob("*.txt")) == sorted(HOSTILE)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_moves_link_is_refused_in_one_line(name):
    game = explorer.GAMES[name.split("_moves")[0]]
    message = refused(game, (HOSTILE_LINKS / name).read_text("utf-8"))
    assert message.startswith(HOSTILE[name]) and one_line(message)


def test_the_link_the_hostile_ones_damage_opens():
    good = "?players=3&seed=7&moves=v1.12.3p4NQZ6baA"
    assert len(parse_query(CACAO, good, 2, 0).actions) == 12


def test_the_longest_moves_link_is_refused_quickly(game):
    """Nothing is inflated: the data is read as it is, and a number far larger than the moves
    can hold only replays until the game has no move left (or the count is done)."""
    budget = MAX_QUERY_CHARS - 60
    for data in ("_" * (budget - budget % 4), "A" * (budget - budget % 4)):
        started = time.perf_counter()
        message = refused(game, f"?players=2&seed=1&moves=v1.{MAX_ACTIONS}.{data}")
        assert time.perf_counter() - started < 20
        assert message.startswith(("moves: the game has no move after move",
                                   "moves: these moves do not fit this game")), message


def test_fuzz_damaged_short_links(game):
    rng = random.Random(3)
    query = build_query(game, 2, 5, {}, hundred_moves(game, 2, 5)[:40], 30)
    start = query.index("moves=") + len("moves=")
    opened = 0
    for _ in range(150):
        chars = list(query)
        for _ in range(rng.randint(1, 2)):
            chars[rng.randrange(start, len(chars))] = rng.choice(
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.v%")
        damaged = "".join(chars)
        link = opens_or_explains(game, damaged)
        if link is not None:          # only damage to the step may still open
            opened += 1
            assert damaged[:damaged.index("&step=")] == query[:query.index("&step=")]
    assert opened < 150


# -- the QR code of the link ---------------------------------------------------------------------

def modules_of_svg(svg: str) -> list[list[bool]]:
    """The dark modules segno's SVG draws: its `qrline` path is runs of `h` along rows (y at
    the middle of a row), moved to with `M` and `m`; the size is the viewBox's."""
    import re

    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg)[1])
    path = re.search(r'<path class="qrline"[^>]* d="([^"]+)"', svg)[1]
    grid = [[False] * size for _ in range(size)]
    x = y = 0.0
    for command, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            for column in range(int(x), int(x + float(a))):
                grid[int(y)][column] = True
            x += float(a)
    return grid


def qr_modules(link: str, border: int = 4) -> list[list[bool]]:
    """segno's own encoding of `link` with its quiet zone, at the error level the panel asks."""
    import segno

    code = segno.make(link, error="m", micro=False)
    size = code.symbol_size(border=border)[0]
    return [[bool(v) for v in row] for row in code.matrix_iter(border=border)][:size]


def served(monkeypatch):
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/cacao.ipynb")
    monkeypatch.setenv("SERVER_NAME", "127.0.0.1")
    monkeypatch.setenv("SERVER_PORT", "8866")
    for name in ("JUPYTERHUB_SERVICE_PREFIX", "VOILA_REQUEST_URL"):
        monkeypatch.delenv(name, raising=False)


def test_the_qr_code_shown_is_the_link_encoded(monkeypatch):
    served(monkeypatch)
    app, panel = share_panel()
    app.bar.last.click()
    panel.sync()
    link = panel.link.value
    assert link.startswith("http://127.0.0.1:8866/voila/render/cacao.ipynb?players=3&seed=1&")
    svgs = panel.qr.value.split("<svg")[1:]
    assert len(svgs) == 2       # the code in the tab and the large one, the same code
    shown = modules_of_svg("<svg" + svgs[0])
    assert shown == qr_modules(link) and shown == modules_of_svg("<svg" + svgs[1])
    assert sum(map(sum, shown)) > len(shown) ** 2 // 4       # a real code, not a blank square
    assert shown != qr_modules(link + "0")
    assert "Show QR code large" in panel.qr.value


def test_the_qr_code_follows_the_link_and_is_gone_without_one(monkeypatch):
    served(monkeypatch)
    app, panel = share_panel()
    panel.sync()
    first, first_link = panel.qr.value, panel.link.value
    app.bar.last.click()
    panel.sync()
    assert panel.link.value != first_link and panel.qr.value != first
    svg = "<svg" + panel.qr.value.split("<svg")[1]
    assert modules_of_svg(svg) == qr_modules(panel.link.value)
    app.lessons.origin = {"position": {}}       # a lesson's own position has no link
    panel.sync()
    assert "<svg" not in panel.qr.value


def test_without_a_served_page_there_is_no_code_to_scan(monkeypatch):
    monkeypatch.delenv("SCRIPT_NAME", raising=False)
    app, panel = share_panel()
    panel.sync()
    assert panel.link.value.startswith("?players=3")
    assert "<svg" not in panel.qr.value and "when the explorer is served" in panel.qr.value


def test_a_100_move_link_makes_a_qr_code_a_projector_can_carry():
    from widgets.shared.share_panel import qr_code

    for game in explorer.GAMES.values():
        players = max(game.player_counts)
        actions = hundred_moves(game, players)
        link = ADDRESS + build_query(game, players, 11, {}, actions, len(actions))
        assert qr_code(link).version <= 10, (game.name, len(link))


# -- a rule shown in games of a given player count (`?players=1&rule=<id>`) ---------------------

SUMMER = explorer.GAMES["indian_summer"]


def solo_app():
    from widgets.indian_summer import app as summer_app

    return summer_app(2, 0).explorer


@pytest.mark.parametrize("rule", ["indian_summer.solo.refill", "indian_summer.solo.sixth",
                                  "indian_summer.place.leaf", "indian_summer.treasure.hole"])
def test_a_rule_link_with_players_1_opens_a_solo_step_where_the_rule_acts(rule):
    link = parse_query(SUMMER, f"?players=1&rule={rule}", 2, 0)
    assert (link.rule, link.players, link.options) == (rule, 1, {"players": 1})
    app = solo_app()
    assert app.open_query(f"?players=1&rule={rule}")
    assert app.timeline.frame.state.players == 1
    assert rule in app.timeline.frame.rule_ids
    assert f"Rule {rule} acts at this step" in app.message.text


def test_without_players_a_rule_link_opens_what_it_opened_before():
    from explorer import rulebook

    link = parse_query(SUMMER, "?rule=indian_summer.place.leaf", 2, 0)
    assert link.options == {} and link.players == 2
    assert rulebook.demo("indian_summer", link.rule, None).players == 2
    app = solo_app()
    assert app.open_query("?rule=indian_summer.place.leaf")
    assert app.timeline.frame.state.players == 2
    assert app.open_query("?players=3&rule=indian_summer.place.leaf")   # any player count
    assert app.timeline.frame.state.players == 3
    assert "indian_summer.place.leaf" in app.timeline.frame.rule_ids


@pytest.mark.parametrize("game, query, message", [
    (SUMMER, "?players=2&rule=indian_summer.solo.refill",
     "rule 'indian_summer.solo.refill' acts only in the solo game: give players=1, or no "
     "players"),
    (SUMMER, "?players=5&rule=indian_summer.place.leaf",
     "Indian Summer is played by 1, 2, 3, 4 players, not 5"),
    (CACAO, "?players=1&rule=cacao.setup.villages", "Cacao is played by 2, 3, 4 players, not 1"),
    (SUMMER, "?players=1&seed=3&rule=indian_summer.place.leaf",
     "a rule link gives only rule and rule options (and players), not 'seed'"),
    (SUMMER, "?players=one&rule=indian_summer.place.leaf", "players must be a whole number"),
])
def test_a_rule_link_with_players_it_cannot_show_is_refused(game, query, message):
    assert refused(game, query).startswith(message)


def test_a_link_is_replayed_once(monkeypatch, game_name):
    """Checking a link replays its moves; the app shows the states it checked instead of
    replaying the moves a second time (and shows the same game as stepping there)."""
    from explorer import bots
    from widgets.shared.share_panel import position_query
    try:                          # the app's session replays a link's moves
        from widgets.shared import session as app_module
    except ImportError:           # (before there was a session, the app itself)
        from widgets.shared import app as app_module
    players = seats(explorer.GAMES[game_name])
    shell = registered.app_factory(game_name)(players=players, seed=2).explorer
    shell.go(shell.timeline.setup_count - 1)
    bot = bots.RandomBot(4)
    for _ in range(30):
        if shell.timeline.frame.state.is_over:
            break
        shell.play(bot.choose(shell.timeline.frame.state), refresh=False)
    shell.go(shell.timeline.last)
    query, shown = position_query(shell), shell.timeline.frame.state.fingerprint()
    replays = []
    monkeypatch.setattr(app_module, "replay", lambda record: replays.append(record) or [])
    other = registered.app_factory(game_name)(players=players, seed=2).explorer
    assert other.open_query(query)
    assert replays == [] and other.timeline.frame.state.fingerprint() == shown
