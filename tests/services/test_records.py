"""The room layer's records and their one codec (services.rooms.records): every model comes back
equal from its stored form, a change writes only what changed, and the Lua scripts read
stored records at the positions the records define."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from services.rooms.records import (
    DeadlineRecord,
    EntryKind,
    LogEntry,
    RoomMeta,
    RoomPart,
    RoomRecord,
    RoomStatus,
    SeatKind,
    SeatRecord,
    from_hash,
    from_json,
    lua_position,
    to_hash,
    to_json,
)
from services.store import entry_from_notification
from services.store.scripts import RESCHEDULE_SCRIPT, TOUCH_PRESENCE_SCRIPT

META = RoomMeta(
    game="tomahawk",
    options={"turn_seconds": 30, "memory_aid": True, "level": "HARD"},
    private=True,
    players=3,
    host="p0",
    created=1_700_000_000.25,
    code="ABCDEF",
    takeover_after=3,
    bot_delay=0.8,
)
HUMAN = SeatRecord("p0", "Ann é", ready=True)
BOT = SeatRecord("bot-1-abc", "Bot 2 (strong)", SeatKind.BOT, ready=True, level="strong")
AWAY = SeatRecord("p2", "Cy", SeatKind.BOT, ready=True, level="strong", away=True)
TURN = DeadlineRecord(0, "turn", 1_700_000_030.5, 30.0, 7)
REFLEX = DeadlineRecord(1, "bot", 1_700_000_001.0, 0.8, 7, ["call", 2, [1, 2]])

FULL_ROOM = RoomRecord(
    room_id="r1",
    meta=META,
    seats=(HUMAN, BOT, AWAY),
    spectators=("s1", "s2"),
    status=RoomStatus.PLAYING,
    version=7,
    seq=12,
    state=b'[1,{"hands":[[1,2]]}]',
    seed=2**62 + 5,
    nonce="ff" * 16,
    deadlines=(TURN, REFLEX),
    outcome={"winners": [0], "scores": [10, 0, 3], "reason": "TARGET_SCORE", "detail": None},
    timeouts={2: 3, 0: 1},
    memories={1: {"seen": [1, 2, 3]}, 2: None},
    human_at=1_700_000_000.5,
    paused=1_700_000_100.0,
)
OPEN_ROOM = RoomRecord("r2", META, (HUMAN, None, None))
FULL_ENTRY = LogEntry(
    EntryKind.FINISHED,
    actor=2,
    version=8,
    action=["play_card", 17],
    events=[["card_played", None, 2, 17], ["hand", [2], [1, 2]]],
    state=b"[1,{}]",
    room=RoomPart((HUMAN, None, AWAY), RoomStatus.FINISHED),
    deadlines=(TURN,),
    timeout=True,
    seq=9,
)


def _stored(fields: dict[str, str | bytes]) -> dict[bytes, bytes]:
    """Fields as Redis hands them back."""
    return {k.encode(): v if isinstance(v, bytes) else v.encode() for k, v in fields.items()}


@pytest.mark.parametrize(
    ("cls", "value"),
    [
        (SeatRecord, HUMAN),
        (SeatRecord, BOT),
        (SeatRecord, AWAY),
        (DeadlineRecord, TURN),
        (DeadlineRecord, REFLEX),
        (RoomMeta, META),
        (RoomPart, RoomPart((HUMAN, None, AWAY), RoomStatus.OPEN)),
    ],
)
def test_every_json_record_comes_back_equal_from_its_stored_form(cls: type, value: object) -> None:
    text = to_json(value)
    assert from_json(cls, text) == value
    assert isinstance(json.loads(text), list)  # compact: a list of field values


def test_a_seat_and_a_deadline_are_stored_compactly() -> None:
    assert to_json(HUMAN) == '["p0","Ann é","human",true,null,false]'
    assert to_json(TURN) == '[0,"turn",1700000030.5,30.0,7,null]'


@pytest.mark.parametrize("room", [FULL_ROOM, OPEN_ROOM], ids=["every-field", "new-room"])
def test_a_room_comes_back_equal_from_its_hash(room: RoomRecord) -> None:
    fields = to_hash(room)
    assert "room_id" not in fields and "seq" not in fields  # the key; the script's own
    raw = _stored(fields) | {b"seq": str(room.seq).encode()}
    assert from_hash(RoomRecord, raw, room_id=room.room_id) == room


def test_a_change_writes_only_the_fields_that_differ_and_empties_a_cleared_one() -> None:
    after = dataclasses.replace(FULL_ROOM, version=8, paused=None, deadlines=(TURN,))
    fields = to_hash(after, changed_from=FULL_ROOM)
    assert fields == {"version": "8", "paused": "", "deadlines": to_json((TURN,))}
    raw = _stored(to_hash(FULL_ROOM) | fields) | {b"seq": b"12"}
    assert from_hash(RoomRecord, raw, room_id="r1") == after


def test_a_log_entry_comes_back_equal_and_leaves_its_defaults_out() -> None:
    fields = to_hash(FULL_ENTRY, skip_defaults=True)
    assert from_hash(LogEntry, _stored(fields), seq=9) == FULL_ENTRY
    lobby = LogEntry(EntryKind.LOBBY, events=[["joined", None, "p1"]])
    assert to_hash(lobby, skip_defaults=True) == {
        "kind": "lobby",
        "events": '[["joined",null,"p1"]]',
    }
    assert from_hash(LogEntry, _stored(to_hash(lobby, skip_defaults=True)), seq=3) == (
        LogEntry(EntryKind.LOBBY, events=[["joined", None, "p1"]], seq=3)
    )


def test_a_published_entry_reads_back_as_the_same_entry() -> None:
    flat: list[str] = []
    for name, value in to_hash(FULL_ENTRY, skip_defaults=True).items():
        flat += [name, value.decode() if isinstance(value, bytes) else value]
    assert entry_from_notification(json.dumps([9, flat]).encode()) == FULL_ENTRY


def test_lua_scripts_read_seats_and_deadlines_at_their_stored_positions() -> None:
    player, kind, away = (lua_position(SeatRecord, n) for n in ("player_id", "kind", "away"))
    assert f"seat[{kind}] == 'human'" in TOUCH_PRESENCE_SCRIPT
    assert f"seat[{away}] == true" in TOUCH_PRESENCE_SCRIPT
    assert f"humans[seat[{player}]]" in TOUCH_PRESENCE_SCRIPT
    expire = lua_position(DeadlineRecord, "expire")
    assert re.search(rf"d\[{expire}\] < earliest", RESCHEDULE_SCRIPT)
    assert f"earliest = d[{expire}]" in RESCHEDULE_SCRIPT
