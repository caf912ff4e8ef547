"""Consolidation (policy 3): its triggers, and derived memories written by remember_many
with their lineage, the episodes marked and the events logged."""

from graphmind.gardener.runner import run_job
from graphmind.learning.event_log import events_after
from graphmind.memory import manage
from graphmind.memory.manage import MemoryFilter

STANDUPS = [
    "Standup: the payments migration is blocked on the database schema review",
    "Standup: payments migration schema review was scheduled for Thursday",
    "Standup: the payments migration team finished the schema review",
    "Standup: payments migration moved to the data backfill step",
    "Standup: backfill for the payments migration is at forty percent",
    "Standup: payments migration backfill reached eighty percent overnight",
    "Standup: the payments migration backfill completed without errors",
    "Standup: payments migration dual writes were switched on",
    "Standup: payments migration dual writes showed a small latency increase",
    "Standup: after a config fix the new payments database responds quickly again",
    "Standup: payments migration reads moved to the new database",
    "Standup: the old payments tables are read-only after the migration",
    "Standup: payments migration rollback plan was reviewed by the SRE team",
    "Standup: payments migration cut-over is planned for next Tuesday",
    "Standup: the payments migration cut-over went smoothly",
    "Standup: payments migration monitoring dashboards were updated",
    "Standup: payments migration retro is booked for Friday",
    "Standup: the payments migration retro found two process improvements",
    "Standup: old payments tables will be dropped after the migration settles",
    "Standup: payments migration documentation was published in the wiki",
    "Standup: the payments migration project is officially closed",
]


async def derived(timed, user_id):
    page = await manage.list_memories(timed, user_id, MemoryFilter(tags=["consolidated"]), 100, None)
    return page.memories


async def test_consolidation_triggers_at_21_events_not_20(timed, store, user_id):
    for text in STANDUPS[:20]:
        assert (await store(text, contentType="event")).duplicate_of is None
    await run_job(timed, "consolidate")
    assert await derived(timed, user_id) == []
    await store(STANDUPS[20], contentType="event")
    await run_job(timed, "consolidate")
    facts = await derived(timed, user_id)
    assert facts and all(f.source.value == "model" and f.content_type.value in ("fact", "observation") for f in facts)
    rows = await timed.db.driver.execute_query(
        "MATCH (f:Memory {id: $id})-[:DERIVED_FROM]->(e:Memory) RETURN count(e) AS n, "
        "all(x IN collect(e.status) WHERE x = 'active') AS kept",
        id=facts[0].id,
    )
    assert rows.records[0]["n"] >= 2 and rows.records[0]["kept"]  # append-only: episodes stay


async def test_a_derived_memory_is_stored_by_remember_many_with_its_lineage_and_events(timed, store, user_id):
    for text in STANDUPS[:21]:
        await store(text, contentType="event")
    await run_job(timed, "consolidate")
    [fact, *_] = await derived(timed, user_id)
    rows = await timed.db.driver.execute_query(
        "MATCH (f:Memory {id: $id})-[d:DERIVED_FROM]->(e:Memory) "
        "RETURN f.derivedBy AS by, collect(DISTINCT d.by) AS edges, count(e) AS episodes, "
        "all(x IN collect(e.consolidatedAt) WHERE x IS NOT NULL) AS marked",
        id=fact.id,
    )
    record = rows.records[0]
    assert (record["by"], record["edges"], record["marked"]) == ("extractive", ["extractive"], True)
    logged = await events_after(timed, user_id, 0, ["memory.stored", "memory.consolidated"], 500)
    assert {e.type for e in logged if e.payload["memoryId"] == fact.id} == {"memory.stored", "memory.consolidated"}
    [consolidated] = [e for e in logged if e.type == "memory.consolidated" and e.payload["memoryId"] == fact.id]
    assert len(consolidated.payload["derivedFrom"]) == record["episodes"]


async def test_consolidation_triggers_when_the_oldest_event_is_over_24_hours(timed, clock, store, user_id):
    for text in STANDUPS[:3]:
        await store(text, contentType="event")
    clock.advance(hours=23)
    await run_job(timed, "consolidate")
    assert await derived(timed, user_id) == []
    clock.advance(hours=2)
    await run_job(timed, "consolidate")
    assert len(await derived(timed, user_id)) == 1


async def test_a_summary_that_is_no_memory_is_rejected_and_a_dry_run_logs_nothing(timed, clock, store, user_id):
    """QA: "Ok. Ok. Ok. …" episodes summarised to "Ok.", too short to be a memory; the job
    failed on every run, for every user after this one. And a dry run logged its rejections."""
    for text in (
        "Ok. Ok. Ok. The budget meeting with finance went fine",
        "Ok. Ok. Ok. The budget meeting with finance went well",
    ):
        await store(text, contentType="event")
    clock.advance(hours=timed.settings.consolidation_max_age_hours + 1)
    logged = await events_after(timed, user_id, 0, None, 500)
    dry = await run_job(timed, "consolidate", dry_run=True)
    assert dry.status == "ok" and dry.counts["rejected"] == 1
    assert await events_after(timed, user_id, 0, None, 500) == logged  # a dry run writes nothing
    run = await run_job(timed, "consolidate")
    assert run.status == "ok" and run.counts["rejected"] == 1
    [rejected] = await events_after(timed, user_id, 0, ["consolidation.rejected"], 10)
    assert "content must be" in rejected.payload["reason"] and len(rejected.payload["members"]) == 2
    assert await derived(timed, user_id) == []
