"""Running a command's work on the configured Neo4j without the embedding model."""

import asyncio

from graphmind.settings import Settings


async def with_deps(work, settings: Settings | None = None):
    """Runs `work(deps)` on the configured Neo4j without the embedding model (nor the
    schema), then closes the driver."""
    from graphmind.deps import open_deps

    async with open_deps(settings or Settings(), model=False, schema=False) as deps:
        return await work(deps)


async def with_database(work):
    """Runs `work(db)` on the configured Neo4j (no model loaded), then closes the driver."""
    return await with_deps(lambda deps: work(deps.db))


def without_model(work):
    """Runs `work(deps)` with the database and the clock but no embedding model."""
    return asyncio.run(with_deps(work))
