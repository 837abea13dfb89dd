"""Live class benchmark: one teacher, a class of follower kernels, without browsers (figures to
watch).

    .venv/bin/python benchmarks/class_followers.py [--app animals_on_board] [--followers 30]
                                                   [--steps 20] [--answers 30] [--burst 200]
                                                   [--warm N] [--joining 6]

One server (`server.voila`, as `./dev serve` runs it, the repo's voila.json) on 127.0.0.1 only,
with `--warm` kernels kept warm for the app (default: one per follower) and the refill of taken
warm kernels put off past the run (`--fill-delay`), so that no kernel starts while steps are
timed. The benchmark itself plays every part, speaking the wire protocols as the pages do:

- the teacher: one websocket straight to the class service (ws://127.0.0.1:PORT/rx-class/ws,
  server/classroom.py), `start` with the game the app's notebook opens (`app(players=3,
  seed=1)`) and a line of random moves seeded alike, at step 1;
- `--followers` follower pages: each fetches /voila/render/<app>.ipynb?class=<code> and connects
  to its kernel (Jupyter's v1 websocket protocol, as benchmarks/protocol_visitors.py does), asks
  for the widgets' states, tells every board canvas a client is ready, and sends the ClassLink
  widget (the anywidget whose `_esm` keeps "rx-class-key") the hello its JavaScript sends:
  comm_msg {"method": "custom", "content": {"hello": true, "key": ""}}. The follower's kernel
  then connects to the service itself and follows. Joined when the teacher is told
  {"op": "followers", "n": F} and every follower kernel shows step 1 of the class's game. A
  page that comes without a working kernel is loaded once more, as a student would reload it
  (said, with the server log's errors, at the end).

Which step a follower kernel shows: its step label, the HTML widget with the CSS class
`rx-step-label` (TimelineBar.label), whose "update" comm messages carry "<b>Step N of M</b> ·
...". The label is set by every refresh right after the board is drawn, always in the same
order, and carries the game's length too (so the default game the page opened with is never
taken for the class's); the page is in English (no Accept-Language is sent). The timeline
slider (`rx-slider`) says the same but not which game; the address bar (AddressBar.query) of a
follower says only "?class=<code>".

Figures:

1. step -> first drawing (kernel sent): for each of `--steps` teacher steps (step 2, 3, ... of
   the line: the rest of the set-up, then the first moves), from the moment the teacher's
   `step` message is sent to the first board drawing (an ipycanvas command batch: a "custom"
   comm message with binary buffers) each follower kernel sends after it, taken from the
   kernel's own message header (`date`, same clock). p50, p90 and max over all
   follower-steps; targets p90 <= 300 ms, max <= 1 s. A follower-step with no drawing within
   STEP_LIMIT counts as missing (and the max as a MISS). Between steps the benchmark waits
   until every follower has drawn and shows the step, then SETTLE seconds.
   Also shown, without a verdict: the same to the drawing's arrival here (what a page's
   socket gets, before a browser draws it; it includes this process's own delay in reading
   F sockets).
2. server CPU per step: user + system CPU of the server and all its kernels (warm ones
   included) over the steps, divided by their number.
3. answers tallied: `--answers` more direct service connections `follow` the class (its cap is
   60 followers by default: 30 kernels + 30 fit), the teacher asks (`ask`), and every one of
   them sends one legal move at the question's position at once; from the first answer sent
   until the teacher's connection has a tally with every answer in. Target <= 1 s. (The
   follower kernels would answer by a move on their board, which takes a page's click.)
4. rapid steps: `--burst` step messages back to back from the teacher (cycling through the
   positions of figure 1, the last one a position not otherwise in the burst). The service
   caps the messages of each connection (classroom.Limits.messages_per_second, averaged over
   5 s, a teacher's at 5 times a follower's): any step it refuses is counted. The class's
   last position is then read back with `lead` (retried while the cap refuses it); every
   follower kernel must end showing that step, and whether the burst's own last step got
   through is said. Also: seconds from the last burst message to every follower showing the
   last step, and drawings per follower kernel in the burst (one per step taken unless a
   kernel skips steps it has not drawn yet).
5. this process's own CPU (it shares the 2 cores with the server).

Joins per address are capped at 120 a minute; a follower page counts twice (its page request
and its kernel's `follow`), each direct connection once: 30 + 30 + 30 = 90 fit (a few
reloads too). The bench
exits 0 even on MISS (figures to watch) and 1 if it cannot run (no server, no class, no
follower). Every wait is bounded and waits on state; the only fixed pauses are SETTLE after a
step and the short retry of `lead`. The server and its kernels are stopped at the end.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
import uuid
from datetime import datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "benchmarks"))

import helpers  # noqa: E402  (tests/browser/helpers.py)
from helpers import SUBPROTOCOL, encode  # noqa: E402
from bench import APPS, cpu_seconds, line, percentile  # noqa: E402
from load import settle  # noqa: E402
from protocol_visitors import CONFIG, decode, fetch  # noqa: E402

TARGET_P90_S = 0.300       # step -> first drawing, 90th percentile over follower-steps
TARGET_MAX_S = 1.0         # ... and the slowest
TARGET_TALLY_S = 1.0       # every answer in the teacher's tally
MESSAGE_LIMIT = 120.0      # seconds any one expected message may take
JOIN_LIMIT = 900.0         # seconds for the whole class to join
STEP_LIMIT = 60.0          # seconds for every follower to draw one step
BURST_LIMIT = 600.0        # seconds for every follower to show the burst's last step
LEAD_LIMIT = 30.0          # seconds to read the class's position back after the burst
SETTLE = 0.3               # seconds of quiet after every follower has drawn a step
RATE_RETRY = 0.25          # seconds between `lead` tries while the service's rate cap refuses
STEP_LABEL = re.compile(r"Step (\d+) of (\d+)")
NOTEBOOK_GAME = re.compile(r"app\(players=(\d+), seed=(\d+)\)")   # in notebooks/<app>.ipynb

CHANGED = asyncio.Event()  # set by every reader when it has taken in a message


async def until(ready, timeout: float, what: str) -> float:
    """Wait until `ready()` is true (checked whenever a reader took in a message); the seconds
    it took. TimeoutError naming `what` after `timeout` seconds."""
    start = time.monotonic()
    deadline = start + timeout
    while not ready():
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(f"{what}: not within {timeout:g} s")
        CHANGED.clear()
        try:
            await asyncio.wait_for(CHANGED.wait(), remaining)
        except asyncio.TimeoutError:
            pass
    return time.monotonic() - start


def header_date(frame: bytes) -> float | None:
    """When the kernel sent a v1 websocket message (its header's `date`), as time.time()."""
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(3)]
    try:
        date = json.loads(frame[offsets[1]:offsets[2]]).get("date")
        return datetime.fromisoformat(date.replace("Z", "+00:00")).timestamp()
    except (ValueError, TypeError, AttributeError):
        return None


# --------------------------------------------------------------------------- the game

def line_of_play(app: str, moves: int):
    """(players, seed, set-up length, actions): the app page's default game and a seeded random
    line of `moves` moves from it (fewer if the game ends)."""
    import explorer

    game = explorer.GAMES[app]
    cells = json.loads((helpers.NOTEBOOKS / f"{app}.ipynb").read_text())["cells"]
    found = NOTEBOOK_GAME.search(" ".join("".join(c["source"]) for c in cells))
    players, seed = (int(found.group(1)), int(found.group(2))) if found else (
        min(game.player_counts), 1)
    setup = game.setup_steps(players, seed)
    state, actions, rng = setup[-1], [], random.Random(seed)
    while len(actions) < moves:
        legal = state.legal_actions()
        if not legal:
            break
        actions.append(rng.choice(legal))
        state = state.apply(actions[-1])
    return game, players, seed, len(setup), actions


# --------------------------------------------------------------------------- the teacher

class Reading:
    """A websocket read in the background (`reader`) until it closes: each message goes to
    `_heard`, and CHANGED is set whenever that says it changed something, and at the end."""
    socket = reader = None
    closed = False

    async def _heard(self, message) -> bool:
        raise NotImplementedError

    async def _read(self) -> None:
        try:
            async for message in self.socket:
                if await self._heard(message):
                    CHANGED.set()
        except Exception:
            pass
        finally:
            self.closed = True
            CHANGED.set()

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            self.reader.cancel()
        self.socket = self.reader = None


class ServiceClient(Reading):
    """One websocket straight to the class service; keeps what it was told."""

    def __init__(self, socket):
        self.socket = socket
        self.heard: list[dict] = []
        self.code = self.key = None
        self.followers = 0
        self.tally: dict | None = None
        self.question: dict | None = None
        self.leading: dict | None = None
        self.refused: list[dict] = []
        self.positions = 0
        self.judged: dict | None = None
        self.closed = False
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, url: str) -> "ServiceClient":
        import websockets
        socket = await websockets.connect(url, open_timeout=MESSAGE_LIMIT, close_timeout=1,
                                          max_size=2**20)
        return cls(socket)

    async def send(self, message: dict) -> None:
        await self.socket.send(json.dumps(message))

    async def _heard(self, text) -> bool:
        message = json.loads(text)
        op = message.get("op")
        if op == "started":
            self.code, self.key = message["code"], message["key"]
        elif op == "followers":
            self.followers = message["n"]
        elif op == "tally":
            self.tally = message
        elif op == "question":
            self.question = message
        elif op == "leading":
            self.leading = message
        elif op == "refused":
            self.refused.append(message)
        elif op == "position":
            self.positions += 1
        elif op == "judged":
            self.judged = message
        else:
            self.heard.append(message)
        return True


# --------------------------------------------------------------------------- a follower page

class Follower(Reading):
    """A follower's page, as its kernel sees it: the kernel websocket, its hello, and what the
    kernel sends back (drawings, the step label)."""

    def __init__(self, number: int):
        self.number = number
        self.kernel = self.socket = self.label = self.reader = None
        self.session = uuid.uuid4().hex
        self.step = self.count = None        # the step label's "Step N of M"
        self.drawings = 0
        self.mark: float | None = None       # when the teacher's step was sent (time.time())
        self.first: tuple[float, float] | None = None   # first drawing after it: sent, arrived
        self.stray = 0                       # drawings sent before the mark, arrived after it
        self.new_canvases = 0
        self.joined: float | None = None
        self.reloaded = False
        self.closed = False

    async def join(self, base: str, notebook: str, code: str) -> None:
        import websockets

        start = time.perf_counter()
        html, _ = await asyncio.to_thread(fetch, f"{base}/voila/render/{notebook}?class={code}")
        found = CONFIG.search(html)
        if found is None:
            kept = Path(tempfile.mkstemp(prefix="class-follower-page-", suffix=".html")[1])
            kept.write_text(html)
            marks = [m for m in ("rx-start-failed", "rx-full", "rx-class-full",
                                 "rx-class-unknown", "rx-class-refused",
                                 '<script id="jupyter-config-data"', "</html>") if m in html]
            raise RuntimeError(f"follower {self.number}: the page ({len(html)} characters, "
                               f"marks {marks}) has no kernel; kept in {kept}")
        self.kernel = json.loads(found.group(1))["kernelId"]
        url = (base.replace("http", "ws", 1)
               + f"/api/kernels/{self.kernel}/channels?session_id={self.session}")
        self.socket = await websockets.connect(url, subprotocols=[SUBPROTOCOL], max_size=None,
                                               open_timeout=MESSAGE_LIMIT, close_timeout=1)
        control = uuid.uuid4().hex
        await self._send({"comm_id": control, "target_name": "jupyter.widget.control",
                          "data": {}}, "comm_open", {"version": "1.0.0"})
        await self._send({"comm_id": control, "data": {"method": "request_states"}})
        while True:
            kind, content, _ = decode(await asyncio.wait_for(self.socket.recv(), MESSAGE_LIMIT))
            data = content.get("data") or {}
            if kind == "comm_msg" and data.get("method") == "update_states":
                break
        link = None
        for model, entry in data["states"].items():
            state = entry.get("state", {})
            if entry.get("model_name") == "CanvasModel":
                await self._ready(model)
            elif "rx-class-key" in str(state.get("_esm", "")) or (
                    entry.get("model_name") == "AnyModel"
                    and {"role", "code", "keep"} <= set(state)):
                link = model
            elif "rx-step-label" in state.get("_dom_classes", ()):
                self.label = model
                self._read_label(state.get("value"))
        if link is None or self.label is None:
            raise RuntimeError(f"follower {self.number}: no ClassLink or no step label among "
                               f"{len(data['states'])} widgets")
        self.reader = asyncio.ensure_future(self._read())
        await self._send({"comm_id": link,
                          "data": {"method": "custom", "content": {"hello": True, "key": ""}}})
        self.joined = time.perf_counter() - start

    async def _send(self, content: dict, msg_type: str = "comm_msg",
                    metadata: dict | None = None) -> None:
        await self.socket.send(encode("shell", msg_type, content, self.session, metadata))

    async def _ready(self, model: str) -> None:
        """What a canvas view does once shown: the kernel draws only after it."""
        await self._send({"comm_id": model,
                          "data": {"method": "custom", "content": {"event": "client_ready"}}})

    def _read_label(self, value) -> None:
        found = STEP_LABEL.search(value or "")
        if found:
            self.step, self.count = int(found.group(1)), int(found.group(2))

    async def _heard(self, frame) -> bool:
        arrived = time.time()
        kind, content, buffers = decode(frame)
        data = content.get("data") or {}
        if kind == "comm_msg":
            method = data.get("method")
            if method == "custom" and buffers:
                self.drawings += 1
                if self.mark is not None and self.first is None:
                    sent = header_date(frame) or arrived
                    if sent >= self.mark:
                        self.first = (sent, arrived)
                    else:
                        self.stray += 1
            elif method == "update" and content.get("comm_id") == self.label:
                if "value" in (data.get("state") or {}):
                    self._read_label(data["state"]["value"])
        elif kind == "comm_open" and (data.get("state") or {}).get(
                "_model_name") == "CanvasModel":
            self.new_canvases += 1     # a canvas the page would show: ready too
            await self._ready(content["comm_id"])
        else:
            return False
        return True


# --------------------------------------------------------------------------- the run

def spread(values: list[float]) -> str:
    return (f"p50 {1000 * percentile(values, 50):.0f} / p90 {1000 * percentile(values, 90):.0f}"
            f" / max {1000 * max(values):.0f} ms") if values else "none"


async def run(args) -> int:
    from server.classroom import PATH, position_state
    from explorer.links import build_query

    notebook = f"{args.app}.ipynb"
    game, players, seed, setup, actions = line_of_play(args.app, args.steps + 15)
    total = setup + len(actions)
    if total < args.steps + 1:
        print(f"  cannot run: the line of play has {total} steps, fewer than --steps + 1")
        return 1

    def query(step: int) -> str:
        return build_query(game, players, seed, {}, actions, step)

    warm = args.warm if args.warm is not None else args.followers
    cap = max(40, args.followers + 10)
    load = os.getloadavg()
    print(f"Class followers: {args.followers} follower kernels of one class on {args.app} "
          f"({players} players, seed {seed}, a seeded line of {len(actions)} moves: {total} "
          f"steps), {warm} warm kernels (refill put off {args.fill_delay:g} s), at most "
          f"{cap} visitors")
    print(f"  machine: {os.cpu_count()} cores, load average {load[0]:.2f} / {load[1]:.2f} / "
          f"{load[2]:.2f} at start; the server, its kernels and this process share them")
    own_cpu = time.process_time()
    with helpers.VoilaServer(helpers.NOTEBOOKS, timeout=300,
                             args=(f"--warm={warm}", f"--warm-apps={args.app}",
                                   f"--max-visitors={cap}",
                                   f"--VoilaKernelManager.fill_delay={args.fill_delay}")) as server:
        began = time.monotonic()
        settle(server, args.app, warm)
        print(f"  server ready: {len(helpers.kernel_processes(server))} kernels warm after "
              f"{time.monotonic() - began:.0f} s")
        service = server.url.replace("http", "ws", 1) + f"/{PATH}"

        # -- the teacher starts the class at step 1 ---------------------------------------
        teacher = await ServiceClient.connect(service)
        await teacher.send({"op": "start", "app": args.app, "position": query(1)})
        try:
            await until(lambda: teacher.code or teacher.refused, MESSAGE_LIMIT, "started")
        except TimeoutError as exc:
            print(f"  cannot run: no class started ({exc})")
            return 1
        if not teacher.code:
            print(f"  cannot run: the service refused the class: {teacher.refused[-1]}")
            return 1
        print(f"  class {teacher.code} started at step 1 of {total}")

        # -- the followers join -----------------------------------------------------------
        followers = [Follower(i) for i in range(args.followers)]
        gate = asyncio.Semaphore(args.joining)

        async def join(follower: Follower):
            async with gate:
                try:
                    await follower.join(server.url, notebook, teacher.code)
                except Exception as exc:   # the student reloads the page, once
                    print(f"  follower {follower.number}: {type(exc).__name__}: {exc}; "
                          f"loading the page again")
                    follower.reloaded = True
                    await follower.close()
                    await follower.join(server.url, notebook, teacher.code)

        began = time.monotonic()
        outcomes = await asyncio.wait_for(asyncio.gather(
            *(join(f) for f in followers), return_exceptions=True), JOIN_LIMIT)
        for follower, outcome in zip(followers, outcomes):
            if isinstance(outcome, BaseException):
                print(f"  follower {follower.number} could not join: "
                      f"{type(outcome).__name__}: {outcome}")
        joined = [f for f, o in zip(followers, outcomes) if not isinstance(o, BaseException)]
        if not joined:
            print("  cannot run: no follower joined")
            return 1
        n = len(joined)
        try:
            await until(lambda: teacher.followers >= n and all(
                f.step == 1 and f.count == total for f in joined),
                max(60.0, JOIN_LIMIT - (time.monotonic() - began)), "every follower on step 1")
        except TimeoutError as exc:
            lagging = [f.number for f in joined if not (f.step == 1 and f.count == total)]
            print(f"  note: {exc}; teacher sees {teacher.followers} followers, not on step 1: "
                  f"{lagging}")
        join_took = time.monotonic() - began
        await asyncio.sleep(SETTLE)
        pages = sorted(f.joined for f in joined)
        line("followers joined (teacher told n)", f"{teacher.followers} of {args.followers}",
             extra=f"  (pages loaded twice: {sum(f.reloaded for f in followers)})")
        line("class joined: all pages, hellos and follows", f"{join_took:.1f} s",
             extra=f"  (page + kernel + hello per follower: {spread(pages)}"
                   f"; {args.joining} at a time)")

        # -- 1. steps: teacher's message -> each follower kernel's first drawing -----------
        sent_lat, arrived_lat, missing, wrong_step = [], [], 0, 0
        cpu = cpu_seconds(server.pids())
        began = time.monotonic()
        for i in range(1, args.steps + 1):
            step = i + 1
            t = time.time()
            for f in joined:
                f.first, f.mark = None, t
            await teacher.send({"op": "step", "position": query(step)})
            try:
                await until(lambda: all(f.first is not None and f.step == step for f in joined),
                            STEP_LIMIT, f"step {step}")
            except TimeoutError:
                pass
            for f in joined:
                if f.first is None:
                    missing += 1
                    continue
                sent_lat.append(f.first[0] - t)
                arrived_lat.append(f.first[1] - t)
                if f.step != step:
                    wrong_step += 1
                f.mark = None
            await asyncio.sleep(SETTLE)
        steps_took = time.monotonic() - began
        cpu = cpu_seconds(server.pids()) - cpu
        expected = args.steps * n
        print(f"\n  {args.steps} teacher steps (step 2..{args.steps + 1}), {n} followers: "
              f"{expected} follower-steps")
        if sent_lat:
            p90, worst = percentile(sent_lat, 90), max(sent_lat)
            line("step -> first drawing (kernel sent), p50",
                 f"{1000 * percentile(sent_lat, 50):.0f} ms")
            line("step -> first drawing (kernel sent), p90", f"{1000 * p90:.0f} ms",
                 f"<= {1000 * TARGET_P90_S:.0f} ms", p90 <= TARGET_P90_S and not missing)
            line("step -> first drawing (kernel sent), max", f"{1000 * worst:.0f} ms",
                 f"<= {1000 * TARGET_MAX_S:.0f} ms", worst <= TARGET_MAX_S and not missing)
            line("step -> first drawing arrived here", spread(arrived_lat))
        line("follower-steps without a drawing", f"{missing} of {expected}", "0", missing == 0,
             extra=f"  (label not on the step: {wrong_step}; stray drawings: "
                   f"{sum(f.stray for f in joined)}; canvases opened later: "
                   f"{sum(f.new_canvases for f in joined)})")
        line("server + kernels CPU per step", f"{cpu / args.steps:.2f} s",
             extra=f"  ({cpu:.1f} s over {steps_took:.1f} s, settles of {SETTLE:g} s "
                   f"included)")

        # -- 3. answers: direct followers answer the teacher's question --------------------
        print(f"\n  {args.answers} answers through direct service connections")
        at = args.steps + 1
        state, _ = position_state(game, query(at))
        if not state.legal_actions():      # a set-up step: move on to one that asks a move
            at = next(s for s in range(at, total + 1)
                      if position_state(game, query(s))[0].legal_actions())
            await teacher.send({"op": "step", "position": query(at)})
            await until(lambda: all(f.step == at for f in joined), STEP_LIMIT, f"step {at}")
        answerers = []
        try:
            answerers = list(await asyncio.gather(
                *(ServiceClient.connect(service) for _ in range(args.answers))))
            for a in answerers:
                await a.send({"op": "follow", "code": teacher.code})
            await until(lambda: all(a.positions or a.refused for a in answerers)
                        and teacher.followers >= n + args.answers, MESSAGE_LIMIT,
                        "every direct connection following")
            await teacher.send({"op": "ask"})
            await until(lambda: teacher.question and all(
                a.question and a.question.get("id") == teacher.question["id"]
                for a in answerers), MESSAGE_LIMIT, "the question at every direct follower")
            question = teacher.question
            legal = position_state(game, question["position"])[0].legal_actions()
            answers = [{"op": "answer", "question": question["id"],
                        "action": legal[i % len(legal)].to_json()}
                       for i in range(len(answerers))]
            started = time.perf_counter()
            await asyncio.gather(*(a.send(m) for a, m in zip(answerers, answers)))
            try:
                await until(lambda: (teacher.tally or {}).get("id") == question["id"]
                            and teacher.tally["answered"] >= len(answerers), MESSAGE_LIMIT,
                            "every answer tallied")
                took = time.perf_counter() - started
            except TimeoutError:
                took = None
            tally = teacher.tally or {}
            kinds = {}
            for group in tally.get("groups", []):
                kinds[group["kind"]] = kinds.get(group["kind"], 0) + group["count"]
            if took is not None:
                line(f"{len(answerers)} answers at once -> tally with all of them",
                     f"{1000 * took:.0f} ms", f"<= {1000 * TARGET_TALLY_S:.0f} ms",
                     took <= TARGET_TALLY_S)
            else:
                line(f"{len(answerers)} answers at once -> tally with all of them",
                     f"{tally.get('answered', 0)} in", f"<= {1000 * TARGET_TALLY_S:.0f} ms",
                     False)
            refused = sum(len(a.refused) for a in answerers)
            line("tally", f"{tally.get('answered')} of {tally.get('following')}",
                 extra=f"  (kinds {kinds}; judged back: "
                       f"{sum(1 for a in answerers if a.judged)}; refused: {refused})")
        except Exception as exc:
            print(f"  answers not measured: {type(exc).__name__}: {exc}")
        finally:
            for a in answerers:
                await a.close()
        try:
            await until(lambda: teacher.followers == n, MESSAGE_LIMIT, "direct followers gone")
        except TimeoutError as exc:
            print(f"  note: {exc} (teacher sees {teacher.followers})")

        # -- 4. rapid steps: a burst, then every follower on the class's last step ---------
        print(f"\n  {args.burst} teacher steps back to back")
        cycle = list(range(2, args.steps + 2))             # the positions of figure 1
        burst = [cycle[i % len(cycle)] for i in range(args.burst - 1)] + [1]
        if burst[0] == at:
            burst = burst[1:] + [1]    # a step to the shown position is no step at all
        drawn = {f.number: f.drawings for f in joined}
        refused_before = len(teacher.refused)
        teacher.leading = None
        began = time.monotonic()
        for step in burst:
            await teacher.send({"op": "step", "position": query(step)})
        sent_at = time.monotonic()
        tries = 0
        while teacher.leading is None and time.monotonic() - sent_at < LEAD_LIMIT:
            asked = len(teacher.refused)
            tries += 1
            await teacher.send({"op": "lead", "code": teacher.code, "key": teacher.key})
            await until(lambda: teacher.leading is not None or len(teacher.refused) > asked,
                        MESSAGE_LIMIT, "an answer to lead")
            if teacher.leading is None:
                # the burst's own refusals arrive first; wait for this lead's before retrying
                await asyncio.sleep(RATE_RETRY)
        if teacher.leading is None:
            print(f"  the class's position could not be read back within {LEAD_LIMIT:g} s")
        else:
            refused = len(teacher.refused) - refused_before - (tries - 1)
            final = teacher.leading["position"]
            final_step = int(re.search(r"[?&]step=(\d+)", final).group(1))
            line("steps the service took", f"{len(burst) - refused} of {len(burst)}",
                 extra=f"  (refused by its rate cap: {refused}; the burst sent in "
                       f"{1000 * (sent_at - began):.0f} ms; the class's seq now "
                       f"{teacher.leading.get('seq')})")
            line("the burst's last step got through", "yes" if final == query(burst[-1])
                 else f"no: class at step {final_step}")
            try:
                await until(lambda: all(f.step == final_step for f in joined), BURST_LIMIT,
                            "every follower on the class's last step")
                took = time.monotonic() - sent_at
                line("followers on the class's last step", f"{n} of {n}", f"{n}", True,
                     extra=f"  ({took:.1f} s after the last message; "
                           f"signal: the rx-step-label 'Step {final_step} of {total}')")
            except TimeoutError:
                on = sum(1 for f in joined if f.step == final_step)
                line("followers on the class's last step", f"{on} of {n}", f"{n}", False,
                     extra=f"  (within {BURST_LIMIT:g} s; others show steps "
                           f"{sorted({f.step for f in joined if f.step != final_step})})")
            per = [f.drawings - drawn[f.number] for f in joined]
            line("drawings per follower kernel in the burst",
                 f"{statistics.median(per):.0f}",
                 extra=f"  (min {min(per)}, max {max(per)}; closed kernel sockets: "
                       f"{sum(1 for f in joined if f.closed)})")

        line("this benchmark's own CPU", f"{time.process_time() - own_cpu:.1f} s")
        if any(f.reloaded for f in followers):
            log = server.log()
            errors = [row for row in log.splitlines()
                      if " E " in row[:40] or "ERROR" in row or "Traceback" in row]
            print(f"  server log ({server.log_path}): {len(errors)} error lines"
                  + "".join(f"\n    {row[:300]}" for row in errors[:8]))
        for f in joined:
            await f.close()
        await teacher.close()
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", default=APPS[0], choices=APPS,
                        help="the app (default: the first game in the gallery, %(default)s)")
    parser.add_argument("--followers", type=int, default=30, help="follower kernels")
    parser.add_argument("--steps", type=int, default=20, help="teacher steps to time (>= 2)")
    parser.add_argument("--answers", type=int, default=30,
                        help="direct service connections that answer the question")
    parser.add_argument("--burst", type=int, default=200, help="rapid teacher steps")
    parser.add_argument("--warm", type=int, default=None,
                        help="warm kernels for the app (default: one per follower)")
    parser.add_argument("--fill-delay", type=float, default=3600.0,
                        help="seconds before a taken warm kernel is replaced")
    parser.add_argument("--joining", type=int, default=6,
                        help="follower pages joining at a time (joining is not timed)")
    args = parser.parse_args(argv)
    if args.steps < 2:
        parser.error("--steps must be at least 2")
    try:
        return asyncio.run(run(args))
    except Exception as exc:
        print(f"  cannot run: {type(exc).__name__}: {exc}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
