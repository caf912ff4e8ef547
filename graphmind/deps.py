"""What the services need, created once by the app's lifespan (or a CLI command)."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from graphmind.clock import Clock
from graphmind.db.database import Database
from graphmind.db.migrations import migrate
from graphmind.db.queries import QueryLibrary
from graphmind.embeddings import Embedder
from graphmind.metrics import Metrics
from graphmind.settings import Settings


@dataclass(frozen=True)
class Deps:
    settings: Settings
    db: Database
    embedder: Embedder
    clock: Clock
    metrics: Metrics = field(default_factory=Metrics)


@asynccontextmanager
async def open_deps(settings: Settings, clock: Clock) -> AsyncIterator[Deps]:
    """The Neo4j driver (the schema applied first when `migrate_on_start`) and the embedding
    model, for as long as the block runs: what `serve` (the app's lifespan) and `mcp` run on."""
    db = Database.connect(settings, QueryLibrary.load(settings.cypher_dir))
    try:
        if settings.migrate_on_start:
            await migrate(db)
        embedder = await asyncio.to_thread(Embedder.from_settings, settings)
        yield Deps(settings=settings, db=db, embedder=embedder, clock=clock)
    finally:
        await db.close()
