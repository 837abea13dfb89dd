"""The one check of a refused move that every game's rule tests use."""
import pytest

from explorer import IllegalAction, rules


def refused(state, action, rule: str) -> IllegalAction:
    """Assert that the engine refuses `action` with `rule` (a rule of the index) and a reason,
    does not list it among the legal moves, and leaves `state` as it was."""
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule, info.value.reason
    assert rules.exists(rule) and info.value.reason
    assert action not in state.legal_actions()
    assert state.fingerprint() == before
    return info.value
