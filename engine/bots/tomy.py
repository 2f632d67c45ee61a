"""The strong bot of *Mais où est Tomy ?*: it votes with the table.

A vote for the winning breed sheds a card; any other vote is replaced by a draw; so each turn
the bot wants the best chance that its card is of the winning breed.

It models every other seat as a casual voter — a random card of a proposed breed from its
hand — whose hand is drawn from the cards the bot has not seen: its own hand, its sealed vote
and the revealed votes still in the discard pile are known (memory). So seat ``s`` votes for
breed ``b`` with the chance that ``b``'s unseen cards make among the proposed breeds' unseen
cards, after what the table knows: a seat that sits the vote out votes for nothing (and holds
none of those breeds until it draws again: memory), a seat still to vote holds at least one.
Summing over every combination of the others' votes (a small dynamic programme over vote
counts) gives the exact chance that each of its options wins; ties are settled by the leash
holder (the bot itself when it holds the leash, else at random).

- Vote: the breed with the best chance (ties: the breed it holds most of).
- Story: it compares proposing each free column with passing, the later speakers choosing at
  random among what they may do (computed exactly, memoised over the proposed sets), and
  tells a template story (:class:`~engine.games.tomy.actions.TemplateStory`: a number of the
  clients' bank, naming the breed and the place; each reader reads it in their language),
  one it has not heard before and that no other proposal of the turn uses.
- Judging stories: the engine holds no text of the templates (they live in the clients'
  catalogues), so a template story is judged by its reference: its length counts as
  :data:`TEMPLATE_CHARS` characters (about the bank's English average), it is new unless the
  same template was told about the same breed and place (:func:`fingerprint`), and its
  "words", for the likeness with the other proposals, are its template number, breed and
  place (two proposals on the same template read alike). A person's text is judged on its
  words, as before.
- Tie (leash holder): its own vote's breed if tied, else the breed that helps the player
  closest to winning least.

No sampling budget: a decision takes a few milliseconds.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from typing import Any

from engine.bots import Bot, Memory, register
from engine.core import Game
from engine.games.tomy import TIE, VOTE, BreakTie, Pass, Propose, TomyView
from engine.games.tomy import cards as data
from engine.games.tomy.actions import TemplateStory
from engine.games.tomy.events import (
    CardDrawn,
    DogDeckReshuffled,
    GameStarted,
    StoryProposed,
    VotesRevealed,
    VoteStarted,
)
from engine.rng import Rng

_BREED = tuple(card // data.DOGS_PER_BREED for card in range(data.DOG_CARDS))


# --------------------------------------------------------------------------------------------
# Memory
# --------------------------------------------------------------------------------------------


HEARD = 64
"""How many stories (their fingerprints) a bot remembers, to tell a new one from a repeat."""


TEMPLATE_CHARS = 100
"""The length a template story is judged by (the English bank's lines are 79 to 123
characters)."""

Told = str | TemplateStory
"""A story as a bot reads it: a person's text, or a template the server told."""


def told(text: str | None, template: TemplateStory | None) -> Told:
    """The story of a proposal or event: its template when it has one, else its text."""
    return template if template is not None else (text or "")


def fingerprint(story: Told) -> int:
    """A story's words, as a number (a story told again, whatever its case and spacing).

    >>> fingerprint("Tomy is  HERE!") == fingerprint("tomy is here")
    True
    >>> fingerprint(TemplateStory(3, "husky", 7)) == fingerprint(TemplateStory(3, "husky", 8))
    False
    """
    return zlib.crc32(" ".join(_words(story)).encode())


def _words(story: Told) -> list[str]:
    if isinstance(story, TemplateStory):
        return [f"template{story.number}", f"breed{story.breed}", f"place{story.location}"]
    return re.findall(r"\w+", story.lower())


def _length(story: Told) -> int:
    return TEMPLATE_CHARS if isinstance(story, TemplateStory) else len(story.strip())


def observe_events(memory: Memory, events: Sequence[object]) -> dict[str, Any]:
    """``{"discards": [...], "lacks": {seat: breed mask}, "heard": [...]}``: the revealed
    votes now in the dog discard pile, the breeds each seat showed it lacks (by sitting a
    vote out) since it last drew, and the fingerprints of the stories told before this
    turn's (:data:`HEARD` at most)."""
    if isinstance(memory, dict):
        discards: list[int] = list(memory["discards"])
        lacks: dict[str, int] = dict(memory["lacks"])
        heard: list[int] = list(memory.get("heard", []))
    else:
        discards, lacks, heard = [], {}, []
    for event in events:
        if isinstance(event, StoryProposed):
            heard = [*heard, fingerprint(told(event.text, event.template))][-HEARD:]
        elif isinstance(event, VotesRevealed):
            discards += [vote.card for vote in event.votes]
        elif isinstance(event, DogDeckReshuffled):
            discards = []
        elif isinstance(event, GameStarted):
            discards, lacks = [], {}
        elif isinstance(event, VoteStarted):
            mask = 0
            for column in event.columns:
                mask |= 1 << column
            for seat in event.sitting_out:
                lacks[str(seat)] = lacks.get(str(seat), 0) | mask
        elif isinstance(event, CardDrawn):
            lacks.pop(str(event.seat), None)
    return {"discards": discards, "lacks": lacks, "heard": heard}


# --------------------------------------------------------------------------------------------
# What the bot knows of the others, and the chances of a vote
# --------------------------------------------------------------------------------------------


class _Table:
    """What the bot knows of the table, and the chances it computes from it."""

    def __init__(self, view: TomyView, memory: Memory) -> None:
        me = view.seat
        assert me is not None and view.hand is not None, "a spectator does not play"
        self.me = me
        self.players = len(view.hand_counts)
        self.hand = [c.id for c in view.hand]
        self.mine = [0] * data.COLUMNS
        for card in self.hand:
            self.mine[_BREED[card]] += 1
        known = set(self.hand)
        if view.my_vote is not None:
            known.add(view.my_vote)
        lacks: dict[str, int] = {}
        if isinstance(memory, dict):
            known.update(memory["discards"])
            lacks = memory["lacks"]
        self.pool = [data.DOGS_PER_BREED] * data.COLUMNS  # unseen cards, per breed
        for card in known:
            self.pool[_BREED[card]] -= 1
        self.proposed = [p.column for p in view.proposals]
        self.in_vote = view.phase in (VOTE, TIE)
        self.others = [s for s in range(self.players) if s != me]
        self.lacks = {s: int(lacks.get(str(s), 0)) for s in self.others}
        self.view = view

    def vote_chances(self, seat: int, proposed: Sequence[int]) -> list[float]:
        """How likely ``seat`` is to vote for each column (index 6: no vote), if it votes
        like a casual player — a random card of a proposed breed from its hand — with its
        hand drawn from the unseen cards it may hold."""
        view = self.view
        chances = [0.0] * (data.COLUMNS + 1)
        if self.in_vote and view.sitting_out[seat]:
            chances[data.COLUMNS] = 1.0
            return chances
        allowed = [c for c in range(data.COLUMNS) if not self.lacks[seat] >> c & 1]
        if not any(self.pool[c] for c in allowed if c in proposed):
            allowed = list(range(data.COLUMNS))  # what we remember does not fit
        hits = sum(self.pool[c] for c in allowed if c in proposed)
        total = sum(self.pool[c] for c in allowed)
        if not hits:
            chances[data.COLUMNS] = 1.0
            return chances
        size = view.hand_counts[seat]
        if self.in_vote:
            out = 0.0  # a voter holds (or held) at least one proposed breed
        else:  # the chance that a hand of ``size`` holds no proposed breed
            out = 1.0
            for i in range(size):
                out *= max(0, total - hits - i) / max(1, total - i)
        chances[data.COLUMNS] = out
        for column in proposed:
            if column in allowed:
                chances[column] = (1.0 - out) * self.pool[column] / hits
        return chances

    def win_chances(self, proposed: Sequence[int], voters: Sequence[int]) -> dict[int, float]:
        """For each proposed breed we hold, the chance that a vote for it is a winning one,
        the ``voters`` (other seats) voting as :meth:`vote_chances` says."""
        options = [c for c in proposed if self.mine[c]]
        if not options:
            return {}
        columns = list(proposed)
        index = {column: i for i, column in enumerate(columns)}
        outcomes: dict[tuple[int, ...], float] = {(0,) * len(columns): 1.0}
        for seat in voters:
            chances = self.vote_chances(seat, columns)
            step: dict[tuple[int, ...], float] = {}
            for counts, p in outcomes.items():
                nobody = chances[data.COLUMNS]
                if nobody:
                    step[counts] = step.get(counts, 0.0) + p * nobody
                for column in columns:
                    q = chances[column]
                    if q:
                        i = index[column]
                        more = (*counts[:i], counts[i] + 1, *counts[i + 1 :])
                        step[more] = step.get(more, 0.0) + p * q
            outcomes = step
        leash_is_me = self.view.leash_holder == self.me
        result = {}
        for column in options:
            i = index[column]
            total = 0.0
            for counts, p in outcomes.items():
                votes = list(counts)
                votes[i] += 1
                total += p * _win_chance(votes, i, leash_is_me)
            result[column] = total
        return result


def _win_chance(votes: Sequence[int], column: int, leash_is_me: bool) -> float:
    """The chance that ``column`` wins with these vote counts (ours included)."""
    best = max(votes)
    if votes[column] != best:
        return 0.0
    tied = sum(1 for v in votes if v == best)
    if tied == 1 or leash_is_me:
        return 1.0
    return 1.0 / tied


# --------------------------------------------------------------------------------------------
# The bot
# --------------------------------------------------------------------------------------------


class TomyBot(Bot):
    """See the module docstring. The chances are computed exactly (no sampling budget): a
    decision takes a few milliseconds."""

    level = "strong"

    def observe(self, memory: Memory, seat: int, events: Sequence[object]) -> Memory:
        return observe_events(memory, events)

    def choose(self, view: Any, legal: Sequence[Any], memory: Memory, rng: Rng) -> Any:
        assert isinstance(view, TomyView)
        if len(legal) == 1 and not isinstance(legal[0], Propose):
            return legal[0]
        table = _Table(view, memory)
        if view.phase == VOTE:
            return self._vote(table, view, legal, memory, rng)
        if view.phase == TIE:
            return self._break_tie(table, view, legal)
        return self._story(table, view, legal, memory, rng)

    # -- vote -------------------------------------------------------------------------------

    def _vote(
        self, table: _Table, view: TomyView, legal: Sequence[Any], memory: Memory, rng: Rng
    ) -> Any:
        """The breed whose vote is worth most: the chance to vote with the table, plus how
        good its story is (:func:`story_quality`), plus a taste of the bot's own (a random
        share drawn per vote), so that bots do not all vote as one block."""
        options = sorted({_BREED[a.card] for a in legal})
        scores = table.win_chances(table.proposed, table.others)
        heard = memory.get("heard", []) if isinstance(memory, dict) else []
        stories = {p.column: told(p.text, p.template) for p in view.proposals}
        value: dict[int, float] = {}
        for column in options:
            others = [story for c, story in stories.items() if c != column]
            quality = story_quality(stories.get(column, ""), others, heard)
            taste = rng.below(1000) / 1000
            value[column] = scores.get(column, 0.0) + STORY_WEIGHT * quality + TASTE * taste
        best = max(options, key=lambda c: (value[c], table.mine[c], -c))
        return next(a for a in legal if _BREED[a.card] == best)

    # -- tie --------------------------------------------------------------------------------

    def _break_tie(self, table: _Table, view: TomyView, legal: Sequence[Any]) -> Any:
        votes = view.votes or ()
        mine = votes[table.me] if table.me < len(votes) else None
        if mine is not None and BreakTie(_BREED[mine]) in legal:
            return BreakTie(_BREED[mine])

        def danger(action: BreakTie) -> tuple[int, int]:
            # The winners of this column shed a card: help the fewest, and the farthest
            # from a single card.
            winners = [
                seat
                for seat, card in enumerate(votes)
                if card is not None and _BREED[card] == action.column
            ]
            closest = min((view.hand_counts[s] for s in winners), default=99)
            return (-closest, len(winners))

        return min(legal, key=danger)

    # -- story ------------------------------------------------------------------------------

    def _story(
        self, table: _Table, view: TomyView, legal: Sequence[Any], memory: Memory, rng: Rng
    ) -> Any:
        me = table.me
        n = table.players
        spoken = (me - view.leash_holder) % n  # seats that spoke before us
        later = n - spoken - 1
        candidates: list[int | None] = [a.column for a in legal if isinstance(a, Propose)]
        if any(isinstance(a, Pass) for a in legal):
            candidates.append(None)
        cache: dict[tuple[int, ...], float] = {}

        def value(proposed: tuple[int, ...]) -> float:
            """Our best chance to vote with the table once ``proposed`` is final."""
            if proposed not in cache:
                chances = table.win_chances(list(proposed), table.others)
                cache[proposed] = max(chances.values(), default=0.0)
            return cache[proposed]

        memo: dict[tuple[tuple[int, ...], int], float] = {}

        def expect(proposed: tuple[int, ...], speakers: int) -> float:
            """The later speakers choose at random among what they may do."""
            proposed = tuple(sorted(proposed))
            key = (proposed, speakers)
            if key in memo:
                return memo[key]
            free = [c for c in range(data.COLUMNS) if c not in proposed]
            if not speakers:
                result = value(proposed)
            elif not free:
                result = expect(proposed, speakers - 1)
            else:
                may_pass = not (speakers == 1 and len(proposed) < 2)
                total = expect(proposed, speakers - 1) if may_pass else 0.0
                for column in free:
                    total += expect((*proposed, column), speakers - 1)
                result = total / (len(free) + (1 if may_pass else 0))
            memo[key] = result
            return result

        base = tuple(table.proposed)
        scores = {
            choice: expect(base if choice is None else (*base, choice), later)
            for choice in candidates
        }
        best = max(scores.values())
        top = [c for c in candidates if scores[c] >= best - 1e-9]
        choice = max(top, key=lambda c: (-1 if c is None else table.mine[c], -(c or 0)))
        if choice is None:
            return Pass()
        location = view.columns[choice].location
        if location is None:  # pragma: no cover - a proposable column has a place
            return next(a for a in legal if isinstance(a, Propose) and a.column == choice)
        heard = memory.get("heard", []) if isinstance(memory, dict) else []
        used = {p.template.number for p in view.proposals if p.template is not None}
        start = rng.below(data.STORY_TEMPLATES)
        story = TemplateStory.of(start, choice, location)
        for step in range(data.STORY_TEMPLATES):  # not heard yet, unlike this turn's others
            story = TemplateStory.of(start + step, choice, location)
            if fingerprint(story) not in heard and story.number not in used:
                break
        return Propose(choice, template=story)


STORY_WEIGHT = 0.35
"""How much a story's quality (0–1) adds to a vote's chance of being with the table."""
TASTE = 0.3
"""The spread of each bot's own taste (a random share in [0, TASTE) per breed and vote)."""


def story_quality(story: Told, others: Sequence[Told], heard: Sequence[int]) -> float:
    """How good a story reads, 0–1: long enough to tell something (up to 160 characters),
    new (not a story heard before), and unlike the other proposals of the turn (the share
    of its words they do not use).

    >>> story_quality("", [], []) == 0.0
    True
    >>> long = "A lighthouse keeper saw a purple tail vanish behind the fog horn at dawn"
    >>> story_quality(long, [], []) > story_quality(long, [long], [fingerprint(long)])
    True
    >>> t = TemplateStory(3, "husky", 7)
    >>> story_quality(t, [], []) > story_quality(t, [TemplateStory(3, "teckel", 9)], [])
    True
    """
    words = set(_words(story))
    if not words:
        return 0.0
    length = min(1.0, _length(story) / 160)
    novelty = 0.0 if fingerprint(story) in heard else 1.0
    shared = 0.0
    for other in others:
        theirs = set(_words(other))
        if theirs:
            shared = max(shared, len(words & theirs) / len(words | theirs))
    return 0.3 * length + 0.3 * novelty + 0.4 * (1.0 - shared)


def _factory(game: Game[Any, Any, Any]) -> Bot:
    return TomyBot(game)


register("tomy", "strong", _factory)
