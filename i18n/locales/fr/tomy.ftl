# The tomy words of the clients (CLI, web). Ids: the clients' keys with '.' as '-'.

my-breed-cocker = Cocker
my-breed-teckel = Teckel
my-breed-husky = Husky
my-breed-yorkshire = Yorkshire
my-breed-caniche = Caniche
my-breed-dalmatien = Dalmatien
my-phase-story = histoires
my-phase-vote = vote
my-phase-tie = départage
my-phase-over = terminée
my-header = Manche { $game } · tour { $turn } · { $phase } · laisse : { $leash }
my-storyteller = Conteur maintenant : { $name }
my-column = [{ $column }] { $breed } { $colour } · { $place }
my-no_place = (aucun lieu)
my-story_by = { $name } : « { $story } »
my-players = Joueurs :
my-player_line = { $name } : { $cards ->
        [one] { $cards } carte
       *[other] { $cards } cartes
    }{ $flags }
my-flag-passed = a passé
my-flag-voted = a voté
my-flag-sitting_out = ne vote pas
my-flag-leash = laisse
my-hand = Tes chiens :
my-my_vote = Ton vote : { $card }
my-tie = Égalité entre : { $breeds }
my-last_turn = Tour précédent : { $result }
my-piles = Pioche de chiens { $dogs } · défausse { $dog_discards } · pioche de lieux { $places }
my-totals = Totaux : { $totals } (objectif { $target })
my-dog = { $breed } n°{ $card }
my-act-propose = Raconter : Tomy est à { $place } ({ $breed })
my-act-pass = Passer (ne rien dire ce tour)
my-act-vote = Voter avec { $card }
my-act-break_tie = Départager : { $breed }
my-ev-story_proposed = { $who } : Tomy est à { $place } ({ $breed }) : « { $story } »
my-ev-passed = { $who } passe.
my-ev-vote_started = Au vote ! Races : { $breeds }.{ $out }
my-ev-sitting_out = {" "}Ne votent pas : { $names }.
my-ev-voted = { $who } a voté.
my-ev-own_vote = Tu as voté avec { $card }.
my-ev-own_vote-other = Vote caché : { $card }.
my-ev-sat_out = { $who } ne vote pas.
my-ev-votes_revealed = Votes : { $votes }.
my-ev-no_votes = Personne n'a pu voter.
my-ev-tie = Égalité ! { $who } choisit parmi { $breeds }.
my-ev-tie_broken = { $who } choisit { $breed }.
my-ev-turn_result = Tomy était chez le { $breed } ! À piocher : { $names }.
my-ev-turn_no_result = Aucune race ne gagne ce tour.
my-ev-dog_deck_reshuffled = La défausse de chiens devient une pioche ({ $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    }).
my-ev-card_drawn = { $who } pioche une carte chien.
my-ev-own_draw = Tu as pioché { $card }.
my-ev-own_draw-other = Carte piochée : { $card }.
my-ev-no_card_to_draw = { $who } n'a rien à piocher.
my-ev-locations_discarded = Lieux défaussés sous { $breeds }.
my-ev-row_refilled = Nouveaux lieux : { $places }.
my-ev-location_deck_short = Plus assez de lieux : la manche s'arrête.
my-ev-turn_started = Tour { $turn } : { $who } tient la laisse.
my-ev-game_over = Manche { $game } terminée ({ $reason }) : { $count ->
    [one] { $names } adopte Tomy.
   *[other] { $names } adoptent Tomy.
}
my-ev-round_scored = Points de la manche { $game } : { $scores } ; totaux { $totals }.
my-ev-game_started = Manche { $game } distribuée ; { $who } tient la laisse.
my-ev-hand_dealt = Tes nouveaux chiens : { $cards }
my-ev-hand_dealt-other = Nouveaux chiens : { $cards }
my-ev-match_over = Fin de partie ({ $reason }) : { $count ->
        [one] { $names } gagne
       *[other] { $names } gagnent
    }.
my-reason-one_card_left = un joueur n'a plus qu'une carte
my-reason-locations_exhausted = plus de lieux
my-reason-target_score = score cible atteint
my-outcome-round = Manche { $game } : { $scores }
my-outcome-hands = Cartes restantes : { $counts }
my-colour-green = (vert)
my-colour-red = (rouge)
my-colour-blue = (bleu)
my-colour-yellow = (jaune)
my-colour-violet = (violet)
my-colour-orange = (orange)

# The template stories the server tells for a bot or a run-out story clock (MT-TIME-1),
# sent as TomyTemplateStory: my-story-<number>, the same numbers in every language.
# Variables: $breed (the breed's name), $place (the place), $Place (capitalised).
my-story-0 = Je pense que Tomy est là : { $place } ! Quel { $breed } invisible résisterait à un tel endroit ?
my-story-1 = { $Place } : c'est là que Tomy, notre { $breed } invisible, a enterré son os préféré.
my-story-2 = Tout le monde cherche Tomy, mais ce { $breed } invisible fait la sieste ici : { $place }.
my-story-3 = On a entendu aboyer tout près d'ici : { $place }. Aucun doute, c'est Tomy, le { $breed } invisible !
my-story-4 = Des empreintes de { $breed } mènent tout droit ici : { $place }. Tomy n'a pas pensé à les effacer.
my-story-5 = { $Place } : un gardien jure avoir vu une laisse flotter toute seule. C'était Tomy, notre { $breed }, bien sûr.
my-story-6 = Tomy adore les odeurs nouvelles, comme tout { $breed }, et rien ne sent plus l'aventure que cet endroit : { $place }.
my-story-7 = Un { $breed } invisible a volé un croissant ce matin ; la piste de miettes s'arrête ici : { $place }.
my-story-8 = J'ai posé une gamelle pour { $breed } là-bas, { $place }. Elle s'est vidée toute seule en une minute !
my-story-9 = { $Place } : quelqu'un a sifflé trois fois et un { $breed } que personne ne voyait est venu s'asseoir.
my-story-10 = Tomy cherche un coin tranquille pour une sieste de { $breed }, et il l'a trouvé : { $place }.
my-story-11 = { $Place } : un chat a fait le dos rond devant le vide. Il savait, lui, qu'un { $breed } invisible était là.
my-story-12 = { $Place } : une balle a roulé toute seule sur le sol. Un { $breed } joueur, je dirais : Tomy.
my-story-13 = Le boulanger a vu un beignet s'envoler de sa boutique vers cet endroit : { $place }. Tomy, notre { $breed }, est gourmand.
my-story-14 = Écoute bien à cet endroit : { $place }. Ce petit ronflement, c'est un { $breed } invisible qui rêve de saucisses.
my-story-15 = { $Place } : les flaques éclaboussent toutes seules après la pluie. Seul un { $breed } saute dans chacune d'elles.
my-story-16 = Le fil d'un cerf-volant a été tiré vers cet endroit : { $place }. Tomy, notre { $breed }, voulait jouer.
my-story-17 = { $Place } : toutes les fleurs penchent du même côté, comme si un { $breed } venait de les frôler.
my-story-18 = Le facteur a lâché ses lettres de peur ici : { $place }. Quelque chose d'invisible a aboyé comme un { $breed }.
my-story-19 = Tomy est un { $breed } qui aime la vue, et la plus belle vue de la ville, c'est d'ici : { $place }.
my-story-20 = { $Place } : un sandwich a perdu son jambon pendant que son propriétaire regardait ailleurs. C'est un tour de { $breed }.
my-story-21 = Trois pigeons se sont envolés sans raison là-bas : { $place }. Un { $breed } invisible leur courait après.
my-story-22 = { $Place } : la neige fraîche montre des empreintes rondes, juste de la taille des pattes d'un { $breed }.
my-story-23 = Si j'étais un { $breed } invisible, je me cacherais au seul endroit que personne ne fouille : { $place }.

## The rest after a reveal (issue 30, moments)
my-ev-ready_for_next_story = { $who } est prêt pour l'histoire suivante.
my-act-next_story = Histoire suivante
my-phase-reveal = révélation
my-pause-title = Les votes sont révélés : Tomy était chez le { $breed } !
my-pause-nobody = Les votes sont révélés : personne n'a pu voter.
my-pause-vote = a voté { $breed }
my-pause-no_vote = n'a pas voté
my-pause-found = a trouvé Tomy
my-pause-drew = pioche une carte
my-pause-cards = { $n ->
        [one] { $n } carte en main
       *[other] { $n } cartes en main
    }
my-pause-game_over = Fin de la partie { $game } : { $scores }
