# The cli words of the clients (CLI, web). Ids: the clients' keys with '.' as '-'.

you = you
seat = seat
seat_n = seat { $n }
free_seat = (free)
bot = bot
ready = ready
not_ready = not ready
host = host
private = private
private_tag = [private]
timeout_tag = (time out)
nobody = nobody
ev-unknown = ({ $kind })
bot_level-random = random
bot_level-strong = strong
outcome_reason-target_score = a total reached the target score
outcome_reason-all_freed = every spirit was freed
outcome_reason-no_card_can_be_freed = no spirit can be freed any more
outcome_reason-bag_exhausted = the bag is empty
outcome_reason-locations_exhausted = no locations left
outcome_reason-one_card_left = a player has one card left
outcome_reason-two_rounds = two rounds won
error = Error: { $message }
error_plain = Error: { $message }
reconnecting = reconnecting… (the server is unreachable, retrying)
reconnected = reconnected.
gave_up = The server stayed unreachable; giving up.
interrupted = Interrupted.
logged_in = Logged in as { $name } (player id { $player_id }); session saved in { $path }.
guest_session = New guest session as { $name }.
second_player = Another `cercle play` uses your saved session: this terminal plays as a new guest, { $name }.
games_title = Games on { $address }:
players_range = { $low }–{ $high ->
        [one] { $high } player
       *[other] { $high } players
    }
players_one = { $n ->
        [one] { $n } player
       *[other] { $n } players
    }
options = options
no_rooms = No open public room.
rooms_title = Open public rooms:
room_line = { $room_id }  { $game } { $taken }/{ $total } seats  host { $host }  { $options }
turns_none = No room is waiting for you.
turns_title = Rooms waiting for you:
turn_line = { $room_id }  { $game }  until { $until }
turns_unread = { $n ->
        [one] { $n } unread notification
       *[other] { $n } unread notifications
    }
created = Room { $room_id } created ({ $game }, { $players ->
        [one] { $players } seat
       *[other] { $players } seats
    }, { $visibility }).
join_code = Join code: { $code }
public = public
private_room = private
joined_seat = Joined room { $room_id } in seat { $seat }.
joined_spectator = Watching room { $room_id } as a spectator.
marked_ready = Ready in room { $room_id }.
marked_not_ready = Not ready in room { $room_id }.
started = Match started in room { $room_id }.
bot_added = Bot added in room { $room_id }.
left_room = You left room { $room_id }.
status-open = open
status-playing = playing
status-finished = finished
status-abandoned = abandoned
status-unspecified = unknown
lobby_title = Room { $room_id } · { $game } · { $status } · join code { $code }
lobby_wait_others = Waiting for players: { $free ->
        [one] one free seat
       *[other] { $free } free seats
    }. Others join with: cercle play { $room_id }
lobby_wait_ready = Waiting for everyone to be ready…
lobby_guest_hint = The host starts the match when every seat is taken.
starting = Starting the match…
quick_joined = Joined room { $room_id } (seat { $seat }).
quick_created = Created room { $room_id }; waiting for other players.
bots_room = Created room { $room_id } with { $n ->
        [one] one bot
       *[other] { $n } bots
    }.
choose_game = Which game?{" "}
unknown_game_or_room = { $what }: neither a game ({ $games }) nor a room the server knows.
turn_of = Waiting for { $names }
your_turn = Your turn!
time_left = { $seconds } s left
time_warning = ⏱ { $seconds } s left to decide (then the server plays for you).
actions_title = Your possible actions:
prompt_choice = Choose 1–{ $n } (h: help, q: quit) >{" "}
prompt_idle = (h: help, q: quit) >{" "}
invalid_choice = Invalid choice '{ $text }': type a number from 1 to { $n }.
menu_changed = The list changed before '{ $text }' reached it: “{ $label }” is no longer offered. Nothing was played; choose again.
menu_changed_none = The list changed before '{ $text }' reached it. Nothing was played; choose again.
no_choice_now = There is nothing to choose right now.
refused = Refused: { $message }
stale = The table moved on before your action; here is the new situation.
auto_played = → { $label }
story_prompt = Your story (1–500 characters; Enter keeps: “{ $example }”) >{" "}
story_too_long = Too long: { $n ->
        [one] { $n } character
       *[other] { $n } characters
    } (500 at most). Try again.
story_blank = Only spaces: type a story, or press Enter alone to keep the one shown.
help = Type the number of an action and Enter. The list refreshes on every move; TOMAHAWK! and votes show up in it the moment they are possible. Enter alone redraws; q leaves (your seat stays, the server plays for you after time-outs); "> text" writes to the table.
spectating = You are watching as a spectator.
table_paused = The table is paused: none of its players is here. It goes on when one of them comes back.
table_resumed = The table goes on: a player is back.
quit = You left the table; the match goes on. Come back with: cercle play { $room_id }
events_title = Recent events:
replay_hint = Replay: cercle replay { $room_id }
match_over = Match over.
winners = { $count ->
        [one] Winner: { $names }
       *[other] Winners: { $names }
    }
no_winner = No winner.
scores = Scores: { $scores }
reason = Reason: { $reason }
abandoned = The room was abandoned.
replay_title = Replay of room { $room_id }: { $game }, { $players ->
        [one] { $players } player
       *[other] { $players } players
    } ({ $names })
replay_step = #{ $version } { $seat }: { $action }
replay_timeout = (time out: the server played)
replay_seed = Shuffle secret (revealed at the end): { $seed }, salt { $nonce }
replay_commitment = 
    fingerprint sha256("<secret>:<salt>") = { $digest }
    fingerprint shown at the start = { $commitment }
commitment_ok = ✓ Shuffle checked: the shuffle of the cards was fixed before the first move; nobody could change it during the match.
commitment_bad = ✗ Shuffle NOT checked: the secret revealed does not match the fingerprint shown at the start.
deal_ok = ✓ Deal checked: the shuffle was derived from the server's secret, committed when the room opened, and from every seat's random part ({ $players ->
        [0] no player's client sent one: the server's parts come from its committed secret
        [one] sent by one player's client
       *[other] sent by { $players } players' clients
    }); nobody could pick it after seeing the others' parts.
deal_bad = ✗ Deal NOT checked: { $problem }
deal_problem_commitment = the secret revealed is not the one committed
deal_problem_seats = the parts do not name every seat once
deal_problem_drawn = seat { $seat }'s part, drawn by the server, is not derived from its secret
deal_problem_source = seat { $seat }'s part says no one gave it
deal_problem_seed = the seed is not derived from the secret and the parts
ev-created = { $who } opened the room.
ev-joined = { $who } sat down.
ev-left = { $who } left.
ev-ready = { $who } changed ready state.
ev-ready_on = { $who } is ready.
ev-ready_off = { $who } is not ready.
ev-bot_added = A bot sat down.
ev-bot_removed = A bot left.
ev-spectator_joined = A spectator arrived.
ev-spectator_left = A spectator left.
ev-match_started = The match starts! Shuffle fingerprint { $commitment }… (the replay will check it)
ev-match_finished = The match is over.
ev-seat_taken_over = { $who } is away: a bot plays for them.
ev-seat_taken_back = { $who } is back.
ev-chat_sent = { $who } says: "{ $text }"
ev-seat_muted = { $muted ->
    [yes] The host muted { $who }.
   *[no] The host unmuted { $who }.
}
cards-none = This game has no catalogue.
cards-tomahawk = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }; { $hand } in each hand at the start of a round:
cards-tomahawk_kind = { $name }: { $copies ->
        [one] { $copies } copy
       *[other] { $copies } copies
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $draw ->
        [0] {""}
       *[other] , the next player draws { $draw }
    }
cards-tamashii = { $count ->
        [one] The spirit (name, gems needed, power):
       *[other] The { $count } spirits (name, gems needed, power):
    }
cards-tamashii_bag = The bag holds { $gems }.
cards-tomy = { $count ->
        [one] { $count } dog card
       *[other] { $count } dog cards
    }, { $hand } in each hand; the breeds:
cards-tomy_breed = { $breed }: { $count ->
        [one] one card
       *[other] { $count } cards
    }
cards-tomy_places = { $count ->
        [one] One location card.
       *[other] { $count } location cards.
    }
cards-awimbawe = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }; { $hand } in each hand at the start of a round:
cards-awimbawe_power = { $animal }: { $power }
cards-aw_power-mouse = beats the Elephant of its own colour
cards-aw_power-rhino = may move the top card of one of the opponent's piles under another of their piles
cards-aw_power-cheetah = may choose who leads the next trick
cards-aw_power-hyena = whoever takes all four Hyenas in a round loses it at once
cards-aw_power-snake = may paralyse one of the opponent's available cards for their next play
cards-aw_power-eagle = a trump; answering another colour, it fights (trumps and wins the trick) or flees (the opponent wins the trick)
help-cards = Type c to list the game's cards.
call_not_offered = '{ $text }' is no call you can make now (the moment has passed, or there is no such seat or card). Nothing was played.
bot_name = Bot { $n }
refused_plain = the server refused.
cannot_connect = Cannot reach the server at { $address }. Is it running (`make run`)? Check --address.
lobby_wait_code = Waiting for players: { $free ->
        [one] one free seat
       *[other] { $free } free seats
    }. This room is private: others join with its code: cercle play { $code }
lobby_host_bots = You are the host: the match starts when every seat is taken. Type b and Enter to seat a bot.
lobby_host_start = You are the host: the match starts when everyone is ready (Enter: start now).
lobby_keys_host = Here: b seats a bot, Enter starts once every seat is taken, q leaves.
lobby_keys_guest = Here: q leaves; the host starts the match.
ask_name = Your name at the table (Enter: { $default }) >{" "}
private_created = Private room { $room_id } created. Others join with its code: cercle play { $code }
reason-ROOM_NOT_FOUND = There is no room with that id.
reason-UNKNOWN_JOIN_CODE = No room has that join code: check the code (6 letters or digits).
reason-PRIVATE_ROOM = This room is private: join it with its join code.
reason-ROOM_FULL = Every seat of this room is taken; you can watch it with `cercle watch`.
reason-UNKNOWN_GAME = This server does not host that game: see `cercle games`.
reason-NOT_YOUR_TURN = It is not your turn.
reason-TOO_LATE = Too late: someone was quicker.
reason-NOT_HOST = Only the host can do that.
reason-MATCH_NOT_FINISHED = The match is not over yet: a replay is for finished matches.
reason-UNAUTHENTICATED = Your session is no longer valid: run `cercle login NAME`.
room_option-turn_seconds = { $value ->
        [0] no turn clock
       *[other] turn clock { $value } s
    }
room_option-decision_seconds = { $value ->
        [0] no decision clock
       *[other] decision clock { $value } s
    }
room_option-story_seconds = { $value ->
        [0] no story clock
       *[other] story clock { $value } s
    }
room_option-vote_seconds = { $value ->
        [0] no vote clock
       *[other] vote clock { $value } s
    }
room_option-tie_seconds = { $value ->
        [0] no tie-break clock
       *[other] tie-break clock { $value } s
    }
room_option-target_score = target score { $value }
room_option-first_player = { $value ->
        [unset] first player drawn at random
       *[other] seat { $value } starts
    }
room_option-reaction_seconds = { $value ->
        [0] bots react at once
       *[other] { $value } s to react before the bots
    }
room_option-level = level { $value }
room_option-memory_aid = { $value ->
        [true] memory aid
       *[other] no memory aid
    }
room_option-rounds = { $value ->
        [true] several rounds
       *[other] one game
    }
room_option-language = language { $value }
room_option_other = { $description }: { $value }

## cercle replay: rounds (links)
replay_more_keys = Enter: next move · t: the table{ $rounds ->
    [yes] {" "}· r 2: go to round 2
   *[no] {""}
} · a: all the rest · q: stop >{" "}
replay_no_round = This match has no round { $n } (rounds 1 to { $last }).

## glance: panels that stay on screen until closed (a card you peeked at, the catalogue)
panel-close = x: close
panel-more = … and { $n } more lines (cercle cards { $game })
panel-closed = Panels closed.
help-panels = x closes the panels (the card you peeked at, the cards).

# A bot at the table: its name (game-<game>-bot_name in games.ftl, else bot_name) and how it
# plays ($level: strong, random, or empty when unknown).
bot_label = { $level ->
    [strong] { $name } (strong bot)
    [random] { $name } (bot playing at random)
   *[other] { $name } (bot)
}
bot_kind = { $level ->
    [strong] strong bot
    [random] bot playing at random
   *[other] bot
}
seats_too_few = cercle play: { $players ->
        [one] { $players } seat leaves
       *[other] { $players } seats leave
    } no room for you and { $bots ->
        [one] { $bots } bot
       *[other] { $bots } bots
    }: ask for more with --players.
name_a_game = cercle play: name a game ({ $games }) or a room.

## The rest between rounds (issue 30, moments)
room_option-pause_seconds = { $value ->
        [0] no rest between rounds
       *[other] { $value } s rest between rounds
    }
pause_status = Rest: play resumes in { $seconds } s (type the number of "next" to go on)
pause_waiting = waiting for { $names }

## The ladder (cercle ladder, ratings, queue; docs/ratings.md)
ladder_title = { $game }: all-time ladder ({ $players ->
        [one] one player
       *[other] { $players } players
    })
ladder_title_season = { $game }: season { $season } ladder ({ $players ->
        [one] one player
       *[other] { $players } players
    })
ladder_line = { $rank }. { $name }: { $rating } ({ $matches ->
        [one] one rated match
       *[other] { $matches } rated matches
    })
ladder_my_rank = Your place: { $rank }
ladder_more = More: --page-token { $token }
ladder_provisional = A rating marked ? is provisional (fewer than 10 rated matches).
ratings_title = Ratings of { $name }
ratings_none = No rated match yet (rated: every seat a player logged in with `cercle login --device`, no bot).
ratings_line = { $game }: { $rating }, place { $rank } ({ $matches } rated matches)
rating_change = Rating { $before } → { $after } ({ $delta }), place { $place } at the table (room { $room_id })
rating_pending = Rating: not counted yet (see cercle ratings in a moment).
queue_waiting = Looking for players rated { $rating } ± { $window }… ({ $waited } s)
queue_matched = Table found: room { $room_id }, seat { $seat } ({ $bots ->
        [0] no bot
        [one] one bot
       *[other] { $bots } bots
    }). Play: cercle play { $room_id }
queue_ended = The ticket ended without a table.
