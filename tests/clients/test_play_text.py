"""What a player reads, from messages built by hand (no server): the bugs and missing words
of the play-quality issue, each pinned by a test that failed before its fix."""

from __future__ import annotations

import io
from typing import Any

import grpc
import pytest
from cercle.v1 import awimbawe_pb2, common_pb2, game_pb2, tamashii_pb2, tomahawk_pb2, tomy_pb2

from clients.api_error import ApiError
from clients.i18n import Tr
from clients.lobby_text import error_text, lobby_hints, rows_of
from clients.render import (
    Context,
    Style,
    opening_line,
    render_room,
    render_view,
    replay_parts,
    strip_ansi,
)
from clients.render.tamashii import tamashii_event, tamashii_table
from clients.render.tomy import tomy_event
from clients.sdk import Client
from clients.table_parts import PlayOptions
from clients.tui import TableLoop

ANA, BOT = "p-ana", "bot-1-x"


def room(*, private: bool = False, free: bool = True, lang_me: int = 0) -> common_pb2.Room:
    seats = [common_pb2.Seat(index=0, player_id=ANA, display_name="Ana", ready=True)]
    if free:
        seats.append(common_pb2.Seat(index=1))
    else:
        seats.append(
            common_pb2.Seat(
                index=1,
                player_id=BOT,
                kind=common_pb2.SEAT_KIND_BOT,
                bot_number=1,  # no display name: the client words a bot
                bot_level=common_pb2.BOT_LEVEL_STRONG,
                ready=True,
            )
        )
    return common_pb2.Room(
        room_id="r00m1d",
        game_id="awimbawe",
        seats=seats,
        host_player_id=ANA,
        my_seat=lang_me,
        join_code="ABC123",
        visibility=common_pb2.VISIBILITY_PRIVATE if private else common_pb2.VISIBILITY_PUBLIC,
        status=common_pb2.ROOM_STATUS_OPEN,
    )


def test_a_private_room_tells_others_its_join_code_not_a_command_that_fails() -> None:
    lines = lobby_hints(Tr("en"), room(private=True), "r00m1d", host=True)
    assert "cercle play ABC123" in lines[0] and "cercle play r00m1d" not in lines[0]
    public = lobby_hints(Tr("en"), room(), "r00m1d", host=True)
    assert "cercle play r00m1d" in public[0]


def test_the_host_waiting_with_free_seats_is_offered_a_bot_not_a_start_refused() -> None:
    for lang in ("en", "fr"):
        tr = Tr(lang)
        waiting = lobby_hints(tr, room(), "r00m1d", host=True)
        assert waiting[-1] == tr("lobby_host_bots") != tr("lobby_host_start")
        full = lobby_hints(tr, room(free=False), "r00m1d", host=True)
        assert full[-1] == tr("lobby_host_start")


def test_bots_are_named_in_the_readers_language() -> None:
    """A bot's name comes from the game's world (games.ftl ``game-<id>-bot_name``), its
    level in words; a game without a list of names says "Robot 1"."""
    ctx = Context("awimbawe", Tr("fr"), Style(False))
    ctx.set_room(room(free=False))
    assert ctx.who(1) == "Girafe (robot fort)"
    english = Context("awimbawe", Tr("en"), Style(False))
    english.set_room(room(free=False))
    assert english.who(1) == "Giraffe (strong bot)"
    nameless = Context("toy", Tr("fr"), Style(False))
    toy_room = room(free=False)
    toy_room.game_id = "toy"
    nameless.set_room(toy_room)
    assert nameless.who(1) == "Robot 1 (robot fort)"
    # The lobby's seat list says it once, in the name: not "Girafe (robot fort) · robot fort".
    listed = "\n".join(render_room(room(free=False), ctx))
    assert "1 Girafe (robot fort) · prêt" in listed and listed.count("robot fort") == 1


def test_a_refusal_the_cli_does_not_word_reads_in_the_readers_language() -> None:
    """A French table read "Refusé : you have already voted this turn": a reason cli.ftl has
    no sentence for shows the server's localized text (asked with accept-language); English
    keeps the server's own message, the most precise."""
    voted = ApiError(
        grpc.StatusCode.FAILED_PRECONDITION,
        "ALREADY_VOTED",
        "you have already voted this turn",
        localized="Tu as déjà voté ce tour-ci.",
    )
    assert error_text(Tr("fr"), voted) == "Tu as déjà voté ce tour-ci."
    assert error_text(Tr("en"), voted) == "you have already voted this turn"


async def test_the_sdk_asks_for_the_readers_language() -> None:
    """The SDK sends accept-language, so the server's LocalizedMessage is in the reader's
    language (a grpc.aio channel needs a running loop: the test is async)."""
    async with Client("localhost:1", language="fr") as client:
        assert client.metadata == (("accept-language", "fr"),)


def _awimbawe_event(**fields: Any) -> game_pb2.Event:
    """An Awimbawe event from its oneof field (``played=...``), as the server sends it."""
    return game_pb2.Event(awimbawe=awimbawe_pb2.AwimbaweEvent(**fields))


def test_an_awimbawe_replay_labels_pile_cards_and_names_the_opponent() -> None:
    played = awimbawe_pb2.AwimbaweEvent.CardPlayed(
        seat=1,
        card=awimbawe_pb2.AwimbaweCardView(card=4),
        source=awimbawe_pb2.AWIMBAWE_SOURCE_PILE,
        pile=2,
    )
    rhino = game_pb2.Action(
        awimbawe=awimbawe_pb2.AwimbaweAction(
            rhino_move=awimbawe_pb2.AwimbaweAction.RhinoMove(from_pile=1, to_pile=3)
        )
    )
    play = game_pb2.Action(
        awimbawe=awimbawe_pb2.AwimbaweAction(play_card=awimbawe_pb2.AwimbaweAction.PlayCard(card=4))
    )
    replay = game_pb2.GetReplayResponse(
        match=game_pb2.ReplayMatch(
            game_id="awimbawe",
            players=2,
            seats=[
                common_pb2.Seat(index=0, player_id=ANA, display_name="Ana"),
                common_pb2.Seat(index=1, player_id="p-ben", display_name="Ben"),
            ],
        ),
        steps=[
            game_pb2.ReplayStep(
                version=1, seat=1, action=play, events=[_awimbawe_event(card_played=played)]
            ),
            game_pb2.ReplayStep(version=2, seat=1, action=rhino),
        ],
    )
    _, steps, _ = replay_parts(replay, "r00m1d", Context("awimbawe", Tr("en"), Style(False)))
    assert "(pile 2)" in steps[0][0] and "hand" not in steps[0][0]
    assert "of Ana" in steps[1][0] and "?" not in steps[1][0]


def test_awimbawe_shows_crowns_taken_and_round_results_in_words() -> None:
    ctx = Context("awimbawe", Tr("en"), Style(False))
    ctx.set_room(room(free=False))
    dealt = awimbawe_pb2.AwimbaweEvent.RoundDealt(round=1, leader=0)
    hyena = awimbawe_pb2.AwimbaweCardView(
        card=15,
        animal=awimbawe_pb2.AWIMBAWE_ANIMAL_HYENA,
        colour=awimbawe_pb2.AWIMBAWE_COLOUR_BLACK,
        value=4,
        crowns=3,
    )
    mouse = awimbawe_pb2.AwimbaweCardView(
        card=0,
        animal=awimbawe_pb2.AWIMBAWE_ANIMAL_MOUSE,
        colour=awimbawe_pb2.AWIMBAWE_COLOUR_GREEN,
        value=1,
        crowns=1,
    )
    won = awimbawe_pb2.AwimbaweEvent.TrickWon(
        winner=0, leader=1, cards=[hyena, mouse], led_to=0, followed_to=0
    )
    from clients.render import narrate

    narrate(_awimbawe_event(round_dealt=dealt), ctx)
    narrate(_awimbawe_event(trick_won=won), ctx)
    view = game_pb2.View(
        awimbawe=awimbawe_pb2.AwimbaweView(
            seat=0,
            round=1,
            players=[
                awimbawe_pb2.AwimbaweSideView(seat=0, trick_pile_count=2),
                awimbawe_pb2.AwimbaweSideView(seat=1),
            ],
            round_results=[
                awimbawe_pb2.AwimbaweRoundResultView(
                    round=1, winner=0, crowns=[12, 20], hyenas=[2, 2]
                )
            ],
        )
    )
    text = "\n".join(strip_ansi(line) for line in render_view(view, ctx))
    assert "4 crowns taken" in text and "trick pile: 2 cards" in text and "♛3" not in text
    assert "[12, 20]" not in text and "Ana (you) 12, Giraffe (strong bot) 20" in text
    assert "black Hyena 4 ♛3" in strip_ansi(narrate(_awimbawe_event(trick_won=won), ctx))


def test_tamashii_wording_agrees_in_number_and_gender() -> None:
    freed = tamashii_pb2.TamashiiEvent(
        freed=tamashii_pb2.TamashiiEvent.Freed(
            seat=0, slot=2, card=tamashii_pb2.TamashiiCardView(id=2)
        )
    )
    en = Context("tamashii", Tr("en"), Style(False))
    assert "Excess" not in (tamashii_event(freed, en) or "")
    view = tamashii_pb2.TamashiiView(
        bag=tamashii_pb2.TamashiiGems(black=1), level=tamashii_pb2.TAMASHII_LEVEL_STANDARD
    )
    table = "\n".join(tamashii_table(view, en))
    assert "(1 gem)" in table and "STANDARD" not in table
    fr = Context("tamashii", Tr("fr"), Style(False))
    drawn = tamashii_pb2.TamashiiEvent(
        gem_drawn=tamashii_pb2.TamashiiEvent.GemDrawn(
            seat=0, colour=tamashii_pb2.TAMASHII_COLOUR_BLACK
        )
    )
    assert "une gemme noire" in (tamashii_event(drawn, fr) or "")
    assert "2 bleues" in "\n".join(
        tamashii_table(tamashii_pb2.TamashiiView(bag=tamashii_pb2.TamashiiGems(blue=2)), fr)
    )
    turn = tamashii_pb2.TamashiiEvent(turn_started=tamashii_pb2.TamashiiEvent.TurnStarted(seat=0))
    assert "'s" not in (tamashii_event(turn, en) or "")


def test_tomy_says_adopts_or_adopt_and_shows_breed_colours() -> None:
    en = Context("tomy", Tr("en"), Style(False))
    one = tomy_pb2.TomyEvent(game_over=tomy_pb2.TomyEvent.GameOver(game=1, winners=[0]))
    assert "adopts Tomy" in (tomy_event(one, en) or "")
    two = tomy_pb2.TomyEvent(game_over=tomy_pb2.TomyEvent.GameOver(game=1, winners=[0, 1]))
    assert "adopt Tomy" in (tomy_event(two, en) or "") and "(s)" not in (tomy_event(two, en) or "")
    view = game_pb2.View(tomy=tomy_pb2.TomyView(columns=[tomy_pb2.TomyColumnView(column=0)]))
    assert "(green)" in "\n".join(render_view(view, en))


def test_tomahawk_tells_the_first_card_of_the_match_and_hides_the_shaman_hint() -> None:
    ctx = Context("tomahawk", Tr("en"), Style(False))
    top = tomahawk_pb2.TomahawkCardFace(
        id=3, kind=tomahawk_pb2.TOMAHAWK_CARD_KIND_BEAR, colour=tomahawk_pb2.TOMAHAWK_COLOUR_RED
    )
    view = game_pb2.View(tomahawk=tomahawk_pb2.TomahawkView(round=1, top_card=top))
    assert opening_line(view, ctx) == "Round 1 starts: first card red Bear."
    seat = tomahawk_pb2.TomahawkSeatView(seat=0, cards=2, shaman_target=1)
    no_shaman = game_pb2.View(
        tomahawk=tomahawk_pb2.TomahawkView(seat=0, seats=[seat], hand=[top], top_card=top)
    )
    assert "Shaman" not in "\n".join(render_view(no_shaman, ctx))


async def test_the_clock_line_counts_down_in_place_without_touching_the_prompt() -> None:
    out = io.StringIO()
    client = Client("127.0.0.1:1")  # never called: the clock is redrawn from what it has
    loop = TableLoop(client, "r00m1d", PlayOptions(screen=True), out=out)
    playing = room(free=False)
    playing.status = common_pb2.ROOM_STATUS_PLAYING
    loop.set_room(playing)
    loop.waiting_for = [0]
    deadline = common_pb2.Deadline(seat=0)
    deadline.expire_time.FromSeconds(1_000_030)
    loop.deadlines = [deadline]
    loop.clock_offset = 1_000_000 - __import__("time").time()  # the server says 1_000_000
    loop.screen.redraw()
    row = loop.screen.status_row
    assert row is not None
    out.seek(0)
    out.truncate()
    loop.clock_offset += 5  # five seconds later
    loop.screen.redraw_clock()
    written = out.getvalue()
    assert written.startswith(f"\x1b7\x1b[{row};1H\x1b[2K") and written.endswith("\x1b8")
    assert "25 s left" in written and "\n" not in written
    await client.close()


@pytest.mark.parametrize("columns", [30, 16])  # at 16 the clock line wraps too
async def test_the_clock_line_ticks_on_a_narrow_terminal_when_a_story_line_wraps(
    monkeypatch: Any, columns: int
) -> None:
    """Issue 30: a story longer than the terminal is wide (with wide characters and colour
    codes) wraps; the countdown under it must still be redrawn, on its own row, each tick."""
    import pyte

    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", "30")
    out = io.StringIO()
    client = Client("127.0.0.1:1")  # never called: the clock is redrawn from what it has
    loop = TableLoop(client, "r00m1d", PlayOptions(screen=True), out=out)
    playing = room(free=False)
    playing.status = common_pb2.ROOM_STATUS_PLAYING
    loop.set_room(playing)
    story = "Ana tells: \x1b[1mle chat 猫 dort sur le toit 猫猫 pendant que la lune monte\x1b[0m"
    loop.log.extend([story, "short line"])
    loop.waiting_for = [0]
    deadline = common_pb2.Deadline(seat=0)
    deadline.expire_time.FromSeconds(1_000_030)
    loop.deadlines = [deadline]
    loop.clock_offset = 1_000_000 - __import__("time").time()  # the server says 1_000_000
    screen = pyte.Screen(columns, 30)
    stream = pyte.Stream(screen)
    loop.screen.redraw()
    stream.feed(out.getvalue().replace("\n", "\r\n"))  # a tty adds the CR
    before = list(screen.display)
    assert loop.screen.status_row is not None
    clock = range(
        loop.screen.status_row - 1, loop.screen.status_row - 1 + loop.screen.status_height
    )
    assert "30 s left" in "".join(before[i] for i in clock), before  # under the wrapped story
    for tick in (1, 2, 3):
        out.seek(0)
        out.truncate()
        loop.clock_offset += 1  # one second later
        loop.screen.redraw_clock()
        stream.feed(out.getvalue())
        shown = list(screen.display)
        assert f"{30 - tick} s left" in "".join(shown[i] for i in clock), shown
        assert f"{31 - tick} s left" not in "".join(shown), shown
        assert [r for i, r in enumerate(shown) if i not in clock] == [
            r for i, r in enumerate(before) if i not in clock
        ]
    await client.close()


def test_screen_rows_are_counted_by_display_width() -> None:
    """Colour codes take no column, a wide character two, a combining mark none; a wide
    character that does not fit at the end of a row goes whole to the next (as xterm does)."""
    assert rows_of("\x1b[1m" + "a" * 10 + "\x1b[0m", 10) == 1
    assert rows_of("a" * 11, 10) == 2
    assert rows_of("猫" * 5, 10) == 1 and rows_of("猫" * 6, 10) == 2
    assert rows_of("abc猫", 4) == 2 and rows_of("ab猫", 4) == 1
    assert rows_of("e\u0301" * 10, 10) == 1
    assert rows_of("", 10) == 1
