"""The schedule: one APScheduler job per gardener job, never overlapping itself; one
leader among the server processes (the lease in Neo4j)."""

import asyncio
from datetime import UTC, datetime

import pytest

from graphmind.gardener.runner import job_states
from graphmind.gardener.scheduler import Gardener, trigger


def test_every_job_is_scheduled_once_without_overlap(deps):
    gardener = Gardener(deps)
    jobs = {job.id: job for job in gardener.scheduler.get_jobs()}
    assert set(jobs) == {
        "leader",
        "decay",
        "prune",
        "consolidate",
        "patterns",
        "scene_flush",
        "self_improve",
        "share_patterns",
    }
    assert all(job.max_instances == 1 and job.coalesce for job in jobs.values())


async def test_one_leader_among_processes(deps):
    """Two gardeners (as in two server processes): one leads, the other takes over when it
    resigns; only the leader runs a scheduled job."""
    first, second = Gardener(deps), Gardener(deps)
    try:
        assert await first.campaign() and not await second.campaign()
        assert await first.campaign() and first.leading  # renewed
        runs = {s.name: s.runs for s in await job_states(deps)}
        await second._run("scene_flush")  # a follower's schedule fires: nothing runs
        assert {s.name: s.runs for s in await job_states(deps)}["scene_flush"] == runs["scene_flush"]
        await first._run("scene_flush")
        assert {s.name: s.runs for s in await job_states(deps)}["scene_flush"] == runs["scene_flush"] + 1
        await first.resign()
        assert not first.leading and await second.campaign() and not await first.campaign()
    finally:
        await first.resign()
        await second.resign()


async def test_an_expired_lease_is_taken_over(deps):
    """A leader that stops renewing (a crashed process) loses the lease when it runs out,
    and stops leading by its own count no later."""
    crashed, other = Gardener(deps, lease_seconds=1.0), Gardener(deps, lease_seconds=1.0)
    try:
        assert await crashed.campaign() and not await other.campaign()
        await asyncio.sleep(1.1)
        assert not crashed.leading
        assert await other.campaign()
    finally:
        await other.resign()
        await crashed.resign()


@pytest.mark.parametrize(
    ("schedule", "after", "expected"),
    [
        ("@daily", datetime(2026, 3, 2, 4, 0, tzinfo=UTC), datetime(2026, 3, 3, 3, 0, tzinfo=UTC)),
        ("@weekly", datetime(2026, 3, 2, 4, 0, tzinfo=UTC), datetime(2026, 3, 8, 3, 30, tzinfo=UTC)),
        ("@monthly", datetime(2026, 3, 2, 4, 0, tzinfo=UTC), datetime(2026, 4, 1, 4, 0, tzinfo=UTC)),
        ("*/10 * * * *", datetime(2026, 3, 2, 4, 1, tzinfo=UTC), datetime(2026, 3, 2, 4, 10, tzinfo=UTC)),
    ],
)
def test_schedules_and_aliases(schedule, after, expected):
    assert trigger(schedule).get_next_fire_time(None, after) == expected


def test_an_interval_schedule():
    after = datetime(2026, 3, 2, 4, 0, tzinfo=UTC)
    assert trigger("every 300s").get_next_fire_time(after, after) == datetime(2026, 3, 2, 4, 5, tzinfo=UTC)
