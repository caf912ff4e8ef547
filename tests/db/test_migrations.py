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
