# The web page's own words (clients/web); its game and room sentences come from the games'
# .ftl files and cli.ftl, as the CLI's. Ids: web-*.

## The page around the table
web-language = Langue
web-skip = Aller au contenu
web-not_connected = non connecté
web-lobby = Jouer
web-games = Jeux
web-new_table = Nouvelle table avec options
web-your_name = Ton nom
web-default_name = Joueur
web-players = Joueurs
web-seats = Places
web-bots = Robots
web-private = Privée (code d'accès seulement)
web-bot_delay = Délai des robots (ms)
web-create = Créer la table
web-quick_bots = Jouer contre des robots
web-quick_humans = Trouver d'autres joueurs
web-join_title = Rejoindre une table
web-join_code = Code d'accès
web-join = Rejoindre
web-watch = Regarder
web-add_bot = Ajouter un robot
web-start = Lancer la partie
web-leave_open = Quitter la table
web-leave_playing = Quitter la table (le serveur joue pour toi)
web-stop_watching = Arrêter de regarder
web-back_to_lobby = Retour à l'accueil
web-your_hand = Ta main
web-log_title = Ce qui s'est passé
web-other_actions = Autres actions
web-calls = Annonces
web-clock = Temps restant
web-cancel = Annuler

## The games' names
web-game-tomahawk = Tomahawk Tribal
web-game-tamashii = Tamashii
web-game-tomy = Mais où est Tomy ?
web-game-awimbawe = Awimbawé

## Option labels (the catalogue's descriptions are the help under them)
web-option-turn_seconds = Secondes par tour
web-option-target_score = Score cible
web-option-first_player = Premier joueur (place ; vide : au hasard)
web-option-reaction_seconds = Secondes pour réagir avant les robots
web-option-level = Niveau
web-option-memory_aid = Aide-mémoire
web-option-decision_seconds = Secondes par décision
web-option-rounds = Plusieurs manches
web-option-story_seconds = Secondes pour une histoire
web-option-vote_seconds = Secondes pour un vote
web-option-tie_seconds = Secondes pour départager
web-option-language = Langue de la table

## My matches
web-my_matches = Mes parties
web-my_matches-none = Pas encore de partie.
web-my_matches-current = Tu as une place à une table de { $game }.
web-my_matches-watching = Tu regardes une table de { $game }.
web-my_matches-past = Une partie de { $game } que tu as jouée.
web-invitation = { $name } t’invite à une table de { $game }.
web-invitation-accept = Accepter
web-invitation-decline = Refuser
web-my_matches-your_turn = À toi de jouer
web-turn_based = Au tour par tour (un jour par coup)
web-resume = Retourner à ma place

## Inviting a player to an open table (invite.ts), and the player's own id (lobby.ts)
web-invite = Inviter un joueur
web-invite-recent = Joueurs avec qui tu as joué récemment
web-invite-recent_none = Personne pour l'instant : les joueurs de tes parties terminées s'affichent ici.
web-invite-send = Inviter
web-invite-who = Inviter { $name }
web-invite-id = Son identifiant de joueur
web-invite-id_help = Demande l'identifiant de joueur affiché sur sa page d'accueil, puis colle-le ici.
web-invite-sent = Invitation envoyée à { $name } : elle s'affiche sur sa page d'accueil.
web-invite-self = C'est ton propre identifiant : demande celui de la personne à inviter.
web-player_id = Ton identifiant de joueur :
web-player_id-copy = Copier
web-player_id-copy_label = Copier ton identifiant de joueur
web-player_id-copied = Copié : donne-le à qui veut t'inviter.
web-player_id-copy_here = Copie à la main l'identifiant sélectionné.
web-player_id-help = Qui l'a peut t'inviter à sa table.

## Connection status
web-status-idle = prêt
web-status-connecting = connexion…
web-status-live = en direct
web-status-reconnecting = connexion perdue, reconnexion…
web-status-disconnected = déconnecté
web-status-error = erreur

## Seats and table
web-me = { $name } ({ you })
web-someone = Quelqu'un
web-human = humain
web-their_turn = doit jouer
web-spectators = { $n ->
    [one] Un spectateur regarde.
   *[other] { $n } spectateurs regardent.
}
web-seconds = { $seconds } s
web-time_left = Encore { $seconds } s pour décider (ensuite le serveur joue pour toi)
web-waiting_start = En attente du début de la partie.
web-colour_label = Couleur à suivre :
web-pending_line = Pioche en attente : { $n }
web-phase-unspecified = —
web-colour-none = sans couleur
web-kind-unspecified = carte
web-a_card = une carte
web-by-unspecified = Une carte
web-penalty-unspecified = une annonce de mauvaise foi
web-play_card = Jouer { $card }
web-you_won = Tu as gagné !

## Prompts
web-wait_players = { $free ->
    [one] Il manque { $free } joueur : partage le code d'accès.
   *[other] Il manque { $free } joueurs : partage le code d'accès.
}
web-all_here = Tout le monde est là : l'hôte lance la partie.
web-all_here_host = Tout le monde est là : lance la partie quand tu veux.
web-waiting_for = On attend { $names }.
web-watching = Tu regardes cette table.
web-choose = Choisis :
web-hint-play = À toi : joue une carte (ou pioche si tu ne peux pas).
web-hint-name_colour = À toi : nomme la couleur.
web-hint-face_sheriff = Un Shérif : réponds avec un Shérif ou un Bouclier, ou pioche { $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    }.
web-hint-face_skip = Un Passe ton tour : réponds avec un Bouclier, ou subis-le.
web-hint-drawn = Joue la carte piochée, ou garde-la.

## Tomahawk Tribal
web-tt-draw_pile = Pioche : { $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    }
web-tt-discard_pile = Défausse : { $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    }
web-tt-round = Manche { $round } · la partie s'arrête à { $target ->
        [one] { $target } point
       *[other] { $target } points
    }
web-tt-call_with_card = Crier TOMAHAWK ! avec la carte que je joue (mon avant-dernière)
web-call-tomahawk = TOMAHAWK !
web-call-sherif = SHÉRIF ! sur { $name } (juste ou faux : une fausse annonce te coûte 2 cartes)
web-call-sherif_seat = SHÉRIF !
web-tt-agilite_hint = AGILITÉ ! sur { $card } : clique une carte de ta main pour bondir (une carte qui n'est pas identique te coûte 2 cartes).
web-call-agilite = AGILITÉ ! Jouer mon { $card } maintenant

## Tamashii
web-tm-spirits = Les six Tamashii
web-tm-slot = Emplacement { $slot }
web-tm-slot_down = Emplacement { $slot }, face cachée
web-tm-freed = Libéré
web-tm-you_saw = Tu as vu : { $card }
web-tm-on_card = Gemmes posées
web-tm-bag = Sac ({ $n ->
        [one] { $n } gemme
       *[other] { $n } gemmes
    }) :
web-tm-drawn = Tirées ce tour :
web-tm-removed = Retirées :
web-tm-status = Niveau { $level } · { $freed ->
        [one] { $freed } libéré sur 6
       *[other] { $freed } libérés sur 6
    }
web-tm-hint-choose = À toi : regarde une carte cachée, ou tire des gemmes du sac.
web-tm-hint-gathering = Tu as tiré { $gems } : tire encore, ou pose-les sur une carte.
web-tm-hint-power_peek = Pouvoir de Tsuchi : regarde une carte cachée.

## Mais où est Tomy ?
web-my-places = Les lieux où Tomy peut se cacher
web-my-colour-green = vert
web-my-colour-red = rouge
web-my-colour-blue = bleu
web-my-colour-yellow = jaune
web-my-colour-violet = violet
web-my-colour-orange = orange
web-my-story_label = Ton histoire : Tomy est à { $place }…
web-my-act-propose_breed = Raconter une histoire : Tomy est côté { $breed }
web-my-tell = Tomy est là !
web-my-suggested = Histoire proposée : « { $story } »
web-my-tell_suggested = Raconter l’histoire proposée
web-my-your_dogs = Tes cartes chien
web-my-cards = { $n ->
    [0] aucune carte
    [one] { $n } carte
   *[other] { $n } cartes
}
web-my-hint-story = À toi de raconter : écris une histoire sous un lieu et envoie-la, ou passe.
web-my-hint-story-must = À toi de raconter : écris une histoire sous un lieu et envoie-la, ou raconte celle qui est proposée. Tu ne peux pas passer ce tour-ci.
web-my-hint-vote = Vote : joue une carte chien de la race dont tu préfères l'histoire.
web-my-hint-tie = Égalité : tu tiens la laisse, choisis la race.

## Awimbawé
web-aw-side = { $rounds ->
        [one] { $rounds } manche gagnée
       *[other] { $rounds } manches gagnées
    } · { $hand ->
        [one] { $hand } carte en main
       *[other] { $hand } cartes en main
    } · pile de plis : { $tricks ->
        [one] { $tricks } carte
       *[other] { $tricks } cartes
    } · { $hyenas ->
        [one] { $hyenas } Hyène
       *[other] { $hyenas } Hyènes
    }
web-aw-piles = Piles de { $name }
web-aw-pile = pile { $pile } ({ $n })
web-aw-trick = Le pli
web-aw-crowns = { $n ->
    [-2] −2 couronnes (couronnes barrées)
    [-1] −1 couronne (couronne barrée)
    [0] aucune couronne
    [one] { $n } couronne
   *[other] { $n } couronnes
}
web-aw-rounds_won = { $n ->
        [one] { $n } manche gagnée
       *[other] { $n } manches gagnées
    }
web-aw-hyenas = { $n ->
        [one] { $n } Hyène
       *[other] { $n } Hyènes
    }
web-aw-hint = Ta décision : { $decision }.

## Replays
web-replay = Rediffusion
web-replay_open = Voir la rediffusion
web-replay_title = { $game } : { $names }
web-replay_details = Vérifier le mélange : le secret et son empreinte
web-replay_steps = Étapes
web-replay_first = ◀◀ Début
web-replay_prev = ◀ Précédent
web-replay_next = Suivant ▶
web-replay_last = Fin ▶▶
web-replay_position = étape { $n } sur { $total }
web-replay_start = Avant le premier coup.

## Refusals, in plain words (by the server's reason)
web-refusal-UNKNOWN = Un problème est survenu ; réessaie.
web-refusal-UNAVAILABLE = Le serveur est injoignable pour le moment ; réessaie dans un instant.
web-refusal-STORE_UNAVAILABLE = Le serveur ne peut rien enregistrer pour le moment ; réessaie dans un instant.
web-refusal-UNAUTHENTICATED = Ta session a expiré : réessaie (une nouvelle s'ouvre).
web-refusal-NOT_YOUR_TURN = Ce n'est pas ton tour.
web-refusal-STALE_VERSION = La table a bougé avant ton coup : voici la nouvelle situation.
web-refusal-TOO_LATE = Quelqu'un a été plus rapide.
web-refusal-UNKNOWN_JOIN_CODE = Aucune table n'a ce code d'accès (ou sa partie est finie).
web-refusal-ROOM_NOT_FOUND = Cette table n'existe plus.
web-refusal-ROOM_FULL = Cette table est complète.
web-refusal-MATCH_STARTED = La partie a déjà commencé.
web-refusal-MATCH_FINISHED = La partie est terminée.
web-refusal-NOT_HOST = Seul l'hôte peut faire cela.
web-refusal-NOT_READY = Tout le monde n'est pas encore prêt.
web-refusal-SPECTATOR = Les spectateurs regardent ; ils ne jouent pas.
web-refusal-NOT_SEATED = Tu n'as pas de place à cette table.
web-refusal-NOT_IN_ROOM = Tu n'es pas à cette table.
web-refusal-PRIVATE_ROOM = Cette table est privée : il faut son code d'accès.
web-refusal-RATE_LIMITED = Trop de demandes : patiente un instant.
web-refusal-TOO_MANY_ROOMS = Tu as ouvert trop de tables : termine ou quitte l'une d'elles d'abord.
web-refusal-TOO_MANY_JOIN_ATTEMPTS = Trop de codes d'accès erronés : patiente avant de réessayer.
web-refusal-TOO_MANY_STREAMS = Cette session suit trop de tables à la fois : ferme un onglet.
web-refusal-INVALID_OPTION = Une des options est hors limites.
web-refusal-STORY_LENGTH = Une histoire fait de 1 à 500 caractères.
web-refusal-CARD_NOT_AVAILABLE = { $why ->
    [no_such_card] Cette carte n'existe pas.
    [on_the_table] Cette carte est déjà sur la table.
    [covered] Cette carte est sous une autre carte de ta pile.
    [opponents_pile] Cette carte est dans les piles de ton adversaire.
   *[not_yours] Cette carte n'est ni dans ta main ni face visible au sommet d'une de tes piles.
}
web-refusal-CARD_NOT_IN_HAND = Cette carte n'est pas dans ta main.
web-refusal-CARD_DOES_NOT_MATCH = Cette carte n'a ni la couleur ni le symbole demandés.
web-refusal-MUST_FOLLOW_COLOUR = Tu dois fournir la couleur demandée.
web-refusal-LEFT_ROOM = Tu as quitté cette table.
web-refusal-CHAT_EMPTY = Écris d'abord quelque chose.
web-refusal-CHAT_TOO_LONG = Un message compte au plus 200 caractères.
web-refusal-CHAT_RATE_LIMITED = Tu écris trop vite : patiente un instant.
web-refusal-SEAT_MUTED = L'hôte t'a retiré la parole : tes messages ne partent pas.
web-refusal-CURSOR_STALE = L'historique de la table a changé sur le serveur : la voici telle qu'elle est.
web-refusal-CURSOR_AHEAD = L'historique de la table a changé sur le serveur : la voici telle qu'elle est.
web-refusal-PLAYER_NOT_FOUND = Aucun joueur n'a cet identifiant : vérifie-le avec qui te l'a donné.
web-refusal-TOO_MANY_INVITATIONS = Tu as envoyé trop d'invitations cette heure-ci : patiente un moment avant d'en envoyer d'autres.

## Présence et discussion de table
web-seat_connected = connecté
web-seat_not_connected = non connecté
web-spectators_connected = { $n ->
    [0] Aucun n'est connecté.
    [one] Un seul est connecté.
   *[other] { $n } sont connectés.
}
web-cursor_stale = La page n'a pas pu reprendre la table où elle l'avait laissée (son historique a changé sur le serveur) : la voici telle qu'elle est ; le journal d'avant est effacé.
web-chat_title = Discussion de la table
web-chat_label = Ton message
web-chat_send = Envoyer
web-chat_spectator = Les spectateurs lisent la discussion ; seuls les joueurs écrivent.
web-chat_muted = L'hôte t'a retiré la parole : tu peux lire, pas écrire.
web-chat_mute = Rendre muet
web-chat_unmute = Rendre la parole
web-chat_mute_who = Retirer la parole à { $who }
web-chat_unmute_who = Rendre la parole à { $who }

## Awimbawé card names (the crowns are shown apart)
web-aw-card = { $animal } { $colour } { $value }

## Links to tables and the replay's table (links.ts, replay.ts)
web-link_copy = Copier le lien
web-link_copied = Lien copié : qui l'ouvre regarde cette table (toi, tu retrouves ta place).
web-link_invite = Copier un lien d'invitation
web-link_invite_copied = Lien d'invitation copié : il contient le code d'accès, qui l'ouvre peut regarder.
web-link_copy_here = Copie le lien ici :
web-link_refused = Ce lien n'a pas ouvert de table. { $why }
web-replay_now = Après l'étape { $n } : { $what }
web-replay_slider = Étape
web-replay_jump = Aller à
web-replay_round = la manche { $n }

## glance: the peeked card's panel, the phone tray, card tooltips from the catalogue
web-peek-close = Fermer
web-tray = Ta main et tes actions
web-tip = { $card } : { $does }
web-tip-points = { $n } { $n ->
        [one] point
       *[other] points
    } s'il te reste en main à la fin de la manche
web-tip-draw = le joueur suivant pioche { $n }
web-tip-anything = se joue sur n'importe quelle carte
web-tip-agilite = on peut annoncer AGILITÉ ! dessus
web-tip-combo = compte pour un COMBO !

## The rest between rounds (issue 30, moments)
web-option-pause_seconds = Secondes de pause entre les manches
web-pause-next_round = Manche suivante
web-pause-next_story = Histoire suivante
web-pause-countdown = Suite dans
web-pause-waiting = En attente de { $names }
web-hint-round_over = Lis le résultat, puis passe à la suite quand tu es prêt.
web-pause-time_left = Suite dans { $seconds } s
web-pause-ready = Tu es prêt : on attend les autres.
web-pause-round_title = Fin de la manche { $round }
web-pause-round_points = Points de la manche
web-pause-total = Total
web-pause-seat = Joueur
web-pause-winner = { $name } gagne la manche.
web-pause-blocked = Manche bloquée : personne n'a vidé sa main.
web-pause-reveal_title = Les votes sont révélés
web-pause-tomy_was = Tomy était chez le { $breed } !
web-pause-nobody = Personne n'a pu voter.
web-pause-vote = Vote
web-pause-found = A trouvé Tomy
web-pause-drew = Pioche une carte
web-pause-no_vote = Pas de vote
web-pause-cards = Cartes en main
web-pause-crowns = Couronnes
web-pause-hyenas = Hyènes
web-pause-rounds_won = Manches gagnées

## Le classement (ladder.ts ; docs/ratings.md)
web-ladder = Classement
web-no_rating = Pas encore de cote : joue une partie classée (chaque place tenue par une personne, sans robot).
web-rated_match = Partie classée
web-cancel_ticket = Annuler
web-table_found = Table trouvée !
