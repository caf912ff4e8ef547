"""The seeds of a query: the memories recall returns for it, activation = score / best score."""

from dataclasses import dataclass, field

from graphmind.associative.nodes import Runner
from graphmind.core.events import content_hash
from graphmind.deps import Deps
from graphmind.memory.recall import recall


@dataclass
class Seeds:
    retrieval_id: str | None
    activation: dict[str, float] = field(default_factory=dict)


def _normalised(scored: list[tuple[str, float]]) -> dict[str, float]:
    best = max((score for _, score in scored), default=0.0)
    return {memory_id: (score / best if best > 0 else 1.0) for memory_id, score in scored}


async def fresh_seeds(deps: Deps, user_id: str, query: str) -> Seeds:
    """Recalls the query now (recorded as a Retrieval, like any recall)."""
    result = await recall(deps, user_id, query, limit=deps.settings.association_seed_count)
    return Seeds(result.retrieval_id, _normalised([(i.memory.id, i.score) for i in result.items]))


async def recorded_seeds(run: Runner, deps: Deps, user_id: str, query: str) -> list[str] | None:
    """The seeds of the caller's latest recall or activate of this query (what the agent
    saw), or None when it was never retrieved. `run` is `tx.run` or `db.read`."""
    rows = await run(
        "associative.query_seeds",
        userId=user_id,
        queryHash=content_hash(query.strip()),
        seedCount=deps.settings.association_seed_count,
    )
    return [r["id"] for r in rows] if rows else None
