# The game catalogue (LobbyService.ListGames): summaries, options and clocks.

## Tomahawk Tribal
game-tomahawk-summary = Débarrasse-toi de toutes tes cartes avant les autres en gardant peu de points : pose la couleur ou le symbole, cumule les Shérifs, renvoie les attaques avec le Bouclier, bondis avec AGILITÉ ! et crie TOMAHAWK ! sur ta dernière carte. 2 à 8 joueurs ; quand un total atteint 250, le plus faible gagne.
game-tomahawk-option-turn_seconds = Secondes par tour (0 : pas de limite).
game-tomahawk-option-target_score = La partie s'arrête après la manche où un total atteint ce score.
game-tomahawk-option-first_player = Place qui commence la première manche (sans choix : tirée au sort).
game-tomahawk-option-first_player-unset = Tirée au sort
game-tomahawk-option-reaction_seconds = Secondes que les bots laissent aux joueurs pour réagir : après une carte posée avant de bondir ou de jouer, et une de plus après qu'un joueur est descendu à une carte avant de crier SHÉRIF ! (0 : sans attente ; entre bots : ignoré).
game-tomahawk-clock-turn = Le joueur pioche le Shérif en attente ou subit le Passe ton tour ; sinon il pioche une carte et son tour se termine (couleur à annoncer : sa couleur la plus fréquente).

## Tamashii
game-tamashii-summary = Jeu coopératif de mémoire et de prise de risque : regardez les six Tamashii cachés, piochez des gemmes magiques et libérez ensemble le plus d'esprits possible.
game-tamashii-option-level = Difficulté : gemmes retirées du sac ; en NOVICE, pas de pouvoirs et gemmes noires jokers.
game-tamashii-option-memory_aid = Montrer à chaque joueur les cartes qu'il a regardées (partie détendue).
game-tamashii-option-decision_seconds = Secondes pour chaque décision ; 0 : pas de limite.
game-tamashii-option-first_player = Place du premier joueur (sans choix : tirée au sort).
game-tamashii-option-first_player-unset = Tirée au sort
game-tamashii-clock-decision = Un joueur qui n'a pas choisi termine son tour sans regarder de carte ; les gemmes piochées ce tour retournent dans le sac ; le regard offert par Tsuchi est perdu. Le tour se termine normalement (une gemme est retirée).

## Mais où est Tomy ?
game-tomy-summary = Tomy, le chien invisible, a disparu ! Racontez une histoire drôle qui le place dans un des lieux de la table, puis votez avec une carte chien pour la meilleure histoire. Votez comme la table pour vous défaire de vos cartes : le premier à n'en avoir plus qu'une adopte Tomy.
game-tomy-option-rounds = Jouer en plusieurs manches : on marque les cartes restant en main, le plus petit total gagne quand quelqu'un atteint le score cible.
game-tomy-option-target_score = Variante en manches : la partie s'arrête quand un total atteint ce score.
game-tomy-option-story_seconds = Secondes pour proposer un lieu ou passer (0 : pas de limite).
game-tomy-option-vote_seconds = Secondes pour jouer une carte de vote (0 : pas de limite).
game-tomy-option-tie_seconds = Secondes pour que le porteur de la laisse départage (0 : pas de limite).
game-tomy-option-first_player = Place qui commence avec la laisse de Tomy (sans choix : tirée au sort).
game-tomy-option-first_player-unset = Tirée au sort
game-tomy-option-language = Langue de la table (les histoires racontées par le serveur s'affichent dans la langue de chaque joueur).
game-tomy-clock-story = Vous passez ; si vous ne pouvez pas passer, le serveur raconte une histoire toute faite sur un lieu libre tiré au hasard.
game-tomy-clock-vote = Le serveur joue pour vous une carte valide de votre main, au hasard.
game-tomy-clock-tie = Le serveur choisit au hasard une des races à égalité.

## Awimbawé
game-awimbawe-summary = Un duel de plis dans la savane pour deux joueurs : main et piles visibles, pouvoirs des animaux, Aigles en atout. Remportez le plus de couronnes sans ramasser les quatre Hyènes ; gagnez deux manches pour être couronné.
game-awimbawe-option-decision_seconds = Secondes pour chaque décision ; 0 : pas de pendule.
game-awimbawe-clock-decision = Le serveur joue votre plus petite carte permise (main avant piles), renonce au pouvoir facultatif, fait combattre un Aigle qui suit, garde la main pour vous avec le Guépard et, après une manche perdue, vous fait entamer la suivante.

## Labels of choice options
game-tamashii-option-level-NOVICE = Novice (sans pouvoirs, gemmes noires jokers)
game-tamashii-option-level-EASY = Facile
game-tamashii-option-level-STANDARD = Standard
game-tamashii-option-level-HARD = Difficile
game-tamashii-option-level-NIGHTMARE = Cauchemar
game-tomy-option-language-FR = Français
game-tomy-option-language-EN = Anglais
