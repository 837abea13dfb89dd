"""Load benchmark: a class arriving at one app (figures to watch, not pass/fail tests).

    .venv/bin/python benchmarks/load.py [--app cacao] [--warm 10] [--fill-delay S] [--visitors 10]
                                        [--busy 2] [--spread 30] [--over 30]
                                        [--only burst,busy,spread]

Serves notebooks/ with `server.voila` (the repo's voila.json; `--warm` kernels kept warm for
the app, as `./dev serve --warm=N --warm-apps=APP` does) on 127.0.0.1 only, and drives headless Debian Chromium, one browser context per visitor:

- burst:  `--visitors` pages opened at the same moment;
- busy:   the same while `--busy` processes keep the CPU busy (each stops by itself);
- spread: `--spread` pages opened evenly over `--over` seconds.

Per scenario: time from each page's navigation start to its painted board (page clock), pages
that failed (the "full" page, the "could not start" notice, or no board within the time limit),
the CPU time the server (with its kernels) and the browser spent per visitor, RSS per kernel
and in total (pages are checked every 200 ms), and how many of the visitors' kernels are still alive 10 s after
every page was closed. Every loop is bounded; the server and the busy processes are stopped at
the end. The browser runs on the same 2 cores as the server, so every figure includes its load.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "benchmarks"))

import helpers  # noqa: E402  (tests/browser/helpers.py)
from bench import APPS, cpu_seconds, line, percentile, wait_until_quiet  # noqa: E402

# seconds before a taken warm kernel is replaced, as served (voila.json)
FILL_DELAY = json.loads((REPO / "voila.json").read_text())["VoilaKernelManager"]["fill_delay"]

PAGE_LIMIT = 240.0     # seconds a visitor waits for a board before it counts as failed
AFTER_CLOSE = 10.0     # seconds after the last page closed before counting live kernels
BUSY_LIMIT = 600       # a busy process stops by itself after this many seconds
TARGET_BURST_S = 6.0   # 10 visitors at once: every board painted within this
SETTLE_LIMIT = 900.0   # seconds to wait for full warm pools and a quiet server
POLL_MS = 200          # how often a page is checked for its board (the figures' resolution)

# Resolves to {"ms": performance.now()} at the first painted board, or {"failed": why}.
OUTCOME_JS = f"""
(sel) => {{
  if (document.querySelector('.rx-full')) return {{failed: 'full'}};
  if (document.querySelector('.rx-start-failed')) return {{failed: 'could not start'}};
  return (({helpers._PAINTED_JS})([sel, true]) > 0) && {{ms: performance.now()}};
}}
"""


async def visit(browser, url: str, delay: float) -> dict:
    """One visitor: wait `delay` seconds, open the page, wait for its board or its failure."""
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport=helpers.VIEWPORT, device_scale_factor=1)
    page = await context.new_page()
    result = {"context": context, "page": page}
    try:
        await page.goto(url, wait_until="commit", timeout=PAGE_LIMIT * 1000)
        # polled every POLL_MS, not every frame: reading a blank 4-megapixel canvas in every
        # frame of 10 pages at once would itself load the machine more than the visitors do
        handle = await page.wait_for_function(OUTCOME_JS, arg=helpers.BOARD, polling=POLL_MS,
                                              timeout=PAGE_LIMIT * 1000)
        result.update(await handle.json_value())
        # when the server had sent the whole page (its notebook output included)
        result["html_ms"] = await page.evaluate(
            "() => performance.getEntriesByType('navigation')[0].responseEnd")
    except Exception as exc:  # a page that never answers is a failed visitor, not a crash
        result["failed"] = f"no board within {PAGE_LIMIT:.0f} s ({type(exc).__name__})"
    try:
        result["kernel"] = await page.evaluate(helpers.KERNEL_ID_JS)
    except Exception:  # a page still without its configuration has no kernel yet
        result["kernel"] = None
    return result


async def scenario(browser, server: helpers.VoilaServer, url: str, visitors: int,
                   over: float) -> dict:
    """`visitors` pages spread evenly over `over` seconds (0: all at once); all closed at the
    end. Returns the outcomes, kernel memory while all were open, and kernels left."""
    gap = over / visitors if over else 0.0
    server_cpu, browser_cpu = cpu_seconds(server.pids()), cpu_seconds(browser_pids())
    outcomes = await asyncio.gather(*(visit(browser, url, i * gap) for i in range(visitors)))
    server_cpu = cpu_seconds(server.pids()) - server_cpu
    browser_cpu = cpu_seconds(browser_pids()) - browser_cpu
    kernels = helpers.kernel_processes(server)
    mine = [o["kernel"] for o in outcomes if o.get("kernel") in kernels]
    rss = {k: helpers.rss_bytes(pid) for k, pid in kernels.items()}
    server_rss = helpers.rss_bytes(server.proc.pid)
    # every tab closes; the browser stays open meanwhile, as a visitor's does (closing a
    # context at once would drop the shutdown beacons still in flight)
    for outcome in outcomes:
        await outcome["page"].close(run_before_unload=True)
    await asyncio.sleep(AFTER_CLOSE)  # a measurement point, not a wait for a state
    left = [k for k in mine if helpers.kernel_alive(server.url, k)]
    for outcome in outcomes:
        await outcome["context"].close()
    return {"outcomes": outcomes, "mine": mine, "rss": rss, "server_rss": server_rss,
            "left": left, "server_cpu": server_cpu, "browser_cpu": browser_cpu}


def browser_pids() -> list[int]:
    """Every Chromium process on the machine (the visitors' browsers)."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "comm").read_text().startswith("chrom"):
                pids.append(int(entry.name))
        except OSError:
            continue
    return pids


def report(name: str, result: dict, target_s: float | None) -> None:
    outcomes = result["outcomes"]
    times = [o["ms"] / 1000 for o in outcomes if "ms" in o]
    failed = [o["failed"] for o in outcomes if "failed" in o]
    print(f" {name}: {len(outcomes)} visitors")
    line("painted boards", f"{len(times)} of {len(outcomes)}", "all", not failed)
    for why in sorted(set(failed)):
        print(f"    failed: {failed.count(why)} x {why}")
    if times:
        slowest = max(times)
        line("time to board, min / median / p90 / max",
             f"{min(times):.1f} / {statistics.median(times):.1f} / "
             f"{percentile(times, 90):.1f} / {slowest:.1f} s",
             f"max <= {target_s:.0f} s" if target_s else "",
             (slowest <= target_s and not failed) if target_s else None)
        print("    per visitor (s): " + " ".join(f"{t:.1f}" for t in sorted(times)))
        html = [o["html_ms"] / 1000 for o in outcomes if "html_ms" in o]
        line("  of which the server's page complete, median / max",
             f"{statistics.median(html):.1f} / {max(html):.1f} s")
    line("CPU per visitor: server + kernels / browser",
         f"{result['server_cpu'] / len(outcomes):.1f} / "
         f"{result['browser_cpu'] / len(outcomes):.1f} s")
    visitor_mb = [result["rss"][k] / 2**20 for k in result["mine"]]
    all_mb = [b / 2**20 for b in result["rss"].values()]
    if visitor_mb:
        line("visitor kernel RSS, mean / max", f"{statistics.mean(visitor_mb):.0f} / "
             f"{max(visitor_mb):.0f} MB")
    line("all kernels (visitors + warm), RSS total",
         f"{sum(all_mb):.0f} MB in {len(all_mb)} kernels; server {result['server_rss'] / 2**20:.0f} MB")
    line(f"visitor kernels alive {AFTER_CLOSE:.0f} s after every page closed",
         f"{len(result['left'])} of {len(result['mine'])}", "0", not result["left"])


def busy_processes(count: int) -> list[subprocess.Popen]:
    """CPU hogs that end by themselves after BUSY_LIMIT seconds."""
    code = f"import time\nend = time.time() + {BUSY_LIMIT}\nwhile time.time() < end: pass\n"
    return [subprocess.Popen([sys.executable, "-c", code]) for _ in range(count)]


def settle(server: helpers.VoilaServer, app: str, warm: int) -> None:
    """Wait until every warm pool is full again (`warm` kernels for `app`, one for every other
    notebook) and the server and its kernels are quiet; say so if that never happens."""
    notebooks = [p.stem for p in helpers.NOTEBOOKS.glob("*.ipynb")]
    expected = sum(warm if name == app else 1 for name in notebooks)
    deadline = time.monotonic() + SETTLE_LIMIT
    while len(helpers.kernel_processes(server)) < expected and time.monotonic() < deadline:
        time.sleep(0.2)
    wait_until_quiet(server, deadline)
    if time.monotonic() >= deadline:
        print(f"  note: the server was not quiet with {expected} warm kernels after "
              f"{SETTLE_LIMIT:.0f} s; the next figures include that load")


async def run(args) -> None:
    from playwright.async_api import async_playwright

    notebook = f"{args.app}.ipynb"
    print(f"Load: {args.app} with {args.warm} warm kernels (other pages 1), refilled "
          f"{args.fill_delay:g} s after a visitor takes one, cap {args.cap} visitors, "
          f"Chromium {helpers.CHROMIUM}")
    with helpers.VoilaServer(helpers.NOTEBOOKS, timeout=300,
                             args=(f"--warm={args.warm}", f"--warm-apps={args.app}",
                                   f"--max-visitors={args.cap}",
                                   f"--VoilaKernelManager.fill_delay={args.fill_delay}")) as server:
        url = f"{server.url}/voila/render/{notebook}"
        settle(server, args.app, args.warm)
        async with async_playwright() as pw:
            browser = await helpers.launch_browser(pw)
            try:
                warm = await visit(browser, url, 0)  # the browser's cache, as a returning class
                await warm["page"].close(run_before_unload=True)
                settle(server, args.app, args.warm)
                await warm["context"].close()
                plan = [("burst", args.visitors, 0.0, 0), ("busy", args.visitors, 0.0, args.busy),
                        ("spread", args.spread, float(args.over), 0)]
                for name, visitors, over, busy in plan:
                    if name not in args.only:
                        continue
                    hogs = busy_processes(busy)
                    try:
                        result = await scenario(browser, server, url, visitors, over)
                    finally:
                        for hog in hogs:
                            hog.kill()
                            hog.wait()
                    label = (f"{visitors} at once" if not over else
                             f"{visitors} over {over:.0f} s") + (f", {busy} busy processes"
                                                                 if busy else "")
                    report(label, result, TARGET_BURST_S if name == "burst" else None)
                    settle(server, args.app, args.warm)
            finally:
                await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", default=APPS[0], choices=APPS,
                        help="the app (default: the first game in the gallery, %(default)s)")
    parser.add_argument("--warm", type=int, default=10, help="warm kernels per app")
    parser.add_argument("--cap", type=int, default=40, help="most visitors at once")
    parser.add_argument("--visitors", type=int, default=10)
    parser.add_argument("--busy", type=int, default=2)
    parser.add_argument("--spread", type=int, default=30)
    parser.add_argument("--over", type=int, default=30)
    parser.add_argument("--fill-delay", type=float, default=FILL_DELAY,
                        help="seconds before a taken warm kernel is replaced")
    parser.add_argument("--only", default="burst,busy,spread")
    args = parser.parse_args()
    args.only = set(args.only.split(","))
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
