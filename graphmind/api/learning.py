"""GraphQL inputs and resolvers of the learning loop: decide, observeOutcome, decision(s), events, insights."""

import asyncio
import contextlib
from collections.abc import AsyncGenerator, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Annotated

import strawberry

from graphmind import idempotency
from graphmind.api.context import Info, arg
from graphmind.api.ids import optional_id
from graphmind.api.learning_types import (
    Alternative,
    Counterfactual,
    Decision,
    DecisionConnection,
    DecisionEdge,
    DecisionResult,
    Event,
    EventConnection,
    EventEdge,
    MemoryScore,
    OutcomeResult,
    TopPerformer,
    to_decision,
    to_event,
    to_salience_updates,
)
from graphmind.api.memory_types import to_memory
from graphmind.api.pagination import PageInfo
from graphmind.core.events import check_types
from graphmind.errors import BadUserInput, GraphMindError, Unavailable
from graphmind.learning import decisions, event_log, insights, outcomes, traces
from graphmind.security.auth import KEY_CACHE_SECONDS


@strawberry.input(description="A memory that influenced a decision, and how much (0-1).")
class MemoryContributionInput:
    memory_id: strawberry.ID = strawberry.field(description="The memory.")
    contribution: float = strawberry.field(default=1.0, description="Its relevance to the decision, 0-1.")


@strawberry.input(description="A decision and what it was based on.")
class DecideInput:
    decision_type: decisions.DecisionType = strawberry.field(description="recommendation, action or preference.")
    summary: str = strawberry.field(description="What was decided, 1-1000 characters (PII is redacted).")
    retrieval_id: strawberry.ID | None = strawberry.field(default=None, description="The recall it used.")
    memories: list[MemoryContributionInput] | None = strawberry.field(
        default=None, description="Memories and contributions; default: everything the retrieval returned."
    )
    confidence: float | None = strawberry.field(default=None, description="0-1; estimated (rule R11) when omitted.")
    alternatives: list[str] | None = strawberry.field(default=None, description="Options considered, not chosen.")
    session_id: str | None = strawberry.field(default=None, description="The agent's session.")
    request_id: str | None = strawberry.field(
        default=None, description="Client id of this request (1-128 chars): a retry with it returns the first result."
    )


@strawberry.input(description="The outcome of a decision.")
class ObserveOutcomeInput:
    trace_id: strawberry.ID = strawberry.field(description="The decision (decide's traceId).")
    quality: float = strawberry.field(description="-1 (bad) to +1 (good), rule R13.")
    signal: outcomes.Signal = strawberry.field(description="How the outcome was detected (rule R12).")
    feedback: str | None = strawberry.field(default=None, description="Optional explanation.")
    revision: bool = strawberry.field(
        default=False, description="Replace an earlier outcome (its salience change is reversed first)."
    )
    request_id: str | None = strawberry.field(
        default=None, description="Client id of this request (1-128 chars): a retry with it returns the first result."
    )


@strawberry.input(description="Which decisions to list (all given conditions hold).")
class DecisionFilter:
    decision_types: list[decisions.DecisionType] | None = strawberry.field(
        default=None, description="Only these types (an empty list is refused)."
    )
    made_after: datetime | None = strawberry.field(default=None, description="Recorded after this instant.")
    made_before: datetime | None = strawberry.field(default=None, description="Recorded before this instant.")
    session_id: str | None = strawberry.field(default=None, description="Only this session's decisions.")
    has_outcome: bool | None = strawberry.field(
        default=None, description="true: with an observed outcome; false: still without one."
    )
    min_quality: float | None = strawberry.field(
        default=None,
        description="Current outcome's quality at least this (-1 to 1; implies an outcome, so not with hasOutcome: false).",
    )
    max_quality: float | None = strawberry.field(
        default=None,
        description="Current outcome's quality at most this (-1 to 1; implies an outcome, so not with hasOutcome: false).",
    )
    memory_id: strawberry.ID | None = strawberry.field(
        default=None, description="Only decisions this memory influenced (NOT_FOUND unless it is the caller's)."
    )


async def decide(info: Info, input: Annotated[DecideInput, arg("The decision.")]) -> DecisionResult:
    """Records a decision with the memories that influenced it; returns its traceId."""
    ctx = info.context
    draft = decisions.DecisionDraft(
        decision_type=input.decision_type,
        summary=input.summary,
        retrieval_id=input.retrieval_id,
        memories=[decisions.Contribution(m.memory_id, m.contribution) for m in input.memories or []],
        confidence=input.confidence,
        alternatives=input.alternatives or [],
        session_id=input.session_id,
    )
    d = await decisions.decide(ctx.deps, ctx.user_id, draft, idempotency.check(input.request_id, "input.requestId"))
    return DecisionResult(
        trace_id=strawberry.ID(d.trace_id),
        decision_type=d.decision_type,
        summary=d.summary,
        confidence=d.confidence,
        confidence_estimated=d.confidence_estimated,
        attribution_inferred=d.attribution_inferred,
        memory_scores=[MemoryScore(memory_id=strawberry.ID(m), score=s) for m, s in d.memory_scores.items()],
        alternatives=[Alternative(id=strawberry.ID(i), summary=s) for i, s in d.alternatives],
        retrieval_id=optional_id(d.retrieval_id),
        session_id=d.session_id,
        created_at=d.created_at,
        redactions=d.redactions,
        skipped_memory_ids=[strawberry.ID(i) for i in d.skipped],
    )


async def observe_outcome(info: Info, input: Annotated[ObserveOutcomeInput, arg("The outcome.")]) -> OutcomeResult:
    """Reports a decision's outcome (within 7 days, once unless revised); learns from it."""
    ctx = info.context
    o = await outcomes.observe_outcome(
        ctx.deps,
        ctx.user_id,
        outcomes.OutcomeDraft(input.trace_id, input.quality, input.signal, input.feedback, input.revision),
        idempotency.check(input.request_id, "input.requestId"),
    )
    return OutcomeResult(
        outcome_id=strawberry.ID(o.outcome_id),
        trace_id=strawberry.ID(o.trace_id),
        quality=o.quality,
        signal=o.signal,
        feedback=o.feedback,
        observed_at=o.observed_at,
        revision_of=optional_id(o.revision_of),
        updates=to_salience_updates(o.updates),
    )


async def decision(info: Info, id: Annotated[strawberry.ID, arg("The decision's traceId.")]) -> Decision:
    """One of the caller's decisions with its memories, alternatives and outcomes (NOT_FOUND for anyone else's)."""
    ctx = info.context
    return to_decision(await traces.get_decision(ctx.deps, ctx.user_id, id))


async def list_decisions(
    info: Info,
    filter: Annotated[DecisionFilter | None, arg("Which decisions to list.")] = None,
    first: Annotated[int | None, arg("Page size (1-100, default 20).")] = 20,
    after: Annotated[str | None, arg("Cursor of the last edge of the previous page.")] = None,
) -> DecisionConnection:
    """The caller's decisions, newest first, a page at a time (first ≤ 100)."""
    ctx = info.context
    flt = traces.DecisionFilter(**vars(filter)) if filter else None
    page = await traces.list_decisions(ctx.deps, ctx.user_id, flt, 20 if first is None else first, after)
    return DecisionConnection(
        edges=[DecisionEdge(cursor=c, node=to_decision(t)) for t, c in zip(page.decisions, page.cursors)],
        page_info=PageInfo(has_next_page=page.has_next_page, end_cursor=page.end_cursor),
    )


async def events(
    info: Info,
    after: Annotated[int | None, arg("Sequence number to start after (default 0).")] = 0,
    types: Annotated[
        list[str] | None, arg("Only these event types (left out: every type; an empty list is refused).")
    ] = None,
    first: Annotated[int | None, arg("Page size (1-500, default 100).")] = 100,
) -> EventConnection:
    """The caller's event log, oldest first, a page at a time."""
    ctx = info.context
    size = 100 if first is None else first
    page = await event_log.events_after(ctx.deps, ctx.user_id, after or 0, types, size, peek=True)
    shown = page[:size]
    return EventConnection(
        edges=[EventEdge(cursor=str(e.seq), node=to_event(e)) for e in shown],
        page_info=PageInfo(has_next_page=len(page) > size, end_cursor=str(shown[-1].seq) if shown else None),
    )


@contextmanager
def _internal_unless_coded() -> Iterator[None]:
    """A subscription's error carries no path, so an unexpected one would reach the client as
    it was raised; as a GraphMindError it is masked as INTERNAL, with a correlation id."""
    try:
        yield
    except GraphMindError:
        raise
    except Exception as e:
        raise GraphMindError("the events subscription failed") from e


async def event_stream(
    info: Info,
    after: Annotated[int | None, arg("Sequence number to start after (default: now).")] = None,
    types: Annotated[
        list[str] | None, arg("Only these event types (left out: every type; an empty list is refused).")
    ] = None,
) -> AsyncGenerator[Event, None]:
    """New events of the caller as they are written (graphql-ws)."""
    ctx = info.context
    check_types(types)
    if after is not None and after < 0:
        raise BadUserInput("after must be 0 or more", field="after")
    tail = ctx.event_tail  # one poll per process for every subscription (learning/tail.py)
    authenticator = ctx.authenticator
    with _internal_unless_coded():
        async with tail.watch(ctx.user_id):
            latest = await tail.latest(ctx.user_id)
            after = latest if after is None else after
            while True:
                try:  # a quiet stream checks its key too (QA: a revoked key's stream waited for an event)
                    async with asyncio.timeout(KEY_CACHE_SECONDS):
                        latest = await tail.past(ctx.user_id, after)
                except TimeoutError:
                    with contextlib.suppress(Unavailable):  # Neo4j away: wait it out, as the tail does
                        await authenticator.still_active(ctx.caller)
                    continue
                await authenticator.still_active(ctx.caller)  # a key revoked since the handshake ends the stream
                page = await event_log.events_after(ctx.deps, ctx.user_id, after, types, event_log.MAX_PAGE)
                for e in page:
                    after = e.seq
                    yield to_event(e)
                if len(page) < event_log.MAX_PAGE:  # every event up to `latest` is committed: skip the unwanted types
                    after = max(after, latest)


async def top_performers(
    info: Info, limit: Annotated[int | None, arg("How many (1-100, default 10).")] = 10
) -> list[TopPerformer]:
    """Memories that led to good outcomes (quality > 0.5) in at least 3 decisions."""
    ctx = info.context
    found = await insights.top_performers(ctx.deps, ctx.user_id, 10 if limit is None else limit)
    return [
        TopPerformer(memory=to_memory(t.memory), successes=t.successes, average_quality=t.average_quality)
        for t in found
    ]


async def counterfactuals(
    info: Info,
    trace_id: Annotated[strawberry.ID, arg("The decision to compare.")],
    limit: Annotated[int | None, arg("How many (1-100, default 10).")] = 10,
) -> list[Counterfactual]:
    """The decision's own alternatives, then past decisions that used overlapping memories but ended differently."""
    ctx = info.context
    found = await insights.counterfactuals(ctx.deps, ctx.user_id, trace_id, 10 if limit is None else limit)
    return [Counterfactual(**vars(c)) for c in found]
