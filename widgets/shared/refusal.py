"""A refused move, told the same way everywhere it is told.

The engine refuses a move as data (`explorer.IllegalAction`: `.reason`, a message, and `.rule`,
a rule id whose quote `explorer.rules` holds); a lesson refuses a legal move that is not its
answer with the same two. This module is the one place that words them: the message line, the
rule's mark in the Rules tab, a class's tally line and a button's "why not" tooltip, so the
step bar, the rule panel, lessons, the class panel and the Moves list (which speaks the message
line) cannot drift apart.
"""
from __future__ import annotations

from dataclasses import dataclass

from explorer import IllegalAction, i18n, rules
from explorer.messages import Message, T

REFUSAL = "rx-refusal"        # the message line's kind for a refusal (spoken assertively)
WHY_NOT = T("Why not:")       # the mark on the refused rule's card in the Rules tab


@dataclass(frozen=True)
class Refusal:
    """Why a move is not taken: the reason (a message) and its rule id. `legal`: the engine
    allows the move, but a lesson wanted another."""

    reason: Message | str
    rule: str | None
    legal: bool = False

    @classmethod
    def of(cls, exc: IllegalAction) -> "Refusal":
        return cls(exc.reason, exc.rule)

    @property
    def text(self) -> Message:
        """The message line's words (translated where they are shown)."""
        return refusal_text(self.reason, self.rule, self.legal)


def refusal_text(reason, rule, legal: bool = False) -> Message:
    """The message line's words for a refused move, with its rule."""
    if legal:
        return T("{text} — rule {rule}", text=reason, rule=rule)
    return T("Not allowed: {reason} — rule {rule}", reason=reason, rule=rule)


def refused_by(rule_id: str | None, say) -> str:
    """A tally's line for the moves a rule refused, with the rule's title in `say`'s language."""
    rule = rules.get(rule_id) if rule_id and rules.exists(rule_id) else None
    title = i18n.rule_words(rule, say.lang)[0] if rule else ""
    return say(T("Refused by rule {rule}: {title}", rule=rule_id, title=title))


def refusal_of(state, action) -> IllegalAction | None:
    """The engine's refusal of `action` at `state`; None if it would be allowed."""
    try:
        state.apply(action)
    except IllegalAction as exc:
        return exc
    return None


def why_not(state, action) -> Message | str:
    """The engine's reason for refusing `action` at `state` ("" if it would be allowed): a
    disabled button's tooltip."""
    found = refusal_of(state, action)
    return found.reason if found is not None else ""
