"""A phone app in a process of its own, for the relaunch test: it logs in with its device
id, starts a solo Tamashii match, plays a few moves, follows the updates, reports its room
and the last seq it received on stdout (one JSON line per update), and waits to be killed.

``python -m tests.services.device_app <address> <device id> <moves>``
"""

from __future__ import annotations

import asyncio
import json
import sys

from clients.sdk import Client

QUIET = {"decision_seconds": "0"}


async def main(address: str, device_id: str, moves: int) -> None:
    client = Client(address)
    await client.login_device(device_id, "Phone")
    room = await client.create_room("tamashii", players=1, private=True, options=QUIET)
    await client.ready(room.room_id)
    await client.start(room.room_id)
    played = 0
    async for update in client.updates(room.room_id):
        print(json.dumps({"room": room.room_id, "seq": update.seq}), flush=True)
        if played < moves:
            legal = await client.legal(room.room_id)
            if legal.actions:
                await client.act(room.room_id, legal.actions[0], legal.version)
                played += 1
        elif played == moves:
            print(json.dumps({"ready_to_die": True}), flush=True)
            played += 1


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
