"""The gardener's jobs on a controllable clock: decay, prune (archive, restore, 30-day
deletion, level 4 spared), patterns and promotion (consolidation: test_consolidation.py)."""

import pytest

from graphmind.core.enums import MemoryStatus
from graphmind.errors import NotFound
from graphmind.gardener.runner import run_job
from graphmind.learning.decisions import Contribution, DecisionDraft, DecisionType, decide
from graphmind.learning.outcomes import OutcomeDraft, Signal, observe_outcome
from graphmind.memory import manage
from graphmind.memory.recall import Channel, recall
from tests.associative.conftest import set_edges


async def test_decay_follows_the_level_rate(timed, clock, store, user_id):
    daily = await store("Scratch note for the current debugging session", temporalLevel=1, baseSalience=0.5)
    yearly = await store("I value honest feedback above everything", temporalLevel=4, baseSalience=0.5)
    clock.advance(days=1)
    await run_job(timed, "decay")
    assert (await manage.get_memory(timed, user_id, daily.memory.id)).base_salience == pytest.approx(0.45)
    clock.advance(days=364)
    await run_job(timed, "decay")
    assert (await manage.get_memory(timed, user_id, yearly.memory.id)).base_salience == pytest.approx(0.495)
    decayed = await manage.get_memory(timed, user_id, daily.memory.id)
    assert decayed.base_salience == pytest.approx(0.5 * 0.9**365)  # one rate per idle day, no double count


async def test_prune_archives_restores_and_deletes_after_30_days(timed, clock, store, user_id):
    faint = await store("A passing remark about the weather last week", temporalLevel=1, baseSalience=0.04)
    core = await store("My name is Ada and I am a mathematician", temporalLevel=4, baseSalience=0.01)
    dry = await run_job(timed, "prune", dry_run=True)
    assert dry.counts["archived"] >= 1
    assert (await manage.get_memory(timed, user_id, faint.memory.id)).status == MemoryStatus.ACTIVE
    await run_job(timed, "prune")
    assert (await manage.get_memory(timed, user_id, faint.memory.id)).status == MemoryStatus.ARCHIVED
    assert (await manage.get_memory(timed, user_id, core.memory.id)).status == MemoryStatus.ACTIVE  # level 4
    restored = await manage.restore(timed, user_id, faint.memory.id)
    assert restored.memory.status == MemoryStatus.ACTIVE
    await manage.forget(timed, user_id, faint.memory.id)
    await manage.forget(timed, user_id, core.memory.id)
    clock.advance(days=29)
    await run_job(timed, "prune")
    assert (await manage.get_memory(timed, user_id, faint.memory.id)).status == MemoryStatus.ARCHIVED
    clock.advance(days=2)
    run = await run_job(timed, "prune")
    assert run.counts["deleted"] >= 1
    with pytest.raises(NotFound):
        await manage.get_memory(timed, user_id, faint.memory.id)
    assert (await manage.get_memory(timed, user_id, core.memory.id)).status == MemoryStatus.ARCHIVED


async def test_prune_spares_a_memory_reinforced_or_restored_after_its_candidates_were_read(
    timed, clock, store, user_id, monkeypatch
):
    """QA: prune read its candidates, then archived (or deleted) them in a later transaction
    without the owner's lock or a second look: a remember that reinforced the faint memory
    in between (the user said it again) had its repeat archived with it, and a memory
    restored in between was deleted although active. Now each is checked again under the
    owner's lock: the reinforced memory stays active, the restored one stays."""
    text = "A passing remark about the weather last week"
    faint = await store(text, temporalLevel=1, baseSalience=0.04)
    read = timed.db.read
    repeats = []

    async def then_the_user_acts(name, **params):
        rows = await read(name, **params)
        if name == "gardener.prune_candidates" and faint.memory.id in [r["id"] for r in rows] and not repeats:
            clock.advance(seconds=1)
            repeats.append(await store(text, temporalLevel=1, baseSalience=0.04))
        return rows

    monkeypatch.setattr(timed.db, "read", then_the_user_acts)
    await run_job(timed, "prune")
    assert repeats[0].duplicate_of == faint.memory.id
    assert (await manage.get_memory(timed, user_id, faint.memory.id)).status == MemoryStatus.ACTIVE

    await manage.forget(timed, user_id, faint.memory.id)
    clock.advance(days=31)
    restored = []

    async def then_the_user_restores(name, **params):
        rows = await read(name, **params)
        if name == "gardener.expired_archive" and faint.memory.id in [r["id"] for r in rows] and not restored:
            restored.append(await manage.restore(timed, user_id, faint.memory.id))
        return rows

    monkeypatch.setattr(timed.db, "read", then_the_user_restores)
    await run_job(timed, "prune")
    assert restored and (await manage.get_memory(timed, user_id, faint.memory.id)).status == MemoryStatus.ACTIVE
    found = await recall(timed, user_id, "remark about the weather", 5, channels=(Channel.KEYWORD,))
    assert [i.memory.id for i in found.items] == [faint.memory.id]  # its keyword postings kept


async def test_a_job_never_overlaps_itself(timed):
    from graphmind.errors import Conflict

    await timed.db.write(
        "gardener.job_acquire",
        job="scene_flush",
        runId="held",
        leaseUntil=timed.clock.now().replace(year=2100),
        now=timed.clock.now(),
    )
    try:
        with pytest.raises(Conflict):
            await run_job(timed, "scene_flush")
    finally:
        await timed.db.write(
            "gardener.job_finish",
            job="scene_flush",
            runId="held",
            startedAt=timed.clock.now(),
            durationMs=0.0,
            dryRun=True,
            counts="{}",
            status="ok",
            error=None,
        )
    assert (await run_job(timed, "scene_flush")).status == "ok"


async def test_good_outcomes_make_a_pattern_and_promote(timed, clock, store, user_id):
    a = await store("Small pull requests get reviewed within a day", temporalLevel=1)
    b = await store("Small focused pull requests are reviewed faster", temporalLevel=1)
    for _ in range(3):
        trace = await decide(
            timed,
            user_id,
            DecisionDraft(
                decision_type=DecisionType.RECOMMENDATION,
                summary="Split the change into small pull requests",
                confidence=0.8,
                memories=[Contribution(a.memory.id, 0.5), Contribution(b.memory.id, 0.5)],
            ),
        )
        await observe_outcome(timed, user_id, OutcomeDraft(trace.trace_id, 0.9, Signal.USER_ACCEPTED))
        clock.advance(days=1)
    run = await run_job(timed, "patterns")
    assert run.counts["patterns"] >= 1 and run.counts["promoted"] >= 2
    for memory in (a, b):
        assert (await manage.get_memory(timed, user_id, memory.memory.id)).temporal_level == 2
    rows = await timed.db.driver.execute_query(
        "MATCH (m:Memory)-[:EXHIBITS]->(p:Pattern) WHERE m.id IN $ids RETURN count(DISTINCT p) AS n",
        ids=[a.memory.id, b.memory.id],
    )
    assert rows.records[0]["n"] == 1


async def test_pruning_neighbours_together_keeps_the_timeline_and_the_association_count(timed, clock, store, user_id):
    """QA: deleting a run of neighbours in one batch linked survivors to deleted memories
    (A→B was left, LATEST was gone) and subtracted an edge between two deleted memories twice."""
    texts = [
        "The team offsite is planned for the spring",
        "Bring the projector cable to the offsite",
        "The offsite venue has no parking",
        "Ada booked the train tickets for the offsite",
        "The offsite agenda is due on Friday",
    ]
    levels = [4, 3, 3, 4, 3]  # level 4 is never pruned by salience; the 3s are forgotten
    a, b, c, d, e = [(await store(t, temporalLevel=level)).memory.id for t, level in zip(texts, levels, strict=True)]
    await set_edges(timed, user_id, {("b", "c"): 0.5, ("a", "b"): 0.5}, {"a": a, "b": b, "c": c})
    for memory_id in (b, c, e):
        await manage.forget(timed, user_id, memory_id)
    clock.advance(days=31)
    assert (await run_job(timed, "prune")).counts["deleted"] == 3
    records = (
        await timed.db.driver.execute_query(
            "MATCH (u:User {id: $u}) OPTIONAL MATCH (u)-[:LATEST]->(l) "
            "RETURN [(x:Memory {userId: $u})-[:NEXT]->(y) | [x.id, y.id]] AS next, collect(l.id) AS latest, "
            "u.associationCount AS associations",
            u=user_id,
        )
    ).records
    assert records[0]["next"] == [[a, d]] and records[0]["latest"] == [d]
    assert records[0]["associations"] == 0


async def test_decay_counts_what_changed_not_what_it_examined(timed, clock, store):
    await store("The staging database is refreshed from production on Sundays", temporalLevel=1, baseSalience=0.5)
    clock.advance(seconds=5)
    idle = (await run_job(timed, "decay")).counts
    assert idle["examined"] >= 1 and idle["decayed"] == 0  # seconds of idle time move nothing worth a write
    clock.advance(days=1)
    assert (await run_job(timed, "decay")).counts["decayed"] >= 1
