"""A store keeps the embedding precision its memories were made at (db/embedding_space.py):
a process set to `auto` embeds at the store's, one set to the other precision does not start."""

import uuid

import pytest

from graphmind.db import embedding_space
from graphmind.embeddings import MODEL_NAME
from graphmind.errors import GraphMindError
from graphmind.memory.model import MemoryInput
from graphmind.memory.store import remember_many


@pytest.fixture
async def space(db):
    name = f"test-space-{uuid.uuid4().hex[:8]}"
    yield name
    await db.write("testing.embedding_space_record", space=name, precision=None)


async def test_a_recorded_precision_is_used_by_auto_and_refuses_the_other(db, space):
    await db.write("testing.embedding_space_record", space=space, precision="int8")
    assert await embedding_space.settle(db, MODEL_NAME, "int8", "float32", space) == "int8"
    assert await embedding_space.settle(db, MODEL_NAME, "auto", "float32", space) == "int8"
    with pytest.raises(GraphMindError, match="GRAPHMIND_EMBEDDING_PRECISION=int8 or auto"):
        await embedding_space.settle(db, MODEL_NAME, "float32", "float32", space)
    with pytest.raises(GraphMindError, match="embedded by all-MiniLM-L6-v2 at int8"):
        await embedding_space.settle(db, "another-model", "auto", "int8", space)


async def test_a_store_with_memories_from_before_the_record_is_float32(deps, user_id, db, space):
    """Every GraphMind before the record embedded at float32: a store that holds memories
    but no record gets float32, whatever the first process to record asks for."""
    await remember_many(deps, user_id, [MemoryInput(content="The cellar door sticks in winter.")])
    with pytest.raises(GraphMindError, match="GRAPHMIND_EMBEDDING_PRECISION=float32 or auto"):
        await embedding_space.settle(db, MODEL_NAME, "int8", "int8", space)
    assert await embedding_space.settle(db, MODEL_NAME, "auto", "int8", space) == "float32"


async def test_the_services_embed_at_the_stores_precision_or_do_not_start(settings, db):
    from graphmind.deps import open_deps

    [space] = await db.write(
        "system.embedding_space", space=embedding_space.SPACE, model=MODEL_NAME, precision="float32"
    )
    async with open_deps(settings.model_copy(update={"embedding_precision": "auto"}), schema=False) as deps:
        assert deps.embedder.precision == space["precision"]
    other = "int8" if space["precision"] == "float32" else "float32"
    with pytest.raises(GraphMindError, match="would not compare"):
        async with open_deps(settings.model_copy(update={"embedding_precision": other}), schema=False):
            pass
