"""GraphQL types of the learning loop: decisions, outcomes, salience updates, events, insights."""

from datetime import datetime
from enum import Enum

import strawberry
from strawberry.scalars import JSON

from graphmind.api.ids import optional_id
from graphmind.api.memory_types import Memory, to_memory
from graphmind.api.pagination import PageInfo
from graphmind.learning import event_log, outcomes, traces
from graphmind.learning.decisions import DecisionType as DomainDecisionType
from graphmind.learning.outcomes import Signal as DomainSignal

DecisionType = strawberry.enum(DomainDecisionType, description="What kind of decision (seed 000).")
OutcomeSignal = strawberry.enum(
    DomainSignal, name="OutcomeSignal", description="How an outcome was detected (rule R12)."
)


@strawberry.enum(description="Whether an outcome is the decision's current one.")
class OutcomeStatus(Enum):
    ACTIVE = "active"
    REVISED = "revised"


@strawberry.type(description="How much one memory contributed to a decision (rule R10; scores sum to 1).")
class MemoryScore:
    memory_id: strawberry.ID = strawberry.field(description="The memory.")
    score: float = strawberry.field(description="Its normalised contribution.")


@strawberry.type(description="An option considered but not chosen.")
class Alternative:
    id: strawberry.ID = strawberry.field(description="Id of the ALTERNATIVE decision node.")
    summary: str = strawberry.field(description="What the option was.")


@strawberry.interface(description="The fields every decision has.")
class DecisionFields:
    trace_id: strawberry.ID = strawberry.field(description="The decision's id; report its outcome with it.")
    decision_type: DomainDecisionType = strawberry.field(description="recommendation, action or preference.")
    summary: str = strawberry.field(description="What was decided (PII redacted).")
    confidence: float = strawberry.field(description="How certain, 0-1.")
    confidence_estimated: bool = strawberry.field(description="True when estimated by rule R11.")
    attribution_inferred: bool = strawberry.field(
        description="True when no memory was named (a retrievalId only): the scores are inferred from the "
        "ranks (1/rank × recall score) and outcomes teach by surprise. Naming the memories "
        "acted on teaches fastest."
    )
    memory_scores: list[MemoryScore] = strawberry.field(description="The influencing memories and their scores.")
    alternatives: list[Alternative] = strawberry.field(description="Options considered, not chosen.")
    retrieval_id: strawberry.ID | None = strawberry.field(description="The recall it was based on.")
    session_id: str | None = strawberry.field(description="The agent's session.")
    created_at: datetime = strawberry.field(description="When it was recorded.")


@strawberry.type(description="A recorded decision (a decision trace).")
class DecisionResult(DecisionFields):
    redactions: int = strawberry.field(description="PII replaced in the summary.")
    skipped_memory_ids: list[strawberry.ID] = strawberry.field(
        description="Memories of the retrieval left out: forgotten or superseded since the recall."
    )


@strawberry.type(name="SalienceUpdate", description="One memory's salience change from an outcome.")
class SalienceUpdateType:
    memory_id: strawberry.ID = strawberry.field(description="The memory.")
    reason: str = strawberry.field(
        description="positive_outcome, negative_outcome, neutral_outcome or revision_reversal."
    )
    attribution: float = strawberry.field(description="Its share of the credit or blame (rule R18).")
    delta: float = strawberry.field(description="Change applied to its outcome adjustment (after the R16 bounds).")
    previous_adjustment: float = strawberry.field(description="Outcome adjustment before.")
    new_adjustment: float = strawberry.field(description="Outcome adjustment after (within ±0.5).")
    previous_effective_salience: float = strawberry.field(description="Effective salience before.")
    new_effective_salience: float = strawberry.field(description="Effective salience after (within [0, 1]).")
    utility: float = strawberry.field(description="Kalman estimate of the memory's usefulness after this outcome.")


@strawberry.interface(description="The fields every outcome has.")
class OutcomeFields:
    outcome_id: strawberry.ID = strawberry.field(description="The Outcome node's id.")
    trace_id: strawberry.ID = strawberry.field(description="The decision.")
    quality: float = strawberry.field(description="-1 (bad) to +1 (good).")
    signal: DomainSignal = strawberry.field(description="How it was detected.")
    feedback: str | None = strawberry.field(description="Optional explanation (PII redacted).")
    observed_at: datetime = strawberry.field(description="When it was recorded.")
    revision_of: strawberry.ID | None = strawberry.field(description="The outcome this one revised.")
    updates: list[SalienceUpdateType] = strawberry.field(description="Attribution and salience change per memory.")


@strawberry.type(description="An observed outcome and what was learned from it.")
class OutcomeResult(OutcomeFields):
    pass


@strawberry.type(description="A CAUSED edge: how much a memory caused an outcome.")
class Cause:
    memory_id: strawberry.ID = strawberry.field(description="The memory.")
    confidence: float = strawberry.field(description="Its attribution × the decision's confidence.")


@strawberry.type(description="A recorded outcome of a decision, current or revised.")
class Outcome(OutcomeFields):
    status: OutcomeStatus = strawberry.field(description="ACTIVE (the current one) or REVISED (replaced).")
    revised_at: datetime | None = strawberry.field(description="When a revision replaced it.")
    caused_by: list[Cause] = strawberry.field(description="The CAUSED edges into it, strongest first.")


@strawberry.type(description="A memory behind a decision, with its score.")
class DecisionMemory:
    memory: Memory = strawberry.field(description="The memory, as it is now.")
    score: float = strawberry.field(description="Its normalised contribution (rule R10).")


@strawberry.type(description="A decision read back: its memories, alternatives and outcomes.")
class Decision(DecisionFields):
    memories: list[DecisionMemory] = strawberry.field(description="The influencing memories, highest score first.")
    outcome: Outcome | None = strawberry.field(description="The current outcome (null until one is observed).")
    outcomes: list[Outcome] = strawberry.field(description="Every outcome, oldest first, revised ones included.")


@strawberry.type(description="A decision and its cursor.")
class DecisionEdge:
    cursor: str = strawberry.field(description="Opaque cursor for `after`.")
    node: Decision = strawberry.field(description="The decision.")


@strawberry.type(description="A page of decisions, newest first.")
class DecisionConnection:
    edges: list[DecisionEdge] = strawberry.field(description="The decisions of this page.")
    page_info: PageInfo = strawberry.field(description="Whether more pages follow.")


@strawberry.type(description="An immutable entry of the caller's event log.")
class Event:
    seq: int = strawberry.field(description="Per-user sequence number (monotonic).")
    type: str = strawberry.field(
        description="memory.stored, memory.retrieved, decision.tracked, outcome.observed, salience.adjusted, …"
    )
    at: datetime = strawberry.field(description="When it happened.")
    payload: JSON = strawberry.field(description="What happened (ids, values).")


@strawberry.type(description="An event and its cursor (its sequence number).")
class EventEdge:
    cursor: str = strawberry.field(description="The event's sequence number, for `after`.")
    node: Event = strawberry.field(description="The event.")


@strawberry.type(description="A page of events, oldest first.")
class EventConnection:
    edges: list[EventEdge] = strawberry.field(description="The events of this page.")
    page_info: PageInfo = strawberry.field(description="Whether more pages follow.")


@strawberry.type(description="A memory that keeps leading to good outcomes.")
class TopPerformer:
    memory: Memory = strawberry.field(description="The memory.")
    successes: int = strawberry.field(description="Decisions it influenced whose outcome quality was above 0.5.")
    average_quality: float = strawberry.field(description="Average quality of those outcomes.")


@strawberry.type(
    description="What could have happened instead: an alternative of this decision, or a past decision "
    "that used overlapping memories but ended differently."
)
class Counterfactual:
    trace_id: strawberry.ID = strawberry.field(description="The other decision (or the alternative's id).")
    summary: str = strawberry.field(description="What was decided there (or the option not chosen).")
    decision_type: DomainDecisionType = strawberry.field(description="Its type.")
    created_at: datetime = strawberry.field(description="When.")
    quality: float | None = strawberry.field(description="Its outcome quality (null for an alternative: no outcome).")
    difference: float | None = strawberry.field(
        description="Its quality minus this decision's (0 when this one has none yet; null for an alternative)."
    )
    overlap: float = strawberry.field(
        description="Jaccard overlap of the two sets of memories (1 for an alternative: weighed on the same ones)."
    )
    only_here: list[strawberry.ID] = strawberry.field(description="Memories only this decision used.")
    only_there: list[strawberry.ID] = strawberry.field(description="Memories only the other decision used.")
    alternative: bool = strawberry.field(
        description="True for an option this decision considered and did not choose (its ALTERNATIVE)."
    )


def to_salience_updates(updates: list[outcomes.SalienceUpdate]) -> list[SalienceUpdateType]:
    return [
        SalienceUpdateType(
            memory_id=strawberry.ID(u.memory_id),
            reason=u.reason,
            attribution=u.attribution,
            delta=u.delta,
            previous_adjustment=u.previous_adjustment,
            new_adjustment=u.new_adjustment,
            previous_effective_salience=u.previous_effective,
            new_effective_salience=u.new_effective,
            utility=u.utility,
        )
        for u in updates
    ]


def to_outcome(o: traces.RecordedOutcome) -> Outcome:
    return Outcome(
        outcome_id=strawberry.ID(o.outcome_id),
        trace_id=strawberry.ID(o.trace_id),
        quality=o.quality,
        signal=o.signal,
        feedback=o.feedback,
        observed_at=o.observed_at,
        revision_of=optional_id(o.revision_of),
        updates=to_salience_updates(o.updates),
        status=OutcomeStatus(o.status),
        revised_at=o.revised_at,
        caused_by=[Cause(memory_id=strawberry.ID(c.memory_id), confidence=c.confidence) for c in o.caused_by],
    )


def to_decision(t: traces.DecisionTrace) -> Decision:
    return Decision(
        trace_id=strawberry.ID(t.trace_id),
        decision_type=t.decision_type,
        summary=t.summary,
        confidence=t.confidence,
        confidence_estimated=t.confidence_estimated,
        attribution_inferred=t.attribution_inferred,
        memory_scores=[MemoryScore(memory_id=strawberry.ID(i.memory.id), score=i.score) for i in t.influences],
        alternatives=[Alternative(id=strawberry.ID(i), summary=s) for i, s in t.alternatives],
        retrieval_id=optional_id(t.retrieval_id),
        session_id=t.session_id,
        created_at=t.created_at,
        memories=[DecisionMemory(memory=to_memory(i.memory), score=i.score) for i in t.influences],
        outcome=to_outcome(t.outcome) if t.outcome else None,
        outcomes=[to_outcome(o) for o in t.outcomes],
    )


def to_event(e: event_log.Event) -> Event:
    return Event(seq=e.seq, type=e.type, at=e.at, payload=JSON(e.payload))
