"""Serving a class: a closed page ends its kernel, so does a page that vanished without closing,
a full server says so, a page whose notebook could not run says how to retry instead of showing
its heading alone, and hostile requests get a short answer, never a traceback."""
from __future__ import annotations

import http.client
import json
import re
import shutil
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest
from websockets.sync.client import connect

from helpers import (NOTEBOOKS, REPO, SUBPROTOCOL, VoilaServer, encode, kernel_alive, kernel_id,
                     kernel_processes, leave, new_page, open_board, screenshot, step,
                     text, wait_for_board, wait_kernel_gone, wait_text,
                     wait_until)
from explorer.links import MAX_QUERY_CHARS

CLOSE_WITHIN = 10.0  # seconds from closing a page to its kernel gone
GRACE = 8.0          # seconds the culling server keeps a kernel with no page connected
CULL_WITHIN = GRACE + 30.0  # ... plus its check interval and a busy machine
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                    re.S)


def kernel_ends_when_closed(voila_url, browser, run_before_unload: bool) -> float:
    """Open an app, check that its kernel runs, and close the page (its `beforeunload` run or
    not): seconds until the kernel is gone (within CLOSE_WITHIN)."""
    page = new_page(browser)
    try:
        open_board(page, voila_url, "cacao")
        kernel = kernel_id(page)
        assert kernel_alive(voila_url, kernel)
        page.close(run_before_unload=run_before_unload)
        return wait_kernel_gone(voila_url, kernel, CLOSE_WITHIN)
    finally:
        leave(page)


def animals_server(root, *args: str) -> VoilaServer:
    """A VoilaServer, not yet started, with the settings `args`, serving the Animals on Board
    app from `root`, a folder of its own."""
    shutil.copy(NOTEBOOKS / "animals_on_board.ipynb", root)
    return VoilaServer(root, args=args)


def test_closing_a_page_ends_its_kernel(voila_url, browser):
    took = kernel_ends_when_closed(voila_url, browser, run_before_unload=True)
    print(f"kernel gone {took:.2f} s after the page closed")


@pytest.fixture(scope="module")
def small_server(tmp_path_factory):
    """A server that takes one visitor at a time, serving one app and a notebook that shows
    nothing (as when the notebook run gave up on a busy server)."""
    root = tmp_path_factory.mktemp("small-server")
    silent = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Silent"]},
                        {"cell_type": "code", "execution_count": None, "metadata": {},
                         "outputs": [], "source": ["x = 1"]}],
              "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                          "language": "python"}},
              "nbformat": 4, "nbformat_minor": 5}
    (root / "silent.ipynb").write_text(json.dumps(silent))
    with animals_server(root, "--ExplorerServer.max_visitors=1", "--ExplorerServer.retry_after=30",
                        "--VoilaConfiguration.preheat_kernel=False") as server:
        yield server


def test_a_full_server_turns_the_next_visitor_away(small_server, browser):
    first, second = new_page(browser), new_page(browser)
    try:
        open_board(first, small_server.url, "animals_on_board")
        kernel = kernel_id(first)
        response = second.goto(f"{small_server.url}/voila/render/animals_on_board.ipynb")
        assert response.status == 503
        assert response.headers["retry-after"] == "30"
        assert second.locator("h1").inner_text() == "The explorer is full"
        assert "Try again in a minute" in second.locator(".rx-full").inner_text()
        screenshot(second, "serving-full")
        first.close(run_before_unload=True)
        wait_kernel_gone(small_server.url, kernel, CLOSE_WITHIN)
        open_board(second, small_server.url, "animals_on_board")  # the place is free again
        kernel = kernel_id(second)
        second.close(run_before_unload=True)
        wait_kernel_gone(small_server.url, kernel, CLOSE_WITHIN)
    finally:
        leave(first)
        leave(second)


def test_a_page_that_could_not_start_says_so(small_server, browser):
    page = new_page(browser)
    try:
        page.goto(f"{small_server.url}/voila/render/silent.ipynb")
        notice = page.locator(".rx-start-failed")
        notice.wait_for(state="visible")
        assert "could not start" in notice.inner_text()
        assert "Reload the page" in notice.inner_text()
        screenshot(page, "serving-could-not-start")
        # the page's kernel can no longer serve it: it ends at once, the page still open
        wait_kernel_gone(small_server.url, kernel_id(page), CLOSE_WITHIN)
        page.goto(f"{small_server.url}/voila/render/silent.ipynb?lang=ko")   # in its language
        notice.wait_for(state="visible")
        assert "시작하지 못했습니다" in notice.inner_text() and notice.get_attribute("lang") == "ko"
        assert "새로 고쳐" in notice.locator("a").inner_text()
        screenshot(page, "serving-could-not-start-ko")
        wait_kernel_gone(small_server.url, kernel_id(page), CLOSE_WITHIN)
    finally:
        leave(page)


@pytest.mark.parametrize("restarted", [False, True], ids=["dead", "restarted"])
def test_a_warm_kernel_that_died_is_not_handed_to_a_visitor(browser, tmp_path, restarted):
    """The app's one warm kernel is killed while it waits in the pool (out of memory, say):
    the next visitor still gets a board, from a
    kernel of their own, whether the kernel is found dead or already restarted by Jupyter (a
    fresh process, with the notebook never run in it)."""
    import os
    import signal

    server = animals_server(tmp_path, "--warm=1").start()
    page = None
    try:
        wait_until(lambda: len(kernel_processes(server)) == 1, 120, "a warm kernel")
        [(warm, pid)] = kernel_processes(server).items()
        os.kill(pid, signal.SIGKILL)
        if restarted:
            wait_until(lambda: kernel_processes(server).get(warm) not in (None, pid), 60,
                       "the killed kernel restarted")
        page = new_page(browser)
        open_board(page, server.url, "animals_on_board")
        assert kernel_id(page) != warm
        assert page.locator(".rx-start-failed").count() == 0
        assert "died while it waited" in server.log()
        screenshot(page, f"serving-after-a-{'restarted' if restarted else 'dead'}-warm-kernel")
    finally:
        if page is not None:
            leave(page)
        server.stop()


def shown_again(page) -> None:
    """What a page hears when it is shown again after the laptop slept (or the network came
    back): the check it makes then, without waiting for its regular one."""
    page.evaluate("() => window.dispatchEvent(new Event('online'))")


def test_a_page_whose_kernel_the_server_ended_reopens_at_its_step(browser, tmp_path):
    """A page away for longer than the server waits (a laptop asleep, the network down) lost
    its kernel: shown again, it reopens itself at the same step (a reload keeps the branches
    too: test_branches_in_browser), in its
    language. While the server does not answer at all, the page says so; once a restarted
    server answers, the page reopens too."""
    server = animals_server(tmp_path, "--warm=1").start()
    page = new_page(browser)
    try:
        open_board(page, server.url, "animals_on_board", "?lang=hu")
        step(page, ".rx-forward", "2. lépés")
        kernel = kernel_id(page)
        end_kernels(server.url, kernel)                # as the server's cull does
        with page.expect_navigation():
            shown_again(page)
        wait_for_board(page)
        assert kernel_id(page) not in (None, kernel)
        wait_text(page, ".rx-step-label", "2. lépés")
        assert page.evaluate("() => document.documentElement.lang") == "hu"

        server.stop()                                  # the server is gone
        shown_again(page)
        page.wait_for_selector(".rx-page-lost")
        assert "nem válaszol" in text(page, ".rx-page-lost")
        screenshot(page, "serving-page-lost-server")
        server.start()                                 # back, on the same port, without the kernel
        with page.expect_navigation():
            shown_again(page)
        wait_for_board(page)
        wait_text(page, ".rx-step-label", "2. lépés")
        assert page.locator(".rx-page-lost").count() == 0
        assert page.errors == []
    finally:
        leave(page)
        server.stop()


# -- helpers for the server's own state ----------------------------------------------------------

def connections(server_url: str, kernel: str) -> int | None:
    """Websockets open to a kernel as the server counts them; None once the kernel is gone."""
    try:
        with urllib.request.urlopen(f"{server_url}/api/kernels/{kernel}", timeout=5) as response:
            return json.load(response)["connections"]
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return None
        raise


def fetch_page(server_url: str, name: str) -> str:
    """Request an app page without a browser; its kernel id."""
    with urllib.request.urlopen(f"{server_url}/voila/render/{name}.ipynb", timeout=120) as r:
        html = r.read().decode()
    return json.loads(CONFIG.search(html).group(1))["kernelId"]


def end_kernels(server_url: str, *kernels: str) -> None:
    """What a closing page's beacon does, for each kernel (gone already is fine)."""
    with urllib.request.urlopen(server_url + "/", timeout=30) as response:  # sets _xsrf
        cookies = response.headers.get_all("Set-Cookie") or []
    xsrf = next(c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("_xsrf="))
    for kernel in kernels:
        end_kernel(server_url, kernel, xsrf)


def end_kernel(server_url: str, kernel: str, xsrf: str) -> None:
    request = urllib.request.Request(
        f"{server_url}/voila/api/shutdown/{kernel}", method="POST",
        data=urllib.parse.urlencode({"_xsrf": xsrf}).encode(), headers={"Cookie": f"_xsrf={xsrf}"})
    try:
        urllib.request.urlopen(request, timeout=30).read()
    except urllib.error.HTTPError as exc:
        assert exc.code == 404, exc  # already gone


def channels(server_url: str, kernel: str, session: str):
    """A page's websocket to its kernel (Jupyter's v1 protocol)."""
    url = (server_url.replace("http", "ws", 1)
           + f"/api/kernels/{kernel}/channels?session_id={session}")
    return connect(url, subprotocols=[SUBPROTOCOL], max_size=None, open_timeout=60,
                   close_timeout=5)


def decode(frame: bytes) -> tuple[str, dict]:
    """(msg_type, content) of a v1 websocket message."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    return (json.loads(frame[offsets[1]:offsets[2]])["msg_type"],
            json.loads(frame[offsets[4]:offsets[5]]))


def receive_until(ws, done, timeout: float = 60.0) -> list[tuple[str, dict, bytes]]:
    """Messages from the kernel, up to and including the first for which `done(kind, content)`."""
    got, deadline = [], time.monotonic() + timeout
    while True:
        frame = ws.recv(timeout=max(0.1, deadline - time.monotonic()))
        kind, content = decode(frame)
        got.append((kind, content, frame))
        if done(kind, content):
            return got


def log_after(server: VoilaServer, offset: int, needle: str, timeout: float = 30.0) -> str:
    """The server's log written after `offset`, once it contains `needle`."""
    wait_until(lambda: needle in server.log()[offset:], timeout, f"{needle!r} in the log")
    return server.log()[offset:]


# -- links longer than the server takes ----------------------------------------------------------

def test_a_link_longer_than_the_limit_gets_a_link_too_long_page(voila_url, browser):
    page = new_page(browser)
    try:
        query = "?seed=1&players=" + "9" * MAX_QUERY_CHARS
        response = page.goto(f"{voila_url}/voila/render/cacao.ipynb{query}")
        assert response.status == 414
        assert page.locator("h1").inner_text() == "This link is too long"
        notice = page.locator(".rx-too-long").inner_text()
        assert f"{len(query) - 1:,} characters" in notice and f"{MAX_QUERY_CHARS:,}" in notice
        # the same look as the "full" page
        assert page.evaluate("getComputedStyle(document.querySelector('main')).borderRadius") \
            == "12px"
        screenshot(page, "serving-link-too-long")
        page.click("text=open the game without it")
        page.wait_for_url(f"{voila_url}/voila/render/cacao.ipynb")
    finally:
        leave(page)


def test_a_link_as_long_as_the_limit_reaches_the_app(voila_url, browser):
    """Past tornado's own 64 KB header limit the server dropped the connection unanswered; the
    app's limit is the one a visitor meets, and the app explains it."""
    page = new_page(browser)
    try:
        query = "?players=4&seed=" + "9" * (MAX_QUERY_CHARS - len("players=4&seed="))
        open_board(page, voila_url, "cacao", query)
        wait_text(page, ".rx-message", "This link cannot be opened")
        assert "seed must be a whole number" in page.locator(".rx-message").inner_text()
    finally:
        leave(page)


# -- pages that vanish without closing ----------------------------------------------------------

def test_a_page_closed_without_beforeunload_ends_its_kernel_on_pagehide(voila_url, browser):
    """Mobile browsers often skip `beforeunload`; `pagehide` still ends the kernel at once (well
    before the server would cull it for having no page)."""
    took = kernel_ends_when_closed(voila_url, browser, run_before_unload=False)
    print(f"kernel gone {took:.2f} s after the page closed without beforeunload")


@pytest.fixture(scope="module")
def culling_server(tmp_path_factory):
    """A server for two visitors that keeps a kernel with no page connected for GRACE s."""
    with animals_server(tmp_path_factory.mktemp("culling-server"),
                        "--ExplorerServer.max_visitors=2", "--warm=1",
                        f"--ExplorerServer.reconnect_grace={GRACE}") as server:
        yield server


def turned_away(server_url: str) -> bool:
    try:
        urllib.request.urlopen(f"{server_url}/voila/render/animals_on_board.ipynb",
                               timeout=60).read()
    except urllib.error.HTTPError as exc:
        return exc.code == 503
    raise AssertionError("a visitor got a kernel from a full server")


# Run before the page's own handlers (capturing, at the window) and stop them, and send no
# beacon: the page ends as a crashed tab or a discarded one does, without a word to the server.
SILENCE_JS = """() => {
  for (const kind of ['beforeunload', 'pagehide', 'unload'])
    window.addEventListener(kind, (e) => e.stopImmediatePropagation(), true);
  navigator.sendBeacon = () => true;
}"""


def test_kernels_of_pages_that_vanished_are_culled_and_free_the_cap(culling_server, browser):
    """A page whose unload handlers never reach the server (a crash, a discarded tab, a lost
    shutdown request) loses its kernel once no page has been connected to it for the grace,
    and its place is free again. A page that stays open is never culled, however idle."""
    url = culling_server.url
    kept, silent, lost = new_page(browser), new_page(browser), new_page(browser)
    kernels = []
    try:
        open_board(kept, url, "animals_on_board")
        open_board(silent, url, "animals_on_board")
        kept_kernel, silent_kernel = kernel_id(kept), kernel_id(silent)
        kernels += [kept_kernel, silent_kernel]
        assert turned_away(url)

        silent.evaluate(SILENCE_JS)
        start = time.monotonic()
        silent.close(run_before_unload=True)
        wait_until(lambda: connections(url, silent_kernel) == 0, CLOSE_WITHIN,
                   "the server saw the silent page go, its kernel still running")
        wait_kernel_gone(url, silent_kernel, CULL_WITHIN)
        took = time.monotonic() - start
        print(f"kernel of a page gone without a word culled {took:.1f} s after it closed "
              f"(grace {GRACE:g} s)")
        assert took >= GRACE  # culled, not ended by a handler
        assert silent_kernel not in kernel_processes(culling_server)

        open_board(lost, url, "animals_on_board")  # its place is free again
        lost_kernel = kernel_id(lost)
        kernels.append(lost_kernel)
        lost.evaluate("() => { navigator.sendBeacon = () => true; }")  # the handlers run
        start = time.monotonic()
        lost.context.close()
        wait_until(lambda: connections(url, lost_kernel) == 0, CLOSE_WITHIN,
                   "the server saw the page go, its shutdown request lost")
        wait_kernel_gone(url, lost_kernel, CULL_WITHIN)
        took = time.monotonic() - start
        print(f"kernel of a page whose shutdown request was lost culled {took:.1f} s after it "
              "closed")
        assert took >= GRACE
        assert lost_kernel not in kernel_processes(culling_server)

        # the page left open all along, idle for more than two graces, still plays
        assert connections(url, kept_kernel) == 1
        step(kept, ".rx-forward", "Step 2 of")
    finally:
        leave(kept)
        silent.context.close()
        lost.context.close()
        end_kernels(url, *kernels)


def test_a_page_that_reconnects_within_the_grace_keeps_its_kernel(culling_server):
    """A laptop lid closed for a moment drops the page's websocket; the page reconnects when it
    wakes and must find its game. A page that never connects loses its kernel after the grace."""
    url = culling_server.url
    kernel, unused = fetch_page(url, "animals_on_board"), None
    session = uuid.uuid4().hex
    try:
        with channels(url, kernel, session):
            wait_until(lambda: connections(url, kernel) == 1, 30, "the page connected")
        wait_until(lambda: connections(url, kernel) == 0, 30, "the server saw it go")
        # asleep for half the grace: the kernel waits for it
        asleep = time.monotonic()
        while time.monotonic() - asleep < GRACE / 2:
            assert connections(url, kernel) == 0, "the kernel is gone while its page sleeps"
            time.sleep(0.2)
        with channels(url, kernel, session) as ws:
            wait_until(lambda: connections(url, kernel) == 1, 30, "the page reconnected")
            # a page fetched after the reconnection, never connected, is culled after the grace
            unused = fetch_page(url, "animals_on_board")
            took = wait_kernel_gone(url, unused, CULL_WITHIN)
            print(f"kernel of a page that never connected culled after {took:.1f} s")
            assert connections(url, kernel) == 1  # the reconnected page still has its game
            ws.send(encode("shell", "kernel_info_request", {}, session))
            receive_until(ws, lambda kind, content: kind == "kernel_info_reply")
        took = wait_kernel_gone(url, kernel, CULL_WITHIN)
        print(f"kernel culled {took:.1f} s after its page went for good")
    finally:
        end_kernels(url, *filter(None, (kernel, unused)))


# -- hostile requests -----------------------------------------------------------------------

@pytest.mark.parametrize("path", [
    "/voila/templates/rules-explorer/../../../../etc/passwd",
    "/voila/templates/rules-explorer/static/../../../../../etc/passwd",
    "/voila/templates/rules-explorer/static/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/voila/templates/rules-explorer/static/x/../../conf.json",
    "/voila/templates/rules-explorer/static//etc/passwd",
    "/voila/templates/rules-explorer/static/",
    "/voila/templates/rules-explorer",
    "/voila/templates/rules-explorer/static/%00",
])
def test_a_path_out_of_the_template_files_is_a_clean_404(voila_server, path):
    offset = len(voila_server.log())
    connection = http.client.HTTPConnection("127.0.0.1", voila_server.port, timeout=30)
    try:
        connection.request("GET", path)  # sent as written, `..` and all
        response = connection.getresponse()
        body = response.read().decode(errors="replace")
    finally:
        connection.close()
    assert response.status == 404, (response.status, body[:300])
    assert "root:" not in body and "Traceback" not in body
    log = log_after(voila_server, offset, f"404 GET {path}")
    assert "Traceback" not in log and "Uncaught" not in log, log
    with urllib.request.urlopen(f"{voila_server.url}/voila/templates/rules-explorer/static/"
                                "index.css", timeout=30) as response:
        assert response.status == 200  # the template's own files are still served


def test_a_bad_widget_message_gets_one_line_not_a_traceback(voila_server):
    """A page can send any widget message. One the kernel cannot handle (here a widget of no
    known kind) must not show the visitor a traceback with the server's paths: the visitor gets
    one line, the log a one-line warning."""
    url = voila_server.url
    kernel = fetch_page(url, "cacao")
    offset = len(voila_server.log())
    session, comm = uuid.uuid4().hex, uuid.uuid4().hex
    try:
        with channels(url, kernel, session) as ws:
            ws.send(encode("shell", "comm_open", {
                "comm_id": comm, "target_name": "jupyter.widget",
                "data": {"state": {"_model_name": "NoSuchModel"}, "buffer_paths": []}},
                session, {"version": "2.1.0"}))
            got = receive_until(ws, lambda kind, content: kind == "comm_close"
                                and content.get("comm_id") == comm)
            got += receive_until(ws, lambda kind, content: kind == "status"
                                 and content["execution_state"] == "idle")
            for _, _, frame in got:
                text = frame.decode("utf-8", "replace")
                for secret in ("Traceback", "site-packages", str(REPO), ".py\""):
                    assert secret not in text, text[:600]
            errors = [content["text"] for kind, content, _ in got
                      if kind == "stream" and content["name"] == "stderr"]
            assert len(errors) == 1 and errors[0].count("\n") <= 1 and len(errors[0]) < 200, errors
            print(f"the visitor sees: {errors[0].strip()}")
            ws.send(encode("shell", "kernel_info_request", {}, session))  # the kernel still works
            receive_until(ws, lambda kind, content: kind == "kernel_info_reply")
        log = log_after(voila_server, offset, "jupyter.widget")
        assert "Traceback" not in log and "site-packages" not in log, log
        warning = [line for line in log.splitlines() if "jupyter.widget" in line]
        assert len(warning) == 1 and "WARNING" in warning[0], log
        print(f"the log says: {warning[0]}")
    finally:
        end_kernels(url, kernel)
        wait_kernel_gone(url, kernel, CLOSE_WITHIN)
