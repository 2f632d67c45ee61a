# The game catalogue (LobbyService.ListGames): summaries, options and clocks.

## Tomahawk Tribal
game-tomahawk-summary = Shed all your cards first and keep few points: match the colour or the symbol, stack Sheriffs, send attacks back with a Shield, jump in with AGILITÉ! and never forget to shout TOMAHAWK! on your last card. 2 to 8 players; lowest total when someone reaches 250 wins.
game-tomahawk-option-turn_seconds = Seconds per turn (0: no clock).
game-tomahawk-option-target_score = The match ends after the round in which a total reaches this score.
game-tomahawk-option-first_player = Seat that starts the first round (unset: drawn at random).
game-tomahawk-option-first_player-unset = Drawn at random
game-tomahawk-option-reaction_seconds = Seconds the bots leave people to react: after a card is played before they jump in or play on, and one more after a person went down to one card before they call SHÉRIF! (0: no wait; bots alone: ignored).
game-tomahawk-clock-turn = The player takes the pending Sheriff draw or the pending Skip; otherwise they draw one card and their turn ends (a colour to name: their most common colour).

## Tamashii
game-tamashii-summary = Cooperative memory and push-your-luck game: peek at the six hidden Tamashii, draw magic gems from the bag and free as many spirits as you can together.
game-tamashii-option-level = Difficulty: gems taken out of the bag, and powers and black gems in NOVICE.
game-tamashii-option-memory_aid = Show each player the cards they peeked at (casual play).
game-tamashii-option-decision_seconds = Seconds for each decision; 0 means no clock.
game-tamashii-option-first_player = Seat that plays first (unset: drawn at random).
game-tamashii-option-first_player-unset = Drawn at random
game-tamashii-clock-decision = A player who has not chosen ends the turn without peeking; gems drawn this turn go back to the bag; a pending Tsuchi peek is lost. The turn then ends as usual (one gem erodes).

## Mais où est Tomy ?
game-tomy-summary = Tomy the invisible dog is lost! Tell a funny story putting him in one of the places on the table, then vote with a dog card for the best story. Vote with the table to get rid of your cards: the first to hold a single card adopts Tomy.
game-tomy-option-rounds = Play several games; scores are the cards left in hand, lowest total wins once someone reaches the target score.
game-tomy-option-target_score = Rounds variant: the match ends when a total reaches this score.
game-tomy-option-story_seconds = Seconds to propose a place or pass (0: no clock).
game-tomy-option-vote_seconds = Seconds to play a vote card (0: no clock).
game-tomy-option-tie_seconds = Seconds for the leash holder to break a tie (0: no clock).
game-tomy-option-first_player = Seat that starts with Tomy's leash (unset: drawn at random).
game-tomy-option-first_player-unset = Drawn at random
game-tomy-option-language = The room's language (the stories the server tells are shown to each player in their own language).
game-tomy-clock-story = You pass; if you may not pass, the server tells a template story about a random free place.
game-tomy-clock-vote = The server plays a random valid card from your hand.
game-tomy-clock-tie = The server picks one of the tied breeds at random.

## Awimbawé
game-awimbawe-summary = A two-player trick-taking duel on the savannah: hand and face-up piles, animal powers, Eagles as trumps. Take the most crowns but never all four Hyenas; win two rounds to be crowned.
game-awimbawe-option-decision_seconds = Seconds for each decision; 0 means no clock.
game-awimbawe-clock-decision = The server plays your lowest legal card (hand before piles), skips an optional power, makes a following Eagle fight, keeps a Cheetah's lead for you, and, after a lost round, has you lead the next one.

## Labels of choice options
game-tamashii-option-level-NOVICE = Novice (no powers, black gems are jokers)
game-tamashii-option-level-EASY = Easy
game-tamashii-option-level-STANDARD = Standard
game-tamashii-option-level-HARD = Hard
game-tamashii-option-level-NIGHTMARE = Nightmare
game-tomy-option-language-FR = French
game-tomy-option-language-EN = English

## The bots' names at each game's table (by Seat.bot_number; docs/i18n.md). A number past
## the list gets the default, "Robot n".
game-tomahawk-bot_name = { $n ->
    [1] Coyote
    [2] Beaver
    [3] Lynx
    [4] Hawk
    [5] Elk
    [6] Puma
    [7] Owl
   *[other] Bot { $n }
}
game-tamashii-bot_name = { $n ->
    [1] Fox
    [2] Crane
    [3] Tanuki
    [4] Firefly
    [5] Carp
   *[other] Bot { $n }
}
game-tomy-bot_name = { $n ->
    [1] Caramel
    [2] Biscuit
    [3] Pistachio
    [4] Hazel
    [5] Praline
    [6] Liquorice
    [7] Cinnamon
   *[other] Bot { $n }
}
game-awimbawe-bot_name = { $n ->
    [1] Giraffe
    [2] Zebra
   *[other] Bot { $n }
}

## Pauses between rounds and after a reveal (issue 30, moments)
game-tomahawk-option-pause_seconds = Seconds the table rests after a round to read the scores (0: no rest).
game-tomahawk-clock-pause = Counts as "Next round"; it is no missed turn.
game-awimbawe-option-pause_seconds = Seconds the table rests after a round to read its result (0: no rest).
game-awimbawe-clock-pause = Counts as "Next round"; it is no missed turn.
game-tomy-option-pause_seconds = Seconds the table rests after the votes are revealed, to read them (0: no rest).
game-tomy-clock-pause = Counts as "Next story"; it is no missed turn.
