"""Typed results of the associative operations: learn, activate, why and trails."""

from __future__ import annotations

from datetime import datetime
from graphmind_client._compat import StrEnum

from graphmind_client.models import Memory, Model


class Feedback(StrEnum):
    CORRECT = "CORRECT"
    WRONG = "WRONG"
    PARTIAL = "PARTIAL"


class NodeKind(StrEnum):
    MEMORY = "MEMORY"
    ENTITY = "ENTITY"


class TrailStatus(StrEnum):
    SAVED = "SAVED"
    ACTIVE = "ACTIVE"
    STALE = "STALE"
    MERGED = "MERGED"
    ARCHIVED = "ARCHIVED"


class HypothesisStatus(StrEnum):
    OPEN = "OPEN"
    DOWNGRADED = "DOWNGRADED"
    DISPUTED = "DISPUTED"
    REJECTED = "REJECTED"


class LearnResult(Model):
    """What learn changed."""

    query: str
    feedback: Feedback
    seeds: list[str]
    edges_adjusted: int
    edges_created: int
    nodes_affected: int
    plasticity_delta: float
    graph_generation: int
    elapsed_ms: float


class ReachedThrough(Model):
    from_id: str
    relation: str
    weight: float


class ActivatedNode(Model):
    """A node reached by spreading activation (a memory or an entity)."""

    id: str
    kind: NodeKind
    activation: float
    hops: int
    reached_through: ReachedThrough | None = None
    seed: bool
    boosted: bool
    memory: Memory | None = None
    entity_name: str | None = None


class ActivationResult(Model):
    query: str | None = None
    retrieval_id: str | None = None
    seeds: list[str]
    boosted_from_trail: str | None = None
    nodes: list[ActivatedNode]
    activated_count: int
    elapsed_ms: float


class GraphNode(Model):
    id: str
    kind: NodeKind
    label: str
    active: bool


class WhyPath(Model):
    nodes: list[GraphNode]
    relations: list[str]
    cumulative_strength: float
    hops: int


class WhyResult(Model):
    """The paths joining two nodes, strongest first."""

    source: GraphNode
    target: GraphNode
    paths: list[WhyPath]
    total_paths_found: int
    truncated: bool
    elapsed_ms: float


class Hypothesis(Model):
    id: str
    statement: str
    confidence: float
    original_confidence: float
    status: HypothesisStatus
    supporting_nodes: list[str]
    contradicting_nodes: list[str]


class Conclusion(Model):
    id: str
    statement: str
    confidence: float
    from_hypotheses: list[str]
    supporting_nodes: list[str]


class VisitedNode(Model):
    node_id: str
    annotation: str | None = None
    relevance: float | None = None
    boost: float | None = None


class Trail(Model):
    """An investigation trail."""

    id: str
    agent_id: str
    label: str
    status: TrailStatus
    summary: str
    tags: list[str]
    open_questions: list[str]
    node_count: int
    hypothesis_count: int
    conclusion_count: int
    open_question_count: int
    graph_generation: int
    created_at: datetime
    last_modified: datetime
    merged_from: list[str]
    hypotheses: list[Hypothesis]
    conclusions: list[Conclusion]
    visited_nodes: list[VisitedNode]


class SaveTrailResult(Model):
    trail_id: str
    label: str
    agent_id: str
    nodes_saved: int
    hypotheses_saved: int
    conclusions_saved: int
    open_questions_saved: int
    graph_generation_at_creation: int
    created_at: datetime
    trail: Trail


class HypothesisDowngrade(Model):
    hypothesis_id: str
    statement: str
    previous_confidence: float
    new_confidence: float
    missing_nodes: list[str]


class ResumeTrailResult(Model):
    """What resumeTrail found and restored; the next activate gets the trail's boosts."""

    trail_id: str
    label: str
    stale: bool
    generations_behind: int
    missing_nodes: list[str]
    nodes_reactivated: int
    hypotheses_downgraded: list[HypothesisDowngrade]
    trail: Trail
    elapsed_ms: float


class PageInfo(Model):
    has_next_page: bool
    end_cursor: str | None = None


class TrailEdge(Model):
    cursor: str
    node: Trail


class TrailConnection(Model):
    """A page of trails, newest first; continue with `after=page.page_info.end_cursor`."""

    edges: list[TrailEdge]
    page_info: PageInfo
    total_count: int

    @property
    def nodes(self) -> list[Trail]:
        return [edge.node for edge in self.edges]
