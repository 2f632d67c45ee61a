# The tamashii words of the clients (CLI, web). Ids: the clients' keys with '.' as '-'.

tm-gem-blue = bleue
tm-gem-red = rouge
tm-gem-yellow = jaune
tm-gem-black = noire
tm-power-return_excess = surplus remis dans le sac
tm-power-return_two_yellow = 2 gemmes jaunes remises dans le sac
tm-power-remove_black = une gemme noire quitte le sac
tm-power-peek = regarder une carte
tm-power-none = pas de pouvoir
tm-phase-choose = choix
tm-phase-gathering = réunir des pierres magiques
tm-phase-power_peek = coup d'œil de Tsuchi
tm-phase-over = terminée
tm-level-novice = novice
tm-level-easy = facile
tm-level-standard = standard
tm-level-hard = difficile
tm-level-nightmare = cauchemar
tm-spirit-1 = Kaze
tm-spirit-2 = Hi
tm-spirit-3 = Mizu
tm-spirit-4 = Tsuchi
tm-spirit-5 = Hikari
tm-spirit-6 = Yami
tm-verdict-just_a_game = Ce n'est qu'un jeu, faisons mieux la prochaine fois !
tm-verdict-not_bad = Pas mal !
tm-verdict-good_work = Bon travail !
tm-verdict-very_good_work = Très bon travail !
tm-verdict-wonderful = Formidable ! Essayons un niveau plus difficile la prochaine fois !
tm-header = Niveau { $level } · { $freed ->
        [one] { $freed } libéré sur 6
       *[other] { $freed } libérés sur 6
    } · { $phase } · tour : { $name }
tm-no_gems = aucune gemme
tm-face_down = face cachée
tm-freed_card = LIBÉRÉ { $name } (besoins { $needs } ; { $power })
tm-on_card = dessus : { $gems }
tm-peeked_by = regardée par { $names }
tm-bag = Sac : { $gems } ({ $n ->
    [one] { $n } gemme
   *[other] { $n } gemmes
})
tm-drawn = Piochées ce tour : { $gems }
tm-removed = Retirées : { $gems }
tm-my_peek = Tu as vu l'emplacement { $slot } : { $card }
tm-seen_by_all = Tout le monde a vu l'emplacement { $slot } : { $card }
tm-card = { $name } (besoins { $needs } ; { $power })
tm-verdict = Verdict : { $verdict }
tm-act-peek = Regarder l'emplacement { $slot }
tm-act-gather = Réunir des pierres : piocher une gemme dans le sac
tm-act-draw_again = Piocher une gemme de plus
tm-act-place = Poser les gemmes sur l'emplacement { $slot }
tm-act-place_free = Poser les gemmes sur l'emplacement { $slot } et tenter de le libérer
tm-act-power_peek = Pouvoir de Tsuchi : regarder l'emplacement { $slot }
tm-ev-slot_peeked = { $who } regarde l'emplacement { $slot }{ $power }.
tm-by_power = {" "}(pouvoir de Tsuchi)
tm-ev-peeked = Tu as vu l'emplacement { $slot } : { $name }.
tm-ev-peeked-other = { $who } a vu l'emplacement { $slot } : { $name }.
tm-ev-gem_drawn = { $who } pioche une gemme { $colour }.
tm-ev-bust = Gemme noire ! { $who } perd tout : { $gems } retournent au sac.
tm-ev-gems_placed = { $who } pose { $gems } sur l'emplacement { $slot }{ $free }.
tm-try_free = {" "}et tente de le libérer
tm-ev-freed = { $name } est LIBÉRÉ (emplacement { $slot }) ! Surplus { $gems } → { $to }.
tm-to-bag = sac
tm-to-removed = retirées
tm-ev-liberation_failed = L'emplacement { $slot } était { $name } : pas assez de gemmes, { $gems } retirées.
tm-ev-power_applied = Pouvoir de { $name } : { $power }.
tm-ev-turn_timed_out = Le temps de { $who } est écoulé.
tm-ev-gem_eroded = Fin du tour : une gemme { $colour } quitte le sac.
tm-ev-gem_eroded_none = Fin du tour : aucune gemme à retirer du sac.
tm-ev-turn_started = Au tour de { $who }.
tm-ev-match_over = Fin : { $freed ->
        [one] { $freed } Tamashii libéré
       *[other] { $freed } Tamashii libérés
    }. { $verdict }
tm-gem_n = { $n ->
    [one] { $n } { $colour }
   *[other] { $n } { $colour }s
}
tm-ev-freed_exact = { $name } est LIBÉRÉ (emplacement { $slot }) ! Aucune gemme en trop.

## glance: the card a peek showed you, on screen until closed or a later turn
tm-panel-peek_title = Tu as regardé l'emplacement { $slot }
tm-panel-needs = Il lui faut : { $needs }
tm-panel-power = Pouvoir : { $power }
tm-panel-remember = Toi seul l'as vue : retiens-la.
