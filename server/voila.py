"""The explorer's web server: Voila, sized for a class.

What plain Voila does not do for a room full of visitors:

- Render pages never set the ``_xsrf`` cookie, so the shutdown request a page sends when it is
  closed is refused (403) and its kernel lingers until the culler finds it. Every app page here
  sets the cookie, so closing a page ends its kernel at once.
- Voila keeps the same number of warm kernels for every notebook. Here the game apps, where a
  class arrives together, keep ``warm_kernels`` each; the gallery and rulebook pages keep Voila's
  ``default_pool_size``.
- Nothing limits how many kernels anonymous visitors start. Here at most ``max_visitors`` pages
  hold a kernel; the next visitor gets a short "the explorer is full" page (HTTP 503,
  ``Retry-After``) instead of a server that runs out of memory.
- A kernel whose page vanished without a word (a crashed tab, a phone that discarded it, a
  shutdown request lost) kept its place for Voila's idle cull, minutes later; a few dozen such
  pages filled the server. Here a visitor's kernel with no page connected for
  ``reconnect_grace`` seconds is shut down; a page that reconnects sooner keeps its game.
- A warm kernel whose process died while it waited (killed, out of memory) was still handed
  to the next visitor, whose page then said it could not start. Here it is taken out of the
  pool and replaced; the visitor gets the next warm kernel or one of their own.
- A warm kernel alive but deaf (one whose port another process took as it started, one
  stopped) was handed to a visitor, who waited forever for a board. Here a warm kernel must
  answer a ``kernel_info`` request as it starts and again, within ``warm_answer_timeout``
  seconds (scaled up on a loaded machine), as it is handed to a page; one that does not is
  taken out of the pool, replaced and shut down, and the visitor gets the next.
- Voila replaces a warm kernel ``fill_delay`` seconds after a page took it: in a burst of
  visitors longer than that, the replacements (each starting Python and running its notebook)
  took the cores from the visitors still arriving. Here the pool is refilled once no page has
  taken a warm kernel for ``fill_delay`` seconds (the burst is over), or at the latest
  ``REFILL_WAIT_SCALE`` times that after the first was taken.
- Tornado drops, unanswered, a request whose headers pass 64 KB, before the app's own limit on
  links (``MAX_QUERY_CHARS``). Here tornado's limit is above it, and a longer link gets a short
  "this link is too long" page (HTTP 414).
- What a kernel writes on stderr (a traceback with the server's paths, when a page sends a
  widget message it cannot handle) reached the visitor's page. Here the page gets one line and
  the log a one-line warning. A template file path Voila cannot split (``..``) answered 500 with
  a traceback in the log; here it is a plain 404.

Run it like Voila: ``python -m server.voila notebooks --Voila.config_file_paths=.``; every
setting lives in voila.json.
"""
from __future__ import annotations

import asyncio
import html
import json
import os
import queue
import time
from pathlib import Path

import tornado.web
import zmq.asyncio
from jupyter_client.session import Session
from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.connection.base import (deserialize_msg_from_ws_v1,
                                                              serialize_msg_to_ws_v1)
from tornado.ioloop import PeriodicCallback
from traitlets import Float, Int, Unicode
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from explorer import i18n
from explorer.links import MAX_QUERY_CHARS
from explorer.messages import T
from server import classroom
from widgets.shared.style import static_text

# Tornado reads a request's headers up to this many bytes and drops the connection beyond: room
# for a link as long as the app takes, plus tornado's own 64 KB for everything else.
MAX_HEADER_BYTES = MAX_QUERY_CHARS + 65_536

# What a visitor's page is told instead of what the kernel wrote on stderr.
VISITOR_ERROR = T("The explorer could not do that here; the server's log says why.")
LOGGED_CHARS = 300  # of a kernel's stderr, in the server's one-line warning
MAX_LOAD_SCALE = 5.0  # a loaded machine gives a kernel at most this many times longer to answer
START_ANSWER_SCALE = 20  # a warm kernel just started has this many budgets to first answer
ASK_AGAIN_S = 1.0     # a kernel not answering is asked again this often, within its budget
REFILL_WAIT_SCALE = 5  # a pool is refilled at the latest this many fill delays after a page took
                       # a kernel from it, even if pages keep taking them
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"

NOTICE_CSS = static_text("notice_page.css", beside=__file__)
NOTICE_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">{head}
<title>{title}</title>
<style>
{style}</style></head>
<body><main class="{kind}">
<h1>{title}</h1>
{text}
</main></body></html>
"""


def notice_page(kind: str, title: str, text: str, head: str = "", lang: str = "en") -> str:
    """A short page in place of an app (its `<main>` has class `kind`); `text` is HTML, `title`
    plain text, both in `lang`."""
    return NOTICE_PAGE.format(kind=kind, title=html.escape(title), text=text, head=head,
                              lang=lang, style=NOTICE_CSS)


def request_language(query_lang: str | None, accept_language: str | None) -> str:
    """The language of a page the server writes itself: the address's `lang` if it is one of
    ours, else the browser's preference (Accept-Language), else English."""
    return i18n.language(query_lang) or i18n.negotiate(accept_language)


LINK = "\x00"   # where a link's HTML goes into a translated sentence


def said_html(lang: str, text, link: str = "") -> str:
    """`text` (a message) in `lang`, escaped, with `link` (HTML) where it says LINK."""
    return html.escape(i18n.render(text, lang), quote=False).replace(LINK, link)


# What an app page says when its notebook run gave up (the server was too busy, the kernel
# died). The page then has no kernel to ask for its words, so the template
# (share/jupyter/voila/templates/rules-explorer/index.html.j2) holds this in every language;
# tests/test_server_words.py keeps the two the same.
START_FAILED = (T("The explorer could not start on this page."),
                T("The server is probably busy."),
                T("{reload} to try again; if that keeps failing, wait a minute.", reload=LINK))
RELOAD = T("Reload the page")


def start_failed_html(lang: str) -> str:
    """The could-not-start notice in `lang`, as HTML."""
    first, second, third = START_FAILED
    link = ('<a href="" onclick="location.reload();return false;">'
            + html.escape(i18n.render(RELOAD, lang)) + "</a>")
    return (f"<strong>{said_html(lang, first)}</strong> {said_html(lang, second)} "
            f"{said_html(lang, third, link)}")


class ExplorerPageHandler(TornadoVoilaHandler):
    """An app page: sets the xsrf cookie, refuses a link longer than the app reads, and turns
    visitors away once the server is full."""

    async def prepare(self):
        if len(self.request.query) > MAX_QUERY_CHARS:
            return self.refuse_long_link()
        await super().prepare()
        if self._finished:  # e.g. redirected to a login page
            return
        self.xsrf_token  # noqa: B018 - reading it sets the _xsrf cookie the closing page needs
        server = self.settings["voila"]  # Voila files itself under its name
        visitors = server.visitors()
        if visitors >= server.max_visitors:
            self.log.warning("explorer full: %d visitors, refusing %s", visitors, self.request.path)
            self.set_status(503)
            self.set_header("Retry-After", str(server.retry_after))
            self.linked_notice(
                "rx-full", T("The explorer is full"),
                T("All {visitors} places on this server are taken right now.", visitors=visitors),
                T("Try again in a minute: this page tries by itself every {seconds} seconds, or "
                  "{again}.", seconds=server.retry_after, again=LINK),
                self.request.uri, T("try again now"),
                head=f'\n<meta http-equiv="refresh" content="{server.retry_after}">')
            return
        if self.check_class(server):
            return
        if server.voila_configuration.preheat_kernel:
            await server.drop_lost_warm_kernels()

    def check_class(self, server) -> bool:
        """A page that asks to follow a class (`?class=<code>`) is counted against its
        address's joins; an unknown code, a full class or too many joins get a clear page, not
        an app that cannot follow. Whether it got one."""
        try:
            code = self.get_query_argument("class", None)
        except Exception:
            return False
        if code is None or code == "new":
            return False
        if not server.classroom.join_allowed(self.request.remote_ip or ""):
            status, kind, title, text = 429, "rx-class-refused", T("Too many joins"), T(
                "Too many pages asked to join a class from this address; wait a minute.")
        else:
            found = server.classroom.status(code)
            if found == "open":
                return False
            status, kind = (404, "rx-class-unknown") if found == "unknown" else (503, "rx-class-full")
            title, text = ((T("No such class"), T("This class has ended or never existed: check "
                                                   "the code with your teacher."))
                           if found == "unknown" else
                           (T("This class is full"), T("The class has as many followers as it "
                                                      "takes. Ask your teacher.")))
        self.set_status(status)
        gallery = f'{self.settings.get("base_url", "/")}?lang={self.language()}'
        self.linked_notice(kind, title, text,
                           T("Open {gallery} to explore on your own.", gallery=LINK),
                           gallery, T("the gallery"))
        return True

    def refuse_long_link(self) -> None:
        """Say the link is too long (HTTP 414) rather than start a kernel that would refuse it."""
        length = len(self.request.query)
        self.log.warning("link too long: %d characters, refusing %s", length, self.request.path)
        self.set_status(414)
        self.linked_notice(
            "rx-too-long", T("This link is too long"),
            T("This link has {length:,} characters; the explorer opens links of at most "
              "{limit:,}.", length=length, limit=MAX_QUERY_CHARS),
            T("A long game travels better as a record file (the Share tab saves one), or "
              "{without}.", without=LINK),
            self.request.path, T("open the game without it"))

    def language(self) -> str:
        """The language the request asks for: its `lang` argument, else Accept-Language (a
        link too long to read has its `lang` looked for in the first part only)."""
        try:
            asked = self.get_query_argument("lang", None)
        except Exception:   # a query tornado cannot split
            asked = None
        return request_language(asked, self.request.headers.get("Accept-Language"))

    def linked_notice(self, kind: str, title, text, then, href: str, link_text,
                      head: str = "") -> None:
        """Answer with the notice page `kind` (notice_page) in the request's language: `title`,
        then a paragraph `text`, then a paragraph `then` whose LINK is a link to `href` saying
        `link_text` (messages all)."""
        lang = self.language()
        link = f'<a href="{html.escape(href)}">{html.escape(i18n.render(link_text, lang))}</a>'
        self.notice(notice_page(kind, i18n.render(title, lang),
                                "<p>" + said_html(lang, text) + "</p>\n<p>"
                                + said_html(lang, then, link) + "</p>", head=head, lang=lang))

    def notice(self, page: str) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page)


class NotFoundHandler(tornado.web.RequestHandler):
    """An address no route knows: tornado's own answer is a bare page with no language, which
    a screen reader reads in whatever voice it has; this one says it is English."""

    def prepare(self):
        raise tornado.web.HTTPError(404)

    def write_error(self, status_code, **kwargs):
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        reason = html.escape(self._reason)
        self.finish(f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
                    f'<title>{status_code}: {reason}</title></head>'
                    f'<body><main><h1>{status_code}: {reason}</h1></main></body></html>')


class ExplorerShutdownHandler(VoilaShutdownKernelHandler):
    """A closing page asks twice (its own request and Voila's): the second finds no kernel."""

    @tornado.web.authenticated
    async def post(self, kernel_id):
        if kernel_id not in self.kernel_manager:
            self.set_status(404)
            return self.finish()
        return await super().post(kernel_id)


class ExplorerTemplateFileHandler(TemplateStaticFileHandler):
    """Voila's template files (`<template>/static/<file>`). Voila asserts that shape, so a path
    such as `rules-explorer/../../etc/passwd` raised (HTTP 500, a traceback in the log); here
    any path that is not a plain file below a template's static folder is a 404."""

    def parse_url_path(self, path):
        parts = path.split("/")
        if (len(parts) < 3 or parts[1] != "static" or "\0" in path
                or any(part in ("", ".", "..") for part in parts)):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(path)


class ExplorerKernelWebsocketHandler(VoilaKernelWebsocketHandler):
    """A page's websocket to its kernel. What the kernel writes on stderr (a traceback with the
    server's paths when a page sends a widget message it cannot handle) and error reports reach
    the page as one line; the server's log gets a one-line warning. It also tells the server
    when a page connects and goes, so that a connection shorter than its checks still counts."""

    async def open(self, kernel_id):
        # a step's widget updates are a burst of small messages: with Nagle's algorithm on
        # (tornado leaves it on after the upgrade) the second one waited for the browser's
        # delayed ACK, 40 ms, on about half of all clicks
        self.set_nodelay(True)
        self.settings["voila"].page_connected(kernel_id)
        await super().open(kernel_id)

    def on_close(self):
        super().on_close()
        self.settings["voila"].page_gone(self.kernel_id)

    def write_message(self, message, binary=False):
        try:
            if isinstance(message, bytes) and self.selected_subprotocol == V1_PROTOCOL:
                message = self.cleaned_v1(message)
            elif isinstance(message, str):  # the older JSON protocol (bytes there carry buffers)
                message = self.cleaned_json(message)
        except Exception as exc:  # a message this cannot read is not an error report
            self.log.debug("message not checked for errors: %r", exc)
        return super().write_message(message, binary)

    def cleaned_v1(self, message: bytes) -> bytes:
        channel, parts = deserialize_msg_from_ws_v1(message)
        if channel != "iopub" or not (b'"stream"' in parts[0] or b'"error"' in parts[0]):
            return message
        header, content = json.loads(parts[0]), json.loads(parts[3])
        if not self.clean(header.get("msg_type"), content):
            return message
        parts[3] = json.dumps(content).encode()
        return serialize_msg_to_ws_v1(parts, channel)

    def cleaned_json(self, message: str) -> str:
        if '"stream"' not in message and '"error"' not in message:
            return message
        msg = json.loads(message)
        if msg.get("channel") != "iopub" or not self.clean(msg["header"].get("msg_type"),
                                                           msg["content"]):
            return message
        return json.dumps(msg)

    def visitor_error(self) -> str:
        """VISITOR_ERROR in the page's language (the socket's `lang` or Accept-Language)."""
        try:
            asked = self.get_query_argument("lang", None)
        except Exception:
            asked = None
        return i18n.render(VISITOR_ERROR, request_language(
            asked, self.request.headers.get("Accept-Language")))

    def clean(self, kind: str, content: dict) -> bool:
        """Replace what the visitor must not see, in place; whether anything was."""
        if kind == "stream" and content.get("name") == "stderr":
            said = content.get("text", "")
            content["text"] = self.visitor_error() + "\n"
        elif kind == "error":
            said = f"{content.get('ename')}: {content.get('evalue')}"
            content.update(ename="Error", evalue=self.visitor_error(), traceback=[])
        else:
            return False
        self.log.warning("kernel %s: %s (the page was told in one line)",
                         self.kernel_id, one_line(said))
        return True


def one_line(text: str) -> str:
    """A kernel's stderr in one line: its first line and, for a traceback, the error it ends
    with, clipped."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return "(empty stderr)"
    said = lines[0] if len(lines) == 1 else f"{lines[0]} … {lines[-1]}"
    return said if len(said) <= LOGGED_CHARS else said[:LOGGED_CHARS - 1] + "…"


class ExplorerServer(Voila):
    """Voila with kernels that end with their page (or soon after it vanished), a cap on
    visitors, and short answers to hostile requests."""

    max_visitors = Int(40, config=True, help=(
        "How many pages may hold a kernel at once (preheated kernels waiting in the pool do not "
        "count). Each costs about 75 MB."))
    retry_after = Int(60, config=True, help="Seconds a turned-away visitor is asked to wait.")
    warm_kernels = Int(1, config=True, help=(
        "Kernels kept warm (notebook already run) for each game app, so that this many visitors "
        "arriving at once get a board without waiting for a kernel to start. Each costs about "
        "75 MB while it waits."))

    warm_answer_timeout = Float(3.0, config=True, help=(
        "Seconds a warm kernel has to answer a kernel_info request as it is handed to a page "
        "(20 times as long just after it started); one that does not (alive but deaf: a port "
        "taken by another process as it started, a stopped process) is replaced. Multiplied by "
        "the machine's load per core when that is above 1, at most by 5."))

    warm_apps = Unicode("", config=True, help=(
        "Comma-separated game names (as in explorer.GAMES) whose app keeps `warm_kernels`; the others "
        "keep one, like the gallery. Empty: every game."))

    reconnect_grace = Float(60, config=True, help=(
        "Seconds a visitor's kernel is kept with no page connected to it (a crashed or "
        "discarded tab, a page closed without its shutdown request, a laptop asleep); then it "
        "is shut down and its place freed. A page that reconnects sooner keeps its game. A "
        "kernel busy running its notebook waits. 0: never (Voila's idle cull only)."))

    class_followers = Int(60, config=True, help="Followers a live class takes at most.")
    class_joins = Int(120, config=True, help=(
        "Pages that may ask to join a class per minute from one address (a school's students "
        "often share one)."))

    aliases = {**Voila.aliases, "warm": "ExplorerServer.warm_kernels",
               "warm-apps": "ExplorerServer.warm_apps",
               "max-visitors": "ExplorerServer.max_visitors",
               "reconnect-grace": "ExplorerServer.reconnect_grace"}

    def init_settings(self):
        """Size the warm pools before Voila creates its kernel manager from the config."""
        if self.voila_configuration.preheat_kernel:
            from explorer import GAMES

            root = Path(self.root_dir)
            chosen = {n.strip() for n in self.warm_apps.split(",") if n.strip()} or set(GAMES)
            unknown = sorted(chosen - set(GAMES))
            if unknown:
                raise ValueError(f"--warm-apps: no game named {', '.join(unknown)}; "
                                 f"games: {', '.join(GAMES)}")
            pools = {"default": {"pool_size": self.voila_configuration.default_pool_size}}
            pools.update({f"{name}.ipynb": {"pool_size": self.warm_kernels}
                          for name in chosen if (root / f"{name}.ipynb").exists()})
            self.config.VoilaKernelManager.kernel_pools_config = pools
        settings = super().init_settings()
        settings["default_handler_class"] = NotFoundHandler
        if self.voila_configuration.preheat_kernel:
            self.watch_warm_kernels()
        return settings

    def watch_warm_kernels(self) -> None:
        """Note every warm kernel that is restarted while it waits in the pool (killed, out of
        memory): the notebook ran in the process that died, so that kernel cannot serve a
        page. Ask every new warm kernel whether it answers (`check_warm_kernel`), and every one
        handed to a page as it is (`check_warm_kernels_on_hand_out`)."""
        manager = self.kernel_manager
        self._lost_warm: set[str] = set()
        self._refills: dict[str, tuple[float, asyncio.TimerHandle]] = {}
        fill = manager.fill_if_needed

        def watch(task, name) -> None:
            if task.cancelled() or task.exception() is not None:
                return
            kernel_id = task.result()["kernel_id"]
            asyncio.ensure_future(self.check_warm_kernel(name, task))

            def restarted() -> None:
                if kernel_id in self.pooled():   # a visitor's kernel restarts as it always did
                    self._lost_warm.add(kernel_id)
            try:
                manager.add_restart_callback(kernel_id, restarted, "restart")
            except KeyError:        # gone already
                self._lost_warm.add(kernel_id)

        def fill_and_watch(*args, notebook_name=None, **kwargs):
            if kwargs.get("delay", args[0] if args else None) is None:   # a page took one
                return self.refill_after_burst(fill_and_watch, notebook_name, kwargs)
            before = len(manager._pools.get(notebook_name, ()))
            fill(*args, notebook_name=notebook_name, **kwargs)
            for task in manager._pools.get(notebook_name, [])[before:]:
                task.add_done_callback(lambda task, name=notebook_name: watch(task, name))

        manager.fill_if_needed = fill_and_watch
        for name, pool in manager._pools.items():    # filled as the manager was made
            for task in pool:
                task.add_done_callback(lambda task, name=name: watch(task, name))
        self._check_context = zmq.asyncio.Context()
        self.check_warm_kernels_on_hand_out()

    def refill_after_burst(self, fill, name: str, kwargs: dict) -> None:
        """Call `fill` (with no delay) for the pool of `name` once no page has taken a warm
        kernel from it for `fill_delay` seconds, or `REFILL_WAIT_SCALE` times that after the
        first page did: in a burst, each page taken pushes the refill back."""
        delay = self.kernel_manager.fill_delay
        loop = asyncio.get_event_loop()
        now = loop.time()
        first, handle = self._refills.get(name, (now, None))
        if handle is not None:
            handle.cancel()

        def refill() -> None:
            self._refills.pop(name, None)
            fill(**{**kwargs, "delay": 0, "notebook_name": name})

        when = min(now + delay, first + REFILL_WAIT_SCALE * delay)
        self._refills[name] = (first, loop.call_at(when, refill))

    def check_warm_kernels_on_hand_out(self) -> None:
        """Hand a page only a warm kernel that answers (`kernel_answers`): Voila's
        `get_rendered_notebook` takes the first kernel of the pool; here the first started one
        is taken out and asked first, and put back first for Voila to take only if it answers.
        One that does not is replaced and shut down, and the next is asked. A kernel still
        starting is left to Voila, which waits for it as before."""
        manager = self.kernel_manager
        hand_out = manager.get_rendered_notebook

        async def checked_hand_out(notebook_name, *args, **kwargs):
            pool = manager._pools.get(notebook_name, [])
            while True:
                task = next((t for t in pool if t.done()), None)
                if task is None:
                    break
                pool.remove(task)
                why = await self.cannot_serve(task)
                if why is None:
                    pool.insert(0, task)    # Voila's hand_out pops it before it awaits anything
                    break
                self.replace_warm_kernel(notebook_name, task, why)
            if not pool:
                manager.fill_if_needed(delay=0, notebook_name=notebook_name)
            return await hand_out(notebook_name, *args, **kwargs)

        manager.get_rendered_notebook = checked_hand_out

    async def cannot_serve(self, task, budget: float | None = None) -> str | None:
        """Why the warm kernel of pool item `task` (done) cannot serve a page, or None if it can:
        it answers kernel_info within `budget` seconds (default `answer_budget()`). A warm
        kernel's notebook normally waits in its last cell for a page to take it (the apps call
        `wait_for_request`), its shell busy with it: it is asked on the control channel, which
        ipykernel answers meanwhile; one whose notebook has run is asked on the shell channel,
        the one its page will use."""
        if task.cancelled() or task.exception() is not None:
            return "failed to start"
        content = task.result()
        kernel_id, render = content["kernel_id"], content["task"]
        if kernel_id in self._lost_warm or kernel_id not in self.kernel_manager:
            return "died while it waited"
        if render.done() and (render.cancelled() or render.exception() is not None):
            return "could not run its notebook"
        budget = self.answer_budget() if budget is None else budget
        if not await self.kernel_answers(kernel_id, "shell" if render.done() else "control",
                                         budget):
            return f"did not answer within {budget:.1f} s"
        return None

    def answer_budget(self) -> float:
        """`warm_answer_timeout`, scaled by the machine's load per core when above 1."""
        try:
            load = os.getloadavg()[0] / (os.cpu_count() or 1)
        except OSError:
            load = 1.0
        return self.warm_answer_timeout * min(max(load, 1.0), MAX_LOAD_SCALE)

    async def kernel_answers(self, kernel_id: str, channel: str, budget: float) -> bool:
        """Whether the kernel answers a kernel_info request on `channel` ("shell" or
        "control") within `budget` seconds. A kernel that does not answer within
        `ASK_AGAIN_S` seconds is asked again on a new connection: a request sent while a new
        kernel is still binding its ports can be lost with its connection."""
        deadline = time.monotonic() + budget
        while (left := deadline - time.monotonic()) > 0:
            try:
                kernel = self.kernel_manager.get_kernel(kernel_id)
            except KeyError:
                return False
            # a session of its own: a client's zmq identity is its session's id, and one
            # sharing the kernel manager's (as Voila's notebook runner does) took that
            # runner's place at the kernel, which then stopped answering the runner
            client = kernel.client(context=self._check_context, session=Session(
                key=kernel.session.key, signature_scheme=kernel.session.signature_scheme))
            client.start_channels(shell=channel == "shell", iopub=False, stdin=False,
                                  hb=False, control=channel == "control")
            try:
                request = client.session.msg("kernel_info_request")
                getattr(client, f"{channel}_channel").send(request)
                get = client.get_shell_msg if channel == "shell" else client.get_control_msg
                again = time.monotonic() + min(ASK_AGAIN_S, left)
                while (wait := again - time.monotonic()) > 0:
                    try:
                        reply = await get(timeout=wait)
                    except queue.Empty:
                        break
                    if reply["parent_header"].get("msg_id") == request["header"]["msg_id"]:
                        return True
            finally:
                client.stop_channels()
        return False

    async def check_warm_kernel(self, name: str, task) -> None:
        """Ask a new warm kernel as its process starts, with time to start
        (`START_ANSWER_SCALE` times the budget): one that does not answer is replaced now rather
        than found out when a visitor arrives."""
        started = time.monotonic()
        kernel_id = task.result()["kernel_id"]
        why = await self.cannot_serve(task, START_ANSWER_SCALE * self.answer_budget())
        pool = self.kernel_manager._pools.get(name, [])
        if why is None:
            self.log.info("warm kernel %s for %s answers %.1f s after it started", kernel_id,
                          name, time.monotonic() - started)
        elif task in pool:              # not taken by a page meanwhile
            pool.remove(task)
            self.replace_warm_kernel(name, task, why)

    def replace_warm_kernel(self, name: str, task, why: str) -> None:
        """Start a warm kernel for `name` in place of pool item `task` (already out of the
        pool) and shut its kernel down."""
        kernel_id = None
        if not task.cancelled() and task.exception() is None:
            kernel_id = task.result()["kernel_id"]
        self.log.warning("warm kernel %s for %s %s; starting another", kernel_id, name, why)
        self._lost_warm.discard(kernel_id)
        self.kernel_manager.fill_if_needed(delay=0, notebook_name=name)
        if kernel_id is not None:
            asyncio.ensure_future(self.shut_down(kernel_id, quietly=True))

    async def drop_lost_warm_kernels(self) -> None:
        """Take out of the pools every warm kernel that cannot serve a page (its process died
        or was restarted, or it failed to start) and start its replacement: the visitor gets
        the next warm kernel or one of their own, not a page that says it could not start.
        All are out of the pools before any is shut down (Voila's shutdown reads every pool)."""
        manager = self.kernel_manager
        lost = []
        for name, pool in list(getattr(manager, "_pools", {}).items()):
            for task in list(pool):
                if not task.done():
                    continue
                kernel_id = None
                if not task.cancelled() and task.exception() is None:
                    kernel_id = task.result()["kernel_id"]
                    if kernel_id not in self._lost_warm and kernel_id in manager:
                        kernel = manager.get_kernel(kernel_id)
                        if await ensure_async(kernel.is_alive()):
                            continue
                if task in pool:        # not taken by a page meanwhile
                    pool.remove(task)
                    lost.append((name, kernel_id))
        for name, kernel_id in lost:
            self.log.warning("warm kernel %s for %s died while it waited; starting another",
                             kernel_id, name)
            self._lost_warm.discard(kernel_id)
            manager.fill_if_needed(delay=0, notebook_name=name)
        for _, kernel_id in lost:
            if kernel_id is not None:
                asyncio.ensure_future(self.shut_down(kernel_id, quietly=True))

    def init_handlers(self):
        ours = {TornadoVoilaHandler: ExplorerPageHandler,
                VoilaShutdownKernelHandler: ExplorerShutdownHandler,
                TemplateStaticFileHandler: ExplorerTemplateFileHandler,
                VoilaKernelWebsocketHandler: ExplorerKernelWebsocketHandler}
        self.classroom = classroom.Classroom(
            classroom.Limits(followers=self.class_followers, joins_per_minute=self.class_joins),
            later=classroom.later)
        return classroom.routes(self.server_url or self.base_url, self.classroom) + [
            (route[0], ours.get(route[1], route[1]), *route[2:])
            for route in super().init_handlers()]

    def listen(self):
        """Serve with tornado's header limit above the app's link limit, and watch for kernels
        whose page is gone."""
        listen = self.app.listen

        def listen_with_room_for_links(port, address="", **kwargs):
            return listen(port, address, max_header_size=MAX_HEADER_BYTES, **kwargs)

        self.app.listen = listen_with_room_for_links
        self._pageless: dict[str, float] = {}  # kernel id -> since when no page is connected
        if self.reconnect_grace > 0:
            every = min(max(self.reconnect_grace / 5, 0.2), 5.0)
            PeriodicCallback(self.cull_pageless_kernels, every * 1000).start()
        PeriodicCallback(self.classroom.expire, 5000).start()
        return super().listen()

    def _handle_signal_stop(self, sig, frame):
        """Tell every class it ends (a second for the followers' kernels to show it) before
        the server stops and their kernels go with it."""
        self.log.info("Handle signal %s.", sig)

        def end_classes_then_stop():
            wait = 1.0 if self.classroom.classes else 0
            self.classroom.end_all("restart")
            self.ioloop.call_later(wait, self.ioloop.stop)
        self.ioloop.add_callback_from_signal(end_classes_then_stop)

    def page_connected(self, kernel_id: str) -> None:
        self._pageless.pop(kernel_id, None)

    def page_gone(self, kernel_id: str) -> None:
        """Start the wait now (a check finds the kernel attended if another page is connected)."""
        if self.reconnect_grace > 0:  # else nothing checks, nor empties, the waits
            self._pageless[kernel_id] = time.monotonic()

    def pooled(self) -> set[str]:
        """The warm kernels still waiting in the pool."""
        pooled = set()
        for pool in getattr(self.kernel_manager, "_pools", {}).values():
            for item in pool:
                if item.done() and not item.cancelled() and item.exception() is None:
                    pooled.add(item.result().get("kernel_id"))
        return pooled

    def visitors(self) -> int:
        """Kernels that belong to a page: every live kernel but the warm ones still in the pool."""
        return len(set(self.kernel_manager.list_kernel_ids()) - self.pooled())

    async def cull_pageless_kernels(self) -> None:
        """Shut down visitors' kernels that have had no page connected for `reconnect_grace`.

        A kernel counts as attended while a websocket is open to it and while it is busy (still
        running its page's notebook, say); the wait starts after."""
        now, manager = time.monotonic(), self.kernel_manager
        pooled, pageless, gone = self.pooled(), {}, []
        for kernel_id in manager.list_kernel_ids():
            if kernel_id in pooled:
                continue
            try:
                model = manager.kernel_model(kernel_id)
            except Exception:  # starting or ending right now
                continue
            if model["connections"] > 0 or model["execution_state"] in ("starting", "busy"):
                continue
            since = pageless[kernel_id] = self._pageless.get(kernel_id, now)
            if now - since >= self.reconnect_grace:
                gone.append(kernel_id)
        self._pageless = {k: v for k, v in pageless.items() if k not in gone}
        for kernel_id in gone:
            self.log.info("shutting down kernel %s: no page connected for %.0f s", kernel_id,
                          now - pageless[kernel_id])
        await asyncio.gather(*(self.shut_down(kernel_id) for kernel_id in gone))

    async def shut_down(self, kernel_id: str, quietly: bool = False) -> None:
        """`quietly`: a kernel that died may fail to shut down; that is logged, not raised."""
        try:
            await ensure_async(self.kernel_manager.shutdown_kernel(kernel_id))
        except KeyError:  # its page's own shutdown request came first
            pass
        except Exception as exc:
            if not quietly:
                raise
            self.log.warning("kernel %s did not shut down cleanly: %r", kernel_id, exc)


main = ExplorerServer.launch_instance

if __name__ == "__main__":
    main()
