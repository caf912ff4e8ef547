"""A remember whose transaction the driver retries settles only what its last attempt found:
the state a retry must not see is built inside the retried function (issue 73)."""

import neo4j.exceptions

from graphmind.core.enums import MemoryStatus
from graphmind.lifecycle import truth
from graphmind.memory import manage
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store import remember_many


async def test_a_retried_remember_settles_nothing_from_the_failed_attempt(timed, user_id, monkeypatch):
    [old] = await remember_many(
        timed, user_id, [parse_memory_input({"content": "The nightly backup starts at 01:00 UTC"})]
    )
    timed.clock.advance(minutes=1)
    real_settle, calls = truth.settle, []

    async def settle_then_fail_once(tx, owner, now, new_id, conflicts):
        calls.append([c.loser_id for c in conflicts])
        if len(calls) == 1:
            # between the attempts the old memory is archived elsewhere: the retry must not act on it
            await timed.db.driver.execute_query(
                "MATCH (m:Memory {id: $id}) SET m.status = 'archived'", id=old.memory.id, database_=timed.db.name
            )
            raise neo4j.exceptions.TransientError("injected: the first attempt fails")
        return await real_settle(tx, owner, now, new_id, conflicts)

    monkeypatch.setattr(truth, "settle", settle_then_fail_once)
    [new] = await remember_many(
        timed, user_id, [parse_memory_input({"content": "The nightly backup now starts at 03:00 UTC"})]
    )
    assert calls == [[old.memory.id]]  # the first attempt settled (and failed); the retry found nothing to settle
    assert new.conflicts == [] and new.duplicate_of is None
    assert (await manage.get_memory(timed, user_id, old.memory.id)).status is MemoryStatus.ARCHIVED
