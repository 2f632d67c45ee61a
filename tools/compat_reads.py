"""What an old client reads: the curated half of the semantic-compatibility check.

``tools/compat.py`` derives most expectations from the golden messages themselves (a field an
old client could read that the golden filled stays filled). This module adds what the walk
cannot guess, read off our own clients (``clients/sdk.py``, ``clients/render/``,
``clients/ts/src``, ``clients/web/src``):

- :data:`NEEDED`: what a client *needs* in **every** message of a type to show it at all.
  Each entry is a tuple of alternatives (any one suffices); an alternative naming a field the
  baseline does not know is dropped when recording, because a client built on the baseline
  cannot read it. A golden that already misses a needed read when recorded is a *known
  break* (listed in ``protos/compat/expectations.json``) until the baseline is recorded again.
- :data:`EQUALS`: fields whose exact value a client branches on (status codes, error
  reasons, game ids, kinds): today's values must include every value of the golden.
- :data:`SKIP`: fields whose filling depends on timing, not on the contract; never expected.

Keys are protobuf full names as in the baseline (``cercle.v1.TomyEvent.StoryProposed``).
"""

from __future__ import annotations

Alternative = tuple[str, str]
"""(field, check), the check one of ``present``, ``non_empty``, ``non_zero``, ``true``."""

NEEDED: dict[str, tuple[tuple[tuple[Alternative, ...], str], ...]] = {
    # clients/render/tomy.py my_story and clients/web/src/games/tomy.ts tomyStory: a person's
    # text as told, or the template story rendered in the reader's language; with neither,
    # the client shows a blank story (issue 25: the Tomy story break). `story` was the
    # text's name before the v1 baseline was recorded again; an alternative the baseline
    # does not know is dropped when recording.
    "cercle.v1.TomyEvent.StoryProposed": (
        (
            (("text", "non_empty"), ("story", "non_empty"), ("template", "present")),
            "the story to show",
        ),
    ),
    # The same for a listed proposal (ListLegalActions, Choices): what the player picks.
    "cercle.v1.TomyAction.Propose": (
        (
            (("text", "non_empty"), ("story", "non_empty"), ("template", "present")),
            "the story to offer",
        ),
    ),
    "cercle.v1.TomyProposalView": (
        (
            (("text", "non_empty"), ("story", "non_empty"), ("template", "present")),
            "the story to show",
        ),
    ),
    # clients/sdk.py Client.login: the token sent as `authorization: Bearer`, the player id.
    "cercle.v1.CreateSessionResponse": (
        ((("session_token", "non_empty"),), "the token every later call sends"),
        ((("player_id", "non_empty"),), "who the client is"),
    ),
    # clients/sdk.py Client.updates resumes from the last update's seq (cursor since);
    # clients/ts src/streams.ts the same.
    "cercle.v1.SubscribeResponse": (
        ((("seq", "non_zero"),), "where to resume the stream"),
        ((("kind", "non_zero"),), "what the update is"),
    ),
    # Every client acts with the version it saw (ActRequest.version); a match starts at
    # version 0, so only an accepted move's answer has one above it.
    "cercle.v1.ActResponse": (((("version", "non_zero"),), "the new version"),),
    # A room is addressed by its id in every lobby and game call.
    "cercle.v1.Room": (((("room_id", "non_empty"),), "the room to address"),),
    # clients/sdk.py api_error: the stable reason a frontend translates.
    "google.rpc.ErrorInfo": (((("reason", "non_empty"),), "the reason to translate"),),
}

EQUALS: dict[str, tuple[str, ...]] = {
    "google.rpc.Status": ("code",),
    "google.rpc.ErrorInfo": ("reason", "domain"),
    "google.rpc.BadRequest.FieldViolation": ("field",),
    "google.rpc.PreconditionFailure.Violation": ("type",),
    "cercle.v1.Room": ("game_id", "status", "visibility"),
    "cercle.v1.Seat": ("index", "kind"),
    "cercle.v1.GameInfo": ("game_id", "min_players", "max_players"),
    "cercle.v1.ReplayMatch": ("game_id", "players"),
    "cercle.v1.JoinRoomResponse": ("seat",),
    "cercle.v1.QuickMatchResponse": ("seat",),
}

SKIP: dict[str, tuple[str, ...]] = {
    # Deadlines and presence follow the clock and the connections, not the contract.
    "cercle.v1.SubscribeResponse": ("deadlines", "presence", "server_time"),
    "cercle.v1.GetViewResponse": ("deadlines", "presence", "server_time"),
    "cercle.v1.WatchRoomResponse": ("server_time",),
    # A retried call's flag: a first answer in one run, a replay in another is not a break.
    "cercle.v1.ActResponse": ("replayed",),
}
