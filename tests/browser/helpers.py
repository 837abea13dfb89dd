"""Shared pieces for driving the Voila apps in Debian Chromium (Playwright sync API).

Used by the browser tests (through tests/browser/conftest.py) and by benchmarks/bench.py.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

from widgets.shared.canvas import buffer_scale

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "artifacts"
# every run keeps its own folder (a later run never deletes an earlier failure's picture)
SCREENSHOTS = ARTIFACTS / "screenshots" / time.strftime("run-%Y%m%d-%H%M%S")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
VIEWPORT = {"width": 1280, "height": 800}      # a laptop, or a projector at 150% zoom
LARGE = {"width": 1920, "height": 1080}
BOARD = ".rx-board canvas"


def machine_scale() -> float:
    """How many times longer than on a quiet machine a wait may take: the processes that want a
    core, per core (the 1-minute load average plus this run's other test workers), at least 1.
    RX_TIME_SCALE sets it outright. Waits end on state; this only sets how long they may try."""
    if os.environ.get("RX_TIME_SCALE"):
        return max(1.0, float(os.environ["RX_TIME_SCALE"]))
    cores = os.cpu_count() or 1
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    return max(1.0, (os.getloadavg()[0] + workers - 1) / cores)


# seconds; Voila starts a kernel and runs the notebook per page view
TIMEOUT = 60.0 * machine_scale()


# --------------------------------------------------------------------------- Voila server

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class VoilaServer:
    """Voila serving `root_dir` with the repository's voila.json, in its own process group."""

    def __init__(self, root_dir: Path | str = NOTEBOOKS, port: int | None = None,
                 timeout: float = TIMEOUT, args: tuple[str, ...] = ()):
        self.root_dir = Path(root_dir)
        self.args = tuple(args)  # more settings on the command line, e.g. a smaller cap
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None
        self._log = tempfile.NamedTemporaryFile(prefix="voila-", suffix=".log", delete=False)
        self.log_path = Path(self._log.name)

    def start(self) -> "VoilaServer":
        """Start the server (again, after `stop`: same port, its log continued)."""
        if self._log.closed:
            self._log = open(self.log_path, "ab")
        cmd = [sys.executable, "-m", "server.voila", str(self.root_dir),
               f"--Voila.config_file_paths={REPO}",  # the repo's voila.json, wherever we run from
               f"--port={self.port}", "--Voila.ip=127.0.0.1", "--no-browser", *self.args]
        self.proc = subprocess.Popen(cmd, cwd=REPO, stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + self.timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"Voila exited with code {self.proc.returncode} before answering "
                                   f"on {self.url}.\n--- Voila log ---\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=5) as response:
                    if response.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                log = self.log()
                self.stop()
                raise RuntimeError(f"Voila did not answer on {self.url} within {self.timeout:.0f} s."
                                   f"\n--- Voila log ---\n{log}")
            time.sleep(0.2)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"

    def pids(self) -> list[int]:
        """The server and every process below it (kernels)."""
        if self.proc is None:
            return []
        return [self.proc.pid, *descendants(self.proc.pid)]

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
            except ProcessLookupError:
                pass
        # kernels live in the same process group; make sure none is left behind
        if self.proc is not None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        self._log.close()

    def __enter__(self) -> "VoilaServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def descendants(pid: int) -> list[int]:
    """Process ids below `pid` (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kernel_processes(server: VoilaServer) -> dict[str, int]:
    """Kernel id -> pid, for every kernel process below the Voila server."""
    kernels = {}
    for pid in descendants(server.proc.pid) if server.proc else []:
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        for arg in argv:
            name = os.path.basename(arg.decode(errors="replace"))
            if name.startswith("kernel-") and name.endswith(".json"):
                kernels[name[len("kernel-"):-len(".json")]] = pid
    return kernels


def rss_bytes(pid: int) -> int:
    """Resident memory of one process (VmRSS from /proc), 0 if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


# --------------------------------------------------------------------------- browser

def launch_browser(playwright, headless: bool = True):
    """Debian Chromium; never a browser downloaded by Playwright. With Playwright's asyncio API
    this returns the awaitable launch."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: install Debian's chromium (./dev test does)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                      headless=headless)


def is_local(url: str) -> bool:
    """Whether a request stays on this machine's own server (or inside the page)."""
    return url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:", "about:"))


# What a traceback or a kernel's error report looks like on the wire or in a page.
TRACEBACK_MARKS = ("Traceback (most recent call last)", '"msg_type": "error"',
                   '"msg_type":"error"', '"output_type": "error"', '"output_type":"error"')


KERNEL_ID_JS = """() => {
  const el = document.getElementById('jupyter-config-data');
  try { return JSON.parse(el.textContent).kernelId || null; } catch (e) { return null; }
}"""


def kernel_id(page) -> str | None:
    """The id of the kernel behind a Voila page (None on a page without one)."""
    return page.evaluate(KERNEL_ID_JS)


def kernel_alive(server_url: str, kernel: str) -> bool:
    """Whether the server still has this kernel (GET /api/kernels/<id>: 200, or 404 once gone)."""
    try:
        with urllib.request.urlopen(f"{server_url}/api/kernels/{kernel}", timeout=5) as response:
            return response.status == 200
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


def wait_kernel_gone(server_url: str, kernel: str, timeout: float, alive=None) -> float:
    """Poll until the kernel is gone; seconds it took. Fails after `timeout` seconds. `alive()`
    says whether it still runs (default: ask the server at `server_url` without signing in)."""
    alive = alive or (lambda: kernel_alive(server_url, kernel))
    start = time.monotonic()
    while alive():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"kernel {kernel} still alive after {timeout:.0f} s")
        time.sleep(0.1)
    return time.monotonic() - start


def traceback_in_page(page) -> str | None:
    """The first traceback mark in the page's HTML, or None."""
    try:
        html = page.content()
    except Exception:  # navigating right now: look once it has loaded
        page.wait_for_load_state()
        html = page.content()
    return next((mark for mark in TRACEBACK_MARKS if mark in html), None)


def leave(page, timeout: float = 10.0) -> bool:
    """Close a page as a visitor does, its beforeunload handlers run (so its kernel is shut
    down, as on a real server), then its browser context.

    The context stays open until the page's kernel is gone (at most `timeout` seconds):
    closing it at once would drop the shutdown beacon still in flight, which a real browser
    keeps sending after a tab closes. Returns whether the kernel was seen to end (True for a
    page without one)."""
    from playwright.sync_api import Error

    kernel, base = None, None
    try:
        if not page.is_closed():
            try:
                kernel = kernel_id(page)
            except Error:  # navigating right now: no kernel to wait for
                kernel = None
            parts = urllib.parse.urlsplit(page.url)
            base = f"{parts.scheme}://{parts.netloc}"
            with page.expect_event("close", timeout=timeout * 1000):
                page.close(run_before_unload=True)
        return kernel is None or _wait_gone_quietly(base, kernel, timeout)
    except Error as exc:
        if type(exc).__name__ != "TargetClosedError":
            raise  # else it was already closing: a test closed it to check its kernel itself
        return False
    finally:
        page.context.close()


def _wait_gone_quietly(server_url: str, kernel: str, timeout: float) -> bool:
    """Whether the kernel ended within `timeout` (False also when the server cannot say)."""
    try:
        wait_kernel_gone(server_url, kernel, timeout)
        return True
    except (AssertionError, OSError):
        return False


def wait_until(condition, timeout: float, what: str) -> float:
    """Poll `condition()` until it holds; seconds it took. Fails after `timeout` seconds."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"{what}: not within {timeout:.0f} s")
        time.sleep(0.1)
    return time.monotonic() - start


def new_page(browser, viewport: dict | None = None, pixel_ratio: float = 1, **options):
    """A fresh context + page (1280x800 and a 1x screen unless told; `options` go to the
    context, e.g. is_mobile=True, has_touch=True for a phone). Every request that would leave
    the server is refused and kept in `page.outside`; page errors are kept in `page.errors`,
    and every websocket message that carries a traceback or an error report in
    `page.tracebacks`."""
    context = browser.new_context(viewport=viewport or VIEWPORT, device_scale_factor=pixel_ratio,
                                  accept_downloads=True, **options)
    context.set_default_timeout(TIMEOUT * 1000)
    page = context.new_page()
    page.errors = []
    page.outside = []
    page.tracebacks = []

    def frame(payload):
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
        if any(mark in text for mark in TRACEBACK_MARKS):
            page.tracebacks.append(text[:2000])

    page.on("websocket", lambda socket: socket.on("framereceived", frame))

    def route(route):
        if is_local(route.request.url):
            route.continue_()
        else:
            page.outside.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    page.on("pageerror", lambda error: page.errors.append(error))
    return page


# Collects the canvases for a selector: the matches themselves when they are <canvas>
# elements, otherwise the canvases inside them. ".rx-board canvas" also matches a canvas
# that carries the class itself (ipycanvas puts add_class on the <canvas>).
_CANVASES_JS = """
(sel) => {
  let els = [...document.querySelectorAll(sel)];
  if (!els.length && sel.endsWith(' canvas'))
    els = [...document.querySelectorAll(sel.slice(0, -7))];
  const out = [];
  for (const el of els) {
    if (el.tagName === 'CANVAS') out.push(el);
    else out.push(...el.querySelectorAll('canvas'));
  }
  return [...new Set(out)].filter(c => c.width > 0 && c.height > 0);
}
"""

_PAINTED_JS = f"""
([sel, stopAtFirst]) => {{
  const canvases = ({_CANVASES_JS})(sel);
  let n = 0;
  for (const c of canvases) {{
    const ctx = c.getContext('2d');
    if (!ctx) continue;
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < d.length; i += 4) {{
      if (d[i] !== 0) {{ n++; if (stopAtFirst) return n; }}
    }}
  }}
  return n;
}}
"""

_SIGNATURE_JS = f"""
(sel) => {{
  const canvases = ({_CANVASES_JS})(sel);
  let h = 0x811c9dc5 ^ canvases.length;
  for (const c of canvases) {{
    const ctx = c.getContext('2d');
    if (!ctx) continue;
    const px = new Uint32Array(ctx.getImageData(0, 0, c.width, c.height).data.buffer);
    h = Math.imul(h ^ c.width, 16777619);
    h = Math.imul(h ^ c.height, 16777619);
    for (let i = 0; i < px.length; i++) h = Math.imul(h ^ px[i], 16777619);
  }}
  return (h >>> 0).toString(16) + ':' + canvases.length;
}}
"""


def painted_pixels(page, selector: str = BOARD) -> int:
    """Number of non-transparent pixels in the canvas(es) matched by `selector`."""
    return page.evaluate(_PAINTED_JS, [selector, False])


_RAW_JS = f"""
(sel) => {{
  const c = ({_CANVASES_JS})(sel)[0];
  if (!c) return null;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let s = '';
  for (let i = 0; i < d.length; i += 32768) s += String.fromCharCode.apply(null, d.subarray(i, i + 32768));
  return [c.width, c.height, btoa(s)];
}}
"""


def board_pixels(page, selector: str = BOARD) -> tuple[int, int, "array"]:
    """The board canvas as (width, height, one 32-bit RGBA value per pixel)."""
    import base64
    from array import array
    width, height, raw = page.evaluate(_RAW_JS, selector)
    return width, height, array("I", base64.b64decode(raw))


def pixels_differing(a: tuple, b: tuple) -> int:
    """How many pixels two board_pixels() results differ in (all of them if the sizes differ)."""
    if a[:2] != b[:2]:
        return max(len(a[2]), len(b[2]))
    return sum(1 for x, y in zip(a[2], b[2]) if x != y)


def canvas_signature(page, selector: str = BOARD) -> str:
    """A cheap hash of the canvas pixels: it changes when the board is repainted differently."""
    return page.evaluate(_SIGNATURE_JS, selector)


def wait_for_repaint(page, before_signature: str, timeout: float = TIMEOUT,
                     selector: str = BOARD, start: float | None = None) -> float:
    """Wait until the canvas signature differs from `before_signature`.

    Returns seconds from `start` (a time.perf_counter() value, default: now) to the change."""
    start = time.perf_counter() if start is None else start
    page.wait_for_function(f"([sel, before]) => ({_SIGNATURE_JS})(sel) !== before",
                           arg=[selector, before_signature], polling="raf",
                           timeout=timeout * 1000)
    return time.perf_counter() - start


def wait_for_board(page, timeout: float = TIMEOUT, selector: str = BOARD) -> float:
    """Wait for the first frame with painted (non-transparent) board pixels.

    Returns seconds from the page's navigation start (performance.now()) to that frame."""
    handle = page.wait_for_function(
        f"(sel) => (({_PAINTED_JS})([sel, true]) > 0) && performance.now()",
        arg=selector, polling="raf", timeout=timeout * 1000)
    return handle.json_value() / 1000.0


def page_address(name: str, query: str = "") -> str:
    """The page of a registered game's app (its plug-in's `page`: "cacao.ipynb", or
    "game.ipynb?game=<name>" for a game from a package of its own), else of the notebook
    `name` (with or without .ipynb), with `query` ("?..." or "") added."""
    from explorer import GAMES, games

    if name in GAMES:
        page = games.plugin(name).page
    else:
        page = name if name.endswith(".ipynb") else f"{name}.ipynb"
    if query.lstrip("?") and "?" in page:
        return f"{page}&{query.lstrip('?')}"
    return page + query


def open_app(page, voila_url: str, name: str, timeout: float = TIMEOUT,
             selector: str = BOARD) -> float:
    """Open /voila/render/<page of name> (`page_address`) and wait for a painted board.

    Returns seconds from navigation start to the first frame with painted board pixels."""
    page.goto(f"{voila_url}/voila/render/{page_address(name)}", wait_until="commit",
              timeout=timeout * 1000)
    return wait_for_board(page, timeout, selector)


_HIDDEN_HEIGHT_JS = """
() => {
  let extra = 0;
  for (const el of document.querySelectorAll('*')) {
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight + 1)
      extra = Math.max(extra, el.scrollHeight - el.clientHeight);
  }
  return extra;
}
"""


def screenshot(page, name: str, full_page: bool = False, max_height: int = 8000) -> Path:
    """Save artifacts/screenshots/<name>.png and return its path.

    Voila pages scroll inside a container, not the document, so for `full_page` the viewport
    is made tall enough for the scrolled content while the screenshot is taken."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    size = page.viewport_size
    extra = page.evaluate(_HIDDEN_HEIGHT_JS) if full_page and size else 0
    if extra:
        page.set_viewport_size({"width": size["width"],
                                "height": min(size["height"] + extra, max_height)})
    try:
        page.screenshot(path=str(path), full_page=full_page)
    finally:
        if extra:
            page.set_viewport_size(size)
    return path


def text(page, selector: str) -> str:
    """The visible text of the first element matching `selector`."""
    return page.locator(selector).first.inner_text()


def wait_text(page, selector: str, needle: str, timeout: float = TIMEOUT) -> None:
    """Wait until some element matching `selector` shows `needle`."""
    page.wait_for_function(
        "([sel, needle]) => [...document.querySelectorAll(sel)]"
        ".some(e => e.innerText.includes(needle))",
        arg=[selector, needle], timeout=timeout * 1000)


def show_history(page) -> None:
    """Have the History built: a page builds it when its tab is first opened (it follows the
    game from then on), so open it once and go back to the tab shown before; wait until it
    lists its entries (all of them arrive in one message)."""
    if page.locator(".rx-history").count():
        return
    shown = page.locator(".rx-tabs .lm-TabBar-tab.lm-mod-current").first.inner_text().strip()
    tab(page, "History")
    page.wait_for_function("() => document.querySelectorAll('.rx-log-entry').length > 0")
    tab(page, shown)


def wait_log(page, entries: int, timeout: float = TIMEOUT) -> None:
    """Wait until the History log lists `entries` steps (see `show_history`). New entries are
    new widgets, which the page may show after the step label and the rule panel of the same
    step."""
    show_history(page)
    page.wait_for_function("n => document.querySelectorAll('.rx-log-entry').length === n",
                           arg=entries, timeout=timeout * 1000)


_DRAW_PROBE_JS = """() => {
  if (window.__rxProbe) return;
  window.__rxProbe = true; window.__rxDrawn = 0; window.__rxClicked = 0;
  const proto = CanvasRenderingContext2D.prototype;
  const drawImage = proto.drawImage;
  proto.drawImage = function (...args) {
    if (this.canvas && this.canvas.isConnected) window.__rxDrawn = performance.now();
    return drawImage.apply(this, args);
  };
  document.addEventListener('click', () => { window.__rxClicked = performance.now(); }, true);
}"""


def click_to_draw(page, do_click, timeout: float = TIMEOUT) -> float:
    """Seconds from a click to the first time a visible canvas is drawn on after it, both taken
    in the page's own clock (the board is shown at the next animation frame). Unlike pixel
    polling this costs the page nothing while it works."""
    page.evaluate(_DRAW_PROBE_JS)
    page.evaluate("() => { window.__rxClicked = 0; }")
    do_click()
    handle = page.wait_for_function(
        "() => window.__rxClicked > 0 && window.__rxDrawn > window.__rxClicked"
        " && (window.__rxDrawn - window.__rxClicked)", polling="raf", timeout=timeout * 1000)
    return handle.json_value() / 1000.0


def click_and_time(page, do_click, selector: str = BOARD) -> float:
    """Seconds from `do_click()` to the first repainted board frame (pixel comparison)."""
    before = canvas_signature(page, selector)
    start = time.perf_counter()
    do_click()
    return wait_for_repaint(page, before, selector=selector, start=start)


_BOARD_FIT_JS = f"""
(bufferScale) => {{
  const canvas = ({_CANVASES_JS})('{BOARD}')[0];
  const frame = document.querySelector('.rx-board-frame').getBoundingClientRect();
  const w = canvas.width / bufferScale, h = canvas.height / bufferScale;
  const scale = Math.min(frame.width / w, frame.height / h);
  return {{x: frame.left, y: frame.top, scale, width: w, height: h}};
}}
"""


def board_fit(page) -> dict:
    """Where the board drawing is shown: the frame's top-left corner (page pixels), the scale
    the browser fits it with, and the drawing's own size in board pixels."""
    return page.evaluate(_BOARD_FIT_JS, buffer_scale(page.evaluate("() => devicePixelRatio")))


def board_point(page, x: float, y: float) -> tuple[float, float]:
    """Page coordinates of board pixel (x, y) (the board is fitted into its frame)."""
    fit = board_fit(page)
    return fit["x"] + x * fit["scale"], fit["y"] + y * fit["scale"]


def frame_count(page) -> int:
    """How many whole frames the app has shown (its counter goes up after every panel)."""
    return page.evaluate("() => +(document.querySelector('.rx-frame-counter [data-frame]')"
                         "?.dataset.frame || 0)")


def wait_frame(page, after: int, timeout: float = TIMEOUT) -> int:
    """Wait until the app has shown a whole frame after frame number `after`."""
    handle = page.wait_for_function(
        "(after) => { const n = +(document.querySelector('.rx-frame-counter [data-frame]')"
        "?.dataset.frame || 0); return n > after && n; }", arg=after, timeout=timeout * 1000)
    return handle.json_value()


def act(page, do, timeout: float = TIMEOUT) -> int:
    """Do something in the page and wait until the app has shown the whole frame it leads to."""
    before = frame_count(page)
    do()
    return wait_frame(page, before, timeout)


def open_board(page, voila_url: str, name: str, query: str = "") -> float:
    """Open an app (with an optional `?query`) and check its board: painted, fitted inside the
    window, and the click-taking frame on the canvas' top-left corner. Returns seconds to the
    board."""
    page.goto(f"{voila_url}/voila/render/{page_address(name, query)}", wait_until="commit",
              timeout=TIMEOUT * 1000)
    took = wait_for_board(page)
    wait_frame(page, 0)
    assert painted_pixels(page, ".rx-board") > 100_000
    # both corners in one look: the page may still move the board (a bar appearing above it)
    board, frame = page.evaluate("""() => ['.rx-board', '.rx-board-frame'].map(sel => {
        const box = document.querySelector(sel).getBoundingClientRect();
        return [Math.round(box.x), Math.round(box.y)]; })""")
    assert frame == board, f"the click-taking frame at {frame}, the board at {board}"
    return took


def open_at_first_step(page, voila_url: str, name: str, steps: int, rule: str) -> None:
    """Open an app (its board checked as `open_board` does), print the time to its painted
    board, and wait until it shows step 1 of the `steps` set-up steps, citing `rule`."""
    took = open_board(page, voila_url, name)
    print(f"time to painted board: {took:.2f} s")
    wait_text(page, ".rx-step-label", f"Step 1 of {steps}")
    wait_text(page, ".rx-rules", rule)


def open_at_last_setup_step(page, voila_url: str, name: str) -> None:
    """Open an app (its board checked as `open_board` does) and go to its last set-up step,
    where the first move can be made."""
    open_board(page, voila_url, name)
    act(page, lambda: page.click(".rx-last"))


def play_turns(page, turns: int) -> None:
    """Press Play turn `turns` times, waiting each time for the whole frame and until the
    button can be pressed again."""
    for _ in range(turns):
        act(page, lambda: page.click(".rx-play-turn"))
        page.wait_for_function("() => !document.querySelector('.rx-play-turn').disabled")


def inside_viewport(page, selector: str) -> bool:
    """Whether the first element matching `selector` is wholly inside the window."""
    return page.evaluate(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0"
        " && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5; }", selector)


def drawing_inside_viewport(page) -> bool:
    """Whether the whole board drawing (as fitted into its frame) is inside the window."""
    fit = board_fit(page)
    size = page.viewport_size
    return (fit["x"] >= 0 and fit["y"] >= 0
            and fit["x"] + fit["width"] * fit["scale"] <= size["width"] + 0.5
            and fit["y"] + fit["height"] * fit["scale"] <= size["height"] + 0.5)


def step(page, button: str, label: str) -> float:
    """Click a timeline button and wait for the whole frame; check the step label shows
    `label`; returns the repaint time."""
    before = frame_count(page)
    latency = click_and_time(page, lambda: page.click(button))
    wait_frame(page, before)
    wait_text(page, ".rx-step-label", label)
    return latency


def tab(page, title: str) -> None:
    """Open a side tab by its title and wait until its pane shows, with its contents (a tab
    opened for the first time is filled by the kernel a moment later)."""
    page.locator(".rx-tabs .lm-TabBar-tab", has_text=title).first.click()
    page.wait_for_function(
        "(title) => [...document.querySelectorAll('.rx-tabs .lm-TabBar-tab')]"
        ".some(t => t.innerText.includes(title) && t.classList.contains('lm-mod-current'))"
        " && [...document.querySelectorAll('.rx-tabs .rx-tab-pane')]"
        ".some(p => p.offsetParent !== null && p.children.length > 0)",
        arg=title)


def saved_download(page, link: str, folder: Path) -> Path:
    """Click the download `link` and save the file it gives in `folder`, under the name the
    page suggests: its path."""
    with page.expect_download() as info:
        page.locator(link).click()
    path = folder / info.value.suggested_filename
    info.value.save_as(path)
    return path


def upload(page, files, button: str = ".rx-open-record") -> None:
    """Choose `files` in the file dialog of an upload button ("Open record…" by default; its
    input is not in the page)."""
    with page.expect_file_chooser() as chooser:
        page.locator(button).first.click()
    chooser.value.set_files(files)


# -- the kernel websocket, spoken as a page does -----------------------------------------------
SUBPROTOCOL = "v1.kernel.websocket.jupyter.org"


def encode(channel: str, msg_type: str, content: dict, session: str,
           metadata: dict | None = None) -> bytes:
    """A message in the v1 websocket format: part offsets (the last is the end), then the parts."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "visitor",
              "session": session, "date": "", "version": "5.3"}
    parts = [channel.encode()] + [json.dumps(p).encode()
                                  for p in (header, {}, metadata or {}, content)]
    offsets = [8 * (len(parts) + 2)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little")]
                    + [o.to_bytes(8, "little") for o in offsets] + parts)
