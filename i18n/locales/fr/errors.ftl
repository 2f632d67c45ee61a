# Les textes des refus du serveur pour les joueurs (google.rpc.LocalizedMessage), un par
# ErrorInfo.reason ; les variables viennent de ErrorInfo.metadata.

error-code-INVALID_ARGUMENT = Cette demande n’est pas valable.
error-code-NOT_FOUND = Introuvable.
error-code-ALREADY_EXISTS = Cela existe déjà.
error-code-PERMISSION_DENIED = Tu n’as pas le droit de faire cela.
error-code-UNAUTHENTICATED = Reconnecte-toi, s’il te plaît.
error-code-FAILED_PRECONDITION = Les règles ne le permettent pas maintenant.
error-code-ABORTED = Quelqu’un a été plus rapide : regarde la table et réessaie.
error-code-OUT_OF_RANGE = Hors limites.
error-code-RESOURCE_EXHAUSTED = Trop de choses à la fois : patiente un instant.
error-code-UNAVAILABLE = Le serveur est occupé : réessaie dans un instant.
error-code-UNIMPLEMENTED = Le serveur ne sait pas faire cela.
error-code-INTERNAL = Une erreur est survenue sur le serveur ; rien n’a changé.

error-CARD_NOT_AVAILABLE = { $why ->
    [no_such_card] Cette carte n'existe pas.
    [on_the_table] Cette carte est déjà sur la table.
    [covered] Cette carte est sous une autre carte de ta pile.
    [opponents_pile] Cette carte est dans les piles de ton adversaire.
   *[not_yours] Cette carte n'est ni dans ta main ni face visible au sommet d'une de tes piles.
}
error-BOTS_OUT_OF_RANGE = On joue à { $game } avec { $min_bots } à { $max_bots ->
        [one] { $max_bots } robot
       *[other] { $max_bots } robots
    } en plus de toi.
error-BUSY = La table est très occupée : réessaie.
error-CHAT_EMPTY = Écris d’abord quelque chose.
error-CHAT_RATE_LIMITED = Tu écris trop vite : patiente un instant.
error-CHAT_TOO_LONG = Un message compte au plus { $limit ->
        [one] { $limit } caractère
       *[other] { $limit } caractères
    }.
error-CURSOR_AHEAD = La table a été restaurée : rechargement.
error-CURSOR_INVALID = Rechargement de la table.
error-CURSOR_STALE = La table a été restaurée : rechargement.
error-IDEMPOTENCY_KEY_REUSED = Cette demande a déjà été envoyée avec d’autres détails.
error-INTERNAL = Une erreur est survenue sur le serveur ; rien n’a changé.
error-INVALID_ARGUMENT = Cette demande n’est pas valable.
error-INVALID_OPTION = Une des options n’est pas valable.
error-INVALID_PACE = Ce rythme n’est pas possible : vérifie le temps par décision et la réserve de temps.
error-LEFT_ROOM = Tu as quitté cette table.
error-MALFORMED_ACTION = Ce coup est illisible.
error-MALFORMED_REQUEST = Cette demande est illisible.
error-MATCH_FINISHED = La partie est terminée.
error-MATCH_NOT_FINISHED = La rediffusion sera disponible à la fin de la partie.
error-MATCH_NOT_STARTED = La partie n’a pas encore commencé.
error-MATCH_STARTED = La partie a déjà commencé.
error-NOT_A_BOT = Cette place n’est pas celle d’un robot.
error-NOT_DUE = Ce chrono n’est pas écoulé.
error-NOT_HOST = Seul l’hôte peut faire cela.
error-NOT_IN_ROOM = Rejoins d’abord la table.
error-NOT_READY = Tous les joueurs doivent d’abord être prêts.
error-NOT_SEATED = Prends d’abord une place.
error-NO_BOT_THERE = Il n’y a pas de robot à cette place.
error-NOT_YOUR_TURN = Ce n’est pas ton tour.
error-PRIVATE_ROOM = Cette table est privée.
error-RATE_LIMITED = Trop de demandes : ralentis.
error-ROOM_FULL = La table est complète.
error-ROOM_NOT_FOUND = Cette table n’existe plus.
error-SEATS_EMPTY = Des places sont encore libres.
error-SEAT_MUTED = L’hôte t’a retiré la parole : tes messages ne partent pas.
error-SEAT_TAKEN = Cette place est prise.
error-SPECTATOR = Les spectateurs ne peuvent pas faire cela.
error-STALE_VERSION = La table a changé : regarde-la de nouveau et réessaie.
error-STORE_UNAVAILABLE = Le serveur est occupé : réessaie dans un instant.
error-STREAM_TOO_SLOW = Mise à jour de la table.
error-TOO_LATE = Trop tard : une autre annonce est passée avant. Tu ne perds rien.
error-TOO_MANY_JOIN_ATTEMPTS = Trop de codes erronés : patiente avant de réessayer.
error-TOO_MANY_ROOMS = Tu as créé trop de tables : patiente un moment.
error-TOO_MANY_TURN_BASED_ROOMS = Tu joues déjà { $limit } parties au tour par tour : termines-en ou quittes-en une d’abord.
error-TOO_MANY_STREAMS = Trop de tables ouvertes : fermes-en une d’abord.
error-UNAUTHENTICATED = Reconnecte-toi, s’il te plaît.
error-UNKNOWN_ACTION = Ce coup n’appartient pas à ce jeu.
error-UNKNOWN_GAME = Ce jeu n’existe pas.
error-UNKNOWN_JOIN_CODE = Aucune table n’a ce code.
error-UNKNOWN_LEVEL = Ce niveau de robot n’existe pas.
error-WRONG_GAME = Ce coup appartient à un autre jeu.

# Les refus des jeux (les raisons des moteurs), pour que le joueur les lise dans sa langue.
error-ALREADY_DREW = Tu as déjà pioché ce tour-ci : joue la carte piochée ou garde-la.
error-ALREADY_VOTED = Tu as déjà voté ce tour-ci.
error-BAD_COLOUR = Ce n'est pas une couleur de ce jeu.
error-BAD_TARGET = Ce joueur ne peut pas être choisi.
error-BREED_NOT_PROPOSED = Personne n'a raconté d'histoire pour cette race ce tour-ci.
error-CANNOT_VOTE = Tu n'as aucun chien d'une race au vote : tu ne votes pas ce tour-ci.
error-CARD_NOT_IN_HAND = Cette carte n'est pas dans ta main.
error-COLOUR_REQUIRED = Nomme une couleur avec cette carte.
error-COLUMN_TAKEN = Quelqu'un a déjà raconté une histoire sur ce lieu.
error-HAS_PLAYABLE_CARD = Tu as une carte jouable : joue-la au lieu de piocher.
error-MUST_ANSWER_SHERIFF = Un Shérif t'attend : réponds avec un Shérif ou un Bouclier, ou pioche les cartes.
error-MUST_ANSWER_SKIP = Un Passe ton tour t'attend : réponds avec un Bouclier, ou subis-le.
error-MUST_NAME_COLOUR = Nomme d'abord la couleur.
error-MUST_PLAY_OR_DRAW = Joue une carte ou pioche.
error-MUST_PROPOSE = Tu ne peux pas passer : raconte une histoire.
error-NOTHING_TO_TAKE = Il n'y a rien à encaisser.
error-NOT_TIED = Il n'y a pas d'égalité à départager.
error-NO_COLOUR_NEEDED = Cette carte ne nomme pas de couleur.
error-NO_SUCH_COLUMN = Ce lieu n'est pas sur la table.
error-NO_TARGET_NEEDED = Cette carte ne vise aucun autre joueur.
error-ONLY_DRAWN_CARD = Seule la carte que tu viens de piocher peut être jouée maintenant.
error-STORY_LENGTH = Une histoire fait de 1 à 500 caractères.
error-TARGET_REQUIRED = Choisis le joueur avec qui échanger ta main.

error-NOT_RATED = Ce jeu ne classe personne : on y joue ensemble (coopératif).
error-TICKET_NOT_FOUND = Tu n’as pas de ticket de partie à ce numéro (il a peut-être expiré).
error-TICKET_MATCHED = Trop tard : ta table est déjà formée.
error-TICKET_OPEN = Tu attends déjà une partie : annule d’abord ce ticket.
error-INVITATION_NOT_FOUND = Cette invitation a expiré ou n’existe pas : demandes-en une nouvelle.
error-NOT_INVITED = Cette invitation est pour un autre joueur.
error-INVITATION_DECLINED = Cette invitation a été refusée : demandes-en une nouvelle.
error-TOO_MANY_INVITATIONS = Tu as envoyé trop d’invitations : patiente un moment.
error-PLAYER_NOT_FOUND = Aucun joueur n’a cet identifiant.
