"""Server-side load benchmark: a class arriving at one app, without browsers (figures to watch).

    .venv/bin/python benchmarks/protocol_visitors.py [--app cacao] [--visitors 10] [--warm 10]
                                                     [--fill-delay S] [--rounds 1]

`load.py` drives real browsers, which on a small machine share its cores with the server, so
their CPU dominates what it measures. Here each visitor speaks the widget protocol itself, as the
page does: it fetches the page, connects to its kernel (Jupyter's v1 websocket protocol), asks
for the widgets' states, tells the board's canvases that a client is ready and waits for the
first drawing. Per visitor: seconds to the page, to the states and to the first drawing sent,
from the moment all arrive together; the server's CPU (with its kernels); kernels left after
each visitor ended its kernel as a closing page does; the warm kernels' memory before the
first burst. `--rounds`: that many bursts in a row, each once the pool is full and the server
quiet again. 127.0.0.1 only; every wait is bounded.

Each visitor fetches its page in a thread of its own: asyncio's default pool has only
cpu_count + 4 threads (6 on 2 cores), which let only 6 visitors ask for their page at once and
made a burst of 30 arrive in waves.
"""
from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "benchmarks"))

import helpers  # noqa: E402  (tests/browser/helpers.py)
from helpers import SUBPROTOCOL, encode  # noqa: E402
from bench import APPS, cpu_seconds, line  # noqa: E402
from load import FILL_DELAY, TARGET_BURST_S, settle  # noqa: E402

MESSAGE_LIMIT = 120.0  # seconds a visitor waits for any one message
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                    re.S)


def decode(frame: bytes) -> tuple[str, dict, int]:
    """(msg_type, content, number of binary buffers) of a v1 websocket message."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    header = json.loads(frame[offsets[1]:offsets[2]])
    content = json.loads(frame[offsets[4]:offsets[5]])
    return header["msg_type"], content, count - 6


def fetch(url: str) -> tuple[str, list[str]]:
    with urllib.request.urlopen(url, timeout=MESSAGE_LIMIT) as response:
        return response.read().decode(), response.headers.get_all("Set-Cookie") or []


async def visit(base: str, notebook: str, start: float,
                threads: concurrent.futures.Executor) -> dict:
    """One visitor, from the page request to the board's first drawing."""
    import websockets

    html, cookies = await asyncio.get_running_loop().run_in_executor(
        threads, fetch, f"{base}/voila/render/{notebook}")
    times = {"page": time.perf_counter() - start}
    kernel = json.loads(CONFIG.search(html).group(1))["kernelId"]
    session = uuid.uuid4().hex
    url = base.replace("http", "ws", 1) + f"/api/kernels/{kernel}/channels?session_id={session}"
    async with websockets.connect(url, subprotocols=[SUBPROTOCOL], max_size=None,
                                  close_timeout=1) as socket:
        control = uuid.uuid4().hex
        await socket.send(encode("shell", "comm_open", {
            "comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            session, {"version": "1.0.0"}))
        await socket.send(encode("shell", "comm_msg", {
            "comm_id": control, "data": {"method": "request_states"}}, session))
        asked = False
        while True:
            kind, content, buffers = decode(await asyncio.wait_for(socket.recv(), MESSAGE_LIMIT))
            data = content.get("data") or {}
            if kind == "comm_msg" and data.get("method") == "update_states" and not asked:
                times["states"] = time.perf_counter() - start
                for model, state in data["states"].items():
                    if state["model_name"] == "CanvasModel":
                        await socket.send(encode("shell", "comm_msg", {
                            "comm_id": model,
                            "data": {"method": "custom", "content": {"event": "client_ready"}}},
                            session))
                asked = True
            elif asked and kind == "comm_msg" and data.get("method") == "custom" and buffers:
                times["drawn"] = time.perf_counter() - start
                break
    xsrf = next((c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("_xsrf=")), "")
    return {"kernel": kernel, "xsrf": xsrf, **times}


def end_kernel(base: str, visitor: dict) -> bool:
    """What a closing page's beacon does: POST voila/api/shutdown/<kernel> with its _xsrf.
    Whether the server still had the kernel (404: gone already)."""
    request = urllib.request.Request(
        f"{base}/voila/api/shutdown/{visitor['kernel']}",
        data=urllib.parse.urlencode({"_xsrf": visitor["xsrf"]}).encode(),
        headers={"Cookie": f"_xsrf={visitor['xsrf']}"}, method="POST")
    try:
        urllib.request.urlopen(request, timeout=MESSAGE_LIMIT).read()
    except urllib.error.HTTPError as exc:
        if exc.code != 404:
            raise
        return False
    return True


async def run(args) -> None:
    notebook = f"{args.app}.ipynb"
    print(f"Protocol visitors: {args.visitors} at once on {args.app}, {args.warm} warm kernels, "
          f"refilled {args.fill_delay:g} s after a visitor takes one")
    with helpers.VoilaServer(helpers.NOTEBOOKS, timeout=300,
                             args=(f"--warm={args.warm}", f"--warm-apps={args.app}",
                                   f"--VoilaKernelManager.fill_delay={args.fill_delay}")) as server:
        settle(server, args.app, args.warm)
        warm_mb = [helpers.rss_bytes(pid) / 2**20
                   for pid in helpers.kernel_processes(server).values()]
        line("warm kernels' RSS (every app's) before the first burst",
             f"{sum(warm_mb):.0f} MB in {len(warm_mb)} kernels "
             f"(mean {sum(warm_mb) / max(len(warm_mb), 1):.0f} MB)")
        for round_ in range(args.rounds):
            if round_:
                settle(server, args.app, args.warm)
            if args.rounds > 1:
                print(f" burst {round_ + 1} of {args.rounds}")
            await burst(server, notebook, args.visitors)


# Seconds to the last visitor's first drawing, by visitors at once: a preheated kernel has done
# the work already, so a class of 30 is served within a few seconds on two cores.
BURST_TARGETS_S = {1: 0.2, 10: 0.8, 30: 2.5}


def burst_target(count: int) -> float:
    """The target of the smallest listed burst at least `count` large (beyond: a browser's)."""
    return next((seconds for size, seconds in sorted(BURST_TARGETS_S.items()) if count <= size),
                TARGET_BURST_S)


async def burst(server: helpers.VoilaServer, notebook: str, count: int) -> None:
    """`count` visitors at once; figures printed."""
    cpu = cpu_seconds(server.pids())
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=count) as threads:
        outcomes = await asyncio.gather(*(visit(server.url, notebook, start, threads)
                                          for _ in range(count)), return_exceptions=True)
        took = time.perf_counter() - start
        cpu = cpu_seconds(server.pids()) - cpu
        visitors = [o for o in outcomes if isinstance(o, dict)]
        for failure in (o for o in outcomes if not isinstance(o, dict)):
            print(f"  failed: {type(failure).__name__}: {failure}")
        drawn = sorted(v["drawn"] for v in visitors)
        line("visitors with a drawing", f"{len(drawn)} of {count}")
        kernels = {v["kernel"] for v in visitors}
        if len(kernels) != len(visitors):
            print(f"  note: {len(visitors)} visitors were served by {len(kernels)} kernels")
        if drawn:
            target = burst_target(count)
            line("first drawing sent, max", f"{drawn[-1]:.1f} s", f"<= {target:g} s",
                 drawn[-1] <= target and len(drawn) == count)
            print("    per visitor, page / states / drawing (s): " + "  ".join(
                f"{v['page']:.1f}/{v['states']:.1f}/{v['drawn']:.1f}"
                for v in sorted(visitors, key=lambda v: v["drawn"])))
        line("server + kernels CPU until the last drawing", f"{cpu:.1f} s in {took:.1f} s")
        ended = await asyncio.gather(*(asyncio.get_running_loop().run_in_executor(
            threads, end_kernel, server.url, visitor) for visitor in visitors))
    if not all(ended):
        print(f"  note: {ended.count(False)} kernels were gone before their visitor ended them")
    deadline = time.monotonic() + 10
    mine = {v["kernel"] for v in visitors}
    while mine & set(helpers.kernel_processes(server)) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    line("visitor kernels left 10 s after ending them",
         f"{len(mine & set(helpers.kernel_processes(server)))} of {len(mine)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", default=APPS[0], choices=APPS,
                        help="the app (default: the first game in the gallery, %(default)s)")
    parser.add_argument("--visitors", type=int, default=10)
    parser.add_argument("--warm", type=int, default=10, help="warm kernels for the app")
    parser.add_argument("--fill-delay", type=float, default=FILL_DELAY,
                        help="seconds before a taken warm kernel is replaced")
    parser.add_argument("--rounds", type=int, default=1,
                        help="bursts in a row, each once the pool is full again")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
