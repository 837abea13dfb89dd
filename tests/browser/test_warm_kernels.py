"""Warm kernels that cannot serve a page are never handed to a visitor.

A warm kernel can be alive and yet deaf: one whose port another process took as it started,
or here one stopped (SIGSTOP) after its notebook ran, which never answers. The visitor must get
a board from another kernel, and the deaf one must be shut down. Visitors here speak the
widget protocol as a page does (no browser): they fetch the page, connect to its kernel, ask
for the widgets' states, tell the canvases a client is ready and wait for the first drawing."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import time
import urllib.request
import uuid

from websockets.sync.client import connect

from helpers import (NOTEBOOKS, SUBPROTOCOL, VoilaServer, encode, kernel_processes,
                     wait_until)

APP = "animals_on_board"
WARM_READY_LIMIT = 240.0  # seconds for the warm kernels to start and run their notebook
BOARD_LIMIT = 150.0       # seconds a visitor waits for the board's first drawing
GONE_LIMIT = 60.0         # seconds for the deaf kernel to be shut down once found
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                    re.S)
READY = re.compile(r"warm kernel (\S+) for (\S+) answers")


def ready_kernels(server: VoilaServer) -> set[str]:
    """Warm kernels the server found answering once their notebook had run (its log says so)."""
    return {match.group(1) for match in READY.finditer(server.log())}


def decode(frame: bytes) -> tuple[str, dict, int]:
    """(msg_type, content, number of binary buffers) of a v1 websocket message."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    return (json.loads(frame[offsets[1]:offsets[2]])["msg_type"],
            json.loads(frame[offsets[4]:offsets[5]]), count - 6)


def board_drawn(server_url: str, notebook: str, limit: float = BOARD_LIMIT) -> str:
    """A visitor, from the page request to the board's first drawing (all within `limit`
    seconds, else it fails); the id of the kernel that served it."""
    deadline = time.monotonic() + limit

    def left() -> float:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"no board drawn within {limit:.0f} s")
        return remaining

    with urllib.request.urlopen(f"{server_url}/voila/render/{notebook}", timeout=left()) as r:
        kernel = json.loads(CONFIG.search(r.read().decode()).group(1))["kernelId"]
    session = uuid.uuid4().hex
    url = (server_url.replace("http", "ws", 1)
           + f"/api/kernels/{kernel}/channels?session_id={session}")
    with connect(url, subprotocols=[SUBPROTOCOL], max_size=None, open_timeout=left(),
                 close_timeout=1) as ws:
        control = uuid.uuid4().hex
        ws.send(encode("shell", "comm_open", {
            "comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            session, {"version": "1.0.0"}))
        ws.send(encode("shell", "comm_msg", {
            "comm_id": control, "data": {"method": "request_states"}}, session))
        asked = False
        while True:
            try:
                kind, content, buffers = decode(ws.recv(timeout=left()))
            except TimeoutError:
                left()  # raises: the time is up
                continue
            data = content.get("data") or {}
            if kind == "comm_msg" and data.get("method") == "update_states" and not asked:
                for model, state in data["states"].items():
                    if state["model_name"] == "CanvasModel":
                        ws.send(encode("shell", "comm_msg", {
                            "comm_id": model,
                            "data": {"method": "custom", "content": {"event": "client_ready"}}},
                            session))
                asked = True
            elif asked and kind == "comm_msg" and data.get("method") == "custom" and buffers:
                return kernel


def test_a_deaf_warm_kernel_is_not_handed_to_a_visitor(tmp_path):
    """Two warm kernels; once both have run their notebook, one is stopped. Two visitors
    arrive: whichever is offered the stopped kernel gets another, and both get a board; the
    stopped kernel is shut down."""
    shutil.copy(NOTEBOOKS / f"{APP}.ipynb", tmp_path)
    server = VoilaServer(tmp_path, args=("--warm=2",)).start()
    stopped = None
    try:
        wait_until(lambda: len(ready_kernels(server) & set(kernel_processes(server))) == 2,
                   WARM_READY_LIMIT, "two warm kernels ready")
        deaf = sorted(ready_kernels(server))[0]
        stopped = kernel_processes(server)[deaf]
        os.kill(stopped, signal.SIGSTOP)   # alive, never answers
        served = []
        for _ in range(2):
            start = time.monotonic()
            served.append(board_drawn(server.url, f"{APP}.ipynb"))
            print(f"board drawn {time.monotonic() - start:.1f} s after the page was asked for, "
                  f"by kernel {served[-1]}")
        assert deaf not in served
        assert f"warm kernel {deaf} for {APP}.ipynb did not answer" in server.log()
        wait_until(lambda: deaf not in kernel_processes(server), GONE_LIMIT,
                   "the deaf kernel shut down")
    except BaseException:
        print("--- server log, last lines ---\n" + "\n".join(server.log().splitlines()[-60:]))
        raise
    finally:
        if stopped is not None:
            try:
                os.kill(stopped, signal.SIGCONT)  # whatever happened, let it end with the server
            except ProcessLookupError:
                pass
        server.stop()
