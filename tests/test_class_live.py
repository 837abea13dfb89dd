"""The class service over real websockets, with the connection a page's kernel uses
(class_panel.ServiceConnection): pushed steps, 200 rapid steps, a follower's lost connection
that catches up, and a restarted service that tells its followers the class ended."""
from __future__ import annotations

import asyncio
import json
import threading

import pytest
import tornado.web

from tests.test_classroom import cacao_position
from server.classroom import Classroom, routes
from widgets.shared.class_panel import ServiceConnection, find_class


class Client:
    """A ServiceConnection and everything it heard, with a wait on what it heard."""

    def __init__(self, url: str, hello: dict | None = None):
        self.heard: list[dict] = []
        self.opened = 0
        self.lost = 0
        self.hello = hello
        self.changed = asyncio.Event()
        self.conn = ServiceConnection(url, self._open, self._heard, self._lost)

    def _open(self):
        self.opened += 1
        self.changed.set()
        if self.hello:
            self.conn.send(self.hello)

    def _heard(self, message):
        self.heard.append(message)
        self.changed.set()

    def _lost(self):
        self.lost += 1
        self.changed.set()

    def last(self, op):
        found = [m for m in self.heard if m.get("op") == op]
        return found[-1] if found else None

    async def until(self, check, timeout: float = 10):
        async def wait():
            while not check():
                self.changed.clear()
                await self.changed.wait()
        await asyncio.wait_for(wait(), timeout)


class Service:
    """The class service on a free port of 127.0.0.1, as under ./dev serve."""

    def __init__(self):
        from server.classroom import later
        self.room = Classroom(later=later)
        self.server = None
        self.port = None

    def start(self, port: int | None = None):
        app = tornado.web.Application(routes("/", self.room))
        self.server = app.listen(port or 0, "127.0.0.1")
        self.port = port or next(iter(self.server._sockets.values())).getsockname()[1]
        return self

    @property
    def url(self):
        return f"ws://127.0.0.1:{self.port}/rx-class/ws"

    def stop(self, graceful: bool = True):
        """Stop as a server told to (every class told it ends), or as one that crashed."""
        conns = self._conns()
        if graceful:
            self.room.end_all("restart")
        self.server.stop()
        for conn in conns:
            conn.close()

    def _conns(self):
        conns = []
        for lesson in self.room.classes.values():
            conns += [c for c in [lesson.teacher, *lesson.followers.values()] if c]
        return conns


def in_own_thread(do, *args):
    """`do(*args)` in a thread of its own, its error raised here: the thread running the tests
    may hold an event loop already (the browser tests' Playwright does)."""
    result = {}

    def call():
        try:
            result["value"] = do(*args)
        except BaseException as exc:       # handed to the test's own thread
            result["error"] = exc
    thread = threading.Thread(target=call)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")


def run(coro):
    """Run a scenario on an event loop of its own."""
    return in_own_thread(asyncio.run, asyncio.wait_for(coro, 60))


async def started(service):
    teacher = Client(service.url, {"op": "start", "app": "cacao", "position": cacao_position()})
    await teacher.until(lambda: teacher.last("started"))
    return teacher, teacher.last("started")["code"]


async def followed(port: int | None = None):
    """A service started (on `port`, else a free one), a class started there, and one follower
    that has heard its position: (service, teacher, code, follower)."""
    service = Service().start(port)
    teacher, code = await started(service)
    follower = Client(service.url, {"op": "follow", "code": code})
    await follower.until(lambda: follower.last("position"))
    return service, teacher, code, follower


def test_steps_are_pushed_and_200_rapid_steps_end_on_the_last():
    async def scenario():
        service = Service().start()
        teacher, code = await started(service)
        followers = [Client(service.url, {"op": "follow", "code": code}) for _ in range(3)]
        await teacher.until(lambda: (teacher.last("followers") or {}).get("n") == 3)
        positions = [cacao_position(i % 7) for i in range(1, 200)] + [cacao_position(9)]
        for position in positions:
            teacher.conn.send({"op": "step", "position": position})
        for f in followers:
            await f.until(lambda f=f: (f.last("position") or {}).get("position") == positions[-1])
        assert all(f.lost == 0 for f in followers)
        for c in [teacher, *followers]:
            c.conn.close()
        service.stop()
    run(scenario())


def test_a_lost_follower_connection_comes_back_and_catches_up():
    async def scenario():
        service, teacher, code, follower = await followed()
        lesson = service.room.classes[code]
        socket = next(iter(lesson.followers.values()))
        socket.close()                                  # the network drops it
        await follower.until(lambda: follower.lost == 1)
        teacher.conn.send({"op": "step", "position": cacao_position(4)})
        await follower.until(lambda: follower.opened == 2)
        await follower.until(
            lambda: follower.last("position")["position"] == cacao_position(4))
        assert len(lesson.followers) == 1               # the old place was given up
        for c in (teacher, follower):
            c.conn.close()
        service.stop()
    run(scenario())


def test_a_restarted_service_says_the_class_is_gone():
    async def scenario():
        service, teacher, code, follower = await followed()
        port = service.port
        service.stop()                                   # every class is told it ends
        await follower.until(lambda: follower.last("ended"))
        assert follower.last("ended")["why"] == "restart"
        for c in (teacher, follower):
            c.conn.close()

        # a crash says nothing: the follower connects again and hears the class is unknown
        service, teacher, code, follower = await followed(port)
        service.stop(graceful=False)
        await follower.until(lambda: follower.lost >= 1)
        again = Service().start(port)                    # a fresh service knows no class
        await follower.until(lambda: follower.last("refused"), timeout=20)
        assert follower.last("refused")["why"] == "unknown"
        assert follower.opened >= 2
        assert (await find_class_at(again.url, code))["why"] == "unknown"
        for c in (teacher, follower):
            c.conn.close()
        again.stop()
    run(scenario())


async def find_class_at(url, code):
    import os
    os.environ["RX_CLASS_URL"] = url.replace("ws://", "http://").replace("/rx-class/ws", "")
    try:
        return await find_class(code)
    finally:
        del os.environ["RX_CLASS_URL"]


def test_the_gallery_finds_a_class_app(monkeypatch):
    async def scenario():
        service = Service().start()
        teacher, code = await started(service)
        found = await find_class_at(service.url, code.lower())
        assert found == {"op": "found", "code": code, "app": "cacao"}
        teacher.conn.close()
        service.stop()
    run(scenario())


@pytest.mark.parametrize("text", ["x" * 20_000, json.dumps({"op": "follow", "code": "A" * 20_000})])
def test_an_oversized_message_closes_only_that_connection(text):
    async def scenario():
        import websockets
        service = Service().start()
        teacher, code = await started(service)
        async with websockets.connect(service.url) as socket:
            await socket.send(text)
            with pytest.raises(websockets.exceptions.ConnectionClosed):
                for _ in range(3):
                    await asyncio.wait_for(socket.recv(), 5)
        teacher.conn.send({"op": "step", "position": cacao_position(2)})
        follower = Client(service.url, {"op": "follow", "code": code})
        await follower.until(
            lambda: (follower.last("position") or {}).get("position") == cacao_position(2))
        for c in (teacher, follower):
            c.conn.close()
        service.stop()
    run(scenario())
