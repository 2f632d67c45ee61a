"""Counting text as people see it: in user-perceived characters (extended grapheme
clusters, Unicode UAX #29), not code points, so that "é" written as e + accent, a flag or
a family emoji each count as one character.

>>> graphemes("Noé"), graphemes("e\\u0301"), graphemes("👨‍👩‍👧"), graphemes("🇫🇷!")
(3, 1, 1, 2)
"""

from __future__ import annotations

import regex

_CLUSTER = regex.compile(r"\X")


def graphemes(text: str) -> int:
    """How many user-perceived characters ``text`` holds."""
    return sum(1 for _ in _CLUSTER.finditer(text))
