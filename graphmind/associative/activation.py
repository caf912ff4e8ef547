"""`activate`: spreading activation from a query's seeds (or given nodes).

Seeds start with their activation (a query's: recall score / best score; named
seeds and trail boosts: 1.0 / the boost; a boost of a memory no longer active is
skipped, as no spread enters one). Each hop (`cypher/associative/spread.cypher`)
passes activation × edge weight × decayPerHop along association, entity and
timeline (NEXT) edges; a node keeps the best it receives, and only nodes whose
activation improved spread further (so after maxHops rounds every node holds the
best product over paths of at most maxHops edges). Nodes under the threshold are
dropped, and a hop passes on only its topK strongest improvements: activation only
falls along a path, so whatever a dropped node could reach is beaten by topK nodes
already kept — the top K stay exact while the work stays bounded. Then seed 003
policy 7: the 4 memories nearest in time within ±10 minutes of an activated memory
receive 0.5 × its activation (`time_neighbours.cypher`), without spreading further, as
recall's temporal neighbours do; only parents whose
share could enter the top K are looked at, so `activated_count` leaves out neighbours
that could not.
"""

import time
from dataclasses import dataclass, field
from typing import Any

from graphmind.associative import nodes
from graphmind.associative.seeds import fresh_seeds
from graphmind.deps import Deps
from graphmind.errors import BadUserInput
from graphmind.memory.model import Memory

MAX_SEEDS = 50
MAX_TOP_K = 100


@dataclass
class Reached:
    """How a node got its activation: from which node, along which edge type and weight."""

    from_id: str
    type: str
    weight: float


@dataclass
class Activated:
    id: str
    activation: float
    hops: int
    reached_through: Reached | None = None
    seed: bool = False
    boosted: bool = False
    kind: str = "memory"
    memory: Memory | None = None
    entity_name: str | None = None


@dataclass
class ActivationResult:
    query: str | None
    retrieval_id: str | None
    seeds: list[str]
    boosted_from_trail: str | None
    nodes: list[Activated] = field(default_factory=list)
    activated_count: int = 0
    elapsed_ms: float = 0.0


@dataclass
class Spreading:
    """The parameters of one activation, validated."""

    max_hops: int = 3
    decay: float = 0.5
    threshold: float = 0.01
    top_k: int = 20


def _validate(deps: Deps, query: str | None, seeds: list[str] | None, spreading: Spreading) -> None:
    s = deps.settings
    if not (query and query.strip()) and not seeds:
        raise BadUserInput("give a query or seeds", field="query")
    if seeds and len(seeds) > MAX_SEEDS:
        raise BadUserInput(f"at most {MAX_SEEDS} seeds", field="seeds")
    if not 0 <= spreading.max_hops <= s.max_graph_hops:
        raise BadUserInput(f"maxHops must be 0-{s.max_graph_hops}", field="maxHops")
    if not 0.0 < spreading.decay <= 1.0:
        raise BadUserInput("decayPerHop must be within (0, 1]", field="decayPerHop")
    if not 0.0 <= spreading.threshold <= 1.0:
        raise BadUserInput("threshold must be within [0, 1]", field="threshold")
    if not 1 <= spreading.top_k <= MAX_TOP_K:
        raise BadUserInput(f"topK must be 1-{MAX_TOP_K}", field="topK")


def max_entity_degree(deps: Deps, memory_count: int) -> float:
    """Entities mentioned by more memories than this are stop-entities (as in recall)."""
    return max(3.0, deps.settings.max_entity_share * memory_count)


async def activate(
    deps: Deps,
    user_id: str,
    query: str | None = None,
    seeds: list[str] | None = None,
    spreading: Spreading | None = None,
) -> ActivationResult:
    started = time.perf_counter()
    spreading = spreading or Spreading(
        threshold=deps.settings.activation_threshold, top_k=deps.settings.activation_top_k
    )
    _validate(deps, query, seeds, spreading)
    s = deps.settings

    if seeds:  # before the recall below records anything
        await nodes.require_active(deps.db.read, user_id, seeds, "seed")
    found: dict[str, float] = dict.fromkeys(seeds or [], 1.0)
    retrieval_id = None
    if query and query.strip():
        fresh = await fresh_seeds(deps, user_id, query)
        retrieval_id = fresh.retrieval_id
        for memory_id, activation in fresh.activation.items():
            found[memory_id] = max(found.get(memory_id, 0.0), activation)

    async def spread(tx) -> tuple[list[Activated], int, list[str], str | None]:
        # one write transaction: the boosts a resumed trail left are taken only with the spread they seed;
        # those of a memory forgotten or superseded since the resume come back skipped (take_boosts.cypher)
        [state] = await tx.run("associative.start_state", userId=user_id)
        start = dict(found)
        boosted: set[str] = set()
        for node_id, weight in zip(state["ids"] or [], state["weights"] or [], strict=False):
            boosted.add(node_id)
            start[node_id] = max(start.get(node_id, 0.0), weight)
        max_degree = max_entity_degree(deps, state["memoryCount"])
        known = {
            node_id: Activated(node_id, act, 0, seed=True, boosted=node_id in boosted) for node_id, act in start.items()
        }
        frontier: list[dict[str, Any]] = [{"id": n.id, "activation": n.activation} for n in known.values()]
        for hop in range(1, spreading.max_hops + 1):
            # a node passes on at most activation × 1 × decay: weaker ones cannot reach the threshold
            frontier = [f for f in frontier if f["activation"] * spreading.decay >= spreading.threshold]
            if not frontier:
                break
            rows = await tx.run(
                "associative.spread",
                userId=user_id,
                frontier=frontier,
                known={k: v.activation for k, v in known.items()},
                decay=spreading.decay,
                threshold=spreading.threshold,
                maxDegree=max_degree,
                timelineWeight=s.neighbour_share,
                cap=spreading.top_k,
            )
            for r in rows:
                known[r["id"]] = Activated(r["id"], r["activation"], hop, Reached(r["fromId"], r["type"], r["weight"]))
            frontier = [{"id": r["id"], "activation": r["activation"]} for r in rows]
        # Temporal neighbours, one hop more than their parent (so none of a node at maxHops):
        # only parents whose share can still enter the top K matter.
        ranked = sorted((n.activation for n in known.values()), reverse=True)
        floor = max(spreading.threshold, ranked[spreading.top_k - 1] if len(ranked) >= spreading.top_k else 0.0)
        parents = [
            {"id": n.id, "activation": n.activation}
            for n in known.values()
            if n.activation * s.neighbour_share >= floor and n.hops < spreading.max_hops
        ]
        if parents and s.neighbour_window_minutes > 0:
            rows = await tx.run(
                "associative.time_neighbours",
                userId=user_id,
                parents=parents,
                known={k: v.activation for k, v in known.items()},
                windowSeconds=s.neighbour_window_minutes * 60,
                perParent=s.neighbours_per_parent,
                share=s.neighbour_share,
                threshold=floor,
            )
            for r in rows:
                known[r["id"]] = Activated(
                    r["id"],
                    r["activation"],
                    known[r["fromId"]].hops + 1,
                    Reached(r["fromId"], "TIMELINE", s.neighbour_share),
                )
        top = sorted(known.values(), key=lambda n: (-n.activation, n.hops, n.id))[: spreading.top_k]
        await describe(tx, user_id, top)
        return top, len(known), sorted(start), state["trailId"]

    ranked, count, seed_ids, boost_trail = await deps.db.transaction(spread)
    return ActivationResult(
        query.strip() if query else None,
        retrieval_id,
        seed_ids,
        boost_trail,
        ranked,
        count,
        (time.perf_counter() - started) * 1000,
    )


async def describe(tx, user_id: str, ranked: list[Activated]) -> None:
    """Fills in each node's memory (or entity name)."""
    rows = await tx.run("associative.describe_nodes", userId=user_id, ids=[n.id for n in ranked])
    by_id = {r["id"]: r for r in rows}
    for n in ranked:
        row = by_id.get(n.id)
        if row is None:
            continue
        if row["memory"] is not None:
            n.kind, n.memory = "memory", Memory.from_node(row["memory"], row["entities"])
        else:
            n.kind, n.entity_name = "entity", row["entity"]["name"]
