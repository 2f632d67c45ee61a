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
error-INVALID_PACE = That pace cannot be used: check the decision limit and the time bank.
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
error-TOO_MANY_TURN_BASED_ROOMS = You already play { $limit } turn-based matches: finish or leave one first.
error-TOO_MANY_STREAMS = Too many open tables: close one first.
error-UNAUTHENTICATED = Please sign in again.
error-UNKNOWN_ACTION = That move does not belong to this game.
error-UNKNOWN_GAME = There is no such game.
error-UNKNOWN_JOIN_CODE = No table has that code.
error-UNKNOWN_LEVEL = There is no such bot level.
error-WRONG_GAME = That move belongs to another game.

# The games' refusals (the engines' reasons), so that a player reads them in their words.
error-ALREADY_DREW = You have already drawn this turn: play the drawn card or keep it.
error-ALREADY_VOTED = You have already voted this turn.
error-BAD_COLOUR = That is not a colour of this game.
error-BAD_TARGET = That player cannot be chosen.
error-BREED_NOT_PROPOSED = Nobody told a story for that breed this turn.
error-CANNOT_VOTE = You hold no dog of a breed in the vote: you sit this vote out.
error-CARD_NOT_IN_HAND = That card is not in your hand.
error-COLOUR_REQUIRED = Name a colour with this card.
error-COLUMN_TAKEN = Someone already told a story at that place.
error-HAS_PLAYABLE_CARD = You have a card you can play: play it rather than draw.
error-MUST_ANSWER_SHERIFF = A Sheriff is pending: answer with a Sheriff or a Shield, or take the cards.
error-MUST_ANSWER_SKIP = A Skip is pending: answer with a Shield, or take it.
error-MUST_NAME_COLOUR = Name the colour first.
error-MUST_PLAY_OR_DRAW = Play a card or draw one.
error-MUST_PROPOSE = You may not pass: tell a story.
error-NOTHING_TO_TAKE = There is nothing to take.
error-NOT_TIED = There is no tie to break.
error-NO_COLOUR_NEEDED = This card names no colour.
error-NO_SUCH_COLUMN = There is no such place on the table.
error-NO_TARGET_NEEDED = This card needs no other player.
error-ONLY_DRAWN_CARD = Only the card you just drew may be played now.
error-STORY_LENGTH = A story has 1 to 500 characters.
error-TARGET_REQUIRED = Choose the player to swap hands with.

error-NOT_RATED = This game rates no one: it is played together (cooperative).
error-TICKET_NOT_FOUND = You have no such match ticket (it may have expired).
error-TICKET_MATCHED = Too late: your table is already made.
error-TICKET_OPEN = You are already waiting for a match: cancel that ticket first.
error-INVITATION_NOT_FOUND = That invitation has expired or does not exist: ask for a new one.
error-NOT_INVITED = That invitation is for another player.
error-INVITATION_DECLINED = That invitation was declined: ask for a new one.
error-TOO_MANY_INVITATIONS = You sent too many invitations: wait a while.
error-PLAYER_NOT_FOUND = There is no player with that id.
