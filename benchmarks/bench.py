"""Benchmarks of the rules explorer (figures to watch, not pass/fail tests).

    .venv/bin/python benchmarks/bench.py [--games 200] [--loads 5] [--clicks 20] [--no-browser]
                                         [--no-engine]

Engine, per game: random 4-player games (explorer.bots.RandomBot + play) over seeds 0..N-1:
games per second, median and 95th percentile per game, slowest legal_actions().
Apps (Voila + Debian Chromium, served with the repo's voila.json like ./dev serve): time from
page load to painted board for each app and for a minimal ipycanvas notebook, their ratio,
median click-to-repaint of the timeline "forward" button (from the click to the first draw on
the visible canvas, both in the page's clock), and the memory of the app's kernel.
Every figure is printed with its target.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import helpers  # noqa: E402  (tests/browser/helpers.py)

APPS = ("animals_on_board", "cacao", "taluva", "indian_summer")
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

GAME_MEDIAN_MS = {"animals_on_board": 50.0, "cacao": 100.0, "taluva": 150.0, "indian_summer": 200.0}
TARGETS = {
    "legal_actions_ms": 20.0,
    "board_ratio": 1.5,
    "click_ms": 150.0,
    "click_p90_ms": 100.0,
    "autoplay_s": 3.0,
    "kernel_mb": 150.0,
}
AUTOPLAY_SEEDS = (1, 2, 3)


def line(label: str, value: str, target: str = "", ok: bool | None = None) -> None:
    verdict = "" if ok is None else ("  ok" if ok else "  MISSED")
    target = f"  (target {target})" if target else ""
    print(f"  {label:<44} {value:>14}{target}{verdict}", flush=True)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


# --------------------------------------------------------------------------- engine

def bench_engine(name: str, games: int, players: int = 4) -> None:
    import explorer
    from explorer.bots import RandomBot, play

    game = explorer.GAMES[name]
    print(f"Engine: {games} random {players}-player {game.title} games (seeds 0..{games - 1})")
    per_game, slowest, slowest_where, slowest_state, steps = [], 0.0, None, None, 0
    for seed in range(games):
        state = game.setup(players=players, seed=seed)
        started = time.perf_counter()
        states, actions = play(state, RandomBot(seed))
        per_game.append(time.perf_counter() - started)
        steps += len(actions)
        for step, s in enumerate(states):
            started = time.perf_counter()
            s.legal_actions()
            took = time.perf_counter() - started
            if took > slowest:
                slowest, slowest_where, slowest_state = took, (seed, step), s
    total = sum(per_game)
    median_ms = 1000 * statistics.median(per_game)
    line("games per second", f"{games / total:.1f} games/s")
    target = GAME_MEDIAN_MS[name]
    line("per game, median", f"{median_ms:.1f} ms", f"< {target:.0f} ms", median_ms < target)
    line("per game, 95th percentile", f"{1000 * percentile(per_game, 95):.1f} ms")
    line("actions per game, mean", f"{steps / games:.1f}")
    line(f"slowest legal_actions() (seed {slowest_where[0]}, step {slowest_where[1]})",
         f"{1000 * slowest:.2f} ms", f"< {TARGETS['legal_actions_ms']:.0f} ms",
         1000 * slowest < TARGETS["legal_actions_ms"])
    again = []
    for _ in range(5):  # a pause of the machine (GC, another process) or the position itself?
        started = time.perf_counter()
        slowest_state.legal_actions()
        again.append(time.perf_counter() - started)
    line("  same position timed again, best of 5", f"{1000 * min(again):.2f} ms")


# --------------------------------------------------------------------------- app

def pool_fills(server: helpers.VoilaServer, notebook: str) -> int:
    """How many times Voila has (re)filled the preheated kernel pool of `notebook`."""
    return len(re.findall(rf"Kernel pool of {re.escape(notebook)} is filled", server.log()))


def wait_for_pool(server: helpers.VoilaServer, notebook: str, at_least: int,
                  timeout: float = helpers.TIMEOUT) -> None:
    """With preheated kernels (voila.json) wait until a warm kernel is waiting for the next
    visitor, so every load is measured the way a visitor meets it. No-op without preheating.

    Voila logs "filled" when the pooled kernel has started, while it still runs the notebook;
    a visitor arriving then waits for that run. So this also waits until the server and its
    kernels are quiet (see `wait_until_quiet`)."""
    if "preheat" not in (REPO / "voila.json").read_text():
        return
    deadline = time.monotonic() + timeout
    while pool_fills(server, notebook) < at_least and time.monotonic() < deadline:
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


def time_to_board(browser, server: helpers.VoilaServer, name: str, loads: int) -> list[float]:
    """Seconds from navigation start to painted board, one fresh page per load (after one
    warm-up load that fills the browser cache)."""
    times = []
    for i in range(loads + 1):
        wait_for_pool(server, f"{name}.ipynb", at_least=i + 1)
        page = helpers.new_page(browser)
        try:
            took = helpers.open_app(page, server.url, name)
            if page.errors:
                print(f"  note: page errors in {name}: {page.errors}")
        finally:
            page.context.close()
        if i:
            times.append(took)
    return times


def bench_app(loads: int, clicks: int) -> None:
    from playwright.sync_api import sync_playwright

    print(f"App: Voila with voila.json, Chromium {helpers.CHROMIUM}, median of {loads} loads")
    apps = [name for name in APPS if (helpers.NOTEBOOKS / f"{name}.ipynb").exists()]
    if not apps:
        print("  cannot run: no app notebook exists")
        return
    if not Path(helpers.CHROMIUM).exists():
        print(f"  cannot run: {helpers.CHROMIUM} is missing (./dev test installs it)")
        return
    with tempfile.TemporaryDirectory(prefix="rx-bench-") as tmp, sync_playwright() as pw:
        import nbformat

        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(MINIMAL_SOURCE)]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        nbformat.write(nb, Path(tmp) / f"{MINIMAL}.ipynb")

        browser = helpers.launch_browser(pw)
        try:
            with helpers.VoilaServer(tmp) as minimal_server:
                minimal = time_to_board(browser, minimal_server, MINIMAL, loads)
            minimal_median = statistics.median(minimal)
            line("painted board, minimal ipycanvas notebook", f"{1000 * minimal_median:.0f} ms")
            with helpers.VoilaServer(helpers.NOTEBOOKS, args=("--warm=1",)) as app_server:
                for name in apps:
                    print(f" {name}")
                    app_median = statistics.median(time_to_board(browser, app_server, name, loads))
                    ratio = app_median / minimal_median
                    line("painted board, app", f"{1000 * app_median:.0f} ms")
                    line("ratio app / minimal", f"{ratio:.2f}x",
                         f"<= {TARGETS['board_ratio']}x", ratio <= TARGETS["board_ratio"])
                    bench_clicks(browser, app_server, name, clicks)
                    bench_autoplay(browser, app_server, name)
        finally:
            browser.close()


def bench_clicks(browser, server: helpers.VoilaServer, name: str, clicks: int) -> None:
    wait_for_pool(server, f"{name}.ipynb", at_least=1)
    page = helpers.new_page(browser)
    try:
        helpers.open_app(page, server.url, name)
        forward = page.locator(".rx-forward").first
        try:
            forward.wait_for(state="visible", timeout=10_000)
        except Exception:
            print("  cannot measure click-to-repaint: no visible .rx-forward button in the app")
        else:
            first = page.locator(".rx-first").first
            bar = page.locator(".rx-timeline").first
            latencies, unchanged = [], 0
            for _ in range(3 * clicks):
                if len(latencies) + unchanged >= clicks:
                    break
                label = bar.inner_text() if bar.count() else ""
                if forward.is_enabled():
                    try:
                        latencies.append(helpers.click_to_draw(
                            page, lambda: forward.click(timeout=5000), timeout=5))
                    except Exception:
                        unchanged += 1  # a step that does not change the board
                else:  # end of the timeline: start again from the first step
                    if not first.count():
                        break
                    try:
                        first.click(timeout=5000)
                        page.locator(".rx-forward:enabled").first.wait_for(timeout=5000)
                    except Exception:
                        break
                # let the rest of the step (label, button states) arrive before looking again
                try:
                    page.wait_for_function("([el, old]) => el.innerText !== old",
                                           arg=[bar.element_handle(), label], timeout=2000)
                except Exception:
                    pass
            if latencies:
                median_ms = 1000 * statistics.median(latencies)
                line(f"click forward -> board drawn, median of {len(latencies)}", f"{median_ms:.0f} ms",
                     f"< {TARGETS['click_ms']:.0f} ms", median_ms < TARGETS["click_ms"])
                p90_ms = 1000 * percentile(latencies, 90)
                line("click forward -> board drawn, 90th percentile", f"{p90_ms:.0f} ms",
                     f"< {TARGETS['click_p90_ms']:.0f} ms", p90_ms < TARGETS["click_p90_ms"])
                line("click forward -> board drawn, slowest", f"{1000 * max(latencies):.0f} ms")
            else:
                print("  cannot measure click-to-repaint: no forward click repainted the board")
            if unchanged:
                print(f"  note: {unchanged} forward click(s) did not redraw the board "
                      "(a step that changes nothing on it)")
        if page.errors:
            print(f"  note: page errors in the app: {page.errors}")
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
        page.context.close()


def bench_autoplay(browser, server: helpers.VoilaServer, name: str) -> None:
    """"⏩ End" in a 4-player game (or the most players the game has): from the click to the
    scoring step shown with its frame drawn, in wall-clock time at 1280x800."""
    import explorer
    players = max(n for n in explorer.GAMES[name].player_counts if n <= 4)
    took = []
    for seed in AUTOPLAY_SEEDS:
        wait_for_pool(server, f"{name}.ipynb", at_least=1)
        page = helpers.new_page(browser)
        try:
            helpers.open_board(page, server.url, name, f"?players={players}&seed={seed}")
            before = helpers.frame_count(page)
            start = time.perf_counter()
            page.click(".rx-play-end")
            helpers.wait_text(page, ".rx-step-label", "Scoring")
            helpers.wait_frame(page, before)
            took.append(time.perf_counter() - start)
        finally:
            page.context.close()
    median_s = statistics.median(took)
    line(f"play to the end, {players} players, median of {len(took)}", f"{median_s:.2f} s",
         f"< {TARGETS['autoplay_s']:.0f} s", median_s < TARGETS["autoplay_s"])
    line("play to the end, slowest", f"{max(took):.2f} s")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="random games (seeds 0..N-1)")
    parser.add_argument("--loads", type=int, default=5, help="page loads per notebook")
    parser.add_argument("--clicks", type=int, default=20, help="forward clicks to time")
    parser.add_argument("--no-browser", action="store_true", help="engine figures only")
    parser.add_argument("--no-engine", action="store_true", help="app figures only")
    args = parser.parse_args(argv)
    failed = False
    parts = [] if args.no_engine else [
        (f"{name} engine", lambda name=name: bench_engine(name, args.games)) for name in APPS]
    parts.append(("app", None if args.no_browser else lambda: bench_app(args.loads, args.clicks)))
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
