"""GraphQL types of investigation trails (saveTrail, resumeTrail, trail(s), mergeTrails) and
their conversion from `graphmind.trails`.

Field names follow the m1nd trail tools (seed 004) in camelCase: generationsBehind,
connectionsDiscovered, …
"""

from datetime import datetime
from enum import Enum

import strawberry

from graphmind import trails
from graphmind.api.pagination import PageInfo

TrailStatus = strawberry.enum(trails.TrailStatus, description="saved, active (resumed), stale, merged or archived.")
HypothesisStatus = strawberry.enum(
    trails.HypothesisStatus,
    description="open, downgraded (evidence gone), disputed (merge left it for review), rejected (lost a merge).",
)


@strawberry.enum(description="How a merge conflict ended.")
class Resolution(Enum):
    RESOLVED = "resolved"
    UNRESOLVED = "unresolved"


@strawberry.enum(description="What a merge discovered.")
class ConnectionType(Enum):
    SHARED_NODE = "shared_node"
    BRIDGE_EDGE = "bridge_edge"


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
    nodes_left_out: list[strawberry.ID] = strawberry.field(
        description="Nodes the trails visited that are missing now (forgotten or deleted): left out of the new "
        "trail, which can only hold present nodes; the merged trails keep them."
    )
    hypotheses_merged: int = strawberry.field(description="Hypotheses of the new trail.")
    conflicts: list[MergeConflict] = strawberry.field(description="Contradictions found and how they ended.")
    connections_discovered: list[TrailConnectionFound] = strawberry.field(description="Shared nodes and bridge edges.")
    trail: Trail = strawberry.field(description="The new trail.")
    elapsed_ms: float = strawberry.field(description="Time taken, in milliseconds.")
