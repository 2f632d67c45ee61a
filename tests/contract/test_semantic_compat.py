"""Semantic compatibility with the recorded v1 baseline (issue 25): today's server still gives
a client built on ``protos/v1-baseline.binpb`` what it reads, not only a compatible wire.

The goldens and their expectations live in ``protos/compat/`` (recorded by
``tools/compat.py record``); see the module doc of ``tools/compat.py`` and docs/api.md,
"Compatibility"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cercle.v1 import game_pb2, lobby_pb2, tomy_pb2
from google.protobuf import descriptor_pool, message_factory
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

from tools import compat, compat_scenarios
from tools import compat_expectations as expect

BASELINE = expect.Baseline()
FIRST_BASELINE = expect.Baseline(
    Path(__file__).parent / "fixtures" / "v1-baseline-2026-12-02.binpb"
)
"""The baseline recorded before the v1 contract was reworked (issue 25), kept to show that the
check catches the break that motivated it: a told Tomy story sent with `story` empty."""


def today_class(full_name: str) -> type[Message]:
    return message_factory.GetMessageClass(
        descriptor_pool.Default().FindMessageTypeByName(full_name)
    )


def test_the_goldens_were_recorded_against_this_baseline() -> None:
    digest, goldens, _ = compat.load_manifest()
    assert digest == BASELINE.digest, "the baseline changed: run tools/compat.py record"
    names = {g.name for g in goldens}
    # every RPC family and every game of the catalogue has its goldens
    assert {"session.create", "catalogue.games", "lobby.create", "lobby.join", "game.act"} <= names
    assert {"error.not_your_turn", "error.stale_version", "timer.watch", "lobby.watch"} <= names
    games = lobby_pb2.ListGamesResponse.FromString(compat.golden_bytes("catalogue.games"))
    for info in games.games:
        for suffix in ("view_start", "act", "outcome", "replay"):
            assert f"{info.game_id}.{suffix}" in names
        # how the match began: a quick match, or a short room the old client made itself
        # (Tomahawk: compat_scenarios.SHORT_MATCH)
        assert {f"{info.game_id}.quick_match", f"{info.game_id}.create_room"} & names
    assert {"tomy.bot_story", "tomahawk.tomahawk_called", "awimbawe.trick_won"} <= names


def test_every_golden_decodes_with_the_baseline_and_with_todays_schema() -> None:
    _, goldens, known = compat.load_manifest()
    for golden in goldens:
        data = compat.golden_bytes(golden.name)
        today = today_class(golden.type).FromString(data)
        narrowed = type(today)()
        narrowed.CopyFrom(today)
        narrowed.DiscardUnknownFields()
        # deterministic: a map's entries would otherwise come in any order
        bare = narrowed.SerializeToString(deterministic=True)
        assert bare == today.SerializeToString(deterministic=True), (
            f"{golden.name}: today's schema no longer knows a field of the golden"
        )
        if golden.in_baseline:
            old = BASELINE.decode(golden.type, data)
            missed = expect.violations(golden.name, old, golden.expectations)
            assert all(v.known_key in known for v in missed), [str(v) for v in missed]


def told_story_update(story: str) -> Any:
    """An update telling a story as the first baseline's clients knew it (field `story`),
    built with that baseline's own classes."""
    update: Any = FIRST_BASELINE.decode("cercle.v1.SubscribeResponse", b"")
    kinds = FIRST_BASELINE.pool.FindEnumTypeByName("cercle.v1.UpdateKind")
    update.seq, update.version = 7, 3
    update.kind = kinds.values_by_name["UPDATE_KIND_BOT"].number
    told = update.events.add().tomy.story_proposed
    told.seat, told.column, told.location, told.story = 1, 2, 35, story
    return update


def test_a_told_story_left_empty_is_reported_with_the_golden_the_path_and_the_read() -> None:
    golden = told_story_update("Le teckel file vers la gare.")
    expected = expect.expectations_of(golden, FIRST_BASELINE)
    assert expect.violations("tomy.bot_story", golden, expected) == []
    broken = told_story_update("")
    missed = expect.violations("tomy.bot_story", broken, expected)
    assert [str(v) for v in missed] == [
        "tomy.bot_story: events[].tomy.story_proposed: story non-empty in every "
        "cercle.v1.TomyEvent.StoryProposed (the story to show); today: 1 of 1 do not"
    ]


def test_a_template_the_baseline_cannot_read_does_not_make_up_for_the_text() -> None:
    """The Tomy story break itself, against the first baseline: the server sent the template
    and no text; decoded with that baseline, the template is an unknown field and the story
    is blank."""
    expected = expect.expectations_of(
        told_story_update("Le teckel file vers la gare."), FIRST_BASELINE
    )
    today = game_pb2.SubscribeResponse(seq=7, version=3, kind=game_pb2.UPDATE_KIND_BOT)
    told = today.events.add().tomy.story_proposed
    told.seat, told.column, told.location = 1, 2, 35
    told.template.CopyFrom(tomy_pb2.TomyTemplateStory(number=4, location=35))
    seen = FIRST_BASELINE.decode(today.DESCRIPTOR.full_name, today.SerializeToString())
    missed = expect.violations("tomy.bot_story", seen, expected)
    assert [v.known_key for v in missed] == ["cercle.v1.TomyEvent.StoryProposed: story non-empty"]


def test_a_story_told_with_neither_text_nor_template_breaks_todays_baseline() -> None:
    """The same kind of change against the baseline recorded now: a told story whose text
    and template are both left out, although the wire is unchanged."""
    golden: Any = BASELINE.decode(
        "cercle.v1.SubscribeResponse", compat.golden_bytes("tomy.bot_story")
    )
    _, goldens, _ = compat.load_manifest()
    expected = {g.name: g for g in goldens}["tomy.bot_story"].expectations
    assert expect.violations("tomy.bot_story", golden, expected) == []
    for event in golden.events:
        if event.tomy.HasField("story_proposed"):
            event.tomy.story_proposed.ClearField("text")
            event.tomy.story_proposed.ClearField("template")
    missed = [v.key() for v in expect.violations("tomy.bot_story", golden, expected)]
    assert (
        "tomy.bot_story: events[].tomy.story_proposed: text non-empty or template present in "
        "every cercle.v1.TomyEvent.StoryProposed (the story to show)"
    ) in missed


def test_an_error_reason_changed_or_a_view_dropped_is_reported() -> None:
    _, goldens, _ = compat.load_manifest()
    by_name = {g.name: g for g in goldens}
    error = status_pb2.Status.FromString(compat.golden_bytes("error.not_your_turn"))
    info = error_details_pb2.ErrorInfo()
    for detail in error.details:
        if detail.Unpack(info):
            info.reason = "WAIT_YOUR_TURN"  # a renamed reason: the wire is the same
            detail.Pack(info)
    expected = by_name["error.not_your_turn"].expectations
    missed = {v.key() for v in expect.violations("error.not_your_turn", error, expected)}
    assert (
        "error.not_your_turn: details[]<google.rpc.ErrorInfo>: reason to include "
        "['NOT_YOUR_TURN'] in at least one google.rpc.ErrorInfo"
    ) in missed
    update = BASELINE.decode("cercle.v1.SubscribeResponse", compat.golden_bytes("tomy.bot_story"))
    update.ClearField("view")
    dropped = expect.violations("tomy.bot_story", update, by_name["tomy.bot_story"].expectations)
    assert (
        "tomy.bot_story: <message>: view present in at least one cercle.v1.SubscribeResponse"
        in {v.key() for v in dropped}
    )


def test_a_request_is_sent_with_the_baseline_fields_only() -> None:
    request = lobby_pb2.CreateRoomRequest(game_id="tomy", players=4, request_id="r-1")
    sent = expect.downgrade(FIRST_BASELINE, request)  # it knew no CreateRoom request_id
    assert isinstance(sent, lobby_pb2.CreateRoomRequest)
    assert (sent.game_id, sent.players, sent.request_id) == ("tomy", 4, "")


async def test_todays_server_still_gives_an_old_client_what_it_reads(replicas: list[str]) -> None:
    runs = [await compat_scenarios.play(replicas, BASELINE)]
    problems = compat.check(runs, BASELINE)
    while problems and len(runs) < compat.RECHECK_RUNS:  # another deal (see compat.check)
        runs.append(await compat_scenarios.play(replicas, BASELINE))
        problems = compat.check(runs, BASELINE)
    assert not problems, "\n".join(problems)
