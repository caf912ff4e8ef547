"""Typed results of the session operations (docs/sessions.md)."""

from __future__ import annotations

from datetime import datetime
from graphmind_client._compat import StrEnum

from graphmind_client.models import Memory, Model, RecallItem


class SessionStatus(StrEnum):
    OPEN = "OPEN"
    ENDED = "ENDED"


class SessionEntryKind(StrEnum):
    EXPERIENCE = "EXPERIENCE"
    BLOCKER = "BLOCKER"
    REJECTED = "REJECTED"
    DECISION = "DECISION"
    LEARNING = "LEARNING"
    ASSUMPTION = "ASSUMPTION"


class PromotionAction(StrEnum):
    PROMOTED = "PROMOTED"
    LINKED = "LINKED"
    SUPERSEDED = "SUPERSEDED"
    SKIPPED = "SKIPPED"


class SessionEntry(Model):
    id: str
    kind: SessionEntryKind
    text: str
    position: int
    at: datetime
    resolved: bool
    root_cause: str | None = None
    solution: str | None = None
    promoted_to: str | None = None


class Session(Model):
    """An agent's working session: its goal and entries."""

    id: str
    agent_id: str
    goal: str
    status: SessionStatus
    started_at: datetime
    ended_at: datetime | None = None
    entries: list[SessionEntry]
    snapshot_id: str | None = None


class SessionMemory(Model):
    """A memory a session's content brought up."""

    memory: Memory
    similarity: float
    entry_id: str


class LoopWarning(Model):
    """A rejected attempt much like an earlier one, and a way out."""

    similarity: float
    similar_to: SessionEntry
    attempt: int
    message: str
    checklist: list[str]
    assumptions: list[str]
    suggest_helper: bool
    helper_suggestion: str | None = None


class LogSessionResult(Model):
    """The logged entry and, when it carried signal, what memory has to say."""

    entry: SessionEntry
    signal: str | None = None
    message: str | None = None
    recalled: list[RecallItem]
    loop_warning: LoopWarning | None = None


class SessionPromotion(Model):
    entry_id: str
    kind: SessionEntryKind
    action: PromotionAction
    reason: str
    memory_id: str | None = None
    related_memory_id: str | None = None
    similarity: float | None = None
    signals: list[str] | None = None


class Snapshot(Model):
    id: str
    label: str
    agent_id: str | None = None
    kind: str
    taken_at: datetime
    graph_generation: int
    node_count: int
    memory_count: int
    entity_count: int
    edge_count: int


class EndSessionResult(Model):
    """The ended session, what it promoted, and its drift snapshot."""

    session: Session
    promotions: list[SessionPromotion]
    snapshot: Snapshot


class HelperBrief(Model):
    """A brief for a fresh helper: the problem, what was tried, what was assumed."""

    session_id: str
    goal: str
    problem: str
    tried: list[str]
    assumptions: list[str]
    blockers: list[str]
    learnings: list[str]
    relevant_memories: list[SessionMemory]
    markdown: str
