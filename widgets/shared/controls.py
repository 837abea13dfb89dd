"""Small shared controls: the message area, the page's keys, the perspective switch and the frame
counter."""
from __future__ import annotations

from html import escape
from typing import Callable

import anywidget
import ipywidgets as w
import traitlets

from explorer import i18n
from explorer.messages import T

from .models import set_visible, shared_layout
from .refusal import REFUSAL, refusal_text
from .session import Messages
from .style import STATIC, style_tag
from .timeline import player_label
from .page_words import PageWords


# The message's action button (Undo), beside the text like ✕ (a <style>, beside style.CSS)
CONTROLS_CSS = style_tag("controls.css")


class MessageArea:
    """Where refusals, hints and errors are told (class rx-message); never a traceback. It has a
    place of its own, the step label's two-line box (style.py): long text scrolls inside it, so
    a message never pushes the board down nor lies over a button. ✕ (or Esc) closes it.

    It shows the message its `session` holds (session.py's `Messages`, its own without one);
    `info`, `error`, `refuse`, `offer` and `clear` tell it to the session."""

    def __init__(self, words: PageWords, session: Messages | None = None):
        self.words = words
        self.session = session = session if session is not None else Messages()
        self.html = w.HTML(value="")
        self.html.add_class("rx-message-text")
        self.close = words.set(w.Button(description="✕", layout=shared_layout(width="36px")),
                               tooltip=T("Close this message (Esc)"))
        self.close.add_class("rx-message-close")
        self.close.on_click(lambda _: self.clear())
        # a message may offer one thing to do about it ("Undo"); hidden otherwise
        self.action = w.Button(layout=shared_layout(width="auto"))
        self.action.add_class("rx-message-action")
        self.action.on_click(lambda _: session.act())
        set_visible(self.action, False)
        self._offering = False
        self.widget = w.HBox([self.html, self.action, self.close])
        self.widget.add_class("rx-message")
        set_visible(self.widget, False)
        self._kind = ""
        self.text = ""
        self.listeners: list[Callable[[str, str], None]] = []   # hear(text, kind) when told
        session.on("message", self._show)
        words.on_switch(self._show)

    def refuse(self, reason: str, rule: str) -> None:
        self.session.tell(refusal_text(reason, rule), REFUSAL)

    def wrong(self, text: str, rule: str) -> None:
        """A lesson's answer to a legal move that is not the one asked for."""
        self.session.tell(refusal_text(text, rule, legal=True), REFUSAL)

    def error(self, text: str) -> None:
        self.session.tell(text, "rx-error")

    def info(self, text: str) -> None:
        self.session.tell(text, "rx-info")

    def offer(self, text: str, label: str, on_action: Callable[[], None], tip: str = "") -> None:
        """Tell `text` with a button `label` that calls `on_action` (and closes the message)."""
        self.session.offer(text, label, on_action, tip)

    def clear(self, keep_offer: bool = False) -> None:
        """Close the message; with `keep_offer`, not one that offers an action."""
        self.session.clear_message(keep_offer)

    @property
    def said(self):
        """The message shown, as it was given (a template), or None."""
        said = self.session.said
        return None if said is None else said.text

    def _show(self) -> None:
        """Show the session's message (again after a language switch), or none."""
        said = self.session.said
        if said is None:
            if not self.text and not self.html.value:
                return                   # nothing shown: send the page nothing
            self.text = ""
            self.html.value = ""
            set_visible(self.widget, False)
            self._show_action(None)
            return
        text = self.text = self.words(said.text)
        css = said.kind
        if css != self._kind:
            if self._kind:
                self.widget.remove_class(self._kind)
            self.widget.add_class(css)
            self._kind = css
        self.html.value = f'<div class="rx-message-body {css}">{escape(text)}</div>'
        set_visible(self.widget, True)
        for hear in self.listeners:
            hear(text, css)
        self._show_action(said.offer)

    def _show_action(self, offer) -> None:
        if offer is not None:
            label, tip, _ = offer
            self.action.description = self.words(label)
            self.action.tooltip = self.words(tip or label)
        if self._offering != (offer is not None):
            self._offering = offer is not None
            set_visible(self.action, self._offering)


def button(text, css: str, tip, width: str = "auto", style: str = "",
           height: str = "40px") -> w.Button:
    """A board's button, made before the board has the page's words: its label and tooltip
    (messages) are English until `say_fixed` says them in the page's language."""
    b = w.Button(description=str(text), tooltip=str(tip), button_style=style,
                 layout=shared_layout(width=width, height=height))
    b.add_class(css)
    b.said = {"description": text, "tooltip": tip}
    return b


def turn_buttons(rotate: Callable, left_text, left_tip, right_text, right_tip,
                 height: str = "40px") -> tuple[w.Button, w.Button]:
    """A board's ⟲ and ⟳ buttons (rx-rotate-left, rx-rotate-right), made by `button` with
    these labels and tooltips: a click calls `rotate(-1)` (anticlockwise) or `rotate(1)`."""
    left = button(left_text, "rx-rotate-left", left_tip, height=height)
    right = button(right_text, "rx-rotate-right", right_tip, height=height)
    left.on_click(lambda _: rotate(-1))
    right.on_click(lambda _: rotate(1))
    return left, right


def say_fixed(words, buttons) -> None:
    """Say the fixed label and tooltip of each of `buttons` (made by `button`) with `words`,
    now and after every language switch."""
    for b in buttons:
        words.set(b, **b.said)


class KeyListener(anywidget.AnyWidget):
    """The app's keys, heard in the whole page: wherever the pointer is, and also while a
    button or a dropdown has the focus after being used (ipyevents hears keys only while the
    pointer is over its widget). Keys typed into a text field stay there, keys with Ctrl, Alt
    or Meta stay the browser's, and in JupyterLab the notebook's keys stay its own; so do the
    keys a focused element takes for itself (`data-rx-own-keys`, the board: see access.py) and
    the arrows on a focused tab bar, which move between its tabs. Each press reaches `on_key`
    as {"key", "timeStamp"}."""

    _esm = STATIC / "key_listener.js"
    watched = traitlets.List(traitlets.Unicode()).tag(sync=True)   # the keys it hears

    def __init__(self, keys, on_key: Callable[[dict], None]):
        super().__init__(watched=sorted(set(keys)))
        self.on_msg(lambda _, content, buffers: on_key(content if isinstance(content, dict)
                                                       else {}))


class AddressBar(anywidget.AnyWidget):
    """Keeps the page's address on the step shown (`query`, as in a Share link) with
    `history.replaceState`, so a reload or an address copied from the bar opens that step. Only
    in a Voila page: in JupyterLab the address is the notebook's.

    The branches kept beside the line shown (`branches`, one link each) are kept in the tab's
    session storage; a reloaded page sends them back (`on_branches`), so a reload loses no
    branch either. That is why a page whose kernel the server ended while the page was away
    reloads itself (saying `gone_text`), and says `unreachable_text` while the server does not
    answer."""

    _esm = STATIC / "address_bar.js"
    query = traitlets.Unicode(None, allow_none=True).tag(sync=True)   # "?players=..", "" = none
    branches = traitlets.List(traitlets.Unicode()).tag(sync=True)      # a link per branch
    gone_text = traitlets.Unicode("").tag(sync=True)          # said as the page reopens itself
    unreachable_text = traitlets.Unicode("").tag(sync=True)   # said while the server is silent

    def __init__(self, on_branches: Callable[[list], None] = lambda queries: None):
        super().__init__()
        self.on_msg(lambda _, content, buffers: on_branches(
            content.get("branches") if isinstance(content, dict) else None))


class PerspectiveSwitch:
    """"All open" or one player's view (class rx-perspective); `.player` is None or an index."""

    def __init__(self, players: int, on_change: Callable[[int | None], None], words: PageWords):
        self._on_change = on_change
        self.words = words
        self.buttons = words.set(
            w.Dropdown(layout=shared_layout(width="200px"), style={"description_width": "46px"}),
            description=T("Show"),
            tooltip=T("Everything open (for teaching) or what one player may see"))
        self.buttons.add_class("rx-perspective")
        self.players = 0
        words.keep(lambda _: self.set_players(self.players or players, keep=True))
        self.buttons.observe(lambda _: self._on_change(self.player), names="value")
        self.widget = self.buttons

    def set_players(self, players: int, keep: bool = False) -> None:
        """The choices for `players` seats, back on "All open" (unless `keep`: a language
        switch keeps the choice)."""
        value = self.buttons.value if keep and players == self.players else -1
        self.buttons.options = [(self.words(T("All open")), -1)] + [
            (self.words(player_label(p)), p) for p in range(players)]
        self.buttons.value = value
        self.players = players

    @property
    def player(self) -> int | None:
        value = self.buttons.value
        if not isinstance(value, int) or not 0 <= value < self.players:
            return None
        return value


class LanguageMenu(anywidget.AnyWidget):
    """The page's language (class rx-language): a menu in the bar. Each language is named in
    itself. The page's <html lang> follows the choice; `on_choose(lang)` hears a change."""

    _esm = STATIC / "language_menu.js"
    _css = STATIC / "language_menu.css"
    lang = traitlets.Unicode(i18n.DEFAULT).tag(sync=True)
    choices = traitlets.List().tag(sync=True)
    tip = traitlets.Unicode("").tag(sync=True)

    def __init__(self, words: PageWords, on_choose: Callable[[str], None]):
        super().__init__(lang=words.lang, choices=[list(c) for c in i18n.LANGUAGES.items()])
        self.add_class("rx-language")
        words.keep(lambda say: setattr(self, "tip", say(T("Language of the page"))))
        self.observe(lambda change: on_choose(change["new"]), names="lang")


class FrameCounter:
    """A hidden number (class rx-frame-counter, attribute data-frame) that goes up after every
    panel of a step has been refreshed: the page's sign that a whole frame has arrived."""

    def __init__(self):
        self.count = 0
        self.widget = w.HTML('<span data-frame="0"></span>')
        self.widget.add_class("rx-frame-counter")

    def tick(self) -> None:
        self.count += 1
        self.widget.value = f'<span data-frame="{self.count}"></span>'
