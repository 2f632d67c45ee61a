"""``make soak`` in small: the soak (``tools/soak.py``) run for about 40 seconds on a real
cluster (Valkey with fsync always, two replica processes, Envoy), with one kill -9 of a
replica and one write refusal by Redis (``maxmemory`` under its use, ``noeviction``).

Proves, from the soak's own audit of every room's log replayed through its engine:
- the clients really played (actions acknowledged, timers fired) and both disruptions
  really happened (the replica died of SIGKILL and came back; a probe write was refused
  with OOM during the refusal and accepted after it);
- no acknowledged action is missing from the log, none was applied twice, the idempotency
  index holds exactly the acknowledged keys, every log replays;
- no deadline passed without firing (beyond the claim lease), none fired twice or early;
- every stream carried its seqs with no gap and no repeat across the resumes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.faults.helpers import assert_soak_lost_nothing
from tools.soak import SoakConfig, run


@pytest.mark.timeout(240)
async def test_a_short_soak_with_a_kill_and_a_write_refusal_loses_nothing(tmp_path: Path) -> None:
    config = SoakConfig(
        minutes=0.7, seed=7, replicas=2, tables=4, plan=("kill9", "oom"), work_dir=tmp_path
    )
    report = await run(config)
    print(report.render())
    audit = report.audit

    assert audit.acknowledged >= 20, "the soak barely played"
    assert audit.turn.fired + audit.bot.fired > 0, "no timer fired"
    assert [(d.kind, d.performed) for d in report.disruptions] == [
        ("kill9", True),
        ("oom", True),
    ]
    assert "OutOfMemoryError" in report.disruptions[1].note

    # the kill -9 resets streams at the edge (RESET); no replica answered INTERNAL/UNKNOWN
    assert_soak_lost_nothing(report)
