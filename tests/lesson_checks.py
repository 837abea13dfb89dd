"""The first check of a game's shipped lesson tests: the lesson replays, a caption to a frame."""
from __future__ import annotations

from explorer import lessons


def played_lesson(game_name: str, name: str):
    """The shipped lesson `name` of `game_name` and the states it replays to, checked to hold a
    state for every step and the start, each with a caption that is not blank."""
    lesson = lessons.get(game_name, name)
    states = lesson.states()
    assert len(states) == len(lesson.steps) + 1 == len(lesson.captions())
    assert all(caption.strip() for caption in lesson.captions())
    return lesson, states
