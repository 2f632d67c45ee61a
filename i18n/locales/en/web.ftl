# The web page's own words (clients/web); its Tomahawk and room sentences come from
# tomahawk.ftl and cli.ftl. Ids: web-*.

## The page around the table
web-language = Language
web-not_connected = not connected
web-new_table = New table
web-your_name = Your name
web-default_name = Player
web-seats = Seats
web-bots = Bots
web-target_score = Target score
web-turn_seconds = Seconds per turn (0: no clock)
web-bot_delay = Bot delay (ms)
web-create = Create table
web-join_title = Join a table
web-join_code = Join code
web-join = Join
web-update = update
web-version = version
web-add_bot = Add a bot
web-start = Start
web-your_hand = Your hand
web-log_title = What happened

## Connection status
web-status-idle = Envoy: { $url }
web-status-connecting = connecting…
web-status-live = live
web-status-reconnecting = reconnecting after update { $seq }…
web-status-disconnected = disconnected
web-status-error = error

## Seats and table
web-me = { $name } ({ you })
web-someone = Someone
web-human = human
web-waiting_start = Waiting for the match to start.
web-colour_label = Colour:
web-phase_line = Phase: { $phase }
web-pending_line = Pending draw: { $n }
web-phase-unspecified = —
web-colour-none = no colour
web-kind-unspecified = card
web-a_card = a card
web-by-unspecified = A card
web-penalty-unspecified = a bad-faith claim

## Prompts
web-wait_players = { $free ->
    [one] Waiting for one more player: share the join code.
   *[other] Waiting for { $free } more players: share the join code.
}
web-all_here = Everybody is here.
web-waiting_for = Waiting for { $names }.
web-choose = Choose:
web-hint-play = Your turn: play a card (or draw if you cannot).
web-hint-name_colour = Your turn: name the colour.
web-hint-face_sheriff = A Sheriff: answer with a Sheriff or a Shield, or take { $n } cards.
web-hint-face_skip = A Skip: answer with a Shield, or take it.
web-hint-drawn = Play the card you drew, or keep it.
web-outcome = Match over. Winner(s): { $names }. Scores: { $scores }.

## Events this page does not tell
web-ev-other_game = (an event of { $game }, not played on this page)
