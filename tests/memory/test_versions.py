"""A memory's text edited is a new version (graphmind/memory/versions.py): the old one
superseded and kept as history, links carried over, nothing written when the memory moved
on or the new text cannot stand as a memory of its own."""

import asyncio

import pytest

from graphmind.core.enums import MemoryStatus, Source
from graphmind.errors import Conflict
from graphmind.learning.event_log import events_after
from graphmind.memory import manage, versions

OLD = "The analytics warehouse is refreshed by Airflow every hour"
NEW = "The analytics warehouse is refreshed by Dagster every hour"


async def related(deps, memory_id: str) -> list[str]:
    [row] = await deps.db.read("testing.related", memoryId=memory_id)
    return row["related"]


async def test_a_new_version_supersedes_the_old_one_and_carries_its_links(deps, remember, user_id):
    old = (await remember(OLD, source="model", tags=["data"], metadata={"owner": "bi"}, entities=["Warehouse"])).memory
    left = (await remember("Dashboards read from the reporting schema")).memory
    right = (await remember("The finance team owns the quarterly revenue report")).memory
    links = [{"relation": "related", "toId": right.id}]
    await deps.db.write("obsidian.link", userId=user_id, fromId=old.id, now=deps.clock.now(), links=links)
    links = [{"relation": "related", "toId": old.id}]
    await deps.db.write("obsidian.link", userId=user_id, fromId=left.id, now=deps.clock.now(), links=links)

    version = await versions.new_version(deps, user_id, old.id, OLD, NEW, "test")
    previous, new = version.previous, version.memory
    assert (previous.id, previous.status, previous.content) == (old.id, MemoryStatus.SUPERSEDED, OLD)
    assert previous.retired_at == new.created_at  # belief passes from one to the other at one instant
    assert previous.valid_until == new.created_at and new.valid_from == old.valid_from
    assert (new.content, new.status, new.source, new.trust) == (NEW, MemoryStatus.ACTIVE, Source.MODEL, old.trust)
    assert (new.tags, new.metadata, new.content_type) == (["data"], {"owner": "bi"}, old.content_type)
    assert "Warehouse" in old.entities and set(old.entities) <= set(new.entities)  # carried over
    assert await related(deps, new.id) == [right.id] and set(await related(deps, left.id)) == {old.id, new.id}
    [lineage] = await deps.db.read("testing.lineage", memoryId=new.id)
    assert lineage["derivedFrom"] == [old.id]
    logged = await events_after(deps, user_id, 0, ["memory.superseded", "memory.updated"], 10)
    assert [(e.type, e.payload["memoryId"]) for e in logged] == [
        ("memory.superseded", old.id),
        ("memory.updated", new.id),
    ]
    assert logged[0].payload["reason"] == "edited" and logged[1].payload["previousId"] == old.id


async def test_of_two_edits_of_one_text_one_becomes_the_new_version(deps, remember, user_id):
    old = (await remember(OLD)).memory
    results = await asyncio.gather(
        versions.new_version(deps, user_id, old.id, OLD, NEW, "test"),
        versions.new_version(deps, user_id, old.id, OLD, "The analytics warehouse is refreshed every day", "test"),
        return_exceptions=True,
    )
    made = [r for r in results if isinstance(r, versions.Version)]
    refused = [r for r in results if not isinstance(r, versions.Version)]
    assert len(made) == 1 and len(refused) == 1 and isinstance(refused[0], Conflict), results
    active = (await manage.list_memories(deps, user_id, None, 10, None)).memories
    assert [m.id for m in active] == [made[0].memory.id]


async def test_nothing_is_written_when_the_new_text_repeats_another_memory(deps, remember, user_id):
    kept = (await remember("Backups are copied to a second region every night")).memory
    old = (await remember(OLD)).memory
    with pytest.raises(Conflict, match=f"repeats memory {kept.id}"):
        await versions.new_version(deps, user_id, old.id, OLD, kept.content, "test")
    with pytest.raises(versions.Stale):
        await versions.new_version(deps, user_id, old.id, "A text it never had", NEW, "test")
    assert (await manage.get_memory(deps, user_id, old.id)).status == MemoryStatus.ACTIVE
    assert len((await manage.list_memories(deps, user_id, None, 10, None)).memories) == 2
    assert await events_after(deps, user_id, 0, ["memory.superseded", "memory.updated"], 10) == []
