# The tomahawk words of the clients (CLI, web). Ids: the clients' keys with '.' as '-'.

tt-kind-bison = Bison
tt-kind-eagle = Eagle
tt-kind-wolf = Wolf
tt-kind-bear = Bear
tt-kind-tipi = Tipi
tt-kind-feather = Feather
tt-kind-totem = Totem
tt-kind-bow = Bow
tt-kind-canoe = Canoe
tt-kind-sun = Sun
tt-kind-sheriff_1 = Sheriff +1
tt-kind-sheriff_2 = Sheriff +2
tt-kind-sheriff_3 = Sheriff +3
tt-kind-skip = Skip
tt-kind-reverse = Reverse
tt-kind-shield = Shield
tt-kind-diamond = Diamond
tt-kind-calumet = Calumet
tt-kind-shaman = Shaman
tt-kind-wheel = Wheel of Time
tt-colour-red = red
tt-colour-blue = blue
tt-colour-violet = violet
tt-colour-white = white
tt-colour_f-red = red
tt-colour_f-blue = blue
tt-colour_f-violet = violet
tt-colour_f-white = white
tt-card = { $colour } { $kind }
tt-card_id = card #{ $id }
tt-phase-play = play
tt-phase-name_colour = name the colour
tt-phase-face_sheriff = facing a Sheriff draw
tt-phase-face_skip = facing a Skip
tt-phase-drawn = play the drawn card or keep it
tt-phase-match_over = match over
tt-header = Round { $round } · target { $target } · { $direction } · draw pile { $draw } · discard { $discard }
tt-clockwise = clockwise ↻
tt-counter = counter-clockwise ↺
tt-top = Top card: { $card } · current colour: { $colour }
tt-colour_to_name = (to be named)
tt-turn = Turn: { $name } ({ $phase })
tt-pending = Pending Sheriff draw: +{ $n } (cast by { $caster })
tt-skip_pending = Pending Skip (cast by { $caster })
tt-agilite_window = AGILITÉ! window: { $card } played by { $name }
tt-seat_line = { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    } · total { $total }
tt-called = TOMAHAWK! called
tt-skips_next = skips next turn
tt-shaman_back = Shaman could send back to { $name } ({ $draw })
tt-shaman_skip = a Skip
tt-shaman_draw = +{ $n }
tt-hand = Your hand:
tt-drawn_card = Drawn card (you may play it): { $card }
tt-last_round = Last round { $round }: { $winner } · points { $points }
tt-last_round_winner = won by { $name }
tt-last_round_blocked = blocked (no winner)
tt-act-play_card = Play { $card }
tt-act-with_colour = → colour { $colour }
tt-act-with_target = → swap hands with { $name }
tt-act-with_tomahawk = + TOMAHAWK!
tt-act-draw = Draw a card
tt-act-pass = Keep the drawn card (end of turn)
tt-act-take_pending_draw = Take the Sheriff draw (+{ $n })
tt-act-take_skip = Take the Skip (lose your turn)
tt-act-name_colour = Name the colour: { $colour }
tt-act-combo = COMBO! the four { $symbol }s → colour { $colour }
tt-act-agilite = AGILITÉ! { $card }
tt-act-call_tomahawk = TOMAHAWK! (announce your last card)
tt-act-call_sherif = SHÉRIF! on { $name }
tt-ev-round_started = Round { $round } starts: { $starter } begins, first card { $card }.
tt-ev-hand_dealt = Your new hand: { $cards }
tt-ev-hand_dealt-other = New hand of { $who }: { $cards }
tt-ev-colour_named = { $who } names the colour { $colour }.
tt-ev-card_played = { $who } plays { $card }.
tt-ev-card_played_agilite = AGILITÉ! { $who } jumps in with { $card }.
tt-ev-colour_now = Colour: { $colour }.
tt-ev-swap_with = Swap with { $name }.
tt-ev-combo_played = COMBO! { $who } plays the four { $symbol }s; colour { $colour }.
tt-ev-sheriff_pending = { $who } faces a Sheriff draw of { $total } (from { $caster }).
tt-ev-skip_pending = { $who } faces a Skip (from { $caster }).
tt-ev-turn_skipped = { $who } loses a turn.
tt-ev-effect_returned = { $by } from { $who }: the effect goes back to { $to }{ $draw }.
tt-ev-returned_draw = {" "}who draws { $n }
tt-by-shield = Shield
tt-by-shaman = Shaman
tt-ev-direction_changed = Direction is now { $direction }.
tt-ev-hands_swapped = { $who } swaps hands with { $target }.
tt-ev-hands_passed = Every hand passes to the next player!
tt-ev-hand_received = Your hand is now: { $cards }
tt-ev-hand_received-other = The hand of { $who } is now: { $cards }
tt-ev-drew = { $who } draws { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }{ $why }.
tt-why-turn = {""}
tt-why-sheriff = {" "}(Sheriff)
tt-why-returned = {" "}(effect returned)
tt-why-sherif = {" "}(caught by SHÉRIF!)
tt-why-penalty = {" "}(penalty)
tt-ev-drew_cards = You drew: { $cards }
tt-ev-drew_cards-other = { $who } drew: { $cards }
tt-ev-reshuffled = The discard pile is shuffled into a new draw pile ({ $n ->
        [one] { $n } card
       *[other] { $n } cards
    }).
tt-ev-passed = { $who } passes{ $why }.
tt-penalty-bad_sherif = SHÉRIF! on a player without one card
tt-penalty-bad_agilite = AGILITÉ! with a card that is not identical
tt-outcome = { $rounds ->
        [one] { $rounds } round played
       *[other] { $rounds } rounds played
    } to { $target ->
        [one] { $target } point
       *[other] { $target } points
    }.
tt-why-kept_drawn_card = {" "}(keeps the drawn card)
tt-why-nothing_to_draw = {" "}(nothing to draw)
tt-ev-tomahawk_called = TOMAHAWK! { $who } has one card left.
tt-ev-sherif_called = SHÉRIF! { $who } calls on { $target }: { $result }.
tt-caught = caught
tt-not_caught = too late
tt-ev-penalty = Bad faith! { $who } draws { $n ->
        [one] { $n } penalty card
       *[other] { $n } penalty cards
    } ({ $reason }).
tt-ev-round_ended = Round { $round } over: { $result }. Totals: { $totals }
tt-ev-round_won = { $name } empties their hand
tt-ev-round_blocked = blocked, no winner
tt-ev-match_ended = Match over! { $count ->
        [one] Winner: { $names }
       *[other] Winners: { $names }
    }.
tt-first_card = Round { $round } starts: first card { $card }.

## The rest between rounds (issue 30, moments)
tt-ev-ready_for_next_round = { $who } is ready for the next round.
tt-act-next_round = Next round
tt-phase-round_over = round over
tt-pause-title = End of round { $round }
tt-pause-winner = { $name } emptied their hand and wins the round.
tt-pause-blocked = Blocked round: nobody emptied their hand.
tt-pause-head = Seat · Player · Points this round · Total
tt-pause-row = { $points ->
        [0] 0
       *[other] +{ $points }
    } · total { $total }
tt-pause-target = The match ends when a total reaches { $target }.

## Calls by key (Choices.calls: right or wrong)
tt-calls-title = Calls, right or wrong (a wrong one costs you 2 cards):
tt-calls-sherif = SHÉRIF! on { $seats }
tt-calls-agilite = AGILITÉ! on the card just played: a + the number of a card of your hand (a3; a3! with TOMAHAWK!; a Diamond names its colour: a3 red)
tt-calls-tomahawk = TOMAHAWK! on your last card: t
tt-calls-help = Calls have keys of their own, right or wrong (a wrong one costs 2 cards): s + a seat number for SHÉRIF! on that seat (s2); a + the number of a card of your hand for AGILITÉ! with it (a3; a3! with TOMAHAWK!; a Diamond: a3 red); t for TOMAHAWK!.
