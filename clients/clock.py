"""The clocks of a table: the server's time (so countdowns match its deadlines) and the
status line that says whose turn it is and how long each waited-for seat has left."""

from __future__ import annotations

import time
from collections.abc import Iterable

import grpc
from cercle.v1 import common_pb2, timer_pb2, timer_pb2_grpc

from clients.i18n import Tr
from clients.lobby_text import screen_columns, text_rows
from clients.render import Context, Style
from clients.sdk import Client


async def server_clock_offset(client: Client, room_id: str) -> float | None:
    """Server time minus local time (None when the server does not say)."""
    stub = timer_pb2_grpc.TimerServiceStub(client.channel)
    before = time.time()
    try:
        response = await stub.GetDeadlines(
            timer_pb2.GetDeadlinesRequest(room_id=room_id),
            metadata=client.metadata,
            timeout=5,
        )
    except grpc.aio.AioRpcError:
        return None
    after = time.time()
    server = response.server_time.ToNanoseconds() / 1e9
    return server - (before + after) / 2 if server else None


def seconds_left(
    deadline: common_pb2.Deadline, clock_offset: float, now: float | None = None
) -> float:
    """Seconds until ``deadline`` in server time (``now``: local time, default the clock)."""
    expire = deadline.expire_time.ToNanoseconds() / 1e9
    return expire - ((time.time() if now is None else now) + clock_offset)


_PAUSE = common_pb2.CLOCK_KIND_PAUSE
"""The rest after a round or a reveal: the status says so, not "your turn"."""


def status_line(
    tr: Tr,
    st: Style,
    ctx: Context,
    *,
    me: int | None,
    waiting_for: Iterable[int],
    deadlines: Iterable[common_pb2.Deadline],
    clock_offset: float,
    now: float | None = None,
) -> str:
    """Whose turn it is, with the seconds left on each running clock."""
    clocks = {d.seat: d for d in deadlines}
    waiting = list(waiting_for)

    def left(seat: int) -> int:
        return max(0, round(seconds_left(clocks[seat], clock_offset, now)))

    def with_clock(seat: int) -> str:
        name = ctx.who(seat)
        if seat in clocks:
            return f"{name} ({tr('time_left', seconds=left(seat))})"
        return name

    resting = [s for s in waiting if s in clocks and clocks[s].clock == _PAUSE]
    if resting:  # the rest after a round or a reveal (bots have no clock; they press at once)
        seconds = max(left(s) for s in resting)
        names = tr("pause_waiting", names=", ".join(ctx.who(s) for s in waiting if s != me))
        if me is None or me not in waiting:
            return f"{names} ({tr('time_left', seconds=seconds)})"
        text = st.bold(tr("pause_status", seconds=seconds))
        return text + (" · " + names if len(waiting) > 1 else "")
    if me is not None and me in waiting:
        text = st.bold(st.warn(tr("your_turn")))
        if me in clocks:
            text += " " + st.warn(tr("time_left", seconds=left(me)))
        others = [s for s in waiting if s != me]
        if others:
            text += " · " + tr("turn_of", names=", ".join(with_clock(s) for s in others))
        return text
    if waiting:
        return tr("turn_of", names=", ".join(with_clock(s) for s in waiting))
    return ""


def redraw_in_place(status: str, row: int, height: int) -> str:
    """The codes that write ``status`` again over the ``height`` rows from screen ``row``
    (1-based) it was drawn on, the cursor saved and restored around them (so the prompt line
    keeps what is typed); empty when there is nothing to say or it would now spill onto the
    line below (left for the next full redraw)."""
    if not status or text_rows([status], screen_columns()) > height:
        return ""
    erase = "".join(f"\x1b[{row + i};1H\x1b[2K" for i in range(height))
    return f"\x1b7{erase}\x1b[{row};1H{status}\x1b8"
