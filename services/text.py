"""Free text from players (display names, Tomy stories, any future chat), made safe once,
at the service boundary, before it is stored, shown to anyone or given to an engine.

:func:`clean_text` is the one normalisation: it removes terminal escape sequences (CSI,
OSC, DCS and the other ECMA-48 forms, 7- and 8-bit), control characters (C0, DEL, C1),
bidirectional overrides, embeddings, isolates and marks, and invisible formatting
characters (zero-width spaces, word joiners, BOMs, tags, Hangul fillers...); it keeps a
zero-width joiner only inside an emoji sequence and a zero-width non-joiner only between
letters of scripts that join them (Arabic, Indic...), where they are needed; it caps
combining marks per character (no "zalgo" towers), NFC-normalises, turns every run of
whitespace into one space and trims the ends.
Lengths are then counted in user-perceived characters (:func:`engine.text.graphemes`).

>>> clean_text("  Ana\\x1b[2J\\x1b]0;pwned\\x07  la\\u202eevil\\u202c\\u200b  ")
'Ana laevil'
>>> clean_text("e\\u0301\\tcafe\\u0301\\n")
'é café'
>>> clean_text("👨\\u200d👩\\u200d👧 ok\\u200d"), clean_text("\\ufeff\\u2066x\\u2069\\u00ad")
('👨\\u200d👩\\u200d👧 ok', 'x')
"""

from __future__ import annotations

import unicodedata

import regex

from engine.text import graphemes

__all__ = ["MAX_MARKS", "clean_text", "graphemes"]

MAX_MARKS = 8
"""Combining marks kept on one character (scripts stack a few; towers are abuse)."""

_ESCAPES = regex.compile(
    # CSI: ESC [ or 8-bit CSI, parameters, intermediates, a final byte.
    r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"
    # OSC, DCS, SOS, PM, APC (7- and 8-bit): everything up to their terminator, or the end.
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    # Any other escape sequence: ESC, intermediates, one final byte.
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]?"
)
_SPACES = regex.compile(r"[\t\n\v\f\r\u0085\u2028\u2029]")
_JOINING_LETTER = r"[^\P{L}\p{Latin}\p{Greek}\p{Cyrillic}]"
"""A letter of a script whose letters join (Arabic, Persian, Indic...)."""
_INVISIBLE = regex.compile(
    # Keep a zero-width joiner between two parts of an emoji, a non-joiner between two
    # letters of a script whose letters join.
    r"(?!(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])"
    r"\u200d(?=\p{Extended_Pictographic}))"
    r"(?!(?<=" + _JOINING_LETTER + r"\p{M}*)\u200c(?=" + _JOINING_LETTER + r"))"
    # Otherwise: controls (C0, DEL, C1) and every format character - bidi controls (U+061C,
    # U+200E/F, U+202A-202E, U+2066-2069), zero-width space and joiners, word joiner, BOM,
    # soft hyphen, tags... - and the Hangul fillers, letters that show nothing.
    r"[\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0]"
)
_MARK_RUN = regex.compile(r"\p{M}{" + str(MAX_MARKS + 1) + ",}")
_WHITESPACE = regex.compile(r"\s+")


def clean_text(raw: str) -> str:
    """``raw`` with escapes, controls, bidi and invisible characters removed, marks capped,
    NFC-normalised, whitespace collapsed and trimmed (see the module's docstring)."""
    text = _ESCAPES.sub("", raw)
    text = _SPACES.sub(" ", text)
    text = unicodedata.normalize("NFC", _INVISIBLE.sub("", text))
    text = unicodedata.normalize("NFC", _MARK_RUN.sub(lambda m: m.group()[:MAX_MARKS], text))
    return _WHITESPACE.sub(" ", text).strip()
