"""Nim's box: twelve counters, and the three heap sizes they are split into."""
from __future__ import annotations

HEAP_SIZES = (3, 4, 5)              # the set-up's heaps (nim.setup.heaps), in any order
COUNTERS = sum(HEAP_SIZES)          # 12 (nim.components.counters)
PLAYERS = 2
