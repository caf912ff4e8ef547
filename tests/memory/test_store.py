"""remember / rememberMany against the real Neo4j and model."""

from graphmind.memory import store
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store import remember_many


async def test_remember_stores_defaults_redactions_and_entities(remember, deps, user_id):
    result = await remember("I prefer Redis for caching; mail ops@example.com about it")
    memory = result.memory
    assert memory.content == "I prefer Redis for caching; mail [EMAIL] about it"
    assert result.redactions == {"EMAIL": 1} and result.duplicate_of is None
    assert memory.base_salience == 1.0 and memory.temporal_level == 2  # rules R2, R1
    assert memory.effective_salience == 1.0 and memory.outcome_adjustment == 0.0
    assert memory.status.value == "active" and memory.trust == 0.8
    assert "Redis" in memory.entities
    records = (
        await deps.db.driver.execute_query(
            "MATCH (m:Memory {id: $id})-[:MENTIONS]->(e:Entity {key: 'redis'}) RETURN e.userId AS owner",
            id=memory.id,
        )
    ).records
    assert [r["owner"] for r in records] == [user_id]
    [stored] = (
        await deps.db.driver.execute_query("MATCH (m:Memory {id: $id}) RETURN m.tokenCount AS n", id=memory.id)
    ).records
    assert stored["n"] == deps.embedder.count_tokens(memory.content)  # of the redacted text it embedded


async def test_metadata_keys_are_redacted_and_brackets_are_not_pii(remember):
    """QA: an email address as a metadata key was kept, and tags and entities with a "["
    ("arr[0]", "List[int]") were dropped as if they were redaction placeholders."""
    result = await remember(
        "Typing helpers for the parser module",
        metadata={"ops@example.com": "contact", "owner@example.com": "lead", "nested": {"mail me@example.com": 1}},
        tags=["[wip]", "arr[0]", "ok", "ops@example.com"],
        entities=["List[int]", "dict[str, Any]"],
    )
    memory = result.memory
    assert memory.metadata == {"[EMAIL]": "contact", "[EMAIL]'": "lead", "nested": {"mail [EMAIL]": 1}}
    assert memory.tags == ["[wip]", "arr[0]", "ok"]  # the address as a tag is dropped, and counted
    assert {"List[int]", "dict[str, Any]"} <= set(memory.entities)
    assert result.redactions == {"EMAIL": 4}


async def test_redaction_can_be_switched_off(deps, user_id):
    from dataclasses import replace

    off = replace(deps, settings=deps.settings.model_copy(update={"redact_pii": False}))
    [result] = await remember_many(off, user_id, [parse_memory_input({"content": "mail ops@example.com now"})])
    assert result.memory.content == "mail ops@example.com now" and result.redactions == {}


async def test_duplicate_returns_the_existing_memory_and_reinforces_it(remember):
    first = await remember("The staging database runs on port 7687")
    again = await remember("The staging database runs on port 7687.")
    assert again.duplicate_of == first.memory.id
    assert again.similarity > 0.95
    assert again.memory.id == first.memory.id
    assert again.memory.access_count == first.memory.access_count + 1
    assert again.memory.last_accessed_at is not None


async def test_duplicates_are_per_user(remember, user_id):
    mine = await remember("The staging database runs on port 7687")
    theirs = await remember("The staging database runs on port 7687", user=user_id + "-other")
    assert theirs.duplicate_of is None and theirs.memory.id != mine.memory.id


async def test_remember_many_dedups_within_the_batch_and_chains_the_timeline(deps, user_id):
    contents = [
        "Alice joined the graph team in May",
        "Bob maintains the Neo4j cluster",
        "Bob maintains the Neo4j cluster",
        "Carol writes the Cypher queries",
    ]
    results = await remember_many(deps, user_id, [parse_memory_input({"content": c}) for c in contents])
    assert results[2].duplicate_of == results[1].memory.id
    ids = [r.memory.id for r in results if r.duplicate_of is None]
    chain = (
        await deps.db.driver.execute_query(
            "MATCH (u:User {id: $u})-[:LATEST]->(last) "
            "MATCH p = (first:Memory)-[:NEXT*0..]->(last) WHERE NOT ()-[:NEXT]->(first) "
            "RETURN [n IN nodes(p) | n.id] AS ids",
            u=user_id,
        )
    ).records[0]["ids"]
    assert chain == ids


async def test_a_large_batch_prepared_off_the_event_loop_keeps_order_repeats_and_redactions(deps, user_id):
    """Past INLINE_BATCH inputs, redaction and the search for repeats run in a worker
    thread: results still come back in input order, each repeat points at the first
    occurrence (the most similar kept input), and redactions are counted per input."""
    contents = [f"Service {n} of the billing platform runs on host number {n * 7}" for n in range(30)]
    contents[11] = contents[3]
    contents[25] = contents[3]
    contents[20] = "Write to ops@example.com when service 20 of the billing platform fails"
    assert len(contents) > store.INLINE_BATCH
    results = await remember_many(deps, user_id, [parse_memory_input({"content": c}) for c in contents])
    assert [r.memory.content for r in results][:3] == contents[:3]
    assert results[11].duplicate_of == results[25].duplicate_of == results[3].memory.id
    assert [i for i, r in enumerate(results) if r.duplicate_of] == [11, 25]
    assert results[20].redactions == {"EMAIL": 1} and "[EMAIL]" in results[20].memory.content


async def test_an_event_on_another_day_is_another_occurrence_not_a_duplicate(remember, deps, user_id):
    """QA: the second swim was dropped as a duplicate of the first (docs/lifecycle.md: two
    events on different days are both true)."""
    text = "Dave went swimming at the public pool"
    first = await remember(text, contentType="EVENT", validFrom="2026-11-02T18:00:00Z")
    later = await remember(text, contentType="EVENT", validFrom="2026-11-16T18:00:00Z")
    same_day = await remember(text, contentType="EVENT", validFrom="2026-11-16T20:00:00Z")
    assert later.duplicate_of is None and same_day.duplicate_of == later.memory.id
    batch = await remember_many(
        deps,
        user_id,
        [
            parse_memory_input({"content": "Dave went to the climbing gym", "contentType": "EVENT", "validFrom": day})
            for day in ("2026-11-03T09:00:00Z", "2026-11-10T09:00:00Z", "2026-11-10T19:00:00Z")
        ],
    )
    assert [r.duplicate_of for r in batch] == [None, None, batch[1].memory.id]
    assert first.memory.id != later.memory.id
