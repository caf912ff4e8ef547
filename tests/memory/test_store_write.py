"""Remember's write transaction (memory/store_write.py): its phases send their queries in
one order, one round trip each, and a memory's lineage and scene are written."""

import pytest

from graphmind.db.database import Transaction
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store import Derivation, remember_many


@pytest.fixture
def sent(monkeypatch) -> list[tuple[str, str]]:
    """The queries transactions send from now on: ("run", name) as they run, ("commit", name)
    as they are queued for the COMMIT."""
    calls: list[tuple[str, str]] = []
    run, at_commit = Transaction.run, Transaction.run_at_commit

    async def recorded_run(self, name, **params):
        calls.append(("run", name))
        return await run(self, name, **params)

    def recorded_at_commit(self, name, **params):
        calls.append(("commit", name))
        at_commit(self, name, **params)

    monkeypatch.setattr(Transaction, "run", recorded_run)
    monkeypatch.setattr(Transaction, "run_at_commit", recorded_at_commit)
    return calls


async def test_every_phase_of_a_batch_sends_its_queries_in_order(timed, user_id, sent):
    """A batch that repeats a stored memory with a new tag, updates it, and derives a memory
    in a session: lock, judge (two lookups), reinforce, create (with the batch's events),
    add details, settle (supersede and its event), link lineage, place (the scene read and
    written), and the idempotency record with the COMMIT."""
    [old] = await remember_many(
        timed, user_id, [parse_memory_input({"content": "The nightly backup starts at 01:00 UTC"})]
    )
    timed.clock.advance(minutes=1)
    sent.clear()
    repeat, update, derived = await remember_many(
        timed,
        user_id,
        [
            parse_memory_input({"content": "The nightly backup starts at 01:00 UTC", "tags": ["ops"]}),
            parse_memory_input({"content": "The nightly backup now starts at 03:00 UTC"}),
            parse_memory_input({"content": "Redis caches the web sessions of the shop", "sessionId": "s1"}),
        ],
        derivations=[None, None, Derivation((old.memory.id,), (), 0.6)],
        request_id="write-phases",
    )
    assert repeat.duplicate_of == old.memory.id and repeat.memory.tags == ["ops"]
    assert [c.loser_id for c in update.conflicts] == [old.memory.id]
    assert derived.memory.in_scene
    assert sent == [
        ("run", "memory.lock_user"),
        ("run", "memory.nearest_active"),
        ("run", "memory.subject_candidates"),
        ("run", "memory.reinforce"),
        ("run", "memory.create_memories"),
        ("run", "memory.add_details"),
        ("run", "memory.supersede"),
        ("run", "events.append"),
        ("run", "memory.link_lineage"),
        ("run", "scene.current"),
        ("run", "scene.apply"),
        ("commit", "idempotency.record"),
    ]
