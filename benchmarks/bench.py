"""Benchmarks of the rules explorer (figures to watch, not pass/fail tests).

    .venv/bin/python benchmarks/bench.py [--games 200] [--loads 5] [--clicks 20] [--no-browser]
                                         [--no-engine] [--late-only] [--moves 15] [--compare REV]
                                         [--lang en|ko|hu] [--switch-only] [--switches 5]
                                         [--apps NAME,...] [--parity]

Engine, per game: random 4-player games (explorer.bots.RandomBot + play) over seeds 0..N-1:
games per second, median and 95th percentile per game, slowest legal_actions().
Apps (Voila + Debian Chromium, served with the repo's voila.json like ./dev serve): time from
page load to painted board for each app and for a minimal ipycanvas notebook, their ratio,
median click-to-repaint of the timeline "forward" button (from the click to the first draw on
the visible canvas, both in the page's clock), and the memory of the app's kernel.
Late game, per app, in a 4-player game (or the most players the game has): forward clicks from
the first step, then after "⏩ End" forward clicks through the last steps, and "▷ Turn" clicks
(a move made by the bots at once) from the last steps on, and in Animals on Board moves made
by clicking the board; each from the click to the board drawn: median, 90th percentile and
slowest. `--late-only` runs these alone.
Every app page above is opened in the language `--lang` (`?lang=CODE`, English by default), so
the same figures can be measured per language; the report headers name it.
`--apps NAME,...` measures only those apps (and their engines).
Language parity (`--parity`, alone): each app in English, Korean and Hungarian side by side on
one server, so that the machine's drift meets every language alike: `--loads` rounds of one
page load per language (the order turned each round), then `--clicks` forward clicks taken in
turn on three open pages (one per language, the same game), then each page's kernel memory;
each language's median, its ratio to English and the ratio's 95% interval (bootstrap).
Language switch, per app (with the app figures, or alone with `--switch-only`): a page opened in
English at the last set-up step, one "▷ Turn" played, then its language menu switched to Korean,
Hungarian and English, `--switches` rounds: each switch from the menu's change to the board
drawn again and the whole page said again (the frame counter gone up), both in the page's
clock: median, 90th percentile and slowest.
Every figure is printed with its target and PASS or MISS. `--compare REV` measures the engine
figures of this checkout and of another git revision (checked out in a temporary worktree)
alternately in the same run, and prints the ratios.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import helpers  # noqa: E402  (tests/browser/helpers.py)
from explorer import games  # noqa: E402

APPS = tuple(plugin.name for plugin in games.in_gallery_order())   # every registered game
MINIMAL = "minimal_canvas"
MINIMAL_SOURCE = '''\
from ipycanvas import Canvas

canvas = Canvas(width=800, height=600)
canvas.add_class("rx-board")

def draw(*_):
    canvas._canvas_manager._current_canvas = None  # re-send "switch canvas" (ipycanvas 0.14)
    canvas.fill_style = "#3a7d44"
    canvas.fill_rect(40, 40, 720, 520)

canvas.on_client_ready(draw)
canvas
'''

TARGETS = {
    "legal_actions_ms": 5.0,
    "board_ratio": 1.1,
    "click_ms": 60.0,
    "click_p90_ms": 100.0,
    "click_max_ms": 300.0,
    "autoplay_s": 3.0,
    "kernel_mb": 80.0,
    "switch_ms": 300.0,
}
AUTOPLAY_SEEDS = (1, 2, 3)
LATE_SEED = 3        # the late-game figures' game
LATE_STEPS = 30      # how many steps before the end the late forward clicks start
LANG = "en"          # the language every app page is opened in (--lang)
SWITCHES = ("ko", "hu", "en")   # one round of language switches, from an English page
PARITY = ("en", "ko", "hu")     # the languages measured side by side (--parity), English first


def line(label: str, value: str, target: str = "", ok: bool | None = None,
         extra: str = "") -> None:
    verdict = "" if ok is None else ("  PASS" if ok else "  MISS")
    target = f"  (target {target})" if target else ""
    print(f"  {label:<56} {value:>10}{target}{verdict}{extra}", flush=True)


def ms(value: float) -> str:
    """Milliseconds with the digits that decide a verdict near a target such as 2.5 ms."""
    return f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


# --------------------------------------------------------------------------- engine

def timed_listing(state) -> float:
    """Seconds one legal_actions() of `state` takes."""
    started = time.perf_counter()
    state.legal_actions()
    return time.perf_counter() - started


def engine_figures(name: str, games: int, players: int | None = None) -> dict:
    """Random `players`-player games (default: the most players the game has, at most 4) over
    seeds 0..games-1, set-up included in each game's time; and the slowest legal_actions() over
    every position of those games (a position that seems slowest is timed three times, the best
    kept, so a pause of the machine is not taken for the position)."""
    import explorer
    from explorer.bots import RandomBot, play

    game = explorer.GAMES[name]
    players = players or most_players(name)
    per_game, slowest, slowest_where, slowest_state, steps = [], 0.0, None, None, 0
    for seed in range(games):
        started = time.perf_counter()
        state = game.setup(players=players, seed=seed)
        states, actions = play(state, RandomBot(seed))
        per_game.append(time.perf_counter() - started)
        steps += len(actions)
        for step, s in enumerate(states):
            took = timed_listing(s)
            if took > slowest:      # a pause of the machine, or the position? best of three
                took = min(took, timed_listing(s), timed_listing(s))
            if took > slowest:
                slowest, slowest_where, slowest_state = took, (seed, step), s
    again = [timed_listing(slowest_state) for _ in range(5)]
    return {"title": game.title, "games": games, "players": players,
            "games_per_s": games / sum(per_game),
            "median_ms": 1000 * statistics.median(per_game),
            "p95_ms": 1000 * percentile(per_game, 95), "actions": steps / games,
            "slowest_legal_ms": 1000 * slowest, "slowest_at": slowest_where,
            "slowest_again_ms": 1000 * min(again)}


def report_engine(name: str, now: dict, before: dict | None = None, rev: str = "") -> None:
    """The figures with their targets; with `before` (another revision, measured in the same
    run) each time also as a ratio before / now."""
    print(f"Engine: {now['games']} random {now['players']}-player {now['title']} games "
          f"(seeds 0..{now['games'] - 1}, set-up included)")

    def vs(key: str) -> str:
        if before is None:
            return ""
        return f"   {rev}: {ms(before[key])}, {before[key] / now[key]:.2f}x"

    line("games per second", f"{now['games_per_s']:.1f} games/s")
    target = games.plugin(name).step_budget_ms
    line("per game, median", ms(now["median_ms"]), f"<= {target:g} ms",
         now["median_ms"] <= target, vs("median_ms"))
    line("per game, 95th percentile", ms(now["p95_ms"]), "", None, vs("p95_ms"))
    line("actions per game, mean", f"{now['actions']:.1f}")
    seed, step = now["slowest_at"]
    line(f"slowest legal_actions() (seed {seed}, step {step})", f"{now['slowest_legal_ms']:.2f} ms",
         f"<= {TARGETS['legal_actions_ms']:g} ms",
         now["slowest_legal_ms"] <= TARGETS["legal_actions_ms"], vs("slowest_legal_ms"))
    line("  same position timed again, best of 5", f"{now['slowest_again_ms']:.2f} ms")


def bench_engine(name: str, games: int) -> None:
    report_engine(name, engine_figures(name, games))


def figures_of(root: Path, name: str, games: int) -> dict:
    """engine_figures() of the explorer package under `root`, in a fresh interpreter."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); sys.path.insert(1, sys.argv[2]); "
            "import explorer; assert explorer.__file__.startswith(sys.argv[1]), explorer.__file__; "
            "from bench import engine_figures; "
            "print(json.dumps(engine_figures(sys.argv[3], int(sys.argv[4]))))")
    out = subprocess.run([sys.executable, "-c", code, str(root), str(REPO / "benchmarks"), name,
                          str(games)], check=True, capture_output=True, text=True, cwd=root)
    return json.loads(out.stdout.splitlines()[-1])


def bench_compare(rev: str, games: int, rounds: int = 3) -> None:
    """The engine figures of this checkout and of revision `rev` (a git worktree), measured
    alternately in the same run; each figure is the median over `rounds` runs."""
    with tempfile.TemporaryDirectory(prefix="rx-compare-") as tmp:
        other = Path(tmp) / "rev"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(other), rev],
                       cwd=REPO, check=True)
        try:
            for name in APPS:
                if not (other / "explorer" / name).exists():
                    print(f"Engine: {name} does not exist in {rev}; not compared\n")
                    continue
                runs = {"now": [], "before": []}
                for _ in range(rounds):
                    runs["before"].append(figures_of(other, name, games))
                    runs["now"].append(figures_of(REPO, name, games))
                now, before = (median_figures(runs[k]) for k in ("now", "before"))
                report_engine(name, now, before, rev)
                print()
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=REPO,
                           check=False)


def median_figures(runs: list[dict]) -> dict:
    """Figure by figure, the median over several runs (the rest from the first run)."""
    merged = dict(runs[0])
    for key in ("games_per_s", "median_ms", "p95_ms", "slowest_legal_ms", "slowest_again_ms"):
        merged[key] = statistics.median(r[key] for r in runs)
    return merged


# --------------------------------------------------------------------------- app

def said(template: str, name: str | None = None, lang: str | None = None, **params) -> str:
    """The message `template` as app `name` shows it in `lang` (default LANG), the way the
    page says it (explorer.i18n), so the benchmark finds its texts in every language."""
    from explorer import i18n
    from explorer.messages import T
    return i18n.render(T(template, **params), lang or LANG, name)


def with_lang(query: str = "", lang: str | None = None) -> str:
    """An app page's `query` ("" or "?players=4&seed=3") with its language added."""
    return f"{query}{'&' if query else '?'}lang={lang or LANG}"


def open_app(page, server: helpers.VoilaServer, name: str, lang: str | None = None) -> float:
    """helpers.open_app, an app's page opened in `lang` (default LANG; the minimal notebook
    as it is)."""
    if name == MINIMAL:
        return helpers.open_app(page, server.url, name)
    page.goto(f"{server.url}/voila/render/{name}.ipynb{with_lang('', lang)}", wait_until="commit",
              timeout=helpers.TIMEOUT * 1000)
    return helpers.wait_for_board(page)


def pool_counts(server: helpers.VoilaServer) -> tuple[Counter, Counter]:
    """For each notebook, how many times Voila has (re)filled its preheated kernel pool, and
    how many times a page has taken a kernel from it (each take is followed by a refill)."""
    log = server.log()
    return (Counter(re.findall(r"Kernel pool of (\S+) is filled", log)),
            Counter(re.findall(r"Using pre-heated kernel: \S+ for (\S+)", log)))


def wait_for_pool(server: helpers.VoilaServer, notebook: str,
                  timeout: float = helpers.TIMEOUT) -> None:
    """With preheated kernels (voila.json) wait until a warm kernel waits for the next visitor
    of `notebook` and every other pool is refilled too, then until the server and its kernels
    are quiet, so every load is measured the way a visitor meets it. No-op without preheating.

    Voila refills a pool `fill_delay` seconds after a page takes its kernel, and starting that
    kernel holds up the server's event loop (about 0.4 s loading the page template): a page
    loaded meanwhile, of any notebook, waits for it. Voila also logs "filled" when the kernel
    has started, while it still runs the notebook, hence the wait for quiet."""
    if "preheat" not in (REPO / "voila.json").read_text():
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        fills, takes = pool_counts(server)
        if all(fills[nb] > takes[nb] for nb in {*fills, *takes, notebook}):
            break
        time.sleep(0.1)
    wait_until_quiet(server, deadline)


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes (from /proc), gone ones counting 0."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def wait_until_quiet(server: helpers.VoilaServer, deadline: float, window: float = 1.0,
                     busy: float = 0.05) -> None:
    """Wait until the server and all its kernels use under `busy` of a core over `window`
    seconds: every pooled kernel has finished running its notebook."""
    while time.monotonic() < deadline:
        pids = server.pids()
        before = cpu_seconds(pids)
        time.sleep(window)
        if cpu_seconds(pids) - before < busy * window:
            return


def time_to_board(browser, server: helpers.VoilaServer, names: list[str], loads: int,
                  langs: tuple[str | None, ...] = (None,)) -> dict:
    """Seconds from navigation start to painted board, one fresh page per load, for each of
    `names` in each of `langs` (None: LANG) in turn, round after round (the order turned each
    round): every page meets the machine in the same state, so their ratio holds even when the
    machine's speed drifts. The first round fills the browser's cache and is not counted.
    Keyed by name, or by language when one app is measured in several."""
    visits = [(name, lang) for name in names for lang in langs]
    times = {(lang if len(langs) > 1 else name): [] for name, lang in visits}
    for i in range(loads + 1):
        turn = i % len(visits) if len(langs) > 1 else 0
        for name, lang in visits[turn:] + visits[:turn]:
            wait_for_pool(server, f"{name}.ipynb")
            page = helpers.new_page(browser)
            try:
                took = open_app(page, server, name, lang)
                if page.errors:
                    print(f"  note: page errors in {name} ({lang or LANG}): {page.errors}")
            finally:
                helpers.leave(page)
            if i:
                times[lang if len(langs) > 1 else name].append(took)
    return times


def runnable_apps() -> list[str]:
    """The apps whose notebook exists, if Chromium is there to open them; says why not."""
    apps = [name for name in APPS if (helpers.NOTEBOOKS / f"{name}.ipynb").exists()]
    if not apps:
        print("  cannot run: no app notebook exists")
        return []
    if not Path(helpers.CHROMIUM).exists():
        print(f"  cannot run: {helpers.CHROMIUM} is missing (./dev test installs it)")
        return []
    return apps


def bench_app(loads: int, clicks: int, switches: int) -> None:
    from playwright.sync_api import sync_playwright

    print(f"App: Voila with voila.json, Chromium {helpers.CHROMIUM}, pages in {LANG} "
          f"(?lang={LANG}), median of {loads} loads, "
          "each app's loads alternating with loads of a minimal ipycanvas notebook")
    apps = runnable_apps()
    if not apps:
        return
    with tempfile.TemporaryDirectory(prefix="rx-bench-") as tmp, sync_playwright() as pw:
        import nbformat

        # the apps and the minimal notebook served side by side by one server, the same way
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(MINIMAL_SOURCE)]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        nbformat.write(nb, Path(tmp) / f"{MINIMAL}.ipynb")
        for name in apps:
            shutil.copy(helpers.NOTEBOOKS / f"{name}.ipynb", Path(tmp) / f"{name}.ipynb")

        browser = helpers.launch_browser(pw)
        try:
            with helpers.VoilaServer(tmp, args=("--warm=1",)) as server:
                for name in apps:
                    print(f" {name}")
                    times = time_to_board(browser, server, [MINIMAL, name], loads)
                    minimal_median = statistics.median(times[MINIMAL])
                    app_median = statistics.median(times[name])
                    ratio = app_median / minimal_median
                    line("painted board, minimal ipycanvas notebook",
                         f"{1000 * minimal_median:.0f} ms")
                    line("painted board, app", f"{1000 * app_median:.0f} ms")
                    line("ratio app / minimal", f"{ratio:.2f}x",
                         f"<= {TARGETS['board_ratio']}x", ratio <= TARGETS["board_ratio"])
                    bench_clicks(browser, server, name, clicks)
                    bench_clicks(browser, server, name, clicks, pixel_ratio=2)
                    bench_autoplay(browser, server, name)
                    bench_switch(browser, server, name, switches)
        finally:
            browser.close()


def bench_clicks(browser, server: helpers.VoilaServer, name: str, clicks: int,
                 pixel_ratio: float = 1) -> None:
    """Click-to-repaint on a screen of `pixel_ratio` (the board's buffer follows it: a 2x screen
    has four times the pixels to draw); the kernel's memory on a 1x screen."""
    wait_for_pool(server, f"{name}.ipynb")
    page = helpers.new_page(browser, pixel_ratio=pixel_ratio)
    screen = "" if pixel_ratio == 1 else f", {pixel_ratio:g}x screen"
    try:
        open_app(page, server, name)
        forward = page.locator(".rx-forward").first
        try:
            forward.wait_for(state="visible", timeout=10_000)
        except Exception:
            print("  cannot measure click-to-repaint: no visible .rx-forward button in the app")
        else:
            latencies, unchanged = [], 0
            for _ in range(3 * clicks):
                if len(latencies) + unchanged >= clicks:
                    break
                took = forward_click(page)
                if took is None:
                    break
                if took is UNCHANGED:
                    unchanged += 1
                elif took is not RESTARTED:
                    latencies.append(took)
            if latencies:
                median_ms = 1000 * statistics.median(latencies)
                line(f"click forward -> board drawn, median of {len(latencies)}{screen}",
                     f"{median_ms:.0f} ms",
                     f"< {TARGETS['click_ms']:.0f} ms", median_ms < TARGETS["click_ms"])
                p90_ms = 1000 * percentile(latencies, 90)
                line(f"click forward -> board drawn, 90th percentile{screen}", f"{p90_ms:.0f} ms",
                     f"< {TARGETS['click_p90_ms']:.0f} ms", p90_ms < TARGETS["click_p90_ms"])
                slowest_ms = 1000 * max(latencies)
                line(f"click forward -> board drawn, slowest{screen}", f"{slowest_ms:.0f} ms",
                     f"<= {TARGETS['click_max_ms']:.0f} ms", slowest_ms <= TARGETS["click_max_ms"])
            else:
                print("  cannot measure click-to-repaint: no forward click repainted the board")
            if unchanged:
                print(f"  note: {unchanged} forward click(s) did not redraw the board "
                      "(a step that changes nothing on it)")
        if page.errors:
            print(f"  note: page errors in the app: {page.errors}")
        if pixel_ratio != 1:
            return
        kernels = helpers.kernel_processes(server)
        kernel_id = helpers.kernel_id(page)
        if kernel_id in kernels:
            mb = helpers.rss_bytes(kernels[kernel_id]) / 2**20
            line("app kernel memory (RSS)", f"{mb:.0f} MB", f"< {TARGETS['kernel_mb']:.0f} MB",
                 mb < TARGETS["kernel_mb"])
        else:
            print(f"  cannot find the page's kernel ({kernel_id}) among Voila's children")
        others = [helpers.rss_bytes(pid) / 2**20 for kid, pid in kernels.items() if kid != kernel_id]
        if others:
            line(f"other kernels of this server ({len(others)}), mean RSS",
                 f"{statistics.mean(others):.0f} MB")
    finally:
        helpers.leave(page)


UNCHANGED, RESTARTED = "unchanged", "restarted"


def forward_click(page) -> float | str | None:
    """One click on the timeline's forward button: seconds to the board drawn; UNCHANGED for a
    step that does not redraw the board; at the end of the timeline, a click on "first"
    instead (RESTARTED), or None when there is no way on. Returns once the rest of the step
    (label, button states) has arrived."""
    forward = page.locator(".rx-forward").first
    bar = page.locator(".rx-timeline").first
    label = bar.inner_text() if bar.count() else ""
    took = RESTARTED
    if forward.is_enabled():
        try:
            took = helpers.click_to_draw(page, lambda: forward.click(timeout=5000), timeout=5)
        except Exception:
            took = UNCHANGED
    else:
        first = page.locator(".rx-first").first
        if not first.count():
            return None
        try:
            first.click(timeout=5000)
            page.locator(".rx-forward:enabled").first.wait_for(timeout=5000)
        except Exception:
            return None
    try:
        page.wait_for_function("([el, old]) => el.innerText !== old",
                               arg=[bar.element_handle(), label], timeout=2000)
    except Exception:
        pass
    return took


def bench_autoplay(browser, server: helpers.VoilaServer, name: str) -> None:
    """"⏩ End" in a 4-player game (or the most players the game has): from the click to the
    scoring step shown with its frame drawn, in wall-clock time at 1280x800."""
    import explorer
    players = max(n for n in explorer.GAMES[name].player_counts if n <= 4)
    took = []
    for seed in AUTOPLAY_SEEDS:
        wait_for_pool(server, f"{name}.ipynb")
        page = helpers.new_page(browser)
        try:
            helpers.open_board(page, server.url, name, with_lang(f"?players={players}&seed={seed}"))
            before = helpers.frame_count(page)
            start = time.perf_counter()
            page.click(".rx-play-end")
            helpers.wait_text(page, ".rx-step-label", said("Scoring", name))
            helpers.wait_frame(page, before)
            took.append(time.perf_counter() - start)
        finally:
            helpers.leave(page)
    median_s = statistics.median(took)
    line(f"play to the end, {players} players, median of {len(took)}", f"{median_s:.2f} s",
         f"< {TARGETS['autoplay_s']:.0f} s", median_s < TARGETS["autoplay_s"])
    line("play to the end, slowest", f"{max(took):.2f} s")


STEP_JS = """(pattern) => {
  const label = document.querySelector('.rx-step-label')?.innerText || '';
  const m = label.match(new RegExp(pattern));
  return m ? [+m.groups.step, +m.groups.count] : null;
}"""
AT_END_JS = f"(pattern) => {{ const s = ({STEP_JS})(pattern); return s && s[0] === s[1]; }}"
TURN_OVER_JS = """(bots) => { const t = document.querySelector('.rx-play-turn');
  const b = document.querySelector('.rx-play-bots');
  return t && !t.disabled && b && b.innerText.includes(bots); }"""


def step_label(name: str, step: int, count: int, lang: str | None = None) -> str:
    """The step label's "Step 3 of 40" as app `name` says it in `lang` (default LANG)."""
    return said("Step {step} of {count}", name, lang, step=step, count=count)


def step_pattern(name: str, lang: str | None = None) -> str:
    """A JavaScript regular expression for step_label(), the numbers in groups step and count
    (a language may say them the other way round)."""
    shown = step_label(name, 987654321, 123456789, lang)
    pattern = re.sub(r"[\\^$.*+?()[\]{}|/]", lambda m: "\\" + m.group(), shown)
    return pattern.replace("987654321", r"(?<step>\d+)").replace("123456789", r"(?<count>\d+)")


def step_shown(page, name: str, lang: str | None = None) -> tuple[int, int]:
    """The step label's (step, of steps), both counted from 1."""
    return tuple(page.evaluate(STEP_JS, step_pattern(name, lang)))


def wait_turn_over(page, name: str, lang: str | None = None) -> None:
    """Wait until a "▷ Turn" run is over (it plays the rest of the turn one move a tick)."""
    page.wait_for_function(TURN_OVER_JS, arg=said("▷▷ Bots", name, lang),
                           timeout=helpers.TIMEOUT * 1000)


def timed_click(page, do_click, timeout: float = 5) -> float | None:
    """Seconds from a click to the board drawn (helpers.click_to_draw), then waits for the
    whole frame the click leads to; None when the board was not drawn again (a step that
    changes nothing on it)."""
    before = helpers.frame_count(page)
    try:
        took = helpers.click_to_draw(page, do_click, timeout=timeout)
    except Exception:
        took = None
    helpers.wait_frame(page, before)
    return took


def keep_time(took: float | None, latencies: list[float]) -> int:
    """Keep a click's time `took` (timed_click) in `latencies`: 1 if the click drew nothing
    (None) and is to be counted as skipped, else 0."""
    if took is None:
        return 1
    latencies.append(took)
    return 0


def go_back(page, name: str, steps: int) -> tuple[int, int]:
    """Press ← `steps` times and wait until the step label shows the step they lead to."""
    at, of = step_shown(page, name)
    target = max(1, at - steps)
    for _ in range(at - target):
        page.keyboard.press("ArrowLeft")
    helpers.wait_text(page, ".rx-step-label", step_label(name, target, of))
    return target, of


def report_latencies(what: str, latencies: list[float], skipped: int = 0) -> None:
    """Median, 90th percentile and slowest of click-to-draw times, each with its target."""
    if not latencies:
        print(f"  cannot measure {what}: no click drew the board")
        return
    median_ms = 1000 * statistics.median(latencies)
    p90_ms = 1000 * percentile(latencies, 90)
    slowest_ms = 1000 * max(latencies)
    line(f"{what}, median of {len(latencies)}", f"{median_ms:.0f} ms",
         f"< {TARGETS['click_ms']:.0f} ms", median_ms < TARGETS["click_ms"])
    line(f"{what}, 90th percentile", f"{p90_ms:.0f} ms",
         f"< {TARGETS['click_p90_ms']:.0f} ms", p90_ms < TARGETS["click_p90_ms"])
    line(f"{what}, slowest", f"{slowest_ms:.0f} ms",
         f"<= {TARGETS['click_max_ms']:.0f} ms", slowest_ms <= TARGETS["click_max_ms"])
    if skipped:
        print(f"  note: {skipped} click(s) did not draw the board again")


def most_players(name: str) -> int:
    """The most players the game has, at most 4."""
    return max(n for n in games.plugin(name).game.player_counts if n <= 4)


def late_game_page(browser, server: helpers.VoilaServer, name: str, lang: str | None = None):
    """A new page of the app, opened (in `lang`, default LANG) at a game of `most_players`,
    LATE_SEED, once a warm kernel waits for it."""
    wait_for_pool(server, f"{name}.ipynb")
    page = helpers.new_page(browser)
    try:
        helpers.open_board(page, server.url, name,
                           with_lang(f"?players={most_players(name)}&seed={LATE_SEED}", lang))
    except BaseException:
        helpers.leave(page)
        raise
    return page


def bench_late(browser, server: helpers.VoilaServer, name: str, clicks: int, moves: int) -> None:
    """Click-to-repaint in a 4-player game (or the most players the game has), LATE_SEED,
    played to its end by "⏩ End": forward clicks from the first step (Home); forward clicks
    through the last LATE_STEPS steps (End, then ←), where the board holds the most; then
    "▷ Turn" clicks from there on (the bots make the current turn's first move at once, so the
    click makes a move), going back 20 steps whenever the game is over. Each is timed from the
    click to the first draw of the board."""
    players = most_players(name)
    page = late_game_page(browser, server, name)
    try:
        # ⏩ End first shows the last set-up step ("Step 5 of 5"), then the scoring step
        page.click(".rx-play-end")
        helpers.wait_text(page, ".rx-step-label", said("Scoring", name))
        page.wait_for_function(AT_END_JS, arg=step_pattern(name), timeout=helpers.TIMEOUT * 1000)
        steps = step_shown(page, name)[1]
        forward = page.locator(".rx-forward").first

        helpers.act(page, lambda: page.keyboard.press("Home"))
        helpers.wait_text(page, ".rx-step-label", step_label(name, 1, steps))
        early, skipped = [], 0
        for _ in range(min(clicks, steps - 2)):
            skipped += keep_time(timed_click(page, lambda: forward.click(timeout=5000)), early)
        print(f"   {players} players, seed {LATE_SEED}, played to the end by ⏩ End "
              f"({steps} steps): steps 1 to {step_shown(page, name)[0]}")
        report_latencies("click forward -> board drawn", early, skipped)

        helpers.act(page, lambda: page.keyboard.press("End"))
        helpers.wait_text(page, ".rx-step-label", step_label(name, steps, steps))
        at, _ = go_back(page, name, LATE_STEPS)
        late, skipped = [], 0
        while step_shown(page, name)[0] < steps - 1:   # the last click, to Scoring, draws no board
            skipped += keep_time(timed_click(page, lambda: forward.click(timeout=5000)), late)
        print(f"   the last steps: {at} to {steps - 1} of {steps}")
        report_latencies("click forward -> board drawn", late, skipped)

        go_back(page, name, LATE_STEPS)
        turn = page.locator(".rx-play-turn").first
        made, skipped = [], 0
        for _ in range(3 * moves):
            if len(made) >= moves:
                break
            at, of = step_shown(page, name)
            if at >= of - 1:                     # the game is over here: no move to make
                go_back(page, name, 20)
                continue
            took = timed_click(page, lambda: turn.click(timeout=5000))
            wait_turn_over(page, name)
            skipped += keep_time(took, made)
        print(f"   ▷ Turn from step {steps - LATE_STEPS} on (the bots move at once)")
        report_latencies("click ▷ Turn -> board drawn", made, skipped)
        if page.errors:
            print(f"  note: page errors in the app: {page.errors}")
    finally:
        helpers.leave(page)


def bench_board_clicks(browser, server: helpers.VoilaServer, name: str,
                       seeds=AUTOPLAY_SEEDS) -> None:
    """Moves made by clicking the board: in games of the most players the game has (at most
    4), the clicks its tests/games/<name>.py gives as `board_clicks(state)` from the last set-up
    step (where to click comes from the renderer's own pure layout for the same position),
    each timed from the click to the board drawn."""
    import explorer
    sys.path.insert(0, str(REPO / "tests"))
    from registered import need

    game = explorer.GAMES[name]
    board_clicks = need(name, "board_clicks", "a function board_clicks(state) yielding (action, "
                        "(x, y)): moves from the state given and the board pixel to click for each")
    players = most_players(name)
    made, skipped = [], 0
    for seed in seeds:
        wait_for_pool(server, f"{name}.ipynb")
        page = helpers.new_page(browser)
        try:
            helpers.open_board(page, server.url, name,
                               with_lang(f"?players={players}&seed={seed}"))
            state = game.setup_steps(players, seed)[-1]
            steps = len(game.setup_steps(players, seed))
            helpers.act(page, lambda: page.keyboard.press("End"))
            helpers.wait_text(page, ".rx-step-label", step_label(name, steps, steps))
            for _, (x, y) in board_clicks(state):
                x, y = helpers.board_point(page, x, y)
                took = timed_click(page, lambda: page.mouse.click(x, y))
                steps += 1
                helpers.wait_text(page, ".rx-step-label", step_label(name, steps, steps))
                skipped += keep_time(took, made)
        finally:
            helpers.leave(page)
    print(f"   {name}: board clicks that make a move, {players} players, seeds "
          f"{', '.join(map(str, seeds))}")
    report_latencies("click on the board -> board drawn", made, skipped)


# Times of one language switch, in the page's clock: `changed` when the language menu changes,
# `drawn` the first draw on the board's canvas after it, `framed` when the frame counter first
# goes past `before` after it. Installed once per page; every call starts a new switch.
SWITCH_PROBE_JS = """(before) => {
  window.__rxSwitch = {changed: 0, drawn: 0, framed: 0, before};
  if (window.__rxSwitchProbe) return;
  window.__rxSwitchProbe = true;
  const proto = CanvasRenderingContext2D.prototype;
  const drawImage = proto.drawImage;
  proto.drawImage = function (...args) {
    const s = window.__rxSwitch, c = this.canvas;
    if (s.changed && !s.drawn && c && c.isConnected && c.closest('.rx-board'))
      s.drawn = performance.now();
    return drawImage.apply(this, args);
  };
  document.addEventListener('change', (event) => {
    if (event.target.closest && event.target.closest('.rx-language'))
      window.__rxSwitch.changed = performance.now();
  }, true);
  const counter = document.querySelector('.rx-frame-counter') || document.body;
  new MutationObserver(() => {
    const s = window.__rxSwitch;
    if (!s.changed || s.framed) return;
    const n = +(document.querySelector('.rx-frame-counter [data-frame]')?.dataset.frame || 0);
    if (n > s.before) s.framed = performance.now();
  }).observe(counter, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def settle(page, quiet: float = 0.3, timeout: float = 10) -> None:
    """Wait until the frame counter has stood still for `quiet` seconds (what a click or a
    switch set off has all arrived)."""
    deadline = time.monotonic() + timeout
    last, since = helpers.frame_count(page), time.monotonic()
    while time.monotonic() < deadline and time.monotonic() - since < quiet:
        time.sleep(0.05)
        now = helpers.frame_count(page)
        if now != last:
            last, since = now, time.monotonic()


def timed_switch(page, lang: str, board_grace: float = 5) -> tuple[float, bool]:
    """Choose `lang` in the language menu: seconds from the menu's change to the board drawn
    again and the frame counter gone up (whichever comes last), in the page's clock, and
    whether the board was drawn at all (if not within `board_grace` seconds after the frame,
    the time to the frame alone)."""
    page.evaluate(SWITCH_PROBE_JS, helpers.frame_count(page))
    page.select_option(".rx-language-menu", lang)
    page.wait_for_function("() => window.__rxSwitch.changed > 0 && window.__rxSwitch.framed > 0",
                           timeout=helpers.TIMEOUT * 1000)
    try:
        page.wait_for_function("() => window.__rxSwitch.drawn > 0", timeout=board_grace * 1000)
        drawn = True
    except Exception:
        drawn = False
    times = page.evaluate("() => window.__rxSwitch")
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang,
                           timeout=helpers.TIMEOUT * 1000)
    settle(page)
    return (max(times["framed"], times["drawn"]) - times["changed"]) / 1000, drawn


def bench_switch(browser, server: helpers.VoilaServer, name: str, rounds: int) -> None:
    """Language switches in a 4-player game (or the most players the game has), LATE_SEED,
    opened in English at the last set-up step with one "▷ Turn" played: the menu switched to
    Korean, Hungarian and English, `rounds` times, each from the menu's change to the board
    drawn again and the whole page said again."""
    players = most_players(name)
    page = late_game_page(browser, server, name, "en")
    try:
        if page.locator(".rx-last").first.is_enabled():
            helpers.act(page, lambda: page.click(".rx-last"))
        page.wait_for_function(AT_END_JS, arg=step_pattern(name, "en"),
                               timeout=helpers.TIMEOUT * 1000)
        setup = step_shown(page, name, "en")[0]
        helpers.act(page, lambda: page.click(".rx-play-turn"))
        wait_turn_over(page, name, "en")
        settle(page)
        at = step_shown(page, name, "en")[0]
        took, by_lang, undrawn = [], {lang: [] for lang in SWITCHES}, 0
        for _ in range(rounds):
            for lang in SWITCHES:
                seconds, drawn = timed_switch(page, lang)
                took.append(seconds)
                by_lang[lang].append(seconds)
                undrawn += not drawn
        print(f"   {players} players, seed {LATE_SEED}, set-up step {setup} and one ▷ Turn "
              f"(step {at}), switched {' -> '.join(SWITCHES)} {rounds} time(s)")
        target = TARGETS["switch_ms"]
        what = "switch language -> page said again"
        median_ms = 1000 * statistics.median(took)
        p90_ms = 1000 * percentile(took, 90)
        slowest_ms = 1000 * max(took)
        line(f"{what}, median of {len(took)}", f"{median_ms:.0f} ms", f"<= {target:.0f} ms",
             median_ms <= target)
        line(f"{what}, 90th percentile", f"{p90_ms:.0f} ms", f"<= {target:.0f} ms",
             p90_ms <= target)
        line(f"{what}, slowest", f"{slowest_ms:.0f} ms", f"<= {target:.0f} ms",
             slowest_ms <= target)
        print("   median by language: " + ", ".join(
            f"{lang} {1000 * statistics.median(t):.0f} ms" for lang, t in by_lang.items()))
        if undrawn:
            print(f"  note: {undrawn} switch(es) did not draw the board again (timed to the "
                  "frame counter alone)")
        if page.errors:
            print(f"  note: page errors in the app: {page.errors}")
    finally:
        helpers.leave(page)


def bootstrap_ratio(en: list[float], other: list[float], paired: bool = False,
                    rounds: int = 2000) -> tuple[float, float]:
    """The 95% interval of median(other) / median(en), by resampling (the same indices in both
    when `paired`: click k of each language drew the same step)."""
    import random
    rng = random.Random(0)
    ratios = []
    for _ in range(rounds):
        if paired:
            picks = [rng.randrange(len(en)) for _ in en]
            a, b = [en[i] for i in picks], [other[i] for i in picks]
        else:
            a, b = rng.choices(en, k=len(en)), rng.choices(other, k=len(other))
        ratios.append(statistics.median(b) / statistics.median(a))
    return percentile(ratios, 2.5), percentile(ratios, 97.5)


def report_parity(what: str, unit: str, figures: dict[str, list[float]],
                  paired: bool = False) -> None:
    """Each language's median of `figures` and its ratio to English, with the ratio's 95%
    interval; the target: within 5% of English."""
    en = figures["en"]
    scale = 1000 if unit == "ms" else 1
    line(f"{what}, en, median of {len(en)}", f"{scale * statistics.median(en):.0f} {unit}")
    for lang in PARITY[1:]:
        ratio = statistics.median(figures[lang]) / statistics.median(en)
        low, high = bootstrap_ratio(en, figures[lang], paired)
        line(f"{what}, {lang}, median of {len(figures[lang])}",
             f"{scale * statistics.median(figures[lang]):.0f} {unit}")
        line(f"  {lang} / en", f"{ratio:.3f}", "<= 1.05", ratio <= 1.05,
             f"  (95% interval {low:.3f}-{high:.3f})")


def bench_parity(browser, server: helpers.VoilaServer, name: str, loads: int,
                 clicks: int) -> None:
    """Korean and Hungarian against English, measured side by side so that the machine's
    drift meets every language alike: page loads in rounds of one per language (the order
    turned each round, the first round not counted), then one page per language open
    together on the same game, forward clicks taken in turn on each (the same step drawn in
    every language), then each page's kernel memory at that same step."""
    times = time_to_board(browser, server, [name], loads, PARITY)
    report_parity("load -> painted board", "ms", times)

    pages = {}
    try:
        for lang in PARITY:
            wait_for_pool(server, f"{name}.ipynb")
            pages[lang] = helpers.new_page(browser)
            open_app(pages[lang], server, name, lang)
        wait_for_pool(server, f"{name}.ipynb")
        hidden = [lang for lang, page in pages.items()
                  if page.evaluate("() => document.visibilityState") != "visible"]
        if hidden:
            print(f"  note: pages not visible (their drawing may be held back): {hidden}")
        latencies, skipped = {lang: [] for lang in PARITY}, 0
        for k in range(3 * clicks):
            if len(latencies["en"]) >= clicks:
                break
            order = PARITY[k % len(PARITY):] + PARITY[:k % len(PARITY)]
            took = {lang: forward_click(pages[lang]) for lang in order}
            if None in took.values():
                print("  note: a page could not step on; clicks stopped there")
                break
            if all(isinstance(t, float) for t in took.values()):
                for lang, t in took.items():
                    latencies[lang].append(t)
            elif any(isinstance(t, float) for t in took.values()):
                skipped += 1     # drawn in one language, not in another: not comparable
        if latencies["en"]:
            report_parity("click forward -> board drawn", "ms", latencies, paired=True)
        if skipped:
            print(f"  note: {skipped} click(s) left out: the board was redrawn in some "
                  "languages only")
        kernels = helpers.kernel_processes(server)
        memory = {}
        for lang, page in pages.items():
            kernel = helpers.kernel_id(page)
            if kernel in kernels:
                memory[lang] = helpers.rss_bytes(kernels[kernel]) / 2**20
        if len(memory) == len(PARITY):
            line("app kernel memory (RSS), en", f"{memory['en']:.1f} MB")
            for lang in PARITY[1:]:
                ratio = memory[lang] / memory["en"]
                line(f"app kernel memory (RSS), {lang}", f"{memory[lang]:.1f} MB")
                line(f"  {lang} / en", f"{ratio:.3f}", "<= 1.05", ratio <= 1.05)
        else:
            print(f"  cannot find every page's kernel among Voila's children ({memory})")
    finally:
        for page in pages.values():
            helpers.leave(page)


def bench_parity_apps(loads: int, clicks: int) -> None:
    """The language-parity figures of every app, on a server of their own."""
    print(f"Language parity: Voila with voila.json, Chromium {helpers.CHROMIUM}, each app in "
          f"{', '.join(PARITY)} side by side: {loads} loads per language in turn, {clicks} "
          "forward clicks per language in turn, kernel memory; ratios to English with their "
          "95% interval (bootstrap)")
    _each_app("language-parity", lambda browser, server, name: bench_parity(
        browser, server, name, loads, clicks))


def bench_switch_apps(rounds: int) -> None:
    """The language-switch figures of every app, on a server of their own."""
    print(f"Language switch: Voila with voila.json, Chromium {helpers.CHROMIUM}, pages opened "
          f"in en and switched {' -> '.join(SWITCHES)}, from the menu's change to the board "
          "drawn and the page said again")
    _each_app("language-switch", lambda browser, server, name: bench_switch(
        browser, server, name, rounds))


def bench_late_apps(clicks: int, moves: int, click_game: str | None = None) -> None:
    """The late-game figures of every app, on a server of their own."""
    print(f"Late game: Voila with voila.json, Chromium {helpers.CHROMIUM}, pages in {LANG} "
          f"(?lang={LANG}), click to board drawn")

    def measure(browser, server, name) -> None:
        bench_late(browser, server, name, clicks, moves)
        if name == click_game:
            bench_board_clicks(browser, server, name)
    _each_app("late-game", measure)


def _each_app(figures: str, measure) -> None:
    """`measure(browser, server, name)` for every app, on a server of their own; an app that
    cannot be measured is reported and the others still are."""
    from playwright.sync_api import sync_playwright

    apps = runnable_apps()
    if not apps:
        return
    with sync_playwright() as pw:
        browser = helpers.launch_browser(pw)
        try:
            with helpers.VoilaServer(helpers.NOTEBOOKS, args=("--warm=1",)) as server:
                failed = []
                for name in apps:
                    print(f" {name}")
                    try:
                        measure(browser, server, name)
                    except Exception as exc:   # the other apps are still measured
                        failed.append(name)
                        print(f"  cannot measure {name}: {type(exc).__name__}: {exc}")
                        traceback.print_exc(limit=-3, file=sys.stderr)
                if failed:
                    raise RuntimeError(f"no {figures} figures for {', '.join(failed)}")
        finally:
            browser.close()


def main(argv=None) -> int:
    global LANG, APPS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="random games (seeds 0..N-1)")
    parser.add_argument("--loads", type=int, default=5, help="page loads per notebook")
    parser.add_argument("--clicks", type=int, default=20, help="forward clicks to time")
    parser.add_argument("--no-browser", action="store_true", help="engine figures only")
    parser.add_argument("--no-engine", action="store_true", help="app figures only")
    parser.add_argument("--late-only", action="store_true", help=(
        "of the app figures only the late-game ones (forward, ▷ Turn and board clicks)"))
    parser.add_argument("--moves", type=int, default=15, help="▷ Turn clicks to time")
    parser.add_argument("--lang", default="en", choices=("en", "ko", "hu"), help=(
        "the language every app page is opened in (?lang=CODE)"))
    parser.add_argument("--switch-only", action="store_true", help=(
        "of the app figures only the language-switch ones"))
    parser.add_argument("--switches", type=int, default=5, help=(
        "rounds of language switches to time per app (each: ko, hu, en)"))
    parser.add_argument("--parity", action="store_true", help=(
        "of the app figures only the language-parity ones (ko and hu beside en)"))
    parser.add_argument("--apps", metavar="NAME[,NAME]", help=(
        f"only these apps and their engines (of {', '.join(APPS)})"))
    parser.add_argument("--click-game", metavar="NAME", default=APPS[0], help=(
        "the game whose board clicks are timed in the late-game figures (default: the first in "
        "the gallery, %(default)s)"))
    parser.add_argument("--compare", metavar="REV", help=(
        "engine figures of this checkout and of git revision REV side by side, measured "
        "alternately in this run (3 rounds each), with the ratios"))
    args = parser.parse_args(argv)
    LANG = args.lang
    if args.apps:
        chosen = tuple(a.strip() for a in args.apps.split(",") if a.strip())
        unknown = [a for a in chosen if a not in APPS]
        if unknown:
            parser.error(f"unknown app(s): {', '.join(unknown)} (apps: {', '.join(APPS)})")
        APPS = chosen
    if args.compare:
        bench_compare(args.compare, args.games)
        return 0
    failed = False
    parts = [] if args.no_engine else [
        (f"{name} engine", lambda name=name: bench_engine(name, args.games)) for name in APPS]
    if not args.no_browser:
        if args.parity:
            parts.append(("language parity", lambda: bench_parity_apps(args.loads, args.clicks)))
        elif not (args.late_only or args.switch_only):
            parts.append(("app", lambda: bench_app(args.loads, args.clicks, args.switches)))
        if args.switch_only:
            parts.append(("language switch", lambda: bench_switch_apps(args.switches)))
        if args.late_only or not (args.switch_only or args.parity):
            parts.append(("late game", lambda: bench_late_apps(args.clicks, args.moves,
                                                               args.click_game)))
    for part, run in parts:
        if run is None:
            continue
        try:
            run()
        except Exception as exc:
            failed = True
            print(f"  cannot run the {part} benchmark: {type(exc).__name__}: {exc}")
            traceback.print_exc(limit=3, file=sys.stderr)
        print()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
