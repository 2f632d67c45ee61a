"""The terminal client's words: the shared message catalogues (``i18n/locales``), read with
the CLI's keys.

Every string the CLI shows goes through :class:`Tr`: ``tr("key", name="Ana")``. A key is a
Fluent message id with ``.`` for ``-`` (``tt.kind.bison`` is ``tt-kind-bison`` in
``i18n/locales/<lang>/tomahawk.ftl``); each game's words are in its own file, and the same
files serve the server and the web page. Adding a language adds a folder of files.
:meth:`Tr.word` falls back to the raw value for a word the catalogues do not know, so a newer
server never makes the client fail.

>>> Tr("fr")("you")
'toi'
>>> Tr("en").word("tt.colour", "violet")
'violet'
>>> Tr("en").word("tt.colour", "ultraviolet")
'ultraviolet'
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import i18n

LANGUAGES = i18n.available()
"""The languages there are catalogues for."""


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The catalogue language for ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG`` (else English).

    >>> detect_language({"LANG": "fr_FR.UTF-8"})
    'fr'
    >>> detect_language({"LANG": "C.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            tag = value.split(".")[0].replace("_", "-")
            return i18n.negotiate(tag) if tag not in ("C", "POSIX") else i18n.DEFAULT_LANGUAGE
    return i18n.DEFAULT_LANGUAGE


def message_id(key: str) -> str:
    """The Fluent id of a CLI key (``tt.kind.bison`` -> ``tt-kind-bison``)."""
    return key.replace(".", "-")


class Tr:
    """The words of one language (any language there are catalogues for; else English)."""

    def __init__(self, lang: str) -> None:
        self.catalogue = i18n.catalogue(lang)
        self.lang = self.catalogue.language

    def __call__(self, key: str, **values: object) -> str:
        return self.catalogue(message_id(key), **values)

    def has(self, key: str) -> bool:
        return self.catalogue.has(message_id(key))

    def word(self, prefix: str, value: str) -> str:
        """The translation of ``prefix.value``, or ``value`` itself when unknown."""
        key = f"{prefix}.{value}"
        return self(key) if self.has(key) else value
