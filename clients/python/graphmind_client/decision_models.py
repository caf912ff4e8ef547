"""Typed results of reading decisions back (`decision`, `decisions`), mirroring schema.graphql."""

from __future__ import annotations

from datetime import datetime
from graphmind_client._compat import StrEnum

from graphmind_client.graph_models import PageInfo
from graphmind_client.models import (
    Alternative,
    DecisionType,
    Memory,
    MemoryScore,
    Model,
    OutcomeResult,
)


class OutcomeStatus(StrEnum):
    ACTIVE = "ACTIVE"
    REVISED = "REVISED"


class Cause(Model):
    """A CAUSED edge: how much a memory caused an outcome."""

    memory_id: str
    confidence: float


class Outcome(OutcomeResult):
    """A recorded outcome of a decision, current (ACTIVE) or replaced by a revision (REVISED)."""

    status: OutcomeStatus
    revised_at: datetime | None = None
    caused_by: list[Cause]


class DecisionMemory(Model):
    memory: Memory
    score: float


class Decision(Model):
    """A decision read back: its memories and scores, alternatives and every outcome."""

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
    memories: list[DecisionMemory]
    outcome: Outcome | None = None
    outcomes: list[Outcome]


class DecisionEdge(Model):
    cursor: str
    node: Decision


class DecisionConnection(Model):
    """A page of decisions, newest first; continue with `after=page.page_info.end_cursor`."""

    edges: list[DecisionEdge]
    page_info: PageInfo

    @property
    def nodes(self) -> list[Decision]:
        return [edge.node for edge in self.edges]
