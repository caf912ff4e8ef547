"""The per-request DataLoaders: the trails one response touches are read in one query."""

import asyncio

import pytest

from graphmind import trails
from graphmind.api.loaders import Loaders
from graphmind.errors import NotFound


async def test_the_trail_loader_reads_a_requests_trails_in_one_query(deps, user_id, monkeypatch):
    saved = [await trails.save_trail(deps, user_id, trails.TrailDraft("agent", f"trail {i}")) for i in range(3)]
    theirs = await trails.save_trail(deps, f"{user_id}-other", trails.TrailDraft("agent", "not yours"))
    reads = []
    read = deps.db.read

    async def counted(name, **params):
        reads.append(name)
        return await read(name, **params)

    monkeypatch.setattr(deps.db, "read", counted)
    loaders = Loaders(deps, user_id)
    loaded = await asyncio.gather(*(loaders.trail.load(s.trail.id) for s in saved))
    assert [t.id for t in loaded] == [s.trail.id for s in saved]
    assert [t.label for t in loaded] == ["trail 0", "trail 1", "trail 2"]
    assert reads == ["trails.state"]
    with pytest.raises(NotFound):
        await loaders.trail.load(theirs.trail.id)  # another user's trail does not exist for the caller
