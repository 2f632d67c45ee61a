"""Every Redis key name of Cercle, built here and nowhere else, and the data model they hold.

Data model. Rooms are spread over ``SHARDS`` hash tags ``{c<n>}`` (n = crc32(room id) mod
SHARDS). All keys of a room, and the timer index of its shard, share that tag, so every
script touches one slot and the same code runs on Redis Cluster, while the deadline index is
updated in the same atomic step as the room:

``cercle:{cN}:room:ID`` (hash)
    One field per attribute of :class:`~services.rooms.records.RoomRecord`, written by the records'
    codec (``services.rooms.records``: text for scalars, compact JSON lists for records): ``meta``
    (game, options, visibility, players, host, created, join code...), ``seats`` (a list of
    seats or null), ``spectators`` (player ids), ``status``, ``version`` (engine version),
    ``seq`` (last stream entry, written by the commit script), ``state`` (engine bytes),
    ``seed`` and ``nonce`` (secrets until the match ends), ``deadlines``, ``outcome`` (once
    finished), ``timeouts`` (consecutive timeouts per seat), ``memories`` (bots'),
    ``human_at`` (server time of the last change a human made), ``paused`` (server time
    the clocks stopped because no human was there; empty while they run).
``cercle:{cN}:log:ID`` (stream)
    One entry per room change (:class:`~services.rooms.records.LogEntry`, fields at their default
    left out), with the explicit id ``<seq>-0`` so that "after seq N" is simply the stream
    range ``(N-0 +``. Fields: ``kind``, ``actor``, ``version``, ``action``, ``events``
    (JSON, with each event's audience), ``state`` (engine bytes after the change), ``room``
    (seats and status, when they change), ``deadlines``, ``timeout``.
``cercle:{cN}:idem:ID`` (hash)
    idempotency key -> ``<seq>:<fingerprint>``: the seq its action produced and a hash of
    the request, so that the key reused for another request is refused.
``cercle:{cN}:presence:ID`` (sorted set)
    player id -> when a seated human last had a stream open on the room (server time);
    the timer loop pauses a table whose humans are all absent (``services.rooms.presence``).
``cercle:{cN}:online:ID`` (sorted set)
    player id -> until when they count as connected (server time): renewed while one of
    their streams is open on the room, lowered to the grace when the last one closes
    (``services.rooms.presence``; members and spectators alike).
``cercle:{cN}:timers`` (sorted set)
    room id -> its earliest deadline (seconds since the epoch), for the shard.
``cercle:{cN}:notices`` (sorted set)
    The notifications a committed change gives its players (JSON: the room id and, per
    player, the notification's id and body) -> when any replica's sweep may deliver them.
    The commit script adds them with the change; the replica that committed it removes
    them once they are in the players' inboxes (``services.rooms.inbox``), so a replica
    killed in between loses none.
``cercle:{cN}:notify:ID`` (pub/sub channel)
    Each new entry as JSON ``[seq, [field, value, ...]]``, so that replicas tail a room
    without reading the log back.

Identity keys (only a SHA-256 of a token or device id is ever a key; the tokens and
device ids themselves are stored nowhere). A token is ``<family>.<random>``: the tokens of
one login and of its refreshes form a session family, whose keys share the hash tag
``{f<family>}`` (one script, one slot): ``cercle:{fF}:family`` (hash: ``player_id``,
``access`` and ``refresh`` = the sha256 of the family's current pair; deleted on logout or
reuse), ``cercle:{fF}:session:<sha256(access token)>`` (hash: ``player_id``, ``refresh``;
fixed TTL from issue; valid only while the family names it),
``cercle:{fF}:refresh:<sha256(refresh token)>`` (hash: ``player_id``, ``access``; once
spent also ``spent`` (ms, Redis time), ``next`` (the nonce its successor pair was derived
with) and ``next_refresh``; fixed TTL). Tokens issued before families have the untagged
``cercle:session:<sha256>`` / ``cercle:refresh:<sha256>``.
``cercle:device:<sha256(device id)>`` (the player id of a device), ``cercle:player:<id>``
(hash: ``name``, ``created``; the profile), ``cercle:player:<id>:rooms`` (sorted set: room
id -> room creation time; the rooms a player sits in or watches),
``cercle:player:<id>:history`` (sorted set: room id -> finish time) and
``cercle:player:<id>:matches`` (hash: room id -> :class:`~services.rooms.records.MatchSummary`),
``cercle:request:<sha256(player:request id)>`` (a lobby request id's claim and its answer);
the pub/sub channel ``cercle:sessions`` announces logouts, refreshes, revoked families and
renames.

Global keys (hints; the room itself is the truth): ``cercle:open`` and
``cercle:open:<game>`` (sorted sets of open public rooms by creation time),
``cercle:code:<join code>`` (room id, deleted when the match ends),
``cercle:idemkey:<sha256(player:key)>`` (the room an idempotency key was first used in),
``cercle:quota:<kind>:<subject>`` (fixed-window counters: rooms created, failed join codes),
``cercle:rate:<kind>:<subject>`` (GCRA request limiters shared by every replica),
``cercle:streams:<scope>`` (sorted set: lease id -> expiry in ms of Redis time; the open
streams of a session or a client address, across replicas; with the scope
``bot-tables:<player id>``, the tables of bots alone a player keeps running). The pub/sub
channel ``cercle:replicated`` carries nothing anyone reads: a replicated commit's retry
publishes on it so that its WAIT covers the change it found (``services.store.durability``);
on Redis Cluster, where a PUBLISH does not reach a shard's replicas, it writes
``cercle:{<tag>}:replicated`` (an empty string for a minute) on the shard instead.
"""

from __future__ import annotations

import hashlib
import zlib

SHARDS = 16
"""How many hash tags rooms are spread over. Changing it moves rooms: do it on an empty
store only."""


def shard_of(room_id: str) -> int:
    return zlib.crc32(room_id.encode()) % SHARDS


def shard_tag(room_id: str) -> str:
    """The hash tag of a room's keys, without its braces (``c<n>``)."""
    return f"c{shard_of(room_id)}"


def _tag(room_id: str) -> str:
    return f"cercle:{{{shard_tag(room_id)}}}"


def room_key(room_id: str) -> str:
    return f"{_tag(room_id)}:room:{room_id}"


def log_key(room_id: str) -> str:
    return f"{_tag(room_id)}:log:{room_id}"


def idem_key(room_id: str) -> str:
    return f"{_tag(room_id)}:idem:{room_id}"


def timers_key(shard: int) -> str:
    return f"cercle:{{c{shard}}}:timers"


def pending_notices_key(shard: int) -> str:
    """The shard's notifications written with their room's change and not yet in their
    players' inboxes (``services.store.inbox``)."""
    return f"cercle:{{c{shard}}}:notices"


def notify_channel(room_id: str) -> str:
    return f"{_tag(room_id)}:notify:{room_id}"


def room_of_channel(channel: str) -> str:
    return channel.rsplit(":", 1)[1]


def open_rooms_key(game_id: str | None = None) -> str:
    return "cercle:open" if game_id is None else f"cercle:open:{game_id}"


def code_key(code: str) -> str:
    return f"cercle:code:{code}"


def presence_key(room_id: str) -> str:
    return f"{_tag(room_id)}:presence:{room_id}"


def online_key(room_id: str) -> str:
    return f"{_tag(room_id)}:online:{room_id}"


def idem_owner_key(player_key: str) -> str:
    """The room an idempotency key (``player:key``) was first used in."""
    return "cercle:idemkey:" + hashlib.sha256(player_key.encode()).hexdigest()[:32]


def quota_key(kind: str, subject: str) -> str:
    return f"cercle:quota:{kind}:{subject}"


def rate_key(kind: str, subject: str) -> str:
    return f"cercle:rate:{kind}:{subject}"


def probe_key(shard: int) -> str:
    """Never written: the readiness probe's ``SET ... XX`` on it is refused exactly when any
    write to the shard's slot would be."""
    return f"cercle:{{c{shard}}}:probe"


def player_streams_scope(player_id: str) -> str:
    """The stream-lease scope of one player's streams (the other scope is a peer address,
    ``services.rate_limits.peer_host``)."""
    return f"player:{player_id}"


def bot_tables_scope(player_id: str) -> str:
    """The lease scope of the tables of bots alone (every seat a bot's, the player's own
    taken over) that one player keeps running (``services.rooms.presence``): a lease set like a
    scope of streams, one lease per room."""
    return f"bot-tables:{player_id}"


def heartbeat_channel() -> str:
    """A channel nobody publishes on: a replica's feed subscribes to it to open its pub/sub
    connection before any room is listened to."""
    return "cercle:heartbeat"


def replication_mark_channel() -> str:
    """A channel nobody listens to. A retried commit that finds its change already written
    writes nothing, so before a WAIT confirms that change the store publishes an empty
    message here: every PUBLISH is propagated to the replicas, and WAIT waits for the
    connection's last propagated command, hence for everything written before it
    (``services.store.durability``)."""
    return "cercle:replicated"


def replication_mark_key(tag: str) -> str:
    """On Redis Cluster, the key a confirmation writes before its WAIT (a PUBLISH is not
    propagated to a shard's replicas there): an empty string living a minute, in the slot
    of the hash tag ``{tag}``: a room's shard tag (``c<n>``) to confirm on the room's
    primary, or one found in the slots of each primary (``services.store.shards``)."""
    return f"cercle:{{{tag}}}:replicated"


def sessions_channel() -> str:
    """Where a change to a session is announced, so that every replica drops what it cached
    of it (``services.api.sessions.SessionCache``): ``t:<sha256(access token)>`` when an
    access token stops working (logout, refresh), ``f:<family>`` when a session family ends
    (logout, a reused refresh token: its streams end), ``p:<player id>`` when a player's
    display name changes, ``r:<nonce>`` when a replica checks that its own subscription is live."""
    return "cercle:sessions"


def stream_leases_key(scope: str) -> str:
    """The leases of one scope's open streams (``player:<id>`` or ``addr:<address>``)."""
    return f"cercle:streams:{scope}"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def token_digest(token: str) -> str:
    """What is stored of a token: its SHA-256 (the token is a random 256-bit secret, so an
    unsalted hash is safe)."""
    return _digest(token)


def token_family(token: str) -> str | None:
    """The session family a token belongs to: the 16 hex digits before its ``.`` (not a
    secret: the random part after it is). None for a token issued before families.

    >>> token_family("0123456789abcdef.secret"), token_family("legacy-token")
    ('0123456789abcdef', None)
    """
    family, dot, _ = token.partition(".")
    if dot and len(family) == 16 and all(c in "0123456789abcdef" for c in family):
        return family
    return None


def _family_tag(family: str) -> str:
    # Every key of a family shares this hash tag: one script touches one slot on Cluster.
    return f"cercle:{{f{family}}}"


def family_key(family: str) -> str:
    """A session family's hash (``player_id``, the digests of its current ``access`` and
    ``refresh`` tokens): deleting it ends every token of the family."""
    return _family_tag(family) + ":family"


def access_key(digest: str, family: str | None = None) -> str:
    """An access token's session, by the token's digest (:func:`token_digest`) and family
    (None: a token issued before families)."""
    if family is None:
        return "cercle:session:" + digest
    return f"{_family_tag(family)}:session:{digest}"


def refresh_key(digest: str, family: str | None = None) -> str:
    """A refresh token's record, by the token's digest and family."""
    if family is None:
        return "cercle:refresh:" + digest
    return f"{_family_tag(family)}:refresh:{digest}"


def device_key(device_id: str) -> str:
    return "cercle:device:" + _digest("device:" + device_id)


def player_key(player_id: str) -> str:
    return f"cercle:player:{player_id}"


def my_rooms_key(player_id: str) -> str:
    return f"cercle:player:{player_id}:rooms"


def history_key(player_id: str) -> str:
    return f"cercle:player:{player_id}:history"


def matches_key(player_id: str) -> str:
    return f"cercle:player:{player_id}:matches"


def inbox_keys(player_id: str) -> tuple[str, str]:
    """A player's inbox (``services.store.inbox``): the hash of its notifications (and its
    ``seq`` and ``unread`` counters) and the sorted set of their ids by sequence, in one
    slot."""
    tag = f"cercle:{{p:{player_id}}}"
    return f"{tag}:inbox", f"{tag}:inbox-order"


INBOX_WARNINGS = "cercle:inbox-warnings"
"""Sorted set: a pending "your clock runs out soon" (JSON) -> when to tell it
(``services.store.inbox``)."""


def invitation_key(code: str) -> str:
    """An invitation (hash: ``room``, ``from``, ``from_name``, ``to`` (empty: shareable),
    ``declined``; ``services.rooms.invitations``), expiring with it."""
    return f"cercle:invite:{code}"


INBOX_CHANNEL = "cercle:inbox"
"""Pub/sub channel: the player id of each inbox that got a notification (every replica
hears it and wakes its WatchInbox streams of that player)."""


def turn_rooms_key(player_id: str) -> str:
    """The turn-based rooms not yet over a player sits in (sorted set: room id -> created;
    ``services.store.turns``)."""
    return f"cercle:player:{player_id}:turn-rooms"


LOGIN_REQUESTS = "cercle:request:login:"
"""Where a login's request ids are held (a scope that is no player: a device or an address,
``services.api.retries.session_scope``): apart, for they live seconds, not a day."""


def request_key(scope: str, request_id: str) -> str:
    """A request id's claim (``scope:request id``, hashed: ids may be long); ``scope`` is
    the player's id, or a login's ``kind:digest`` (:data:`LOGIN_REQUESTS`)."""
    prefix = LOGIN_REQUESTS if ":" in scope else "cercle:request:"
    return prefix + _digest(f"{scope}:{request_id}")[:32]
