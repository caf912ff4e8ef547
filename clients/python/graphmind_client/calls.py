"""One function per client method: it checks the arguments and returns the Call to send.

Both clients expose these as methods with the same signature (`AsyncGraphMind.remember`
awaits what `GraphMind.remember` returns). Writes the API can deduplicate get a
requestId (a fresh uuid4 unless given), built once, so the client's own retries of the
call reuse it and the server never writes twice.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from graphmind_client import operations as ops
from graphmind_client.core import Call, call
from graphmind_client.decision_models import Decision, DecisionConnection
from graphmind_client.graph_models import (
    ActivationResult,
    Feedback,
    LearnResult,
    ResumeTrailResult,
    SaveTrailResult,
    Trail,
    TrailConnection,
    TrailStatus,
    WhyResult,
)
from graphmind_client.inputs import (
    ActivationBoostInput,
    ConclusionInput,
    DecideInput,
    DecisionFilter,
    EndSessionInput,
    HypothesisInput,
    LearnInput,
    LogSessionInput,
    MemoryContribution,
    MemoryInput,
    ObserveOutcomeInput,
    RecallFilter,
    ResolveBlockerInput,
    ResumeTrailInput,
    SaveTrailInput,
    StartSessionInput,
    coerce,
    enum_value,
    wire,
)
from graphmind_client.models import (
    ContentType,
    DecisionResult,
    DecisionType,
    Memory,
    OutcomeResult,
    OutcomeSignal,
    RecallChannel,
    RecallResult,
    RememberResult,
    Source,
)
from graphmind_client.session_models import (
    EndSessionResult,
    HelperBrief,
    LogSessionResult,
    Session,
    SessionEntry,
    SessionEntryKind,
    SessionMemory,
)


def _request_id(given: str | None) -> str:
    return given or str(uuid.uuid4())


def remember(content: str, *, content_type: ContentType | str | None = None, temporal_level: int | None = None,
             base_salience: float | None = None, valid_from: datetime | None = None,
             valid_until: datetime | None = None, source: Source | str | None = None,
             tags: Sequence[str] | None = None, metadata: Mapping[str, Any] | None = None,
             entities: Sequence[str] | None = None, session_id: str | None = None,
             request_id: str | None = None) -> Call[RememberResult]:
    """Store a memory (redacted, deduplicated, linked to its entities); `duplicate_of` is set
    when it repeated an existing one. Unset fields get the server's defaults."""
    memory = wire(MemoryInput, content=content, content_type=content_type, temporal_level=temporal_level,
                  base_salience=base_salience, valid_from=valid_from, valid_until=valid_until, source=source,
                  tags=tags, metadata=metadata, entities=entities, session_id=session_id)
    return call(ops.REMEMBER, {"input": {**memory, "requestId": _request_id(request_id)}}, "remember",
                RememberResult, idempotent=True)


def remember_many(memories: Sequence[MemoryInput | Mapping[str, Any] | str], *,
                  request_id: str | None = None) -> Call[list[RememberResult]]:
    """Store a batch (at most 1000) in one transaction, all or nothing. Each item is a
    MemoryInput, a dict of its fields, or just the content."""
    inputs = [coerce(MemoryInput, m, f"inputs[{i}]", as_id="content").wire() for i, m in enumerate(memories)]
    return call(ops.REMEMBER_MANY, {"inputs": inputs, "requestId": _request_id(request_id)}, "rememberMany",
                list[RememberResult], idempotent=True)


def recall(query: str, limit: int = 10, *, filter: RecallFilter | Mapping[str, Any] | None = None,
           token_budget: int | None = None,
           channels: Sequence[RecallChannel | str] | None = None,
           exploration: float | None = None) -> Call[RecallResult]:
    """Hybrid recall, best first; pass the result's `retrieval_id` to decide. `token_budget`
    packs the best non-redundant memories into that many tokens; `exploration` (0-0.5) lets
    near-tied, little-tried memories be shown (default: the server's setting)."""
    variables = {"query": query, "limit": limit, "tokenBudget": token_budget, "exploration": exploration,
                 "filter": coerce(RecallFilter, filter, "filter").wire() if filter is not None else None,
                 "channels": None if channels is None else [enum_value(RecallChannel, c, "channels") for c in channels]}
    return call(ops.RECALL, variables, "recall", RecallResult, idempotent=True)


def memory(id: str) -> Call[Memory]:
    """One of the caller's memories (NotFound for anyone else's)."""
    return call(ops.MEMORY, {"id": id}, "memory", Memory, idempotent=True)


def _contributions(memories: Sequence[MemoryContribution | Mapping[str, Any] | str] | Mapping[str, float] | None):
    if memories is None:
        return None
    if isinstance(memories, Mapping):
        return [{"memory_id": k, "contribution": v} for k, v in memories.items()]
    return [{"memory_id": m} if isinstance(m, str) else m for m in memories]


def decide(decision_type: DecisionType | str, summary: str, *, retrieval_id: str | None = None,
           memories: Sequence[MemoryContribution | Mapping[str, Any] | str] | Mapping[str, float] | None = None,
           confidence: float | None = None, alternatives: Sequence[str] | None = None,
           session_id: str | None = None, request_id: str | None = None) -> Call[DecisionResult]:
    """Record a decision and the memories behind it (default: everything the retrieval
    returned); report its outcome later with the result's `trace_id`. `memories` may be ids,
    {id: contribution} or MemoryContribution items."""
    decision = wire(DecideInput, decision_type=decision_type, summary=summary, retrieval_id=retrieval_id,
                    memories=_contributions(memories), confidence=confidence, alternatives=alternatives,
                    session_id=session_id, request_id=_request_id(request_id))
    return call(ops.DECIDE, {"input": decision}, "decide", DecisionResult, idempotent=True)


def observe_outcome(trace_id: str, quality: float, signal: OutcomeSignal | str, *, feedback: str | None = None,
                    revision: bool = False, request_id: str | None = None) -> Call[OutcomeResult]:
    """Report a decision's outcome, quality -1 (bad) to +1 (good); the memories behind it
    gain or lose salience. `revision=True` replaces an earlier outcome."""
    outcome = wire(ObserveOutcomeInput, trace_id=trace_id, quality=quality, signal=signal, feedback=feedback,
                   revision=revision, request_id=_request_id(request_id))
    return call(ops.OBSERVE_OUTCOME, {"input": outcome}, "observeOutcome", OutcomeResult, idempotent=True)


def decision(id: str) -> Call[Decision]:
    """One of the caller's decisions (its trace_id) with its memories and scores, alternatives and
    every outcome, revised ones included, with their salience updates and CAUSED edges."""
    return call(ops.DECISION, {"id": id}, "decision", Decision, idempotent=True)


def decisions(*, filter: DecisionFilter | Mapping[str, Any] | None = None, first: int | None = None,
              after: str | None = None) -> Call[DecisionConnection]:
    """The caller's decisions, newest first, a page at a time (`after=page.page_info.end_cursor`);
    `filter` by decision types, time, session, outcome quality or an influencing memory."""
    variables = {"filter": coerce(DecisionFilter, filter, "filter").wire() if filter is not None else None,
                 "first": first, "after": after}
    return call(ops.DECISIONS, variables, "decisions", DecisionConnection, idempotent=True)


def learn(query: str, agent_id: str, feedback: Feedback | str, node_ids: Sequence[str], *,
          strength: float = 0.2) -> Call[LearnResult]:
    """Feedback on what a query returned: CORRECT strengthens, WRONG weakens, PARTIAL
    strengthens only the given nodes' association edges with the query's seeds."""
    feedback_input = wire(LearnInput, query=query, agent_id=agent_id, feedback=feedback, node_ids=node_ids,
                          strength=strength)
    return call(ops.LEARN, {"input": feedback_input}, "learn", LearnResult, idempotent=False)


def activate(query: str | None = None, *, seeds: Sequence[str] | None = None, max_hops: int | None = None,
             decay_per_hop: float | None = None, threshold: float | None = None,
             top_k: int | None = None) -> Call[ActivationResult]:
    """Spreading activation from a query's seeds or given node ids (server defaults: 3 hops,
    decay 0.5 per hop, top 20)."""
    variables = {"query": query, "seeds": list(seeds) if seeds is not None else None, "maxHops": max_hops,
                 "decayPerHop": decay_per_hop, "threshold": threshold, "topK": top_k}
    return call(ops.ACTIVATE, variables, "activate", ActivationResult, idempotent=True)


def why(source: str, target: str, *, max_hops: int | None = None, limit: int | None = None) -> Call[WhyResult]:
    """The paths joining two nodes, strongest first (server defaults: 6 hops, 10 paths)."""
    variables = {"source": source, "target": target, "maxHops": max_hops, "limit": limit}
    return call(ops.WHY, variables, "why", WhyResult, idempotent=True)


def save_trail(agent_id: str, label: str, *, hypotheses: Sequence[HypothesisInput | Mapping | str] = (),
               conclusions: Sequence[ConclusionInput | Mapping | str] = (), open_questions: Sequence[str] = (),
               tags: Sequence[str] = (), summary: str | None = None,
               visited_nodes: Sequence[Any] = (), activation_boosts: Sequence[ActivationBoostInput | Mapping] = (),
               ) -> Call[SaveTrailResult]:
    """Save an investigation. Hypotheses and conclusions may be bare statements, visited
    nodes bare node ids; each may also be its input model or a dict of its fields."""
    trail = coerce(SaveTrailInput, {
        "agent_id": agent_id, "label": label, "open_questions": list(open_questions), "tags": list(tags),
        "summary": summary, "activation_boosts": list(activation_boosts),
        "hypotheses": [{"statement": h} if isinstance(h, str) else h for h in hypotheses],
        "conclusions": [{"statement": c} if isinstance(c, str) else c for c in conclusions],
        "visited_nodes": [{"node_id": n} if isinstance(n, str) else n for n in visited_nodes],
    }, "input").wire()
    return call(ops.SAVE_TRAIL, {"input": trail}, "saveTrail", SaveTrailResult, idempotent=False)


def resume_trail(trail_id: str, *, force: bool = False, agent_id: str | None = None) -> Call[ResumeTrailResult]:
    """Resume a trail: missing nodes, downgraded hypotheses; its boosts seed the next activate."""
    trail = wire(ResumeTrailInput, trail_id=trail_id, force=force, agent_id=agent_id)
    return call(ops.RESUME_TRAIL, {"input": trail}, "resumeTrail", ResumeTrailResult, idempotent=False)


def trail(id: str) -> Call[Trail]:
    """One of the caller's trails."""
    return call(ops.TRAIL, {"id": id}, "trail", Trail, idempotent=True)


def trails(*, agent_id: str | None = None, status: TrailStatus | str | None = None,
           tags: Sequence[str] | None = None, first: int | None = None,
           after: str | None = None) -> Call[TrailConnection]:
    """The caller's trails, newest first, a page at a time (`after=page.page_info.end_cursor`)."""
    variables = {"filterAgentId": agent_id, "filterTags": list(tags) if tags is not None else None,
                 "filterStatus": enum_value(TrailStatus, status, "filterStatus") if status else None,
                 "first": first, "after": after}
    return call(ops.TRAILS, variables, "trails", TrailConnection, idempotent=True)


def start_session(agent_id: str, goal: str) -> Call[Session]:
    """Start a working session of an agent."""
    session = wire(StartSessionInput, agent_id=agent_id, goal=goal)
    return call(ops.START_SESSION, {"input": session}, "startSession", Session, idempotent=False)


def log_session(session_id: str, kind: SessionEntryKind | str, text: str) -> Call[LogSessionResult]:
    """Log an entry; a first experience, a blocker or a rejected attempt bring up relevant
    memories, and a repeated rejected attempt returns a loop warning."""
    entry = wire(LogSessionInput, session_id=session_id, kind=kind, text=text)
    return call(ops.LOG_SESSION, {"input": entry}, "logSession", LogSessionResult, idempotent=False)


def resolve_blocker(entry_id: str, solution: str, *, root_cause: str | None = None) -> Call[SessionEntry]:
    """Record how a blocker was solved (a bug memory candidate when the session ends)."""
    resolution = wire(ResolveBlockerInput, entry_id=entry_id, solution=solution, root_cause=root_cause)
    return call(ops.RESOLVE_BLOCKER, {"input": resolution}, "resolveBlocker", SessionEntry, idempotent=False)


def end_session(session_id: str) -> Call[EndSessionResult]:
    """End a session: learnings, decisions and reusable resolved bugs become memories."""
    ending = wire(EndSessionInput, session_id=session_id)
    return call(ops.END_SESSION, {"input": ending}, "endSession", EndSessionResult, idempotent=False)


def session(id: str) -> Call[Session]:
    """One of the caller's sessions with its entries."""
    return call(ops.SESSION, {"id": id}, "session", Session, idempotent=True)


def session_recall(session_id: str, limit: int | None = None) -> Call[list[SessionMemory]]:
    """Memories the whole session brings up (cosine ≥ 0.7; server default 2, at most 10)."""
    variables = {"sessionId": session_id, "limit": limit}
    return call(ops.SESSION_RECALL, variables, "sessionRecall", list[SessionMemory], idempotent=True)


def helper_brief(session_id: str) -> Call[HelperBrief]:
    """A brief for a fresh helper: the problem, what was tried, the assumptions."""
    return call(ops.HELPER_BRIEF, {"sessionId": session_id}, "helperBrief", HelperBrief, idempotent=True)


def execute(document: str, variables: Mapping[str, Any] | None = None) -> Call[dict[str, Any]]:
    """Any GraphQL document; returns its `data` as a dict (errors raise as usual). Only a
    query is retried after an ambiguous failure."""
    is_query = document.lstrip().startswith(("query", "{"))
    return Call(document, dict(variables or {}), None, dict, idempotent=is_query)
