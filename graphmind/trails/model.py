"""What a trail is: its limits, statuses, drafts (what a caller sends) and results."""

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

from graphmind.db.database import native

MAX_LABEL, MAX_STATEMENT, MAX_SUMMARY, MAX_ANNOTATION = 200, 1000, 2000, 1000
MAX_ITEMS, MAX_NODES, MAX_TAGS, MAX_TAG, MAX_MERGE = 100, 500, 20, 64, 10
MAX_PAGE = 100
CONFIDENCE_WEIGHT, RECENCY_WEIGHT, RECENCY_HALF_LIFE_DAYS = 0.7, 0.3, 7.0
BRIDGES_SHOWN = 20


class TrailStatus(str, Enum):
    SAVED = "saved"
    ACTIVE = "active"
    STALE = "stale"
    MERGED = "merged"
    ARCHIVED = "archived"


class HypothesisStatus(str, Enum):
    OPEN = "open"
    DOWNGRADED = "downgraded"
    DISPUTED = "disputed"
    REJECTED = "rejected"


@dataclass
class HypothesisDraft:
    statement: str
    confidence: float = 0.5
    supporting: list[str] = field(default_factory=list)
    contradicting: list[str] = field(default_factory=list)


@dataclass
class ConclusionDraft:
    statement: str
    confidence: float = 0.5
    from_hypotheses: list[str] = field(default_factory=list)
    supporting: list[str] = field(default_factory=list)


@dataclass
class VisitDraft:
    node_id: str
    annotation: str | None = None
    relevance: float = 0.5


@dataclass
class TrailDraft:
    agent_id: str
    label: str
    hypotheses: list[HypothesisDraft] = field(default_factory=list)
    conclusions: list[ConclusionDraft] = field(default_factory=list)
    open_questions: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    summary: str | None = None
    visited: list[VisitDraft] | None = None  # plus every other node the trail refers to
    boosts: dict[str, float] = field(default_factory=dict)


@dataclass
class Hypothesis:
    id: str
    statement: str
    confidence: float
    original_confidence: float
    status: HypothesisStatus
    supporting: list[str]
    contradicting: list[str]
    created_at: datetime


@dataclass
class Conclusion:
    id: str
    statement: str
    confidence: float
    from_hypotheses: list[str]
    supporting: list[str]


@dataclass
class Visit:
    node_id: str
    annotation: str | None
    relevance: float | None
    boost: float | None


@dataclass
class Trail:
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
    generation: int
    created_at: datetime
    updated_at: datetime
    merged_from: list[str]
    hypotheses: list[Hypothesis] | None = None
    conclusions: list[Conclusion] | None = None
    visited: list[Visit] | None = None

    @classmethod
    def from_row(cls, t: dict) -> "Trail":
        return cls(
            t["id"],
            t["agentId"],
            t["label"],
            TrailStatus(t["status"]),
            t["summary"],
            list(t["tags"]),
            list(t["openQuestions"]),
            t["nodeCount"],
            t["hypothesisCount"],
            t["conclusionCount"],
            t["generation"],
            native(t["createdAt"]),
            native(t["updatedAt"]),
            list(t.get("mergedFrom") or []),
        )


@dataclass
class SaveResult:
    trail: Trail
    nodes_saved: int
    hypotheses_saved: int
    conclusions_saved: int
    open_questions_saved: int


@dataclass
class Downgrade:
    hypothesis_id: str
    statement: str
    previous_confidence: float
    new_confidence: float
    missing_nodes: list[str]


@dataclass
class ResumeResult:
    trail: Trail
    stale: bool
    generations_behind: int
    missing_nodes: list[str]
    nodes_reactivated: int
    hypotheses_downgraded: list[Downgrade]
    elapsed_ms: float = 0.0


@dataclass
class MergeConflict:
    hypothesis_a: str
    hypothesis_b: str
    resolved: bool
    winner: str | None
    score_delta: float


@dataclass
class Connection:
    type: str  # "shared_node" or "bridge_edge"
    detail: str
    from_node: str
    to_node: str | None
    weight: float | None
    trails: list[str]


@dataclass
class MergeResult:
    merged: Trail
    source_trails: list[str]
    nodes_merged: int
    hypotheses_merged: int
    conflicts: list[MergeConflict]
    connections: list[Connection]
    elapsed_ms: float = 0.0
    left_out: list[str] = field(default_factory=list)  # visited, now missing (forgotten or deleted)


@dataclass
class TrailPage:
    trails: list[Trail]
    cursors: list[str]
    has_next_page: bool
    total_count: int
