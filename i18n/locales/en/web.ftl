# The web page's own words (clients/web); its game and room sentences come from the games'
# .ftl files and cli.ftl, as the CLI's. Ids: web-*.

## The page around the table
web-language = Language
web-skip = Skip to the content
web-not_connected = not connected
web-lobby = Play
web-games = Games
web-new_table = New table with options
web-your_name = Your name
web-default_name = Player
web-players = Players
web-seats = Seats
web-bots = Bots
web-private = Private (join code only)
web-bot_delay = Bot delay (ms)
web-create = Create the table
web-quick_bots = Play against bots
web-quick_humans = Find other players
web-join_title = Join a table
web-join_code = Join code
web-join = Join
web-watch = Watch
web-add_bot = Add a bot
web-start = Start the match
web-leave_open = Leave the table
web-leave_playing = Leave the table (the server plays for you)
web-stop_watching = Stop watching
web-back_to_lobby = Back to the lobby
web-your_hand = Your hand
web-log_title = What happened
web-other_actions = Other actions
web-calls = Calls
web-clock = Time left
web-cancel = Cancel

## The games' names
web-game-tomahawk = Tomahawk Tribal
web-game-tamashii = Tamashii
web-game-tomy = Mais où est Tomy ?
web-game-awimbawe = Awimbawé

## Option labels (the catalogue's descriptions are the help under them)
web-option-turn_seconds = Seconds per turn
web-option-target_score = Target score
web-option-first_player = First player (seat; empty: random)
web-option-reaction_seconds = Seconds to react before the bots
web-option-level = Level
web-option-memory_aid = Memory aid
web-option-decision_seconds = Seconds per decision
web-option-rounds = Several games (rounds)
web-option-story_seconds = Seconds for a story
web-option-vote_seconds = Seconds for a vote
web-option-tie_seconds = Seconds to break a tie
web-option-language = Language of the table

## My matches
web-my_matches = My matches
web-my_matches-none = No match yet.
web-my_matches-current = You are seated at a { $game } table.
web-my_matches-watching = You are watching a { $game } table.
web-my_matches-past = A { $game } match you played.
web-invitation = { $name } invites you to a { $game } table.
web-invitation-accept = Accept
web-invitation-decline = Decline
web-my_matches-your_turn = Your turn
web-turn_based = Turn-based (a day per move)
web-resume = Back to my seat

## Inviting a player to an open table (invite.ts), and the player's own id (lobby.ts)
web-invite = Invite a player
web-invite-recent = Players you played with lately
web-invite-recent_none = Nobody yet: the players of your finished matches show here.
web-invite-send = Invite
web-invite-who = Invite { $name }
web-invite-id = Their player id
web-invite-id_help = Ask your friend for the player id their lobby shows, and paste it here.
web-invite-sent = Invitation sent to { $name }: it shows in their lobby.
web-invite-self = That is your own player id: ask your friend for theirs.
web-player_id = Your player id:
web-player_id-copy = Copy
web-player_id-copy_label = Copy your player id
web-player_id-copied = Copied: give it to a friend, so they can invite you.
web-player_id-copy_here = Copy the selected id by hand.
web-player_id-help = Whoever has it can invite you to their table.

## Connection status
web-status-idle = ready
web-status-connecting = connecting…
web-status-live = live
web-status-reconnecting = connection lost, reconnecting…
web-status-disconnected = disconnected
web-status-error = error

## Seats and table
web-me = { $name } ({ you })
web-someone = Someone
web-human = human
web-their_turn = to play
web-spectators = { $n ->
    [one] One spectator is watching.
   *[other] { $n } spectators are watching.
}
web-seconds = { $seconds } s
web-time_left = { $seconds } s left to decide (then the server plays for you)
web-waiting_start = Waiting for the match to start.
web-colour_label = Colour to follow:
web-pending_line = Pending draw: { $n }
web-phase-unspecified = —
web-colour-none = no colour
web-kind-unspecified = card
web-a_card = a card
web-by-unspecified = A card
web-penalty-unspecified = a bad-faith claim
web-play_card = Play { $card }
web-you_won = You won!

## Prompts
web-wait_players = { $free ->
    [one] Waiting for one more player: share the join code.
   *[other] Waiting for { $free } more players: share the join code.
}
web-all_here = Everybody is here: the host starts the match.
web-all_here_host = Everybody is here: start the match when you like.
web-waiting_for = Waiting for { $names }.
web-watching = You are watching this table.
web-choose = Choose:
web-hint-play = Your turn: play a card (or draw if you cannot).
web-hint-name_colour = Your turn: name the colour.
web-hint-face_sheriff = A Sheriff: answer with a Sheriff or a Shield, or take { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }.
web-hint-face_skip = A Skip: answer with a Shield, or take it.
web-hint-drawn = Play the card you drew, or keep it.

## Tomahawk Tribal
web-tt-draw_pile = Draw pile: { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }
web-tt-discard_pile = Discard pile: { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }
web-tt-round = Round { $round } · the match ends at { $target ->
        [one] { $target } point
       *[other] { $target } points
    }
web-tt-call_with_card = Shout TOMAHAWK! with the card I play (my last but one)
web-call-tomahawk = TOMAHAWK!
web-call-sherif = SHÉRIF! on { $name } (right or wrong: a wrong call costs you 2 cards)
web-call-sherif_seat = SHÉRIF!
web-tt-agilite_hint = AGILITÉ! on { $card }: click a card of your hand to jump in (a card that is not identical costs you 2 cards).
web-call-agilite = AGILITÉ! Play my { $card } now

## Tamashii
web-tm-spirits = The six Tamashii
web-tm-slot = Slot { $slot }
web-tm-slot_down = Slot { $slot }, face down
web-tm-freed = Freed
web-tm-you_saw = You saw: { $card }
web-tm-on_card = Gems on it
web-tm-bag = Bag ({ $n ->
        [one] { $n } gem
       *[other] { $n } gems
    }):
web-tm-drawn = Drawn this turn:
web-tm-removed = Removed:
web-tm-status = Level { $level } · { $freed } of 6 freed
web-tm-hint-choose = Your turn: peek at a face-down card, or gather gems from the bag.
web-tm-hint-gathering = You drew { $gems }: draw again, or place them on a card.
web-tm-hint-power_peek = Tsuchi's power: peek at a face-down card.

## Mais où est Tomy ?
web-my-places = The places where Tomy may hide
web-my-colour-green = green
web-my-colour-red = red
web-my-colour-blue = blue
web-my-colour-yellow = yellow
web-my-colour-violet = violet
web-my-colour-orange = orange
web-my-story_label = Your story: Tomy is at { $place }…
web-my-act-propose_breed = Tell a story: Tomy is at { $breed }'s place
web-my-tell = Tomy is here!
web-my-suggested = Suggested story: “{ $story }”
web-my-tell_suggested = Tell the suggested story
web-my-your_dogs = Your dog cards
web-my-cards = { $n ->
    [0] no card
    [one] one card
   *[other] { $n } cards
}
web-my-hint-story = Your turn to tell: write a story under a place and send it, or pass.
web-my-hint-story-must = Your turn to tell: write a story under a place and send it, or tell the suggested one. You may not pass this turn.
web-my-hint-vote = Vote: play a dog card of the breed whose story you prefer.
web-my-hint-tie = A tie: you hold the leash, pick the breed.

## Awimbawé
web-aw-side = { $rounds ->
        [one] { $rounds } round won
       *[other] { $rounds } rounds won
    } · { $hand ->
        [one] { $hand } card in hand
       *[other] { $hand } cards in hand
    } · trick pile: { $tricks ->
        [one] { $tricks } card
       *[other] { $tricks } cards
    } · { $hyenas ->
        [one] { $hyenas } Hyena
       *[other] { $hyenas } Hyenas
    }
web-aw-piles = { $name }'s piles
web-aw-pile = pile { $pile } ({ $n })
web-aw-trick = The trick
web-aw-crowns = { $n ->
    [-2] loses two crowns (−2, barred crowns)
    [-1] loses one crown (−1, a barred crown)
    [0] no crown
    [one] one crown
   *[other] { $n } crowns
}
web-aw-rounds_won = { $n ->
        [one] { $n } round won
       *[other] { $n } rounds won
    }
web-aw-hyenas = { $n ->
        [one] { $n } Hyena
       *[other] { $n } Hyenas
    }
web-aw-hint = Your decision: { $decision }.

## Replays
web-replay = Replay
web-replay_open = Watch the replay
web-replay_title = { $game }: { $names }
web-replay_details = Check the shuffle: the secret and its fingerprint
web-replay_steps = Steps
web-replay_first = ◀◀ Start
web-replay_prev = ◀ Previous
web-replay_next = Next ▶
web-replay_last = End ▶▶
web-replay_position = step { $n } of { $total }
web-replay_start = Before the first move.

## Refusals, in plain words (by the server's reason)
web-refusal-UNKNOWN = Something went wrong; try again.
web-refusal-UNAVAILABLE = The server cannot be reached right now; try again in a moment.
web-refusal-STORE_UNAVAILABLE = The server cannot save anything right now; try again in a moment.
web-refusal-UNAUTHENTICATED = Your session has expired: try again (a new one opens).
web-refusal-NOT_YOUR_TURN = It is not your turn.
web-refusal-STALE_VERSION = The table moved on before your move: here is the new situation.
web-refusal-TOO_LATE = Someone else was quicker.
web-refusal-UNKNOWN_JOIN_CODE = No table has this join code (or its match is over).
web-refusal-ROOM_NOT_FOUND = This table does not exist any more.
web-refusal-ROOM_FULL = This table is full.
web-refusal-MATCH_STARTED = The match has already started.
web-refusal-MATCH_FINISHED = The match is over.
web-refusal-NOT_HOST = Only the host may do that.
web-refusal-NOT_READY = Not everybody is ready yet.
web-refusal-SPECTATOR = Spectators watch; they do not play.
web-refusal-NOT_SEATED = You have no seat at this table.
web-refusal-NOT_IN_ROOM = You are not at this table.
web-refusal-PRIVATE_ROOM = This table is private: you need its join code.
web-refusal-RATE_LIMITED = Too many requests: wait a moment.
web-refusal-TOO_MANY_ROOMS = You have opened too many tables: finish or leave one first.
web-refusal-TOO_MANY_JOIN_ATTEMPTS = Too many wrong join codes: wait a while before trying again.
web-refusal-TOO_MANY_STREAMS = This session follows too many tables at once: close a tab.
web-refusal-INVALID_OPTION = One of the options is out of range.
web-refusal-STORY_LENGTH = A story has 1 to 500 characters.
web-refusal-CARD_NOT_AVAILABLE = { $why ->
    [no_such_card] There is no such card.
    [on_the_table] That card is already on the table.
    [covered] That card lies under another card of your pile.
    [opponents_pile] That card lies in your opponent's piles.
   *[not_yours] That card is neither in your hand nor face up on top of one of your piles.
}
web-refusal-CARD_NOT_IN_HAND = That card is not in your hand.
web-refusal-CARD_DOES_NOT_MATCH = That card matches neither the colour nor the symbol.
web-refusal-MUST_FOLLOW_COLOUR = You must follow the colour led.
web-refusal-LEFT_ROOM = You left this table.
web-refusal-CHAT_EMPTY = Write something first.
web-refusal-CHAT_TOO_LONG = A message has at most 200 characters.
web-refusal-CHAT_RATE_LIMITED = You are writing too fast: wait a moment.
web-refusal-SEAT_MUTED = The host has muted you: your messages are not sent.
web-refusal-CURSOR_STALE = The table's history changed on the server: here it is as it stands now.
web-refusal-CURSOR_AHEAD = The table's history changed on the server: here it is as it stands now.
web-refusal-PLAYER_NOT_FOUND = No player has this id: check it with the friend who gave it.
web-refusal-TOO_MANY_INVITATIONS = You have sent too many invitations this hour: wait a while before sending more.

## Presence and table chat
web-seat_connected = connected
web-seat_not_connected = not connected
web-spectators_connected = { $n ->
    [0] None of them is connected.
    [one] One of them is connected.
   *[other] { $n } of them are connected.
}
web-cursor_stale = The table could not be picked up where the page left it (its history changed on the server): here it is as it stands now; the earlier log is gone.
web-chat_title = Table chat
web-chat_label = Your message
web-chat_send = Send
web-chat_spectator = Spectators read the chat; only the players write.
web-chat_muted = The host has muted you: you can read, not write.
web-chat_mute = Mute
web-chat_unmute = Unmute
web-chat_mute_who = Mute { $who }
web-chat_unmute_who = Unmute { $who }

## Awimbawé card names (the crowns are shown apart)
web-aw-card = { $colour } { $animal } { $value }

## Links to tables and the replay's table (links.ts, replay.ts)
web-link_copy = Copy the link
web-link_copied = Link copied: whoever opens it watches this table (you get your seat back).
web-link_invite = Copy an invite link
web-link_invite_copied = Invite link copied: it carries the join code, so whoever opens it can watch.
web-link_copy_here = Copy the link from here:
web-link_refused = This link did not open a table. { $why }
web-replay_now = After step { $n }: { $what }
web-replay_slider = Step
web-replay_jump = Jump to
web-replay_round = round { $n }

## glance: the peeked card's panel, the phone tray, card tooltips from the catalogue
web-peek-close = Close
web-tray = Your hand and your actions
web-tip = { $card }: { $does }
web-tip-points = { $n } { $n ->
        [one] point
       *[other] points
    } if still in your hand at the end of the round
web-tip-draw = the next player draws { $n }
web-tip-anything = may be played on any card
web-tip-agilite = AGILITÉ! may be called on it
web-tip-combo = counts for a COMBO!

## The rest between rounds (issue 30, moments)
web-option-pause_seconds = Seconds of rest between rounds
web-pause-next_round = Next round
web-pause-next_story = Next story
web-pause-countdown = Play resumes in
web-pause-waiting = Waiting for { $names }
web-hint-round_over = Read the result, then go on when you are ready.
web-pause-time_left = Play resumes in { $seconds } s
web-pause-ready = You are ready: waiting for the others.
web-pause-round_title = End of round { $round }
web-pause-round_points = Points this round
web-pause-total = Total
web-pause-seat = Player
web-pause-winner = { $name } wins the round.
web-pause-blocked = Blocked round: nobody emptied their hand.
web-pause-reveal_title = The votes are revealed
web-pause-tomy_was = Tomy was with the { $breed }!
web-pause-nobody = Nobody could vote.
web-pause-vote = Vote
web-pause-found = Found Tomy
web-pause-drew = Draws a card
web-pause-no_vote = No vote
web-pause-cards = Cards in hand
web-pause-crowns = Crowns
web-pause-hyenas = Hyenas
web-pause-rounds_won = Rounds won

## The ladder (ladder.ts; docs/ratings.md)
web-ladder = Ladder
web-no_rating = No rating yet: play a rated match (every seat a person, no bot).
web-rated_match = Rated match
web-cancel_ticket = Cancel
web-table_found = Table found!
