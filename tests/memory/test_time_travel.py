"""Bi-temporal recall (issue 16): asOf is belief time (what GraphMind believed then),
validAt and validFrom/validTo are world time (what was true then)."""

from datetime import timedelta

from graphmind.memory import manage
from graphmind.memory.recall import RecallFilter, recall

QUERY = "where is the primary datacenter region?"


async def test_as_of_before_between_and_after_two_updates(store, timed, user_id, clock):
    t0 = clock.now()
    clock.advance(hours=1)
    first = await store("Our primary datacenter region is Frankfurt")
    t1 = clock.advance(hours=1)
    second = await store("Our primary datacenter region is Dublin")
    updated = clock.now()
    t2 = clock.advance(hours=1)
    third = await store("We moved our primary datacenter region to Madrid")
    t3 = clock.advance(hours=1)
    assert [c.loser_id for c in second.conflicts] == [first.memory.id]
    assert [c.loser_id for c in third.conflicts] == [second.memory.id]

    async def believed(at) -> set[str]:
        flt = RecallFilter(as_of=at) if at else None
        return {i.memory.id for i in (await recall(timed, user_id, QUERY, 10, flt)).items}

    half = timedelta(minutes=30)
    assert await believed(t0) == set()  # before anything was recorded
    assert await believed(t1 - half) == {first.memory.id}  # superseded later: included
    assert await believed(t2 - half) == {second.memory.id}  # the first was superseded before: excluded
    assert await believed(t3) == {third.memory.id}
    assert await believed(None) == {third.memory.id}
    history = RecallFilter(include_history=True)
    assert {i.memory.id for i in (await recall(timed, user_id, QUERY, 10, history)).items} == {
        first.memory.id,
        second.memory.id,
        third.memory.id,
    }
    old = await manage.get_memory(timed, user_id, first.memory.id)
    assert old.retired_at == updated and old.created_at == t1 - timedelta(hours=1)
    assert old.valid_until == updated  # world time closes when the newer value became valid


async def test_as_of_excludes_what_was_forgotten_before(store, timed, user_id, clock):
    kept = await store("Our primary datacenter region is Frankfurt")
    clock.advance(hours=1)
    gone = await store("The datacenter region for backups is Zurich")
    assert gone.conflicts == []  # another subject: the region for backups
    t1 = clock.advance(hours=1)
    await manage.forget(timed, user_id, gone.memory.id)
    clock.advance(hours=1)
    ids = {i.memory.id for i in (await recall(timed, user_id, QUERY, 10, RecallFilter(as_of=t1))).items}
    assert kept.memory.id in ids and gone.memory.id not in ids  # forgotten memories stay hidden
    await manage.restore(timed, user_id, gone.memory.id)
    while_forgotten = RecallFilter(as_of=t1 + timedelta(minutes=30))
    ids = {i.memory.id for i in (await recall(timed, user_id, QUERY, 10, while_forgotten)).items}
    assert gone.memory.id in ids  # restored: counts as never forgotten, even at an instant it was forgotten


async def test_world_time_filter_keeps_its_validity_semantics(store, timed, user_id, clock):
    berlin = await store(
        "Our office was in Berlin until 2021", validFrom="2019-01-01T00:00:00Z", validUntil="2021-01-01T00:00:00Z"
    )
    lisbon = await store("Our office is in Lisbon since 2021", validFrom="2021-01-01T00:00:00Z")

    async def found(**flt) -> set[str]:
        return {
            i.memory.id for i in (await recall(timed, user_id, "where is our office", 10, RecallFilter(**flt))).items
        }

    mid_2020 = berlin.memory.valid_from + timedelta(days=517)
    assert lisbon.conflicts == []  # periods apart: history, both true (issue 73)
    assert await found() == {lisbon.memory.id}
    # world time: each keeps its validity, so Berlin answers for 2020
    assert await found(valid_at=mid_2020) == {berlin.memory.id}
    assert await found(valid_at=clock.now()) == {lisbon.memory.id}
