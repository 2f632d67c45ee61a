"""``make soak`` with primary failovers, in small: the soak (``tools/soak.py``) run for
about 50 seconds on a Valkey primary, two Valkey replicas and three sentinels, the servers
committing with ``CERCLE_COMMIT_DURABILITY=replicated`` through ``redis+sentinel://``, with
two failovers: each SIGKILLs the primary the sentinels name, waits for them to promote a
replica, and restarts the killed one as a replica of the new primary (so that the second
failover too has a replica to promote and one to confirm commits).

Proves, from the soak's own audit of every room's log replayed through its engine on the
last promoted primary: both failovers really happened (two different primaries killed by
SIGKILL), the clients played across them, no acknowledged action is missing or applied
twice, the idempotency index holds exactly the acknowledged keys, no deadline was missed,
fired twice or early, and every stream resumed with no gap or repeat.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.faults.helpers import assert_soak_lost_nothing
from tools.soak import SoakConfig, run


@pytest.mark.timeout(240)
async def test_a_short_soak_with_two_primary_failovers_loses_nothing(tmp_path: Path) -> None:
    config = SoakConfig(
        minutes=0.8, seed=26, replicas=2, tables=4, plan=("failover", "failover"), work_dir=tmp_path
    )
    assert config.with_sentinels
    report = await run(config)
    print(report.render())
    audit = report.audit

    assert [(d.kind, d.performed) for d in report.disruptions] == [("failover", True)] * 2, [
        d.note for d in report.disruptions
    ]
    assert report.disruptions[0].target != report.disruptions[1].target, "one primary killed twice"
    assert audit.acknowledged >= 20, "the soak barely played"
    assert audit.turn.fired + audit.bot.fired > 0, "no timer fired"

    assert_soak_lost_nothing(report)
