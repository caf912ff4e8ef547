"""Conflict resolution (policy 5): the higher trust wins, a tie goes to the more recent;
the loser is superseded, never deleted, and recall only shows it as history."""

from graphmind.core.enums import MemoryStatus
from graphmind.lifecycle.conflicts import ConflictKind
from graphmind.memory import manage
from graphmind.memory.recall import RecallFilter, recall


async def ids_recalled(deps, user_id, query, **flt) -> list[str]:
    return [i.memory.id for i in (await recall(deps, user_id, query, 10, RecallFilter(**flt))).items]


async def test_equal_trust_the_more_recent_wins(timed, clock, store, user_id):
    old = await store("My favourite colour is blue", contentType="preference")
    clock.advance(hours=1)
    new = await store("My favourite colour is green", contentType="preference")
    [conflict] = new.conflicts
    assert (conflict.kind, conflict.old_value, conflict.new_value) == (ConflictKind.CHANGED_VALUE, "blue", "green")
    assert (conflict.winner_id, conflict.loser_id, conflict.reason) == (new.memory.id, old.memory.id, "recency")
    superseded = await manage.get_memory(timed, user_id, old.memory.id)
    assert superseded.status == MemoryStatus.SUPERSEDED and superseded.valid_until == clock.now()
    assert await ids_recalled(timed, user_id, "favourite colour") == [new.memory.id]
    assert set(await ids_recalled(timed, user_id, "favourite colour", include_history=True)) == {
        new.memory.id,
        old.memory.id,
    }


async def test_higher_trust_wins_even_when_older(timed, clock, store, user_id):
    axiom = await store("The production region is eu-west-1", source="axiom")
    clock.advance(days=2)
    web = await store("The production region is not eu-west-1", source="web")
    [conflict] = web.conflicts
    assert conflict.kind == ConflictKind.NEGATION
    assert (conflict.winner_id, conflict.loser_id, conflict.reason) == (axiom.memory.id, web.memory.id, "trust")
    assert web.memory.status == MemoryStatus.SUPERSEDED  # stored, never deleted, but not believed
    assert (await manage.get_memory(timed, user_id, axiom.memory.id)).status == MemoryStatus.ACTIVE
    assert await ids_recalled(timed, user_id, "production region") == [axiom.memory.id]


async def test_a_contradiction_is_not_deduplicated_and_events_are_not_compared(store):
    first = await store("I like black coffee in the morning")
    second = await store("I don't like black coffee in the morning")
    assert second.duplicate_of is None and second.conflicts[0].loser_id == first.memory.id
    monday = await store("Went to the gym on Monday evening", contentType="event")
    tuesday = await store("Went to the gym on Tuesday evening", contentType="event")
    assert tuesday.conflicts == [] and monday.memory.status == MemoryStatus.ACTIVE
