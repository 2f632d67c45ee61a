"""Every Redis access of Cercle, in one package: key names (:mod:`.keys`, with the data
model), the Lua scripts (:mod:`.scripts`, with their KEYS and ARGV) and the typed calls that
run them (:mod:`.client`, a :class:`Store` made of parts over one :mod:`.core`:
:mod:`.room_store`, :mod:`.players`, :mod:`.request_ids`, :mod:`.limits`, :mod:`.indexes`
and :mod:`.replication`; what they answer in :mod:`.answers`; the commit's wire forms in
:mod:`.commits`; when a commit counts as done in :mod:`.durability`; a primary found
through Sentinel in :mod:`.sentinel`; what a Redis error means in :mod:`.errors`; the
pub/sub connection in :mod:`.channels`). Nothing else in Cercle talks to Redis, nor names a
redis-py type or error. The rest of Cercle imports from here: this lists what it uses.
"""

from services.store.answers import ActionLoad, Conflict, Duplicate, KeyReused
from services.store.channels import CONNECTION_ERRORS, Channels
from services.store.client import OPEN_ROOM_TTL_SECONDS, ROOMS_PER_HOUR, Store
from services.store.commits import ROOM_TTL_SECONDS, entry_from_notification, notification
from services.store.errors import STORE_ERRORS, NotReplicated, StoreUnavailable
from services.store.keys import (
    SHARDS,
    bot_tables_scope,
    code_key,
    heartbeat_channel,
    idem_key,
    log_key,
    notify_channel,
    player_streams_scope,
    quota_key,
    rate_key,
    room_key,
    room_of_channel,
    sessions_channel,
    shard_of,
    stream_leases_key,
    timers_key,
    token_digest,
    token_family,
)
from services.store.online import PRESENCE_PING, Online
from services.store.players import IssuedSession, RefreshReused, derived_pair
from services.store.room_store import LOG_PAGE
from services.store.scripts import COMMIT_SCRIPT
from services.store.sentinel import sentinel_settings

__all__ = (
    "COMMIT_SCRIPT",
    "CONNECTION_ERRORS",
    "LOG_PAGE",
    "OPEN_ROOM_TTL_SECONDS",
    "PRESENCE_PING",
    "ROOMS_PER_HOUR",
    "ROOM_TTL_SECONDS",
    "SHARDS",
    "STORE_ERRORS",
    "ActionLoad",
    "Channels",
    "Conflict",
    "Duplicate",
    "IssuedSession",
    "KeyReused",
    "NotReplicated",
    "Online",
    "RefreshReused",
    "Store",
    "StoreUnavailable",
    "bot_tables_scope",
    "code_key",
    "derived_pair",
    "entry_from_notification",
    "heartbeat_channel",
    "idem_key",
    "log_key",
    "notification",
    "notify_channel",
    "player_streams_scope",
    "quota_key",
    "rate_key",
    "room_key",
    "room_of_channel",
    "sentinel_settings",
    "sessions_channel",
    "shard_of",
    "stream_leases_key",
    "timers_key",
    "token_digest",
    "token_family",
)
