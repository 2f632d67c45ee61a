# The tomy words of the clients (CLI, web). Ids: the clients' keys with '.' as '-'.

my-breed-cocker = Cocker Spaniel
my-breed-teckel = Dachshund
my-breed-husky = Husky
my-breed-yorkshire = Yorkshire Terrier
my-breed-caniche = Poodle
my-breed-dalmatien = Dalmatian
my-phase-story = stories
my-phase-vote = vote
my-phase-tie = tie break
my-phase-over = over
my-header = Game { $game } · turn { $turn } · { $phase } · leash: { $leash }
my-storyteller = Storyteller now: { $name }
my-column = [{ $column }] { $breed } { $colour } · { $place }
my-no_place = (no place)
my-story_by = { $name }: “{ $story }”
my-players = Players:
my-player_line = { $name }: { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }{ $flags }
my-flag-passed = passed
my-flag-voted = voted
my-flag-sitting_out = sits out
my-flag-leash = leash
my-hand = Your dogs:
my-my_vote = Your vote: { $card }
my-tie = Tie between: { $breeds }
my-last_turn = Last turn: { $result }
my-piles = Dog deck { $dogs } · dog discards { $dog_discards } · place deck { $places }
my-totals = Totals: { $totals } (target { $target })
my-dog = { $breed } #{ $card }
my-act-propose = Tell a story: Tomy is at { $place } ({ $breed })
my-act-pass = Pass (say nothing this turn)
my-act-vote = Vote with { $card }
my-act-break_tie = Break the tie: { $breed }
my-ev-story_proposed = { $who }: Tomy is at { $place } ({ $breed }): “{ $story }”
my-ev-passed = { $who } passes.
my-ev-vote_started = Vote! Breeds: { $breeds }.{ $out }
my-ev-sitting_out = {" "}Sitting out: { $names }.
my-ev-voted = { $who } voted.
my-ev-own_vote = You voted with { $card }.
my-ev-own_vote-other = Sealed vote: { $card }.
my-ev-sat_out = { $who } sits the vote out.
my-ev-votes_revealed = Votes: { $votes }.
my-ev-no_votes = Nobody could vote.
my-ev-tie = Tie! { $who } picks among { $breeds }.
my-ev-tie_broken = { $who } picks { $breed }.
my-ev-turn_result = Tomy was at the place of the { $breed }! Must draw: { $names }.
my-ev-turn_no_result = No breed wins this turn.
my-ev-dog_deck_reshuffled = The dog discards become a new deck ({ $n ->
        [one] { $n } card
       *[other] { $n } cards
    }).
my-ev-card_drawn = { $who } draws a dog card.
my-ev-own_draw = You drew { $card }.
my-ev-own_draw-other = Card drawn: { $card }.
my-ev-no_card_to_draw = { $who } has nothing to draw.
my-ev-locations_discarded = Places discarded under { $breeds }.
my-ev-row_refilled = New places: { $places }.
my-ev-location_deck_short = Not enough places left: the game ends.
my-ev-turn_started = Turn { $turn }: { $who } holds the leash.
my-ev-game_over = Game { $game } over ({ $reason }): { $count ->
    [one] { $names } adopts Tomy.
   *[other] { $names } adopt Tomy.
}
my-ev-round_scored = Game { $game } scores: { $scores }; totals { $totals }.
my-ev-game_started = Game { $game } dealt; { $who } holds the leash.
my-ev-hand_dealt = Your new dogs: { $cards }
my-ev-hand_dealt-other = New dogs: { $cards }
my-ev-match_over = Match over ({ $reason }): { $count ->
        [one] { $names } wins
       *[other] { $names } win
    }.
my-reason-one_card_left = a player holds one card
my-reason-locations_exhausted = no more places
my-reason-target_score = target score reached
my-outcome-round = Game { $game }: { $scores }
my-outcome-hands = Cards left: { $counts }
my-colour-green = (green)
my-colour-red = (red)
my-colour-blue = (blue)
my-colour-yellow = (yellow)
my-colour-violet = (violet)
my-colour-orange = (orange)

# The template stories the server tells for a bot or a run-out story clock (MT-TIME-1),
# sent as TomyTemplateStory: my-story-<number>, the same numbers in every language.
# Variables: $breed (the breed's name), $place (the place), $Place (capitalised).
my-story-0 = I think Tomy is right here: { $place }! What invisible { $breed } could resist such a spot?
my-story-1 = { $Place }: that is where Tomy, our invisible { $breed }, buried his favourite bone.
my-story-2 = Everyone is looking for Tomy, but this invisible { $breed } is napping right here: { $place }.
my-story-3 = Someone heard barking nearby: { $place }. No doubt, it is Tomy, the invisible { $breed }!
my-story-4 = { $breed } paw prints lead straight here: { $place }. Tomy forgot to brush them away.
my-story-5 = { $Place }: a keeper swears a leash was floating all by itself. Tomy the { $breed }, of course.
my-story-6 = Tomy loves new smells, like any { $breed }, and nothing smells more of adventure than this: { $place }.
my-story-7 = An invisible { $breed } stole a croissant this morning; the trail of crumbs ends here: { $place }.
my-story-8 = I put a { $breed } bowl down over there, { $place }. It emptied itself in a minute!
my-story-9 = { $Place }: someone whistled three times and a { $breed } nobody could see came to sit.
my-story-10 = Tomy wanted a quiet corner for a { $breed } nap, and he found one: { $place }.
my-story-11 = { $Place }: a cat arched its back at thin air. It knew an invisible { $breed } was there.
my-story-12 = { $Place }: a ball rolled across the ground with nobody kicking it. A playful { $breed }, I would say: Tomy.
my-story-13 = The baker saw a doughnut float out of his shop and head for this place: { $place }. Tomy the { $breed } has a sweet tooth.
my-story-14 = Listen closely at this spot: { $place }. That soft snoring is an invisible { $breed } dreaming of sausages.
my-story-15 = { $Place }: the puddles splash on their own after the rain. Only a { $breed } jumps in every one of them.
my-story-16 = A child's kite string was tugged away toward this place: { $place }. Tomy, our { $breed }, wanted to play.
my-story-17 = { $Place }: the flowers all lean the same way, as if a { $breed } had just brushed past them.
my-story-18 = The postman dropped his letters in fright here: { $place }. Something invisible barked like a { $breed }.
my-story-19 = Tomy is a { $breed } who loves a view, and the best view in town is from here: { $place }.
my-story-20 = { $Place }: a sandwich lost its ham while its owner looked away. That is a { $breed }'s trick.
my-story-21 = Three pigeons took off for no reason over there: { $place }. An invisible { $breed } was chasing them.
my-story-22 = { $Place }: the fresh snow shows round prints, just the size of a { $breed }'s paws.
my-story-23 = If I were an invisible { $breed }, I would hide in the one place nobody checks: { $place }.

## The rest after a reveal (issue 30, moments)
my-ev-ready_for_next_story = { $who } is ready for the next story.
my-act-next_story = Next story
my-phase-reveal = reveal
my-pause-title = The votes are revealed: Tomy was with the { $breed }!
my-pause-nobody = The votes are revealed: nobody could vote.
my-pause-vote = voted { $breed }
my-pause-no_vote = did not vote
my-pause-found = found Tomy
my-pause-drew = draws a card
my-pause-cards = { $n ->
        [one] { $n } card in hand
       *[other] { $n } cards in hand
    }
my-pause-game_over = End of game { $game }: { $scores }
