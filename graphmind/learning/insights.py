"""Causal insights (seed 000): which memories keep leading to good outcomes, and what
happened when similar decisions were made with a different set of memories."""

from dataclasses import dataclass
from datetime import datetime

from graphmind.db.database import native
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, NotFound
from graphmind.memory.model import Memory


@dataclass
class TopPerformer:
    memory: Memory
    successes: int
    average_quality: float


@dataclass
class Counterfactual:
    trace_id: str
    summary: str
    decision_type: str
    created_at: datetime
    quality: float
    difference: float
    overlap: float
    only_here: list[str]
    only_there: list[str]


def _limit(limit: int, field: str = "limit") -> int:
    if not 1 <= limit <= 100:
        raise BadUserInput("limit must be 1-100", field=field)
    return limit


async def top_performers(deps: Deps, user_id: str, limit: int = 10, min_decisions: int = 3,
                         min_quality: float = 0.5) -> list[TopPerformer]:
    rows = await deps.db.read(
        "insights.top_performers", userId=user_id, minDecisions=min_decisions,
        minQuality=min_quality, limit=_limit(limit),
    )
    return [TopPerformer(Memory.from_node(r["memory"], r["entities"]), r["successes"],
                         r["averageQuality"]) for r in rows]


async def counterfactuals(deps: Deps, user_id: str, trace_id: str, limit: int = 10,
                          min_difference: float = 0.5) -> list[Counterfactual]:
    rows = await deps.db.read(
        "insights.counterfactuals", userId=user_id, traceId=trace_id,
        minDifference=min_difference, limit=_limit(limit),
    )
    if not rows and not await deps.db.read("decisions.exists", userId=user_id, id=trace_id):
        raise NotFound(f"no decision {trace_id}")
    result = []
    for r in rows:
        d = r["decision"]
        created = d["createdAt"]
        result.append(Counterfactual(
            d["id"], d["summary"], d["decisionType"],
            native(created),
            r["quality"], r["difference"], r["overlap"], r["onlyHere"], r["onlyThere"],
        ))
    return result
