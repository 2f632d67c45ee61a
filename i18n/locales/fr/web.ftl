# The web page's own words (clients/web); its game and room sentences come from the games'
# .ftl files and cli.ftl, as the CLI's. Ids: web-*.

## The page around the table
web-language = Langue
web-skip = Aller au contenu
web-not_connected = non connecté
web-lobby = Jouer
web-games = Jeux
web-new_table = Nouvelle table avec options
web-your_name = Votre nom
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
web-leave_playing = Quitter la table (le serveur joue pour vous)
web-stop_watching = Arrêter de regarder
web-back_to_lobby = Retour à l'accueil
web-your_hand = Votre main
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
web-option-reaction_seconds = Secondes pour réagir avant les bots
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
web-my_matches-current = Vous êtes assis à une table de { $game }.
web-my_matches-watching = Vous regardez une table de { $game }.
web-my_matches-past = Une partie de { $game } que vous avez jouée.
web-resume = Retourner à ma place

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
web-time_left = Encore { $seconds } s pour décider (ensuite le serveur joue pour vous)
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
web-you_won = Vous avez gagné !

## Prompts
web-wait_players = { $free ->
    [one] Il manque un joueur : partagez le code d'accès.
   *[other] Il manque { $free } joueurs : partagez le code d'accès.
}
web-all_here = Tout le monde est là : l'hôte lance la partie.
web-all_here_host = Tout le monde est là : lancez la partie quand vous voulez.
web-waiting_for = On attend { $names }.
web-watching = Vous regardez cette table.
web-choose = Choisissez :
web-hint-play = À vous : jouez une carte (ou piochez si vous ne pouvez pas).
web-hint-name_colour = À vous : nommez la couleur.
web-hint-face_sheriff = Un Shérif : répondez avec un Shérif ou un Bouclier, ou piochez { $n } cartes.
web-hint-face_skip = Un Passe ton tour : répondez avec un Bouclier, ou subissez-le.
web-hint-drawn = Jouez la carte piochée, ou gardez-la.

## Tomahawk Tribal
web-tt-draw_pile = Pioche : { $n }
web-tt-discard_pile = Défausse : { $n }
web-tt-round = Manche { $round } · la partie s'arrête à { $target } points
web-tt-call_with_card = Crier TOMAHAWK ! avec la carte que je joue (mon avant-dernière)
web-call-tomahawk = TOMAHAWK !
web-call-sherif = SHÉRIF ! sur { $name } (juste ou faux : une fausse annonce vous coûte 2 cartes)
web-call-sherif_seat = SHÉRIF !
web-tt-agilite_hint = AGILITÉ ! sur { $card } : cliquez une carte de votre main pour bondir (une carte qui n'est pas identique vous coûte 2 cartes).
web-call-agilite = AGILITÉ ! Jouer mon { $card } maintenant

## Tamashii
web-tm-spirits = Les six Tamashii
web-tm-slot = Emplacement { $slot }
web-tm-slot_down = Emplacement { $slot }, face cachée
web-tm-freed = Libéré
web-tm-you_saw = Vous avez vu : { $card }
web-tm-on_card = Gemmes posées
web-tm-bag = Sac ({ $n } gemmes) :
web-tm-drawn = Tirées ce tour :
web-tm-removed = Retirées :
web-tm-status = Niveau { $level } · { $freed } sur 6 libérés
web-tm-hint-choose = À vous : regardez une carte cachée, ou tirez des gemmes du sac.
web-tm-hint-gathering = Vous avez tiré { $gems } : tirez encore, ou posez-les sur une carte.
web-tm-hint-power_peek = Pouvoir de Tsuchi : regardez une carte cachée.

## Mais où est Tomy ?
web-my-places = Les lieux où Tomy peut se cacher
web-my-colour-green = vert
web-my-colour-red = rouge
web-my-colour-blue = bleu
web-my-colour-yellow = jaune
web-my-colour-violet = violet
web-my-colour-orange = orange
web-my-story_label = Votre histoire : Tomy est à { $place }…
web-my-act-propose_breed = Raconter une histoire : Tomy est côté { $breed }
web-my-tell = Tomy est là !
web-my-suggested = Histoire proposée : « { $story } »
web-my-tell_suggested = Raconter l’histoire proposée
web-my-your_dogs = Vos cartes chien
web-my-cards = { $n ->
    [one] une carte
   *[other] { $n } cartes
}
web-my-hint-story = À vous de raconter : écrivez une histoire sous un lieu et envoyez-la, ou passez.
web-my-hint-story-must = À vous de raconter : écrivez une histoire sous un lieu et envoyez-la, ou racontez celle qui est proposée. Vous ne pouvez pas passer ce tour-ci.
web-my-hint-vote = Vote : jouez une carte chien de la race dont vous préférez l'histoire.
web-my-hint-tie = Égalité : vous tenez la laisse, choisissez la race.

## Awimbawé
web-aw-side = manches gagnées { $rounds } · main { $hand } · plis { $tricks } · Hyènes { $hyenas }
web-aw-piles = Piles de { $name }
web-aw-pile = pile { $pile } ({ $n })
web-aw-trick = Le pli
web-aw-crowns = { $n ->
    [one] une couronne
   *[other] { $n } couronnes
}
web-aw-rounds_won = manches gagnées { $n }
web-aw-hyenas = Hyènes { $n }
web-aw-hint = Votre décision : { $decision }.

## Replays
web-replay = Rediffusion
web-replay_open = Voir la rediffusion
web-replay_title = { $game } : { $names }
web-replay_details = La graine et son engagement
web-replay_steps = Étapes
web-replay_first = ◀◀ Début
web-replay_prev = ◀ Précédent
web-replay_next = Suivant ▶
web-replay_last = Fin ▶▶
web-replay_position = étape { $n } sur { $total }
web-replay_start = Avant le premier coup.
web-replay_current = Étape { $n }, la plus récente en premier ci-dessous.

## Refusals, in plain words (by the server's reason)
web-refusal-UNKNOWN = Un problème est survenu ; réessayez.
web-refusal-UNAVAILABLE = Le serveur est injoignable pour le moment ; réessayez dans un instant.
web-refusal-STORE_UNAVAILABLE = Le serveur ne peut rien enregistrer pour le moment ; réessayez dans un instant.
web-refusal-UNAUTHENTICATED = Votre session a expiré : réessayez (une nouvelle s'ouvre).
web-refusal-NOT_YOUR_TURN = Ce n'est pas votre tour.
web-refusal-STALE_VERSION = La table a bougé avant votre coup : voici la nouvelle situation.
web-refusal-TOO_LATE = Quelqu'un a été plus rapide.
web-refusal-UNKNOWN_JOIN_CODE = Aucune table n'a ce code d'accès (ou sa partie est finie).
web-refusal-ROOM_NOT_FOUND = Cette table n'existe plus.
web-refusal-ROOM_FULL = Cette table est complète.
web-refusal-MATCH_STARTED = La partie a déjà commencé.
web-refusal-MATCH_FINISHED = La partie est terminée.
web-refusal-NOT_HOST = Seul l'hôte peut faire cela.
web-refusal-NOT_READY = Tout le monde n'est pas encore prêt.
web-refusal-SPECTATOR = Les spectateurs regardent ; ils ne jouent pas.
web-refusal-NOT_SEATED = Vous n'avez pas de place à cette table.
web-refusal-NOT_IN_ROOM = Vous n'êtes pas à cette table.
web-refusal-PRIVATE_ROOM = Cette table est privée : il faut son code d'accès.
web-refusal-RATE_LIMITED = Trop de demandes : patientez un instant.
web-refusal-TOO_MANY_ROOMS = Vous avez ouvert trop de tables : terminez-en ou quittez-en une d'abord.
web-refusal-TOO_MANY_JOIN_ATTEMPTS = Trop de codes d'accès erronés : patientez avant de réessayer.
web-refusal-TOO_MANY_STREAMS = Cette session suit trop de tables à la fois : fermez un onglet.
web-refusal-INVALID_OPTION = Une des options est hors limites.
web-refusal-STORY_LENGTH = Une histoire fait de 1 à 500 caractères.
web-refusal-CARD_NOT_AVAILABLE = { $why ->
    [no_such_card] Cette carte n'existe pas.
    [on_the_table] Cette carte est déjà sur la table.
    [covered] Cette carte est sous une autre carte de votre pile.
    [opponents_pile] Cette carte est dans les piles de votre adversaire.
   *[not_yours] Cette carte n'est ni dans votre main ni face visible au sommet d'une de vos piles.
}
web-refusal-CARD_NOT_IN_HAND = Cette carte n'est pas dans votre main.
web-refusal-CARD_DOES_NOT_MATCH = Cette carte n'a ni la couleur ni le symbole demandés.
web-refusal-MUST_FOLLOW_COLOUR = Vous devez fournir la couleur demandée.
web-refusal-LEFT_ROOM = Vous avez quitté cette table.
web-refusal-CHAT_EMPTY = Écrivez d'abord quelque chose.
web-refusal-CHAT_TOO_LONG = Un message compte au plus 200 caractères.
web-refusal-CHAT_RATE_LIMITED = Vous écrivez trop vite : patientez un instant.
web-refusal-SEAT_MUTED = L'hôte vous a coupé la parole : vos messages ne partent pas.
web-refusal-CURSOR_STALE = L'historique de la table a changé sur le serveur : la voici telle qu'elle est.
web-refusal-CURSOR_AHEAD = L'historique de la table a changé sur le serveur : la voici telle qu'elle est.

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
web-chat_label = Votre message
web-chat_send = Envoyer
web-chat_spectator = Les spectateurs lisent la discussion ; seuls les joueurs écrivent.
web-chat_muted = L'hôte vous a coupé la parole : vous pouvez lire, pas écrire.
web-chat_mute = Rendre muet
web-chat_unmute = Rendre la parole
web-chat_mute_who = Couper la parole à { $who }
web-chat_unmute_who = Rendre la parole à { $who }

## Awimbawé card names (the crowns are shown apart)
web-aw-card = { $animal } { $colour } { $value }
