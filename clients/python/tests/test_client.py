"""The client against a running server: the learning loop (async and sync), errors, events."""

import asyncio
import sys

import pytest

from graphmind_client import (
    AsyncGraphMind, BadUserInput, DecisionType, GraphMind, NotFound, OutcomeSignal, Unauthenticated,
)


async def test_the_learning_loop_moves_salience(url, api_key, marker):
    async with AsyncGraphMind(url, api_key) as gm:
        good = await gm.remember(f"For {marker} deployments use a canary release and roll back on errors")
        await gm.remember(f"For {marker} deployments the office coffee machine is on the third floor")
        found = await gm.recall(f"how to run {marker} deployments", limit=5)
        assert found.retrieval_id and good.id in [i.memory.id for i in found.items]
        before = next(i for i in found.items if i.memory.id == good.id).breakdown.salience
        decision = await gm.decide(DecisionType.ACTION, f"Canary release for {marker}",
                                   retrieval_id=found.retrieval_id, memories=[good.id])
        outcome = await gm.observe_outcome(decision.trace_id, 0.9, OutcomeSignal.TASK_COMPLETED)
        assert any(u.memory_id == good.id for u in outcome.updates)
        again = await gm.recall(f"how to run {marker} deployments", limit=5)
        after = next(i for i in again.items if i.memory.id == good.id).breakdown.salience
        assert after > before


def test_the_sync_client(url, api_key, marker):
    with GraphMind(url, api_key) as gm:
        stored = gm.remember(f"The {marker} service listens on port 8443")
        assert gm.memory(stored.id).content == stored.content
        assert gm.recall(f"{marker} port", limit=3).items[0].memory.id == stored.id


async def test_errors_carry_their_code(url, api_key):
    async with AsyncGraphMind(url, api_key) as gm:
        with pytest.raises(NotFound) as missing:
            await gm.memory("00000000-0000-0000-0000-000000000000")
        assert missing.value.code == "NOT_FOUND"
        with pytest.raises(BadUserInput):
            await gm.recall("", limit=5)
    async with AsyncGraphMind(url, "gm_not_a_key", retries=0) as gm:
        with pytest.raises(Unauthenticated):
            await gm.recall("anything")


async def test_events_arrive_as_they_are_written(url, api_key, marker):
    pytest.importorskip("websockets", reason='events need "graphmind-client[events]"')
    async with AsyncGraphMind(url, api_key) as gm:
        stream = gm.events(types=["memory.stored"])
        first = asyncio.ensure_future(stream.__anext__())
        await asyncio.sleep(0.5)
        stored = await gm.remember(f"The {marker} backups run every night")
        event = await asyncio.wait_for(first, timeout=15)
        assert event.type == "memory.stored" and stored.id in str(event.payload)
        await stream.aclose()


def test_it_runs_on_this_python():
    assert sys.version_info >= (3, 9)
