"""The CLI prints server text safely, whatever the server sends: names, stories, messages
and catalogue texts lose their escape sequences and control, bidi and invisible characters
before they reach the terminal (``clients.render.safe_text``), and JSON output escapes
them. Pure tests: hostile messages built by hand, no server."""

from __future__ import annotations

import argparse
import json
import unicodedata

import pytest
from cercle.v1 import common_pb2, game_pb2, tomy_pb2
from google.protobuf import struct_pb2

from clients.i18n import Tr
from clients.io import Io
from clients.render import (
    Context,
    Style,
    json_safe,
    narrate,
    render_room,
    render_view,
    safe_message,
    safe_text,
)

EVIL = "\x1b]0;owned\x07\x1b[2J\x9b5m\u202eEve\u2066\u200b\x85\n!"


def _printable(text: str) -> bool:
    """Nothing a terminal or a bidi algorithm would act on (line breaks between lines and
    the joiner of emoji sequences aside)."""
    return not any(unicodedata.category(c) in ("Cc", "Cf") and c not in "\n\u200d" for c in text)


def _story(story: str) -> game_pb2.Event:
    told = tomy_pb2.TomyEvent.StoryProposed(seat=0, column=1, location=2, text=story)
    return game_pb2.Event(tomy=tomy_pb2.TomyEvent(story_proposed=told))


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (EVIL, "Eve !"),
        ("\x1bP+q544e\x1b\\ok", "ok"),
        ("tab\there", "tab here"),
        ("👩\u200d💻", "👩\u200d💻"),
        ("Zoë", "Zoë"),
    ],
)
def test_safe_text_keeps_only_what_prints(raw: str, shown: str) -> None:
    assert safe_text(raw) == shown


def test_safe_message_cleans_every_string_nested_repeated_and_in_maps() -> None:
    room = common_pb2.Room(
        room_id="r1",
        game_id="tomy",
        seats=[common_pb2.Seat(index=0, player_id="p", display_name=EVIL)],
    )
    event = _story(EVIL)
    detail = struct_pb2.Struct()
    detail.update({"story": EVIL, "nested": {"list": [EVIL, 3]}, EVIL: EVIL})
    clean_room, clean_event = safe_message(room), safe_message(event)
    clean_detail = safe_message(detail)
    assert clean_room.seats[0].display_name == "Eve !"
    assert clean_event.tomy.story_proposed.text == "Eve !"
    assert clean_detail["story"] == "Eve !"
    assert clean_detail["Eve !"] == "Eve !"  # a map's key too
    nested = clean_detail["nested"]
    assert isinstance(nested, struct_pb2.Struct)
    items = nested["list"]
    assert isinstance(items, struct_pb2.ListValue)
    assert list(items) == ["Eve !", 3]
    assert room.seats[0].display_name == EVIL  # the original is left alone


def test_names_stories_and_errors_print_safely() -> None:
    room = common_pb2.Room(
        room_id="r1",
        game_id="tomy",
        my_seat=1,
        seats=[
            common_pb2.Seat(index=0, player_id="a", display_name=EVIL, ready=True),
            common_pb2.Seat(index=1, player_id="b", display_name="Ben"),
        ],
    )
    ctx = Context("tomy", Tr("en"), Style(False))
    ctx.set_room(room)
    lines = render_room(room, ctx)
    lines.append(narrate(_story(EVIL), ctx, room))
    view = tomy_pb2.TomyView(phase=tomy_pb2.TOMY_PHASE_STORY)
    view.proposals.add(column=1, seat=0, location=2, text=EVIL)
    lines += render_view(game_pb2.View(tomy=view), ctx)
    text = "\n".join(lines)
    assert "Eve !" in text and _printable(text), text


def test_json_output_escapes_what_a_terminal_would_act_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    io = Io(argparse.Namespace(json=True, lang="en", no_color=True))
    io.emit({"name": EVIL})
    out = capsys.readouterr().out
    assert _printable(out)
    assert json.loads(out) == {"name": EVIL}  # the same data
    assert json_safe("plain") == "plain"
