# The tomahawk words of the clients (CLI, web). Ids: the clients' keys with '.' as '-'.

tt-kind-bison = Bison
tt-kind-eagle = Aigle
tt-kind-wolf = Loup
tt-kind-bear = Ours
tt-kind-tipi = Tipi
tt-kind-feather = Plume
tt-kind-totem = Totem
tt-kind-bow = Arc
tt-kind-canoe = Canoë
tt-kind-sun = Soleil
tt-kind-sheriff_1 = Shérif +1
tt-kind-sheriff_2 = Shérif +2
tt-kind-sheriff_3 = Shérif +3
tt-kind-skip = Passe ton tour
tt-kind-reverse = Contresens
tt-kind-shield = Bouclier
tt-kind-diamond = Diamant
tt-kind-calumet = Calumet
tt-kind-shaman = Chamane
tt-kind-wheel = Roue du Temps
tt-colour-red = rouge
tt-colour-blue = bleu
tt-colour-violet = violet
tt-colour-white = blanc
tt-colour_f-red = rouge
tt-colour_f-blue = bleue
tt-colour_f-violet = violette
tt-colour_f-white = blanche
tt-card = { $kind } { $colour }
tt-card_id = carte n°{ $id }
tt-phase-play = jouer
tt-phase-name_colour = nommer la couleur
tt-phase-face_sheriff = face à une pioche du Shérif
tt-phase-face_skip = face à un Passe ton tour
tt-phase-drawn = jouer la carte piochée ou la garder
tt-phase-match_over = partie terminée
tt-header = Manche { $round } · objectif { $target } · { $direction } · pioche { $draw } · défausse { $discard }
tt-clockwise = sens horaire ↻
tt-counter = sens anti-horaire ↺
tt-top = Carte du dessus : { $card } · couleur : { $colour }
tt-colour_to_name = (à nommer)
tt-turn = Au tour de : { $name } ({ $phase })
tt-pending = Pioche du Shérif en attente : +{ $n } (lancée par { $caster })
tt-skip_pending = Passe ton tour en attente (lancé par { $caster })
tt-agilite_window = Fenêtre AGILITÉ ! : { $card } joué par { $name }
tt-seat_line = { $cards ->
        [one] { $cards } carte
       *[other] { $cards } cartes
    } · total { $total }
tt-called = TOMAHAWK ! annoncé
tt-skips_next = passe son prochain tour
tt-shaman_back = le Chamane peut renvoyer à { $name } ({ $draw })
tt-shaman_skip = un Passe ton tour
tt-shaman_draw = +{ $n }
tt-hand = Ta main :
tt-drawn_card = Carte piochée (jouable) : { $card }
tt-last_round = Manche { $round } précédente : { $winner } · points { $points }
tt-last_round_winner = gagnée par { $name }
tt-last_round_blocked = bloquée (pas de gagnant)
tt-act-play_card = Jouer { $card }
tt-act-with_colour = → couleur { $colour }
tt-act-with_target = → échanger les mains avec { $name }
tt-act-with_tomahawk = + TOMAHAWK !
tt-act-draw = Piocher une carte
tt-act-pass = Garder la carte piochée (fin du tour)
tt-act-take_pending_draw = Encaisser la pioche du Shérif (+{ $n })
tt-act-take_skip = Subir le Passe ton tour (passer ton tour)
tt-act-name_colour = Nommer la couleur : { $colour }
tt-act-combo = COMBO ! les quatre { $symbol } → couleur { $colour }
tt-act-agilite = AGILITÉ ! { $card }
tt-act-call_tomahawk = TOMAHAWK ! (annoncer ta dernière carte)
tt-act-call_sherif = SHÉRIF ! sur { $name }
tt-ev-round_started = La manche { $round } commence : { $starter } débute, première carte { $card }.
tt-ev-hand_dealt = Ta nouvelle main : { $cards }
tt-ev-hand_dealt-other = Nouvelle main de { $who } : { $cards }
tt-ev-colour_named = { $who } nomme la couleur { $colour }.
tt-ev-card_played = { $who } joue { $card }.
tt-ev-card_played_agilite = AGILITÉ ! { $who } intervient avec { $card }.
tt-ev-colour_now = Couleur : { $colour }.
tt-ev-swap_with = Échange avec { $name }.
tt-ev-combo_played = COMBO ! { $who } joue les quatre { $symbol } ; couleur { $colour }.
tt-ev-sheriff_pending = { $who } fait face à une pioche du Shérif de { $total } (de { $caster }).
tt-ev-skip_pending = { $who } fait face à un Passe ton tour (de { $caster }).
tt-ev-turn_skipped = { $who } passe son tour.
tt-ev-effect_returned = { $by } de { $who } : l'effet revient à { $to }{ $draw }.
tt-ev-returned_draw = {" "}qui pioche { $n }
tt-by-shield = Bouclier
tt-by-shaman = Chamane
tt-ev-direction_changed = Le sens est maintenant { $direction }.
tt-ev-hands_swapped = { $who } échange sa main avec { $target }.
tt-ev-hands_passed = Toutes les mains passent au joueur suivant !
tt-ev-hand_received = Ta main est maintenant : { $cards }
tt-ev-hand_received-other = Main de { $who } : { $cards }
tt-ev-drew = { $who } pioche { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }{ $why }.
tt-why-turn = {""}
tt-why-sheriff = {" "}(Shérif)
tt-why-returned = {" "}(effet renvoyé)
tt-why-sherif = {" "}(après un SHÉRIF !)
tt-why-penalty = {" "}(pénalité)
tt-ev-drew_cards = Tu as pioché : { $cards }
tt-ev-drew_cards-other = { $who } a pioché : { $cards }
tt-ev-reshuffled = La défausse est mélangée en une nouvelle pioche ({ $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    }).
tt-ev-passed = { $who } passe{ $why }.
tt-penalty-bad_sherif = SHÉRIF ! sur un joueur qui n'a pas une carte
tt-penalty-bad_agilite = AGILITÉ ! avec une carte non identique
tt-outcome = { $rounds ->
        [one] { $rounds } manche jouée
       *[other] { $rounds } manches jouées
    } en { $target ->
        [one] { $target } point
       *[other] { $target } points
    }.
tt-why-kept_drawn_card = {" "}(garde la carte piochée)
tt-why-nothing_to_draw = {" "}(rien à piocher)
tt-ev-tomahawk_called = TOMAHAWK ! { $who } n'a plus qu'une carte.
tt-ev-sherif_called = SHÉRIF ! { $who } interpelle { $target } : { $result }.
tt-caught = bien vu
tt-not_caught = trop tard
tt-ev-penalty = Mauvaise foi ! { $who } pioche { $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    } de pénalité ({ $reason }).
tt-ev-round_ended = Fin de la manche { $round } : { $result }. Totaux : { $totals }
tt-ev-round_won = { $name } vide sa main
tt-ev-round_blocked = bloquée, pas de gagnant
tt-ev-match_ended = Fin de partie ! { $count ->
        [one] Vainqueur : { $names }
       *[other] Vainqueurs : { $names }
    }.
tt-first_card = La manche { $round } commence : première carte { $card }.

## The rest between rounds (issue 30, moments)
tt-ev-ready_for_next_round = { $who } est prêt pour la manche suivante.
tt-act-next_round = Manche suivante
tt-phase-round_over = fin de manche
tt-pause-title = Fin de la manche { $round }
tt-pause-winner = { $name } a vidé sa main et gagne la manche.
tt-pause-blocked = Manche bloquée : personne n'a vidé sa main.
tt-pause-head = Place · Joueur · Points de la manche · Total
tt-pause-row = { $points ->
        [0] 0
       *[other] +{ $points }
    } · total { $total }
tt-pause-target = La partie s'arrête quand un total atteint { $target }.

## Annonces par touche (Choices.calls : justes ou fausses)
tt-calls-title = Annonces, justes ou fausses (une fausse te coûte 2 cartes) :
tt-calls-sherif = SHÉRIF ! sur { $seats }
tt-calls-agilite = AGILITÉ ! sur la carte qui vient d'être posée : a + le numéro d'une carte de ta main (a3 ; a3! avec TOMAHAWK ! ; un Diamant nomme sa couleur : a3 rouge)
tt-calls-tomahawk = TOMAHAWK ! sur ta dernière carte : t
tt-calls-help = Les annonces ont leurs propres touches, justes ou fausses (une fausse coûte 2 cartes) : s + un numéro de place pour SHÉRIF ! sur cette place (s2) ; a + le numéro d'une carte de ta main pour AGILITÉ ! avec elle (a3 ; a3! avec TOMAHAWK ! ; un Diamant : a3 rouge) ; t pour TOMAHAWK !.
