"""Every Redis access of Cercle, in one package: key names (:mod:`.keys`, with the data
model), the Lua scripts (:mod:`.scripts`, with their KEYS and ARGV) and the typed calls that
run them (:mod:`.client`, with its mixins :mod:`.players`, :mod:`.limits`, :mod:`.indexes`
and :mod:`.replication`; what they answer in :mod:`.answers`; the commit's wire forms in
:mod:`.commits`; when a commit counts as done in :mod:`.durability`; a primary found
through Sentinel in :mod:`.sentinel`). Nothing else in Cercle talks to Redis; import from
here.
"""

from services.rooms.records import LogEntry, RoomRecord, dumps
from services.store.answers import ActionCommit, ActionLoad, Conflict, Duplicate, KeyReused
from services.store.client import (
    IDEMPOTENCY_TTL_SECONDS,
    LOG_PAGE,
    OPEN_ROOM_TTL_SECONDS,
    ROOMS_PER_HOUR,
    Store,
)
from services.store.commits import ROOM_TTL_SECONDS, entry_from_notification, notification
from services.store.errors import WRITE_REFUSALS, NotReplicated, StoreUnavailable
from services.store.keys import (
    SHARDS,
    bot_tables_scope,
    code_key,
    heartbeat_channel,
    idem_key,
    idem_owner_key,
    log_key,
    notify_channel,
    online_key,
    open_rooms_key,
    player_streams_scope,
    presence_key,
    probe_key,
    quota_key,
    rate_key,
    room_key,
    room_of_channel,
    session_key,
    sessions_channel,
    shard_of,
    stream_leases_key,
    timers_key,
    token_digest,
    token_family,
)
from services.store.online import PRESENCE_PING, Online
from services.store.players import (
    ACCESS_TTL_SECONDS,
    PLAYER_TTL_SECONDS,
    REFRESH_GRACE_SECONDS,
    REFRESH_TTL_SECONDS,
    REQUEST_TTL_SECONDS,
    Cursor,
    IssuedSession,
    RefreshReused,
    RequestClaim,
    SessionFound,
    derived_pair,
)
from services.store.scripts import COMMIT_SCRIPT
from services.store.sentinel import SentinelSettings, sentinel_settings

__all__ = (
    "ACCESS_TTL_SECONDS",
    "COMMIT_SCRIPT",
    "IDEMPOTENCY_TTL_SECONDS",
    "LOG_PAGE",
    "OPEN_ROOM_TTL_SECONDS",
    "PLAYER_TTL_SECONDS",
    "PRESENCE_PING",
    "REFRESH_GRACE_SECONDS",
    "REFRESH_TTL_SECONDS",
    "REQUEST_TTL_SECONDS",
    "ROOMS_PER_HOUR",
    "ROOM_TTL_SECONDS",
    "SHARDS",
    "WRITE_REFUSALS",
    "ActionCommit",
    "ActionLoad",
    "Conflict",
    "Cursor",
    "Duplicate",
    "IssuedSession",
    "KeyReused",
    "LogEntry",
    "NotReplicated",
    "Online",
    "RefreshReused",
    "RequestClaim",
    "RoomRecord",
    "SentinelSettings",
    "SessionFound",
    "Store",
    "StoreUnavailable",
    "bot_tables_scope",
    "code_key",
    "derived_pair",
    "dumps",
    "entry_from_notification",
    "heartbeat_channel",
    "idem_key",
    "idem_owner_key",
    "log_key",
    "notification",
    "notify_channel",
    "online_key",
    "open_rooms_key",
    "player_streams_scope",
    "presence_key",
    "probe_key",
    "quota_key",
    "rate_key",
    "room_key",
    "room_of_channel",
    "sentinel_settings",
    "session_key",
    "sessions_channel",
    "shard_of",
    "stream_leases_key",
    "timers_key",
    "token_digest",
    "token_family",
)
