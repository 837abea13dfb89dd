"""A live class: one teacher leads, followers see the teacher's step and answer questions.

The class service holds, per class, the teacher's secret key, the current position (a Share
link's query: record + step, or lesson + step), the open question with its answers, and the
followers. Pages and kernels never share Python objects: each page's kernel speaks to the
service over one websocket (`ClassSocket`), JSON messages with an `op`:

  teacher:  start {app, position}          -> started {code, key}
            lead {code, key}               -> leading {code, position, followers, question}
            step {position}                -> (followers) position {position, seq}; an open
                                              question closes
            ask {}                         -> (everyone) question {id, position}; tally
            close {}                       -> (everyone) question {id: null}
            allow {seat_view}              -> (followers) settings {seat_view}
            end {}                         -> (everyone) ended {why: "teacher"}
  anyone:   find {code}                    -> found {app}  (the gallery's "join a class")
  follower: follow {code}                  -> position {...}, settings, question (if open)
            answer {question, action, name?} -> judged {verdict}; (teacher) tally
  service:  followers {n} (to the teacher), refused {why, text} (to whoever sent a bad one)

Only a connection that gave the class's key may drive it; a follower's message can only answer
the open question. Every message is checked as untrusted; sizes and rates are capped. Codes are
7 characters of an alphabet without look-alikes (31**7: about 35 bits) and are never listed.

Under `./dev serve` the service runs inside the server (server/voila.py); on JupyterHub the
same code runs as a hub-managed service (`python -m server.classroom`, deploy/)."""
from __future__ import annotations

import argparse
import json
import secrets
import time
from collections import deque
from dataclasses import dataclass, field

import explorer
from explorer import IllegalAction, lessons
from explorer.links import LinkError, parse_query
from explorer.messages import T
from widgets.shared.class_protocol import (ALPHABET, CODE_LENGTH, PATH, SERVICE_ENV,  # noqa: F401
                                           normal_code)

MAX_MESSAGE_BYTES = 16_384      # a position is a Share link's query: long games fit
MAX_NAME_CHARS = 40
STEP_GATHER = 0.02              # seconds a teacher's step waits for the next (a burst goes once)


@dataclass
class Limits:
    """The caps of a class service (ExplorerServer and the hub service take them as settings)."""

    followers: int = 60                 # per class
    joins_per_minute: int = 120         # pages asking for a class, per visitor address (a
                                        # school's students share one)
    misses_per_minute: int = 600        # codes that name no class (or a wrong teacher's key),
                                        # per connecting address: at 10 guesses a second, one
                                        # of 200 open classes is found once in ~160 days; every
                                        # page's kernel of a server shares its address, so a
                                        # class's stale codes must not fill it
    answers_per_question: int = 3       # per follower; the last one counts
    messages_per_second: float = 20.0   # per connection, averaged over 5 s (a teacher's: 5x,
                                        # for a burst of steps through a game)
    teacher_grace: float = 600.0        # seconds a class waits for a teacher gone
    classes: int = 200                  # open at once


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def position_state(game, query: str):
    """The state a class position shows and, at a lesson's question, (lesson, step index):
    LinkError for a position that cannot be opened."""
    link = parse_query(game, query, min(game.player_counts), 1)
    if link.lesson:
        try:
            lesson = lessons.get(game.name, link.lesson)
        except lessons.LessonError as exc:
            raise LinkError(str(exc)) from None
        states = lesson.states()
        i = max(0, min((link.step or 1) - 1, len(states) - 1))
        asked = i < len(lesson.steps) and lesson.steps[i].checkpoint is not None
        return states[i], ((lesson, i) if asked else None)
    states = list(game.setup_steps(link.players, link.seed, **link.options)) + list(link.states)
    i = len(states) - 1 if link.step is None else max(0, min(link.step - 1, len(states) - 1))
    return states[i], None


def judge(game, state, lesson_step, data) -> dict:
    """A follower's answer judged as a lesson judges a try: refused by which rule, or legal;
    right or wrong where a lesson states the answer. `data` is the untrusted action JSON."""
    try:
        action = game.action_from_json(data)
    except (ValueError, TypeError, KeyError):
        return {"kind": "bad", "text": str(T("This is not a move of this game."))}
    if lesson_step is not None:
        lesson, i = lesson_step
        verdict = lesson.judge(i, state, action)
        kind = "right" if verdict.right else ("wrong" if verdict.legal else "refused")
        move = state.describe_action(action) if verdict.legal else ""
        return {"kind": kind, "rule": verdict.rule or "", "move": str(move),
                "action": action.to_json(), "text": str(verdict.text)}
    try:
        state.apply(action)
    except IllegalAction as exc:
        return {"kind": "refused", "rule": exc.rule or "", "move": "",
                "action": action.to_json(), "text": str(exc.reason)}
    except Exception:      # a game's own check on a malformed field
        return {"kind": "bad", "text": str(T("This is not a move of this game."))}
    return {"kind": "legal", "rule": "", "move": str(state.describe_action(action)),
            "action": action.to_json(), "text": ""}


@dataclass
class Question:
    id: int
    position: str
    state: object
    lesson_step: object
    answers: dict = field(default_factory=dict)    # follower id -> verdict (+ name)
    tries: dict = field(default_factory=dict)      # follower id -> answers given

    def tally(self, following: int) -> dict:
        """How many answered and what, grouped: right / wrong / refused by rule / legal by move."""
        groups: dict[tuple, dict] = {}
        for verdict in self.answers.values():
            kind = verdict["kind"]
            key = (kind, verdict.get("rule", "") if kind == "refused" else verdict.get("move", ""))
            group = groups.setdefault(key, {"kind": kind, "rule": verdict.get("rule", ""),
                                            "move": verdict.get("move", ""),
                                            "text": verdict.get("text", ""),
                                            "action": verdict.get("action"),
                                            "count": 0, "names": []})
            group["count"] += 1
            if verdict.get("name"):
                group["names"].append(verdict["name"])
        order = {"right": 0, "legal": 1, "wrong": 2, "refused": 3, "bad": 4}
        return {"id": self.id, "answered": len(self.answers),
                "following": max(following, len(self.answers)),
                "lesson": self.lesson_step is not None,
                "groups": sorted(groups.values(), key=lambda g: (order[g["kind"]], -g["count"]))}


@dataclass
class Class:
    code: str
    key: str
    app: str
    position: str
    seq: int = 0
    teacher: object = None                   # its connection, None while gone
    teacher_gone: float | None = None
    followers: dict = field(default_factory=dict)   # follower id -> connection
    question: Question | None = None
    seat_view: bool = False
    asked: int = 0
    gathering: bool = False                  # a step waits to go out (Classroom.later)


class Classroom:
    """Every open class of one service. Connections are objects with `send(dict)` and
    `address`; the service calls `receive(conn, text)` for each message and `gone(conn)` when
    a connection closes. No I/O of its own: tests drive it directly."""

    def __init__(self, limits: Limits | None = None, clock=time.monotonic, later=None):
        """`later(seconds, callback)`, where the service has an event loop: a teacher's steps
        that come within STEP_GATHER of each other go out once, as the latest of them."""
        self.limits = limits or Limits()
        self.clock = clock
        self.later = later
        self.classes: dict[str, Class] = {}
        self._joins: dict[str, deque] = {}     # address -> times of pages asking for a class
        self._misses: dict[str, deque] = {}    # address -> times of codes that named no class
        self._ids = 0

    # -- the way in ---------------------------------------------------------------------------
    def receive(self, conn, text) -> None:
        """One message from `conn`, untrusted: a clean refusal for anything not understood."""
        if not self._within_rate(conn):
            return self._refuse(conn, "rate", T("Too many messages: slow down."))
        if isinstance(text, bytes) or not isinstance(text, str):
            return self._refuse(conn, "bad", T("A class message is JSON text."))
        if len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
            return self._refuse(conn, "bad", T("This class message is too long."))
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            return self._refuse(conn, "bad", T("A class message is JSON text."))
        if not isinstance(message, dict) or not isinstance(message.get("op"), str):
            return self._refuse(conn, "bad", T("A class message is an object with an 'op'."))
        handler = {"start": self._start, "lead": self._lead, "step": self._step,
                   "ask": self._ask, "close": self._close, "allow": self._allow,
                   "end": self._end, "follow": self._follow, "find": self._find,
                   "answer": self._answer}.get(message["op"])
        if handler is None:
            return self._refuse(conn, "bad", T("Unknown class message."))
        try:
            handler(conn, message)
        except Exception:       # never a traceback to a visitor, never a broken class
            self._refuse(conn, "bad", T("This class message cannot be used."))

    def gone(self, conn) -> None:
        """`conn` closed: a teacher's class waits `teacher_grace` for a teacher to lead it again."""
        lesson = getattr(conn, "lesson", None)
        if lesson is None or lesson.code not in self.classes:
            return
        if lesson.teacher is conn:
            lesson.teacher, lesson.teacher_gone = None, self.clock()
        elif lesson.followers.get(getattr(conn, "follower", None)) is conn:
            del lesson.followers[conn.follower]
            self._tell_count(lesson)

    def expire(self) -> list[str]:
        """End the classes whose teacher has been gone for `teacher_grace` (called every few
        seconds); their codes."""
        now = self.clock()
        ended = [c.code for c in self.classes.values()
                 if c.teacher is None and c.teacher_gone is not None
                 and now - c.teacher_gone >= self.limits.teacher_grace]
        for code in ended:
            self._finish(self.classes[code], "gone")
        return ended

    def end_all(self, why: str = "restart") -> None:
        """The service stops: everyone is told the class ends."""
        for lesson in list(self.classes.values()):
            self._finish(lesson, why)

    def followers(self, code: str) -> int:
        lesson = self.classes.get(normal_code(code) or "")
        return len(lesson.followers) if lesson else 0

    def join_allowed(self, address: str) -> bool:
        """One more page asking for a class from a visitor's `address` (server/voila.py) within
        the per-minute cap."""
        seen = self._last_minute(self._joins, address)
        if len(seen) >= self.limits.joins_per_minute:
            return False
        seen.append(self.clock())
        return True

    def _last_minute(self, table: dict, address: str) -> deque:
        """The times of `address`'s events in `table` within the last minute (older ones
        dropped, quiet addresses forgotten)."""
        now = self.clock()
        if len(table) > 10_000:
            for quiet in [a for a, q in table.items() if not q or now - q[-1] > 60]:
                del table[quiet]
        seen = table.setdefault(address, deque())
        while seen and now - seen[0] > 60:
            seen.popleft()
        return seen

    def _misses_of(self, conn) -> deque | None:
        """The misses of `conn`'s address in the last minute, to add one to; None (and the
        sender told to wait) once they reach the cap, even for a right code or key."""
        misses = self._last_minute(self._misses, str(getattr(conn, "address", "")))
        if len(misses) >= self.limits.misses_per_minute:
            self._refuse(conn, "rate", T("Too many joins from this address; wait a minute."))
            return None
        return misses

    def status(self, code) -> str:
        """"open", "full" or "unknown": what a page asking for `code` finds."""
        lesson = self.classes.get(normal_code(code) or "")
        if lesson is None:
            return "unknown"
        return "full" if len(lesson.followers) >= self.limits.followers else "open"

    # -- teacher ------------------------------------------------------------------------------
    def _start(self, conn, message) -> None:
        app = message.get("app")
        if app not in explorer.GAMES:
            return self._refuse(conn, "bad", T("No such app."))
        if len(self.classes) >= self.limits.classes:
            return self._refuse(conn, "busy", T("The explorer runs as many classes as it can; "
                                               "try again later."))
        position = self._position(conn, app, message.get("position"))
        if position is None:
            return
        code = new_code()
        while code in self.classes:
            code = new_code()
        lesson = self.classes[code] = Class(code, secrets.token_urlsafe(24), app, position)
        self._take_teacher(conn, lesson)
        conn.send({"op": "started", "code": code, "key": lesson.key})

    def _lead(self, conn, message) -> None:
        """Lead a class again with its key. An unknown code and a wrong key get one answer and
        count alike against the address, so that leading cannot tell which codes exist."""
        misses = self._misses_of(conn)
        if misses is None:
            return
        lesson = self.classes.get(normal_code(message.get("code")) or "")
        key = message.get("key")
        if lesson is None or not isinstance(key, str) or not secrets.compare_digest(
                key.encode(), lesson.key.encode()):
            misses.append(self.clock())
            return self._refuse(conn, "unknown", T("This class has ended or never existed."))
        if lesson.teacher is not None and lesson.teacher is not conn:
            lesson.teacher.send({"op": "ended", "why": "elsewhere"})
            lesson.teacher.lesson = None
        self._take_teacher(conn, lesson)
        conn.send({"op": "leading", "code": lesson.code, "position": lesson.position,
                   "seq": lesson.seq, "followers": len(lesson.followers),
                   "seat_view": lesson.seat_view,
                   "question": lesson.question.id if lesson.question else None})
        if lesson.question:
            conn.send({"op": "tally", **lesson.question.tally(len(lesson.followers))})

    def _take_teacher(self, conn, lesson: Class) -> None:
        conn.lesson, conn.follower = lesson, None
        lesson.teacher, lesson.teacher_gone = conn, None

    def _teaching(self, conn) -> Class | None:
        lesson = getattr(conn, "lesson", None)
        if lesson is None or lesson.teacher is not conn or lesson.code not in self.classes:
            self._refuse(conn, "key", T("Only the teacher's page can lead this class."))
            return None
        return lesson

    def _step(self, conn, message) -> None:
        lesson = self._teaching(conn)
        if lesson is None:
            return
        position = self._position(conn, lesson.app, message.get("position"))
        if position is None or position == lesson.position:
            return
        lesson.position, lesson.seq = position, lesson.seq + 1
        if lesson.question is not None:     # its answers were moves at the step it asked at
            lesson.question = None
            self._to_followers(lesson, {"op": "question", "id": None})
            conn.send({"op": "question", "id": None})
        if self.later is None:
            self._to_followers(lesson, self._position_message(lesson))
        elif not lesson.gathering:
            lesson.gathering = True
            self.later(STEP_GATHER, lambda: self._send_step(lesson))

    def _send_step(self, lesson: Class) -> None:
        lesson.gathering = False
        if self.classes.get(lesson.code) is lesson:
            self._to_followers(lesson, self._position_message(lesson))

    def _ask(self, conn, message) -> None:
        lesson = self._teaching(conn)
        if lesson is None:
            return
        state, lesson_step = position_state(explorer.GAMES[lesson.app], lesson.position)
        lesson.asked += 1
        lesson.question = Question(lesson.asked, lesson.position, state, lesson_step)
        said = {"op": "question", "id": lesson.question.id, "position": lesson.position}
        self._to_followers(lesson, said)
        conn.send(said)
        conn.send({"op": "tally", **lesson.question.tally(len(lesson.followers))})

    def _close(self, conn, message) -> None:
        lesson = self._teaching(conn)
        if lesson is None:
            return
        lesson.question = None
        self._to_followers(lesson, {"op": "question", "id": None})
        conn.send({"op": "question", "id": None})

    def _allow(self, conn, message) -> None:
        lesson = self._teaching(conn)
        if lesson is None or not isinstance(message.get("seat_view"), bool):
            return
        lesson.seat_view = message["seat_view"]
        self._to_followers(lesson, {"op": "settings", "seat_view": lesson.seat_view})

    def _end(self, conn, message) -> None:
        lesson = self._teaching(conn)
        if lesson is not None:
            self._finish(lesson, "teacher")

    def _finish(self, lesson: Class, why: str) -> None:
        said = {"op": "ended", "why": why, "position": lesson.position}
        for conn in [lesson.teacher, *lesson.followers.values()]:
            if conn is not None:
                conn.send(said)
                conn.lesson = None
        self.classes.pop(lesson.code, None)

    # -- followers ----------------------------------------------------------------------------
    def _joined(self, conn, message) -> Class | None:
        """The class a follow or find names; None (and the sender told why) if there is none or
        its address has missed too often. Only a miss counts: the connections come from the
        pages' kernels, so every page of a server shares its address, and a class's rejoins
        after a network drop must not lock the class out (the follower cap bounds them)."""
        misses = self._misses_of(conn)
        if misses is None:
            return None
        lesson = self.classes.get(normal_code(message.get("code")) or "")
        if lesson is None:
            misses.append(self.clock())
            self._refuse(conn, "unknown", T("This class has ended or never existed."))
        return lesson

    def _follow(self, conn, message) -> None:
        lesson = self._joined(conn, message)
        if lesson is None:
            return
        known = getattr(conn, "follower", None)
        if getattr(conn, "lesson", None) is not lesson or known not in lesson.followers:
            if len(lesson.followers) >= self.limits.followers:
                return self._refuse(conn, "full", T("This class is full."))
            self._ids += 1
            conn.lesson, conn.follower = lesson, f"f{self._ids}"
            lesson.followers[conn.follower] = conn
            self._tell_count(lesson)
        conn.send(self._position_message(lesson))
        conn.send({"op": "settings", "seat_view": lesson.seat_view})
        if lesson.question:
            conn.send({"op": "question", "id": lesson.question.id,
                       "position": lesson.question.position})

    def _find(self, conn, message) -> None:
        """Which app a class is in (a guess counts as a join against the address's cap)."""
        lesson = self._joined(conn, message)
        if lesson is not None:
            conn.send({"op": "found", "code": lesson.code, "app": lesson.app})

    def _answer(self, conn, message) -> None:
        lesson = getattr(conn, "lesson", None)
        follower = getattr(conn, "follower", None)
        if lesson is None or lesson.followers.get(follower) is not conn:
            return self._refuse(conn, "key", T("Only a follower of the class can answer."))
        question = lesson.question
        if question is None or message.get("question") != question.id:
            return self._refuse(conn, "closed", T("No question is open."))
        tries = question.tries.get(follower, 0)
        if tries >= self.limits.answers_per_question:
            return self._refuse(conn, "rate", T("You have answered this question already."))
        question.tries[follower] = tries + 1
        verdict = judge(explorer.GAMES[lesson.app], question.state, question.lesson_step,
                        message.get("action"))
        if verdict["kind"] == "bad":
            return conn.send({"op": "judged", "question": question.id, **verdict})
        name = message.get("name")
        if isinstance(name, str) and name.strip():
            verdict["name"] = " ".join(name.split())[:MAX_NAME_CHARS]
        question.answers[follower] = verdict
        conn.send({"op": "judged", "question": question.id, **verdict})
        if lesson.teacher is not None:
            lesson.teacher.send({"op": "tally", **question.tally(len(lesson.followers))})

    # -- helpers ------------------------------------------------------------------------------
    def _position(self, conn, app: str, position) -> str | None:
        """A position checked the way a Share link is: None (and the sender told) if bad."""
        if not isinstance(position, str):
            self._refuse(conn, "bad", T("A class position is a link's query."))
            return None
        try:
            position_state(explorer.GAMES[app], position)
        except LinkError as exc:
            self._refuse(conn, "bad", T("This position cannot be opened ({reason}).",
                                        reason=str(exc)))
            return None
        return position

    def _position_message(self, lesson: Class) -> dict:
        return {"op": "position", "code": lesson.code, "app": lesson.app,
                "position": lesson.position, "seq": lesson.seq}

    def _to_followers(self, lesson: Class, message: dict) -> None:
        for conn in list(lesson.followers.values()):
            conn.send(message)

    def _tell_count(self, lesson: Class) -> None:
        if lesson.teacher is not None:
            lesson.teacher.send({"op": "followers", "n": len(lesson.followers)})
        if lesson.question is not None and lesson.teacher is not None:
            lesson.teacher.send({"op": "tally", **lesson.question.tally(len(lesson.followers))})

    def _within_rate(self, conn) -> bool:
        now = self.clock()
        seen = getattr(conn, "_rx_seen", None)
        if seen is None:
            seen = conn._rx_seen = deque()
        while seen and now - seen[0] > 5:
            seen.popleft()
        lesson = getattr(conn, "lesson", None)
        teaching = lesson is not None and lesson.teacher is conn
        if len(seen) >= 5 * self.limits.messages_per_second * (5 if teaching else 1):
            return False
        seen.append(now)
        return True

    def _refuse(self, conn, why: str, text) -> None:
        conn.send({"op": "refused", "why": why, "text": str(text), "message": text.template
                   if hasattr(text, "template") else str(text),
                   "params": dict(getattr(text, "params", {}) or {})})


# --------------------------------------------------------------------------- over the wire

def socket_handler():
    """The tornado WebSocketHandler class of the service (tornado imported only here)."""
    import tornado.websocket

    class ClassSocket(tornado.websocket.WebSocketHandler):
        """One kernel's connection to the class service."""

        def initialize(self, classroom: Classroom):
            self.classroom = classroom
            self.lesson = None
            self.follower = None

        def check_origin(self, origin):
            return True      # kernels connect without a page's origin; keys guard the rest

        @property
        def address(self) -> str:
            return self.request.remote_ip or ""

        def open(self):
            self.set_nodelay(True)

        def on_message(self, message):
            self.classroom.receive(self, message)

        def on_close(self):
            self.classroom.gone(self)

        def send(self, message: dict) -> None:
            try:
                self.write_message(json.dumps(message, ensure_ascii=False))
            except tornado.websocket.WebSocketClosedError:
                pass

    ClassSocket.max_message_size = MAX_MESSAGE_BYTES
    return ClassSocket


def later(seconds: float, callback) -> None:
    """`callback` after `seconds` on tornado's loop (Classroom's `later` in a server)."""
    import tornado.ioloop
    tornado.ioloop.IOLoop.current().call_later(seconds, callback)


def routes(base_url: str, classroom: Classroom) -> list:
    return [(f"{base_url.rstrip('/')}/{PATH}", socket_handler(), {"classroom": classroom})]


def main(argv=None) -> None:
    """The class service on its own (a JupyterHub service): `python -m server.classroom`."""
    import os
    import signal

    import tornado.ioloop
    import tornado.web
    from urllib.parse import urlparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--port", type=int, default=None,
                        help="port (default: from JUPYTERHUB_SERVICE_URL, else 8870)")
    parser.add_argument("--ip", default=None, help="address to listen on")
    parser.add_argument("--followers", type=int, default=Limits.followers)
    args = parser.parse_args(argv)
    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:8870"))
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    classroom = Classroom(Limits(followers=args.followers), later=later)
    app = tornado.web.Application(routes("/", classroom) + (
        routes(prefix, classroom) if prefix.strip("/") else []))
    app.listen(args.port or url.port or 8870, args.ip or url.hostname or "127.0.0.1")
    tornado.ioloop.PeriodicCallback(classroom.expire, 5000).start()
    loop = tornado.ioloop.IOLoop.current()

    def stop(*_):
        classroom.end_all("restart")
        loop.add_callback_from_signal(lambda: loop.call_later(0.5, loop.stop))
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    loop.start()


if __name__ == "__main__":
    main()
