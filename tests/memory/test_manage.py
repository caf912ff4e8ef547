"""memory, memories (pagination), forget, restore (judged again, recallable again),
supersede; other users get NOT_FOUND."""

import asyncio
from datetime import timedelta

import pytest

from graphmind.core.enums import MemoryStatus
from graphmind.db.database import Transaction
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.gardener.runner import run_job
from graphmind.learning.event_log import events_after
from graphmind.memory import manage
from graphmind.memory.model import parse_memory_input
from graphmind.memory.recall import RecallFilter, recall
from graphmind.memory.store import remember_many


async def test_pagination_walks_every_memory_once_newest_first(deps, user_id, parameter_types):
    for n in range(7):  # separate batches: distinct createdAt
        await remember_many(deps, user_id, [parse_memory_input({"content": f"Numbered note {n}: {'x' * n} kept"})])
    seen, after, pages = [], None, 0
    while True:
        page = await manage.list_memories(deps, user_id, None, 3, after)
        seen += [m.content for m in page.memories]
        pages += 1
        if not page.has_next_page:
            break
        after = page.end_cursor
    assert pages == 3 and len(seen) == 7 and len(set(seen)) == 7
    assert seen[0].startswith("Numbered note 6") and seen[-1].startswith("Numbered note 0")
    await manage.list_memories(deps, user_id, manage.MemoryFilter(tags=["x"], temporal_levels=[1]), 3, None)
    # the first page, the next ones and a filtered one share one cached plan (db/database.py, `nullable`)
    assert len(parameter_types["memory.list"]) == 1


async def test_pages_through_ties_and_several_statuses_take_each_memory_once_in_order(deps, user_id):
    """One rememberMany batch shares its createdAt: a page boundary inside the batch still
    orders by id, as the cursor does. Several statuses (one named twice) and a filter page
    the same way."""
    batch = [
        parse_memory_input({"content": f"Tied note {n} about the {word} project", "tags": ["tied"] if n % 2 else []})
        for n, word in enumerate(("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"))
    ]
    stored = [r.memory for r in await remember_many(deps, user_id, batch)]
    [later] = [
        r.memory for r in await remember_many(deps, user_id, [parse_memory_input({"content": "A later note on hotel"})])
    ]
    await manage.forget(deps, user_id, stored[3].id)
    assert len({m.created_at for m in stored}) == 1  # one batch, one time

    async def walk(flt: manage.MemoryFilter, first: int) -> list[str]:
        seen, after = [], None
        while True:
            page = await manage.list_memories(deps, user_id, flt, first, after)
            seen += [m.id for m in page.memories]
            if not page.has_next_page:
                return seen
            after = page.end_cursor

    tied_newest_first = sorted((m.id for m in stored), reverse=True)  # same time: by id, descending
    every = manage.MemoryFilter(statuses=[MemoryStatus.ACTIVE, MemoryStatus.ARCHIVED, MemoryStatus.ACTIVE])
    for first in (1, 2, 3, 100):
        assert await walk(every, first) == [later.id, *tied_newest_first]
        active = [i for i in tied_newest_first if i != stored[3].id]
        assert await walk(manage.MemoryFilter(), first) == [later.id, *active]
        tagged = [i for i in active if "tied" in next(m.tags for m in stored if m.id == i)]
        assert await walk(manage.MemoryFilter(tags=["tied"]), first) == tagged


async def test_bad_page_arguments(deps, user_id):
    with pytest.raises(BadUserInput) as error:
        await manage.list_memories(deps, user_id, None, 0, None)
    assert error.value.field == "first"
    with pytest.raises(BadUserInput) as error:
        await manage.list_memories(deps, user_id, None, 5, "not-a-cursor")
    assert error.value.field == "after"
    with pytest.raises(BadUserInput) as error:  # a blank tag chooses nothing, as recall's filter
        await manage.list_memories(deps, user_id, manage.MemoryFilter(tags=["ops", " "]), 5, None)
    assert error.value.field == "filter.tags[1]"


async def test_filter_tags_are_trimmed_and_lower_cased_as_stored(deps, user_id, remember):
    tagged = (await remember("The nightly import runs at two", tags=[" Ops "])).memory
    assert tagged.tags == ["ops"]
    page = await manage.list_memories(deps, user_id, manage.MemoryFilter(tags=[" OPS "]), 5, None)
    assert [m.id for m in page.memories] == [tagged.id]
    found = await recall(deps, user_id, "nightly import", 5, RecallFilter(tags=[" OPS "]))
    assert [i.memory.id for i in found.items] == [tagged.id]


async def test_forget_and_restore(remember, deps, user_id):
    stored = await remember("The on-call rotation changes every Monday")
    forgotten = await manage.forget(deps, user_id, stored.memory.id)
    assert forgotten.status == MemoryStatus.ARCHIVED
    archived = await manage.list_memories(
        deps, user_id, manage.MemoryFilter(statuses=[MemoryStatus.ARCHIVED]), 10, None
    )
    assert [m.id for m in archived.memories] == [stored.memory.id]
    with pytest.raises(Conflict):
        await manage.forget(deps, user_id, stored.memory.id)
    restored = await manage.restore(deps, user_id, stored.memory.id)
    assert restored.memory.status == MemoryStatus.ACTIVE and restored.conflicts == []
    with pytest.raises(Conflict):
        await manage.restore(deps, user_id, stored.memory.id)


async def test_a_restored_fact_loses_to_the_newer_one_it_contradicts(timed, clock, store, user_id):
    """QA: forget "Maya lives in Berlin", remember "Maya lives in Lisbon", restore Berlin:
    both were active, contradicting each other. The restore judges Berlin as remember judges
    a fact (lifecycle/truth.py): on equal trust the newer Lisbon holds, so Berlin is
    superseded in the same transaction, with remember's event, and the result says so."""
    berlin = await store("Maya lives in Berlin")
    await manage.forget(timed, user_id, berlin.memory.id)
    clock.advance(hours=1)
    lisbon = await store("Maya lives in Lisbon")
    assert lisbon.conflicts == []  # Berlin was forgotten then
    clock.advance(hours=1)
    restored = await manage.restore(timed, user_id, berlin.memory.id)
    again = await manage.get_memory(timed, user_id, berlin.memory.id)
    assert again.status == MemoryStatus.SUPERSEDED and again.valid_until == lisbon.memory.valid_from
    assert (await manage.get_memory(timed, user_id, lisbon.memory.id)).status == MemoryStatus.ACTIVE
    [conflict] = restored.conflicts
    assert (conflict.existing_id, conflict.winner_id, conflict.loser_id, conflict.reason) == (
        lisbon.memory.id,
        lisbon.memory.id,
        berlin.memory.id,
        "recency",
    )
    assert (conflict.old_value, conflict.new_value) == ("Lisbon", "Berlin")
    assert restored.memory.status == MemoryStatus.SUPERSEDED and restored.memory.retired_at == clock.now()
    log = await events_after(timed, user_id, 0, ["memory.restored", "memory.superseded"], 10)
    assert [(e.type, e.payload["memoryId"], e.payload.get("supersededBy")) for e in log] == [
        ("memory.restored", berlin.memory.id, None),
        ("memory.superseded", berlin.memory.id, lisbon.memory.id),
    ]


async def test_a_superseded_fact_is_restored_once_the_update_it_lost_to_is_forgotten(timed, clock, store, user_id):
    """QA: remember Berlin, then Lisbon (Berlin superseded), forget Lisbon: Berlin stayed
    superseded and restore refused it ("not archived"), so the fact before a retracted
    update could not be had back. While Lisbon is active the restore is CONFLICT naming it,
    and nothing changes; once Lisbon is forgotten, Berlin comes back active, believed again
    and valid as before. Restoring Lisbon afterwards supersedes Berlin again (the newer)."""
    berlin = await store("Maya lives in Berlin")
    clock.advance(hours=1)
    lisbon = await store("Maya lives in Lisbon")
    assert [c.loser_id for c in lisbon.conflicts] == [berlin.memory.id]
    clock.advance(hours=1)
    with pytest.raises(Conflict, match=lisbon.memory.id):
        await manage.restore(timed, user_id, berlin.memory.id)
    refused = await manage.get_memory(timed, user_id, berlin.memory.id)
    assert refused.status == MemoryStatus.SUPERSEDED and refused.valid_until == lisbon.memory.valid_from
    assert await events_after(timed, user_id, 0, ["memory.restored"], 10) == []

    await manage.forget(timed, user_id, lisbon.memory.id)
    clock.advance(hours=1)
    restored = await manage.restore(timed, user_id, berlin.memory.id)
    assert restored.memory.status == MemoryStatus.ACTIVE and restored.conflicts == []
    assert restored.memory.valid_until is None and restored.memory.retired_at is None
    found = await recall(timed, user_id, "Where does Maya live?", 5)
    assert berlin.memory.id in [i.memory.id for i in found.items]
    [event] = await events_after(timed, user_id, 0, ["memory.restored"], 10)
    assert (event.payload["memoryId"], event.payload["before"]) == (berlin.memory.id, "superseded")
    with pytest.raises(Conflict, match="is active"):
        await manage.restore(timed, user_id, berlin.memory.id)

    back = await manage.restore(timed, user_id, lisbon.memory.id)
    assert back.memory.status == MemoryStatus.ACTIVE
    assert [(c.winner_id, c.loser_id) for c in back.conflicts] == [(lisbon.memory.id, berlin.memory.id)]
    assert (await manage.get_memory(timed, user_id, berlin.memory.id)).status == MemoryStatus.SUPERSEDED


async def test_a_restored_superseded_memory_gets_back_the_validity_its_supersession_closed(
    timed, clock, store, user_id
):
    """A validity the user gave (until the end of the year) was closed where the update
    began; the restore reopens it to what it was, not to open-ended."""
    until = clock.now() + timedelta(days=300)
    old = await store("The staging cluster runs Postgres 15", validUntil=until.isoformat())
    clock.advance(hours=1)
    new = await store("Rate limits for the public API were raised", validFrom=clock.now().isoformat())
    superseded, _ = await manage.supersede(timed, user_id, old.memory.id, new.memory.id)
    assert superseded.valid_until == clock.now()
    await manage.forget(timed, user_id, new.memory.id)
    restored = await manage.restore(timed, user_id, old.memory.id)
    assert restored.memory.status == MemoryStatus.ACTIVE and restored.memory.valid_until == until


async def test_a_restored_fact_supersedes_a_less_trusted_one(timed, clock, store, user_id):
    """The same rules the other way round: a restored fact of higher trust holds against a
    newer one, which is superseded."""
    berlin = await store("Maya lives in Berlin", source="axiom")
    await manage.forget(timed, user_id, berlin.memory.id)
    clock.advance(hours=1)
    lisbon = await store("Maya lives in Lisbon", source="web")
    clock.advance(hours=1)
    restored = await manage.restore(timed, user_id, berlin.memory.id)
    assert (await manage.get_memory(timed, user_id, lisbon.memory.id)).status == MemoryStatus.SUPERSEDED
    assert restored.memory.status == MemoryStatus.ACTIVE
    assert [(c.winner_id, c.loser_id, c.reason) for c in restored.conflicts] == [
        (berlin.memory.id, lisbon.memory.id, "trust")
    ]


async def test_a_restored_duplicate_of_an_active_memory_merges_into_it(timed, clock, store, user_id):
    """QA: forget A, remember the same text (B is stored, A being archived), restore A: two
    active memories said the same, where remember would have reinforced the one it repeats.
    The restore judges A by the store's own rule (`truth.judge`): the active B holds and is
    reinforced, as remember's duplicate would reinforce it, and A is kept as history,
    superseded by B (its validity closed where B's begins); the result names B."""
    text = "The staging database listens on port 5433"
    first = await store(text)
    await manage.forget(timed, user_id, first.memory.id)
    clock.advance(hours=1)
    second = await store(text)
    assert second.duplicate_of is None  # the first was forgotten then
    clock.advance(hours=1)
    restored = await manage.restore(timed, user_id, first.memory.id)
    again = await manage.get_memory(timed, user_id, first.memory.id)
    assert again.status == MemoryStatus.SUPERSEDED and again.valid_until == second.memory.valid_from
    kept = await manage.get_memory(timed, user_id, second.memory.id)
    assert kept.status == MemoryStatus.ACTIVE and kept.access_count == second.memory.access_count + 1
    assert (restored.duplicate_of, restored.conflicts) == (second.memory.id, [])
    assert restored.similarity == pytest.approx(1.0, abs=1e-4)
    assert restored.memory.status == MemoryStatus.SUPERSEDED and restored.memory.retired_at == clock.now()
    log = await events_after(timed, user_id, 0, ["memory.restored", "memory.superseded", "memory.reinforced"], 10)
    assert [(e.type, e.payload["memoryId"], e.payload.get("supersededBy"), e.payload.get("reason")) for e in log] == [
        ("memory.restored", first.memory.id, None, None),
        ("memory.superseded", first.memory.id, second.memory.id, "duplicate"),
        ("memory.reinforced", second.memory.id, None, None),
    ]


async def test_a_restored_event_of_another_day_is_no_duplicate(timed, clock, store, user_id):
    """The store's rule, not a copy of it: two events alike on different days are two
    occurrences (`truth.one_occurrence`), so the restored one stays active beside the other."""
    text = "Went swimming at the lake with Priya"
    first = await store(text, contentType="event")
    await manage.forget(timed, user_id, first.memory.id)
    clock.advance(days=14)
    second = await store(text, contentType="event")
    restored = await manage.restore(timed, user_id, first.memory.id)
    assert (restored.memory.status, restored.duplicate_of) == (MemoryStatus.ACTIVE, None)
    assert (await manage.get_memory(timed, user_id, second.memory.id)).status == MemoryStatus.ACTIVE


async def test_a_memory_pruned_for_low_salience_is_recallable_once_restored(timed, clock, store, user_id):
    """QA: the gardener archives a memory under the salience floor, and a restore left it
    there, so recall (which hides memories under min_salience) never found it again. A
    restore lifts its effective salience to restore_salience and restarts its decay clock
    (the days it spent archived are not charged): recall finds it, and a day of decay later
    it is still above the floors, so the next prune keeps it."""
    s = timed.settings
    faint = await store("The lighthouse keeper repaints the railing every spring", temporalLevel=1, baseSalience=0.04)
    await run_job(timed, "prune")
    assert (await manage.get_memory(timed, user_id, faint.memory.id)).status == MemoryStatus.ARCHIVED
    clock.advance(days=10)
    await manage.restore(timed, user_id, faint.memory.id)
    restored = await manage.get_memory(timed, user_id, faint.memory.id)
    assert restored.effective_salience >= max(s.min_salience, s.prune_salience)  # QA: it stayed at 0.04
    assert restored.effective_salience == pytest.approx(s.restore_salience)
    assert restored.outcome_adjustment == 0.0  # it had no outcome; with one, only the base moves (test_model.py)
    [event] = await events_after(timed, user_id, 0, ["memory.restored"], 10)
    assert event.payload["effectiveSalience"] == pytest.approx({"from": 0.04, "to": s.restore_salience})
    clock.advance(days=1)  # no recall in between (a recall would restart the decay clock itself)
    await run_job(timed, "decay")
    await run_job(timed, "prune")
    decayed = await manage.get_memory(timed, user_id, faint.memory.id)
    assert decayed.status == MemoryStatus.ACTIVE and decayed.effective_salience == pytest.approx(0.09)
    found = await recall(timed, user_id, "lighthouse railing paint", 10)
    assert faint.memory.id in [i.memory.id for i in found.items]


async def test_supersede_keeps_the_old_memory_as_history(remember, deps, user_id):
    old = await remember("The API rate limit is 100 requests per minute")
    new = await remember("Rate limits for the public API were raised; the May changelog has them")
    superseded, replacement = await manage.supersede(deps, user_id, old.memory.id, new.memory.id)
    assert superseded.status == MemoryStatus.SUPERSEDED and superseded.valid_until is not None
    assert replacement.id == new.memory.id
    with pytest.raises(Conflict):
        await manage.supersede(deps, user_id, old.memory.id, new.memory.id)
    with pytest.raises(BadUserInput):
        await manage.supersede(deps, user_id, new.memory.id, new.memory.id)


async def test_a_forget_while_a_supersede_checks_waits_for_it(remember, deps, user_id, monkeypatch):
    """QA: supersede read both statuses, then wrote; a forget committed in between made its
    write match nothing (INTERNAL: 'not enough values to unpack'), or was overwritten, the
    forgotten memory coming back SUPERSEDED. Both now take the user's lock: the forget
    waits, then archives the superseded memory."""
    old = await remember("The on-call rotation changes every Tuesday morning")
    new = await remember("Incident reviews are held in the large meeting room")
    forgetting: list[asyncio.Task] = []
    run = Transaction.run

    async def forget_after_the_check(self, name, **params):
        rows = await run(self, name, **params)
        if name == "memory.statuses" and not forgetting:
            forgetting.append(asyncio.create_task(manage.forget(deps, user_id, old.memory.id)))
            await asyncio.sleep(1.0)  # long enough for the forget to commit, when nothing holds it
        return rows

    monkeypatch.setattr(Transaction, "run", forget_after_the_check)
    superseded, _ = await manage.supersede(deps, user_id, old.memory.id, new.memory.id)
    forgotten = await forgetting[0]
    assert superseded.status == MemoryStatus.SUPERSEDED and forgotten.status == MemoryStatus.ARCHIVED
    assert (await manage.get_memory(deps, user_id, old.memory.id)).status == MemoryStatus.ARCHIVED
    restored = await manage.restore(deps, user_id, old.memory.id)
    assert restored.memory.status == MemoryStatus.SUPERSEDED  # archived while superseded


async def test_another_users_memory_is_not_found(remember, deps, user_id):
    theirs = await remember("Someone else's private note about payroll", user=user_id + "-other")
    mine = await remember("My own note about the payroll export job")
    for call in (
        manage.get_memory(deps, user_id, theirs.memory.id),
        manage.forget(deps, user_id, theirs.memory.id),
        manage.restore(deps, user_id, theirs.memory.id),
        manage.supersede(deps, user_id, theirs.memory.id, mine.memory.id),
        manage.supersede(deps, user_id, mine.memory.id, theirs.memory.id),
    ):
        with pytest.raises(NotFound):
            await call
    assert (await manage.get_memory(deps, user_id + "-other", theirs.memory.id)).status == MemoryStatus.ACTIVE
