"""Causal insights (seed 000): which memories keep leading to good outcomes, and what
happened when similar decisions were made with a different set of memories — or could
have been made: a decision's own alternatives (the options it did not choose) come first."""

from dataclasses import dataclass
from datetime import datetime

from graphmind.db.database import native
from graphmind.deps import Deps
from graphmind.errors import BadUserInput
from graphmind.learning.decisions import DecisionType
from graphmind.learning.traces import get_decision
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
    decision_type: DecisionType
    created_at: datetime
    quality: float | None  # None: an alternative (not chosen, no outcome)
    difference: float | None
    overlap: float
    only_here: list[str]
    only_there: list[str]
    alternative: bool = False


def _limit(limit: int, field: str = "limit") -> int:
    if not 1 <= limit <= 100:
        raise BadUserInput("limit must be 1-100", field=field)
    return limit


async def top_performers(
    deps: Deps, user_id: str, limit: int = 10, min_decisions: int = 3, min_quality: float = 0.5
) -> list[TopPerformer]:
    rows = await deps.db.read(
        "insights.top_performers",
        userId=user_id,
        minDecisions=min_decisions,
        minQuality=min_quality,
        limit=_limit(limit),
    )
    return [
        TopPerformer(Memory.from_node(r["memory"], r["entities"]), r["successes"], r["averageQuality"]) for r in rows
    ]


async def counterfactuals(
    deps: Deps, user_id: str, trace_id: str, limit: int = 10, min_difference: float = 0.5
) -> list[Counterfactual]:
    """The decision's own alternatives (all of them: weighed on the same memories, no outcome),
    then up to `limit` past decisions on overlapping memories that ended differently."""
    limit = _limit(limit)
    trace = await get_decision(deps, user_id, trace_id)  # NOT_FOUND for anyone else's
    result = [
        Counterfactual(
            alternative_id,
            summary,
            trace.decision_type,
            trace.created_at,
            None,
            None,
            1.0,
            [],
            [],
            alternative=True,
        )
        for alternative_id, summary in trace.alternatives
    ]
    rows = await deps.db.read(
        "insights.counterfactuals",
        userId=user_id,
        traceId=trace_id,
        minDifference=min_difference,
        limit=limit,
    )
    for r in rows:
        d = r["decision"]
        result.append(
            Counterfactual(
                d["id"],
                d["summary"],
                DecisionType(d["decisionType"]),
                native(d["createdAt"]),
                r["quality"],
                r["difference"],
                r["overlap"],
                r["onlyHere"],
                r["onlyThere"],
            )
        )
    return result
