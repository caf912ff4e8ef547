"""GraphQL types of the associative graph (learn, activate, why, drift); trails: trails_types.py.

Field names follow the m1nd tools (seed 004) in camelCase: edgesAdjusted,
plasticityDelta, totalPathsFound, nodeCountDelta, topWeightDrifts, generationsBehind,
connectionsDiscovered, …
"""

from datetime import datetime
from enum import Enum

import strawberry

from graphmind.api.memory_types import Memory, to_memory
from graphmind.associative import activation, learn, nodes
from graphmind.associative import drift as drift_service

Feedback = strawberry.enum(
    learn.Feedback, description="correct (strengthen), wrong (weaken), partial (confirmed nodes only)."
)


@strawberry.enum(description="What a graph node is.")
class NodeKind(Enum):
    MEMORY = "memory"
    ENTITY = "entity"


@strawberry.type(description="A memory or entity of the caller's graph.")
class GraphNode:
    id: strawberry.ID = strawberry.field(description="Its id.")
    kind: NodeKind = strawberry.field(description="MEMORY or ENTITY.")
    label: str = strawberry.field(description="The memory's content (shortened) or the entity's name.")
    active: bool = strawberry.field(description="False for an archived or superseded memory.")


@strawberry.type(description="What learn changed.")
class LearnResult:
    query: str = strawberry.field(description="The query the feedback was about.")
    feedback: learn.Feedback = strawberry.field(description="The feedback given.")
    seeds: list[strawberry.ID] = strawberry.field(description="The query's seed memories.")
    edges_adjusted: int = strawberry.field(description="Association edges whose weight changed.")
    edges_created: int = strawberry.field(description="Of those, edges that did not exist before.")
    nodes_affected: int = strawberry.field(description="Reported nodes with at least one adjusted edge.")
    plasticity_delta: float = strawberry.field(description="Total absolute weight change.")
    graph_generation: int = strawberry.field(description="The caller's graph generation after the change.")
    elapsed_ms: float = strawberry.field(description="Time taken, in milliseconds.")


@strawberry.type(description="The edge that gave a node its activation.")
class ReachedThrough:
    from_id: strawberry.ID = strawberry.field(description="The node the activation came from.")
    relation: str = strawberry.field(description="ASSOCIATED, MENTIONS, NEXT or TIMELINE (±10 minutes).")
    weight: float = strawberry.field(description="The edge's weight.")


@strawberry.type(description="A node reached by spreading activation.")
class ActivatedNode:
    id: strawberry.ID = strawberry.field(description="The node's id.")
    kind: NodeKind = strawberry.field(description="MEMORY or ENTITY.")
    activation: float = strawberry.field(description="Its activation, 0-1.")
    hops: int = strawberry.field(description="Edges from the nearest seed along the best path (0: a seed).")
    reached_through: ReachedThrough | None = strawberry.field(description="The edge of the best path (null for seeds).")
    seed: bool = strawberry.field(description="Whether it was a seed.")
    boosted: bool = strawberry.field(description="Whether a resumed trail's boost seeded it.")
    memory: Memory | None = strawberry.field(description="The memory (null for an entity).")
    entity_name: str | None = strawberry.field(description="The entity's name (null for a memory).")


@strawberry.type(description="The result of activate.")
class ActivationResult:
    query: str | None = strawberry.field(description="The query, when one was given.")
    retrieval_id: strawberry.ID | None = strawberry.field(description="The recall that found the query's seeds.")
    seeds: list[strawberry.ID] = strawberry.field(description="Every seed: the query's, the given ones, trail boosts.")
    boosted_from_trail: strawberry.ID | None = strawberry.field(
        description="The resumed trail whose boosts were injected."
    )
    nodes: list[ActivatedNode] = strawberry.field(description="The most activated nodes, highest first.")
    activated_count: int = strawberry.field(description="How many nodes were activated in all.")
    elapsed_ms: float = strawberry.field(description="Time taken, in milliseconds.")


@strawberry.type(description="A path between two nodes.")
class WhyPath:
    nodes: list[GraphNode] = strawberry.field(description="The nodes, source first.")
    relations: list[str] = strawberry.field(description="The relation of each edge: ASSOCIATED, MENTIONS or NEXT.")
    cumulative_strength: float = strawberry.field(description="Product of the edge weights.")
    hops: int = strawberry.field(description="Number of edges.")


@strawberry.type(description="The result of why.")
class WhyResult:
    source: GraphNode = strawberry.field(description="Where the paths start.")
    target: GraphNode = strawberry.field(description="Where they end.")
    paths: list[WhyPath] = strawberry.field(description="The strongest paths, strongest first.")
    total_paths_found: int = strawberry.field(description="How many paths were found in all.")
    truncated: bool = strawberry.field(description="True when the search bound was reached (more paths may exist).")
    elapsed_ms: float = strawberry.field(description="Time taken, in milliseconds.")


@strawberry.type(description="The state of the caller's graph at one moment.")
class Snapshot:
    id: strawberry.ID = strawberry.field(description="The snapshot's id (usable as drift's since).")
    label: str = strawberry.field(description="Its label.")
    agent_id: str | None = strawberry.field(description="The agent that took it.")
    kind: str = strawberry.field(description="manual, or session (taken when a session ended).")
    taken_at: datetime = strawberry.field(description="When it was taken.")
    graph_generation: int = strawberry.field(description="The graph generation then.")
    node_count: int = strawberry.field(description="Active memories plus entities.")
    memory_count: int = strawberry.field(description="Active memories.")
    entity_count: int = strawberry.field(description="Entities.")
    edge_count: int = strawberry.field(description="Association edges.")


@strawberry.type(description="An association edge whose weight moved.")
class WeightDrift:
    edge: str = strawberry.field(description="'from -> to', by label.")
    from_node: GraphNode = strawberry.field(description="One end.")
    to_node: GraphNode = strawberry.field(description="The other end.")
    old: float = strawberry.field(description="Weight at the snapshot (0: the edge is new).")
    new: float = strawberry.field(description="Weight now.")
    delta: float = strawberry.field(description="new - old.")


@strawberry.type(description="What changed in the caller's graph since a snapshot.")
class Drift:
    since: str = strawberry.field(description="The since argument.")
    baseline: Snapshot = strawberry.field(description="The snapshot compared against.")
    node_count_delta: int = strawberry.field(description="Nodes now minus nodes then.")
    edge_count_delta: int = strawberry.field(description="Association edges now minus then.")
    new_nodes: list[GraphNode] = strawberry.field(description="Memories and entities added since (up to limit).")
    new_node_count: int = strawberry.field(description="How many were added.")
    removed_nodes: list[GraphNode] = strawberry.field(
        description="Memories archived or superseded since (up to limit)."
    )
    removed_node_count: int = strawberry.field(description="How many were removed.")
    top_weight_drifts: list[WeightDrift] = strawberry.field(description="Largest weight changes first (up to limit).")
    drifted_edge_count: int = strawberry.field(description="How many edges changed weight.")
    elapsed_ms: float = strawberry.field(description="Time taken, in milliseconds.")


def to_node(n: nodes.GraphNode) -> GraphNode:
    return GraphNode(id=strawberry.ID(n.id), kind=NodeKind(n.kind), label=n.label, active=n.active)


def to_activated(n: activation.Activated) -> ActivatedNode:
    through = n.reached_through
    return ActivatedNode(
        id=strawberry.ID(n.id),
        kind=NodeKind(n.kind),
        activation=n.activation,
        hops=n.hops,
        reached_through=ReachedThrough(
            from_id=strawberry.ID(through.from_id), relation=through.type, weight=through.weight
        )
        if through
        else None,
        seed=n.seed,
        boosted=n.boosted,
        memory=to_memory(n.memory) if n.memory else None,
        entity_name=n.entity_name,
    )


def to_snapshot(s: drift_service.Snapshot) -> Snapshot:
    return Snapshot(
        id=strawberry.ID(s.id),
        label=s.label,
        agent_id=s.agent_id,
        kind=s.kind,
        taken_at=s.taken_at,
        graph_generation=s.generation,
        node_count=s.node_count,
        memory_count=s.memory_count,
        entity_count=s.entity_count,
        edge_count=s.edge_count,
    )
