# The awimbawe words of the clients (CLI, web). Ids: the clients' keys with '.' as '-'.

aw-animal-mouse = Mouse
aw-animal-rhino = Rhino
aw-animal-cheetah = Cheetah
aw-animal-hyena = Hyena
aw-animal-snake = Snake
aw-animal-elephant = Elephant
aw-animal-eagle = Eagle
aw-colour-green = green
aw-colour-yellow = yellow
aw-colour-black = black
aw-colour-brown = brown
aw-colour-sky = sky
aw-colour_f-green = green
aw-colour_f-yellow = yellow
aw-colour_f-black = black
aw-colour_f-brown = brown
aw-colour_f-sky = sky
aw-card = { $colour } { $animal } { $value } { $crowns ->
        [-2] ♛−2
        [-1] ♛−1
       *[other] ♛{ $crowns }
    }
aw-heir-silver = silver
aw-heir-gold = gold
aw-heir_name-0 = white tiger
aw-heir_name-1 = black panther
aw-decision-play = play a card
aw-decision-eagle = Eagle: fight or flee
aw-decision-rhino = Rhino power
aw-decision-snake = Snake power
aw-decision-cheetah = Cheetah power
aw-decision-choose_leader = choose who leads the next round
aw-header = Round { $round } · leader { $leader } · now: { $name } ({ $decision })
aw-side = { $name } · { $heir_name } ({ $heir }) · { $rounds ->
        [one] { $rounds } round won
       *[other] { $rounds } rounds won
    } · { $hand ->
        [one] { $hand } card in hand
       *[other] { $hand } cards in hand
    } · trick pile: { $taken ->
        [one] { $taken } card
       *[other] { $taken } cards
    } · { $hyenas ->
        [one] { $hyenas } Hyena
       *[other] { $hyenas } Hyenas
    }
aw-piles = piles:
aw-face_down = ?
aw-empty_pile = (empty)
aw-paralysed = paralysed: { $cards }
aw-paralysed_unknown = { $n } hidden
aw-trick = Trick: { $cards }
aw-trick_empty = Trick: (no card yet)
aw-hand = Your hand: { $cards }
aw-next_leader = Cheetah: { $name } leads the next trick
aw-last_trick = Last trick: { $led } / { $followed } → { $name }
aw-round_result = Round { $round }: { $name } ({ $reason }) · crowns: { $crowns } · Hyenas: { $hyenas }
aw-snake_positions = { $n ->
        [one] Snake: { $n } hand position to pick from
       *[other] Snake: { $n } hand positions to pick from
    }
aw-from_hand = hand
aw-from_pile = pile { $pile }
aw-act-play_card = Play { $card } ({ $source })
aw-act-fight = Eagle: FIGHT (trump and win the trick)
aw-act-flee = Eagle: FLEE (the opponent wins the trick)
aw-act-rhino_move = Rhino: move the top of pile { $from_pile } of { $name } under pile { $to_pile }
aw-act-skip_power = Do not use the power
aw-act-cheetah_choice = Cheetah: { $name } leads the next trick
aw-act-snake_card = Snake: paralyse { $card }
aw-act-snake_hand = Snake: paralyse a hidden card in the hand of { $name } (position { $n })
aw-act-choose_leader = { $name } leads the next round
aw-ev-card_played = { $who } plays { $card } ({ $source }).
aw-ev-paralysis_ended = The paralysed cards of { $who } are free again.
aw-ev-power_without_effect = { $who }: the { $power } has nothing to do.
aw-ev-power_skipped = { $who } does not use the { $power }.
aw-ev-eagle_choice = { $fight ->
    [yes] { $who }: the Eagle FIGHTS!
   *[no] { $who }: the Eagle FLEES.
}
aw-ev-rhino_move = Rhino: { $who } moves { $card } from pile { $from_pile } of { $owner } under pile { $to_pile }.
aw-hidden_card = a face-down card
aw-ev-card_paralysed = Snake: { $who } paralyses { $card } of { $owner }.
aw-ev-card_paralysed_hand = Snake: { $who } paralyses a hidden card in the hand of { $owner }.
aw-ev-hand_card_paralysed = Your { $card } is paralysed.
aw-ev-hand_card_paralysed-other = { $who }: { $card } is paralysed.
aw-ev-cheetah_choice = Cheetah: { $who } names { $leader } to lead the next trick.
aw-ev-trick_won = { $winner } wins the trick ({ $cards }).
aw-ev-cards_turned_up = Turned face up: { $cards }.
aw-ev-next_leader = { $who } leads next.
aw-ev-round_over = Round { $round } won by { $winner } ({ $reason }). Crowns: { $crowns }; Hyenas: { $hyenas }.
aw-reason-four_hyenas = all four Hyenas
aw-reason-more_crowns = more crowns
aw-reason-fewer_hyenas = fewer Hyenas
aw-reason-last_trick = last trick
aw-ev-match_over = { $winner } wins the match and becomes king or queen of the savannah!
aw-ev-leader_chosen = { $who } chooses { $leader } to lead the next round.
aw-ev-round_dealt = Round { $round } dealt; { $leader } leads.
aw-ev-hand_dealt = Your new hand: { $cards }
aw-ev-hand_dealt-other = New hand of { $who }: { $cards }
aw-crowns_taken = { $n ->
        [one] { $n } crown taken
       *[other] { $n } crowns taken
    }
aw-act-play_card_plain = Play { $card }

## The rest between rounds (issue 30, moments)
aw-ev-ready_for_next_round = { $who } is ready for the next round.
aw-act-next_round = Next round
aw-decision-round_over = round over
aw-pause-title = End of round { $round }: { $name } wins it ({ $reason }).
aw-pause-row = crowns { $crowns } · Hyenas { $hyenas } · rounds won { $won }
