"""DSR retrievability, the spacing effect, R19's per-level bounds and the ranking mix."""

import asyncio
import math
from datetime import timedelta

import pytest

from graphmind.lifecycle import decay
from graphmind.memory import manage
from graphmind.memory.recall import recall


@pytest.mark.parametrize("hours", [0, 1, 12, 48, 100])
def test_retrievability_formula(hours):
    assert decay.retrievability(hours, 48.0) == pytest.approx(math.exp(-hours / 48.0))
    assert decay.retrievability(hours, 48.0, scale=0.9) == pytest.approx(0.9 * math.exp(-hours / 48.0))
    assert decay.retrievability(hours, 48.0, in_scene=True) == 1.0


@pytest.mark.parametrize(
    ("level", "period", "rate"),
    [
        (1, timedelta(days=1), 0.10),
        (2, timedelta(weeks=1), 0.05),
        (3, timedelta(days=30), 0.02),
        (4, timedelta(days=365), 0.01),
    ],
)
def test_per_level_decay_bounds(level, period, rate):
    """R19: one idle period costs exactly the level's rate at default stability, less when
    stability grew, never more."""
    assert decay.decay_factor(level, period, 48.0) == pytest.approx(1 - rate)
    assert decay.decay_factor(level, 3 * period, 48.0) == pytest.approx((1 - rate) ** 3)
    assert decay.decay_factor(level, period, 96.0) == pytest.approx((1 - rate) ** 0.5)
    assert decay.decay_factor(level, period, 10.0) == pytest.approx(1 - rate)  # never faster
    assert decay.decay_factor(level, timedelta(0), 48.0) == 1.0


@pytest.mark.parametrize("hours", [6, 24, 72])
async def test_recall_reports_retrievability_after_t_hours(timed, clock, store, user_id, hours):
    stored = await store("The staging database password rotates every quarter")
    clock.advance(hours=hours)
    [item] = (await recall(timed, user_id, "staging database password rotation", 5)).items
    assert item.breakdown.retrievability == pytest.approx(math.exp(-hours / 48.0), rel=1e-6)
    assert item.memory.id == stored.memory.id


async def test_stability_grows_after_a_retrieval_and_the_timer_resets(timed, clock, store, user_id):
    stored = await store("Invoices are sent on the first working day of the month")
    assert stored.memory.stability == 48.0
    clock.advance(hours=48)  # R = e^-1
    [first] = (await recall(timed, user_id, "when are invoices sent", 5)).items
    expected = 48.0 * (1 + 1.0 * (1 - math.exp(-1)))  # S·(1 + factor·(1 − R))
    assert first.memory.stability == pytest.approx(expected)
    again = await manage.get_memory(timed, user_id, stored.memory.id)
    assert again.stability == pytest.approx(expected) and again.last_accessed_at == clock.now()
    [second] = (await recall(timed, user_id, "when are invoices sent", 5)).items
    assert second.breakdown.retrievability == pytest.approx(1.0)  # the timer was reset
    assert second.memory.stability == pytest.approx(expected)  # no gain without spacing


async def test_an_old_but_useful_memory_outranks_an_old_useless_one(timed, clock, store, user_id):
    """Relationship 2: utility keeps an old memory high although its R faded."""
    useful = await store("The release checklist lives in the ops wiki under Releases")
    useless = await store("An older copy of the release checklist sits in the shared drive")
    await timed.db.write_once("testing.set_utility", userId=user_id, id=useful.memory.id, utility=0.95)
    await timed.db.write_once("testing.set_utility", userId=user_id, id=useless.memory.id, utility=0.05)
    clock.advance(days=30)
    items = (await recall(timed, user_id, "where is the release checklist", 5)).items
    assert [i.memory.id for i in items[:2]] == [useful.memory.id, useless.memory.id]
    assert all(i.breakdown.retrievability < 0.001 for i in items[:2])
    assert items[0].breakdown.utility == pytest.approx(0.95)
    for item in items:  # the mix of seed 003, relationship 2, with the default weights
        b = item.breakdown
        assert item.score == pytest.approx(0.7 * b.relevance + 0.15 * b.retrievability + 0.15 * b.utility)


async def test_recalls_recorded_late_review_a_memory_one_after_the_other(timed, clock, store, user_id, hold_writer):
    """A recall's record is written behind it (db/write_behind.py): a second recall that read
    the memory before the first one's record was written still reviews it from the first
    review on, not from what it read."""
    stored = await store("Invoices are sent on the first working day of the month")
    async with hold_writer(timed.db):  # the writer is busy: both records wait
        await recall(timed, user_id + "-busy", "keep the writer busy", 3)
        await asyncio.sleep(0)
        clock.advance(hours=48)  # R = e^-1
        await recall(timed, user_id, "when are invoices sent", 5)
        clock.advance(hours=24)
        await recall(timed, user_id, "when are invoices sent", 5)  # read the memory unreviewed
    first = 48.0 * (1 + (1 - math.exp(-1)))
    second = first * (1 + (1 - math.exp(-24 / first)))  # 24 h after the first review
    again = await manage.get_memory(timed, user_id, stored.memory.id)
    assert again.stability == pytest.approx(second)
    assert again.access_count == 2 and again.last_accessed_at == clock.now()
