"""Free text is cleaned once, server-side (services/text.py): rules checked on any input
by hypothesis, then through the API: display names and Tomy stories reach every player
without control characters, escape sequences, bidi overrides or invisible characters."""

from __future__ import annotations

import unicodedata

import grpc
import pytest
import regex
from cercle.v1 import game_pb2, tomy_pb2
from hypothesis import given
from hypothesis import strategies as st

from clients.api_error import ApiError
from clients.sdk import Client
from services.text import MAX_MARKS, clean_text
from tests.services.play import open_table, stop_all

HOSTILE = [
    "\x1b[2J",
    "\x1b]0;owned\x07",
    "\x1b]8;;http://evil\x1b\\",
    "\x9b31m",
    "\x1bP1$r\x1b\\",
    "\x1b(B",
    "\x1b",
    "\x07",
    "\x00",
    "\x7f",
    "\x85",
    "\u202e",
    "\u202a",
    "\u2066",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u00ad",
    "\u3164",
    "\U000e0041",
    "\u0301",
    "\n",
    "\t",
    "\u2028",
    " ",
    "\u00a0",
    "👩",
    "ب",
    "e",
]
KEPT_FORMAT = {"\u200c", "\u200d"}


def _unsafe(text: str) -> list[str]:
    """Characters a terminal or a bidi renderer acts on, and invisible ones."""
    return [
        c
        for c in text
        if (unicodedata.category(c) in ("Cc", "Cf") and c not in KEPT_FORMAT)
        or c in "\u3164\u115f\u1160\uffa0"
    ]


texts = st.lists(st.one_of(st.characters(), st.sampled_from(HOSTILE)), max_size=40).map("".join)


@given(texts)
def test_cleaned_text_holds_no_control_escape_bidi_or_invisible_character(raw: str) -> None:
    cleaned = clean_text(raw)
    assert _unsafe(cleaned) == []
    assert unicodedata.is_normalized("NFC", cleaned)
    assert cleaned == cleaned.strip() and "  " not in cleaned
    assert not regex.search(r"\p{M}{" + str(MAX_MARKS + 1) + "}", cleaned)
    assert clean_text(cleaned) == cleaned  # once is enough


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Ana\x1b[31m\x1b]0;title\x07", "Ana"),
        ("a\u202etxt.exe", "atxt.exe"),
        ("  many   \n\t spaces  ", "many spaces"),
        ("Zoe\u0308", "Zoë"),  # NFC
        ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),  # a joiner inside an emoji stays
        ("A\u200dna", "Ana"),  # and nowhere else
        ("\u200b\u2060\ufeff", ""),
    ],
)
def test_clean_text_examples(raw: str, clean: str) -> None:
    assert clean_text(raw) == clean


async def test_names_and_stories_reach_players_clean(replicas: list[str]) -> None:
    hostile = Client(replicas[0])
    try:
        with pytest.raises(ApiError) as refused:
            await hostile.login("\u200b\x1b[2J\u202e")  # nothing visible left
        assert (refused.value.code, refused.value.field) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "display_name",
        )
        await hostile.login("\x1b]0;pwn\x07Eve\u202e  \x1b[5mX")
        room = await hostile.create_room("tomy", players=3)
        assert room.seats[0].display_name == "Eve X"
    finally:
        await hostile.close()

    room_id, seats = await open_table(
        replicas, "tomy", 3, {"story_seconds": "0", "vote_seconds": "0", "tie_seconds": "0"}
    )
    try:
        view = await seats[0].client.view(room_id)
        teller = next(s for s in seats if s.seat == view.waiting_for[0])
        legal = await teller.client.legal(room_id)
        propose = next(a for a in legal.actions if a.tomy.HasField("propose"))
        action = game_pb2.Action(
            tomy=tomy_pb2.TomyAction(
                propose=tomy_pb2.TomyAction.Propose(
                    column=propose.tomy.propose.column,
                    text="Tomy\x1b[2J\x1b]8;;http://x\x1b\\ is\u202e\n\nhere\u200b!",
                )
            )
        )
        answer = await teller.client.act(room_id, action, legal.version)
        told = [e.tomy.story_proposed for e in answer.events if e.tomy.HasField("story_proposed")]
        assert told and told[0].text == "Tomy is here!"
        others = await seats[(teller.seat + 1) % 3].client.view(room_id)
        assert [p.text for p in others.view.tomy.proposals] == ["Tomy is here!"]
        # Nothing but invisible text is no story at all.
        mover = next(s for s in seats if s.seat == others.waiting_for[0])
        legal = await mover.client.legal(room_id)
        column = next(a for a in legal.actions if a.tomy.HasField("propose"))
        action.tomy.propose.column = column.tomy.propose.column
        action.tomy.propose.text = "\u200b\x1b[0m \u2066"
        with pytest.raises(ApiError) as empty:
            await mover.client.act(room_id, action, legal.version)
        assert empty.value.reason == "STORY_LENGTH"
    finally:
        await stop_all(seats)
