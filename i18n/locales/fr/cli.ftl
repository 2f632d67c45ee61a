# The cli words of the clients (CLI, web). Ids: the clients' keys with '.' as '-'.

you = toi
seat = place
seat_n = place { $n }
free_seat = (libre)
bot = robot
ready = prêt
not_ready = pas prêt
host = hôte
private = privé
private_tag = [privé]
timeout_tag = (temps écoulé)
nobody = personne
ev-unknown = ({ $kind })
bot_level-random = au hasard
bot_level-strong = fort
outcome_reason-target_score = un total a atteint le score cible
outcome_reason-all_freed = tous les esprits sont libérés
outcome_reason-no_card_can_be_freed = plus aucun esprit ne peut être libéré
outcome_reason-bag_exhausted = le sac est vide
outcome_reason-locations_exhausted = plus de lieux
outcome_reason-one_card_left = un joueur n'a plus qu'une carte
outcome_reason-two_rounds = deux manches gagnées
error = Erreur : { $message }
error_plain = Erreur : { $message }
reconnecting = reconnexion… (serveur injoignable, nouvel essai)
reconnected = reconnecté.
gave_up = Le serveur reste injoignable ; abandon.
interrupted = Interrompu.
logged_in = Connecté en tant que { $name } (identifiant { $player_id }) ; session enregistrée dans { $path }.
guest_session = Nouvelle session invitée au nom de { $name }.
second_player = Un autre `cercle play` utilise ta session enregistrée : ce terminal joue en tant que nouvel invité, { $name }.
games_title = Jeux sur { $address } :
players_range = { $low } à { $high ->
        [one] { $high } joueur
       *[other] { $high } joueurs
    }
players_one = { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }
options = options
no_rooms = Aucune salle publique ouverte.
rooms_title = Salles publiques ouvertes :
room_line = { $room_id }  { $game } { $taken }/{ $total } places  hôte { $host }  { $options }
turns_none = Aucune salle ne t’attend.
turns_title = Salles qui t’attendent :
turn_line = { $room_id }  { $game }  jusqu’au { $until }
turns_unread = { $n ->
        [one] { $n } notification non lue
       *[other] { $n } notifications non lues
    }
created = Salle { $room_id } créée ({ $game }, { $players ->
        [one] { $players } place
       *[other] { $players } places
    }, { $visibility }).
join_code = Code d'accès : { $code }
public = publique
private_room = privée
joined_seat = Salle { $room_id } rejointe, place { $seat }.
joined_spectator = Tu regardes la salle { $room_id } en spectateur.
marked_ready = Prêt dans la salle { $room_id }.
marked_not_ready = Pas prêt dans la salle { $room_id }.
started = Partie lancée dans la salle { $room_id }.
bot_added = Robot ajouté dans la salle { $room_id }.
left_room = Tu as quitté la salle { $room_id }.
status-open = ouverte
status-playing = en cours
status-finished = terminée
status-abandoned = abandonnée
status-unspecified = inconnu
lobby_title = Salle { $room_id } · { $game } · { $status } · code { $code }
lobby_wait_others = En attente de joueurs : { $free ->
        [one] une place libre
       *[other] { $free } places libres
    }. Pour rejoindre : cercle play { $room_id }
lobby_wait_ready = En attente que tout le monde soit prêt…
lobby_guest_hint = L'hôte lance la partie quand toutes les places sont prises.
starting = Lancement de la partie…
quick_joined = Salle { $room_id } rejointe (place { $seat }).
quick_created = Salle { $room_id } créée ; en attente des autres joueurs.
bots_room = Salle { $room_id } créée avec { $n ->
        [one] un robot
       *[other] { $n } robots
    }.
choose_game = Quel jeu ?{" "}
unknown_game_or_room = { $what } : ni un jeu ({ $games }) ni une salle connue du serveur.
turn_of = On attend { $names }
your_turn = À toi de jouer !
time_left = encore { $seconds } s
time_warning = ⏱ encore { $seconds } s pour décider (ensuite le serveur joue pour toi).
actions_title = Tes actions possibles :
prompt_choice = Choisis 1–{ $n } (h : aide, q : quitter) >{" "}
prompt_idle = (h : aide, q : quitter) >{" "}
invalid_choice = Choix invalide '{ $text }' : tape un nombre de 1 à { $n }.
menu_changed = La liste a changé avant que '{ $text }' n'arrive : « { $label } » n'est plus proposé. Rien n'a été joué ; choisis à nouveau.
menu_changed_none = La liste a changé avant que '{ $text }' n'arrive. Rien n'a été joué ; choisis à nouveau.
no_choice_now = Il n'y a rien à choisir pour l'instant.
refused = Refusé : { $message }
stale = La table a bougé avant ton action ; voici la nouvelle situation.
auto_played = → { $label }
story_prompt = Ton histoire (1 à 500 caractères ; Entrée garde : « { $example } ») >{" "}
story_too_long = Trop long : { $n ->
        [one] { $n } caractère
       *[other] { $n } caractères
    } (500 au plus). Recommence.
story_blank = Rien que des espaces : tape une histoire, ou Entrée seule pour garder celle proposée.
help = Tape le numéro d'une action puis Entrée. La liste se met à jour à chaque coup ; TOMAHAWK ! et les votes y apparaissent dès qu'ils sont possibles ; les annonces qui peuvent être fausses ont leurs touches (?). Entrée seule redessine ; q quitte (ta place reste, le serveur joue pour toi après les délais) ; « > texte » écrit à la table.
spectating = Tu regardes en spectateur.
table_paused = La table est en pause : aucun de ses joueurs n'est là. Elle reprend quand l'un d'eux revient.
table_resumed = La table reprend : un joueur est revenu.
quit = Tu quittes la table ; la partie continue. Pour revenir : cercle play { $room_id }
events_title = Derniers événements :
replay_hint = Rediffusion : cercle replay { $room_id }
match_over = Partie terminée.
winners = { $count ->
        [one] Vainqueur : { $names }
       *[other] Vainqueurs : { $names }
    }
no_winner = Pas de gagnant.
scores = Scores : { $scores }
reason = Raison : { $reason }
abandoned = La salle a été abandonnée.
replay_title = Rediffusion de la salle { $room_id } : { $game }, { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    } ({ $names })
replay_step = #{ $version } { $seat } : { $action }
replay_timeout = (temps écoulé : le serveur a joué)
replay_seed = Secret du mélange (révélé à la fin) : { $seed }, sel { $nonce }
replay_commitment = 
    empreinte sha256("<secret>:<sel>") = { $digest }
    empreinte montrée au début = { $commitment }
commitment_ok = ✓ Mélange vérifié : le mélange des cartes était fixé avant le premier coup ; personne n'a pu le changer en cours de partie.
commitment_bad = ✗ Mélange NON vérifié : le secret révélé ne correspond pas à l'empreinte montrée au début.
deal_ok = ✓ Donne vérifiée : le mélange vient du secret du serveur, engagé à l'ouverture de la salle, et de la part tirée au hasard pour chaque place ({ $players ->
        [0] aucun client n'en a envoyé : les parts du serveur viennent de son secret engagé
        [one] envoyée par le client d'un joueur
       *[other] envoyées par les clients de { $players } joueurs
    }) ; personne n'a pu le choisir après avoir vu les parts des autres.
deal_bad = ✗ Donne NON vérifiée : { $problem }
deal_problem_commitment = le secret révélé n'est pas celui qui était engagé
deal_problem_seats = les parts ne nomment pas chaque place une fois
deal_problem_drawn = la part de la place { $seat }, tirée par le serveur, ne vient pas de son secret
deal_problem_source = la part de la place { $seat } ne dit pas qui l'a donnée
deal_problem_seed = la graine ne vient pas du secret et des parts
ev-created = { $who } a ouvert la salle.
ev-joined = { $who } prend place.
ev-left = { $who } quitte la salle.
ev-ready = { $who } a changé son état « prêt ».
ev-ready_on = { $who } donne son feu vert.
ev-ready_off = { $who } retire son feu vert.
ev-bot_added = Un robot s'est installé.
ev-bot_removed = Un robot est parti.
ev-spectator_joined = Un spectateur est arrivé.
ev-spectator_left = Un spectateur est parti.
ev-match_started = La partie commence ! Empreinte du mélange : { $commitment }… (la rediffusion la vérifiera)
ev-match_finished = La partie est terminée.
ev-seat_taken_over = { $who } s'absente : un robot joue à sa place.
ev-seat_taken_back = { $who } est de retour.
ev-chat_sent = { $who } : « { $text } »
ev-seat_muted = { $muted ->
    [yes] L'hôte a retiré la parole à { $who }.
   *[no] L'hôte a rendu la parole à { $who }.
}
cards-none = Ce jeu n'a pas de catalogue.
cards-tomahawk = { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    } ; { $hand } en main au début de chaque manche :
cards-tomahawk_kind = { $name } : { $copies ->
        [one] { $copies } exemplaire
       *[other] { $copies } exemplaires
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }{ $draw ->
        [0] {""}
       *[other] , le joueur suivant pioche { $draw }
    }
cards-tamashii = { $count ->
        [one] L'esprit (nom, gemmes nécessaires, pouvoir) :
       *[other] Les { $count } esprits (nom, gemmes nécessaires, pouvoir) :
    }
cards-tamashii_bag = Le sac contient { $gems }.
cards-tomy = { $count ->
        [one] { $count } carte chien
       *[other] { $count } cartes chien
    }, { $hand } en main ; les races :
cards-tomy_breed = { $breed } : { $count ->
        [one] une carte
       *[other] { $count } cartes
    }
cards-tomy_places = { $count ->
        [one] Une carte lieu.
       *[other] { $count } cartes lieu.
    }
cards-awimbawe = { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    } ; { $hand } en main au début de chaque manche :
cards-awimbawe_power = { $animal } : { $power }
cards-aw_power-mouse = bat l'Éléphant de sa couleur
cards-aw_power-rhino = peut glisser la carte du dessus d'une pile adverse sous une autre de ses piles
cards-aw_power-cheetah = peut désigner qui entame le pli suivant
cards-aw_power-hyena = qui prend les quatre Hyènes d'une manche la perd aussitôt
cards-aw_power-snake = peut paralyser une carte disponible de l'adversaire pour son prochain coup
cards-aw_power-eagle = un atout ; s'il répond à une autre couleur, il combat (il coupe et remporte le pli) ou fuit (l'adversaire remporte le pli)
help-cards = Tape c pour lister les cartes du jeu.
call_not_offered = « { $text } » n'est pas une annonce possible maintenant (le moment est passé, ou cette place ou cette carte n'existe pas). Rien n'a été joué.
bot_name = Robot { $n }
refused_plain = le serveur a refusé.
cannot_connect = Impossible de joindre le serveur à { $address }. Est-il lancé (`make run`) ? Vérifie --address.
lobby_wait_code = En attente de joueurs : { $free ->
        [one] une place libre
       *[other] { $free } places libres
    }. Salle privée : pour rejoindre, son code : cercle play { $code }
lobby_host_bots = Tu es l'hôte : la partie commence quand toutes les places sont prises. Tape b puis Entrée pour installer un robot.
lobby_host_start = Tu es l'hôte : la partie commence quand tout le monde est prêt (Entrée : lancer).
lobby_keys_host = Ici : b installe un robot, Entrée lance quand toutes les places sont prises, q quitte.
lobby_keys_guest = Ici : q quitte ; l'hôte lance la partie.
ask_name = Ton nom à la table (Entrée : { $default }) >{" "}
private_created = Salle privée { $room_id } créée. Pour rejoindre, son code : cercle play { $code }
reason-ROOM_NOT_FOUND = Aucune salle ne porte cet identifiant.
reason-UNKNOWN_JOIN_CODE = Aucune salle n'a ce code : vérifie-le (6 lettres ou chiffres).
reason-PRIVATE_ROOM = Cette salle est privée : rejoins-la avec son code.
reason-ROOM_FULL = Toutes les places de cette salle sont prises ; tu peux la regarder avec `cercle watch`.
reason-UNKNOWN_GAME = Ce serveur ne propose pas ce jeu : voir `cercle games`.
reason-NOT_YOUR_TURN = Ce n'est pas ton tour.
reason-TOO_LATE = Trop tard : quelqu'un a été plus rapide.
reason-NOT_HOST = Seul l'hôte peut faire cela.
reason-MATCH_NOT_FINISHED = La partie n'est pas terminée : la rediffusion est pour les parties finies.
reason-UNAUTHENTICATED = Ta session n'est plus valable : lance `cercle login NOM`.
room_option-turn_seconds = { $value ->
        [0] sans chrono par tour
       *[other] { $value } s par tour
    }
room_option-decision_seconds = { $value ->
        [0] sans chrono de décision
       *[other] { $value } s par décision
    }
room_option-story_seconds = { $value ->
        [0] sans chrono pour les histoires
       *[other] { $value } s par histoire
    }
room_option-vote_seconds = { $value ->
        [0] sans chrono pour les votes
       *[other] { $value } s par vote
    }
room_option-tie_seconds = { $value ->
        [0] sans chrono pour départager
       *[other] { $value } s pour départager
    }
room_option-target_score = score cible { $value }
room_option-first_player = { $value ->
        [unset] premier joueur tiré au sort
       *[other] la place { $value } commence
    }
room_option-reaction_seconds = { $value ->
        [0] robots sans attente
       *[other] { $value } s pour réagir avant les robots
    }
room_option-level = niveau { $value }
room_option-memory_aid = { $value ->
        [true] aide-mémoire
       *[other] sans aide-mémoire
    }
room_option-rounds = { $value ->
        [true] plusieurs manches
       *[other] une seule partie
    }
room_option-language = langue { $value }
room_option_other = { $description } : { $value }

## cercle replay: rounds (links)
replay_more_keys = Entrée : coup suivant · t : la table{ $rounds ->
    [yes] {" "}· r 2 : aller à la manche 2
   *[no] {""}
} · a : tout le reste · q : arrêter >{" "}
replay_no_round = Cette partie n'a pas de manche { $n } (manches 1 à { $last }).

## glance: panels that stay on screen until closed (a card you peeked at, the catalogue)
panel-close = x : fermer
panel-more = … et { $n } lignes de plus (cercle cards { $game })
panel-closed = Panneaux fermés.
help-panels = x ferme les panneaux (la carte que tu as regardée, les cartes).

# A bot at the table: its name (game-<game>-bot_name in games.ftl, else bot_name) and how it
# plays ($level: strong, random, or empty when unknown).
bot_label = { $level ->
    [strong] { $name } (robot fort)
    [random] { $name } (robot qui joue au hasard)
   *[other] { $name } (robot)
}
bot_kind = { $level ->
    [strong] robot fort
    [random] robot qui joue au hasard
   *[other] robot
}
seats_too_few = cercle play : { $players ->
        [one] { $players } place ne suffit pas
       *[other] { $players } places ne suffisent pas
    } pour toi et { $bots ->
        [one] { $bots } robot
       *[other] { $bots } robots
    } : demandes-en plus avec --players.
name_a_game = cercle play : nomme un jeu ({ $games }) ou une salle.

## The rest between rounds (issue 30, moments)
room_option-pause_seconds = { $value ->
        [0] sans pause entre les manches
       *[other] pause de { $value } s entre les manches
    }
pause_status = Pause : suite dans { $seconds } s (tape le numéro de « suivante » pour continuer)
pause_waiting = en attente de { $names }

## Le classement (cercle ladder, ratings, queue ; docs/ratings.md)
ladder_title = { $game } : classement général ({ $players ->
        [one] un joueur
       *[other] { $players } joueurs
    })
ladder_title_season = { $game } : classement de la saison { $season } ({ $players ->
        [one] un joueur
       *[other] { $players } joueurs
    })
ladder_line = { $rank }. { $name } : { $rating } ({ $matches ->
        [one] une partie classée
       *[other] { $matches } parties classées
    })
ladder_my_rank = Ta place : { $rank }
ladder_more = Suite : --page-token { $token }
ladder_provisional = Une cote marquée ? est provisoire (moins de 10 parties classées).
ratings_title = Cotes de { $name }
ratings_none = Aucune partie classée pour l'instant (classée : chaque place tenue par un joueur connecté avec `cercle login --device`, sans robot).
ratings_line = { $game } : { $rating }, place { $rank } ({ $matches } parties classées)
rating_change = Cote { $before } → { $after } ({ $delta }), { $place }ᵉ place à la table (salle { $room_id })
rating_pending = Cote : pas encore comptée (voir cercle ratings dans un instant).
queue_waiting = Recherche de joueurs cotés { $rating } ± { $window }… ({ $waited } s)
queue_matched = Table trouvée : salle { $room_id }, place { $seat } ({ $bots ->
        [0] aucun robot
        [one] un robot
       *[other] { $bots } robots
    }). Jouer : cercle play { $room_id }
queue_ended = Le ticket s'est terminé sans table.
