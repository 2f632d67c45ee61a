"""The words players read, in both languages and in both clients (docs/i18n.md, "How a game
talks"): every message of the catalogues (``i18n/locales/<lang>/*.ftl``, read by the CLI and
the web page) is formatted with its counts at 1 and scanned for "(s)", "1 cards" and the like;
French says "tu", never "vous"; French holds no English left untranslated; the web page names
only messages both languages have, and writes no player text outside them (its TypeScript
under ``clients/web/src`` and the static ``index.html``).

``bad_wording(text, lang)`` is the same scan for any text a client printed; the auto-played
matches of ``test_player_text.py`` run it over the terminal client's whole output."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

import i18n

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "clients" / "web"
LANGUAGES = ("en", "fr")

_COUNTED = {
    "en": r"cards|gems|bots|seats|players|crowns|tricks|Hyenas|rounds|spectators|characters|"
    r"positions|copies|points|spirits|stories|votes|turns",
    "fr": r"cartes|gemmes|robots|places|joueurs|couronnes|plis|Hyènes|manches|spectateurs|"
    r"caractères|positions|exemplaires|points|esprits|histoires|tours|libérés|cachées|"
    r"gagnées|prises",
}
"""Plural nouns (and French agreeing participles) a count is put before."""

_ONE_PLURAL = {
    lang: re.compile(rf"(?<![\d/.,−-])\b1 (?:\w+ )?(?:{words})\b")
    for lang, words in _COUNTED.items()
}
"""``1 cards``, ``1 free seats``: a count of one with a plural word."""

_MAYBE = re.compile(r"\w\((?:s|e|es|x|nt)\)")
"""``card(s)``, ``assis(e)``, ``gagne(nt)``: a plural or a gender left to the reader."""

_VOUS = re.compile(
    r"\b(?:vous|votre|vos)\b|\b(?!(?:chez|assez|nez|rez)\b)\w+ez\b|\bveuillez\b", re.IGNORECASE
)
"""The French "vous" register: its pronouns and its verbs (``choisissez``); a game says "tu"."""

_ENGLISH = re.compile(
    r"\b(?:the|and|you|your|with|cards?|turn|bots?|seats?|players?|round|match|replay|"
    r"seed|commitment|winners?|draw|skip|shield|sheriff|hand|trick)\b",
    re.IGNORECASE,
)
"""English words that must not be left in a French text."""

_FRENCH_KEEPS = re.compile(
    r"SHÉRIF|AGILITÉ|TOMAHAWK|COMBO|`[^`]*`|cercle \w+|--\w+|«[^»]*»|“[^”]*”|\"[^\"\n]*\""
)
"""What stays as it is in every language: the game's calls (the rulebook's French, shouted as
written), the commands a player types, and what players wrote (a story, a chat line, quoted:
a player may tell a story in English at a French table)."""


def bad_wording(text: str, lang: str) -> list[str]:
    """What in ``text`` (player text in ``lang``) reads wrong: a count of one with a plural,
    "(s)"-style endings; in French, "vous" and English words."""
    found = _ONE_PLURAL[lang].findall(text) + _MAYBE.findall(text)
    if lang == "fr":
        plain = _FRENCH_KEEPS.sub(" ", text)
        found += _VOUS.findall(plain) + _ENGLISH.findall(plain)
    return list(dict.fromkeys(found))


def test_the_wording_scan_finds_what_it_must() -> None:
    """The old wording players tripped on is caught (each of these was on screen)."""
    assert bad_wording("A Sheriff: answer with a Shield, or take 1 cards.", "en") == ["1 cards"]
    assert bad_wording("Waiting for players: 1 free seat(s).", "en") == ["t(s)"]
    assert bad_wording("Ana draws 1 card(s).", "en") == ["d(s)"]
    assert bad_wording("Winner(s): Ana", "en") == ["r(s)"]
    assert bad_wording("Ana win(s).", "en") == ["n(s)"]
    assert bad_wording("À vous de jouer ! Choisissez 1–3", "fr") == ["vous", "Choisissez"]
    assert bad_wording("Ce n'est pas votre tour.", "fr") == ["votre"]
    assert bad_wording("Ana est prêt(e).", "fr") == ["t(e)"]
    assert bad_wording("Bot 2 (strong) joue", "fr") == ["Bot"]
    assert bad_wording("Ana pioche 1 cartes.", "fr") == ["1 cartes"]
    # ... and the new wording is not.
    assert bad_wording("A Sheriff: answer with a Shield, or take 1 card.", "en") == []
    assert bad_wording("À toi de jouer ! Choisis 1–3 · SHÉRIF ! · `cercle watch` chez", "fr") == []
    assert bad_wording("Rediffusion : cercle replay abc123 · 10 cartes · −1 couronne", "fr") == []


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def _messages(lang: str) -> Iterator[tuple[str, str, set[str]]]:
    """(file, message id, its variables) for every message of ``lang``'s catalogues."""
    for path in sorted((i18n.locales_dir() / lang).glob("*.ftl")):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                found = _Variables()
                found.visit(entry)
                yield path.name, entry.id.name, found.names


def _formatted(lang: str, values: dict[str, object]) -> Iterator[tuple[str, str, str]]:
    """(file, id, text) for every message of ``lang``, each variable set from ``values`` (a
    variable not there gets its own name, as a word), every selector's variants formatted."""
    catalogue = i18n.catalogue(lang)
    for file, message_id, names in _messages(lang):
        args = {name: values.get(name, name) for name in names}
        yield file, message_id, catalogue(message_id, **args)


_STRING_VARIABLES = {"why", "muted", "fight", "level", "value", "free_seat"}
"""Variables that select by a word (``why``, ``muted``…), not by a count."""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", [0, 1, 2, 7])
def test_every_message_reads_right_with_any_count(lang: str, count: int) -> None:
    """Every message with every count variable at ``count`` ("1 cards" is what the (s)
    and the selector-less counts printed) and its word variables as words."""
    names = {name for _, _, found in _messages(lang) for name in found} - _STRING_VARIABLES
    wrong = [
        f"{file} {message_id}: {text!r} -> {bad}"
        for file, message_id, text in _formatted(lang, dict.fromkeys(names, count))
        if (bad := bad_wording(text, lang))
    ]
    assert not wrong, "\n".join(wrong)


def test_the_catalogues_have_no_maybe_plural_and_french_says_tu() -> None:
    """The texts as written, selectors' variants included: no "(s)" anywhere; French in one
    register ("tu": a game talks to a player as "tu") and no English left in it."""
    wrong = []
    for lang in LANGUAGES:
        for path in sorted((i18n.locales_dir() / lang).glob("*.ftl")):
            for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
                if not isinstance(entry, ast.Message) or entry.value is None:
                    continue
                texts = _Texts()
                texts.visit(entry)
                bad = bad_wording(" ¶ ".join(texts.parts), lang)
                bad = [b for b in bad if not _ONE_PLURAL[lang].fullmatch(b)]
                wrong += [f"{lang}/{path.name} {entry.id.name}: {bad}"] if bad else []
    assert not wrong, "\n".join(wrong)


class _Texts(Visitor):
    """The literal text of a message: its text elements, every variant's."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def visit_TextElement(self, node: ast.TextElement) -> None:
        self.parts.append(node.value)


# The web page: its message ids, its literals, its static page.

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
_ID = re.compile(r"[a-z][a-z0-9_]*(?:-[A-Za-z0-9_]+)+|you|bot|seat_n|winners|nobody|ready")
_CALL = re.compile(r"(?<![\w.$])(?:t|format)\(\s*(?:[\w.]+,\s*)?$")
"""A call formatting a message, right before its id: ``t(``, ``format(lang, ``."""


def _web_sources() -> dict[Path, str]:
    """Every TypeScript file of the page, comments blanked (lines kept)."""
    return {
        path: _COMMENT.sub(lambda m: "\n" * m.group().count("\n"), path.read_text("utf-8"))
        for path in sorted((WEB / "src").rglob("*.ts"))
        if not path.name.endswith(".d.ts")
    }


def _ids(lang: str) -> set[str]:
    return {message_id for _, message_id, _ in _messages(lang)}


def test_every_message_the_web_page_names_exists_in_both_languages() -> None:
    """Each id the page formats — ``t("web-you_won")``, a table's ``"tt-why-sheriff"``, an
    id built from a prefix (``t(`web-game-${id}`)``), a ``data-l10n-id`` of index.html — is
    in every language's catalogues (else the page shows English, or the id itself)."""
    named: set[str] = set()
    prefixes: set[str] = set()
    for text in _web_sources().values():
        for match in _LITERAL.finditer(text):
            value = next(group for group in match.groups() if group is not None)
            called = _CALL.search(text[max(0, match.start() - 40) : match.start()])
            if match.group(3) is not None and "${" in value and called:
                prefixes.add(value.split("${")[0])
            elif _ID.fullmatch(value) and (called or value.split("-")[0] in _PREFIXES):
                named.add(value)
    page = (WEB / "index.html").read_text("utf-8")
    named |= set(re.findall(r'data-l10n-(?:id|aria)="([^"]+)"', page))
    assert len(named) > 150 and len(prefixes) > 10, (len(named), prefixes)
    for lang in LANGUAGES:
        ids = _ids(lang)
        assert not sorted(named - ids), f"{lang} lacks {sorted(named - ids)}"
        lacking = [p for p in prefixes if p and not any(i.startswith(p) for i in ids)]
        assert not lacking, f"{lang} has no message starting with {lacking}"


_PREFIXES = {"web", "tt", "tm", "my", "aw", "ev", "status", "bot_level", "outcome_reason"}
"""The first part of the catalogues' ids that the page's tables name as plain literals."""

_STOPWORDS = frozenset(
    re.findall(
        r"\w+",
        "the a an you your to of and or is not no left now here this it "
        "le la les de du des un une et ou tu ta ton tes toi est pas ici plus encore",
    )
)
"""Small words of a sentence, in English and French: a CSS class list has none."""

_SPEECH = re.compile(r"[A-ZÀ-Ý][a-zà-ÿ]|[^\w\s${}()\[\]#.,=>*:/-]|[.:!?…] |[.!?…]$")
"""What a sentence has and an identifier, a class list or a selector has not: a capitalised
word, punctuation of speech (« », ’, !), a stop before a space or at the end."""

_DEVELOPER = re.compile(r"(?:new Error|problem)\(\s*$")
"""Texts for developers (a thrown error, the i18n problems list), not shown to players."""

_NAMES = {"Tomy", "Cercle", "Français", "English"}
"""Names that are the same in every language: the game's dog, the project, the languages
named in their own words on the switch."""


def hard_coded_text(source: str) -> list[str]:
    """The string literals of TypeScript ``source`` (comments blanked) that read as player
    text: a capitalised word ("Couper"), or words with a sentence's small words or its
    punctuation, outside the catalogues, imports and developers' errors."""
    found = []
    for match in _LITERAL.finditer(source):
        value = next(group for group in match.groups() if group is not None)
        words = re.sub(r"\$\{[^}]*(?:\}|$)", " ", value).split()  # a nested `…` cuts one
        if not any(re.search(r"[^\W\d_]{2,}", w) for w in words) or " ".join(words) in _NAMES:
            continue
        before = source[max(0, match.start() - 40) : match.start()]
        line = source[: match.start()].split("\n")
        if _DEVELOPER.search(before) or re.search(
            r"\b(?:import|from)\s*(?:\{[^}]*\}\s*from\s*)?$", line[-1]
        ):
            continue
        if len(words) == 1:
            speech = re.fullmatch(r"[A-ZÀ-Ý][a-zà-ÿ]+[.!?…]?", words[0]) is not None
        else:
            speech = bool(_STOPWORDS & {w.lower() for w in words}) or any(
                _SPEECH.search(w) for w in words if not w.startswith(("#", ".", "["))
            )
        if speech:
            found.append(f"{len(line)}: {value}")
    return found


def test_the_scanner_finds_hard_coded_player_text() -> None:
    assert hard_coded_text('el("p", {}, "Your turn: play a card")') == ["1: Your turn: play a card"]
    assert hard_coded_text('button("Couper", go)') == ["1: Couper"]
    assert hard_coded_text("x = `${n} cards left`;") == ["1: ${n} cards left"]
    assert hard_coded_text('t("web-you_won"); el("li", { className: "seat me turn" })') == []
    assert hard_coded_text('import { t } from "./i18n.js"; $("#lang-switch button")') == []
    assert hard_coded_text("throw new Error(`#${id} is missing from the page`)") == []


def test_the_web_page_writes_no_player_text_outside_the_catalogues() -> None:
    """The page's TypeScript formats every player text from the catalogues; index.html's
    texts are all ``data-l10n-id`` (their English is only what shows before the script)."""
    wrong = [
        f"{path.relative_to(ROOT)}:{hit}"
        for path, text in _web_sources().items()
        for hit in hard_coded_text(text)
    ]
    assert not wrong, "\n".join(wrong)

    class Page(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.open: list[dict[str, str | None]] = []
            self.bare: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag not in ("meta", "link", "input", "br", "img"):
                self.open.append(dict(attrs))

        def handle_endtag(self, tag: str) -> None:
            if self.open and tag not in ("meta", "link", "input", "br", "img"):
                self.open.pop()

        def handle_data(self, data: str) -> None:
            words = data.strip()
            inside = self.open[-1] if self.open else {}
            spoken = re.search(r"[^\W\d_]{2,}", words) and words not in _NAMES
            if spoken and "data-l10n-id" not in inside and "lang" not in inside:
                self.bare.append(words)
            label = inside.get("aria-label")
            if label and "data-l10n-aria" not in inside:
                self.bare.append(label)

    page = Page()
    page.feed((WEB / "index.html").read_text("utf-8"))
    assert not page.bare, page.bare


@pytest.mark.parametrize("lang", LANGUAGES)
def test_awimbawe_counts_cards_in_the_trick_pile_and_signs_barred_crowns(lang: str) -> None:
    """The side's count is the cards of the trick pile (``trick_pile_count``: a fled Eagle
    splits a trick between both piles, so it is no count of tricks), and an Eagle's barred
    crowns read with their sign (a −1 Eagle once read "one crown")."""
    tr = i18n.catalogue(lang)
    cards = "cards" if lang == "en" else "cartes"
    side = {"rounds": 1, "hand": 3, "hyenas": 2}
    assert f"22 {cards}" in tr("web-aw-side", tricks=22, **side)
    assert f"22 {cards}" in tr("aw-side", name="A", heir_name="B", heir="C", taken=22, **side)
    for crowns, sign in ((-1, "−1"), (-2, "−2")):
        assert sign in tr("web-aw-crowns", n=crowns) and sign in tr("aw-card", crowns=crowns)
        assert tr("web-aw-crowns", n=crowns) != tr("web-aw-crowns", n=-crowns)


def test_the_mute_switch_does_not_say_to_trump() -> None:
    """« Couper » is what a card does in a trick-taking game (to trump): the host's switch
    that silences a seat says « Rendre muet » / « Retirer la parole »."""
    tr = i18n.catalogue("fr")
    for message_id in ("web-chat_mute", "web-chat_unmute", "web-chat_mute_who"):
        assert "coup" not in tr(message_id, who="Ana").lower(), message_id
    assert tr("web-chat_mute") == "Rendre muet"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_names_its_bots_in_every_language(lang: str) -> None:
    """``game-<id>-bot_name`` (games.ftl) names as many bots as a table of the game may
    seat, each name once, from the game's world; past the list, the default "Bot n"."""
    from engine import registry

    tr = i18n.catalogue(lang)
    default = tr("bot_name", n=99)
    for game in registry.games():
        message_id = f"game-{game.info.id}-bot_name"
        assert tr.has(message_id), message_id
        names = [tr(message_id, n=n) for n in range(1, game.info.max_players)]
        assert len(set(names)) == len(names) and not [n for n in names if n[-1].isdigit()]
        assert tr(message_id, n=99) == default
