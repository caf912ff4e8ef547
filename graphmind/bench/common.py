"""What every benchmark needs: the real services, timing, percentiles, cleanup."""

import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from graphmind.clock import Clock
from graphmind.db.database import Database
from graphmind.db.migrations import migrate
from graphmind.db.queries import QueryLibrary
from graphmind.deps import Deps
from graphmind.embeddings import Embedder
from graphmind.security.userdata import delete_user_data
from graphmind.settings import Settings


@asynccontextmanager
async def bench_deps(settings: Settings | None = None) -> AsyncIterator[Deps]:
    """The same services the server runs, against the configured Neo4j."""
    settings = settings or Settings()
    db = Database.connect(settings, QueryLibrary.load(settings.cypher_dir))
    try:
        await migrate(db)
        embedder = Embedder.from_settings(settings)
        yield Deps(settings=settings, db=db, embedder=embedder, clock=Clock())
    finally:
        await db.close()


async def delete_user(deps: Deps, user_id: str) -> int:
    """Deletes every node of a user (as `deleteUserData` does); returns how many."""
    deleted, _ = await delete_user_data(deps, user_id)
    return deleted


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[rank]


class Stopwatch:
    def __enter__(self) -> "Stopwatch":
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.seconds = time.perf_counter() - self.start

    @property
    def ms(self) -> float:
        return self.seconds * 1000
