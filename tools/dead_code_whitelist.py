"""Names the dead-code check (vulture, in ``make lint``) cannot see being used: each is called
or read by a framework or by name, never by a plain call in our code. Vulture reads this file
as code that uses them; it is never imported. Keep it short: a name goes here only with the
reason it is not dead, and dead code is deleted instead.
"""

from typing import Any

_: Any = None

if __name__ == "__vulture__":  # read by vulture only; never true when imported
    _ = [
        # gRPC asyncio calls these on the interceptors it was given (services/api/auth.py,
        # request_context.py, streams.py, wire.py; tools/compat_scenarios.py's client side).
        _.intercept_service,
        _.intercept_unary_unary,
        _.intercept_unary_stream,
        # http.server calls these on the handler and reads these attributes (deploy/local/web.py).
        _.do_GET,
        _.do_HEAD,
        _.log_message,
        _.server_version,
        _.daemon_threads,
        # tools/new_game.py writes a new game's clients/render/<id>.py calling it.
        _.generic_renderer,
        # tests/engine/test_bots.py reads these of engine/games/<id>/conformance.py by name.
        _.REPLAY_TABLE,
        _.DECISION_TABLE,
        _.TAKEOVER_TABLE,
        # Python calls these: on each subclass (engine/events.py) and on the catalogue (i18n).
        _.__init_subclass__,
        _.__call__,
        # Fields of the dataclasses that services/games/convert.py maps to protobuf by name
        # (dataclasses.fields): catalogues, events and views the clients read.
        _.heirs,  # AwimbaweCatalogue
        _.trump_colour,  # AwimbaweCatalogue
        _.rounds_to_win,  # AwimbaweCatalogue
        _.by_cheetah,  # awimbawe NextLeader
        _.tops,  # awimbawe RoundStarted
        _.win,  # tamashii Verdict
        _.win_threshold,  # TamashiiCatalogue
        _.return_two_yellow_count,  # TamashiiCatalogue
        _.story_max_chars,  # TomyCatalogue
        _.my_lucky_number,  # the Pebbles view of tests/test_new_game.py
        # The colour indices, named all four as the rules name them (engine/games/tomahawk).
        _.VIOLET,
        _.WHITE,
        # pytest reads pytestmark; pexpect writes to logfile_read; ast/html visitors by name.
        _.pytestmark,
        _.logfile_read,
        _.visit_VariableReference,
        _.visit_TextElement,
        _.handle_starttag,
        _.handle_endtag,
        _.handle_data,
    ]
