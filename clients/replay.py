"""``cercle replay ROOM``: a finished match with the check of its seed commitment."""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from typing import Any

from cercle.v1 import game_pb2
from google.protobuf import json_format

from clients.deal_check import check_deal
from clients.io import EXIT_ERROR, Io
from clients.options import plain_options
from clients.render import (
    Context,
    Style,
    action_label,
    event_json,
    narrate,
    outcome_json,
    render_view,
    replay_parts,
    round_starts,
    strip_ansi,
)
from clients.sdk import Client


def commitment_check(seed: int, nonce: str, commitment: str) -> tuple[str, bool]:
    """``sha256("<seed>:<nonce>")`` and whether it is the published commitment.

    >>> digest, ok = commitment_check(1, "n", hashlib.sha256(b"1:n").hexdigest())
    >>> ok
    True
    """
    digest = hashlib.sha256(f"{seed}:{nonce}".encode()).hexdigest()
    return digest, digest == commitment.strip().lower()


async def cmd_replay(client: Client, args: argparse.Namespace, io: Io) -> int:
    replay = await client.replay(args.room)
    match = replay.match
    digest, ok = commitment_check(match.seed, match.seed_nonce, match.seed_commitment)
    deal = check_deal(match)
    ctx = Context(match.game_id, io.tr, io.style)
    head, steps, tail = replay_parts(replay, args.room, ctx)
    if io.json:
        label_ctx = Context(match.game_id, io.tr, Style(False))
        replay_parts(replay, args.room, label_ctx)  # learn names and faces
        io.emit(
            {
                "room_id": args.room,
                "game_id": match.game_id,
                "players": match.players,
                "options": plain_options(match.options),
                "seats": [
                    {"index": s.index, "display_name": s.display_name, "player_id": s.player_id}
                    for s in match.seats
                ],
                "steps": [replay_step_json(step, label_ctx) for step in replay.steps],
                "outcome": outcome_json(match.outcome),
                "seed": match.seed,
                "seed_nonce": match.seed_nonce,
                "seed_commitment": match.seed_commitment,
                "computed_commitment": digest,
                "commitment_ok": ok,
                "deal_derived": deal.derived,
                "deal_ok": deal.ok,
                "deal_player_seats": list(deal.players),
                "deal_problems": [
                    {"problem": problem.message, "seat": problem.seat} for problem in deal.problems
                ],
            }
        )
        return 0 if ok and deal.ok else EXIT_ERROR
    for line in head:
        io.line(line)
    starts = round_starts(replay)
    index = 0
    if args.round is not None:
        if args.round not in starts:
            io.line(io.style.bad(no_round(io, args.round, starts)))
            return EXIT_ERROR
        index = starts[args.round]
    stepping = not args.all and sys.stdin.isatty() and sys.stdout.isatty()
    prompt = io.tr("replay_more_keys", rounds="yes" if len(starts) > 1 else "no")
    while index < len(steps):
        for line in steps[index]:
            io.line(line)
        index += 1
        if stepping and index < len(steps):
            answer = ask(prompt).strip().lower()
            while answer == "t":  # the table after this step, as a spectator saw it
                for line in table_after(replay.steps[index - 1], ctx):
                    io.line(line)
                answer = ask(prompt).strip().lower()
            if answer == "q":
                break
            asked = re.fullmatch(r"r\s*(\d+)", answer)
            if asked:  # "r 2": on from the first step of round 2 (back or forth)
                wanted = int(asked.group(1))
                if wanted in starts:
                    index = starts[wanted]
                else:
                    io.line(io.style.bad(no_round(io, wanted, starts)))
                continue
            stepping = answer != "a"
    else:
        for line in tail:
            io.line(line)
    io.line()
    io.line(io.tr("replay_seed", seed=match.seed, nonce=match.seed_nonce))
    io.line(io.tr("replay_commitment", digest=digest, commitment=match.seed_commitment))
    io.line(io.style.good(io.tr("commitment_ok")) if ok else io.style.bad(io.tr("commitment_bad")))
    if deal.derived and deal.ok:
        io.line(io.style.good(io.tr("deal_ok", players=len(deal.players))))
    for problem in deal.problems:
        seat = None if problem.seat is None else problem.seat + 1
        io.line(io.style.bad(io.tr("deal_bad", problem=io.tr(problem.message, seat=seat))))
    return 0 if ok and deal.ok else EXIT_ERROR


def table_after(step: game_pb2.ReplayStep, ctx: Context) -> list[str]:
    """The table after ``step`` (its public view), indented under the step."""
    if not step.HasField("view"):
        return []
    me, ctx.me = ctx.me, -1
    try:
        return ["    " + line for line in render_view(step.view, ctx)]
    finally:
        ctx.me = me


def no_round(io: Io, wanted: int, starts: dict[int, int]) -> str:
    """The line for a round the match does not have (or a game played in one go)."""
    return io.tr("replay_no_round", n=wanted, last=max(starts, default=1))


def ask(prompt: str) -> str:
    """A line typed after ``prompt`` (``q`` at the end of the input)."""
    try:
        return input(prompt)
    except EOFError:
        return "q"


def replay_step_json(step: game_pb2.ReplayStep, ctx: Context) -> dict[str, Any]:
    has_action = step.HasField("action") and bool(step.action.WhichOneof("game"))
    for event in step.events:  # what the label needs to know (the pile a card came from)
        narrate(event, ctx, timeout=step.timeout)
    ctx.actor = step.seat
    return {
        "seq": step.seq,
        "version": step.version,
        "seat": step.seat,
        "timeout": step.timeout,
        "action": json_format.MessageToDict(step.action, preserving_proto_field_name=True)
        if has_action
        else None,
        "label": strip_ansi(action_label(step.action, ctx)) if has_action else "",
        "events": [event_json(e) for e in step.events],
    }
