"""Typed results of the memory and learning operations, mirroring schema.graphql.

Fields are snake_case in Python and camelCase on the wire (`effective_salience` ↔
`effectiveSalience`); either name is accepted when a model is built. Fields the server
adds later are ignored, so an older client keeps working.
"""

from __future__ import annotations

from datetime import datetime
from graphmind_client._compat import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, validate_by_name=True, validate_by_alias=True,
                              serialize_by_alias=True, frozen=True, extra="ignore")


class ContentType(StrEnum):
    FACT = "FACT"
    PREFERENCE = "PREFERENCE"
    EVENT = "EVENT"
    GOAL = "GOAL"
    OBSERVATION = "OBSERVATION"


class Source(StrEnum):
    AXIOM = "AXIOM"
    USER = "USER"
    MODEL = "MODEL"
    WEB = "WEB"
    SELF_IMPROVEMENT = "SELF_IMPROVEMENT"


class MemoryStatus(StrEnum):
    ACTIVE = "ACTIVE"
    SUPERSEDED = "SUPERSEDED"
    ARCHIVED = "ARCHIVED"


class ConflictKind(StrEnum):
    NEGATION = "NEGATION"
    CHANGED_VALUE = "CHANGED_VALUE"


class RecallChannel(StrEnum):
    VECTOR = "VECTOR"
    KEYWORD = "KEYWORD"
    GRAPH = "GRAPH"


class DecisionType(StrEnum):
    RECOMMENDATION = "RECOMMENDATION"
    ACTION = "ACTION"
    PREFERENCE = "PREFERENCE"


class OutcomeSignal(StrEnum):
    USER_ACCEPTED = "USER_ACCEPTED"
    USER_REJECTED = "USER_REJECTED"
    USER_MODIFIED = "USER_MODIFIED"
    TASK_COMPLETED = "TASK_COMPLETED"
    TASK_FAILED = "TASK_FAILED"
    TASK_PARTIAL = "TASK_PARTIAL"
    AGENT_FEEDBACK = "AGENT_FEEDBACK"


class Memory(Model):
    """A stored memory."""

    id: str
    content: str
    content_type: ContentType
    temporal_level: int
    valid_from: datetime
    valid_until: datetime | None = None
    base_salience: float
    outcome_adjustment: float
    effective_salience: float
    created_at: datetime
    updated_at: datetime
    retired_at: datetime | None = None
    source: Source
    trust: float
    tags: list[str]
    metadata: dict[str, Any]
    status: MemoryStatus
    last_accessed_at: datetime | None = None
    access_count: int
    entities: list[str]
    stability: float
    utility: float
    in_scene: bool
    retrievability: float


class RedactionCount(Model):
    kind: str
    count: int


class MemoryConflict(Model):
    """A contradiction with an existing memory and how it was settled."""

    memory_id: str
    kind: ConflictKind
    similarity: float
    old_value: str
    new_value: str
    winner_id: str
    superseded_id: str
    decided_by: str


class RememberResult(Memory):
    """The stored memory (or the existing one it duplicated) and what remember did."""

    duplicate_of: str | None = None
    similarity: float | None = None
    redactions: int
    redaction_counts: list[RedactionCount]
    conflicts: list[MemoryConflict]


class ScoreBreakdown(Model):
    """Why recall returned a memory: ranks and scores per channel, fusion and salience."""

    vector_rank: int | None = None
    vector_score: float | None = None
    vector_normalised: float | None = None
    keyword_rank: int | None = None
    keyword_score: float | None = None
    keyword_normalised: float | None = None
    graph_rank: int | None = None
    graph_score: float | None = None
    graph_normalised: float | None = None
    fused_score: float
    rrf_score: float
    period_boost: float = 1.0
    salience: float
    relevance: float
    retrievability: float
    utility: float
    final_score: float
    neighbour_of: str | None = None
    exploration: float = 0.0
    spread: float = 1.0  # a counting or totalling question: the relevance multiplier of its episode


class RecallItem(Model):
    memory: Memory
    score: float
    breakdown: ScoreBreakdown
    tokens: int


class RecallResult(Model):
    """What recall found; pass `retrieval_id` to decide."""

    retrieval_id: str
    items: list[RecallItem]
    tokens_used: int
    token_budget: int | None = None

    @property
    def memories(self) -> list[Memory]:
        return [item.memory for item in self.items]


class MemoryScore(Model):
    memory_id: str
    score: float


class Alternative(Model):
    id: str
    summary: str


class DecisionResult(Model):
    """A recorded decision; report its outcome with `trace_id`."""

    trace_id: str
    decision_type: DecisionType
    summary: str
    confidence: float
    confidence_estimated: bool
    attribution_inferred: bool = False
    memory_scores: list[MemoryScore]
    alternatives: list[Alternative]
    retrieval_id: str | None = None
    session_id: str | None = None
    created_at: datetime
    redactions: int
    skipped_memory_ids: list[str] = []


class SalienceUpdate(Model):
    """One memory's salience change from an outcome."""

    memory_id: str
    reason: str
    attribution: float
    delta: float
    previous_adjustment: float
    new_adjustment: float
    previous_effective_salience: float
    new_effective_salience: float
    utility: float


class OutcomeResult(Model):
    """An observed outcome and what was learned from it."""

    outcome_id: str
    trace_id: str
    quality: float
    signal: OutcomeSignal
    feedback: str | None = None
    observed_at: datetime
    revision_of: str | None = None
    updates: list[SalienceUpdate]
