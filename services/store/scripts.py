"""The Lua scripts of the store, one constant each, with their KEYS and ARGV.

Only the store's client (:mod:`services.store.client`) registers and runs them. Two scripts
read stored records by position (the room layer stores a record as the list of its fields,
``services.records``): a seat's ``player_id`` [1], ``kind`` [3] and ``away`` [6], a
deadline's ``expire`` [3]; ``tests/services/test_records.py`` checks these positions.
"""

from __future__ import annotations

COMMIT_SCRIPT = """
-- Commit one room change atomically: compare the room's seq, write the new fields, append
-- the stream entry, remember the idempotency key, refresh TTLs and notify tailers.
-- KEYS[1] room hash, KEYS[2] log stream, KEYS[3] idempotency hash, KEYS[4] shard timers
-- ARGV[1] expected seq (the seq the change was computed from; 0 for a new room)
-- ARGV[2] idempotency key ('' for none)
-- ARGV[3] the request's fingerprint (a hash of what the key was sent with)
-- ARGV[4] TTL in seconds for the three room keys (0: leave their expiry as it is; the
--         server's own changes, bot moves and timeouts, do not keep a room alive)
-- ARGV[5] n = number of room hash field/value pairs that follow
-- ARGV[6 .. 5+2n] room hash field/value pairs
-- ARGV[6+2n .. #ARGV-3] stream entry field/value pairs
-- ARGV[#ARGV-2] room id; ARGV[#ARGV-1] the room's next deadline ('' none, '-' unchanged)
-- ARGV[#ARGV] notify channel.
-- Returns {1, new_seq} on success, {0, current_seq} on a seq conflict,
-- {2, seq} when the idempotency key was used already for the same request, and
-- {3, seq} when it was used for another one (nothing written in either case).
local idem = ARGV[2]
if idem ~= '' then
  local done = redis.call('HGET', KEYS[3], idem)
  if done then
    local seq, fingerprint = string.match(done, '^(%d+):?(.*)$')
    if fingerprint ~= '' and fingerprint ~= ARGV[3] then return {3, tonumber(seq)} end
    return {2, tonumber(seq)}
  end
end
local current = tonumber(redis.call('HGET', KEYS[1], 'seq') or '0')
if current ~= tonumber(ARGV[1]) then return {0, current} end
local new_seq = current + 1
local n = tonumber(ARGV[5])
local fields = {'seq', new_seq}
for i = 6, 5 + 2 * n do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
local entry = {}
for i = 6 + 2 * n, #ARGV - 3 do entry[#entry + 1] = ARGV[i] end
redis.call('XADD', KEYS[2], new_seq .. '-0', unpack(entry))
if idem ~= '' then redis.call('HSET', KEYS[3], idem, new_seq .. ':' .. ARGV[3]) end
local ttl = tonumber(ARGV[4])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
  if idem ~= '' then redis.call('EXPIRE', KEYS[3], ttl) end
end
local next_deadline = ARGV[#ARGV - 1]
if next_deadline == '' then
  redis.call('ZREM', KEYS[4], ARGV[#ARGV - 2])
elseif next_deadline ~= '-' then
  redis.call('ZADD', KEYS[4], next_deadline, ARGV[#ARGV - 2])
end
-- Tailing replicas get the entry itself, so they need not read it back.
redis.call('PUBLISH', ARGV[#ARGV], cjson.encode({new_seq, entry}))
return {1, new_seq}
"""


CLAIM_SCRIPT = """
-- Claim the rooms of one shard whose earliest deadline has passed.
-- KEYS[1] the shard's timers sorted set
-- ARGV[1] now, ARGV[2] lease end (now + lease), ARGV[3] at most this many rooms
-- Returns {claimed room ids, the shard's earliest deadline afterwards (a string; false when
-- the shard has none)}; each claimed room is re-scored to the lease end, so no other replica
-- claims it before the lease ends (or before a commit indexes its next deadline).
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, room in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], room)
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {due, first[2] or false}
"""

RESCHEDULE_SCRIPT = """
-- Re-index a room's earliest deadline from the deadlines stored in the room itself.
-- KEYS[1] room hash, KEYS[2] the shard's timers sorted set; ARGV[1] room id
-- A deadline is stored as the list of DeadlineRecord's fields: [3] is its expiry.
-- Returns the earliest deadline as a string, or false when the room has none.
local raw = redis.call('HGET', KEYS[1], 'deadlines')
local earliest = nil
if raw then
  for _, d in ipairs(cjson.decode(raw)) do
    if earliest == nil or d[3] < earliest then earliest = d[3] end
  end
end
if earliest == nil then
  redis.call('ZREM', KEYS[2], ARGV[1])
  return false
end
redis.call('ZADD', KEYS[2], earliest, ARGV[1])
return tostring(earliest)
"""


TOUCH_PRESENCE_SCRIPT = """
-- Record that players have a stream open on a room, for those who hold a human seat.
-- KEYS[1] room hash, KEYS[2] the room's presence sorted set
-- ARGV[1] now (server time), ARGV[2] TTL of the presence set (seconds), ARGV[3..] player ids
-- A seat a bot holds for an absent player ('away') counts: its player is human.
-- A seat is stored as the list of SeatRecord's fields: [1] player id, [3] kind, [6] away.
-- Returns {how many of them hold a human seat, 1 if the room's clocks are paused else 0}.
local raw = redis.call('HGET', KEYS[1], 'seats')
if not raw then return {0, 0} end
local humans = {}
for _, seat in ipairs(cjson.decode(raw)) do
  if type(seat) == 'table' and (seat[3] == 'human' or seat[6] == true) then
    humans[seat[1]] = true
  end
end
local seated = 0
for i = 3, #ARGV do
  if humans[ARGV[i]] then
    redis.call('ZADD', KEYS[2], ARGV[1], ARGV[i])
    seated = seated + 1
  end
end
if seated > 0 then redis.call('EXPIRE', KEYS[2], ARGV[2]) end
local paused = redis.call('HGET', KEYS[1], 'paused')
if paused and paused ~= '' then return {seated, 1} end
return {seated, 0}
"""

DELETE_IF_SCRIPT = """
-- Delete a key only if it still holds the value: a join code that still names its room (an
-- expired code may have been drawn again for a newer room), an idempotency key's claim
-- that is still this room's.
-- KEYS[1] the key; ARGV[1] the value. Returns 1 if deleted, else 0.
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

RATE_SCRIPT = """
-- Take up to ARGV[3] requests from a limiter shared by every replica: GCRA (the generic
-- cell rate algorithm, a token bucket kept as one timestamp), on Redis's clock.
-- KEYS[1] the limiter: its theoretical arrival time, in microseconds
-- ARGV[1] emission interval (microseconds per request: 1e6 / rate per second)
-- ARGV[2] burst (how many requests may come at once)
-- ARGV[3] requests wanted (a replica may take a few at once and spend them locally)
-- Returns {granted, wait}: granted is 0..ARGV[3]; when 0, wait is the microseconds until
-- one request is allowed again.
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local interval = tonumber(ARGV[1])
local tolerance = interval * tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local granted = math.min(math.floor((now + tolerance - tat) / interval), tonumber(ARGV[3]))
if granted <= 0 then return {0, math.ceil(tat - tolerance + interval - now)} end
tat = tat + granted * interval
redis.call('SET', KEYS[1], string.format('%.0f', tat), 'PX', math.ceil((tat - now) / 1000) + 1)
return {granted, 0}
"""

STREAM_LEASE_SCRIPT = """
-- Take or renew stream leases in one scope's lease set, unless the scope is full.
-- KEYS[1] the scope's lease set (sorted set: lease id -> expiry, ms of Redis time)
-- ARGV[1] at most this many live leases (0: no limit, for renewals), ARGV[2] lease ms,
-- ARGV[3 ..] lease ids
-- Expired leases (of streams whose replica died) are dropped first. Returns {1, live} when
-- the leases were written, {0, live} when ARGV[3] is new and the set already holds ARGV[1]
-- live leases (nothing written).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local live = redis.call('ZCARD', KEYS[1])
local limit = tonumber(ARGV[1])
if limit > 0 and live >= limit and not redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  return {0, live}
end
local ms = tonumber(ARGV[2])
for i = 3, #ARGV do redis.call('ZADD', KEYS[1], now + ms, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ms)
return {1, redis.call('ZCARD', KEYS[1])}
"""

ONLINE_HOLD_SCRIPT = """
-- Count players connected to a room until a time, for those who are its members (a seat
-- or among its spectators): a stream refused as an outsider's counts for nobody.
-- KEYS[1] room hash, KEYS[2] the room's online sorted set (player id -> until)
-- ARGV[1] until (server time), ARGV[2] TTL of the set (seconds), ARGV[3..] player ids
-- A seat is stored as the list of SeatRecord's fields: [1] player id.
-- Returns how many were counted (ZADD GT: never shortens another replica's claim).
local members = {}
local seats = redis.call('HGET', KEYS[1], 'seats')
if not seats then return 0 end
for _, seat in ipairs(cjson.decode(seats)) do
  if type(seat) == 'table' then members[seat[1]] = true end
end
local spectators = redis.call('HGET', KEYS[1], 'spectators')
if spectators and spectators ~= '' then
  for _, player in ipairs(cjson.decode(spectators)) do members[player] = true end
end
local counted = 0
for i = 3, #ARGV do
  if members[ARGV[i]] then
    redis.call('ZADD', KEYS[2], 'GT', ARGV[1], ARGV[i])
    counted = counted + 1
  end
end
if counted > 0 then redis.call('EXPIRE', KEYS[2], ARGV[2]) end
return counted
"""
