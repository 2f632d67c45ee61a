"""Every Redis access of Cercle, in one package: key names (:mod:`.keys`, with the data
model), the Lua scripts (:mod:`.scripts`, with their KEYS and ARGV) and the typed calls that
run them (:mod:`.client`). Nothing else in Cercle talks to Redis; import from here.
"""

from services.records import LogEntry, RoomRecord, dumps
from services.store.client import (
    IDEMPOTENCY_TTL_SECONDS,
    OPEN_ROOM_TTL_SECONDS,
    ROOM_TTL_SECONDS,
    ROOMS_PER_HOUR,
    SESSION_TTL_SECONDS,
    Conflict,
    Duplicate,
    KeyReused,
    Store,
    entry_from_notification,
    now,
)
from services.store.keys import (
    SHARDS,
    code_key,
    idem_key,
    idem_owner_key,
    log_key,
    notify_channel,
    online_key,
    open_rooms_key,
    presence_key,
    probe_key,
    quota_key,
    rate_key,
    room_key,
    room_of_channel,
    session_key,
    shard_of,
    stream_leases_key,
    timers_key,
)
from services.store.online import PRESENCE_PING, Online
from services.store.scripts import COMMIT_SCRIPT
from services.store_errors import WRITE_REFUSALS, StoreUnavailable

__all__ = (
    "COMMIT_SCRIPT",
    "IDEMPOTENCY_TTL_SECONDS",
    "OPEN_ROOM_TTL_SECONDS",
    "PRESENCE_PING",
    "ROOMS_PER_HOUR",
    "ROOM_TTL_SECONDS",
    "SESSION_TTL_SECONDS",
    "SHARDS",
    "WRITE_REFUSALS",
    "Conflict",
    "Duplicate",
    "KeyReused",
    "LogEntry",
    "Online",
    "RoomRecord",
    "Store",
    "StoreUnavailable",
    "code_key",
    "dumps",
    "entry_from_notification",
    "idem_key",
    "idem_owner_key",
    "log_key",
    "notify_channel",
    "now",
    "online_key",
    "open_rooms_key",
    "presence_key",
    "probe_key",
    "quota_key",
    "rate_key",
    "room_key",
    "room_of_channel",
    "session_key",
    "shard_of",
    "stream_leases_key",
    "timers_key",
)
