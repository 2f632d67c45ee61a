"""Tomahawk Tribal's action handlers: one ``_on_<action>`` per action class, in place on a
clone of the state; each validates before it changes anything."""

from __future__ import annotations

from typing import Any

from engine.core import (
    NotYourTurn,
    Timeout,
    TooLate,
)
from engine.events import Event
from engine.games.tomahawk.actions import (
    Agilite,
    BadChoice,
    CallRefused,
    CallSherif,
    CallTomahawk,
    CardDoesNotMatch,
    CardNotInHand,
    Combo,
    Draw,
    NameColour,
    NotNow,
    Pass,
    PlayCard,
    TakePendingDraw,
    TakeSkip,
)
from engine.games.tomahawk.cards import (
    CALUMET,
    COLOUR,
    COLOUR_NAMES,
    FACE,
    KIND,
    KINDS,
    MATCH_SYMBOL,
    SYMBOLS,
)
from engine.games.tomahawk.decisions import (
    AGILE,
    ANSWERS_DRAW,
    ANSWERS_SKIP,
    BAD_FAITH_PENALTY,
    DRAW_ONLY_WHEN_STUCK,
    MAY_PLAY_DRAWN_CARD,
    NEEDS_COLOUR,
    PLAYABLE,
    SHERIF_CALL_DRAW,
    SYMBOL_INDEX,
    TAKING_THE_DRAW_ENDS_THE_TURN,
)
from engine.games.tomahawk.effects import play_card
from engine.games.tomahawk.events import (
    PASSED,
    SHERIF_CALLED,
    TOMAHAWK_CALLED,
    TURN_SKIPPED,
    ColourNamed,
    ComboPlayed,
    Penalty,
    faces,
)
from engine.games.tomahawk.legal import (
    PASS,
    TAKE_DRAW,
    TAKE_SKIP,
    plays_normally,
)
from engine.games.tomahawk.round import (
    card_in_hand,
    colour_of,
    draw_cards,
    end_round,
    end_turn,
    forget,
    is_playable,
    most_common_colour,
    record,
    touch,
)
from engine.games.tomahawk.state import (
    DRAWN,
    FACE_DRAW,
    FACE_SKIP,
    NAME_COLOUR,
    PLAY,
    TomahawkState,
)

# --------------------------------------------------------------------------------------------
# Action handlers
# --------------------------------------------------------------------------------------------


def _check_turn(s: TomahawkState, seat: int) -> None:
    if seat != s.turn:
        raise NotYourTurn("it is not your turn")


def _check_play_params(
    s: TomahawkState, seat: int, card: int, colour: object, target: object
) -> tuple[int, int]:
    kind = KIND[card]
    if NEEDS_COLOUR[card]:
        if colour is None:
            raise BadChoice("name the new colour with your Diamond", reason="COLOUR_REQUIRED")
        colour_index = colour_of(colour)
    elif colour is not None:
        raise BadChoice("only a Diamond or a Combo names a colour", reason="NO_COLOUR_NEEDED")
    else:
        colour_index = -1
    if kind == CALUMET:
        if target is None:
            raise BadChoice("choose whom to swap hands with", reason="TARGET_REQUIRED")
        if type(target) is not int or not 0 <= target < s.players or target == seat:
            raise BadChoice("choose another player at the table", reason="BAD_TARGET")
        return colour_index, target
    if target is not None:
        raise BadChoice("only a Calumet takes a target", reason="NO_TARGET_NEEDED")
    return colour_index, -1


def _on_play_card(s: TomahawkState, seat: int, action: PlayCard) -> list[Event]:
    if seat != s.turn:
        raise NotYourTurn("it is not your turn (to jump in with an identical card, call AGILITÉ!)")
    card = card_in_hand(s, seat, action.card)
    phase = s.phase
    if phase == PLAY:
        if not PLAYABLE[s.colour * KINDS + MATCH_SYMBOL[s.discard[-1]]][card]:
            raise CardDoesNotMatch(
                "that card matches neither the current colour nor the top card's symbol"
            )
    elif phase == FACE_DRAW:
        if not ANSWERS_DRAW[card]:
            raise NotNow(
                "a Sheriff draw is pending: answer with a Sheriff or a Shield, or take it",
                reason="MUST_ANSWER_SHERIFF",
            )
    elif phase == FACE_SKIP:
        if not ANSWERS_SKIP[card]:
            raise NotNow(
                "a Skip is pending: answer with a Shield or take it",
                reason="MUST_ANSWER_SKIP",
            )
    elif phase == DRAWN:
        if card != s.drawn:
            raise NotNow(
                "after drawing you may only play the card you drew, or keep it",
                reason="ONLY_DRAWN_CARD",
            )
    else:
        raise NotNow("name the colour first", reason="MUST_NAME_COLOUR")
    colour, target = _check_play_params(s, seat, card, action.colour, action.target)
    events: list[Event] = []
    play_card(s, seat, card, colour, target, action.tomahawk is True, False, events)
    return events


def _on_draw(s: TomahawkState, seat: int, action: Draw) -> list[Event]:
    _check_turn(s, seat)
    phase = s.phase
    if phase != PLAY:
        _refuse_phase(phase, drawing=True)
    if DRAW_ONLY_WHEN_STUCK:
        table = PLAYABLE[s.colour * KINDS + MATCH_SYMBOL[s.discard[-1]]]
        for c in s.hands[seat]:
            if table[c]:
                raise NotNow(
                    "you hold a card you can play: play it instead of drawing",
                    reason="HAS_PLAYABLE_CARD",
                )
    events: list[Event] = []
    _turn_draw(s, seat, events, forced=False)
    return events


def _refuse_phase(phase: int, *, drawing: bool = False) -> None:
    if phase == FACE_DRAW:
        raise NotNow(
            "a Sheriff draw is pending: answer with a Sheriff or a Shield, or take it",
            reason="MUST_ANSWER_SHERIFF",
        )
    if phase == FACE_SKIP:
        raise NotNow(
            "a Skip is pending: answer with a Shield or take it", reason="MUST_ANSWER_SKIP"
        )
    if phase == DRAWN:
        raise NotNow(
            "you already drew: play the card you drew, or keep it",
            reason="ALREADY_DREW" if drawing else "ONLY_DRAWN_CARD",
        )
    if phase == NAME_COLOUR:
        raise NotNow("name the colour first", reason="MUST_NAME_COLOUR")
    raise NotNow("play a card or draw", reason="MUST_PLAY_OR_DRAW")


def _turn_draw(s: TomahawkState, seat: int, events: list[Event], *, forced: bool) -> None:
    """TT-TURN-3/4: draw one card; play it at once if allowed, else the turn ends."""
    forget(s, seat)
    s.last_card = -1
    got = draw_cards(s, seat, 1, "turn", events)
    if not got:
        s.passes += 1
        events.append(PASSED.of(seat, "nothing_to_draw"))
        if s.passes >= s.players:
            end_round(s, -1, events)
            return
        end_turn(s, seat, events)
        return
    s.passes = 0
    card = s.hands[seat][-1]
    if not forced and MAY_PLAY_DRAWN_CARD and is_playable(s, card):
        s.phase = DRAWN
        s.drawn = card
        return
    end_turn(s, seat, events)


def _on_pass(s: TomahawkState, seat: int, action: Pass) -> list[Event]:
    _check_turn(s, seat)
    if s.phase != DRAWN:
        _refuse_phase(s.phase)
    events: list[Event] = [PASSED.of(seat, "kept_drawn_card")]
    end_turn(s, seat, events)
    return events


def _on_take_draw(s: TomahawkState, seat: int, action: TakePendingDraw) -> list[Event]:
    _check_turn(s, seat)
    if s.phase != FACE_DRAW:
        raise NotNow("no Sheriff draw is pending", reason="NOTHING_TO_TAKE")
    events: list[Event] = []
    caster, total = s.caster, s.pending
    s.last_card = -1
    draw_cards(s, seat, total, "sheriff", events)
    record(s, seat, caster, total)
    if TAKING_THE_DRAW_ENDS_THE_TURN:
        end_turn(s, seat, events)
    else:
        s.phase, s.pending, s.caster = PLAY, 0, -1
    return events


def _on_take_skip(s: TomahawkState, seat: int, action: TakeSkip) -> list[Event]:
    _check_turn(s, seat)
    if s.phase != FACE_SKIP:
        raise NotNow("no Skip is pending", reason="NOTHING_TO_TAKE")
    caster = s.caster
    s.last_card = -1
    events: list[Event] = [TURN_SKIPPED.of(seat, "skip", caster)]
    record(s, seat, caster, 0)
    end_turn(s, seat, events)
    return events


def _on_name_colour(s: TomahawkState, seat: int, action: NameColour) -> list[Event]:
    _check_turn(s, seat)
    if s.phase != NAME_COLOUR:
        raise NotNow("there is no colour to name now", reason="NO_COLOUR_NEEDED")
    s.colour = colour_of(action.colour)
    s.phase = PLAY
    return [ColourNamed(seat, COLOUR_NAMES[s.colour])]


def _on_combo(s: TomahawkState, seat: int, action: Combo) -> list[Event]:
    _check_turn(s, seat)
    if s.phase != PLAY:
        _refuse_phase(s.phase)
    symbol = SYMBOL_INDEX.get(action.symbol) if isinstance(action.symbol, str) else None
    if symbol is None:
        raise BadChoice(
            "a combo takes a classic symbol: " + ", ".join(SYMBOLS), reason="UNKNOWN_SYMBOL"
        )
    colour = colour_of(action.colour)
    hand = s.hands[seat]
    cards = []
    for c in range(4):
        copies = [x for x in hand if KIND[x] == symbol and COLOUR[x] == c]
        if not copies:
            raise CardNotInHand(
                f"a combo needs a {SYMBOLS[symbol]} of each colour and you lack {COLOUR_NAMES[c]}"
            )
        cards.append(min(copies))
    events: list[Event] = []
    # The card of the named colour ends on top of the discard pile.
    cards.sort(key=lambda x: COLOUR[x] == colour)
    for c in cards:
        hand.remove(c)
        s.discard.append(c)
    s.colour = colour
    s.may_call = 0
    s.passes = 0
    s.last_card = -1  # no AGILITÉ on a combo
    s.last_player = seat
    forget(s, seat)
    touch(s, seat)
    events.append(ComboPlayed(seat, SYMBOLS[symbol], faces(cards), COLOUR_NAMES[colour]))
    if not hand:
        end_round(s, seat, events)
        return events
    end_turn(s, seat, events)
    bit = 1 << seat
    if action.tomahawk is True and len(hand) == 1:
        s.called |= bit
        s.may_call &= ~bit
        events.append(TOMAHAWK_CALLED.of(seat))
    return events


def _on_agilite(s: TomahawkState, seat: int, action: Agilite) -> list[Event]:
    last = s.last_card
    if last < 0:
        raise TooLate("too late: the moment to jump in has passed")
    if seat == s.last_player:
        raise CallRefused("you played that card yourself", reason="AGILITE_NOT_ALLOWED")
    card = card_in_hand(s, seat, action.card)
    if not AGILE[last]:
        raise CallRefused(
            "nobody may jump in on a Wheel of Time or a Calumet", reason="AGILITE_NOT_ALLOWED"
        )
    if FACE[card] != FACE[last]:
        # TT-FAIR-1: bad faith, on or off turn [decision TT-FAIR-1]. Refused, costs the caller.
        events: list[Event] = [Penalty(seat, "bad_agilite", BAD_FAITH_PENALTY)]
        draw_cards(s, seat, BAD_FAITH_PENALTY, "penalty", events)
        return events
    if seat == s.turn and plays_normally(s, card):
        # TT-AGIL-1: on its own turn a seat jumps in only with the identical card the
        # pending effect keeps it from playing normally; otherwise it just plays it.
        raise CallRefused("it is your turn: play the card normally", reason="AGILITE_NOT_ALLOWED")
    colour, _ = _check_play_params(s, seat, card, action.colour, None)
    events = []
    s.turn = seat  # "prendre la main": the jump-in is this seat's turn
    play_card(s, seat, card, colour, -1, action.tomahawk is True, True, events)
    return events


def _on_call_tomahawk(s: TomahawkState, seat: int, action: CallTomahawk) -> list[Event]:
    bit = 1 << seat
    if not s.ones & bit:
        raise CallRefused("you do not hold exactly one card", reason="NOT_ONE_CARD")
    if s.called & bit:
        raise CallRefused("you already called TOMAHAWK!", reason="ALREADY_CALLED")
    if not s.may_call & bit:
        raise TooLate("too late: a card was played since you went down to one card")
    s.called |= bit
    s.may_call &= ~bit
    return [TOMAHAWK_CALLED.of(seat)]


def _on_call_sherif(s: TomahawkState, seat: int, action: CallSherif) -> list[Event]:
    target = action.target
    if type(target) is not int or not 0 <= target < s.players:
        raise BadChoice("call SHÉRIF! on a player at the table", reason="BAD_TARGET")
    if target == seat:
        raise CallRefused("you cannot call SHÉRIF! on yourself", reason="CANNOT_CALL_ON_YOURSELF")
    if len(s.hands[target]) != 1:
        # TT-FAIR-1: bad faith (hand sizes are public).
        events: list[Event] = [
            SHERIF_CALLED.of(seat, target, False),
            Penalty(seat, "bad_sherif", BAD_FAITH_PENALTY),
        ]
        draw_cards(s, seat, BAD_FAITH_PENALTY, "penalty", events)
        return events
    if s.called >> target & 1:
        raise TooLate("too late: that player has already called TOMAHAWK!")
    events = [SHERIF_CALLED.of(seat, target, True)]
    draw_cards(s, target, SHERIF_CALL_DRAW, "sherif", events)
    return events


def _on_timeout(s: TomahawkState, seat: int, action: Timeout) -> list[Event]:
    """TT-TURN-5: the pending draw or skip is taken; otherwise draw one card, turn over."""
    _check_turn(s, seat)
    phase = s.phase
    events: list[Event]
    if phase == FACE_DRAW:
        events = _on_take_draw(s, seat, TAKE_DRAW)
    elif phase == FACE_SKIP:
        events = _on_take_skip(s, seat, TAKE_SKIP)
    elif phase == DRAWN:
        events = _on_pass(s, seat, PASS)
    elif phase == NAME_COLOUR:
        colour = COLOUR_NAMES[most_common_colour(s.hands[seat])]
        events = _on_name_colour(s, seat, NameColour(colour))
        _turn_draw(s, seat, events, forced=True)
    else:
        events = []
        _turn_draw(s, seat, events, forced=True)
    return events


HANDLERS: dict[type, Any] = {
    PlayCard: _on_play_card,
    Draw: _on_draw,
    Pass: _on_pass,
    TakePendingDraw: _on_take_draw,
    TakeSkip: _on_take_skip,
    NameColour: _on_name_colour,
    Combo: _on_combo,
    Agilite: _on_agilite,
    CallTomahawk: _on_call_tomahawk,
    CallSherif: _on_call_sherif,
    Timeout: _on_timeout,
}
"""Action class -> the function that applies it (:meth:`TomahawkGame.play` dispatches here)."""
