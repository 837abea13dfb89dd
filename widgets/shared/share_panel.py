"""The Share tab: a link to the current step and its QR code, the record as a file (download
and open), and the board as a picture. Links and files open the same position; nothing here is
live.

What is encoded and checked lives in explorer/links.py; this module only wires widgets to it.
"""
from __future__ import annotations

import os
import re
from html import escape

import anywidget
import ipywidgets as w
import segno
import traitlets

from explorer import Record
from explorer.messages import T, reason_of

from .models import page_button, shared_layout
from .session import ERROR
from explorer.links import (LinkError, build_query, download_link_html, read_record_file, with_game,
                            with_language)
from .style import STATIC, style_tag
from .page_words import PageWords

ENGLISH = PageWords()

UPLOAD_LIMIT = 2_000_000


def page_address() -> str:
    """This page's address without its query, as the browser asked for it (Voila puts the
    request in the kernel's environment); "" outside Voila. On a JupyterHub the page lives on
    this user's own server, which nobody else may open, so the address goes through the hub's
    user-redirect instead: it opens the same page on whoever follows the link's own server."""
    path = os.environ.get("SCRIPT_NAME", "")
    host = os.environ.get("SERVER_NAME", "")
    if not path or not host:
        return ""
    port = os.environ.get("SERVER_PORT", "")
    if port and ":" not in host:
        host = f"{host}:{port}"
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")
    if prefix and path.startswith(prefix):
        hub = os.environ.get("JUPYTERHUB_BASE_URL", "/").rstrip("/")
        path = f"{hub}/hub/user-redirect/{path[len(prefix):].lstrip('/')}"
    request = os.environ.get("VOILA_REQUEST_URL", "")
    scheme = "https" if request.startswith("https://") else "http"
    return f"{scheme}://{host}{path}"


def page_query(meanwhile=None) -> str:
    """The query string of the page showing this kernel, "" outside Voila. A preheated kernel
    runs the notebook before any page asks for it, so this waits for that request, having
    done `meanwhile()` first (work any page needs, done before it comes)."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        if meanwhile is not None:
            meanwhile()
        _wait_for_page_request()
        os.environ["VOILA_PREHEAT"] = "False"   # taken: a second call (game.ipynb's) waits no more
    return os.environ.get("QUERY_STRING") or ""


def _wait_for_page_request() -> None:
    """Wait until a page takes this preheated kernel: Voila then sends the page's request (its
    query string among it) over the websocket voila/query/<kernel id>, and it goes into the
    environment, as Voila's own `voila.utils.wait_for_request` does. Done here because importing
    `voila.utils` loads Jupyter Server and compiles dozens of grammars on the way: about 3 s of
    CPU in every kernel, the larger part of what starting an app costs."""
    import asyncio
    import json
    import threading

    import websockets

    server = os.environ.get("VOILA_SERVER_URL", "/")
    url = (f"{os.environ.get('VOILA_WS_PROTOCOL', 'ws')}://"
           f"{os.environ.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{os.environ.get('VOILA_APP_PORT', '8866')}"
           f"{os.environ.get('VOILA_WS_BASE_URL', server)}voila/query/"
           f"{os.environ.get('VOILA_KERNEL_ID', '')}")
    received = []

    async def receive():
        try:
            async with websockets.connect(url, open_timeout=5) as socket:
                received.append(await socket.recv())
        except (OSError, TimeoutError, websockets.exceptions.WebSocketException):
            pass  # no request details: the page opens as if it had no query

    # its own thread and event loop: the kernel's loop is busy running this notebook
    thread = threading.Thread(target=lambda: asyncio.new_event_loop().run_until_complete(receive()))
    thread.start()
    thread.join()
    if received:
        os.environ.update(json.loads(received[0]))


def take_upload(upload: w.FileUpload, change, limit: int, what: str,
                session) -> tuple[str, bytes] | None:
    """The file just chosen in `upload` as (name, content), then cleared so the same file may
    be chosen again; None when there is none or it is over `limit` bytes (`session` says
    so)."""
    files = change["new"]
    if not files:
        return None
    chosen = files[0]
    upload.value = ()
    content = bytes(chosen.get("content", b"")) if isinstance(chosen, dict) else b""
    name = str(chosen.get("name", what)) if isinstance(chosen, dict) else what
    if len(content) > limit:
        megabytes = limit / 1_000_000
        session.tell(T("Cannot open this lesson: the file is larger than {megabytes:g} MB.",
                       megabytes=megabytes) if what == "lesson" else
                     T("Cannot open this record: the file is larger than {megabytes:g} MB.",
                       megabytes=megabytes), ERROR)
        return None
    return name, content


class Downloader(anywidget.AnyWidget):
    """Saves bytes sent from the kernel as a file in the page's downloads, so a file that the
    kernel makes on a click (the board's picture) is saved by that one click. Needs no view."""

    _esm = STATIC / "downloader.js"

    def save(self, data: bytes, name: str, mime: str) -> None:
        self.send({"kind": "save", "name": name, "mime": mime}, buffers=[bytes(data)])


class PageButton(anywidget.AnyWidget):
    """A button whose click is answered in the page, for what only the visitor's own click may
    do there: `kind="copy"` puts `text` on the clipboard (or, where the page may not write
    to it, as on a plain-http address other than this machine's, selects the link for
    Ctrl+C); `kind="open"` clicks the element `target` of this tab, a file dialog's button."""

    _esm = STATIC / "page_button.js"
    kind = traitlets.Unicode("copy").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)      # its title (not DOMWidget's tooltip)
    text = traitlets.Unicode("").tag(sync=True)
    target = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    said = traitlets.Dict({}).tag(sync=True)   # what the copy button says after a click


def copy_words(words: PageWords) -> dict:
    """What the copy button says after a click, in the page's language."""
    return {"copied": words(T("Copied: paste it where your students will find it.")),
            "copied_selected": words(T("Copied (the link is selected too).")),
            "selected": words(T("The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.")),
            "select": words(T("Select the link above and copy it."))}


# buttons that are links (downloads carry their file in the page) look like the other buttons
SHARE_STYLE = style_tag("share_panel.css")

LINK = "\x00"       # where a link goes into a translated sentence
QR_ERROR = "m"      # error correction: a projected code survives glare and a low camera


def qr_code(link: str) -> segno.QRCode:
    """The QR code of `link` (a full QR code, never a Micro QR; the smallest version that
    holds it at error correction M or better)."""
    return segno.make(link, error=QR_ERROR, micro=False)


def qr_html(link: str, ident: str, words: PageWords = ENGLISH) -> str:
    """The QR code of `link` as inline SVG (dark modules on white, 4 modules of quiet zone),
    and "Show QR code large", which shows it on the whole page for a projector (a click
    anywhere closes it). `ident` names the checkbox that toggles it (unique in the page)."""
    svg = qr_code(link).svg_inline(dark="#000", light="#fff", border=4, omitsize=True,
                                   title=words(T("QR code of the link to this step")))

    def say(text) -> str:
        return escape(words(text), quote=True)
    return (f'<div class="rx-qr-code">{svg}</div>'
            f'<input type="checkbox" class="rx-qr-toggle" id="{ident}">'
            f'<label class="rx-qr-large-button" for="{ident}" title="'
            f'{say(T("The QR code on the whole page, to scan from a projected screen"))}">'
            f'{say(T("Show QR code large"))}</label>'
            f'<label class="rx-qr-overlay" for="{ident}" title="{say(T("Click to close"))}">'
            f'{svg}<span>{say(T("Scan to open this step. Click anywhere to close."))}</span>'
            f'</label>')


def file_stem(game, step: int) -> str:
    return re.sub(r"[^a-z0-9]+", "-", game.title.lower()).strip("-") + f"-step-{step}"


def position_query(session) -> str:
    """The query string that opens the step `session` (or an app's) shows ("" for a lesson's
    own position, which has no link): the Share link's, and the address the page keeps up to
    date."""
    session = getattr(session, "session", session)
    t = session.timeline
    if session.lesson is not None:
        return with_game(with_language(f"?lesson={session.lesson.name}&step={t.index + 1}",
                                       session.lang), session.page_game)
    return moves_query(session, t.actions_all(), t.index + 1)


def moves_query(session, actions, step: int) -> str:
    """The query of `actions` played from the set-up of `session`'s game, at `step` ("" when
    the game starts from a lesson's own position, which has no link; Save as lesson keeps
    it)."""
    session = getattr(session, "session", session)
    origin = session.origin
    if origin is not None and "position" in origin:
        return ""
    return with_game(with_language(build_query(session.game, session.players, session.seed,
                                               session.options, actions, step), session.lang),
                     session.page_game)


class SharePanel:
    """Link (rx-share-link), its QR code (rx-share-qr) and Copy link (rx-copy-link), Download record
    (rx-download-record), Open record (rx-open-record, which opens the file dialog of the
    hidden upload rx-open-record-file), Save picture (rx-save-picture, then rx-picture-link)
    and Save as lesson (rx-save-lesson)."""

    def __init__(self, session, words: PageWords = ENGLISH, lesson_file=lambda: "",
                 canvas=None):
        """`lesson_file()`: the game as a lesson file's download link (HTML); `canvas`: the
        board's, which draws the picture."""
        self.session, self.lesson_file_html, self.canvas = session, lesson_file, canvas
        self.words = words
        self.link = w.Textarea(rows=3, layout=shared_layout(width="100%"))
        self.link.add_class("rx-share-link")
        self.copy = words.set(PageButton(kind="copy"), label=T("Copy link"),
                              hint=T("Put the link on the clipboard, to paste for others"))
        words.keep(lambda say: setattr(self.copy, "said", copy_words(say)))
        self.copy.add_class("rx-copy-link")
        self.qr = w.HTML()
        self.qr.add_class("rx-share-qr")
        self.qr_link = None     # the link the QR code shows
        self.download = w.HTML()
        self.download.add_class("rx-download-record")
        # ipywidgets' upload button always shows a file count ("(0)"): it stays hidden, and a
        # plain button opens its file dialog
        self.upload = words.set(w.FileUpload(accept=".json,application/json", multiple=False,
                                             layout=shared_layout(display="none")),
                                description=T("Open record file…"))
        self.upload.add_class("rx-open-record-file")
        self.upload.observe(self._uploaded, names="value")
        self.open_button = words.set(
            PageButton(kind="open", target=".rx-open-record-file"),
            label=T("Open record file…"), hint=T("Replay a record file (JSON) at its last step"))
        self.open_button.add_class("rx-open-record")
        self.picture_button = page_button(
            words, T("Save picture (PNG)"),
            T("The board as a PNG image, twice as sharp as on screen, for print"),
            "rx-save-picture", self.save_picture, width="auto", align_self="flex-start")
        self.picture_button.icon = "image"
        self.picture = w.HTML()
        self.picture.add_class("rx-picture-link")
        self.downloader = Downloader()
        self.lesson_file = w.HTML()
        self.lesson_file.add_class("rx-save-lesson")
        def html(*parts) -> w.HTML:
            """Fixed HTML: (tag, text) parts, said again after a switch."""
            box = w.HTML()
            words.keep(lambda say: setattr(box, "value", "".join(
                f"<{tag}>{escape(say(text))}</{tag}>" for tag, text in parts)))
            return box
        link_head = w.HTML()
        words.keep(lambda say: setattr(link_head, "value", SHARE_STYLE + "".join(
            f"<{tag}>{escape(say(text))}</{tag}>" for tag, text in (
                ("h3", T("Link to this step")),
                ("p", T("Whoever opens it gets the same position, in a game of their own: it "
                        "is a copy, not a live view of this page."))))))
        self.widget = w.VBox([
            link_head,
            self.link,
            self.copy,
            self.qr,
            html(("h3", T("Record")),
                 ("p", T("The set-up and every move, as a file that replays exactly."))),
            w.HBox([self.download, self.open_button, self.upload],
                   layout=shared_layout(align_items="center")),
            html(("h3", T("Picture"))),
            html(("p", T("The board as on screen, twice as sharp, on white: for a handout or a "
                         "slide."))),
            self.picture_button,
            self.picture,
            html(("h3", T("Lesson")),
                 ("p", T("The game so far as a lesson file: one step per move, each with a "
                         "caption to rewrite (a text editor will do), to open from the Game tab "
                         "or share."))),
            self.lesson_file,
        ])
        self.widget.add_class("rx-share")
        self._picture_said = None    # what the picture line says, to say again after a switch
        words.on_switch(self._switched)

    def _switched(self) -> None:
        """After a language switch: the link, the record and the picture line again."""
        self.qr_link = None
        self.sync()
        if self._picture_said is not None:
            self._say_picture(*self._picture_said)

    def _say_picture(self, text, link: str = "") -> None:
        self._picture_said = (text, link)
        said = escape(self.words(text))
        self.picture.value = said.replace(LINK, link) if link else f"<i>{said}</i>"

    def query(self) -> str:
        return position_query(self.session)

    def sync(self) -> None:
        """Refresh the link and the record file (only while the tab is shown: they grow with
        the game)."""
        session = self.session
        query = self.query()
        self.link.value = (page_address() + query if query else
                           self.words(T("This game starts from a lesson's position: share it "
                                        "with Save as lesson below.")))
        self.copy.text = self.link.value if query else ""
        self.copy.disabled = not query
        self.show_qr(self.link.value if query else "")
        self.lesson_file.value = self.lesson_file_html()
        actions = session.timeline.actions_all()
        record = Record(session.game.name, session.players, session.seed, dict(session.options),
                        actions)
        name = file_stem(session.game, len(actions)).replace("-step-", "-moves-")
        if not query:
            said = self.words(T("No record: this game did not start from a set-up."))
            self.download.value = f"<i>{escape(said)}</i>"
            return
        self.download.value = download_link_html(record.dumps().encode("utf-8"), f"{name}.json",
                                                 "application/json",
                                                 self.words(T("Download record (JSON)")),
                                                 "rx-download-link rx-file-button")

    def show_qr(self, link: str) -> None:
        """Draw the QR code of `link` (a page address), unless it already shows that link;
        without a link that a phone can open there is no code."""
        if link == self.qr_link:
            return
        self.qr_link = link
        if re.match(r"https?://", link):
            self.qr.value = qr_html(link, f"rx-qr-large-{self.qr.model_id}", self.words)
        else:
            self.qr.value = ("<p><i>" + escape(self.words(T(
                "The QR code of the link appears when the explorer is served (./dev serve)."
            ))) + "</i></p>" if link else "")

    def _uploaded(self, change) -> None:
        chosen = take_upload(self.upload, change, UPLOAD_LIMIT, "record", self.session)
        if chosen is not None:
            self.open_file(chosen[1])

    def open_file(self, content: bytes) -> None:
        """Replay a record file (a chosen upload) at its last step."""
        try:
            record = read_record_file(self.session.game, content)
        except LinkError as exc:
            self.session.tell(T("Cannot open this record: {reason}", reason=reason_of(exc)),
                              ERROR)
            return
        self.session.open_record(record)

    def save_picture(self) -> None:
        step = self.session.timeline.index + 1
        name = f"{file_stem(self.session.game, step)}.png"

        def deliver(png: bytes) -> None:
            self.downloader.save(png, name, "image/png")
            link = download_link_html(png, name, "image/png",
                                      self.words(T("save it again")), "rx-picture-download")
            self._say_picture(T("Saved {name} to your downloads ({link}).", name=name,
                                link=LINK), link)

        self._say_picture(T("Drawing the picture…"))
        if self.canvas is None or not self.canvas.request_picture(deliver):
            self._say_picture(T("The board is not shown in a page yet."))
