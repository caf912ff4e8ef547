"""The plan gate: a query's first run goes alone, the same query's other runs wait for it."""

import asyncio
import uuid

import pytest

from graphmind.db.plan_gate import PlanGate
from graphmind.errors import Conflict
from tests.db.test_commit_flush import _record


async def _runs(gate: PlanGate, name: str, n: int, seconds: float = 0.05, fail: bool = False) -> list[tuple]:
    """n concurrent runs of `name` through the gate; each logs (start, end, index)."""
    log: list[tuple] = []

    async def one(i: int) -> None:
        async with gate.first_run(name):
            log.append(("start", i))
            await asyncio.sleep(seconds)
            log.append(("end", i))
            if fail and i == 0:
                raise RuntimeError("the first run failed")

    results = await asyncio.gather(*(one(i) for i in range(n)), return_exceptions=True)
    assert [r for r in results if r is not None] == ([results[0]] if fail else [])
    return log


async def test_the_first_run_goes_alone_and_the_others_wait_for_it():
    log = await _runs(PlanGate(), "memory.rank", 5)
    assert log[:2] == [("start", 0), ("end", 0)]
    assert {i for kind, i in log[2:] if kind == "start"} == {1, 2, 3, 4}
    # the waiters then run together
    assert [kind for kind, _ in log[2:6]] == ["start"] * 4


async def test_once_a_query_has_run_its_runs_do_not_wait():
    gate = PlanGate()
    await _runs(gate, "memory.rank", 1)
    log = await _runs(gate, "memory.rank", 3)
    assert [kind for kind, _ in log[:3]] == ["start"] * 3
    # another query still has its first run alone
    assert (await _runs(gate, "decisions.create", 2))[:2] == [("start", 0), ("end", 0)]


async def test_a_failed_first_run_releases_the_waiters_and_the_next_run_goes_alone_again():
    gate = PlanGate()
    log = await _runs(gate, "memory.rank", 3, fail=True)
    assert log[:2] == [("start", 0), ("end", 0)]
    assert (await _runs(gate, "memory.rank", 2))[:2] == [("start", 0), ("end", 0)]


async def test_a_waiter_waits_at_most_the_bound_then_runs():
    gate = PlanGate(wait_seconds=0.05)
    log = await _runs(gate, "memory.rank", 2, seconds=0.5)
    assert log[:2] == [("start", 0), ("start", 1)]  # the second did not wait for the 0.5 s run


async def test_forget_gates_each_query_again():
    gate = PlanGate()
    await _runs(gate, "memory.rank", 1)
    gate.forget()
    assert (await _runs(gate, "memory.rank", 2))[:2] == [("start", 0), ("end", 0)]


async def test_a_cancelled_waiter_leaves_the_first_run_alone():
    gate = PlanGate()
    claim = await gate.claim("memory.rank")
    assert claim is not None
    waiter = asyncio.ensure_future(gate.claim("memory.rank"))
    await asyncio.sleep(0.01)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert not claim.done()
    gate.settle("memory.rank", claim, ran=True)
    assert await gate.claim("memory.rank") is None


# ---- on real Neo4j, through Database -------------------------------------------


async def test_concurrent_first_reads_all_answer_and_the_query_counts_as_planned(db):
    db.plans.forget()
    answers = await asyncio.gather(*(db.read("keys.active_ids") for _ in range(8)))
    assert all(a == answers[0] for a in answers)
    assert await db.plans.claim("keys.active_ids") is None


async def test_a_write_queued_for_the_commit_is_claimed_until_the_commit_is_answered(db):
    db.plans.forget()
    key = f"pg-{uuid.uuid4().hex}"
    held_at_commit: list[bool] = []

    async def work(tx) -> None:
        tx.run_at_commit("idempotency.record", **_record(key))

    claim = db.plans.claim

    async def watched(name: str):  # the claim is taken after the work, before the COMMIT
        got = await claim(name)
        held_at_commit.append(got is not None and not got.done())
        return got

    db.plans.claim = watched  # type: ignore[method-assign]
    try:
        await db.transaction(work)
    finally:
        del db.plans.claim
    assert held_at_commit == [True]
    assert await db.read("idempotency.get", key=key)
    assert "idempotency.record" not in db.plans._first
    assert await db.plans.claim("idempotency.record") is None  # settled, and planned


async def test_a_failed_commit_settles_its_claims_without_counting_the_query_as_planned(db):
    db.plans.forget()
    key = f"pg-{uuid.uuid4().hex}"

    async def work(tx) -> None:
        tx.run_at_commit("idempotency.record", **_record(key))
        tx.run_at_commit("idempotency.record", **_record(key))  # the key is unique

    with pytest.raises(Conflict):
        await db.transaction(work)
    assert "idempotency.record" not in db.plans._first
    claim = await db.plans.claim("idempotency.record")  # the next run is a first run again
    assert claim is not None
    db.plans.settle("idempotency.record", claim, ran=False)
