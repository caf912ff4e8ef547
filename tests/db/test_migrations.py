"""Schema migrations are idempotent and leave every index ONLINE."""

from graphmind.db.migrations import index_states, migrate


async def test_migrate_twice_is_idempotent_and_indexes_are_online(db):
    first = await migrate(db)
    second = await migrate(db)
    assert first == second
    states = {s.name: s for s in await index_states(db)}
    assert all(s.state == "ONLINE" for s in states.values())
    assert states["memory_embedding"].type == "VECTOR"
    assert states["memory_text"].type == "FULLTEXT"
    assert "memory_id_unique" in states and "memory_user_id" in states


async def test_retired_at_is_backfilled_for_memories_retired_before_it_existed(remember, deps, user_id):
    from graphmind.memory import manage

    old = await remember("The deploy window is Thursday at noon")
    new = await remember("The deploy window is Tuesday morning")
    assert [c.loser_id for c in new.conflicts] == [old.memory.id]
    retired = (await manage.get_memory(deps, user_id, old.memory.id)).retired_at
    await deps.db.write("testing.unset_retired_at", userId=user_id, id=old.memory.id)
    assert (await manage.get_memory(deps, user_id, old.memory.id)).retired_at is None
    await migrate(deps.db)
    assert (await manage.get_memory(deps, user_id, old.memory.id)).retired_at == retired  # the SUPERSEDES edge's time
