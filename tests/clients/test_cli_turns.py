"""``cercle create --turn-based`` and ``cercle turns`` (issue 28, item 6), as subprocesses
against a real replica over a real Redis: two players, each with their own CERCLE_HOME,
never running at the same time."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from services.server import Replica, start_replica

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def replica(empty_redis_url: str) -> AsyncIterator[Replica]:
    started = await start_replica(empty_redis_url, timers=False)
    try:
        yield started
    finally:
        await started.stop(grace=0.1)


async def _cli(replica: Replica, home: Path, *args: str) -> Any:
    env = {
        **os.environ,
        "CERCLE_ADDRESS": f"127.0.0.1:{replica.port}",
        "CERCLE_HOME": str(home),
        "LANG": "C.UTF-8",
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "clients.cli",
        *args,
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, err.decode()
    return json.loads(out) if "--json" in args else out.decode()


async def test_turns_lists_the_rooms_waiting_for_me(replica: Replica, tmp_path: Path) -> None:
    ann, bob = tmp_path / "ann", tmp_path / "bob"
    await _cli(replica, ann, "login", "Ann")
    await _cli(replica, bob, "login", "Bob")
    created = await _cli(
        replica, ann, "create", "awimbawe", "--turn-based", "24", "--time-bank", "2", "--json"
    )
    room_id = created["room_id"]
    assert (await _cli(replica, ann, "turns", "--json")) == {"turns": [], "unread": 0}
    await _cli(replica, bob, "join", room_id)
    await _cli(replica, bob, "ready", room_id)
    await _cli(replica, ann, "ready", room_id)  # the last ready starts a turn-based table
    mine = await _cli(replica, ann, "turns", "--json")
    theirs = await _cli(replica, bob, "turns", "--json")
    waiting = mine["turns"] + theirs["turns"]
    assert [t["room_id"] for t in waiting] == [room_id]  # exactly one of them is waited for
    (turn,) = waiting
    assert turn["turn_based"] and turn["expires"] - turn["since"] == 26 * 3600
    assert mine["unread"] >= 1 and theirs["unread"] >= 1  # match started (and your turn)
    text = await _cli(replica, ann if mine["turns"] else bob, "turns")
    assert room_id in text and "awimbawe" in text
