"""The self-improvement worker against the real Neo4j and model, on a fixed clock."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from graphmind.core.enums import MemoryStatus, Source
from graphmind.improvement import control
from graphmind.improvement.worker import preview, self_improve
from graphmind.job_context import JobContext
from graphmind.memory import manage
from graphmind.memory.model import parse_memory_input
from graphmind.memory.recall import RecallFilter, recall
from graphmind.memory.store import remember_many

MESSY = "the  deploy pipeline runs  the the integration tests before every release"
STANDUP = ("Our team standup happens at 9:30 every weekday.", "The team standup is at 9:30 on every weekday.")
DISTINCT = [
    "Invoices are paid within thirty days.",
    "The cat sleeps on the blue sofa.",
    "Our VPN uses WireGuard.",
    "Grandma bakes apple pie on Sundays.",
    "The marathon starts at dawn.",
    "Backups are encrypted with age.",
    "Tomatoes grow best in full sun.",
    "The bus to Leeds leaves hourly.",
    "Piano lessons moved to Thursday.",
    "The router firmware is outdated.",
    "Jupiter has many moons.",
    "Oat milk is in the second fridge.",
    "The printer on floor two jams often.",
    "Chess club meets at lunch.",
    "Passports must be renewed every ten years.",
    "The river floods each spring.",
    "Our logo uses the colour teal.",
    "Sourdough needs a long proof.",
    "Ferries stop running in winter.",
    "The guitar needs new strings.",
]
FLOORS = ("The office coffee machine is on the third floor.", "The office coffee machine is on the fifth floor.")


@pytest.fixture(autouse=True)
async def released(timed):
    """Every test starts with the kill switch released and the breaker closed."""
    await control.set_kill_switch(timed, False, None)
    await control.save_breaker(timed, 0, False)
    await control.set_schedule(timed, None, None, None)
    yield
    await control.set_kill_switch(timed, False, None)
    await control.save_breaker(timed, 0, False)
    await control.set_schedule(timed, None, None, None)


def worker(timed, **settings):
    values = {"self_improvement_enabled": True, "self_improvement_dry_run": False, **settings}
    return replace(timed, settings=timed.settings.model_copy(update=values))


async def cycle(deps, user_id, dry_run=False) -> dict:
    return await self_improve(JobContext(deps, dry_run), user_id)


async def last_cycle(deps, user_id) -> dict:
    """The caller's last cycle (tests share one fixed clock, so cycles of others tie on startedAt)."""
    rows = await deps.db.read("improvement.cycles", userId=user_id, last=100)
    return next(row for row in rows if row["decisions"])


async def test_disabled_changes_nothing(timed, store, user_id):
    await store(MESSY)
    before = [(i.memory.id, i.score) for i in (await recall(timed, user_id, "deploy pipeline tests", 5)).items]
    cycles = len(await timed.db.read("improvement.cycles", userId=user_id, last=100))
    assert await self_improve(JobContext(timed, False), user_id) == {"disabled": 1}  # the default
    assert len(await timed.db.read("improvement.cycles", userId=user_id, last=100)) == cycles
    after = [(i.memory.id, i.score) for i in (await recall(timed, user_id, "deploy pipeline tests", 5)).items]
    assert after == before


async def test_dry_run_writes_reports_only(timed, store, user_id):
    original = await store(MESSY)
    deps = worker(timed, self_improvement_dry_run=True)
    counts = await cycle(deps, user_id)
    assert counts["accepted_dry_run"] == 1 and "committed" not in counts
    report = await last_cycle(deps, user_id)
    assert report["cycle"]["dryRun"] and report["cycle"]["acceptedDryRun"] >= 1
    [decision] = report["decisions"]
    assert decision["outcome"] == "accepted_dry_run" and decision["sourceIds"] == [original.memory.id]
    assert decision["proposedContent"] == "The deploy pipeline runs the integration tests before every release."
    items = (await recall(timed, user_id, "deploy pipeline", 5)).items
    assert [i.memory.id for i in items] == [original.memory.id]  # nothing stored


async def test_commit_is_append_only_with_provenance(timed, store, user_id, clock):
    original = await store(MESSY, tags=["ci"], metadata={"Owner Team": "platform"})
    clock.advance(minutes=5)
    counts = await cycle(worker(timed), user_id)
    assert counts["committed"] == 1
    [decision] = (await last_cycle(timed, user_id))["decisions"]
    improved = await manage.get_memory(timed, user_id, decision["memoryId"])
    assert improved.source is Source.SELF_IMPROVEMENT and improved.trust == original.memory.trust
    assert improved.content == "The deploy pipeline runs the integration tests before every release."
    meta = improved.metadata
    assert meta["source"] == "self_improvement" and meta["improvement_type"] == "normalize"
    assert meta["derived_from"] == original.memory.id and meta["supersedes"] == [original.memory.id]
    assert meta["version_tag"] == "v2" and meta["safety_mode"] == "strict"
    assert meta["improvement_score"] >= 0.15 and meta["owner_team"] == "platform"
    assert set(meta["validator_scores"]) == {"resource", "drift", "fact_safety", "structure", "policy", "existing"}
    assert improved.tags == ["ci"] and improved.valid_from == clock.now()  # a new timeline event
    # the original is untouched: same content, same update time, still active
    same = await manage.get_memory(timed, user_id, original.memory.id)
    assert (same.content, same.updated_at, same.status) == (MESSY, original.memory.updated_at, MemoryStatus.ACTIVE)
    edges = await timed.db.read("testing.lineage", memoryId=improved.id)
    assert edges == [
        {"derivedFrom": [original.memory.id], "improves": [original.memory.id], "previous": original.memory.id}
    ]
    # recall shows the improved version instead; history shows both
    shown = [i.memory.id for i in (await recall(timed, user_id, "deploy pipeline integration tests", 5)).items]
    assert shown == [improved.id]
    history = await recall(timed, user_id, "deploy pipeline integration tests", 5, RecallFilter(include_history=True))
    assert {i.memory.id for i in history.items} == {improved.id, original.memory.id}


async def test_time_range_recall_unchanged_with_improved_memories(timed, user_id, clock):
    january = datetime(2026, 1, 10, tzinfo=UTC)
    inputs = [
        parse_memory_input({"content": text, "validFrom": (january + timedelta(days=n)).isoformat()})
        for n, text in enumerate([MESSY, *STANDUP, "the release  notes live in the wiki wiki"])
    ]
    await remember_many(timed, user_id, inputs)
    window = RecallFilter(valid_from=datetime(2026, 1, 1, tzinfo=UTC), valid_to=datetime(2026, 1, 31, tzinfo=UTC))

    async def ranked():
        result = await recall(timed, user_id, "team standup and release tests", 10, window, neighbours=False)
        return [i.memory.id for i in result.items]

    before = await ranked()
    counts = await cycle(worker(timed), user_id)
    assert counts["committed"] >= 2  # the messy notes normalised, the standups merged
    # the same memories in the same order (scores move a little: the improved versions join
    # the user's keyword statistics)
    assert await ranked() == before


async def test_near_duplicates_merge_and_conflicts_reconcile(timed, user_id):
    stored = await remember_many(timed, user_id, [parse_memory_input({"content": t}) for t in (*STANDUP, *FLOORS)])
    # remember settles the floors (the fifth supersedes the third): both active again, as
    # where a contradiction was missed, for the worker to reconcile
    await timed.db.write("testing.reactivate", userId=user_id, id=stored[2].memory.id)
    await cycle(worker(timed), user_id)
    decisions = {d["candidateKind"]: d for d in (await last_cycle(timed, user_id))["decisions"]}
    merged, reconciled = decisions["near_duplicate"], decisions["conflict"]
    assert merged["type"] == "deduplicate" and merged["outcome"] == "committed"
    assert reconciled["type"] == "reconcile" and reconciled["outcome"] == "committed"
    memory = await manage.get_memory(timed, user_id, reconciled["memoryId"])
    assert memory.content.startswith("Uncertain, records conflict:") and "unresolved-conflict" in memory.tags
    assert sorted(memory.metadata["derived_from_many"]) == sorted(reconciled["sourceIds"])


async def test_cooldown_and_no_second_improvement(timed, store, user_id, clock):
    await store(MESSY)
    deps = worker(timed, self_improvement_dry_run=True)
    assert (await cycle(deps, user_id))["candidates"] == 1
    assert (await cycle(deps, user_id))["candidates"] == 0  # cooling down
    clock.advance(minutes=121)
    assert (await cycle(deps, user_id))["candidates"] == 1  # cooled down
    clock.advance(minutes=121)
    await cycle(worker(timed), user_id)  # committed
    clock.advance(minutes=121)
    assert (await cycle(deps, user_id)).get("candidates", 0) == 0  # improved already; the new one is clean


async def test_kill_switch_stops_the_worker(timed, store, user_id):
    await store(MESSY)
    await control.set_kill_switch(timed, True, "investigating")
    assert await cycle(worker(timed), user_id) == {"killed": 1}
    await control.set_kill_switch(timed, False, None)
    assert (await cycle(worker(timed), user_id))["committed"] == 1


async def test_circuit_breaker_opens_after_repeated_rejections(timed, store, user_id, clock):
    await store(MESSY)
    await store("another  note  without  any care for formatting at all")
    deps = worker(timed, self_improvement_min_improvement_score=0.99, self_improvement_breaker_failures=2)
    counts = await cycle(deps, user_id)
    assert counts["rejected"] == 2 and counts["stopped_by_circuit_breaker"] == 1
    assert (await control.load(timed)).breaker_open(clock.now())
    assert await cycle(deps, user_id) == {"breaker_open": 1}
    clock.advance(minutes=61 + 120)  # breaker and cooldown over: a trial cycle
    assert (await cycle(worker(timed), user_id))["committed"] == 2
    assert (await control.load(timed)).consecutive_failures == 0


async def test_backpressure_skips_the_cycle(timed, store, user_id):
    await store(MESSY)
    deps = worker(timed, self_improvement_backpressure_requests=0)
    deps.metrics.request_started()
    try:
        assert await cycle(deps, user_id) == {"backpressure_skips": 1}
    finally:
        deps.metrics.observe_request("test", 0.0)
    text = deps.metrics.render()[0].decode()
    assert "graphmind_self_improve_backpressure_skips_total 1.0" in text


async def test_metrics(timed, store, user_id):
    await store(MESSY)
    deps = worker(timed)
    await cycle(deps, user_id)
    text = deps.metrics.render()[0].decode()
    for name in (
        "attempts_total",
        "commits_total",
        "cycle_duration_seconds_count",
        "candidates_in_cycle",
        "quality_delta_count",
    ):
        assert f"graphmind_self_improve_{name}" in text
    assert 'graphmind_self_improve_commits_total{type="normalize"}' in text


async def test_no_original_is_ever_overwritten(timed, user_id, clock):
    texts = [
        MESSY,
        *STANDUP,
        *FLOORS,
        "- um, the  release notes live in the wiki wiki",
        "THE BUILD SERVER RESTARTS EVERY NIGHT AT TWO",
    ]
    stored = await remember_many(timed, user_id, [parse_memory_input({"content": t}) for t in texts])
    before = {r.memory.id: await manage.get_memory(timed, user_id, r.memory.id) for r in stored}
    clock.advance(minutes=1)
    counts = await cycle(worker(timed), user_id)
    assert counts["committed"] >= 4
    after = {memory_id: await manage.get_memory(timed, user_id, memory_id) for memory_id in before}
    assert after == before  # every field of every original, content and updatedAt included


async def test_the_existing_gate_refuses_duplicates_and_contradictions(timed, store, user_id, source):
    from graphmind.improvement.model import Candidate, CandidateKind, ImprovementType, Proposal
    from graphmind.improvement.worker import _no_clash

    await store(FLOORS[0])
    current = await store(FLOORS[1])  # supersedes the third floor (newer, same trust)
    unrelated = source("A note about something else entirely.", user_id=user_id)

    def proposal(content):
        return Proposal(
            ImprovementType.NORMALIZE,
            Candidate(CandidateKind.WEAK_STRUCTURE, [unrelated], "t", 0.5),
            content,
            [],
            {},
            [],
            "why",
            {},
            [unrelated.id],
        )

    async def gate(content):
        [vector] = await timed.embedder.embed_async([content])
        return await _no_clash(timed, proposal(content), vector)

    duplicate = await gate(FLOORS[1])
    assert not duplicate.passed and current.memory.id in duplicate.reason
    contradiction = await gate(FLOORS[0])
    assert not contradiction.passed and "contradicts" in contradiction.reason
    assert (await gate("Lunch is served in the canteen at noon.")).passed


async def test_the_warm_sample_reaches_memories_the_hot_scan_misses(timed, store, user_id, clock):
    messy = await store(MESSY)  # the oldest: never among the hottest 15 below
    for text in DISTINCT:
        clock.advance(minutes=1)
        await store(text, tags=["handbook"])
    await control.save_sweep(timed, "")
    deps = worker(timed, self_improvement_batch_size=1, self_improvement_dry_run=True)
    for _ in range(3):  # 21 memories, 10 a sweep: found within three cycles, wherever its id falls
        await cycle(deps, user_id)
    rows = await timed.db.read("improvement.cycles", userId=user_id, last=100)
    assert [messy.memory.id] in [d["sourceIds"] for row in rows for d in row["decisions"]]


async def test_an_admin_switches_it_at_run_time_for_chosen_users(timed, store, user_id):
    """Off by the setting, on by an admin for one user: the others' cycles do nothing; off by
    an admin beats on by the setting; unset hands the decision back to the setting."""
    await store(MESSY)
    off = replace(timed, settings=timed.settings.model_copy(update={"self_improvement_dry_run": True}))
    assert await cycle(off, user_id) == {"disabled": 1}
    await control.set_schedule(timed, True, ["someone-else"], "trial")
    assert await cycle(off, user_id) == {"user_not_chosen": 1}
    await control.set_schedule(timed, True, [user_id], "trial")
    assert (await cycle(off, user_id))["accepted_dry_run"] == 1
    await control.set_schedule(timed, False, None, "paused")
    assert await cycle(worker(timed), user_id) == {"disabled": 1}
    await control.set_schedule(timed, None, None, None)
    assert await cycle(off, user_id) == {"disabled": 1}


async def test_a_preview_shows_a_cycle_and_changes_nothing(timed, store, user_id):
    original = await store(MESSY)
    cycles = len(await timed.db.read("improvement.cycles", userId=user_id, last=100))
    shown = await preview(timed, user_id)  # disabled by the setting: a preview runs anyway
    assert shown["cycle"]["dryRun"] and shown["cycle"]["acceptedDryRun"] == 1
    [decision] = shown["decisions"]
    assert decision["outcome"] == "accepted_dry_run" and decision["sourceIds"] == [original.memory.id]
    assert decision["proposedContent"] == "The deploy pipeline runs the integration tests before every release."
    assert len(await timed.db.read("improvement.cycles", userId=user_id, last=100)) == cycles  # no log
    items = (await recall(timed, user_id, "deploy pipeline", 5)).items
    assert [i.memory.id for i in items] == [original.memory.id]
