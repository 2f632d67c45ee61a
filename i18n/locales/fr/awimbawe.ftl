# The awimbawe words of the clients (CLI, web). Ids: the clients' keys with '.' as '-'.

aw-animal-mouse = Souris
aw-animal-rhino = Rhinocéros
aw-animal-cheetah = Guépard
aw-animal-hyena = Hyène
aw-animal-snake = Serpent
aw-animal-elephant = Éléphant
aw-animal-eagle = Aigle
aw-colour-green = vert
aw-colour-yellow = jaune
aw-colour-black = noir
aw-colour-brown = marron
aw-colour-sky = ciel
aw-colour_f-green = verte
aw-colour_f-yellow = jaune
aw-colour_f-black = noire
aw-colour_f-brown = marron
aw-colour_f-sky = ciel
aw-card = { $animal } { $colour } { $value } { $crowns ->
        [-2] ♛−2
        [-1] ♛−1
       *[other] ♛{ $crowns }
    }
aw-heir-silver = argent
aw-heir-gold = or
aw-heir_name-0 = tigre blanc
aw-heir_name-1 = panthère noire
aw-decision-play = jouer une carte
aw-decision-eagle = Aigle : combattre ou fuir
aw-decision-rhino = pouvoir du Rhinocéros
aw-decision-snake = pouvoir du Serpent
aw-decision-cheetah = pouvoir du Guépard
aw-decision-choose_leader = choisir qui entame la manche suivante
aw-header = Manche { $round } · entame { $leader } · maintenant : { $name } ({ $decision })
aw-side = { $name } · { $heir_name } ({ $heir }) · { $rounds ->
        [one] { $rounds } manche gagnée
       *[other] { $rounds } manches gagnées
    } · { $hand ->
        [one] { $hand } carte en main
       *[other] { $hand } cartes en main
    } · pile de plis : { $taken ->
        [one] { $taken } carte
       *[other] { $taken } cartes
    } · { $hyenas ->
        [one] { $hyenas } Hyène
       *[other] { $hyenas } Hyènes
    }
aw-piles = piles :
aw-face_down = ?
aw-empty_pile = (vide)
aw-paralysed = paralysées : { $cards }
aw-paralysed_unknown = { $n ->
        [one] { $n } cachée
       *[other] { $n } cachées
    }
aw-trick = Pli : { $cards }
aw-trick_empty = Pli : (pas encore de carte)
aw-hand = Ta main : { $cards }
aw-next_leader = Guépard : { $name } entame le pli suivant
aw-last_trick = Dernier pli : { $led } / { $followed } → { $name }
aw-round_result = Manche { $round } : { $name } ({ $reason }) · couronnes : { $crowns } · Hyènes : { $hyenas }
aw-snake_positions = { $n ->
        [one] Serpent : { $n } position de main au choix
       *[other] Serpent : { $n } positions de main au choix
    }
aw-from_hand = main
aw-from_pile = pile { $pile }
aw-act-play_card = Jouer { $card } ({ $source })
aw-act-fight = Aigle : COMBATTRE (couper et remporter le pli)
aw-act-flee = Aigle : FUIR (l'adversaire remporte le pli)
aw-act-rhino_move = Rhinocéros : glisser le dessus de la pile { $from_pile } de { $name } sous la pile { $to_pile }
aw-act-skip_power = Ne pas utiliser le pouvoir
aw-act-cheetah_choice = Guépard : { $name } entame le pli suivant
aw-act-snake_card = Serpent : paralyser { $card }
aw-act-snake_hand = Serpent : paralyser une carte cachée de la main de { $name } (position { $n })
aw-act-choose_leader = { $name } entame la manche suivante
aw-ev-card_played = { $who } joue { $card } ({ $source }).
aw-ev-paralysis_ended = Les cartes paralysées de { $who } sont libérées.
aw-ev-power_without_effect = Le { $power } de { $who } n'a aucun effet possible.
aw-ev-power_skipped = { $who } n'utilise pas le { $power }.
aw-ev-eagle_choice = { $fight ->
    [yes] L'Aigle de { $who } COMBAT !
   *[no] L'Aigle de { $who } FUIT.
}
aw-ev-rhino_move = Rhinocéros : { $who } glisse { $card } de la pile { $from_pile } de { $owner } sous la pile { $to_pile }.
aw-hidden_card = une carte face cachée
aw-ev-card_paralysed = Serpent : { $who } paralyse { $card } de { $owner }.
aw-ev-card_paralysed_hand = Serpent : { $who } paralyse une carte cachée de la main de { $owner }.
aw-ev-hand_card_paralysed = Ta carte { $card } est paralysée.
aw-ev-hand_card_paralysed-other = La carte { $card } de { $who } est paralysée.
aw-ev-cheetah_choice = Guépard : { $who } désigne { $leader } pour entamer le pli suivant.
aw-ev-trick_won = { $winner } remporte le pli ({ $cards }).
aw-ev-cards_turned_up = Retournées face visible : { $cards }.
aw-ev-next_leader = { $who } entame ensuite.
aw-ev-round_over = Manche { $round } gagnée par { $winner } ({ $reason }). Couronnes : { $crowns } ; Hyènes : { $hyenas }.
aw-reason-four_hyenas = les quatre Hyènes
aw-reason-more_crowns = plus de couronnes
aw-reason-fewer_hyenas = moins de Hyènes
aw-reason-last_trick = dernier pli
aw-ev-match_over = { $winner } gagne la partie et devient roi ou reine de la savane !
aw-ev-leader_chosen = { $who } choisit { $leader } pour entamer la manche suivante.
aw-ev-round_dealt = Manche { $round } distribuée ; { $leader } entame.
aw-ev-hand_dealt = Ta nouvelle main : { $cards }
aw-ev-hand_dealt-other = Nouvelle main de { $who } : { $cards }
aw-crowns_taken = { $n ->
        [one] { $n } couronne prise
       *[other] { $n } couronnes prises
    }
aw-act-play_card_plain = Jouer { $card }

## The rest between rounds (issue 30, moments)
aw-ev-ready_for_next_round = { $who } est prêt pour la manche suivante.
aw-act-next_round = Manche suivante
aw-decision-round_over = fin de manche
aw-pause-title = Fin de la manche { $round } : { $name } la gagne ({ $reason }).
aw-pause-row = couronnes { $crowns } · hyènes { $hyenas } · manches gagnées { $won }
