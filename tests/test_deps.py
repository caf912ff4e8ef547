"""`open_deps`: the one place the services are built (app, MCP, CLI, benches)."""

import pytest

from graphmind.deps import open_deps
from graphmind.errors import GraphMindError


async def test_without_the_model_the_database_answers_and_embedding_is_refused(settings):
    async with open_deps(settings, model=False, schema=False) as deps:
        assert await deps.db.read("user.remaining", userId="nobody-at-all") == [{"count": 0}]
        with pytest.raises(GraphMindError, match="without the embedding model"):
            deps.embedder.embed(["x"])


async def test_with_the_model_the_query_can_be_embedded(settings):
    async with open_deps(settings, schema=False) as deps:
        assert deps.embedder.embed(["hello"]).shape == (1, 384)


async def test_what_is_alive_once_the_services_are_built_is_frozen_out_of_the_collector(settings):
    import gc

    gc.unfreeze()
    async with open_deps(settings, model=False, schema=False):
        assert gc.get_freeze_count() > 0  # a full collection no longer rescans the startup heap
    assert gc.get_freeze_count() == 0  # and it may be collected once the services are gone
