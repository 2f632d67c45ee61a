# Player-facing texts of the server's refusals (google.rpc.LocalizedMessage), one per
# ErrorInfo.reason; variables come from ErrorInfo.metadata. A reason without its own
# message (a game's rule) uses the one of its status code.

error-code-INVALID_ARGUMENT = That request is not valid.
error-code-NOT_FOUND = That could not be found.
error-code-ALREADY_EXISTS = That exists already.
error-code-PERMISSION_DENIED = You are not allowed to do that.
error-code-UNAUTHENTICATED = Please sign in again.
error-code-FAILED_PRECONDITION = The rules do not allow that now.
error-code-ABORTED = Someone was faster: look at the table and try again.
error-code-OUT_OF_RANGE = That is out of range.
error-code-RESOURCE_EXHAUSTED = Too much at once: wait a moment.
error-code-UNAVAILABLE = The server is busy: try again in a moment.
error-code-UNIMPLEMENTED = The server cannot do that.
error-code-INTERNAL = Something went wrong on the server; nothing was changed.

error-CARD_NOT_AVAILABLE = { $why ->
    [no_such_card] There is no such card.
    [on_the_table] That card is already on the table.
    [covered] That card lies under another card of your pile.
    [opponents_pile] That card lies in your opponent's piles.
   *[not_yours] That card is neither in your hand nor face up on top of one of your piles.
}
error-BOTS_OUT_OF_RANGE = { $game } is played with { $min_bots } to { $max_bots ->
        [one] { $max_bots } bot
       *[other] { $max_bots } bots
    } besides you.
error-BUSY = The table is very busy: try again.
error-CHAT_EMPTY = Write something first.
error-CHAT_RATE_LIMITED = You are writing too fast: wait a moment.
error-CHAT_TOO_LONG = A message has at most { $limit ->
        [one] { $limit } character
       *[other] { $limit } characters
    }.
error-CURSOR_AHEAD = The table was restored: reloading.
error-CURSOR_INVALID = Reloading the table.
error-CURSOR_STALE = The table was restored: reloading.
error-IDEMPOTENCY_KEY_REUSED = That request was already sent with other details.
error-INTERNAL = Something went wrong on the server; nothing was changed.
error-INVALID_ARGUMENT = That request is not valid.
error-INVALID_OPTION = One of the options is not valid.
error-LEFT_ROOM = You left this table.
error-MALFORMED_ACTION = That move could not be read.
error-MALFORMED_REQUEST = That request could not be read.
error-MATCH_FINISHED = The match is over.
error-MATCH_NOT_FINISHED = The replay is available once the match is over.
error-MATCH_NOT_STARTED = The match has not started yet.
error-MATCH_STARTED = The match has already started.
error-NOT_A_BOT = That seat is not a bot's.
error-NOT_DUE = That clock has not run out.
error-NOT_HOST = Only the host can do that.
error-NOT_IN_ROOM = Join the table first.
error-NOT_READY = Every player must be ready first.
error-NOT_SEATED = Take a seat first.
error-NO_BOT_THERE = There is no bot in that seat.
error-NOT_YOUR_TURN = It is not your turn.
error-PRIVATE_ROOM = This table is private.
error-RATE_LIMITED = Too many requests: slow down.
error-ROOM_FULL = The table is full.
error-ROOM_NOT_FOUND = This table does not exist any more.
error-SEATS_EMPTY = Some seats are still empty.
error-SEAT_MUTED = The host muted your seat's chat.
error-SEAT_TAKEN = That seat is taken.
error-SPECTATOR = Spectators cannot do that.
error-STALE_VERSION = The table moved on: look again and retry.
error-STORE_UNAVAILABLE = The server is busy: try again in a moment.
error-STREAM_TOO_SLOW = Catching up with the table.
error-TOO_LATE = Too late: another call was accepted first. You lose nothing.
error-TOO_MANY_JOIN_ATTEMPTS = Too many wrong join codes: wait before trying again.
error-TOO_MANY_ROOMS = You created too many tables: wait a while.
error-TOO_MANY_STREAMS = Too many open tables: close one first.
error-UNAUTHENTICATED = Please sign in again.
error-UNKNOWN_ACTION = That move does not belong to this game.
error-UNKNOWN_GAME = There is no such game.
error-UNKNOWN_JOIN_CODE = No table has that code.
error-UNKNOWN_LEVEL = There is no such bot level.
error-WRONG_GAME = That move belongs to another game.
