"""The Lua scripts of the store, one constant each, with their KEYS and ARGV.

Only the store's client (:mod:`services.store.client`) registers and runs them. Two scripts
read stored records by position (the room layer stores a record as the list of its fields,
``services.rooms.records``): a seat's ``player_id`` [1], ``kind`` [3] and ``away`` [6], a
deadline's ``expire`` [3]; ``tests/services/test_records.py`` checks these positions.
"""

from __future__ import annotations

_COMMIT_STEPS = """
-- The commit's two steps, over a table of COMMIT_SCRIPT's ARGV (the scripts below share them).
-- KEYS[1] room hash, KEYS[2] log stream, KEYS[3] idempotency hash, KEYS[4] shard timers,
-- KEYS[5] the shard's pending notifications (only with notifications to keep)
-- commit_refusal(args): {2|3, seq} when the idempotency key was used already (for the same
-- request | another one), {0, current seq} on a seq conflict, nil when the commit may go on.
local function commit_refusal(args)
  local idem = args[2]
  if idem ~= '' then
    local done = redis.call('HGET', KEYS[3], idem)
    if done then
      local seq, fingerprint = string.match(done, '^(%d+):?(.*)$')
      if fingerprint ~= '' and fingerprint ~= args[3] then return {3, tonumber(seq)} end
      return {2, tonumber(seq)}
    end
  end
  local current = tonumber(redis.call('HGET', KEYS[1], 'seq') or '0')
  if current ~= tonumber(args[1]) then return {0, current} end
  return nil
end
-- commit_write(args): write everything; {1, new_seq}.
local function commit_write(args)
  local idem = args[2]
  local new_seq = tonumber(args[1]) + 1  -- commit_refusal found the room at args[1]
  local n = tonumber(args[5])
  local fields = {'seq', new_seq}
  for i = 6, 5 + 2 * n do fields[#fields + 1] = args[i] end
  redis.call('HSET', KEYS[1], unpack(fields))
  local entry = {}
  local entry_state = nil
  for i = 6 + 2 * n, #args - 5, 2 do
    entry[#entry + 1] = args[i]
    entry[#entry + 1] = args[i + 1]
    if args[i] == 'state' then entry_state = args[i + 1] end
  end
  redis.call('XADD', KEYS[2], new_seq .. '-0', unpack(entry))
  if idem ~= '' then redis.call('HSET', KEYS[3], idem, new_seq .. ':' .. args[3]) end
  local ttl = tonumber(args[4])
  if ttl > 0 then
    redis.call('EXPIRE', KEYS[1], ttl)
    redis.call('EXPIRE', KEYS[2], ttl)
    if idem ~= '' then redis.call('EXPIRE', KEYS[3], ttl) end
  end
  local next_deadline = args[#args - 3]
  if next_deadline == '' then
    redis.call('ZREM', KEYS[4], args[#args - 4])
  elseif next_deadline ~= '-' then
    redis.call('ZADD', KEYS[4], next_deadline, args[#args - 4])
  end
  -- The notifications the change gives its players, kept until the replica that committed
  -- it has put them in their inboxes (services.rooms.inbox): if it dies first, any
  -- replica's sweep finds them here once they are due.
  if args[#args - 2] ~= '' then
    redis.call('ZADD', KEYS[5], args[#args - 1], args[#args - 2])
  end
  -- Tailing replicas get the entry itself, so they need not read it back, and the room
  -- fields written, so that a replica holding the room at seq new_seq - 1 holds it at
  -- new_seq (services.rooms.warm): each as a pair 'room.<field>' after the entry's pairs (a
  -- reader of entries alone skips them); a state equal to the entry's is sent once, as
  -- the pair ('room.', 'state').
  local message = {unpack(entry)}
  message[#message + 1] = 'room.seq'
  message[#message + 1] = tostring(new_seq)
  for i = 6, 5 + 2 * n, 2 do
    if args[i] == 'state' and args[i + 1] == entry_state then
      message[#message + 1] = 'room.'
      message[#message + 1] = 'state'
    else
      message[#message + 1] = 'room.' .. args[i]
      message[#message + 1] = args[i + 1]
    end
  end
  redis.call('PUBLISH', args[#args], cjson.encode({new_seq, message}))
  return {1, new_seq}
end
"""

COMMIT_SCRIPT = (
    """
-- Commit one room change atomically: compare the room's seq, write the new fields, append
-- the stream entry, remember the idempotency key, refresh TTLs and notify tailers.
-- KEYS[1] room hash, KEYS[2] log stream, KEYS[3] idempotency hash, KEYS[4] shard timers,
-- KEYS[5] the shard's pending notifications (sorted set: their JSON -> when a sweep may
--         deliver them), only when ARGV[#ARGV-2] is not '' (a key named but absent makes a
--         commit refused while its slot migrates: Redis Cluster's TRYAGAIN)
-- ARGV[1] expected seq (the seq the change was computed from; 0 for a new room)
-- ARGV[2] idempotency key ('' for none)
-- ARGV[3] the request's fingerprint (a hash of what the key was sent with)
-- ARGV[4] TTL in seconds for the three room keys (0: leave their expiry as it is; the
--         server's own changes, bot moves and timeouts, do not keep a room alive)
-- ARGV[5] n = number of room hash field/value pairs that follow
-- ARGV[6 .. 5+2n] room hash field/value pairs
-- ARGV[6+2n .. #ARGV-5] stream entry field/value pairs
-- ARGV[#ARGV-4] room id; ARGV[#ARGV-3] the room's next deadline ('' none, '-' unchanged)
-- ARGV[#ARGV-2] the notifications the change gives ('' none), ARGV[#ARGV-1] when a sweep
--         may deliver them (server time)
-- ARGV[#ARGV] notify channel.
-- Returns {1, new_seq} on success, {0, current_seq} on a seq conflict,
-- {2, seq} when the idempotency key was used already for the same request, and
-- {3, seq} when it was used for another one (nothing written in either case).
-- Publishes {new_seq, field/value list} on the notify channel: the entry's fields, then
-- 'room.seq' and every room hash field written as 'room.<field>' (the pair ('room.',
-- 'state') when the state written equals the entry's). The room hash is written by this
-- script (and ACTION_COMMIT_SCRIPT's same steps) only, always with seq + 1 and this message.
"""
    + _COMMIT_STEPS
    + """
return commit_refusal(ARGV) or commit_write(ARGV)
"""
)

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

_RATE_TAKE = """
-- rate_take(key, interval, burst, wanted): GCRA (the generic cell rate algorithm, a token
-- bucket kept as one timestamp), on Redis's clock. key holds the limiter's theoretical
-- arrival time, in microseconds; interval is microseconds per request (1e6 / rate per
-- second); burst how many requests may come at once. Returns granted (0..wanted), the
-- microseconds until one request is allowed again (when granted is 0), and a function that
-- writes the take (nil when granted is 0): nothing is written until it is called.
local function rate_take(key, interval, burst, wanted)
  local clock = redis.call('TIME')
  local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
  interval = tonumber(interval)
  local tolerance = interval * tonumber(burst)
  local tat = tonumber(redis.call('GET', key) or '0')
  if tat < now then tat = now end
  local granted = math.min(math.floor((now + tolerance - tat) / interval), tonumber(wanted))
  if granted <= 0 then return 0, math.ceil(tat - tolerance + interval - now), nil end
  tat = tat + granted * interval
  local function spend()
    redis.call('SET', key, string.format('%.0f', tat), 'PX', math.ceil((tat - now) / 1000) + 1)
  end
  return granted, 0, spend
end
"""

RATE_SCRIPT = (
    """
-- Take up to ARGV[3] requests from a limiter shared by every replica (rate_take).
-- KEYS[1] the limiter: its theoretical arrival time, in microseconds
-- ARGV[1] emission interval (microseconds per request: 1e6 / rate per second)
-- ARGV[2] burst (how many requests may come at once)
-- ARGV[3] requests wanted (a replica may take a few at once and spend them locally)
-- Returns {granted, wait}: granted is 0..ARGV[3]; when 0, wait is the microseconds until
-- one request is allowed again.
"""
    + _RATE_TAKE
    + """
local granted, wait, spend = rate_take(KEYS[1], ARGV[1], ARGV[2], ARGV[3])
if spend then spend() end
return {granted, wait}
"""
)

ACTION_COMMIT_SCRIPT = (
    """
-- A player's action on a room this replica holds a copy of (services.rooms.warm), in one step:
-- what the load before a commit does (the session's rate, the idempotency key's owner),
-- then COMMIT_SCRIPT's commit. On one Redis only: on Redis Cluster the rate and the owner
-- keys live in other slots than the room.
-- KEYS[1..4] COMMIT_SCRIPT's, and KEYS[5] its pending notifications when it has some;
-- then the idempotency key's owner (only when ARGV[1] is not ''), then the session's rate
-- limiter (only when ARGV[3] is not 0)
-- ARGV[1] the room id (the owner the key is claimed for; '' when there is no key)
-- ARGV[2] the owner claim's TTL (s)
-- ARGV[3] rate requests wanted (0: none asked), ARGV[4] its interval, ARGV[5] its burst
-- ARGV[6 ..] COMMIT_SCRIPT's ARGV
-- Returns {code, seq, granted, wait}: code 4 when the limiter refuses (wait: microseconds;
-- nothing written); else COMMIT_SCRIPT's code and seq, with code 3 also when the key's owner
-- is another room. The rate is taken (granted) with codes 1, 2 and 3, not with a conflict
-- (0: the copy was stale; nothing written, the caller loads the room, which takes it).
-- The owner is claimed (SET NX) only with code 1.
"""
    + _RATE_TAKE
    + _COMMIT_STEPS
    + """
local args = {unpack(ARGV, 6)}
local next_key = 5
if args[#args - 2] ~= '' then next_key = 6 end
local owner_key = nil
if ARGV[1] ~= '' then
  owner_key = KEYS[next_key]
  next_key = next_key + 1
end
local granted, spend = 0, nil
if tonumber(ARGV[3]) > 0 then
  local wait
  granted, wait, spend = rate_take(KEYS[next_key], ARGV[4], ARGV[5], ARGV[3])
  if not spend then return {4, 0, 0, wait} end
end
local refusal = nil
if owner_key then
  local owner = redis.call('GET', owner_key)
  if owner and owner ~= ARGV[1] then refusal = {3, 0} end
end
refusal = refusal or commit_refusal(args)
if refusal and refusal[1] == 0 then return {0, refusal[2], 0, 0} end
if spend then spend() end
if refusal then return {refusal[1], refusal[2], granted, 0} end
if owner_key then redis.call('SET', owner_key, ARGV[1], 'EX', ARGV[2], 'NX') end
local done = commit_write(args)
return {1, done[2], granted, 0}
"""
)

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
