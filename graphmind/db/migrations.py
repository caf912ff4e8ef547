"""Schema migrations: the `cypher/schema/` files, applied in order, idempotently."""

import asyncio
import time
from dataclasses import dataclass

from graphmind.db.database import Database
from graphmind.errors import GraphMindError


@dataclass
class IndexState:
    name: str
    type: str
    state: str
    population_percent: float


async def index_states(db: Database) -> list[IndexState]:
    rows = await db.read("system.index_states")
    return [
        IndexState(r["name"], r["type"], r["state"], float(r["populationPercent"] or 0.0))
        for r in rows
    ]


async def migrate(db: Database, timeout: float = 300.0) -> list[str]:
    """Applies every schema query (each is IF NOT EXISTS) and waits for ONLINE indexes.

    Returns the names of the migrations run. Raises GraphMindError when an
    index FAILED or is not ONLINE within `timeout` seconds: querying an index
    while it is still POPULATING gives incomplete answers.
    """
    applied = []
    for query in db.library.area("schema"):
        await db.write(query.name)
        applied.append(query.name)
    await wait_for_indexes(db, timeout)
    return applied


async def wait_for_indexes(db: Database, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        states = await index_states(db)
        failed = [s.name for s in states if s.state == "FAILED"]
        if failed:
            raise GraphMindError(f"indexes FAILED: {failed}; see the Neo4j debug.log")
        pending = [s.name for s in states if s.state != "ONLINE"]
        if not pending:
            return
        if time.monotonic() > deadline:
            raise GraphMindError(f"indexes not ONLINE after {timeout:.0f}s: {pending}")
        await asyncio.sleep(0.2)
