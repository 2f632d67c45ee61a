"""The ladder's messages: ratings and rating changes as the contract sends them (LadderService
and the match history)."""

from __future__ import annotations

from collections.abc import Sequence

from cercle.v1 import ladder_pb2, lobby_pb2

from services.api.proto_messages import timestamp
from services.ladder.matchmaking import TicketSeen, window
from services.ladder.ratings import display_rating, is_provisional
from services.store import Store
from services.store.ratings import Rating, RatingChange, for_store


def rating_message(game: str, rating: Rating) -> ladder_pb2.PlayerRating:
    return ladder_pb2.PlayerRating(
        game_id=game,
        rating=display_rating(rating.mu, rating.sigma),
        mu=rating.mu,
        sigma=rating.sigma,
        rated_matches=rating.matches,
        provisional=is_provisional(rating.matches),
    )


def change_message(change: RatingChange) -> ladder_pb2.RatingChange:
    before = rating_message(
        change.game, Rating(change.mu_before, change.sigma_before, change.matches - 1)
    )
    after = rating_message(change.game, Rating(change.mu_after, change.sigma_after, change.matches))
    return ladder_pb2.RatingChange(
        room_id=change.room_id,
        game_id=change.game,
        finish_time=timestamp(change.finished),
        place=change.rank,
        before=before,
        after=after,
        rating_delta=after.rating - before.rating,
    )


async def add_rating_changes(
    store: Store, records: Sequence[lobby_pb2.MatchRecord], player_id: str
) -> None:
    """Set each history record's ``rating_change`` (ListMatchHistory), where rated."""
    changes = await for_store(store).room_changes([r.room_id for r in records], player_id)
    for record, change in zip(records, changes, strict=True):
        if change is not None:
            record.rating_change.CopyFrom(change_message(change))


_STATUS = {
    "waiting": ladder_pb2.MATCH_TICKET_STATUS_WAITING,
    "claimed": ladder_pb2.MATCH_TICKET_STATUS_WAITING,
    "matched": ladder_pb2.MATCH_TICKET_STATUS_MATCHED,
    "cancelled": ladder_pb2.MATCH_TICKET_STATUS_CANCELLED,
}


def ticket_message(seen: TicketSeen) -> ladder_pb2.MatchTicket:
    """A match ticket as the contract sends it."""
    ticket, status = seen.fields, seen.status
    message = ladder_pb2.MatchTicket(
        ticket_id=seen.ticket_id,
        game_id=ticket.get("game", ""),
        players=int(ticket.get("players", 0)),
        status=_STATUS.get(status, ladder_pb2.MATCH_TICKET_STATUS_EXPIRED),
        create_time=timestamp(seen.created),
        rating=round(100 * float(ticket.get("rating", 0))),
    )
    if status in ("waiting", "claimed"):
        message.rating_window = round(100 * window(seen.at - seen.created))
        message.bots_time.CopyFrom(timestamp(float(ticket.get("bots_at", seen.at))))
    if status == "matched":
        message.room_id = ticket["room"]
        message.seat = int(ticket["seat"])
        message.bots = int(ticket.get("bots", 0))
    return message
