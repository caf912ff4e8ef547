"""`learn`: explicit feedback on what a query returned, as Hebbian edge updates.

The query's seeds are the top memories of the caller's latest recall or activate of
that query. `correct`: the reported nodes were the relevant results, so the edges
seed-node and node-node are strengthened (created when missing); `partial`: only
the reported (confirmed) nodes were relevant, so only seed-node edges are
strengthened; `wrong`: the reported nodes were irrelevant, so existing seed-node
edges are weakened. `strength` is the rate of the saturating update (edges.py).
"""

import time
from dataclasses import dataclass
from enum import Enum

from graphmind.associative import nodes
from graphmind.associative.seeds import fresh_seeds, recorded_seeds
from graphmind.core import edges, events
from graphmind.core.visible import shows_anything
from graphmind.deps import Deps
from graphmind.errors import BadUserInput

MAX_NODES = 100
MAX_QUERY = 2000
MAX_AGENT_ID = 200


class Feedback(str, Enum):
    CORRECT = "correct"
    WRONG = "wrong"
    PARTIAL = "partial"


@dataclass
class LearnResult:
    query: str
    feedback: Feedback
    edges_adjusted: int
    edges_created: int
    nodes_affected: int
    plasticity_delta: float
    seeds: list[str]
    graph_generation: int
    elapsed_ms: float


def validate_agent_id(agent_id: str, field: str = "input.agentId") -> str:
    agent_id = agent_id.strip()
    if not agent_id or len(agent_id) > MAX_AGENT_ID:
        raise BadUserInput(f"agentId must be 1-{MAX_AGENT_ID} characters", field=field)
    return agent_id


def _validate(query: str, agent_id: str, node_ids: list[str], strength: float) -> tuple[str, str, list[str]]:
    query = query.strip()
    if not query or len(query) > MAX_QUERY:
        raise BadUserInput(f"query must be 1-{MAX_QUERY} characters", field="input.query")
    if not shows_anything(query):  # recall, which finds its seeds, would refuse it as `query`
        raise BadUserInput("query has no visible character", field="input.query")
    if not 0.0 < strength <= 1.0:  # 0 would change no edge (QA: it reported edges adjusted)
        raise BadUserInput("strength must be within (0, 1]", field="input.strength")
    unique = list(dict.fromkeys(node_ids))
    if not 1 <= len(unique) <= MAX_NODES:
        raise BadUserInput(f"nodeIds must name 1-{MAX_NODES} nodes", field="input.nodeIds")
    return query, validate_agent_id(agent_id), unique


def changes_for(feedback: Feedback, seeds: list[str], reported: list[str], strength: float) -> list[edges.EdgeChange]:
    """The edge updates a feedback asks for."""
    if feedback is Feedback.WRONG:
        return edges.between(seeds, reported, strength, strengthen=False)
    changes = edges.between(seeds, reported, strength, strengthen=True)
    if feedback is Feedback.CORRECT:
        changes += edges.among(reported, strength)
    return changes


async def learn(
    deps: Deps, user_id: str, query: str, agent_id: str, feedback: Feedback, node_ids: list[str], strength: float = 0.2
) -> LearnResult:
    started = time.perf_counter()
    query, agent_id, reported = _validate(query, agent_id, node_ids, strength)
    now = deps.clock.now()
    recalled: list[str] | None = None
    # the seeds are the query's latest retrieval: the caller's recalls still being recorded
    # behind them in this process (db/write_behind.py) are waited for
    await deps.db.behind.owner_settled(user_id)

    async def work(tx) -> LearnResult | None:
        # one transaction: the query's seeds, the reported nodes, the edges, the event
        seeds = recalled if recalled is not None else await recorded_seeds(tx.run, deps, user_id, query)
        if seeds is None:
            return None  # never retrieved: recall it first (outside this transaction)
        await nodes.require_active(tx.run, user_id, reported)
        adjustment = await edges.adjust(tx, user_id, now, changes_for(feedback, seeds, reported, strength))
        updates = adjustment.updates if adjustment else []
        touched = {u.a for u in updates} | {u.b for u in updates}
        generation = adjustment.generation if adjustment else 0
        if updates:
            await events.append(
                tx,
                user_id,
                now,
                [
                    events.event(
                        "associations.learned",
                        agentId=agent_id,
                        queryHash=events.content_hash(query),
                        feedback=feedback.value,
                        strength=strength,
                        seeds=seeds,
                        nodeIds=reported,
                        edges=[[u.a, u.b, u.old, u.new] for u in updates],
                        generation=generation,
                    )
                ],
            )
        return LearnResult(
            query,
            feedback,
            len(updates),
            sum(u.created for u in updates),
            len(touched & set(reported)),
            sum(abs(u.new - u.old) for u in updates),
            seeds,
            generation,
            0.0,
        )

    result = await deps.db.transaction(work)
    if result is None:
        recalled = list((await fresh_seeds(deps, user_id, query)).activation)
        result = await deps.db.transaction(work)
        assert result is not None  # with the seeds recalled, work returns a result
    result.elapsed_ms = (time.perf_counter() - started) * 1000
    return result
