# The web page's own words (clients/web); its Tomahawk and room sentences come from
# tomahawk.ftl and cli.ftl. Ids: web-*.

## The page around the table
web-language = Langue
web-not_connected = non connecté
web-new_table = Nouvelle table
web-your_name = Votre nom
web-default_name = Joueur
web-seats = Places
web-bots = Robots
web-target_score = Score cible
web-turn_seconds = Secondes par tour (0 : sans horloge)
web-bot_delay = Délai des robots (ms)
web-create = Créer la table
web-join_title = Rejoindre une table
web-join_code = Code d'accès
web-join = Rejoindre
web-update = mise à jour
web-version = version
web-add_bot = Ajouter un robot
web-start = Lancer
web-your_hand = Votre main
web-log_title = Ce qui s'est passé

## Connection status
web-status-idle = Envoy : { $url }
web-status-connecting = connexion…
web-status-live = en direct
web-status-reconnecting = reconnexion après la mise à jour { $seq }…
web-status-disconnected = déconnecté
web-status-error = erreur

## Seats and table
web-me = { $name } ({ you })
web-someone = Quelqu'un
web-human = humain
web-waiting_start = En attente du début de la partie.
web-colour_label = Couleur :
web-phase_line = Phase : { $phase }
web-pending_line = Pioche en attente : { $n }
web-phase-unspecified = —
web-colour-none = sans couleur
web-kind-unspecified = carte
web-a_card = une carte
web-by-unspecified = Une carte
web-penalty-unspecified = une annonce de mauvaise foi

## Prompts
web-wait_players = { $free ->
    [one] Il manque un joueur : partagez le code d'accès.
   *[other] Il manque { $free } joueurs : partagez le code d'accès.
}
web-all_here = Tout le monde est là.
web-waiting_for = On attend { $names }.
web-choose = Choisissez :
web-hint-play = À vous : jouez une carte (ou piochez si vous ne pouvez pas).
web-hint-name_colour = À vous : nommez la couleur.
web-hint-face_sheriff = Un Shérif : répondez avec un Shérif ou un Bouclier, ou piochez { $n } cartes.
web-hint-face_skip = Un Passe ton tour : répondez avec un Bouclier, ou subissez-le.
web-hint-drawn = Jouez la carte piochée, ou gardez-la.
web-outcome = Partie terminée. Gagnant(s) : { $names }. Scores : { $scores }.

## Events this page does not tell
web-ev-other_game = (un événement de { $game }, jeu absent de cette page)
