"""GraphQL types of sessions: entries, signals, loop warnings, helper briefs, promotions."""

from datetime import datetime
from enum import Enum

import strawberry

from graphmind.api.associative_types import Snapshot, to_snapshot
from graphmind.api.ids import optional_id
from graphmind.api.memory_types import Memory, RecallItemType, to_memory, to_recall_item
from graphmind.sessions import journal, loops, model, promotion

SessionEntryKind = strawberry.enum(
    model.EntryKind,
    name="SessionEntryKind",
    description="What an entry records: EXPERIENCE, BLOCKER, REJECTED (an attempt that did not "
    "work), DECISION, LEARNING or ASSUMPTION.",
)
SessionStatus = strawberry.enum(model.SessionStatus, name="SessionStatus", description="OPEN or ENDED.")


@strawberry.enum(description="What ending a session did with an entry.")
class PromotionAction(Enum):
    PROMOTED = "promoted"
    LINKED = "linked"
    SUPERSEDED = "superseded"
    SKIPPED = "skipped"


@strawberry.type(description="One entry of a session, in order.")
class SessionEntry:
    id: strawberry.ID = strawberry.field(description="The entry's id.")
    kind: model.EntryKind = strawberry.field(description="What it records.")
    text: str = strawberry.field(description="What the agent logged (PII redacted).")
    position: int = strawberry.field(description="Its place in the session, from 0.")
    at: datetime = strawberry.field(description="When it was logged.")
    resolved: bool = strawberry.field(description="Blockers: whether resolveBlocker recorded a solution.")
    root_cause: str | None = strawberry.field(description="Blockers: the root cause, once resolved.")
    solution: str | None = strawberry.field(description="Blockers: the solution, once resolved.")
    promoted_to: strawberry.ID | None = strawberry.field(description="The memory it became when the session ended.")


@strawberry.type(description="An agent's working session: its goal and entries.")
class Session:
    id: strawberry.ID = strawberry.field(description="The session's id.")
    agent_id: str = strawberry.field(description="The agent working in it.")
    goal: str = strawberry.field(description="What the session is for.")
    status: model.SessionStatus = strawberry.field(description="OPEN or ENDED.")
    started_at: datetime = strawberry.field(description="When it started.")
    ended_at: datetime | None = strawberry.field(description="When it ended.")
    entries: list[SessionEntry] = strawberry.field(description="Its entries, in order.")
    snapshot_id: strawberry.ID | None = strawberry.field(description="The drift snapshot taken when it ended.")


@strawberry.type(description="You're looping: a rejected attempt much like an earlier one, and a way out.")
class LoopWarning:
    similarity: float = strawberry.field(description="Cosine to the most similar earlier rejected attempt.")
    similar_to: SessionEntry = strawberry.field(description="That earlier attempt.")
    attempt: int = strawberry.field(description="Which similar attempt this is (2 = the first repeat).")
    message: str = strawberry.field(description="The warning, in words.")
    checklist: list[str] = strawberry.field(description="Zoom out: assumptions, reframe, problem, opposite, simplify.")
    assumptions: list[str] = strawberry.field(description="The session's assumption entries, to question.")
    suggest_helper: bool = strawberry.field(description="Whether to hand the problem to a fresh helper (3rd+ attempt).")
    helper_suggestion: str | None = strawberry.field(description="How: helperBrief(sessionId), after confirming.")


@strawberry.type(description="The logged entry and, when it carries signal, what memory has to say.")
class LogSessionResult:
    entry: SessionEntry = strawberry.field(description="The entry as stored.")
    signal: str | None = strawberry.field(
        description="Why memory was consulted: first_experience, blocker or rejected (null: no signal)."
    )
    message: str | None = strawberry.field(description="What the recalled memories suggest, in words.")
    recalled: list[RecallItemType] = strawberry.field(
        description="At most 2 memories at cosine ≥ 0.7 (empty when nothing is that relevant)."
    )
    loop_warning: LoopWarning | None = strawberry.field(description="Rejected attempts only: you are looping.")


@strawberry.type(description="A memory a session's content brought up.")
class SessionMemory:
    memory: Memory = strawberry.field(description="The memory.")
    similarity: float = strawberry.field(description="Its best cosine to the goal or an entry.")
    entry_id: strawberry.ID = strawberry.field(description="The entry (or the session, for its goal) that matched.")


@strawberry.type(description="A brief for a fresh helper: the problem, what was tried, what was assumed.")
class HelperBrief:
    session_id: strawberry.ID = strawberry.field(description="The session.")
    goal: str = strawberry.field(description="The session's goal.")
    problem: str = strawberry.field(
        description="The unresolved blocker with the latest attempt, else the latest "
        "unresolved blocker; with none, the latest attempt outside any blocker, else the goal."
    )
    tried: list[str] = strawberry.field(
        description="The rejected attempts at that problem, in order (an attempt "
        "belongs to the blocker logged last before it)."
    )
    assumptions: list[str] = strawberry.field(description="Assumptions to question.")
    blockers: list[str] = strawberry.field(description="Every blocker, in order.")
    learnings: list[str] = strawberry.field(description="Learnings and decisions so far.")
    relevant_memories: list[SessionMemory] = strawberry.field(description="Memories the session brings up.")
    markdown: str = strawberry.field(description="All of it as one markdown brief.")


@strawberry.type(description="What ending a session did with one entry, and why.")
class SessionPromotion:
    entry_id: strawberry.ID = strawberry.field(description="The entry.")
    kind: model.EntryKind = strawberry.field(description="Its kind.")
    action: PromotionAction = strawberry.field(description="PROMOTED, LINKED, SUPERSEDED or SKIPPED.")
    reason: str = strawberry.field(description="Why.")
    memory_id: strawberry.ID | None = strawberry.field(description="The memory it became (or duplicated).")
    related_memory_id: strawberry.ID | None = strawberry.field(description="The similar memory linked or superseded.")
    similarity: float | None = strawberry.field(description="Cosine to that memory.")
    signals: list[str] | None = strawberry.field(description="Bug memories: the reusability signals found.")


@strawberry.type(description="An ended session, what it promoted, and its drift snapshot.")
class EndSessionResult:
    session: Session = strawberry.field(description="The session, now ENDED.")
    promotions: list[SessionPromotion] = strawberry.field(description="One per learning, decision and blocker.")
    snapshot: Snapshot = strawberry.field(description="The drift snapshot labelled with the session (kind session).")


def to_entry(e: model.SessionEntry) -> SessionEntry:
    return SessionEntry(
        id=strawberry.ID(e.id),
        kind=e.kind,
        text=e.text,
        position=e.position,
        at=e.at,
        resolved=e.resolved,
        root_cause=e.root_cause,
        solution=e.solution,
        promoted_to=optional_id(e.promoted_to),
    )


def to_session(s: model.Session) -> Session:
    return Session(
        id=strawberry.ID(s.id),
        agent_id=s.agent_id,
        goal=s.goal,
        status=s.status,
        started_at=s.started_at,
        ended_at=s.ended_at,
        entries=[to_entry(e) for e in s.entries],
        snapshot_id=optional_id(s.snapshot_id),
    )


def to_warning(w: loops.LoopWarning) -> LoopWarning:
    return LoopWarning(
        similarity=w.similarity,
        similar_to=to_entry(w.similar_to),
        attempt=w.attempt,
        message=w.message,
        checklist=w.checklist,
        assumptions=w.assumptions,
        suggest_helper=w.suggest_helper,
        helper_suggestion=w.helper_suggestion,
    )


def to_log_result(r: journal.LogResult) -> LogSessionResult:
    return LogSessionResult(
        entry=to_entry(r.entry),
        signal=r.signal,
        message=r.message,
        recalled=[to_recall_item(i) for i in r.recalled],
        loop_warning=to_warning(r.loop_warning) if r.loop_warning else None,
    )


def to_session_memory(m: journal.SessionMemory) -> SessionMemory:
    return SessionMemory(memory=to_memory(m.memory), similarity=m.similarity, entry_id=strawberry.ID(m.entry_id))


def to_brief(b: loops.HelperBrief) -> HelperBrief:
    return HelperBrief(
        session_id=strawberry.ID(b.session_id),
        goal=b.goal,
        problem=b.problem,
        tried=b.tried,
        assumptions=b.assumptions,
        blockers=b.blockers,
        learnings=b.learnings,
        relevant_memories=[to_session_memory(m) for m in b.relevant_memories],
        markdown=b.markdown,
    )


def to_end_result(r: promotion.EndResult) -> EndSessionResult:
    return EndSessionResult(
        session=to_session(r.session),
        promotions=[
            SessionPromotion(
                entry_id=strawberry.ID(p.entry_id),
                kind=p.kind,
                action=PromotionAction(p.action),
                reason=p.reason,
                memory_id=optional_id(p.memory_id),
                related_memory_id=optional_id(p.related_memory_id),
                similarity=p.similarity,
                signals=p.signals,
            )
            for p in r.promotions
        ],
        snapshot=to_snapshot(r.snapshot),
    )
