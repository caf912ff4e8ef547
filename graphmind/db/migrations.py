"""Schema migrations: the `cypher/schema/` files, applied in order, idempotently."""

import asyncio
import logging
import time
from dataclasses import dataclass, field

from graphmind.core.terms import index_rows
from graphmind.db.database import Database
from graphmind.errors import GraphMindError

# The properties the memory_embedding vector index filters on inside its search
# (cypher/schema/023): every vector lookup is `SEARCH … WHERE m.userId = … AND m.status …`.
VECTOR_INDEX = "memory_embedding"
VECTOR_FILTERS = ("userId", "status")
PROGRESS_EVERY = 10.0  # seconds between log lines while indexes populate

log = logging.getLogger("graphmind")


@dataclass
class IndexState:
    name: str
    type: str
    state: str
    population_percent: float
    properties: tuple[str, ...] = ()
    config: dict[str, object] = field(default_factory=dict)  # options.indexConfig

    @property
    def quantised(self) -> bool:
        """A vector index whose search reads quantised vectors (Neo4j's default: binary)."""
        return str(self.config.get("vector.quantization.type", "NONE")).upper() != "NONE" or bool(
            self.config.get("vector.quantization.enabled", False)
        )


async def index_states(db: Database) -> list[IndexState]:
    rows = await db.read("system.index_states")
    return [
        IndexState(
            r["name"],
            r["type"],
            r["state"],
            float(r["populationPercent"] or 0.0),
            tuple(r["properties"] or ()),
            dict((r["options"] or {}).get("indexConfig") or {}),
        )
        for r in rows
    ]


async def _drop_outdated_vector_index(db: Database) -> bool:
    """Drops a memory_embedding index that lacks the filter properties (one made by
    GraphMind on Neo4j 5.26) or searches quantised vectors (made before 023 turned
    quantisation off); the schema files then recreate it as they declare it."""
    for state in await index_states(db):
        if state.name == VECTOR_INDEX and (not set(VECTOR_FILTERS) <= set(state.properties) or state.quantised):
            await db.write("system.drop_memory_embedding")
            return True
    return False


async def migrate(db: Database, timeout: float = 300.0) -> list[str]:
    """Applies every schema query (each idempotent: IF NOT EXISTS, IF EXISTS) and waits for ONLINE indexes.

    A vector index without the filter properties recall searches with (made on
    Neo4j 5.26), or one that searches quantised vectors, is dropped first and rebuilt as
    cypher/schema/023 declares it. Memories an older GraphMind
    wrote are indexed for keyword recall in their owners' statistics, and those it
    improved get the label Improved that recall reads.

    Returns the names of the migrations run. Raises GraphMindError when an
    index FAILED or is not ONLINE within `timeout` seconds: querying an index
    while it is still POPULATING gives incomplete answers.
    """
    applied = []
    if await _drop_outdated_vector_index(db):
        applied.append("system.drop_memory_embedding")
    for query in db.library.area("schema"):
        await db.write(query.name)
        applied.append(query.name)
    await wait_for_indexes(db, timeout)
    if await backfill_terms(db):
        applied.append("memory.index_terms")
    [labelled] = await db.write("memory.label_improved")
    if labelled["labelled"]:
        applied.append("memory.label_improved")
    return applied


async def backfill_terms(db: Database, batch_size: int = 2000) -> int:
    """Indexes the text of memories written before GraphMind kept per-user keyword
    statistics (memory.index_terms); returns how many."""
    done = 0
    while rows := await db.read("memory.terms_missing", batchSize=batch_size):
        await db.write("memory.index_terms", termRows=index_rows(rows))
        done += len(rows)
    return done


async def wait_for_indexes(db: Database, timeout: float) -> None:
    """Returns once every index is ONLINE; logs the progress of those still populating
    every PROGRESS_EVERY seconds (a rebuilt vector index on a large store takes minutes)."""
    started = time.monotonic()
    reported = started
    while True:
        states = await index_states(db)
        failed = [s.name for s in states if s.state == "FAILED"]
        if failed:
            raise GraphMindError(f"indexes FAILED: {failed}; see the Neo4j debug.log")
        pending = [s for s in states if s.state != "ONLINE"]
        if not pending:
            return
        now = time.monotonic()
        progress = ", ".join(f"{s.name} {s.population_percent:.0f}%" for s in pending)
        if now - started > timeout:
            raise GraphMindError(
                f"indexes not ONLINE after {timeout:.0f}s ({progress}); "
                "raise GRAPHMIND_INDEX_WAIT_SECONDS to wait longer"
            )
        if now - reported >= PROGRESS_EVERY:
            log.info("waiting for indexes to come ONLINE: %s", progress)
            reported = now
        await asyncio.sleep(0.2)
