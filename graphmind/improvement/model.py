"""What the self-improvement worker handles: source memories, candidates, proposals, verdicts."""

import json
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

import numpy as np

from graphmind.db.database import native


class ImprovementType(str, Enum):
    """Seed 001's improvement types, plus METADATA for a metadata-only repair."""

    NORMALIZE = "normalize"
    METADATA = "metadata"
    SUMMARIZE = "summarize"
    DEDUPLICATE = "deduplicate"
    RECONCILE = "reconcile"


class CandidateKind(str, Enum):
    """Why a memory was selected (seed 001 §7), in the order candidates are served."""

    CONFLICT = "conflict"  # contradicting memories in one topical cluster, both active
    NEAR_DUPLICATE = "near_duplicate"
    POOR_OUTCOMES = "poor_outcomes"  # used often, judged badly
    WEAK_STRUCTURE = "weak_structure"


@dataclass
class SourceMemory:
    id: str
    user_id: str
    content: str
    content_type: str
    temporal_level: int
    tags: list[str]
    metadata: dict
    trust: float
    source: str
    effective_salience: float
    access_count: int
    utility: float
    outcome_adjustment: float
    valid_from: datetime
    valid_until: datetime | None
    created_at: datetime
    entities: list[str]
    embedding: np.ndarray

    @classmethod
    def from_row(cls, row: dict) -> "SourceMemory":
        return cls(
            id=row["id"],
            user_id=row["userId"],
            content=row["content"],
            content_type=row["contentType"],
            temporal_level=row["temporalLevel"],
            tags=list(row.get("tags") or []),
            metadata=json.loads(row.get("metadata") or "{}"),
            trust=row["trust"],
            source=row["source"],
            effective_salience=row["effectiveSalience"],
            access_count=row.get("accessCount") or 0,
            utility=row["utilityEstimate"] if row.get("utilityEstimate") is not None else 0.5,
            outcome_adjustment=row.get("outcomeAdjustment") or 0.0,
            valid_from=native(row["validFrom"]),
            valid_until=native(row.get("validUntil")),
            created_at=native(row["createdAt"]),
            entities=list(row.get("entities") or []),
            embedding=np.asarray(row["embedding"], dtype=np.float32),
        )


@dataclass
class Candidate:
    kind: CandidateKind
    sources: list[SourceMemory]
    topic: str  # the topical cluster it came from (the per-topic cap counts these)
    strength: float  # how strongly it qualifies (similarity, badness, weakness): the tie order

    @property
    def user_id(self) -> str:
        return self.sources[0].user_id

    @property
    def ids(self) -> list[str]:
        return [m.id for m in self.sources]


@dataclass
class Proposal:
    """An improvement, not yet validated: the new memory's fields, why, and what changes."""

    type: ImprovementType
    candidate: Candidate
    content: str
    tags: list[str]
    metadata: dict
    entities: list[str]
    rationale: str
    diff: dict
    supersedes: list[str] = field(default_factory=list)

    @property
    def sources(self) -> list[SourceMemory]:
        return self.candidate.sources


@dataclass(frozen=True)
class GateResult:
    gate: str
    passed: bool
    score: float | None = None
    reason: str | None = None


@dataclass
class Verdict:
    """A proposal's fate in a cycle: committed, validated in a dry run, rejected or skipped."""

    candidate: Candidate
    proposal: Proposal | None
    gates: list[GateResult]
    improvement_score: float | None
    outcome: str  # committed, accepted_dry_run, rejected, skipped
    reason: str | None = None
    memory_id: str | None = None

    @property
    def accepted(self) -> bool:
        return self.outcome in ("committed", "accepted_dry_run")
