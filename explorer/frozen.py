"""`FrozenMap`: the unchangeable dict the boards of the engines are kept in.

States are values that share their fields between forks (see `core.State`), so a board map
must never change in place: a changed board is a new map.
"""
from __future__ import annotations


class FrozenMap(dict):
    """A dict that cannot be changed: states share it between forks; `set`/`without` copy."""

    __slots__ = ()

    def _immutable(self, *args, **kwargs):
        raise TypeError("a FrozenMap cannot be changed; use .set() for a changed copy")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _immutable
    __ior__ = _immutable

    def set(self, key, value) -> FrozenMap:
        changed = FrozenMap(self)
        dict.__setitem__(changed, key, value)   # nobody else holds `changed` yet
        return changed

    def without(self, keys) -> FrozenMap:
        return FrozenMap((k, v) for k, v in self.items() if k not in keys)

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    def __reduce__(self):
        return (FrozenMap, (dict(self),))

    def __copy__(self) -> FrozenMap:
        return self

    def __deepcopy__(self, memo) -> FrozenMap:
        return self  # keys and values are immutable too

    def __repr__(self) -> str:
        return f"FrozenMap({dict(sorted(self.items()))!r})"
