"""Shared layout and style models, so that a page loads fewer widget models.

ipywidgets gives every widget a Layout model and most a style model of their own, although
an app sets few of them: of an app's ~320 models, about 200 were such empty ones. The page
receives and builds every model before it paints the board, so widgets built inside
`shared_models()` share one frozen model per kind instead (ipywidgets allows one layout for many
widgets), and widgets with a set size share one per setting (`shared_layout(width="auto")`). A
shared model refuses to change: widgets are shown and hidden by a CSS class (`set_visible`), not
by their layout.
"""
from __future__ import annotations

from contextlib import contextmanager
from functools import cached_property, wraps

import ipywidgets as w
from ipywidgets.widgets.trait_types import InstanceDict

_SHARED: dict[tuple, w.Widget] = {}
_FROZEN: dict[type, type] = {}
HIDDEN = "rx-hidden"   # display: none (style.py)


class SharedModelError(AttributeError):
    """A change to a model that many widgets share."""


class _Frozen:
    """Refuses trait changes once built: they would change every widget sharing the model."""
    _rx_frozen = False

    def __setattr__(self, name, value):
        if self._rx_frozen and name in self.keys:
            raise SharedModelError(
                f"this {type(self).__name__.removeprefix('Shared')} is shared by many widgets; give the "
                f"widget its own (layout=w.Layout()) to change {name!r}")
        super().__setattr__(name, value)


def shared(cls: type, **settings) -> w.Widget:
    """The one frozen `cls` model (a Layout or a style) with these settings, for widgets to
    share."""
    key = (cls, tuple(sorted(settings.items())))
    model = _SHARED.get(key)
    if model is None or model.comm is None:     # never made, or closed with its kernel state
        frozen = _FROZEN.setdefault(cls, type(f"Shared{cls.__name__}", (_Frozen, cls), {}))
        model = _SHARED[key] = frozen(**settings)
        model._rx_frozen = True
    return model


def shared_layout(**settings) -> w.Layout:
    """The Layout with these settings (say width="auto") that every widget asking for the same
    shares: a page builds one model per setting, not one per widget."""
    return shared(w.Layout, **settings)


@contextmanager
def shared_models():
    """Within this block, widgets built without their own layout or style share default ones."""
    original = InstanceDict.make_dynamic_default

    def make(trait):
        if (isinstance(trait.klass, type) and issubclass(trait.klass, (w.Layout, w.Style))
                and not trait.default_args and not trait.default_kwargs):
            return shared(trait.klass)
        return original(trait)

    InstanceDict.make_dynamic_default = make
    try:
        yield
    finally:
        InstanceDict.make_dynamic_default = original


def built_on_demand(build):
    """A cached property for widgets a page may never show (a tab's contents): built on first
    use and sharing models like the rest of the app, so a page whose tab nobody opens loads
    none of its models."""
    @wraps(build)
    def make(self):
        with shared_models():
            return build(self)
    return cached_property(make)


def set_visible(widget: w.DOMWidget, visible: bool) -> None:
    """Show or hide `widget` (a CSS class: its layout may be shared)."""
    if visible:
        widget.remove_class(HIDDEN)
    else:
        widget.add_class(HIDDEN)


def set_children(box: w.Box, children: list) -> None:
    """Change a box's children only when they change (each change rebuilds its views)."""
    if tuple(box.children) != tuple(children):
        box.children = children


def is_visible(widget: w.DOMWidget) -> bool:
    """Whether `set_visible` left `widget` shown."""
    return HIDDEN not in widget._dom_classes


def page_button(words, text, tip, css: str, on_click=None, **layout) -> w.Button:
    """A button whose label and tooltip are said in the page's language (now and after every
    switch), with its CSS class and what a click does; sized by `layout` (default: auto)."""
    button = words.set(w.Button(layout=shared_layout(**(layout or {"width": "auto"}))),
                       description=text, tooltip=tip)
    button.add_class(css)
    if on_click is not None:
        button.on_click(lambda _: on_click())
    return button
