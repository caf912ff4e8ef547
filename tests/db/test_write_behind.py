"""Writes queued behind their callers: group-committed, sent again while Neo4j cannot be
reached, refused ones alone, claimable, waited for by key or owner, bounded, written on close."""

import asyncio
import logging

import pytest

from graphmind.db.write_behind import Queued, WriteBehind
from graphmind.errors import GraphMindError, Unavailable


class Writer:
    """Records each batch's keys; fails the first `unreachable` calls as an unreachable Neo4j
    would, and refuses any batch holding a key of `refused`."""

    def __init__(self, unreachable: int = 0, refused: frozenset[str] = frozenset()) -> None:
        self.batches: list[list[str]] = []
        self.unreachable = unreachable
        self.refused = refused
        self.gate = asyncio.Event()
        self.gate.set()

    async def __call__(self, batch: list[Queued]) -> None:
        await self.gate.wait()
        if self.unreachable:
            self.unreachable -= 1
            raise Unavailable("Neo4j cannot be reached")
        if self.refused & {q.key for q in batch}:
            raise GraphMindError("refused")
        self.batches.append([q.key for q in batch])


async def queue_all(behind: WriteBehind, keys: list[str], owner: str = "u") -> None:
    for key in keys:
        await behind.queue(key, owner, "q", n=key)


async def test_writes_queued_while_one_batch_is_in_flight_go_out_together_in_order():
    writer = Writer()
    behind = WriteBehind(writer)
    writer.gate.clear()  # the first batch stays in flight while more are queued
    await queue_all(behind, ["a"])
    await asyncio.sleep(0)
    await queue_all(behind, ["b", "c", "d"])
    writer.gate.set()
    await behind.owner_settled("u")
    assert writer.batches == [["a"], ["b", "c", "d"]]
    assert len(behind) == 0


async def test_a_batch_neo4j_could_not_take_is_sent_again_until_written(monkeypatch):
    monkeypatch.setattr("graphmind.db.write_behind.RETRY_FIRST_SECONDS", 0.01)
    writer = Writer(unreachable=3)
    behind = WriteBehind(writer)
    await queue_all(behind, ["a", "b"])
    await asyncio.wait_for(behind.owner_settled("u"), 5)
    assert writer.batches == [["a", "b"]]


async def test_a_batch_backing_off_goes_as_soon_as_neo4j_is_back(monkeypatch):
    monkeypatch.setattr("graphmind.db.write_behind.RETRY_FIRST_SECONDS", 60.0)
    writer = Writer(unreachable=1)
    behind = WriteBehind(writer)
    await queue_all(behind, ["a"])
    await behind.owner_settled("u", limit=0.2)
    assert len(behind) == 1 and writer.batches == [] and writer.unreachable == 0  # failed once, backing off 60 s
    behind.neo4j_back()
    await asyncio.wait_for(behind.owner_settled("u", limit=60), 2)
    assert writer.batches == [["a"]] and len(behind) == 0
    await behind.close()


async def test_a_refused_write_is_lost_alone_and_logged(caplog):
    writer = Writer(refused=frozenset({"b"}))
    behind = WriteBehind(writer)
    await queue_all(behind, ["a", "b", "c"])
    with caplog.at_level(logging.ERROR, logger="graphmind"):
        await behind.owner_settled("u")
    assert writer.batches == [["a"], ["c"]]
    assert "refused and is lost: q b" in caplog.text


async def test_a_claimed_write_leaves_the_queue_and_a_given_back_one_goes_first():
    writer = Writer()
    writer.gate.clear()
    behind = WriteBehind(writer)
    await queue_all(behind, ["a"])
    await asyncio.sleep(0)  # "a" in flight
    await queue_all(behind, ["b", "c"])
    assert behind.claim("c", "someone else") is None  # only its owner's
    claimed = behind.claim("c", "u")
    assert claimed is not None and claimed.params == {"n": "c"}
    assert behind.claim("c", "u") is None and behind.claim("a", "u") is None  # in flight: not claimable
    behind.give_back(claimed)
    writer.gate.set()
    await behind.owner_settled("u")
    assert writer.batches == [["a"], ["c", "b"]]
    assert behind.claim("x", "u") is None


async def test_waiting_for_a_key_or_an_owner_waits_for_their_writes_only():
    writer = Writer()
    writer.gate.clear()
    behind = WriteBehind(writer)
    await queue_all(behind, ["a"], owner="u")
    await queue_all(behind, ["b"], owner="v")
    waited = asyncio.ensure_future(behind.settled("a", "u"))
    await asyncio.sleep(0.01)
    assert not waited.done()
    await behind.settled("never-queued", "u")  # returns at once
    await behind.settled("a", "v")  # not v's: returns at once
    await behind.owner_settled("w")
    writer.gate.set()
    await asyncio.wait_for(waited, 5)
    await behind.owner_settled("v")
    assert sorted(k for batch in writer.batches for k in batch) == ["a", "b"]


async def test_a_full_queue_makes_the_next_caller_wait_for_room():
    writer = Writer()
    writer.gate.clear()
    behind = WriteBehind(writer, capacity=2)
    await queue_all(behind, ["a", "b"])
    third = asyncio.ensure_future(queue_all(behind, ["c"]))
    await asyncio.sleep(0.01)
    assert not third.done() and len(behind) == 2
    writer.gate.set()
    await asyncio.wait_for(third, 5)
    await behind.owner_settled("u")
    assert sorted(k for batch in writer.batches for k in batch) == ["a", "b", "c"]


async def test_close_writes_what_is_queued_then_refuses_more():
    writer = Writer()
    writer.gate.clear()
    behind = WriteBehind(writer)
    await queue_all(behind, ["a", "b"])
    closing = asyncio.ensure_future(behind.close(timeout=5))
    await asyncio.sleep(0.01)
    writer.gate.set()
    await closing
    assert sorted(k for batch in writer.batches for k in batch) == ["a", "b"]
    with pytest.raises(Unavailable):
        await queue_all(behind, ["c"])


async def test_wrong_parameters_are_refused_when_queued_not_when_written(db):
    with pytest.raises(GraphMindError, match="missing"):
        await db.queue_write("k", "u", "memory.record_retrieval", userId="u")
    with pytest.raises(GraphMindError, match="is read"):
        await db.queue_write("k", "u", "memory.get", userId="u", id="m")
    assert len(db.behind) == 0


async def test_a_caller_waits_for_its_writes_a_bounded_time_while_neo4j_is_down():
    writer = Writer(unreachable=10_000)
    behind = WriteBehind(writer)
    await queue_all(behind, ["a"])
    await asyncio.wait_for(behind.owner_settled("u", limit=0.05), 5)  # returns, the write still waiting
    await asyncio.wait_for(behind.settled("a", "u", limit=0.05), 5)
    assert len(behind) == 1


async def test_a_claimed_write_is_waited_for_and_one_given_back_after_close_is_logged_lost(caplog):
    writer = Writer()
    behind = WriteBehind(writer)
    writer.gate.clear()
    await queue_all(behind, ["a"])
    await asyncio.sleep(0)  # "a" in flight
    await queue_all(behind, ["b"])
    claimed = behind.claim("b", "u")
    assert claimed is not None
    waited = asyncio.ensure_future(behind.owner_settled("u"))
    await asyncio.sleep(0.01)
    assert not waited.done()  # the claimed write is waited for too
    behind.written(claimed)
    writer.gate.set()
    await asyncio.wait_for(waited, 5)
    await queue_all(behind, ["c"])
    late = behind.claim("c", "u")
    await behind.close(timeout=1)
    with caplog.at_level(logging.ERROR, logger="graphmind"):
        behind.give_back(late)
    assert "could not be written before the service stopped: q c" in caplog.text
    assert late.written.done()


async def test_close_releases_the_waiters_of_what_it_could_not_write(caplog):
    writer = Writer(unreachable=10_000)
    behind = WriteBehind(writer)
    await queue_all(behind, ["a"])
    with caplog.at_level(logging.ERROR, logger="graphmind"):
        await behind.close(timeout=0.05)
    assert "1 queued writes could not be written before the service stopped: q a" in caplog.text
    await asyncio.wait_for(behind.owner_settled("u"), 1)
