"""Message catalogues: every text a player reads, in Project Fluent files, one folder per
language (``i18n/locales/<BCP 47 tag>/*.ftl``), shared by the server, the CLI and the web page.

Adding a language adds a folder of files; no code or contract changes. French gender and
plural agreement are written in the files themselves (Fluent selectors).

>>> fr = catalogue("fr-CA")
>>> fr.language
'fr'
>>> fr("plural-test", count=1), fr("plural-test", count=3)
('1 gemme', '3 gemmes')
>>> negotiate("de-DE, fr;q=0.8")
'fr'
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number

DEFAULT_LANGUAGE = "en"


def locales_dir() -> Path:
    """Where the catalogues are: ``$CERCLE_LOCALES`` or the folder beside this module."""
    return Path(os.environ.get("CERCLE_LOCALES") or Path(__file__).parent / "locales")


@cache
def _languages(root: Path) -> tuple[str, ...]:
    return tuple(sorted(p.name for p in root.iterdir() if p.is_dir() and any(p.glob("*.ftl"))))


def available() -> tuple[str, ...]:
    """The languages there are catalogues for (BCP 47 tags, as folder names)."""
    return _languages(locales_dir())


_RANGE = re.compile(
    r"^\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*$"
)


def _ranges(requested: str | Iterable[str]) -> list[str]:
    """Language ranges in preference order, from an ``accept-language`` value or a list."""
    if not isinstance(requested, str):
        return [r for item in requested for r in _ranges(item)]
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(requested.split(",")):
        match = _RANGE.match(part)
        if not match:
            continue
        try:
            q = float(match.group(2)) if match.group(2) else 1.0
        except ValueError:
            continue
        if q > 0:
            weighted.append((-q, index, match.group(1)))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(requested: str | Iterable[str], default: str = DEFAULT_LANGUAGE) -> str:
    """The best available language for a BCP 47 tag, a list of tags or an accept-language
    value: an exact match, else the same language with another region, else ``default``."""
    languages = available()
    lowered = {lang.lower(): lang for lang in languages}
    for tag in _ranges(requested):
        tag = tag.lower()
        if tag in lowered:
            return lowered[tag]
        base = tag.split("-")[0]
        if base in lowered:
            return lowered[base]
        for lang in languages:
            if lang.lower().split("-")[0] == base:
                return lang
    return default


class Catalogue:
    """The messages of one language, falling back to English for a message it lacks."""

    def __init__(self, language: str, bundles: list[FluentBundle]) -> None:
        self.language = language
        self._bundles = bundles

    def has(self, message_id: str) -> bool:
        return any(b.has_message(message_id) for b in self._bundles)

    def __call__(self, message_id: str, /, **args: object) -> str:
        """The formatted message; its id itself when no catalogue has it. Whole numbers are
        shown without grouping (a seed or a room version is not "12,345") and still select
        plural forms."""
        args = {k: _plain(v) for k, v in args.items()}
        for bundle in self._bundles:
            if bundle.has_message(message_id):
                message = bundle.get_message(message_id)
                if message.value is None:
                    continue
                text, _errors = bundle.format_pattern(message.value, args)
                return str(text)
        return message_id


_WHOLE = re.compile(r"-?[1-9][0-9]{0,17}|0")
"""A whole number written plainly (no sign "+", no leading zero), so text that is one reads
the same after formatting."""


def _plain(value: object) -> object:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str) and _WHOLE.fullmatch(value):
        value = int(value)  # a refusal's metadata carries numbers as text: plurals need them
    if isinstance(value, int):
        return fluent_number(value, useGrouping=False)
    if value is None:
        return ""
    return value if isinstance(value, (str, float)) else str(value)


def _bundle(root: Path, language: str) -> FluentBundle:
    bundle = FluentBundle([language], use_isolating=False)
    for path in sorted((root / language).glob("*.ftl")):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


@cache
def _catalogue(root: Path, language: str) -> Catalogue:
    chain = [language] if language == DEFAULT_LANGUAGE else [language, DEFAULT_LANGUAGE]
    return Catalogue(language, [_bundle(root, lang) for lang in chain])


def catalogue(requested: str | Iterable[str] = DEFAULT_LANGUAGE) -> Catalogue:
    """The catalogue that best fits ``requested`` (see :func:`negotiate`)."""
    return _catalogue(locales_dir(), negotiate(requested))
