"""The terminal client's words, in English and French.

Every string the CLI shows goes through :class:`Tr`: ``tr("key", name="Ana")``. The table
:data:`MESSAGES` maps a key to its ``(english, french)`` pair, formatted with
:meth:`str.format`. Game vocabulary (cards, colours, breeds...) lives here too, under keys
such as ``tt.kind.bison``; :meth:`Tr.word` falls back to the raw value for a word the table
does not know, so a newer server never makes the client fail.

>>> Tr("fr")("you")
'vous'
>>> Tr("en").word("tt.colour", "violet")
'violet'
>>> Tr("en").word("tt.colour", "ultraviolet")
'ultraviolet'
"""

from __future__ import annotations

import os
from collections.abc import Mapping

LANGUAGES = ("en", "fr")

MESSAGES: dict[str, tuple[str, str]] = {
    # -- general -------------------------------------------------------------------------------
    "you": ("you", "vous"),
    "seat": ("seat", "place"),
    "seat_n": ("seat {n}", "place {n}"),
    "free_seat": ("(free)", "(libre)"),
    "bot": ("bot", "robot"),
    "ready": ("ready", "prêt"),
    "not_ready": ("not ready", "pas prêt"),
    "host": ("host", "hôte"),
    "private": ("private", "privé"),
    "private_tag": ("[private]", "[privé]"),
    "timeout_tag": ("(time out)", "(temps écoulé)"),
    "nobody": ("nobody", "personne"),
    "ev.unknown": ("({kind})", "({kind})"),
    "bot_level.random": ("random", "au hasard"),
    "bot_level.strong": ("strong", "fort"),
    "outcome_reason.target_score": (
        "a total reached the target score",
        "un total a atteint le score cible",
    ),
    "outcome_reason.all_freed": ("every spirit was freed", "tous les esprits sont libérés"),
    "outcome_reason.no_card_can_be_freed": (
        "no spirit can be freed any more",
        "plus aucun esprit ne peut être libéré",
    ),
    "outcome_reason.bag_exhausted": ("the bag is empty", "le sac est vide"),
    "outcome_reason.locations_exhausted": ("no locations left", "plus de lieux"),
    "outcome_reason.one_card_left": (
        "a player has one card left",
        "un joueur n'a plus qu'une carte",
    ),
    "outcome_reason.two_rounds": ("two rounds won", "deux manches gagnées"),
    "error": ("Error: {message} ({reason})", "Erreur : {message} ({reason})"),
    "error_plain": ("Error: {message}", "Erreur : {message}"),
    "reconnecting": (
        "reconnecting… (the server is unreachable, retrying)",
        "reconnexion… (serveur injoignable, nouvel essai)",
    ),
    "reconnected": ("reconnected.", "reconnecté."),
    "gave_up": (
        "The server stayed unreachable; giving up.",
        "Le serveur reste injoignable ; abandon.",
    ),
    "interrupted": ("Interrupted.", "Interrompu."),
    # -- session -------------------------------------------------------------------------------
    "logged_in": (
        "Logged in as {name} (player id {player_id}); session saved in {path}.",
        "Connecté en tant que {name} (identifiant {player_id}) ; session enregistrée dans {path}.",
    ),
    "guest_session": (
        "New guest session as {name}.",
        "Nouvelle session invitée au nom de {name}.",
    ),
    "second_player": (
        "Another `cercle play` uses your saved session: this terminal plays as a new guest, "
        "{name}.",
        "Un autre `cercle play` utilise votre session enregistrée : ce terminal joue en tant que "
        "nouvel invité, {name}.",
    ),
    # -- games ---------------------------------------------------------------------------------
    "games_title": ("Games on {address}:", "Jeux sur {address} :"),
    "players_range": ("{low}–{high} players", "{low} à {high} joueurs"),
    "players_one": ("{n} players", "{n} joueurs"),
    "options": ("options", "options"),
    # -- rooms ---------------------------------------------------------------------------------
    "no_rooms": ("No open public room.", "Aucune salle publique ouverte."),
    "rooms_title": ("Open public rooms:", "Salles publiques ouvertes :"),
    "room_line": (
        "{room_id}  {game:<9} {taken}/{total} seats  host {host}  {options}",
        "{room_id}  {game:<9} {taken}/{total} places  hôte {host}  {options}",
    ),
    "created": (
        "Room {room_id} created ({game}, {players} seats, {visibility}).",
        "Salle {room_id} créée ({game}, {players} places, {visibility}).",
    ),
    "join_code": ("Join code: {code}", "Code d'accès : {code}"),
    "public": ("public", "publique"),
    "private_room": ("private", "privée"),
    "joined_seat": (
        "Joined room {room_id} in seat {seat}.",
        "Salle {room_id} rejointe, place {seat}.",
    ),
    "joined_spectator": (
        "Watching room {room_id} as a spectator.",
        "Vous regardez la salle {room_id} en spectateur.",
    ),
    "marked_ready": ("Ready in room {room_id}.", "Prêt dans la salle {room_id}."),
    "marked_not_ready": ("Not ready in room {room_id}.", "Pas prêt dans la salle {room_id}."),
    "started": ("Match started in room {room_id}.", "Partie lancée dans la salle {room_id}."),
    "bot_added": ("Bot added in room {room_id}.", "Robot ajouté dans la salle {room_id}."),
    "left_room": ("You left room {room_id}.", "Vous avez quitté la salle {room_id}."),
    "status.open": ("open", "ouverte"),
    "status.playing": ("playing", "en cours"),
    "status.finished": ("finished", "terminée"),
    "status.abandoned": ("abandoned", "abandonnée"),
    "status.unspecified": ("unknown", "inconnu"),
    # -- lobby (interactive) -------------------------------------------------------------------
    "lobby_title": (
        "Room {room_id} · {game} · {status} · join code {code}",
        "Salle {room_id} · {game} · {status} · code {code}",
    ),
    "lobby_wait_others": (
        "Waiting for players: {free} free seat(s). Others can join with: cercle play {room_id}",
        "En attente de joueurs : {free} place(s) libre(s). Pour rejoindre : cercle play {room_id}",
    ),
    "lobby_wait_ready": (
        "Waiting for everyone to be ready…",
        "En attente que tout le monde soit prêt…",
    ),
    "lobby_host_hint": (
        "You are the host: the match starts when every seat is taken (Enter: start now).",
        "Vous êtes l'hôte : la partie commence quand toutes les places sont prises "
        "(Entrée : lancer).",
    ),
    "lobby_guest_hint": (
        "The host starts the match when every seat is taken.",
        "L'hôte lance la partie quand toutes les places sont prises.",
    ),
    "starting": ("Starting the match…", "Lancement de la partie…"),
    "quick_joined": (
        "Joined room {room_id} (seat {seat}).",
        "Salle {room_id} rejointe (place {seat}).",
    ),
    "quick_created": (
        "Created room {room_id}; waiting for other players.",
        "Salle {room_id} créée ; en attente des autres joueurs.",
    ),
    "bots_room": (
        "Created room {room_id} with {n} bot(s).",
        "Salle {room_id} créée avec {n} robot(s).",
    ),
    "choose_game": ("Which game? ", "Quel jeu ? "),
    "unknown_game_or_room": (
        "{what}: neither a game ({games}) nor a room the server knows.",
        "{what} : ni un jeu ({games}) ni une salle connue du serveur.",
    ),
    # -- playing -------------------------------------------------------------------------------
    "turn_of": ("Waiting for {names}", "On attend {names}"),
    "your_turn": ("Your turn!", "À vous de jouer !"),
    "time_left": ("{seconds} s left", "encore {seconds} s"),
    "time_warning": (
        "⏱ {seconds} s left to decide (then the server plays for you).",
        "⏱ encore {seconds} s pour décider (ensuite le serveur joue pour vous).",
    ),
    "actions_title": ("Your possible actions:", "Vos actions possibles :"),
    "prompt_choice": (
        "Choose 1–{n} (h: help, q: quit) > ",
        "Choisissez 1–{n} (h : aide, q : quitter) > ",
    ),
    "prompt_idle": ("(h: help, q: quit) > ", "(h : aide, q : quitter) > "),
    "invalid_choice": (
        "Invalid choice {text!r}: type a number from 1 to {n}.",
        "Choix invalide {text!r} : tapez un nombre de 1 à {n}.",
    ),
    "no_choice_now": (
        "There is nothing to choose right now.",
        "Il n'y a rien à choisir pour l'instant.",
    ),
    "refused": ("Refused: {message} ({reason})", "Refusé : {message} ({reason})"),
    "stale": (
        "The table moved on before your action; here is the new situation.",
        "La table a bougé avant votre action ; voici la nouvelle situation.",
    ),
    "auto_played": ("→ {label}", "→ {label}"),
    "story_prompt": (
        "Your story (1–500 characters; Enter keeps: “{example}”) > ",
        "Votre histoire (1 à 500 caractères ; Entrée garde : « {example} ») > ",
    ),
    "story_too_long": (
        "Too long: {n} characters (500 at most). Try again.",
        "Trop long : {n} caractères (500 au plus). Recommencez.",
    ),
    "help": (
        "Type the number of an action and Enter. The list refreshes on every move; out-of-turn "
        "calls appear in it as soon as they are possible. Enter alone redraws; q leaves "
        "(your seat stays, the server plays for you after time-outs).",
        "Tapez le numéro d'une action puis Entrée. La liste se met à jour à chaque coup ; les "
        "annonces hors tour y apparaissent dès qu'elles sont possibles. Entrée seule "
        "redessine ; q quitte (votre place reste, le serveur joue pour vous après les délais).",
    ),
    "spectating": ("You are watching as a spectator.", "Vous regardez en spectateur."),
    "quit": (
        "You left the table; the match goes on. Come back with: cercle play {room_id}",
        "Vous quittez la table ; la partie continue. Pour revenir : cercle play {room_id}",
    ),
    "events_title": ("Recent events:", "Derniers événements :"),
    "replay_hint": ("Replay: cercle replay {room_id}", "Rediffusion : cercle replay {room_id}"),
    "match_over": ("Match over.", "Partie terminée."),
    "winners": ("Winner(s): {names}", "Gagnant(s) : {names}"),
    "no_winner": ("No winner.", "Pas de gagnant."),
    "scores": ("Scores: {scores}", "Scores : {scores}"),
    "reason": ("Reason: {reason}", "Raison : {reason}"),
    "abandoned": ("The room was abandoned.", "La salle a été abandonnée."),
    # -- replay --------------------------------------------------------------------------------
    "replay_title": (
        "Replay of room {room_id}: {game}, {players} players ({names})",
        "Rediffusion de la salle {room_id} : {game}, {players} joueurs ({names})",
    ),
    "replay_step": ("#{version:<4} {seat}: {action}", "#{version:<4} {seat} : {action}"),
    "replay_timeout": ("(time out: the server played)", "(temps écoulé : le serveur a joué)"),
    "replay_seed": (
        "Seed {seed}, nonce {nonce}",
        "Graine {seed}, nonce {nonce}",
    ),
    "replay_commitment": (
        'sha256("<seed>:<nonce>") = {digest}\ncommitment published at the start = {commitment}',
        'sha256("<graine>:<nonce>") = {digest}\nengagement publié au début = {commitment}',
    ),
    "commitment_ok": (
        "✓ Commitment verified: the shuffles were fixed before the first move.",
        "✓ Engagement vérifié : les mélanges étaient fixés avant le premier coup.",
    ),
    "commitment_bad": (
        "✗ Commitment MISMATCH: this replay does not match what was announced.",
        "✗ Engagement NON CONFORME : cette rediffusion ne correspond pas à l'annonce.",
    ),
    # -- service events (every game) -----------------------------------------------------------
    "ev.created": ("{who} opened the room.", "{who} a ouvert la salle."),
    "ev.joined": ("{who} sat down.", "{who} s'est assis(e)."),
    "ev.left": ("{who} left.", "{who} est parti(e)."),
    "ev.ready": ("{who} changed ready state.", "{who} a changé son état « prêt »."),
    "ev.ready_on": ("{who} is ready.", "{who} est prêt(e)."),
    "ev.ready_off": ("{who} is not ready.", "{who} n'est plus prêt(e)."),
    "ev.bot_added": ("A bot sat down.", "Un robot s'est installé."),
    "ev.bot_removed": ("A bot left.", "Un robot est parti."),
    "ev.spectator_joined": ("A spectator arrived.", "Un spectateur est arrivé."),
    "ev.spectator_left": ("A spectator left.", "Un spectateur est parti."),
    "ev.match_started": (
        "The match starts! Seed commitment {commitment}…",
        "La partie commence ! Engagement de la graine {commitment}…",
    ),
    "ev.match_finished": ("The match is over.", "La partie est terminée."),
    "ev.seat_taken_over": (
        "{who} is away: a bot plays for them.",
        "{who} est absent(e) : un robot joue à sa place.",
    ),
    "ev.seat_taken_back": ("{who} is back.", "{who} est de retour."),
    # -- Tomahawk ------------------------------------------------------------------------------
    "tt.kind.bison": ("Bison", "Bison"),
    "tt.kind.eagle": ("Eagle", "Aigle"),
    "tt.kind.wolf": ("Wolf", "Loup"),
    "tt.kind.bear": ("Bear", "Ours"),
    "tt.kind.tipi": ("Tipi", "Tipi"),
    "tt.kind.feather": ("Feather", "Plume"),
    "tt.kind.totem": ("Totem", "Totem"),
    "tt.kind.bow": ("Bow", "Arc"),
    "tt.kind.canoe": ("Canoe", "Canoë"),
    "tt.kind.sun": ("Sun", "Soleil"),
    "tt.kind.sheriff_1": ("Sheriff +1", "Shérif +1"),
    "tt.kind.sheriff_2": ("Sheriff +2", "Shérif +2"),
    "tt.kind.sheriff_3": ("Sheriff +3", "Shérif +3"),
    "tt.kind.skip": ("Skip", "Passe ton tour"),
    "tt.kind.reverse": ("Reverse", "Contresens"),
    "tt.kind.shield": ("Shield", "Bouclier"),
    "tt.kind.diamond": ("Diamond", "Diamant"),
    "tt.kind.calumet": ("Calumet", "Calumet"),
    "tt.kind.shaman": ("Shaman", "Chamane"),
    "tt.kind.wheel": ("Wheel of Time", "Roue du Temps"),
    "tt.colour.red": ("red", "rouge"),
    "tt.colour.blue": ("blue", "bleu"),
    "tt.colour.violet": ("violet", "violet"),
    "tt.colour.white": ("white", "blanc"),
    "tt.colour_f.red": ("red", "rouge"),
    "tt.colour_f.blue": ("blue", "bleue"),
    "tt.colour_f.violet": ("violet", "violette"),
    "tt.colour_f.white": ("white", "blanche"),
    "tt.card": ("{colour} {kind}", "{kind} {colour}"),
    "tt.card_id": ("card #{id}", "carte n°{id}"),
    "tt.phase.play": ("play", "jouer"),
    "tt.phase.name_colour": ("name the colour", "nommer la couleur"),
    "tt.phase.face_sheriff": ("facing a Sheriff draw", "face à une pioche du Shérif"),
    "tt.phase.face_skip": ("facing a Skip", "face à un Passe ton tour"),
    "tt.phase.drawn": ("play the drawn card or keep it", "jouer la carte piochée ou la garder"),
    "tt.phase.match_over": ("match over", "partie terminée"),
    "tt.header": (
        "Round {round} · target {target} · {direction} · draw pile {draw} · discard {discard}",
        "Manche {round} · objectif {target} · {direction} · pioche {draw} · défausse {discard}",
    ),
    "tt.clockwise": ("clockwise ↻", "sens horaire ↻"),
    "tt.counter": ("counter-clockwise ↺", "sens anti-horaire ↺"),
    "tt.top": (
        "Top card: {card} · current colour: {colour}",
        "Carte du dessus : {card} · couleur : {colour}",
    ),
    "tt.colour_to_name": ("(to be named)", "(à nommer)"),
    "tt.turn": ("Turn: {name} ({phase})", "Au tour de : {name} ({phase})"),
    "tt.pending": (
        "Pending Sheriff draw: +{n} (cast by {caster})",
        "Pioche du Shérif en attente : +{n} (lancée par {caster})",
    ),
    "tt.skip_pending": (
        "Pending Skip (cast by {caster})",
        "Passe ton tour en attente (lancé par {caster})",
    ),
    "tt.agilite_window": (
        "AGILITÉ! window: {card} played by {name}",
        "Fenêtre AGILITÉ ! : {card} joué par {name}",
    ),
    "tt.seat_line": (
        "{cards:>2} card(s) · total {total}",
        "{cards:>2} carte(s) · total {total}",
    ),
    "tt.called": ("TOMAHAWK! called", "TOMAHAWK ! annoncé"),
    "tt.catchable": (
        "one card, no TOMAHAWK! (SHÉRIF! possible)",
        "une carte sans TOMAHAWK ! (SHÉRIF ! possible)",
    ),
    "tt.skips_next": ("skips next turn", "passe son prochain tour"),
    "tt.shaman_back": (
        "Shaman could send back to {name} ({draw})",
        "le Chamane peut renvoyer à {name} ({draw})",
    ),
    "tt.shaman_skip": ("a Skip", "un Passe ton tour"),
    "tt.shaman_draw": ("+{n}", "+{n}"),
    "tt.hand": ("Your hand:", "Votre main :"),
    "tt.drawn_card": ("Drawn card (you may play it): {card}", "Carte piochée (jouable) : {card}"),
    "tt.last_round": (
        "Last round {round}: {winner} · points {points}",
        "Manche {round} précédente : {winner} · points {points}",
    ),
    "tt.last_round_winner": ("won by {name}", "gagnée par {name}"),
    "tt.last_round_blocked": ("blocked (no winner)", "bloquée (pas de gagnant)"),
    "tt.act.play_card": ("Play {card}", "Jouer {card}"),
    "tt.act.with_colour": ("→ colour {colour}", "→ couleur {colour}"),
    "tt.act.with_target": ("→ swap hands with {name}", "→ échanger les mains avec {name}"),
    "tt.act.with_tomahawk": ("+ TOMAHAWK!", "+ TOMAHAWK !"),
    "tt.act.draw": ("Draw a card", "Piocher une carte"),
    "tt.act.pass": ("Keep the drawn card (end of turn)", "Garder la carte piochée (fin du tour)"),
    "tt.act.take_pending_draw": (
        "Take the Sheriff draw (+{n})",
        "Encaisser la pioche du Shérif (+{n})",
    ),
    "tt.act.take_skip": (
        "Take the Skip (lose your turn)",
        "Subir le Passe ton tour (perdre le tour)",
    ),
    "tt.act.name_colour": ("Name the colour: {colour}", "Nommer la couleur : {colour}"),
    "tt.act.combo": (
        "COMBO! the four {symbol}s → colour {colour}",
        "COMBO ! les quatre {symbol} → couleur {colour}",
    ),
    "tt.act.agilite": ("AGILITÉ! {card}", "AGILITÉ ! {card}"),
    "tt.act.call_tomahawk": (
        "TOMAHAWK! (announce your last card)",
        "TOMAHAWK ! (annoncer votre dernière carte)",
    ),
    "tt.act.call_sherif": ("SHÉRIF! on {name}", "SHÉRIF ! sur {name}"),
    "tt.ev.round_started": (
        "Round {round} starts: {starter} begins, first card {card}.",
        "La manche {round} commence : {starter} débute, première carte {card}.",
    ),
    "tt.ev.hand_dealt": ("Your new hand: {cards}", "Votre nouvelle main : {cards}"),
    "tt.ev.hand_dealt.other": ("{who}'s new hand: {cards}", "Nouvelle main de {who} : {cards}"),
    "tt.ev.colour_named": ("{who} names the colour {colour}.", "{who} nomme la couleur {colour}."),
    "tt.ev.card_played": ("{who} plays {card}.", "{who} joue {card}."),
    "tt.ev.card_played_agilite": (
        "AGILITÉ! {who} jumps in with {card}.",
        "AGILITÉ ! {who} intervient avec {card}.",
    ),
    "tt.ev.colour_now": ("Colour: {colour}.", "Couleur : {colour}."),
    "tt.ev.swap_with": ("Swap with {name}.", "Échange avec {name}."),
    "tt.ev.combo_played": (
        "COMBO! {who} plays the four {symbol}s; colour {colour}.",
        "COMBO ! {who} joue les quatre {symbol} ; couleur {colour}.",
    ),
    "tt.ev.sheriff_pending": (
        "{who} faces a Sheriff draw of {total} (from {caster}).",
        "{who} fait face à une pioche du Shérif de {total} (de {caster}).",
    ),
    "tt.ev.skip_pending": (
        "{who} faces a Skip (from {caster}).",
        "{who} fait face à un Passe ton tour (de {caster}).",
    ),
    "tt.ev.turn_skipped": ("{who} loses a turn.", "{who} perd son tour."),
    "tt.ev.effect_returned": (
        "{by} from {who}: the effect goes back to {to}{draw}.",
        "{by} de {who} : l'effet revient à {to}{draw}.",
    ),
    "tt.ev.returned_draw": (" who draws {n}", " qui pioche {n}"),
    "tt.by.shield": ("Shield", "Bouclier"),
    "tt.by.shaman": ("Shaman", "Chamane"),
    "tt.ev.direction_changed": (
        "Direction is now {direction}.",
        "Le sens est maintenant {direction}.",
    ),
    "tt.ev.hands_swapped": (
        "{who} swaps hands with {target}.",
        "{who} échange sa main avec {target}.",
    ),
    "tt.ev.hands_passed": (
        "Every hand passes to the next player!",
        "Toutes les mains passent au joueur suivant !",
    ),
    "tt.ev.hand_received": ("Your hand is now: {cards}", "Votre main est maintenant : {cards}"),
    "tt.ev.hand_received.other": ("{who}'s hand is now: {cards}", "Main de {who} : {cards}"),
    "tt.ev.drew": ("{who} draws {count} card(s){why}.", "{who} pioche {count} carte(s){why}."),
    "tt.why.turn": ("", ""),
    "tt.why.sheriff": (" (Sheriff)", " (Shérif)"),
    "tt.why.returned": (" (effect returned)", " (effet renvoyé)"),
    "tt.why.sherif": (" (caught by SHÉRIF!)", " (pris par SHÉRIF !)"),
    "tt.why.penalty": (" (penalty)", " (pénalité)"),
    "tt.ev.drew_cards": ("You drew: {cards}", "Vous avez pioché : {cards}"),
    "tt.ev.drew_cards.other": ("{who} drew: {cards}", "{who} a pioché : {cards}"),
    "tt.ev.reshuffled": (
        "The discard pile is shuffled into a new draw pile ({n} cards).",
        "La défausse est mélangée en une nouvelle pioche ({n} cartes).",
    ),
    "tt.ev.passed": ("{who} passes{why}.", "{who} passe{why}."),
    "tt.penalty.bad_sherif": (
        "SHÉRIF! on a player without one card",
        "SHÉRIF ! sur un joueur qui n'a pas une carte",
    ),
    "tt.penalty.bad_agilite": (
        "AGILITÉ! with a card that is not identical",
        "AGILITÉ ! avec une carte non identique",
    ),
    "tt.outcome": (
        "{rounds} rounds played to {target} points.",
        "{rounds} manches jouées en {target} points.",
    ),
    "tt.why.kept_drawn_card": (" (keeps the drawn card)", " (garde la carte piochée)"),
    "tt.why.nothing_to_draw": (" (nothing to draw)", " (rien à piocher)"),
    "tt.ev.tomahawk_called": (
        "TOMAHAWK! {who} has one card left.",
        "TOMAHAWK ! {who} n'a plus qu'une carte.",
    ),
    "tt.ev.sherif_called": (
        "SHÉRIF! {who} calls on {target}: {result}.",
        "SHÉRIF ! {who} interpelle {target} : {result}.",
    ),
    "tt.caught": ("caught", "pris(e)"),
    "tt.not_caught": ("too late", "trop tard"),
    "tt.ev.penalty": (
        "Bad faith! {who} draws {n} penalty cards ({reason}).",
        "Mauvaise foi ! {who} pioche {n} cartes de pénalité ({reason}).",
    ),
    "tt.ev.round_ended": (
        "Round {round} over: {result}. Totals: {totals}",
        "Fin de la manche {round} : {result}. Totaux : {totals}",
    ),
    "tt.ev.round_won": ("{name} empties their hand", "{name} vide sa main"),
    "tt.ev.round_blocked": ("blocked, no winner", "bloquée, pas de gagnant"),
    "tt.ev.match_ended": (
        "Match over! Winner(s): {names}.",
        "Fin de partie ! Gagnant(s) : {names}.",
    ),
    # -- Tamashii ------------------------------------------------------------------------------
    "tm.gem.blue": ("blue", "bleu"),
    "tm.gem.red": ("red", "rouge"),
    "tm.gem.yellow": ("yellow", "jaune"),
    "tm.gem.black": ("black", "noir"),
    "tm.power.RETURN_EXCESS": ("excess gems back to the bag", "surplus remis dans le sac"),
    "tm.power.RETURN_TWO_YELLOW": (
        "2 yellow gems back to the bag",
        "2 gemmes jaunes remises dans le sac",
    ),
    "tm.power.REMOVE_BLACK": ("a black gem leaves the bag", "une gemme noire quitte le sac"),
    "tm.power.PEEK": ("peek at a card", "regarder une carte"),
    "tm.power.NONE": ("no power", "pas de pouvoir"),
    "tm.phase.CHOOSE": ("choosing", "choix"),
    "tm.phase.GATHERING": ("gathering gems", "récolte de gemmes"),
    "tm.phase.POWER_PEEK": ("Tsuchi's peek", "coup d'œil de Tsuchi"),
    "tm.phase.OVER": ("over", "terminée"),
    "tm.level.NOVICE": ("NOVICE", "NOVICE"),
    "tm.level.EASY": ("EASY", "FACILE"),
    "tm.level.STANDARD": ("STANDARD", "STANDARD"),
    "tm.level.HARD": ("HARD", "DIFFICILE"),
    "tm.level.NIGHTMARE": ("NIGHTMARE", "CAUCHEMAR"),
    # The spirits' proper names (the catalogue's ``spirits``), the same in both languages.
    "tm.spirit.1": ("Kaze", "Kaze"),
    "tm.spirit.2": ("Hi", "Hi"),
    "tm.spirit.3": ("Mizu", "Mizu"),
    "tm.spirit.4": ("Tsuchi", "Tsuchi"),
    "tm.spirit.5": ("Hikari", "Hikari"),
    "tm.spirit.6": ("Yami", "Yami"),
    # TM-END-2: the verdict lines (the French ones are the source's).
    "tm.verdict.JUST_A_GAME": (
        "Just a game, let's do better next time!",
        "Ce n'est qu'un jeu, faisons mieux la prochaine fois !",
    ),
    "tm.verdict.NOT_BAD": ("Not bad!", "Pas mal !"),
    "tm.verdict.GOOD_WORK": ("Good work!", "Bon travail !"),
    "tm.verdict.VERY_GOOD_WORK": ("Very good work!", "Très bon travail !"),
    "tm.verdict.WONDERFUL": (
        "Wonderful! Let's try a harder level next time!",
        "Formidable ! Essayons un niveau plus difficile la prochaine fois !",
    ),
    "tm.header": (
        "Level {level} · freed {freed}/6 · {phase} · turn: {name}",
        "Niveau {level} · libérés {freed}/6 · {phase} · tour : {name}",
    ),
    "tm.no_gems": ("no gems", "aucune gemme"),
    "tm.face_down": ("face down", "face cachée"),
    "tm.freed_card": (
        "FREED {name} (needs {needs}; {power})",
        "LIBÉRÉ {name} (besoins {needs} ; {power})",
    ),
    "tm.on_card": ("on it: {gems}", "dessus : {gems}"),
    "tm.peeked_by": ("peeked by {names}", "regardée par {names}"),
    "tm.bag": ("Bag: {gems} ({n} gems)", "Sac : {gems} ({n} gemmes)"),
    "tm.drawn": ("Drawn this turn: {gems}", "Piochées ce tour : {gems}"),
    "tm.removed": ("Removed: {gems}", "Retirées : {gems}"),
    "tm.my_peek": ("You saw slot {slot}: {card}", "Vous avez vu l'emplacement {slot} : {card}"),
    "tm.seen_by_all": (
        "Everyone saw slot {slot}: {card}",
        "Tout le monde a vu l'emplacement {slot} : {card}",
    ),
    "tm.card": ("{name} (needs {needs}; {power})", "{name} (besoins {needs} ; {power})"),
    "tm.verdict": ("Verdict: {verdict}", "Verdict : {verdict}"),
    "tm.act.peek": ("Peek at slot {slot}", "Regarder l'emplacement {slot}"),
    "tm.act.gather": ("Gather: draw a gem from the bag", "Récolter : piocher une gemme"),
    "tm.act.draw_again": ("Draw another gem", "Piocher une gemme de plus"),
    "tm.act.place": (
        "Place the drawn gems on slot {slot}",
        "Poser les gemmes sur l'emplacement {slot}",
    ),
    "tm.act.place_free": (
        "Place the drawn gems on slot {slot} and try to free it",
        "Poser les gemmes sur l'emplacement {slot} et tenter de le libérer",
    ),
    "tm.act.power_peek": (
        "Tsuchi's power: peek at slot {slot}",
        "Pouvoir de Tsuchi : regarder l'emplacement {slot}",
    ),
    "tm.ev.slot_peeked": (
        "{who} peeks at slot {slot}{power}.",
        "{who} regarde l'emplacement {slot}{power}.",
    ),
    "tm.by_power": (" (Tsuchi's power)", " (pouvoir de Tsuchi)"),
    "tm.ev.peeked": ("You saw slot {slot}: {name}.", "Vous avez vu l'emplacement {slot} : {name}."),
    "tm.ev.peeked.other": (
        "{who} saw slot {slot}: {name}.",
        "{who} a vu l'emplacement {slot} : {name}.",
    ),
    "tm.ev.gem_drawn": ("{who} draws a {colour} gem.", "{who} pioche une gemme {colour}."),
    "tm.ev.bust": (
        "Black gem! {who} busts: {gems} back to the bag.",
        "Gemme noire ! {who} perd tout : {gems} retournent au sac.",
    ),
    "tm.ev.gems_placed": (
        "{who} places {gems} on slot {slot}{free}.",
        "{who} pose {gems} sur l'emplacement {slot}{free}.",
    ),
    "tm.try_free": (" and tries to free it", " et tente de le libérer"),
    "tm.ev.freed": (
        "{name} is FREED (slot {slot})! Excess {gems} → {to}.",
        "{name} est LIBÉRÉ (emplacement {slot}) ! Surplus {gems} → {to}.",
    ),
    "tm.to.bag": ("bag", "sac"),
    "tm.to.removed": ("removed", "retirées"),
    "tm.ev.liberation_failed": (
        "Slot {slot} was {name}: not enough gems, {gems} removed.",
        "L'emplacement {slot} était {name} : pas assez de gemmes, {gems} retirées.",
    ),
    "tm.ev.power_applied": ("{name}'s power: {power}.", "Pouvoir de {name} : {power}."),
    "tm.ev.turn_timed_out": ("{who}'s time ran out.", "Le temps de {who} est écoulé."),
    "tm.ev.gem_eroded": (
        "Erosion: a {colour} gem leaves the bag.",
        "Érosion : une gemme {colour} quitte le sac.",
    ),
    "tm.ev.gem_eroded_none": ("Erosion: nothing to take.", "Érosion : rien à retirer."),
    "tm.ev.turn_started": ("{who}'s turn.", "Au tour de {who}."),
    "tm.ev.match_over": (
        "Over: {freed} Tamashii freed. {verdict}",
        "Fin : {freed} Tamashii libérés. {verdict}",
    ),
    # -- Tomy ----------------------------------------------------------------------------------
    "my.breed.cocker": ("Cocker Spaniel", "Cocker"),
    "my.breed.teckel": ("Dachshund", "Teckel"),
    "my.breed.husky": ("Husky", "Husky"),
    "my.breed.yorkshire": ("Yorkshire Terrier", "Yorkshire"),
    "my.breed.caniche": ("Poodle", "Caniche"),
    "my.breed.dalmatien": ("Dalmatian", "Dalmatien"),
    "my.phase.story": ("stories", "histoires"),
    "my.phase.vote": ("vote", "vote"),
    "my.phase.tie": ("tie break", "départage"),
    "my.phase.over": ("over", "terminée"),
    "my.header": (
        "Game {game} · turn {turn} · {phase} · leash: {leash}",
        "Manche {game} · tour {turn} · {phase} · laisse : {leash}",
    ),
    "my.storyteller": ("Storyteller now: {name}", "Conteur maintenant : {name}"),
    "my.column": ("[{column}] {breed:<18} {place}", "[{column}] {breed:<18} {place}"),
    "my.no_place": ("(no place)", "(aucun lieu)"),
    "my.story_by": ("{name}: “{story}”", "{name} : « {story} »"),
    "my.players": ("Players:", "Joueurs :"),
    "my.player_line": ("{name}: {cards} card(s){flags}", "{name} : {cards} carte(s){flags}"),
    "my.flag.passed": ("passed", "a passé"),
    "my.flag.voted": ("voted", "a voté"),
    "my.flag.sitting_out": ("sits out", "ne vote pas"),
    "my.flag.leash": ("leash", "laisse"),
    "my.hand": ("Your dogs:", "Vos chiens :"),
    "my.my_vote": ("Your vote: {card}", "Votre vote : {card}"),
    "my.tie": ("Tie between: {breeds}", "Égalité entre : {breeds}"),
    "my.last_turn": ("Last turn: {result}", "Tour précédent : {result}"),
    "my.piles": (
        "Dog deck {dogs} · dog discards {dog_discards} · place deck {places}",
        "Pioche de chiens {dogs} · défausse {dog_discards} · pioche de lieux {places}",
    ),
    "my.totals": ("Totals: {totals} (target {target})", "Totaux : {totals} (objectif {target})"),
    "my.dog": ("{breed} #{card}", "{breed} n°{card}"),
    "my.act.propose": (
        "Tell a story: Tomy is at {place} ({breed})",
        "Raconter : Tomy est à {place} ({breed})",
    ),
    "my.act.pass": ("Pass (say nothing this turn)", "Passer (ne rien dire ce tour)"),
    "my.act.vote": ("Vote with {card}", "Voter avec {card}"),
    "my.act.break_tie": ("Break the tie: {breed}", "Départager : {breed}"),
    "my.ev.story_proposed": (
        "{who}: Tomy is at {place} ({breed}): “{story}”",
        "{who} : Tomy est à {place} ({breed}) : « {story} »",
    ),
    "my.ev.passed": ("{who} passes.", "{who} passe."),
    "my.ev.vote_started": ("Vote! Breeds: {breeds}.{out}", "Au vote ! Races : {breeds}.{out}"),
    "my.ev.sitting_out": (" Sitting out: {names}.", " Ne votent pas : {names}."),
    "my.ev.voted": ("{who} voted.", "{who} a voté."),
    "my.ev.own_vote": ("You voted with {card}.", "Vous avez voté avec {card}."),
    "my.ev.own_vote.other": ("Sealed vote: {card}.", "Vote caché : {card}."),
    "my.ev.sat_out": ("{who} sits the vote out.", "{who} ne vote pas."),
    "my.ev.votes_revealed": ("Votes: {votes}.", "Votes : {votes}."),
    "my.ev.no_votes": ("Nobody could vote.", "Personne n'a pu voter."),
    "my.ev.tie": ("Tie! {who} picks among {breeds}.", "Égalité ! {who} choisit parmi {breeds}."),
    "my.ev.tie_broken": ("{who} picks {breed}.", "{who} choisit {breed}."),
    "my.ev.turn_result": (
        "Tomy was at {breed}'s place! Must draw: {names}.",
        "Tomy était chez le {breed} ! Piochent : {names}.",
    ),
    "my.ev.turn_no_result": ("No breed wins this turn.", "Aucune race ne gagne ce tour."),
    "my.ev.dog_deck_reshuffled": (
        "The dog discards become a new deck ({n} cards).",
        "La défausse de chiens devient une pioche ({n} cartes).",
    ),
    "my.ev.card_drawn": ("{who} draws a dog card.", "{who} pioche une carte chien."),
    "my.ev.own_draw": ("You drew {card}.", "Vous avez pioché {card}."),
    "my.ev.own_draw.other": ("Card drawn: {card}.", "Carte piochée : {card}."),
    "my.ev.no_card_to_draw": ("{who} has nothing to draw.", "{who} n'a rien à piocher."),
    "my.ev.locations_discarded": (
        "Places discarded under {breeds}.",
        "Lieux défaussés sous {breeds}.",
    ),
    "my.ev.row_refilled": ("New places: {places}.", "Nouveaux lieux : {places}."),
    "my.ev.location_deck_short": (
        "Not enough places left: the game ends.",
        "Plus assez de lieux : la manche s'arrête.",
    ),
    "my.ev.turn_started": (
        "Turn {turn}: {who} holds the leash.",
        "Tour {turn} : {who} tient la laisse.",
    ),
    "my.ev.game_over": (
        "Game {game} over ({reason}): {names} adopt(s) Tomy.",
        "Manche {game} terminée ({reason}) : {names} adopte(nt) Tomy.",
    ),
    "my.ev.round_scored": (
        "Game {game} scores: {scores}; totals {totals}.",
        "Points de la manche {game} : {scores} ; totaux {totals}.",
    ),
    "my.ev.game_started": (
        "Game {game} dealt; {who} holds the leash.",
        "Manche {game} distribuée ; {who} tient la laisse.",
    ),
    "my.ev.hand_dealt": ("Your new dogs: {cards}", "Vos nouveaux chiens : {cards}"),
    "my.ev.hand_dealt.other": ("New dogs: {cards}", "Nouveaux chiens : {cards}"),
    "my.ev.match_over": (
        "Match over ({reason}): {names} win(s).",
        "Fin de partie ({reason}) : {names} gagne(nt).",
    ),
    "my.reason.one_card_left": ("a player holds one card", "un joueur n'a plus qu'une carte"),
    "my.reason.locations_exhausted": ("no more places", "plus de lieux"),
    "my.reason.target_score": ("target score reached", "score cible atteint"),
    "my.outcome.round": ("Game {game}: {scores}", "Manche {game} : {scores}"),
    "my.outcome.hands": ("Cards left: {counts}", "Cartes restantes : {counts}"),
    # -- Awimbawé ------------------------------------------------------------------------------
    "aw.animal.mouse": ("Mouse", "Souris"),
    "aw.animal.rhino": ("Rhino", "Rhinocéros"),
    "aw.animal.cheetah": ("Cheetah", "Guépard"),
    "aw.animal.hyena": ("Hyena", "Hyène"),
    "aw.animal.snake": ("Snake", "Serpent"),
    "aw.animal.elephant": ("Elephant", "Éléphant"),
    "aw.animal.eagle": ("Eagle", "Aigle"),
    "aw.colour.green": ("green", "vert"),
    "aw.colour.yellow": ("yellow", "jaune"),
    "aw.colour.black": ("black", "noir"),
    "aw.colour.brown": ("brown", "marron"),
    "aw.colour.sky": ("sky", "ciel"),
    "aw.colour_f.green": ("green", "verte"),
    "aw.colour_f.yellow": ("yellow", "jaune"),
    "aw.colour_f.black": ("black", "noire"),
    "aw.colour_f.brown": ("brown", "marron"),
    "aw.colour_f.sky": ("sky", "ciel"),
    "aw.card": ("{colour} {animal} {value}", "{animal} {colour} {value}"),
    "aw.heir.silver": ("silver", "argent"),
    "aw.heir.gold": ("gold", "or"),
    "aw.heir_name.0": ("white tiger", "tigre blanc"),
    "aw.heir_name.1": ("black panther", "panthère noire"),
    "aw.decision.play": ("play a card", "jouer une carte"),
    "aw.decision.eagle": ("Eagle: fight or flee", "Aigle : combattre ou fuir"),
    "aw.decision.rhino": ("Rhino power", "pouvoir du Rhinocéros"),
    "aw.decision.snake": ("Snake power", "pouvoir du Serpent"),
    "aw.decision.cheetah": ("Cheetah power", "pouvoir du Guépard"),
    "aw.decision.choose_leader": (
        "choose who leads the next round",
        "choisir qui entame la manche suivante",
    ),
    "aw.header": (
        "Round {round} · leader {leader} · now: {name} ({decision})",
        "Manche {round} · entame {leader} · maintenant : {name} ({decision})",
    ),
    "aw.side": (
        "{name} · {heir_name} ({heir}) · rounds won {rounds} · hand {hand} · "
        "tricks {tricks} · hyenas {hyenas}",
        "{name} · {heir_name} ({heir}) · manches gagnées {rounds} · main {hand} · "
        "plis {tricks} · hyènes {hyenas}",
    ),
    "aw.piles": ("piles:", "piles :"),
    "aw.face_down": ("?", "?"),
    "aw.empty_pile": ("(empty)", "(vide)"),
    "aw.paralysed": ("paralysed: {cards}", "paralysées : {cards}"),
    "aw.paralysed_unknown": ("{n} hidden", "{n} cachée(s)"),
    "aw.trick": ("Trick: {cards}", "Pli : {cards}"),
    "aw.trick_empty": ("Trick: (no card yet)", "Pli : (pas encore de carte)"),
    "aw.hand": ("Your hand: {cards}", "Votre main : {cards}"),
    "aw.next_leader": (
        "Cheetah: {name} leads the next trick",
        "Guépard : {name} entame le pli suivant",
    ),
    "aw.last_trick": (
        "Last trick: {led} / {followed} → {name}",
        "Dernier pli : {led} / {followed} → {name}",
    ),
    "aw.round_result": (
        "Round {round}: {name} ({reason}) crowns {crowns} hyenas {hyenas}",
        "Manche {round} : {name} ({reason}) couronnes {crowns} hyènes {hyenas}",
    ),
    "aw.snake_positions": (
        "Snake: {n} hand positions to pick from",
        "Serpent : {n} positions de main au choix",
    ),
    "aw.from_hand": ("hand", "main"),
    "aw.from_pile": ("pile {pile}", "pile {pile}"),
    "aw.act.play_card": ("Play {card} ({source})", "Jouer {card} ({source})"),
    "aw.act.fight": (
        "Eagle: FIGHT (win the trick as a trump)",
        "Aigle : COMBATTRE (gagner le pli en atout)",
    ),
    "aw.act.flee": (
        "Eagle: FLEE (the leader wins the trick)",
        "Aigle : FUIR (l'entame gagne le pli)",
    ),
    "aw.act.rhino_move": (
        "Rhino: move {name}'s pile {from_pile} top under pile {to_pile}",
        "Rhinocéros : glisser le dessus de la pile {from_pile} de {name} sous la pile {to_pile}",
    ),
    "aw.act.skip_power": ("Do not use the power", "Ne pas utiliser le pouvoir"),
    "aw.act.cheetah_choice": (
        "Cheetah: {name} leads the next trick",
        "Guépard : {name} entame le pli suivant",
    ),
    "aw.act.snake_card": ("Snake: paralyse {card}", "Serpent : paralyser {card}"),
    "aw.act.snake_hand": (
        "Snake: paralyse a hidden card of {name}'s hand (position {n})",
        "Serpent : paralyser une carte cachée de la main de {name} (position {n})",
    ),
    "aw.act.choose_leader": ("{name} leads the next round", "{name} entame la manche suivante"),
    "aw.ev.card_played": ("{who} plays {card} ({source}).", "{who} joue {card} ({source})."),
    "aw.ev.paralysis_ended": (
        "{who}'s paralysed cards are free again.",
        "Les cartes paralysées de {who} sont libérées.",
    ),
    "aw.ev.power_without_effect": (
        "{who}'s {power} has nothing to do.",
        "Le {power} de {who} n'a aucun effet possible.",
    ),
    "aw.ev.power_skipped": ("{who} does not use the {power}.", "{who} n'utilise pas le {power}."),
    "aw.ev.eagle_fight": ("{who}'s Eagle FIGHTS!", "L'Aigle de {who} COMBAT !"),
    "aw.ev.eagle_flee": ("{who}'s Eagle FLEES.", "L'Aigle de {who} FUIT."),
    "aw.ev.rhino_move": (
        "Rhino: {who} moves {card} from {owner}'s pile {from_pile} under pile {to_pile}.",
        "Rhinocéros : {who} glisse {card} de la pile {from_pile} de {owner} "
        "sous la pile {to_pile}.",
    ),
    "aw.hidden_card": ("a face-down card", "une carte face cachée"),
    "aw.ev.card_paralysed": (
        "Snake: {who} paralyses {card} of {owner}.",
        "Serpent : {who} paralyse {card} de {owner}.",
    ),
    "aw.ev.card_paralysed_hand": (
        "Snake: {who} paralyses a hidden card in {owner}'s hand.",
        "Serpent : {who} paralyse une carte cachée de la main de {owner}.",
    ),
    "aw.ev.hand_card_paralysed": ("Your {card} is paralysed.", "Votre {card} est paralysé(e)."),
    "aw.ev.hand_card_paralysed.other": (
        "{who}'s {card} is paralysed.",
        "{card} de {who} est paralysé(e).",
    ),
    "aw.ev.cheetah_choice": (
        "Cheetah: {who} names {leader} to lead the next trick.",
        "Guépard : {who} désigne {leader} pour entamer le pli suivant.",
    ),
    "aw.ev.trick_won": (
        "{winner} wins the trick ({cards}).",
        "{winner} remporte le pli ({cards}).",
    ),
    "aw.ev.cards_turned_up": ("Turned face up: {cards}.", "Retournées face visible : {cards}."),
    "aw.ev.next_leader": ("{who} leads next.", "{who} entame ensuite."),
    "aw.ev.round_over": (
        "Round {round} won by {winner} ({reason}); crowns {crowns}, hyenas {hyenas}.",
        "Manche {round} gagnée par {winner} ({reason}) ; couronnes {crowns}, hyènes {hyenas}.",
    ),
    "aw.reason.FOUR_HYENAS": ("four Hyenas", "quatre hyènes"),
    "aw.reason.MORE_CROWNS": ("more crowns", "plus de couronnes"),
    "aw.reason.FEWER_HYENAS": ("fewer Hyenas", "moins de hyènes"),
    "aw.reason.LAST_TRICK": ("last trick", "dernier pli"),
    "aw.ev.match_over": (
        "{winner} wins the match and is crowned!",
        "{winner} gagne la partie et est couronné(e) !",
    ),
    "aw.ev.leader_chosen": (
        "{who} chooses {leader} to lead the next round.",
        "{who} choisit {leader} pour entamer la manche suivante.",
    ),
    "aw.ev.round_dealt": (
        "Round {round} dealt; {leader} leads.",
        "Manche {round} distribuée ; {leader} entame.",
    ),
    "aw.ev.hand_dealt": ("Your new hand: {cards}", "Votre nouvelle main : {cards}"),
    "aw.ev.hand_dealt.other": ("{who}'s new hand: {cards}", "Nouvelle main de {who} : {cards}"),
}


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """``fr`` when ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG`` starts with ``fr``, else ``en``.

    >>> detect_language({"LANG": "fr_FR.UTF-8"})
    'fr'
    >>> detect_language({"LANG": "C.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


class Tr:
    """Translations for one language (``en`` or ``fr``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self._index = LANGUAGES.index(self.lang)

    def __call__(self, key: str, **values: object) -> str:
        pair = MESSAGES.get(key)
        if pair is None:
            return key
        text = pair[self._index]
        return text.format(**values) if values else text

    def has(self, key: str) -> bool:
        return key in MESSAGES

    def word(self, prefix: str, value: str) -> str:
        """The translation of ``prefix.value``, or ``value`` itself when unknown."""
        key = f"{prefix}.{value}"
        return self(key) if key in MESSAGES else value
