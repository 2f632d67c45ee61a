"""Tomy on the terminal: the table, actions, events and outcome lines.

Dog ``c`` is of the breed in column ``c // 16`` (``docs/games/tomy.md``); places are named
from the game's catalogue (:func:`tomy_learn_catalogue`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cercle.v1 import (
    tomy_pb2,
)

from clients.render.renderer import (
    Context,
    GameRenderer,
    TypedText,
    has,
    int_field,
    private_key,
    register,
    text_field,
)
from clients.render.text import (
    safe_message,
    strip_ansi,
)

BREEDS = ("cocker", "teckel", "husky", "yorkshire", "caniche", "dalmatien")
BREED_COLOURS = ("green", "red", "blue", "yellow", "violet", "orange")
DOGS_PER_BREED = 16


def my_breed(ctx: Context, column: Any) -> str:
    try:
        index = int(column)
    except (TypeError, ValueError):
        return str(column)
    if not 0 <= index < len(BREEDS):
        return str(column)
    return ctx.style.colour(ctx.tr.word("my.breed", BREEDS[index]), BREED_COLOURS[index])


def my_dog(ctx: Context, card: Any) -> str:
    try:
        card_id = int(card)
    except (TypeError, ValueError):
        return str(card)
    return ctx.tr("my.dog", breed=my_breed(ctx, card_id // DOGS_PER_BREED), card=card_id)


def my_story(ctx: Context, text: str, template: tomy_pb2.TomyTemplateStory | None) -> str:
    """A proposal's story (the ``story`` oneof: ``text`` or ``template``) in the reader's
    language: a person's text as told, or the server's
    template story rendered from the catalogue (``my-story-<number>`` with the breed's name
    and the place; a number this client does not know is taken modulo its bank)."""
    if template is None:
        return text
    bank = story_bank_size(ctx)
    breed_key = tomy_pb2.TomyBreed.Name(template.breed).removeprefix("TOMY_BREED_").lower()
    breed = ctx.tr.word("my.breed", breed_key) if breed_key != "unspecified" else "Tomy"
    place = my_place(ctx, template.location)
    return ctx.tr(
        f"my.story.{template.number % bank if bank else 0}",
        breed=breed,
        place=place,
        Place=place[:1].upper() + place[1:],
    )


def story_bank_size(ctx: Context) -> int:
    """How many template stories the reader's catalogue holds (``my-story-0`` onwards)."""
    count = 0
    while ctx.tr.has(f"my.story.{count}"):
        count += 1
    return count


def told(message: Any) -> tomy_pb2.TomyTemplateStory | None:
    """The template of a proposal, ``story_proposed`` event or ``propose`` action (its
    ``story`` oneof), None for a person's story."""
    return message.template if message.HasField("template") else None


STORY_MAX = 500
"""The longest story the server takes (the engine's STORY_MAX_CHARS; clients may not import
the engine)."""


def _asks_story(a: tomy_pb2.TomyAction) -> bool:
    return a.WhichOneof("action") == "propose"


def _example_story(a: tomy_pb2.TomyAction, ctx: Context) -> str:
    return my_story(ctx, a.propose.text, told(a.propose))


def _tell_story(a: tomy_pb2.TomyAction, story: str) -> None:
    """A story of one's own replaces the listed template story."""
    a.propose.ClearField("template")
    a.propose.text = story


@dataclass
class TomyMemory:
    """What Tomy's lines remember of a match (:meth:`Context.memory`)."""

    places: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Each place's French and English text by location id, from the catalogue."""
    column_places: dict[int, int] = field(default_factory=dict)
    """The location under each column, from the last view."""


def my_memory(ctx: Context) -> TomyMemory:
    return ctx.memory("tomy", TomyMemory)


def my_place(ctx: Context, location: Any) -> str:
    try:
        known = my_memory(ctx).places.get(int(location))
    except (TypeError, ValueError):
        known = None
    if known is None:
        return f"#{location}"
    return known[0] if ctx.lang == "fr" else known[1]


def learn_tomy(ctx: Context, v: tomy_pb2.TomyView) -> None:
    """Remember which location lies under each column (action labels name the place)."""
    column_places = my_memory(ctx).column_places
    column_places.clear()
    for column in v.columns:
        location = int_field(column, "location")
        if location is not None:
            column_places[column.column] = location


def tomy_learn_catalogue(ctx: Context, catalogue: tomy_pb2.TomyCatalogue) -> None:
    """Take the places' French and English text from the game's catalogue (by location id):
    views and events name places by id only."""
    catalogue = safe_message(catalogue)
    places = my_memory(ctx).places
    for location in catalogue.locations:
        names = {text_field(name, "language"): name.text for name in location.names}
        places[location.id] = (names.get("fr") or "", names.get("en") or "")


_TOMY_VOTING = (tomy_pb2.TOMY_PHASE_VOTE, tomy_pb2.TOMY_PHASE_TIE)


def tomy_table(v: tomy_pb2.TomyView, ctx: Context) -> list[str]:
    tr, st = ctx.tr, ctx.style
    lines = [
        st.bold(
            tr(
                "my.header",
                game=v.game,
                turn=v.turn,
                phase=tr.word("my.phase", text_field(v, "phase") or ""),
                leash=ctx.who(v.leash_holder),
            )
        )
    ]
    storyteller = int_field(v, "storyteller")
    if storyteller is not None and v.phase == tomy_pb2.TOMY_PHASE_STORY:
        lines.append(st.bold(tr("my.storyteller", name=ctx.who(storyteller))))
    stories = {p.column: p for p in v.proposals}
    for column in v.columns:
        location = int_field(column, "location")
        place = my_place(ctx, location) if location is not None else tr("my.no_place")
        breed = strip_ansi(my_breed(ctx, column.column))
        colour = text_field(column, "colour") or BREED_COLOURS[column.column % 6]
        colour_word = f"{tr.word('my.colour', colour):<9}"
        row = tr(
            "my.column", column=column.column, breed=f"{breed:<18}", colour=colour_word, place=place
        )
        lines.append("  " + st.colour(row, colour))
        proposal = stories.get(column.column)
        if proposal is not None:
            lines.append(
                "      "
                + st.bold(
                    tr(
                        "my.story_by",
                        name=ctx.who(proposal.seat),
                        story=my_story(ctx, proposal.text, told(proposal)),
                    )
                )
            )
    if v.tie_columns:
        breeds = ", ".join(my_breed(ctx, c) for c in v.tie_columns)
        lines.append(st.warn(tr("my.tie", breeds=breeds)))
    lines.append(tr("my.players"))
    for seat, count in enumerate(v.hand_counts):
        flags = []
        if seat == v.leash_holder:
            flags.append(tr("my.flag.leash"))
        if seat < len(v.passed) and v.passed[seat]:
            flags.append(tr("my.flag.passed"))
        if seat < len(v.voted) and v.voted[seat]:
            flags.append(st.good(tr("my.flag.voted")))
        if seat < len(v.sitting_out) and v.sitting_out[seat] and v.phase in _TOMY_VOTING:
            flags.append(tr("my.flag.sitting_out"))
        suffix = f" · {', '.join(flags)}" if flags else ""
        lines.append("  " + tr("my.player_line", name=ctx.who(seat), cards=count, flags=suffix))
    if v.hand:
        lines.append(tr("my.hand"))
        by_breed: dict[int, list[int]] = {}
        for dog in v.hand:
            by_breed.setdefault(dog.column, []).append(dog.id)
        for dog_column in sorted(by_breed):
            cards = by_breed[dog_column]
            ids = ", ".join(f"#{c}" for c in cards)
            lines.append(f"   {my_breed(ctx, dog_column)} ×{len(cards)} ({ids})")
    my_vote = int_field(v, "my_vote")
    if my_vote is not None and my_vote >= 0:
        lines.append(tr("my.my_vote", card=my_dog(ctx, my_vote)))
    if v.phase == tomy_pb2.TOMY_PHASE_REVEAL and has(v, "last_turn"):
        lines += tomy_reveal_table(v, ctx)
    elif has(v, "last_turn"):
        lines.append(st.dim(tr("my.last_turn", result=_tomy_last_turn(ctx, v.last_turn))))
    lines.append(
        st.dim(
            tr(
                "my.piles",
                dogs=v.dog_deck_count,
                dog_discards=v.dog_discard_count,
                places=v.location_deck_count,
            )
        )
    )
    if v.rounds and v.totals:
        totals = ", ".join(f"{ctx.who(i)} {t}" for i, t in enumerate(v.totals))
        lines.append(tr("my.totals", totals=totals, target=v.target_score))
    return lines


def tomy_reveal_table(v: tomy_pb2.TomyView, ctx: Context) -> list[str]:
    """MT-PAUSE-1: the reveal, shown while the table rests: where Tomy was, each seat's vote
    (its breed card), who found Tomy and who draws, and the cards each holds now."""
    tr, st = ctx.tr, ctx.style
    last = v.last_turn
    winning = int_field(last, "winning_column")
    if winning is None:
        lines = ["", st.bold(tr("my.pause.nobody"))]
    else:
        lines = ["", st.bold(tr("my.pause.title", breed=my_breed(ctx, winning)))]
    finders = set(last.finders)
    for seat, count in enumerate(v.hand_counts):
        vote = last.votes[seat] if seat < len(last.votes) else None
        parts: list[str] = []
        if vote is not None and vote.WhichOneof("vote") == "card":
            parts.append(tr("my.pause.vote", breed=my_breed(ctx, vote.card // DOGS_PER_BREED)))
            parts.append(st.good(tr("my.pause.found")) if seat in finders else tr("my.pause.drew"))
        else:
            parts.append(tr("my.pause.no_vote"))
        parts.append(tr("my.pause.cards", n=count))
        name = strip_ansi(ctx.who(seat))
        line = f"{'★' if seat in finders else ' '} {name:<18} " + " · ".join(parts)
        lines.append(st.bold(line) if seat in finders else line)
    if v.rounds and v.round_scores and v.phase == tomy_pb2.TOMY_PHASE_REVEAL:
        game_scores = v.round_scores[-1].values if len(v.round_scores) == v.game else None
        if game_scores is not None:
            lines.append(
                tr("my.pause.game_over", game=v.game, scores=_tomy_per_seat(ctx, game_scores))
            )
    return lines


def _tomy_last_turn(ctx: Context, last: tomy_pb2.TomyLastTurnView) -> str:
    winning = int_field(last, "winning_column")
    if winning is None:
        return ctx.tr("my.ev.turn_no_result")
    votes = [
        f"{ctx.who(seat)} {my_breed(ctx, vote.card // DOGS_PER_BREED)}"
        for seat, vote in enumerate(last.votes)
        if vote.WhichOneof("vote") == "card"
    ]
    return f"{my_breed(ctx, winning)} ({'; '.join(votes)})"


def tomy_action(a: tomy_pb2.TomyAction, ctx: Context) -> str:
    tr = ctx.tr
    which = a.WhichOneof("action")
    if which == "propose":
        column = a.propose.column
        location = my_memory(ctx).column_places.get(column)
        place = my_place(ctx, location) if location is not None else f"#{column}"
        return tr("my.act.propose", place=place, breed=my_breed(ctx, column))
    if which == "pass":
        return tr("my.act.pass")
    if which == "vote":
        return tr("my.act.vote", card=my_dog(ctx, a.vote.card))
    if which == "break_tie":
        return tr("my.act.break_tie", breed=my_breed(ctx, a.break_tie.column))
    if which == "next_story":
        return ctx.style.bold(tr("my.act.next_story"))
    return str(which)


def _tomy_breeds(ctx: Context, columns: Iterable[int]) -> str:
    return ", ".join(my_breed(ctx, c) for c in columns)


def tomy_event(ev: tomy_pb2.TomyEvent, ctx: Context) -> str | None:
    """One line for a Tomy event (``None``: no event set)."""
    tr = ctx.tr
    which = ev.WhichOneof("event")
    if which is None:
        return None
    e: Any = getattr(ev, which)
    who = ctx.who(e.seat) if "seat" in e.DESCRIPTOR.fields_by_name else ""
    if which == "ready_for_next_story":
        return ctx.style.dim(tr("my.ev.ready_for_next_story", who=who))
    if which == "story_proposed":
        return tr(
            "my.ev.story_proposed",
            who=who,
            place=my_place(ctx, e.location),
            breed=my_breed(ctx, e.column),
            story=my_story(ctx, e.text, told(e)),
        )
    if which == "passed":
        return tr("my.ev.passed", who=who)
    if which == "vote_started":
        out = list(e.sitting_out)
        sitting = tr("my.ev.sitting_out", names=ctx.who_all(out)) if out else ""
        return ctx.style.bold(
            tr("my.ev.vote_started", breeds=_tomy_breeds(ctx, e.columns), out=sitting)
        )
    if which == "voted":
        return tr("my.ev.voted", who=who)
    if which == "own_vote":
        return tr(private_key("my.ev.own_vote", {}, ctx), card=my_dog(ctx, e.card.id))
    if which == "sat_out":
        return tr("my.ev.sat_out", who=who)
    if which == "votes_revealed":
        if not e.votes:
            return tr("my.ev.no_votes")
        text = "; ".join(f"{ctx.who(v.seat)} → {my_breed(ctx, v.column)}" for v in e.votes)
        return tr("my.ev.votes_revealed", votes=text)
    if which == "tie":
        return ctx.style.warn(tr("my.ev.tie", who=who, breeds=_tomy_breeds(ctx, e.columns)))
    if which == "tie_broken":
        return tr("my.ev.tie_broken", who=who, breed=my_breed(ctx, e.column))
    if which == "turn_result":
        column = int_field(e, "column")
        if column is None:
            return tr("my.ev.turn_no_result")
        return ctx.style.bold(
            tr(
                "my.ev.turn_result",
                breed=my_breed(ctx, column),
                names=ctx.who_all(list(e.must_draw)),
            )
        )
    return _tomy_deck_and_game_event(which, e, who, ctx)


def _tomy_deck_and_game_event(which: str, e: Any, who: str, ctx: Context) -> str | None:
    """The deck, row and game events of Tomy (the rest of :func:`tomy_event`)."""
    tr = ctx.tr
    if which == "dog_deck_reshuffled":
        return tr("my.ev.dog_deck_reshuffled", n=e.cards)
    if which == "card_drawn":
        return tr("my.ev.card_drawn", who=who)
    if which == "own_draw":
        return tr(private_key("my.ev.own_draw", {}, ctx), card=my_dog(ctx, e.card.id))
    if which == "no_card_to_draw":
        return tr("my.ev.no_card_to_draw", who=who)
    if which == "locations_discarded":
        return ctx.style.dim(tr("my.ev.locations_discarded", breeds=_tomy_breeds(ctx, e.columns)))
    if which == "row_refilled":
        text = "; ".join(
            f"{my_breed(ctx, p.column)}: {my_place(ctx, p.location)}" for p in e.placed
        )
        return ctx.style.dim(tr("my.ev.row_refilled", places=text))
    if which == "location_deck_short":
        return tr("my.ev.location_deck_short")
    if which == "turn_started":
        return tr("my.ev.turn_started", turn=e.turn, who=ctx.who(e.leash_holder))
    if which == "game_over":
        return ctx.style.bold(
            tr(
                "my.ev.game_over",
                game=e.game,
                reason=tr.word("my.reason", text_field(e, "reason") or ""),
                names=ctx.who_all(list(e.winners)),
                count=len(e.winners),
            )
        )
    if which == "round_scored":
        return tr(
            "my.ev.round_scored",
            game=e.game,
            scores=_tomy_per_seat(ctx, e.scores),
            totals=_tomy_per_seat(ctx, e.totals),
        )
    if which == "game_started":
        return tr("my.ev.game_started", game=e.game, who=ctx.who(e.leash_holder))
    if which == "hand_dealt":
        text = ", ".join(my_dog(ctx, card.id) for card in e.cards)
        return tr(private_key("my.ev.hand_dealt", {}, ctx), cards=text)
    if which == "match_over":
        return ctx.style.bold(
            tr(
                "my.ev.match_over",
                reason=tr.word("my.reason", text_field(e, "reason") or ""),
                names=ctx.who_all(list(e.winners)),
                count=len(e.winners),
            )
        )
    return None


def _tomy_per_seat(ctx: Context, values: Iterable[int]) -> str:
    return ", ".join(f"{ctx.who(i)} {v}" for i, v in enumerate(values))


def tomy_outcome_lines(detail: tomy_pb2.TomyOutcome, ctx: Context) -> list[str]:
    """What a finished match's detail adds to its outcome: each game's scores (rounds
    variant) and the cards left in hand."""
    lines = [
        ctx.tr("my.outcome.round", game=game, scores=_tomy_per_seat(ctx, scores.values))
        for game, scores in enumerate(detail.round_scores, start=1)
    ]
    if detail.hand_counts:
        lines.append(ctx.tr("my.outcome.hands", counts=_tomy_per_seat(ctx, detail.hand_counts)))
    return lines


def tomy_catalogue_lines(cat: Any, ctx: Context) -> list[str]:
    """The game's material (``GetGameCatalogue``) in words, one line per kind (``cercle
    cards``)."""
    lines = [ctx.style.bold(ctx.tr("cards.tomy", count=len(cat.dog_cards), hand=cat.hand_size))]
    for entry in cat.breeds:
        lines.append(
            "  "
            + ctx.tr("cards.tomy_breed", breed=my_breed(ctx, entry.column), count=entry.dog_cards)
        )
    lines.append("  " + ctx.tr("cards.tomy_places", count=len(cat.locations)))
    return lines


register(
    GameRenderer(
        "tomy",
        table=tomy_table,
        action=lambda a, ctx, v: tomy_action(a, ctx),
        event=tomy_event,
        outcome_lines=tomy_outcome_lines,
        memory=TomyMemory,
        learn=learn_tomy,
        learn_catalogue=tomy_learn_catalogue,
        catalogue=tomy_catalogue_lines,
        round=lambda view: view.game,
        typed=TypedText(_asks_story, _example_story, _tell_story, STORY_MAX),
        auto_order=("propose", "vote", "break_tie", "pass"),
    )
)
