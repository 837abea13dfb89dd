"""The app shell without a browser: turns in the timeline, tabs, bots and auto-play, projector
mode, deep links and record files."""
from __future__ import annotations

import base64
import datetime
import gc
import json

import ipywidgets
import IPython
import pytest

import explorer
from app_driving import models_in
from explorer import Record, bots
from widgets.animals_on_board import app as aob_app
from widgets.cacao import app as cacao_app
from widgets.indian_summer import app as summer_app
from widgets.shared.app import (GAME_TAB, HISTORY_TAB, RULEBOOK_TAB, RULES_TAB, SCORE_TAB,
                               SHARE_TAB)
from widgets.shared.timeline import MOVE, SCORING, Timeline

CACAO = explorer.GAMES["cacao"]
NOW = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def shell_of(root):
    return root.explorer


@pytest.fixture
def cacao():
    return shell_of(cacao_app(players=4, seed=11))


def test_cacao_timeline_counts_turns_with_decisions_inside():
    steps = CACAO.setup_steps(3, 2)
    states, actions = bots.play(steps[-1], bots.RandomBot(5))
    t = Timeline(steps)
    t.go(t.last)
    for action, state in zip(actions[:12], states[1:13]):
        t.push(action, state)
    moves = [f for f in t.frames if f.kind == MOVE]
    assert moves[0].turn == "Turn 1.1" and moves[1].turn.startswith("Turn 1.")
    for frame in moves:   # the turn is the one the board shows before the move
        assert frame.turn.startswith(f"Turn {frame.before.turns + 1}.")
    second = [f for f in moves if f.turn.startswith("Turn 2.")]
    assert second and second[0].turn == "Turn 2.1"
    assert second[0].before.phase == "place"


def test_animals_on_board_turns_are_single_actions():
    shell = shell_of(aob_app(players=3, seed=1))
    shell.bar.last.click()
    shell.autoplay.start("turn")
    assert shell.autoplay.target is None     # one decision is the whole turn
    assert "Turn 1: Player 1" in shell.bar.label.value


def test_play_to_end_lands_on_the_scoring_step_and_opens_the_score_tab(cacao):
    for dd in cacao.seats.dropdowns:
        dd.value = "greedy"
    cacao.autoplay.play_to_end()
    t = cacao.timeline
    assert t.frame.kind == SCORING and t.index == t.last
    assert f"Step {len(t)} of {len(t)}" in cacao.bar.label.value
    assert cacao.tabs.selected_index == SCORE_TAB
    assert cacao.score.sheet is not None and cacao.score.sheet.totals
    cacao.bar.back.click()                            # leaving the scoring goes back to rules
    assert cacao.tabs.selected_index == RULES_TAB


def test_bots_play_until_a_person_must_act(cacao):
    cacao.bar.last.click()
    cacao.seats.dropdowns[1].value = "random"
    cacao.seats.dropdowns[2].value = "greedy"
    cacao.autoplay.start("bots")                      # Player 1 is a person
    assert cacao.autoplay.target is None and "is a person" in cacao.message.text
    cacao.try_action(cacao.timeline.frame.state.legal_actions()[0])
    while cacao.timeline.frame.state.current_player == 0:
        cacao.try_action(cacao.timeline.frame.state.legal_actions()[0])
    assert cacao.timeline.frame.state.current_player == 1
    cacao.autoplay.start("bots")
    assert cacao.autoplay.target == "bots" and cacao.autoplay.ticker.playing
    assert cacao.autoplay.bots_button.description == "■ Stop"
    for _ in range(400):                              # the page's ticker, one move per tick
        if cacao.autoplay.target is None:
            break
        cacao.autoplay.tick()
    state = cacao.timeline.frame.state
    assert cacao.autoplay.target is None and not cacao.autoplay.ticker.playing
    assert state.current_player in (0, 3)             # a person's seat stopped the run
    assert cacao.autoplay.bots_button.description == "▷▷ Bots"


def test_one_turn_and_skip(cacao):
    cacao.bar.last.click()
    cacao.autoplay.start("turn")                      # the person's seat: greedy stands in
    assert cacao.autoplay.target == "turn"
    cacao.autoplay.skip()
    state = cacao.timeline.frame.state
    assert cacao.autoplay.target is None
    assert state.turn_number == 2 and state.phase == "place"


def test_autoplay_is_deterministic_for_a_seed():
    finals = []
    for _ in range(2):
        shell = shell_of(cacao_app(players=3, seed=4))
        for dd in shell.seats.dropdowns:
            dd.value = "random"
        shell.autoplay.play_to_end()
        finals.append([a.to_json() for a in shell.timeline.actions_all()])
    assert finals[0] == finals[1]


def test_refusal_counts_a_frame_and_shows_the_rules_tab(cacao):
    cacao.bar.last.click()
    cacao.tabs.selected_index = GAME_TAB
    before = cacao.counter.count
    from explorer.cacao import Place
    assert not cacao.try_action(Place("1-1-1-1", (5, 5), 0))
    assert cacao.counter.count == before + 1
    assert cacao.tabs.selected_index == RULES_TAB and cacao.message.text.startswith("Not allowed")


def test_projector_mode_scales_page_and_board_text(cacao):
    cacao.projector.value = True
    assert "rx-projector" in cacao.root._dom_classes
    assert cacao.board.canvas.text_scale >= 1.5
    cacao.projector.value = False
    assert "rx-projector" not in cacao.root._dom_classes and cacao.board.canvas.text_scale == 1


def test_tabs_hold_rules_score_history_game_and_share(cacao):
    assert list(cacao.tabs.titles[:5]) == ["Rules", "Score", "History", "Game", "Share"]


@pytest.mark.parametrize("tab, css", [(HISTORY_TAB, "rx-log-entry"), (GAME_TAB, "rx-seed"),
                                      (SHARE_TAB, "rx-share-link"), (RULEBOOK_TAB, "rx-rulebook")])
def test_a_tab_is_built_when_first_opened_so_the_page_loads_fewer_models(cacao, tab, css):
    pane = cacao.tabs.children[tab]
    before = models_in(cacao.root)
    assert pane.children == () and pane.model_id in before
    cacao.tabs.selected_index = tab
    assert pane.children
    assert any(css in getattr(m, "_dom_classes", ()) for m in models_in(pane).values())
    assert len(models_in(cacao.root)) > len(before)


def test_tabs_opened_later_cost_the_page_no_models_at_first():
    """The page fetches every model the kernel holds before it paints the board: History, Game,
    Share and Rulebook hold 78 of the 185 an Indian Summer page loads once all are open."""
    shell = shell_of(summer_app(players=3, seed=1))
    shown = len(models_in(shell.root))
    for tab in (HISTORY_TAB, GAME_TAB, SHARE_TAB, RULEBOOK_TAB):
        shell.tabs.selected_index = tab
    assert shown < 0.7 * len(models_in(shell.root))


def test_seats_chosen_before_and_after_the_game_tab_is_built(cacao):
    cacao.seats.reset(4, 11, ["random", "greedy"])
    assert cacao.seats.kind(0) == "random" and cacao.seats.is_person(3)
    cacao.tabs.selected_index = GAME_TAB
    assert [dd.value for dd in cacao.seats.dropdowns] == ["random", "greedy", "person",
                                                          "person"]
    cacao.seats.dropdowns[3].value = "greedy"
    assert cacao.seats.kind(3) == "greedy"


def test_the_game_tab_opened_after_a_link_offers_that_game(cacao):
    assert cacao.open_query("?players=2&seed=77")
    cacao.tabs.selected_index = GAME_TAB
    assert (cacao.setup_panel.players.value, cacao.setup_panel.seed.value) == (2, "77")


def test_frame_counter_goes_up_after_each_step(cacao):
    n = cacao.counter.count
    cacao.bar.forward.click()
    assert cacao.counter.count > n
    assert f'data-frame="{cacao.counter.count}"' in cacao.counter.widget.value


def record_query(record: Record, step: int | None = None, **extra) -> str:
    data = base64.urlsafe_b64encode(json.dumps(record.to_json()).encode()).decode().rstrip("=")
    params = [f"record={data}"] + [f"{k}={v}" for k, v in extra.items()]
    if step is not None:
        params.append(f"step={step}")
    return "?" + "&".join(params)


def test_deep_link_opens_the_exact_position():
    shell = shell_of(cacao_app(players=3, seed=1))
    assert shell.open_query("?players=4&seed=11&step=5")
    assert (shell.players, shell.seed, shell.timeline.index) == (4, 11, 4)
    state = CACAO.setup(2, 9)
    _, actions = bots.play(state, bots.RandomBot(1))
    record = Record("cacao", 2, 9, {}, actions[:20])
    assert shell.open_query(record_query(record, step=15))
    t = shell.timeline
    assert t.index == 14 and t.actions_all() == actions[:20]
    assert shell.share.query().startswith("?")
    again = shell_of(cacao_app(players=3, seed=1))
    assert again.open_query(shell.share.query())
    assert again.timeline.index == 14
    assert again.timeline.frame.state == t.frame.state


@pytest.mark.parametrize("query", ["?players=7", "?seed=abc", "?record=!!!", "?step=999",
                                   "?nonsense=1", "?activation_order=sideways"])
def test_bad_deep_link_keeps_the_default_game_and_says_why(query):
    shell = shell_of(cacao_app(players=3, seed=1))
    assert not shell.open_query(query)
    assert shell.message.text and "Traceback" not in shell.message.text
    assert shell.timeline.frame.state.players == 3 and shell.seed == 1


def test_record_download_and_open_round_trip(cacao):
    for dd in cacao.seats.dropdowns:
        dd.value = "random"
    cacao.bar.last.click()
    for _ in range(30):
        cacao.autoplay._move_once(refresh=False)
    cacao.refresh()
    cacao.tabs.selected_index = SHARE_TAB
    html = cacao.share.download.value
    assert 'download="' in html and "data:application/json;base64," in html
    data = base64.b64decode(html.split("base64,", 1)[1].split('"', 1)[0])
    other = shell_of(cacao_app(players=2, seed=5))
    other.share.upload.value = ({"name": "r.json", "type": "application/json", "size": len(data),
                                 "content": memoryview(data), "last_modified": NOW},)
    assert other.timeline.actions_all() == cacao.timeline.actions_all()
    assert other.timeline.index == other.timeline.last and other.players == 4


@pytest.mark.parametrize("content", [b"not json", b'{"game": "animals_on_board"}',
                                     b"\xff\xfe\x00", b"[1, 2, 3]"])
def test_bad_record_upload_is_refused_and_the_game_untouched(cacao, content):
    cacao.bar.last.click()
    cacao.try_action(cacao.timeline.frame.state.legal_actions()[0])
    before = (cacao.timeline.index, list(cacao.timeline.actions_all()))
    cacao.share.upload.value = ({"name": "bad.json", "type": "application/json",
                                 "size": len(content), "content": memoryview(content),
                                 "last_modified": NOW},)
    assert cacao.message.text.startswith("Cannot open this record")
    assert (cacao.timeline.index, list(cacao.timeline.actions_all())) == before


def test_a_board_click_during_set_up_narration_says_so_not_that_the_game_is_over():
    cacao = shell_of(cacao_app(players=3, seed=1))
    cacao.bar.first.click()
    assert cacao.timeline.frame.state.is_over          # nobody decides here either
    assert not cacao.board.place((1, 0))
    assert cacao.message.text.startswith("Set-up is still being narrated")
    summer = shell_of(summer_app(players=3, seed=1))
    summer.bar.first.click()
    assert not summer.board.lay_at((0, 0))
    assert summer.message.text.startswith("Set-up is still being narrated")
    assert not summer.board.act(None)
    assert summer.message.text.startswith("Set-up is still being narrated")


def test_a_board_click_after_the_end_says_the_game_is_over():
    state = CACAO.setup(3, 1)
    _, actions = bots.play(state, bots.RandomBot(2))
    cacao = shell_of(cacao_app(players=3, seed=1))
    assert cacao.open_query(record_query(Record("cacao", 3, 1, {}, actions)))
    cacao.bar.last.click()
    assert cacao.timeline.frame.kind == SCORING and cacao.timeline.frame.state.is_over
    assert not cacao.board.place((1, 0))
    assert cacao.message.text.startswith("The game is over")


def test_an_app_in_a_kernel_freezes_what_it_built_and_nowhere_else(monkeypatch):
    """Frozen objects are skipped by the collector's full passes (40-60 ms in a page's
    kernel); outside a kernel, a process building app after app must still free them."""
    gc.unfreeze()
    cacao_app(players=3, seed=1)
    assert gc.get_freeze_count() == 0

    class KernelShell:
        kernel = object()

    monkeypatch.setattr(IPython, "get_ipython", lambda: KernelShell())
    try:
        cacao_app(players=3, seed=1)
        assert gc.get_freeze_count() > 1000
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("make", [cacao_app, summer_app], ids=["cacao", "indian_summer"])
def test_a_step_sends_the_board_before_any_control(make, monkeypatch):
    """The page draws the board as soon as its message arrives: nothing of the step but the
    timeline's own slider goes before it."""
    shell = shell_of(make(players=3, seed=1))
    shell.board.canvas._on_client_ready()
    sent = []
    send = ipywidgets.Widget._send

    def spy(widget, msg, buffers=None):
        sent.append((widget, msg.get("method")))
        return send(widget, msg, buffers)

    monkeypatch.setattr(ipywidgets.Widget, "_send", spy)
    drawn = 0
    while not shell.bar.forward.disabled:
        sent.clear()
        shell.bar.forward.click()
        drawing = [i for i, (_, method) in enumerate(sent) if method == "custom"]
        if drawing:
            drawn += 1
            assert all(widget is shell.bar.slider for widget, _ in sent[:drawing[0]]), sent
            assert len(sent) > drawing[0] + 1   # the controls and panels came after it
    assert drawn >= 3


# -- messages, timeline playback and keys ------------------------------------------------
APPS = {"animals_on_board": aob_app, "cacao": cacao_app, "taluva": None,
        "indian_summer": summer_app}


def any_app(name):
    if name == "taluva":
        from widgets.taluva import app as taluva_app
        return shell_of(taluva_app(players=3, seed=2))
    return shell_of(APPS[name](players=3, seed=2))


def navigate(shell, how: str) -> None:
    if how == "end":
        shell.autoplay.play_to_end()
    elif how == "turn":
        shell.autoplay.start("turn")
        shell.autoplay.skip()
    elif how == "bots":
        for dd in shell.seats.dropdowns:
            dd.value = "greedy"
        shell.autoplay.start("bots")
        shell.autoplay.stop()
    elif how == "step":
        shell.bar.back.click()
    elif how == "new game":
        shell.new_game(shell.players, shell.seed + 1, shell.options)
    elif how == "lesson":
        shell.lessons.menu.value = shell.lessons.available[0].name


@pytest.mark.parametrize("how", ["end", "turn", "bots", "step", "new game", "lesson"])
@pytest.mark.parametrize("name", sorted(APPS))
def test_any_navigation_clears_an_old_refusal(name, how):
    """A refusal is about the position it was made at: ⏩ End used to leave it over the
    scoring step."""
    shell = any_app(name)
    shell.bar.last.click()
    shell.message.refuse("that cell touches no tile", "cacao.place.adjacent")
    navigate(shell, how)
    assert shell.message.text == ""
    assert "rx-hidden" in shell.message.widget._dom_classes


@pytest.mark.parametrize("name", sorted(APPS))
def test_a_message_closes_with_its_button_and_with_escape(name):
    shell = any_app(name)
    shell.message.refuse("not that one", "cacao.place.adjacent")
    assert "rx-hidden" not in shell.message.widget._dom_classes
    shell.message.close.click()
    assert shell.message.text == "" and "rx-hidden" in shell.message.widget._dom_classes
    shell.message.info("a hint")
    index = shell.timeline.index
    shell.keys._handle_custom_msg({"key": "Escape", "timeStamp": 5.0}, [])
    assert shell.message.text == "" and shell.timeline.index == index


@pytest.mark.parametrize("key, moved", [("PageDown", 1), (" ", 1), ("ArrowRight", 1),
                                        ("PageUp", -1), ("ArrowLeft", -1)])
@pytest.mark.parametrize("name", sorted(APPS))
def test_presenter_keys_step_the_timeline(name, key, moved):
    """Clickers send PageUp / PageDown; Space steps forward as on a slide show."""
    shell = any_app(name)
    shell.go(2)
    assert key in shell.keys.watched      # the page listens for it
    shell.keys._handle_custom_msg({"key": key, "timeStamp": 7.0}, [])
    assert shell.timeline.index == 2 + moved


def test_keys_typed_into_a_text_field_stay_there(cacao):
    cacao.go(2)
    cacao._key({"key": "PageDown", "target": {"tagName": "TEXTAREA"}})
    cacao._key({"key": " ", "target": {"tagName": "INPUT", "type": "text"}})
    assert cacao.timeline.index == 2
    cacao._key({"key": " ", "target": {"tagName": "SELECT"}})   # a dropdown used before
    assert cacao.timeline.index == 3


def test_pause_keeps_the_step_and_play_goes_on_from_it(cacao):
    cacao.autoplay.play_to_end()
    cacao.bar.first.click()
    cacao.bar.play.click()
    assert cacao.bar.playing and cacao.bar.play.description == "Pause"
    for _ in range(3):
        cacao.bar.ticker.value += 1          # the page's ticker
    assert cacao.timeline.index == 3
    cacao.bar.play.click()
    assert not cacao.bar.playing and cacao.bar.play.description == "Play"
    assert cacao.timeline.index == 3 and "Step 4 of" in cacao.bar.label.value
    cacao.bar.play.click()
    cacao.bar.ticker.value += 1
    assert cacao.timeline.index == 4
    cacao.go(cacao.timeline.last - 1)
    cacao.bar.ticker.value += 1
    assert cacao.timeline.index == cacao.timeline.last and not cacao.bar.playing
