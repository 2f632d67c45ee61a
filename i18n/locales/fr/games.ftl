# The game catalogue (LobbyService.ListGames): summaries, options and clocks.

## Tomahawk Tribal
game-tomahawk-summary = Débarrasse-toi de toutes tes cartes avant les autres en gardant peu de points : pose la couleur ou le symbole, cumule les Shérifs, renvoie les attaques avec le Bouclier, bondis avec AGILITÉ ! et crie TOMAHAWK ! sur ta dernière carte. 2 à 8 joueurs ; quand un total atteint 250, le plus faible gagne.
game-tomahawk-option-turn_seconds = Secondes par tour (0 : pas de limite).
game-tomahawk-option-target_score = La partie s'arrête après la manche où un total atteint ce score.
game-tomahawk-option-first_player = Place qui commence la première manche (sans choix : tirée au sort).
game-tomahawk-option-first_player-unset = Tirée au sort
game-tomahawk-option-reaction_seconds = Secondes que les robots laissent aux joueurs pour réagir : après une carte posée avant de bondir ou de jouer, et une de plus après qu'un joueur est descendu à une carte avant de crier SHÉRIF ! (0 : sans attente ; entre robots : ignoré).
game-tomahawk-clock-turn = Le joueur pioche le Shérif en attente ou subit le Passe ton tour ; sinon il pioche une carte et son tour se termine (couleur à annoncer : sa couleur la plus fréquente).

## Tamashii
game-tamashii-summary = Jeu coopératif de mémoire et de prise de risque : regarde les six Tamashii cachés, pioche des gemmes magiques, et libérons ensemble le plus d'esprits possible.
game-tamashii-option-level = Difficulté : gemmes retirées du sac ; en NOVICE, pas de pouvoirs et gemmes noires jokers.
game-tamashii-option-memory_aid = Montrer à chaque joueur les cartes qu'il a regardées (partie détendue).
game-tamashii-option-decision_seconds = Secondes pour chaque décision ; 0 : pas de limite.
game-tamashii-option-first_player = Place du premier joueur (sans choix : tirée au sort).
game-tamashii-option-first_player-unset = Tirée au sort
game-tamashii-clock-decision = Un joueur qui n'a pas choisi termine son tour sans regarder de carte ; les gemmes piochées ce tour retournent dans le sac ; le regard offert par Tsuchi est perdu. Le tour se termine normalement (une gemme est retirée).

## Mais où est Tomy ?
game-tomy-summary = Tomy, le chien invisible, a disparu ! Raconte une histoire drôle qui le place dans un des lieux de la table, puis vote avec une carte chien pour la meilleure histoire. Vote comme la table pour te défaire de tes cartes : le premier à n'en avoir plus qu'une adopte Tomy.
game-tomy-option-rounds = Jouer en plusieurs manches : on marque les cartes restant en main, le plus petit total gagne quand quelqu'un atteint le score cible.
game-tomy-option-target_score = Variante en manches : la partie s'arrête quand un total atteint ce score.
game-tomy-option-story_seconds = Secondes pour proposer un lieu ou passer (0 : pas de limite).
game-tomy-option-vote_seconds = Secondes pour jouer une carte de vote (0 : pas de limite).
game-tomy-option-tie_seconds = Secondes pour que le porteur de la laisse départage (0 : pas de limite).
game-tomy-option-first_player = Place qui commence avec la laisse de Tomy (sans choix : tirée au sort).
game-tomy-option-first_player-unset = Tirée au sort
game-tomy-option-language = Langue de la table (les histoires racontées par le serveur s'affichent dans la langue de chaque joueur).
game-tomy-clock-story = Tu passes ; si tu ne peux pas passer, le serveur raconte une histoire toute faite sur un lieu libre tiré au hasard.
game-tomy-clock-vote = Le serveur joue pour toi une carte valide de ta main, au hasard.
game-tomy-clock-tie = Le serveur choisit au hasard une des races à égalité.

## Awimbawé
game-awimbawe-summary = Un duel de plis dans la savane pour deux joueurs : main et piles visibles, pouvoirs des animaux, Aigles en atout. Remporte le plus de couronnes sans ramasser les quatre Hyènes ; gagne deux manches pour devenir roi ou reine de la savane.
game-awimbawe-option-decision_seconds = Secondes pour chaque décision ; 0 : pas de limite.
game-awimbawe-clock-decision = Le serveur joue ta plus petite carte permise (main avant piles), renonce au pouvoir facultatif, fait combattre un Aigle qui suit, garde l'entame pour toi avec le Guépard et, après une manche perdue, te fait entamer la suivante.

## Labels of choice options
game-tamashii-option-level-NOVICE = Novice (sans pouvoirs, gemmes noires jokers)
game-tamashii-option-level-EASY = Facile
game-tamashii-option-level-STANDARD = Standard
game-tamashii-option-level-HARD = Difficile
game-tamashii-option-level-NIGHTMARE = Cauchemar
game-tomy-option-language-FR = Français
game-tomy-option-language-EN = Anglais

## The bots' names at each game's table (by Seat.bot_number; docs/i18n.md). A number past
## the list gets the default, "Robot n".
game-tomahawk-bot_name = { $n ->
    [1] Coyote
    [2] Castor
    [3] Lynx
    [4] Faucon
    [5] Élan
    [6] Puma
    [7] Hibou
   *[other] Robot { $n }
}
game-tamashii-bot_name = { $n ->
    [1] Renard
    [2] Grue
    [3] Tanuki
    [4] Luciole
    [5] Carpe
   *[other] Robot { $n }
}
game-tomy-bot_name = { $n ->
    [1] Caramel
    [2] Biscotte
    [3] Pistache
    [4] Noisette
    [5] Praline
    [6] Réglisse
    [7] Cannelle
   *[other] Robot { $n }
}
game-awimbawe-bot_name = { $n ->
    [1] Girafe
    [2] Zèbre
   *[other] Robot { $n }
}

## Pauses between rounds and after a reveal (issue 30, moments)
game-tomahawk-option-pause_seconds = Secondes de pause après une manche pour lire les scores (0 : pas de pause).
game-tomahawk-clock-pause = Compte comme « Manche suivante » ; ce n'est pas un tour manqué.
game-awimbawe-option-pause_seconds = Secondes de pause après une manche pour lire le résultat (0 : pas de pause).
game-awimbawe-clock-pause = Compte comme « Manche suivante » ; ce n'est pas un tour manqué.
game-tomy-option-pause_seconds = Secondes de pause après la révélation des votes pour les lire (0 : pas de pause).
game-tomy-clock-pause = Compte comme « Histoire suivante » ; ce n'est pas un tour manqué.
