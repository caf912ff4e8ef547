"""GraphQL types of the associative graph (learn, activate, why, drift, trails).

Field names follow the m1nd tools (seed 004) in camelCase: edgesAdjusted,
plasticityDelta, totalPathsFound, nodeCountDelta, topWeightDrifts, generationsBehind,
connectionsDiscovered, …
"""

from datetime import datetime
from enum import Enum

import strawberry

from graphmind import trails
from graphmind.api.memory_types import Memory
from graphmind.api.pagination import PageInfo
from graphmind.associative import learn

Feedback = strawberry.enum(
    learn.Feedback, description="correct (strengthen), wrong (weaken), partial (confirmed nodes only)."
)
TrailStatus = strawberry.enum(trails.TrailStatus, description="saved, active (resumed), stale, merged or archived.")
HypothesisStatus = strawberry.enum(
    trails.HypothesisStatus,
    description="open, downgraded (evidence gone), disputed (merge left it for review), rejected (lost a merge).",
)


@strawberry.enum(description="What a graph node is.")
class NodeKind(Enum):
    MEMORY = "memory"
    ENTITY = "entity"


@strawberry.enum(description="How a merge conflict ended.")
class Resolution(Enum):
    RESOLVED = "resolved"
    UNRESOLVED = "unresolved"


@strawberry.enum(description="What a merge discovered.")
class ConnectionType(Enum):
    SHARED_NODE = "shared_node"
    BRIDGE_EDGE = "bridge_edge"


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


@strawberry.type(description="A hypothesis of a trail.")
class Hypothesis:
    id: strawberry.ID = strawberry.field(description="Its id.")
    statement: str = strawberry.field(description="What is supposed.")
    confidence: float = strawberry.field(description="Current confidence, 0-1.")
    original_confidence: float = strawberry.field(description="Confidence when saved.")
    status: trails.HypothesisStatus = strawberry.field(description="open, downgraded, disputed or rejected.")
    supporting_nodes: list[strawberry.ID] = strawberry.field(description="Nodes supporting it.")
    contradicting_nodes: list[strawberry.ID] = strawberry.field(description="Nodes contradicting it.")


@strawberry.type(description="A conclusion of a trail.")
class Conclusion:
    id: strawberry.ID = strawberry.field(description="Its id.")
    statement: str = strawberry.field(description="What was concluded.")
    confidence: float = strawberry.field(description="Confidence, 0-1.")
    from_hypotheses: list[str] = strawberry.field(description="Statements of the hypotheses it came from.")
    supporting_nodes: list[strawberry.ID] = strawberry.field(description="Nodes supporting it.")


@strawberry.type(description="A node a trail visited.")
class VisitedNode:
    node_id: strawberry.ID = strawberry.field(description="The node.")
    annotation: str | None = strawberry.field(description="The agent's note.")
    relevance: float | None = strawberry.field(description="Relevance, 0-1.")
    boost: float | None = strawberry.field(description="Activation boost re-injected on resume.")


@strawberry.type(description="An investigation trail.")
class Trail:
    id: strawberry.ID = strawberry.field(description="The trail's id.")
    agent_id: str = strawberry.field(description="The agent that saved it.")
    label: str = strawberry.field(description="Its label.")
    status: trails.TrailStatus = strawberry.field(description="saved, active, stale, merged or archived.")
    summary: str = strawberry.field(description="Its summary (generated when none was given).")
    tags: list[str] = strawberry.field(description="Lower-case tags.")
    open_questions: list[str] = strawberry.field(description="Questions left open.")
    node_count: int = strawberry.field(description="Nodes visited.")
    hypothesis_count: int = strawberry.field(description="Hypotheses.")
    conclusion_count: int = strawberry.field(description="Conclusions.")
    open_question_count: int = strawberry.field(description="Open questions.")
    graph_generation: int = strawberry.field(description="The graph generation when it was saved.")
    created_at: datetime = strawberry.field(description="When it was saved.")
    last_modified: datetime = strawberry.field(description="When it last changed.")
    merged_from: list[strawberry.ID] = strawberry.field(description="The trails it was merged from.")
    loaded: strawberry.Private[trails.Trail]

    async def _full(self, info) -> trails.Trail:
        if self.loaded.hypotheses is None:  # a page's trails come without them: one query for all
            self.loaded = await info.context.loaders.trail.load(self.loaded.id)
        return self.loaded

    @strawberry.field(description="Its hypotheses.")
    async def hypotheses(self, info: strawberry.Info) -> list[Hypothesis]:
        full = await self._full(info)
        assert full.hypotheses is not None  # a trail in full carries its hypotheses
        return [
            Hypothesis(
                id=strawberry.ID(h.id),
                statement=h.statement,
                confidence=h.confidence,
                original_confidence=h.original_confidence,
                status=h.status,
                supporting_nodes=[strawberry.ID(n) for n in h.supporting],
                contradicting_nodes=[strawberry.ID(n) for n in h.contradicting],
            )
            for h in full.hypotheses
        ]

    @strawberry.field(description="Its conclusions.")
    async def conclusions(self, info: strawberry.Info) -> list[Conclusion]:
        full = await self._full(info)
        assert full.conclusions is not None  # a trail in full carries its conclusions
        return [
            Conclusion(
                id=strawberry.ID(c.id),
                statement=c.statement,
                confidence=c.confidence,
                from_hypotheses=c.from_hypotheses,
                supporting_nodes=[strawberry.ID(n) for n in c.supporting],
            )
            for c in full.conclusions
        ]

    @strawberry.field(description="The nodes it visited.")
    async def visited_nodes(self, info: strawberry.Info) -> list[VisitedNode]:
        full = await self._full(info)
        assert full.visited is not None  # a trail in full carries its visited nodes
        return [
            VisitedNode(node_id=strawberry.ID(v.node_id), annotation=v.annotation, relevance=v.relevance, boost=v.boost)
            for v in full.visited
        ]


def to_trail(t: trails.Trail) -> Trail:
    return Trail(
        id=strawberry.ID(t.id),
        agent_id=t.agent_id,
        label=t.label,
        status=t.status,
        summary=t.summary,
        tags=t.tags,
        open_questions=t.open_questions,
        node_count=t.node_count,
        hypothesis_count=t.hypothesis_count,
        conclusion_count=t.conclusion_count,
        open_question_count=len(t.open_questions),
        graph_generation=t.generation,
        created_at=t.created_at,
        last_modified=t.updated_at,
        merged_from=[strawberry.ID(i) for i in t.merged_from],
        loaded=t,
    )


@strawberry.type(description="A trail in a page.")
class TrailEdge:
    cursor: str = strawberry.field(description="Opaque cursor of this trail.")
    node: Trail = strawberry.field(description="The trail.")


@strawberry.type(description="A page of trails, newest first.")
class TrailConnection:
    edges: list[TrailEdge] = strawberry.field(description="The trails of this page.")
    page_info: PageInfo = strawberry.field(description="Whether more follow.")
    total_count: int = strawberry.field(description="Trails matching the filters.")


@strawberry.type(description="What saveTrail stored.")
class SaveTrailResult:
    trail_id: strawberry.ID = strawberry.field(description="The new trail's id.")
    label: str = strawberry.field(description="Its label.")
    agent_id: str = strawberry.field(description="The agent that saved it.")
    nodes_saved: int = strawberry.field(description="Visited nodes stored.")
    hypotheses_saved: int = strawberry.field(description="Hypotheses stored.")
    conclusions_saved: int = strawberry.field(description="Conclusions stored.")
    open_questions_saved: int = strawberry.field(description="Open questions stored.")
    graph_generation_at_creation: int = strawberry.field(description="The caller's graph generation now.")
    created_at: datetime = strawberry.field(description="When it was saved.")
    trail: Trail = strawberry.field(description="The trail.")


@strawberry.type(description="A hypothesis whose supporting nodes are gone.")
class HypothesisDowngrade:
    hypothesis_id: strawberry.ID = strawberry.field(description="The hypothesis.")
    statement: str = strawberry.field(description="Its statement.")
    previous_confidence: float = strawberry.field(description="Confidence before this resume.")
    new_confidence: float = strawberry.field(description="Saved confidence × share of supporting nodes left.")
    missing_nodes: list[strawberry.ID] = strawberry.field(description="Its supporting nodes that are gone.")


@strawberry.type(description="What resumeTrail found and restored.")
class ResumeTrailResult:
    trail_id: strawberry.ID = strawberry.field(description="The trail.")
    label: str = strawberry.field(description="Its label.")
    stale: bool = strawberry.field(description="More than half of its nodes are gone (resumed only with force).")
    generations_behind: int = strawberry.field(description="Graph changes since it was saved.")
    missing_nodes: list[strawberry.ID] = strawberry.field(description="Its nodes that are gone or archived.")
    nodes_reactivated: int = strawberry.field(description="Present nodes whose boosts seed the next activate.")
    hypotheses_downgraded: list[HypothesisDowngrade] = strawberry.field(
        description="Hypotheses whose evidence is gone."
    )
    trail: Trail = strawberry.field(description="The trail after resuming.")
    elapsed_ms: float = strawberry.field(description="Time taken, in milliseconds.")


@strawberry.type(description="Two contradicting hypotheses met in a merge.")
class MergeConflict:
    hypothesis_a: str = strawberry.field(description="One statement.")
    hypothesis_b: str = strawberry.field(description="The other.")
    resolution: Resolution = strawberry.field(description="RESOLVED, or UNRESOLVED (left for human review).")
    winner: str | None = strawberry.field(description="The statement that won (null when unresolved).")
    score_delta: float = strawberry.field(description="Gap between their confidence+recency scores.")


@strawberry.type(description="A connection a merge discovered between the trails.")
class TrailConnectionFound:
    type: ConnectionType = strawberry.field(description="SHARED_NODE or BRIDGE_EDGE.")
    detail: str = strawberry.field(description="What it is, in words.")
    from_node: strawberry.ID = strawberry.field(description="The shared node, or the bridge's first end.")
    to_node: strawberry.ID | None = strawberry.field(description="The bridge's other end.")
    weight: float | None = strawberry.field(description="The bridge edge's weight.")
    trails: list[strawberry.ID] = strawberry.field(description="The trails it connects.")


@strawberry.type(description="What mergeTrails made.")
class MergeTrailsResult:
    merged_trail_id: strawberry.ID = strawberry.field(description="The new trail.")
    label: str = strawberry.field(description="Its label.")
    source_trails: list[strawberry.ID] = strawberry.field(description="The trails merged (now status merged).")
    nodes_merged: int = strawberry.field(description="Visited nodes of the new trail.")
    hypotheses_merged: int = strawberry.field(description="Hypotheses of the new trail.")
    conflicts: list[MergeConflict] = strawberry.field(description="Contradictions found and how they ended.")
    connections_discovered: list[TrailConnectionFound] = strawberry.field(description="Shared nodes and bridge edges.")
    trail: Trail = strawberry.field(description="The new trail.")
    elapsed_ms: float = strawberry.field(description="Time taken, in milliseconds.")
