"""A live class in an app page: the teacher's panel (code, join link and QR code, followers, a
question and its tally) and a follower's banner (following, trying on one's own, the question).

The page's kernel speaks to the class service (server/classroom.py) over one websocket, on the
kernel's own event loop: a teacher's step goes out as it is shown, a follower's board follows as
each step arrives (pushed, never polled), and a lost connection is made again and catches up.
The teacher's key is kept in the page's session storage, so a reload leads the class again.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import time
from html import escape

import anywidget
import ipywidgets as w
import traitlets

from explorer.messages import Message, N, T

from .models import page_button, set_children, set_visible, shared_layout, shared_models
from .refusal import refused_by
from .session import ERROR
from .share_panel import page_address, qr_code
from .style import STATIC, style_tag

CLASS_PARAM = "class"
NEW = "new"
RETRY_SECONDS = (0.2, 0.5, 1, 2, 5)     # reconnecting, then every 5 s
BEAT_SECONDS = 10        # a class page's kernel tells its page it is there this often; a page
LOST_SECONDS = 30        # that hears nothing for this long says the class is lost
BURST_SECONDS = 0.15     # a step within this long of the last one drawn is part of a burst
ENDED = {
    "teacher": T("The teacher ended the class."),
    "gone": T("The class ended: the teacher has been away for 10 minutes."),
    "restart": T("The class ended: the explorer's server restarted."),
    "elsewhere": T("This class is now led from another page."),
}


def service_said(message: dict):
    """A refusal the class service sent, as a message this page says in its own language (the
    service sends the English template of its own code and its values); anything odd is shown
    as its plain text."""
    template, params = message.get("message"), message.get("params")
    if isinstance(template, str) and template and isinstance(params, dict):
        try:
            return Message(template, params={str(k): str(v) for k, v in params.items()})
        except (KeyError, ValueError, IndexError):
            pass
    text = message.get("text", "")
    return text if isinstance(text, Message) else str(text)


def service_url() -> str | None:
    """Where this kernel finds the class service: RX_CLASS_URL (a hub sets it), else the
    Voila server that runs this kernel; None outside a server."""
    from .class_protocol import PATH, SERVICE_ENV
    given = os.environ.get(SERVICE_ENV)
    if given:
        base = re.sub(r"^http", "ws", given.rstrip("/"))
        return f"{base}/{PATH}"
    port = os.environ.get("VOILA_APP_PORT")
    if not port:
        return None
    base = os.environ.get("VOILA_WS_BASE_URL") or os.environ.get("VOILA_SERVER_URL") or "/"
    return (f"{os.environ.get('VOILA_WS_PROTOCOL', 'ws')}://"
            f"{os.environ.get('VOILA_APP_IP', '127.0.0.1')}:{port}{base.rstrip('/')}/{PATH}")


def class_of(query: str) -> tuple[str | None, str]:
    """The `class` parameter of a page's query and the query without it."""
    params = [p for p in (query or "").lstrip("?").split("&") if p]
    asked = [p.split("=", 1)[1] if "=" in p else "" for p in params
             if p.split("=", 1)[0] == CLASS_PARAM]
    if not asked:
        return None, query          # as it came: a link checks its own length
    rest = "&".join(p for p in params if p.split("=", 1)[0] != CLASS_PARAM)
    return asked[-1], (f"?{rest}" if rest else "")


def without_language(query: str) -> str:
    """A position as the class shares it: each page keeps its own language."""
    rest = "&".join(p for p in query.lstrip("?").split("&") if p and not p.startswith("lang="))
    return f"?{rest}" if rest else ""


def same_game(a: str, b: str) -> bool:
    """Whether two positions differ only in their step."""
    def game(q):
        return [p for p in q.lstrip("?").split("&") if not p.startswith("step=")]
    return game(a) == game(b)


class ClassLink(anywidget.AnyWidget):
    """The page's side of a class (no view): says hello with the teacher's key kept in this
    tab's session (if any), keeps the key given, and marks the app root with
    data-class-code (leading) or data-following (following)."""

    _esm = STATIC / "class_link.js"
    role = traitlets.Unicode("").tag(sync=True)      # "", leading, following, trying, ended
    code = traitlets.Unicode("").tag(sync=True)
    keep = traitlets.Dict({}).tag(sync=True)         # {code, key}: kept in the tab's session
    lost_text = traitlets.Unicode("").tag(sync=True)
    lost_after = traitlets.Float(LOST_SECONDS).tag(sync=True)


async def find_class(code: str) -> dict:
    """Ask the class service which app class `code` is in: its answer ("found" or "refused")."""
    import websockets
    url = service_url()
    if url is None:
        return {"op": "refused", "why": "none",
                "text": T("A class needs the explorer's server: open this page through it.")}
    try:
        async with websockets.connect(url, open_timeout=10) as socket:
            await socket.send(json.dumps({"op": "find", "code": code}))
            answer = json.loads(await asyncio.wait_for(socket.recv(), 10))
            return answer if isinstance(answer, dict) else {}
    except Exception:
        return {"op": "refused", "why": "none",
                "text": T("The class service cannot be reached; try again in a moment.")}


class ClassJoin(anywidget.AnyWidget):
    """"Join a class" on the gallery: a code typed in opens the class's app, following it."""

    _esm = STATIC / "class_join.js"
    _css = STATIC / "class_join.css"
    words = traitlets.Dict({}).tag(sync=True)
    said = traitlets.Unicode("").tag(sync=True)
    go = traitlets.Unicode("").tag(sync=True)

    def __init__(self, say):
        super().__init__()
        self.say = say
        self.words = {"placeholder": say(T("Class code")), "button": say(T("Join")),
                      "label": say(T("Join a class: type the code your teacher shows"))}
        self.on_msg(self._asked)

    def _asked(self, _widget, content, _buffers) -> None:
        from .class_protocol import normal_code
        if not isinstance(content, dict):
            return
        code = normal_code(content.get("join"))
        if code is None:
            self.said = self.say(T("A class code has 7 letters and digits, as your teacher "
                                   "shows it."))
            return
        self.said = ""
        asyncio.ensure_future(self._find(code))

    async def _find(self, code: str) -> None:
        answer = await find_class(code)
        if answer.get("op") == "found":
            lang = getattr(self.say, "lang", "en")
            self.go = f"{answer['app']}.ipynb?{CLASS_PARAM}={code}" + (
                f"&lang={lang}" if lang != "en" else "")
        else:
            self.said = self.say(service_said(answer))


class ServiceConnection:
    """One websocket to the class service, made again when lost (then `on_open` is called
    again, to lead or follow anew). Runs on the kernel's event loop."""

    def __init__(self, url: str, on_open, on_message, on_lost):
        self.url, self.on_open, self.on_message, self.on_lost = url, on_open, on_message, on_lost
        self.socket = None
        self.closed = False
        self.task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        import websockets
        tries = 0
        while not self.closed:
            try:
                async with websockets.connect(self.url, open_timeout=10,
                                              max_size=2**20) as socket:
                    self.socket, tries = socket, 0
                    self.on_open()
                    async for text in socket:
                        try:
                            message = json.loads(text)
                        except ValueError:
                            continue
                        if isinstance(message, dict):
                            self.on_message(message)
            except asyncio.CancelledError:
                raise
            except Exception:
                pass
            self.socket = None
            if self.closed:
                break
            self.on_lost()
            await asyncio.sleep(RETRY_SECONDS[min(tries, len(RETRY_SECONDS) - 1)])
            tries += 1

    def send(self, message: dict) -> bool:
        if self.socket is None:
            return False
        asyncio.ensure_future(self._send(json.dumps(message)))
        return True

    async def _send(self, text: str) -> None:
        try:
            await self.socket.send(text)
        except Exception:
            pass      # the connection is being made again; on_open catches up

    def close(self) -> None:
        self.closed = True
        if self.socket is not None:
            asyncio.ensure_future(self.socket.close())
        self.task.cancel()


class ClassPanel:
    """Start, lead, follow and answer; `widget` (the teacher's panel or a follower's banner)
    sits above the board, `button` ("Class") beside the language menu. It follows `session`
    (a teacher's step goes out as it is shown; a follower's move answers a question);
    `perspective`, the view menu, is locked on "All open" for a follower unless the teacher
    allows one player's view; `open_query(query)` opens the class's position."""

    def __init__(self, session, words, perspective=None, open_query=None):
        self.session = session
        self.words = words
        self.perspective = perspective
        self.open_query = open_query or (lambda query: False)
        session.on("tried", self.tried)
        session.on("made", self.made)
        session.on("stepped", self.moved)
        self.link = ClassLink()
        self.link.on_msg(self._page_said)
        words.keep(lambda say: setattr(self.link, "lost_text", say(T(
            "The class is lost: the explorer's server has stopped answering (it may have "
            "restarted). Your board stays as it is; reload the page to join the class again."))))
        self._beating = None
        self.asked: str | None = None           # the page's `class` parameter
        self.role = ""                          # leading, following, trying, ended
        self.code = ""
        self.key = ""
        self.position = ""                      # the class's position (a follower's last)
        self.sent = ""                          # the last position a teacher sent
        self.question = None                    # the open question's id
        self.question_position = ""
        self.tally: dict | None = None
        self.followers = 0
        self.seat_view = False
        self.connection: ServiceConnection | None = None
        self.applying = False
        self.button = words.set(w.Button(layout=shared_layout(width="auto")),
                                description=T("Class"),
                                tooltip=T("Lead a class: your students follow this board"))
        self.button.add_class("rx-class-button")
        self.button.on_click(lambda _: self.start())
        self.join_shown = False
        self.widget = w.VBox([])
        set_visible(self.widget, False)
        self.widget.add_class("rx-class-panel")
        words.keep(lambda _: self._show())

    # the panel's parts, built when a class begins (or a test reaches for one): a page that
    # never leads nor follows one loads none of their models
    PARTS = frozenset({"status", "join", "tally_view", "ask", "close_question", "show_join",
                       "end", "back", "play_answer", "play", "large", "seats", "name", "row",
                       "tools", "tally_box"})

    def __getattr__(self, name):
        if name in type(self).PARTS and "_parts_built" not in self.__dict__:
            self._parts_built = True
            with shared_models():
                self._build_parts()
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _build_parts(self) -> None:
        words = self.words
        self.status = w.HTML()
        self.status.add_class("rx-class-status")
        self.join = w.HTML()
        self.join.add_class("rx-class-join")
        self.tally_view = w.HTML()
        self.tally_view.add_class("rx-class-tally")

        def button(text, tip, css, do):
            return page_button(words, text, tip, css, do)
        self.ask = button(T("Ask the class"), T("Each student answers with a move on their own "
                                                "board"), "rx-class-ask", self.ask_class)
        self.close_question = button(T("Close the question"), T("Stop taking answers"),
                                     "rx-class-close", lambda: self._say({"op": "close"}))
        self.show_join = button(T("Join code"), T("Show the code, link and QR code large"),
                                "rx-class-show-join", self._toggle_join)
        self.end = button(T("End the class"), T("Students keep this position as their own game"),
                          "rx-class-end", lambda: self._say({"op": "end"}))
        self.back = button(T("Back to the class"), T("Return to the teacher's step"),
                           "rx-class-back", self.back_to_class)
        self.play_answer = w.Dropdown(layout=shared_layout(width="auto"))
        self.play_answer.add_class("rx-class-play-menu")
        self.play = button(T("Play this answer"), T("Make the chosen answer on the board"),
                           "rx-class-play", self._play_chosen)
        self.large = words.set(w.ToggleButton(layout=shared_layout(width="auto")),
                               description=T("Show the tally large"),
                               tooltip=T("The tally across the page, for the projector"))
        self.large.add_class("rx-class-large")
        self.large.observe(lambda _: self._show(), names="value")
        self.seats = words.set(w.Checkbox(indent=False, layout=shared_layout(width="auto")),
                               description=T("Students may take one player's view"))
        self.seats.add_class("rx-class-seats")
        self.seats.observe(lambda c: self._say({"op": "allow", "seat_view": c["new"]}),
                           names="value")
        self.name = words.set(w.Text(layout=shared_layout(width="180px")),
                              placeholder=T("Your name (optional)"))
        self.name.add_class("rx-class-name")
        # built once, their children changed in place: a class sends many messages, and a new
        # box for each would leave the page a model per message
        self.row = w.HBox([], layout=shared_layout(align_items="center", flex_flow="row wrap"))
        self.tools = w.HBox([])
        self.tally_box = w.VBox([self.tally_view, self.tools])

    # -- from the page --------------------------------------------------------------------------
    def open(self, asked: str | None) -> None:
        """The page's `class` parameter: `new` starts a class, a code leads it again (with the
        key this tab keeps) or follows it; acted on when the page says hello."""
        self.asked = asked

    def _page_said(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or not content.get("hello") or self.asked is None:
            return
        key = content.get("key") if isinstance(content.get("key"), str) else ""
        asked, self.asked = self.asked, None
        if asked == NEW:
            self.start()
        else:
            from .class_protocol import normal_code
            code = normal_code(asked)
            if code is None:
                self.session.tell(T("This is not a class code: {code}.", code=asked[:20]), ERROR)
                return
            self.code, self.key = code, key
            self.role = "leading" if key else "following"
            self._connect()

    # -- teacher --------------------------------------------------------------------------------
    def start(self) -> None:
        if self.role in ("leading", "following", "trying"):
            return
        position = self._current()
        if not position:
            self.session.tell(T("A class needs a position with a link: this lesson of your own "
                                "has none. Download it as a record and open that."), ERROR)
            return
        self.role, self.code, self.key = "starting", "", ""
        self._connect()

    def _current(self) -> str:
        from .share_panel import position_query
        return without_language(position_query(self.session))

    def moved(self) -> None:
        """The app shows another step (called on every refresh): a teacher's goes out; a
        follower who made a move of their own is now trying on their own."""
        if self.role == "leading" and not self.applying:
            position = self._current()
            if position and position != self.sent:
                self.sent = position
                self._say({"op": "step", "position": position})

    def ask_class(self) -> None:
        self.join_shown = False                 # the board and the tally need the room
        self._show()
        self._say({"op": "ask"})

    def _play_chosen(self) -> None:
        chosen = self.play_answer.value
        if not chosen:
            return
        try:
            action = self.session.game.action_from_json(json.loads(chosen))
        except (ValueError, TypeError, KeyError):
            return
        self.session.play(action)

    def _toggle_join(self) -> None:
        self.join_shown = not self.join_shown
        self._show()

    # -- follower -------------------------------------------------------------------------------
    def tried(self, action) -> None:
        """A move tried on a follower's board: the answer to the open question, if the board
        shows the question's position."""
        if self.role == "following" and self.question is not None and not self.applying:
            if self._current() == self.question_position:
                self._say({"op": "answer", "question": self.question,
                           "action": action.to_json(), "name": self.name.value})

    def made(self) -> None:
        """A follower made a move of their own: the board no longer shows the class's step."""
        if self.role == "following" and not self.applying:
            self.role = "trying"
            self._show()

    def back_to_class(self) -> None:
        if self.role == "trying":
            self.role = "following"
            self._apply(self.position)
            self._show()

    def _apply_soon(self) -> None:
        """Show the class's latest position: at once after a quiet while, else (steps coming
        in a burst) a moment later, when every step that came meanwhile is read, so a burst is
        drawn a few times at its latest step, not step by step behind the teacher."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:           # no event loop (a test driving the panel): show it now
            return self._apply(self.position)
        if self._apply_waiting:
            return
        self._apply_waiting = True
        if time.monotonic() - self._applied_at < BURST_SECONDS:
            loop.call_later(BURST_SECONDS, self._apply_latest)
        else:
            loop.call_soon(self._apply_latest)

    def _apply_latest(self) -> None:
        self._apply_waiting = False
        if self.role == "following":
            self._apply(self.position)
            self._show()
        self._applied_at = time.monotonic()

    def _apply(self, position: str) -> None:
        """Show the class's position on this board, in this page's language."""
        if not position:
            return
        self.applying = True
        try:
            current = self._current()
            link_step = re.search(r"(?:^|[?&])step=(\d+)", position)
            if current and same_game(current, position) and link_step:
                self.session.go(int(link_step.group(1)) - 1)
            else:
                self.open_query(position)
        finally:
            self.applying = False

    # -- the service ----------------------------------------------------------------------------
    def _connect(self) -> None:
        url = service_url()
        if url is None:
            self.role = ""
            self.session.tell(T("A class needs the explorer's server: open this app through "
                                "it."), ERROR)
            return
        if self.connection is not None:
            self.connection.close()
        self.connection = ServiceConnection(url, self._opened, self._heard, self._lost)
        if self._beating is None:
            self._beating = asyncio.ensure_future(self._beat())
        self._show()

    async def _beat(self) -> None:
        """Tell the page this kernel is there, while it is in a class (see ClassLink)."""
        try:
            while self.role in ("starting", "leading", "following", "trying"):
                self.link.send({"alive": True})
                await asyncio.sleep(BEAT_SECONDS)
        finally:
            self._beating = None

    def _opened(self) -> None:
        if self.role == "starting":
            self._say({"op": "start", "app": self.session.game.name, "position": self._current()})
        elif self.role == "leading":
            self._say({"op": "lead", "code": self.code, "key": self.key})
        elif self.role in ("following", "trying"):
            self._say({"op": "follow", "code": self.code})

    def _lost(self) -> None:
        if self.role in ("leading", "following", "trying"):
            self.status_text = T("Connection to the class lost: reconnecting…")
            self._show()

    def _say(self, message: dict) -> None:
        if self.connection is not None:
            self.connection.send(message)

    def _heard(self, message: dict) -> None:
        op = message.get("op")
        self.status_text = None
        if op == "started":
            self.role, self.code, self.key = "leading", message["code"], message["key"]
            self.sent = self._current()
            self.link.keep = {"code": self.code, "key": self.key}
            self.join_shown = True
            self.session.refresh()        # the address now carries the class
        elif op == "leading":
            self.role, self.followers = "leading", message.get("followers", 0)
            self.link.keep = {"code": self.code, "key": self.key}
            self.sent = message.get("position", "")
            self.question = message.get("question")
            self._apply(self.sent)
            self.session.refresh()
        elif op == "position":
            self.position = message.get("position", "")
            if self.role == "following":
                self._apply_soon()
        elif op == "followers":
            self.followers = int(message.get("n", 0))
        elif op == "question":
            self.question = message.get("id")
            self.question_position = message.get("position", "") or ""
            if self.question is not None:
                self.tally = None
            self.answered = None
        elif op == "tally":
            self.tally = message
        elif op == "judged":
            self.answered = message
        elif op == "settings":
            self.seat_view = bool(message.get("seat_view"))
            self._seat_permission()
        elif op == "ended":
            self._ended(message.get("why", "teacher"), message.get("position", ""))
            return
        elif op == "refused":
            self._refused(message)
        self._show()

    def _ended(self, why: str, position: str) -> None:
        was = self.role
        self._leave(ENDED.get(why, ENDED["teacher"]))
        if was == "following" and position:
            self._apply(position)
        self.session.tell(T("{ended} This position is now your own game.", ended=self.ended_text)
                          if was in ("following", "trying") else self.ended_text)
        self.session.refresh()
        self._show()

    def _leave(self, why) -> None:
        """Out of the class (ended, or refused), saying `why`; the connection closed."""
        self.role, self.question, self.ended_text = "ended", None, why
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        self._seat_permission()

    def _refused(self, message: dict) -> None:
        why = message.get("why")
        text = service_said(message)
        was = self.role
        if why in ("unknown", "full", "key") and was in ("following", "trying", "leading",
                                                         "starting"):
            if why == "unknown" and (self.position or self.sent):
                # it was there a moment ago: the service started again without it
                return self._ended("restart", "")
            self._leave(text)
            self.session.refresh()
        self.session.tell(text, ERROR)

    def _seat_permission(self) -> None:
        """A follower sees everything open unless the teacher allows one player's view."""
        following = self.role in ("following", "trying")
        if self.perspective is None:
            return
        switch = self.perspective.buttons
        switch.disabled = following and not self.seat_view
        if switch.disabled and switch.value != -1:
            switch.value = -1

    def address(self) -> str | None:
        """The page's address while it is in a class (a reload comes back to it), else None."""
        if self.role in ("leading", "following", "trying") and self.code:
            lang = self.words.lang
            return f"?{CLASS_PARAM}={self.code}" + (f"&lang={lang}" if lang != "en" else "")
        return None

    # -- showing --------------------------------------------------------------------------------
    status_text = None
    ended_text = None
    answered = None
    _apply_waiting = False
    _applied_at = 0.0

    def _show(self) -> None:
        say = self.words
        # role and code reach the page in one message: a role that came alone would mark the
        # app root with the previous code (a follower's data-following empty for a moment)
        with self.link.hold_sync():
            self.link.code = self.code
            self.link.role = self.role if self.role != "starting" else ""
        set_visible(self.button, self.role not in ("leading", "starting", "following",
                                                   "trying"))
        children, parts = [], []
        if self.role == "" and self.status_text is None and "_parts_built" not in self.__dict__:
            set_visible(self.widget, False)     # no class: nothing to build nor show
            return
        if self.status_text is not None:
            parts.append(f'<span class="rx-class-warning">{escape(say(self.status_text))}</span>')
        if self.role == "starting":
            parts.append(escape(say(T("Starting a class…"))))
        elif self.role == "leading":
            parts.append(f'<b>{escape(say(T("Class")))}</b> <code class="rx-class-code">'
                         f'{escape(self.code)}</code> · <span class="rx-class-count">'
                         f'{escape(say(N("{n} student following", "{n} students following", self.followers)))}'
                         f'</span>')
            self.join.value = self._join_html()
            buttons = [self.show_join, self.close_question if self.question else self.ask,
                       self.seats, self.end]
            set_children(self.row, [self.status, *buttons])
            children = [self.row] + ([self.join] if self.join_shown else [])
            if self.tally is not None:
                self.tally_view.value = self._tally_html()
                choices = [(label, value) for label, value in self._answers()]
                self.play_answer.options = choices
                if choices and self.play_answer.value is None:
                    self.play_answer.value = choices[0][1]
                set_children(self.tools, [self.large] + (
                    [self.play_answer, self.play] if choices else []))
                children.append(self.tally_box)
            if self.large.value:
                self.tally_view.add_class("rx-class-tally-large")
            else:
                self.tally_view.remove_class("rx-class-tally-large")
        elif self.role in ("following", "trying"):
            if self.role == "following":
                parts.append(f'<b class="rx-class-following">'
                             f'{escape(say(T("Following the class")))}</b> '
                             f'<code class="rx-class-code">{escape(self.code)}</code>')
            else:
                parts.append(f'<b class="rx-class-trying">'
                             f'{escape(say(T("Trying on your own: the class does not see these moves.")))}'
                             f'</b>')
            if self.question is not None:
                if self.answered is not None:
                    parts.append('<span class="rx-class-answered">' + escape(say(
                        T("Your answer is in."))) + "</span>")
                elif self.role == "following":
                    parts.append('<span class="rx-class-question">' + escape(say(
                        T("The teacher asks: what would you play here? Make your move on the "
                          "board."))) + "</span>")
                else:
                    parts.append('<span class="rx-class-question">' + escape(say(
                        T("The teacher asks a question: go back to the class to answer."))) +
                        "</span>")
            row = [self.status] + ([self.back] if self.role == "trying" else []) + (
                [self.name] if self.question is not None and self.answered is None else [])
            set_children(self.row, row)
            children = [self.row]
        self.status.value = " ".join(parts)
        set_children(self.widget, children)
        set_visible(self.widget, bool(children))

    def _join_html(self) -> str:
        say = self.words
        address = page_address()
        link = f"{address}?{CLASS_PARAM}={self.code}" if address else f"?{CLASS_PARAM}={self.code}"
        svg = qr_code(link).svg_inline(dark="#000", light="#fff", border=4, omitsize=True,
                                       title=say(T("QR code of the class's join link")))
        return (f'<div class="rx-class-join-box"><div class="rx-class-qr">{svg}</div>'
                f'<div><div class="rx-class-join-code">{escape(self.code)}</div>'
                f'<div>{escape(say(T("Join: open this link, or type the code on the gallery")))}'
                f'</div><div class="rx-class-link">{escape(link)}</div></div></div>')

    def _answers(self) -> list[tuple[str, str]]:
        """The tally's playable answers (right ones first), as menu choices."""
        out = []
        for group in (self.tally or {}).get("groups", []):
            if group["kind"] in ("right", "legal", "wrong") and group.get("action"):
                out.append((f'{self._move(group)} ({group["count"]})',
                            json.dumps(group["action"], sort_keys=True)))
        return out

    def _move(self, group: dict) -> str:
        """A tallied move as this page says it (its own language)."""
        try:
            state = self.session.timeline.frame.state
            return self.words(state.describe_action(self.session.game.action_from_json(
                group["action"])))
        except Exception:
            return group.get("move", "")

    def _tally_html(self) -> str:
        say, tally = self.words, self.tally or {}
        answered, following = tally.get("answered", 0), tally.get("following", 0)
        head = escape(say(T("{answered} of {following} answered", answered=answered,
                            following=following)))
        counts = {"right": 0, "wrong": 0}
        rows = []
        for group in tally.get("groups", []):
            kind = group["kind"]
            if kind == "right":
                what, counts["right"] = say(T("Right: {move}", move=self._move(group))), \
                    counts["right"] + group["count"]
            elif kind == "refused":
                counts["wrong"] += group["count"]
                what = refused_by(group["rule"], say)
            elif kind == "wrong":
                counts["wrong"] += group["count"]
                what = say(T("Not the answer: {move}", move=self._move(group)))
            else:
                what = say(T("Played: {move}", move=self._move(group)))
            names = (" — " + ", ".join(escape(n) for n in group.get("names", []))
                     if group.get("names") else "")
            rows.append(f'<li class="rx-class-group rx-class-{kind}"><b>{group["count"]}</b> '
                        f'{escape(what)}{names}</li>')
        silent = max(0, following - answered)
        summary = ""
        if tally.get("lesson"):
            summary = escape(say(T("{right} right · {wrong} wrong · {silent} not answered, of "
                                   "{following}", right=counts["right"], wrong=counts["wrong"],
                                   silent=silent, following=following)))
        return (f'<div class="rx-class-tally-head">{head}</div>'
                + (f'<div class="rx-class-summary">{summary}</div>' if summary else "")
                + f'<ul>{"".join(rows)}</ul>')


CLASS_CSS = style_tag("class_panel.css")
