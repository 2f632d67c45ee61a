"""Issue 30, what a player sees at a glance, in the terminal: the card a Tamashii peek showed
the reader is drawn as a card in a panel that the next redraw draws again, until ``x`` or the
end of the reader's next turn; the catalogue (``c``) is a panel too. Messages built by hand
(no server); tests/clients/test_cli_glance.py drives the same through a real cluster."""

from __future__ import annotations

import io

import pyte
from cercle.v1 import common_pb2, game_pb2, tamashii_pb2, tomy_pb2

from clients.i18n import Tr
from clients.render import Context, Style
from clients.render.panel import (
    CARDS,
    PEEK,
    Panel,
    Panels,
    boxed,
    private_card_panel,
    turn_started,
)
from clients.sdk import Client
from clients.table_parts import PlayOptions
from clients.tui import TableLoop

TM = tamashii_pb2.TamashiiEvent


def _peeked(seat: int, slot: int = 3) -> game_pb2.Event:
    card = tamashii_pb2.TamashiiCardView(
        id=3,
        needs=tamashii_pb2.TamashiiGems(blue=2, red=1),
        power=tamashii_pb2.TAMASHII_POWER_REMOVE_BLACK,
    )
    peeked = TM.Peeked(seat=seat, slot=slot, card=card)
    return game_pb2.Event(tamashii=TM(peeked=peeked), private=True)


def _turn(seat: int) -> game_pb2.Event:
    return game_pb2.Event(tamashii=TM(turn_started=TM.TurnStarted(seat=seat)))


def _update(seq: int, *events: game_pb2.Event) -> game_pb2.SubscribeResponse:
    return game_pb2.SubscribeResponse(seq=seq, events=list(events))


def _ctx(lang: str = "en", me: int = 0) -> Context:
    ctx = Context("tamashii", Tr(lang), Style(False))
    ctx.me = me
    return ctx


def test_tm_peek_1_the_peeked_card_is_drawn_as_a_card_with_its_name_and_needs() -> None:
    for lang, needs in (("en", "Needs: 2 blue, 1 red"), ("fr", "Il lui faut : 2 bleue")):
        panel = private_card_panel(_peeked(0), _ctx(lang))
        assert panel is not None and panel.kind == PEEK
        text = "\n".join(boxed(panel, _ctx(lang)))
        assert "Mizu" in text and needs in text and "3" in panel.title
        assert text.startswith("╭") and text.rstrip().endswith("╯")


def test_tm_mem_1_another_seats_peek_and_public_events_open_no_panel() -> None:
    assert private_card_panel(_peeked(1), _ctx(me=0)) is None  # not the reader's own
    assert private_card_panel(_turn(0), _ctx()) is None
    public = game_pb2.Event(tamashii=TM(slot_peeked=TM.SlotPeeked(seat=0, slot=3)))
    assert private_card_panel(public, _ctx()) is None


def test_the_peek_panel_stays_through_the_next_turns_and_closes_after_the_readers_own() -> None:
    ctx, panels = _ctx(me=0), Panels()
    panels.take(_update(1, _turn(0)), ctx)
    opened = panels.take(_update(2, _peeked(0), _turn(1)), ctx)  # the peek ends my turn
    assert [p.kind for p in opened] == [PEEK] and PEEK in panels.open
    panels.take(_update(3, _turn(0)), ctx)  # the other seat's turn ended: still there
    assert PEEK in panels.open
    panels.take(_update(4, game_pb2.Event(tamashii=TM(gem_drawn=TM.GemDrawn(seat=0)))), ctx)
    assert PEEK in panels.open  # my turn goes on
    panels.take(_update(5, _turn(1)), ctx)  # my next turn ended
    assert PEEK not in panels.open


def test_solo_the_peek_panel_survives_the_turn_that_starts_with_it() -> None:
    ctx, panels = _ctx(me=0), Panels()
    panels.take(_update(1, _turn(0)), ctx)
    panels.take(_update(2, _peeked(0), _turn(0)), ctx)
    assert PEEK in panels.open
    panels.take(_update(3, _turn(0)), ctx)
    assert PEEK not in panels.open
    panels.show(Panel(CARDS, "cards", ("a",)))
    assert panels.close() and not panels.open and not panels.close()


async def test_the_panels_are_drawn_again_by_every_redraw_until_closed() -> None:
    out = io.StringIO()
    client = Client("127.0.0.1:1")  # never called
    loop = TableLoop(client, "r00m1d", PlayOptions(screen=True), out=out)
    playing = common_pb2.Room(
        room_id="r00m1d",
        game_id="tamashii",
        seats=[common_pb2.Seat(index=0, player_id="p-ana", display_name="Ana")],
        my_seat=0,
        status=common_pb2.ROOM_STATUS_PLAYING,
    )
    loop.set_room(playing)
    loop.show_panel(Panel(CARDS, "The 6 spirits", ("Kaze (needs 2 blue, 1 yellow)",)))
    loop.apply_update(_update(2, _peeked(0), _turn(0)))
    for _ in range(2):  # the next update's redraw, and another
        out.seek(0)
        out.truncate()
        loop.screen.redraw()
        screen = pyte.Screen(100, 40)
        pyte.Stream(screen).feed(out.getvalue().replace("\n", "\r\n"))
        shown = "\n".join(screen.display)
        assert "The 6 spirits" in shown and "Kaze" in shown
        assert "You peeked at slot 3" in shown and "Mizu" in shown
    loop.panels.close()
    out.seek(0)
    out.truncate()
    loop.screen.redraw()
    assert "You peeked" not in out.getvalue() and "The 6 spirits" not in out.getvalue()
    await client.close()


def test_a_turn_without_a_seat_tomys_leash_holder_neither_fails_nor_closes_a_panel() -> None:
    tomy = tomy_pb2.TomyEvent(turn_started=tomy_pb2.TomyEvent.TurnStarted(turn=2, leash_holder=1))
    event = game_pb2.Event(tomy=tomy)
    assert turn_started(event) is None
    assert turn_started(_turn(2)) == 2
    ctx, panels = _ctx(me=0), Panels()
    panels.show(Panel(PEEK, "a card", ("x",)))
    panels.take(_update(9, event), ctx)
    assert PEEK in panels.open


async def test_plain_output_prints_the_peeked_card_when_it_comes() -> None:
    out = io.StringIO()
    client = Client("127.0.0.1:1")  # never called
    loop = TableLoop(client, "r00m1d", PlayOptions(screen=False, lang="fr"), out=out)
    loop.set_room(
        common_pb2.Room(
            room_id="r00m1d",
            game_id="tamashii",
            seats=[common_pb2.Seat(index=0, player_id="p-ana", display_name="Ana")],
            my_seat=0,
            status=common_pb2.ROOM_STATUS_PLAYING,
        )
    )
    loop.apply_update(_update(2, _peeked(0, slot=4), _turn(0)))
    printed = out.getvalue()
    assert "╭─ Tu as regardé l'emplacement 4" in printed and "Mizu" in printed
    assert "x : fermer" in printed
    await client.close()
