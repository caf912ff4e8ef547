"""A repeat keeps what the caller said with it: its tags, metadata and entities are added
to the memory it repeats (graphmind/memory/repeats.py), within one memory's limits."""

import json

import pytest

from graphmind.errors import Conflict
from graphmind.learning.event_log import events_after
from graphmind.memory import manage
from graphmind.memory.model import MAX_TAGS, parse_memory_input
from graphmind.memory.recall import RecallFilter, recall
from graphmind.memory.repeats import Details, merged
from graphmind.memory.store import remember_many

TEXT = "The staging database runs on port 7687"


def test_merged_adds_new_tags_after_the_memory_s_and_the_newer_metadata_value_wins():
    memory = Details(("infra",), json.dumps({"owner": "ops", "tier": 1}), (("neo4j", "Neo4j"),))
    repeat = Details(
        ("staging", "infra"), json.dumps({"tier": 2, "owner": "ops"}), (("neo4j", "Neo4j"), ("acme", "Acme"))
    )
    after, changes = merged(memory, repeat, "memory m")
    assert after.tags == ("infra", "staging")
    assert json.loads(after.metadata) == {"owner": "ops", "tier": 2}
    assert after.entities == (("neo4j", "Neo4j"), ("acme", "Acme"))
    assert changes == {"addedTags": ["staging"], "metadataKeys": ["tier"], "addedEntities": ["Acme"]}
    assert merged(after, repeat, "memory m") == (after, {})  # said again: nothing more to add


async def test_a_repeat_adds_its_tags_metadata_and_entities_to_the_memory_it_repeats(store, timed, clock, user_id):
    first = await store(TEXT, tags=["infra"], metadata={"owner": "ops", "tier": 1})
    clock.advance(hours=1)
    again = await store(
        TEXT + ".", tags=["Staging", "infra"], metadata={"tier": 2, "ticket": "OPS-12"}, entities=["Acme Cloud"]
    )
    assert again.duplicate_of == first.memory.id
    memory = await manage.get_memory(timed, user_id, first.memory.id)
    assert memory.tags == ["infra", "staging"] == again.memory.tags
    assert memory.metadata == {"owner": "ops", "tier": 2, "ticket": "OPS-12"} == again.memory.metadata
    assert "Acme Cloud" in memory.entities and "Acme Cloud" in again.memory.entities
    assert memory.updated_at == clock.now() and memory.access_count == first.memory.access_count + 1
    [event] = await events_after(timed, user_id, 0, ["memory.reinforced"], 10)
    assert event.payload["memoryId"] == first.memory.id
    assert (event.payload["addedTags"], event.payload["metadataKeys"], event.payload["addedEntities"]) == (
        ["staging"],
        ["ticket", "tier"],
        ["Acme Cloud"],
    )
    found = await recall(timed, user_id, "staging database port", 5, RecallFilter(tags=["staging"]))
    assert [item.memory.id for item in found.items] == [first.memory.id]


async def test_a_repeat_that_brings_nothing_new_only_reinforces(store, timed, clock, user_id):
    first = await store(TEXT, tags=["infra"], metadata={"owner": "ops"})
    clock.advance(hours=1)
    again = await store(TEXT, tags=["infra"], metadata={"owner": "ops"})
    assert again.duplicate_of == first.memory.id
    memory = await manage.get_memory(timed, user_id, first.memory.id)
    assert memory.updated_at == first.memory.updated_at and memory.last_accessed_at == clock.now()
    [event] = await events_after(timed, user_id, 0, ["memory.reinforced"], 10)
    assert set(event.payload) == {"memoryId", "similarity"}


async def test_a_repeat_within_a_batch_adds_to_the_input_it_repeats(deps, user_id):
    inputs = [
        parse_memory_input({"content": TEXT, "tags": ["infra"]}),
        parse_memory_input({"content": "Bob maintains the Neo4j cluster"}),
        parse_memory_input({"content": TEXT, "tags": ["staging"], "metadata": {"ticket": "OPS-12"}}),
    ]
    results = await remember_many(deps, user_id, inputs)
    assert results[2].duplicate_of == results[0].memory.id
    stored = await manage.get_memory(deps, user_id, results[0].memory.id)
    assert stored.tags == ["infra", "staging"] and stored.metadata == {"ticket": "OPS-12"}
    assert results[2].memory.tags == ["infra", "staging"]


async def test_a_repeat_past_a_memory_s_tag_limit_is_a_conflict_and_writes_nothing(store, deps, timed, user_id):
    tags = [f"t{n}" for n in range(MAX_TAGS)]
    first = await store(TEXT, tags=tags)
    batch = [
        parse_memory_input({"content": "Carol writes the Cypher queries"}),
        parse_memory_input({"content": TEXT, "tags": ["one-more"]}),
    ]
    with pytest.raises(Conflict, match=f"has {MAX_TAGS} tags"):
        await remember_many(timed, user_id, batch)
    memory = await manage.get_memory(timed, user_id, first.memory.id)
    assert memory.tags == tags and memory.access_count == first.memory.access_count
    page = await manage.list_memories(timed, user_id, None, 10, None)
    assert [m.id for m in page.memories] == [first.memory.id]  # Carol's memory was not written either
    with pytest.raises(Conflict, match="input 0 of the batch"):  # two inputs of one batch alike
        await remember_many(
            deps,
            user_id + "-b",
            [parse_memory_input({"content": TEXT, "tags": tags}), parse_memory_input({"content": TEXT, "tags": ["x"]})],
        )
