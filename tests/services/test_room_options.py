"""Typed room options over real replicas and Redis: every game's options message, defaults
filled in by the server, refusals naming the typed field, and the catalogue describing the
fields; plus what Redis keeps (the engine's plain options, unchanged by the typed contract)."""

from __future__ import annotations

import json

import grpc
import pytest
import redis.asyncio as aioredis
from cercle.v1 import (
    awimbawe_pb2,
    common_pb2,
    lobby_pb2,
    tamashii_pb2,
    tomahawk_pb2,
    tomy_pb2,
)
from google.protobuf.descriptor import FieldDescriptor

from clients.api_error import ApiError
from clients.options import options_message, plain_options
from clients.sdk import Client
from engine import registry
from services.games.options import mismatches
from services.store import room_key
from tests.services.tables import table_with_bots

TYPED = {
    "tomahawk": (
        2,
        common_pb2.RoomOptions(
            tomahawk=tomahawk_pb2.TomahawkOptions(
                turn_seconds=0,
                target_score=100,
                first_player=1,
                reaction_seconds=3,
                pause_seconds=0,
            )
        ),
    ),
    "tamashii": (
        2,
        common_pb2.RoomOptions(
            tamashii=tamashii_pb2.TamashiiOptions(
                level=tamashii_pb2.TAMASHII_LEVEL_NIGHTMARE,
                memory_aid=True,
                decision_seconds=0,
                first_player=0,
            )
        ),
    ),
    "tomy": (
        3,
        common_pb2.RoomOptions(
            tomy=tomy_pb2.TomyOptions(
                rounds=True,
                target_score=5,
                story_seconds=0,
                vote_seconds=0,
                tie_seconds=7,
                first_player=2,
                language=tomy_pb2.TOMY_LANGUAGE_EN,
                pause_seconds=120,
            )
        ),
    ),
    "awimbawe": (
        2,
        common_pb2.RoomOptions(
            awimbawe=awimbawe_pb2.AwimbaweOptions(decision_seconds=0, pause_seconds=5)
        ),
    ),
}
"""Per game: a table size and options with every field set away from its default."""


def _set(game_id: str, **fields: int | bool) -> common_pb2.RoomOptions:
    """Options with these fields of ``game_id``'s message set, checked by the server only."""
    options = common_pb2.RoomOptions()
    inner = getattr(options, game_id)
    for name, value in fields.items():
        setattr(inner, name, value)
    return options


REFUSED = [
    ("tamashii", _set("tamashii", level=99), "options.tamashii.level"),
    ("tomy", _set("tomy", language=7), "options.tomy.language"),
    ("tomy", _set("tomy", vote_seconds=601), "options.tomy.vote_seconds"),
    ("tomahawk", _set("tomahawk", target_score=0), "options.tomahawk.target_score"),
    ("tomahawk", _set("tomahawk", first_player=-1), "options.tomahawk.first_player"),
    ("tomahawk", _set("tomahawk", first_player=2), "options.tomahawk.first_player"),
    ("awimbawe", _set("awimbawe", decision_seconds=-5), "options.awimbawe.decision_seconds"),
    ("tomahawk", _set("tomahawk", pause_seconds=121), "options.tomahawk.pause_seconds"),
    ("tomy", _set("tamashii", memory_aid=True), "options"),
]
"""A request, and the field its refusal must name (the last: another game's message)."""


def _defaults(game: lobby_pb2.GameInfo) -> common_pb2.RoomOptions:
    """The options a room created with none must show, read from the catalogue alone."""
    options = common_pb2.RoomOptions()
    inner = getattr(options, game.game_id)
    inner.SetInParent()
    for info in game.options:
        which = info.default_value.WhichOneof("value")
        if which is not None:
            setattr(inner, info.name, getattr(info.default_value, which))
    return options


def test_every_games_options_message_has_one_typed_field_per_option() -> None:
    for game in registry.games():
        assert mismatches(game) == [], game.info.id


@pytest.mark.parametrize("game_id", sorted(TYPED))
async def test_a_room_keeps_its_typed_options_and_fills_in_the_defaults(
    replicas: list[str], game_id: str
) -> None:
    players, typed = TYPED[game_id]
    host, other = Client(replicas[0]), Client(replicas[1])
    try:
        await host.login("Typed")
        await other.login("Other")
        room = await host.create_room(game_id, players=players, options=typed, private=True)
        assert room.options == typed  # every field as sent
        seen = (await other.join(code=room.join_code)).room  # the other replica, from Redis
        assert seen.options == typed
        # Nothing sent: every option at the catalogue's default, first_player left to chance.
        catalogue = {g.game_id: g for g in await host.games("en")}
        bare = await host.create_room(game_id, players=players, private=True)
        assert bare.options == _defaults(catalogue[game_id])
        inner = getattr(bare.options, game_id)
        for field in options_message(game_id).fields:
            if field.name == "first_player":
                assert not inner.HasField(field.name)
            elif field.has_presence:
                assert inner.HasField(field.name), field.name
            else:  # an enum: never its zero value in an answer
                assert getattr(inner, field.name) != 0, field.name
        # Some fields set: those kept, the others at their defaults.
        name = options_message(game_id).fields[0].name
        one = {name: plain_options(typed)[name]}
        partial = await host.create_room(game_id, players=players, private=True, options=one)
        assert plain_options(partial.options) == {**plain_options(bare.options), **one}
    finally:
        await host.close()
        await other.close()


async def test_typed_options_reach_the_match(replicas: list[str]) -> None:
    """Tamashii's level and memory aid, sent as enum and bool, are what the engine plays."""
    host = Client(replicas[0])
    try:
        await host.login("Level")
        room = await table_with_bots(
            host, "tamashii", players=1, options=TYPED["tamashii"][1], private=True
        )
        view = (await host.view(room.room_id)).view.tamashii
        assert view.level == tamashii_pb2.TAMASHII_LEVEL_NIGHTMARE
        assert view.memory_aid
    finally:
        await host.close()


@pytest.mark.parametrize(("game_id", "options", "field"), REFUSED)
async def test_a_wrong_option_is_refused_on_its_typed_field_and_nothing_is_created(
    replicas: list[str], game_id: str, options: common_pb2.RoomOptions, field: str
) -> None:
    players = TYPED[game_id][0]
    client = Client(replicas[1])
    try:
        await client.login("Wrong")
        with pytest.raises(ApiError) as refused:
            await client.create_room(game_id, players=players, options=options)
        assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
        assert (refused.value.reason, refused.value.field) == ("INVALID_OPTION", field)
        assert refused.value.message and "game-" not in refused.value.message
        assert await client.my_rooms() == []
        hosts = {r.host_player_id for r in await client.rooms(game_id)}
        assert client.player_id not in hosts
    finally:
        await client.close()


async def test_the_catalogue_describes_each_typed_field(replicas: list[str]) -> None:
    client = Client(replicas[0])
    kinds = {
        FieldDescriptor.TYPE_INT32: lobby_pb2.OPTION_KIND_INT,
        FieldDescriptor.TYPE_BOOL: lobby_pb2.OPTION_KIND_BOOL,
        FieldDescriptor.TYPE_ENUM: lobby_pb2.OPTION_KIND_CHOICE,
    }
    try:
        games = {g.game_id: g for g in await client.games("en")}
    finally:
        await client.close()
    assert set(games) == {g.info.id for g in registry.games()}
    for game_id, game in games.items():
        fields = options_message(game_id).fields
        assert [o.name for o in game.options] == [f.name for f in fields]
        for info, field in zip(game.options, fields, strict=True):
            assert info.kind == kinds[field.type], info.name
            if field.enum_type is not None:
                numbers = [v.number for v in field.enum_type.values if v.number]
                assert [c.value for c in info.choices] == numbers
                assert all(c.label for c in info.choices)
                assert info.default_value.enum_value in numbers
            else:
                assert not info.choices
            if info.name == "first_player":
                assert info.may_be_unset and info.unset_label == "Drawn at random"
                assert not info.HasField("default_value") and info.minimum == 0
            else:
                assert not info.may_be_unset and info.HasField("default_value")
        for clock in game.clocks:
            assert clock.option in {f.name for f in fields}
    level = next(o for o in games["tamashii"].options if o.name == "level")
    assert level.default_value.enum_value == tamashii_pb2.TAMASHII_LEVEL_STANDARD
    assert level.choices[0].label.startswith("Novice")
    language = next(o for o in games["tomy"].options if o.name == "language")
    assert [(c.value, c.label) for c in language.choices] == [
        (tomy_pb2.TOMY_LANGUAGE_FR, "French"),
        (tomy_pb2.TOMY_LANGUAGE_EN, "English"),
    ]


async def test_redis_keeps_the_engines_plain_options_so_older_rooms_load(
    replicas: list[str], redis_url: str
) -> None:
    """The typed contract changes nothing stored: a room's ``meta`` holds the engine's plain
    options (``"level": "NIGHTMARE"``, ``"first_player": -1``) as the previous code wrote
    them, and a room stored before an option existed shows it at its default."""
    host, other = Client(replicas[0]), Client(replicas[1])
    redis = aioredis.from_url(redis_url)
    try:
        await host.login("Stored")
        await other.login("Reader")
        options = {"level": "nightmare", "memory_aid": "true"}
        room = await host.create_room("tamashii", players=2, options=options, private=True)
        key = room_key(room.room_id)
        raw = await redis.hget(key, "meta")
        assert isinstance(raw, bytes)
        meta = json.loads(raw)
        stored = next(part for part in meta if isinstance(part, dict))
        assert stored == {
            "level": "NIGHTMARE",
            "memory_aid": True,
            "decision_seconds": 60,
            "first_player": -1,
        }
        # As a room stored before `memory_aid` existed, with the first player fixed.
        older = {"level": "EASY", "decision_seconds": 30, "first_player": 1}
        meta[meta.index(stored)] = older
        await redis.hset(key, "meta", json.dumps(meta))
        seen = (await other.join(code=room.join_code)).room  # a replica that never cached it
        assert seen.options == common_pb2.RoomOptions(
            tamashii=tamashii_pb2.TamashiiOptions(
                level=tamashii_pb2.TAMASHII_LEVEL_EASY,
                memory_aid=False,
                decision_seconds=30,
                first_player=1,
            )
        )
    finally:
        await redis.aclose()
        await host.close()
        await other.close()


def test_an_answer_stored_with_the_old_options_map_still_parses() -> None:
    """A CreateRoom answer kept under a request id by the previous code carried the options
    as map field 3; the typed options have a new number, so it parses (options unset)."""
    entry = b"\x0a\x05level" + b"\x12\x06\x1a\x04EASY"  # key "level", OptionValue{"EASY"}
    old_room = b"\x0a\x02r1" + b"\x12\x08tamashii" + b"\x1a" + bytes([len(entry)]) + entry
    answer = lobby_pb2.CreateRoomResponse.FromString(b"\x0a" + bytes([len(old_room)]) + old_room)
    assert answer.room.room_id == "r1" and answer.room.game_id == "tamashii"
    assert answer.room.options.WhichOneof("game") is None
