"""The schedule: one APScheduler job per gardener job, never overlapping itself."""

from datetime import UTC, datetime

import pytest

from graphmind.gardener.scheduler import Gardener, trigger


def test_every_job_is_scheduled_once_without_overlap(deps):
    gardener = Gardener(deps)
    jobs = {job.id: job for job in gardener.scheduler.get_jobs()}
    assert set(jobs) == {"decay", "prune", "consolidate", "patterns", "scene_flush",
                         "self_improve", "share_patterns"}
    assert all(job.max_instances == 1 and job.coalesce for job in jobs.values())


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
