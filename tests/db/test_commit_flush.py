"""Writes queued with `run_at_commit` go out with the COMMIT, on real Neo4j."""

import asyncio
import inspect
import uuid
from datetime import UTC, datetime

import pytest
from neo4j._async.io._bolt import AsyncBolt
from neo4j._async.io._bolt._bolt6 import AsyncBolt6x0
from neo4j._async.work.transaction import AsyncTransactionBase

from graphmind.errors import Conflict, GraphMindError


def _record(key: str) -> dict:
    return dict(
        key=key,
        userId="commit-flush",
        requestId=key,
        operation="test",
        fingerprint="",
        response="{}",
        now=datetime.now(UTC),
    )


def _own(flushes: list) -> int:
    return flushes.count(asyncio.current_task())


async def _found(db, key: str) -> bool:
    return bool(await db.read("idempotency.get", key=key))


@pytest.fixture
def flushes(monkeypatch) -> list:
    """The driver's flushes to Neo4j (each is followed by waiting for answers), each as the
    task that sent it: a test counts its own (`_own`), not an earlier test's background
    writes (a recall's record written behind it) that the shared driver sends meanwhile."""
    sent: list = []
    send_all = AsyncBolt.send_all

    async def counted(self):
        sent.append(asyncio.current_task())
        return await send_all(self)

    monkeypatch.setattr(AsyncBolt, "send_all", counted)
    return sent


async def test_queued_writes_run_after_the_others_and_commit_in_the_same_flush(db, flushes):
    first, second = f"cf-{uuid.uuid4().hex}", f"cf-{uuid.uuid4().hex}"

    async def work(tx) -> list:
        tx.run_at_commit("idempotency.record", **_record(first))
        tx.run_at_commit("idempotency.record", **_record(second))
        return await tx.run("idempotency.get", key=first)  # queued: not run yet

    assert await db.transaction(work) == []
    # BEGIN with the read, then both writes with the COMMIT
    assert _own(flushes) == 2
    assert await _found(db, first) and await _found(db, second)


async def test_without_queuing_each_write_waits_its_own_round_trip(db, flushes):
    async def work(tx) -> None:
        await tx.run("idempotency.get", key="none")
        await tx.run("idempotency.record", **_record(f"cf-{uuid.uuid4().hex}"))
        await tx.run("idempotency.record", **_record(f"cf-{uuid.uuid4().hex}"))

    await db.transaction(work)
    assert _own(flushes) == 4


async def test_a_failing_queued_write_fails_the_transaction_and_writes_nothing(db):
    earlier, queued, taken = (f"cf-{uuid.uuid4().hex}" for _ in range(3))
    await db.write("idempotency.record", **_record(taken))

    async def work(tx) -> None:
        await tx.run("idempotency.record", **_record(earlier))
        tx.run_at_commit("idempotency.record", **_record(queued))
        tx.run_at_commit("idempotency.record", **_record(taken))  # the key is unique

    with pytest.raises(Conflict):
        await db.transaction(work)
    assert not await _found(db, earlier) and not await _found(db, queued)
    # the connections the failure left behind serve the next transactions
    for _ in range(3):
        fresh = f"cf-{uuid.uuid4().hex}"
        await db.transaction(lambda tx, key=fresh: _queue(tx, key))
        assert await _found(db, fresh)


async def _queue(tx, key: str) -> None:
    tx.run_at_commit("idempotency.record", **_record(key))


async def test_a_read_query_is_not_queued(db):
    async def work(tx) -> None:
        tx.run_at_commit("idempotency.get", key="x")

    with pytest.raises(GraphMindError, match="is read"):
        await db.transaction(work)


def test_the_pinned_driver_still_has_what_the_commit_uses():
    commit = inspect.getsource(AsyncTransactionBase._commit)
    for name in ("_closed_flag", "_last_error", "_consume_results", "_connection", "_bookmark", "_database"):
        assert f"self.{name}" in commit
    for callback in ("self._on_cancel()", "AsyncUtil.callback(self._on_closed)"):
        assert callback in commit
    for method in ("run", "discard", "commit", "send_all", "fetch_all"):
        assert callable(getattr(AsyncBolt6x0, method))
