"""What the services need, created once by the app's lifespan, a CLI command or a bench,
always through `open_deps`."""

import asyncio
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from graphmind.core.clock import Clock
from graphmind.db import embedding_space
from graphmind.db.database import Database
from graphmind.db.migrations import migrate
from graphmind.db.queries import QueryLibrary
from graphmind.embeddings import MODEL_NAME, NEW_STORE_PRECISION, Embedder
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
async def open_deps(
    settings: Settings, clock: Clock | None = None, *, model: bool = True, schema: bool | None = None
) -> AsyncIterator[Deps]:
    """The Neo4j driver and the embedding model, for as long as the block runs: what `serve`
    (the app's lifespan), `mcp`, the CLI and the benches run on; the one place Deps are made.

    Once they are built, the objects alive are frozen out of the garbage collector (`gc.freeze`)
    until the block ends.
    `schema`: apply cypher/schema/ first (default: the `migrate_on_start` setting);
    `model=False`: commands that embed nothing skip loading the model
    (`Embedder.unavailable`); with the model, the store's embedding space is checked first
    (db/embedding_space.py): the model embeds at the store's precision, and a process set
    to another one does not start."""
    db = Database.connect(settings, QueryLibrary.load(settings.cypher_dir))
    try:
        if settings.migrate_on_start if schema is None else schema:
            await migrate(db, settings.index_wait_seconds)
        if model:  # the store's vectors and this process's are of one model and precision
            precision = await embedding_space.settle(
                db, MODEL_NAME, settings.embedding_precision, NEW_STORE_PRECISION[settings.embedding_backend]
            )
            embedder = await asyncio.to_thread(Embedder.from_settings, settings, precision)
        else:
            embedder = Embedder.unavailable()
        # What is alive now (the model, the libraries, the Cypher library) lives as long as the
        # process: out of the collector's reach, a full collection no longer rescans it (110 ms
        # with the app and the model loaded, paid by whichever request triggered it; 0 ms after).
        gc.freeze()
        yield Deps(settings=settings, db=db, embedder=embedder, clock=clock or Clock())
    finally:
        gc.unfreeze()  # the services are gone: what they held may be collected again
        await db.close()
