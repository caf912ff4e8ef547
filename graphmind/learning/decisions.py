"""The DECIDE phase: `decide` records a decision and the memories behind it.

Memory scores (R10): retrieval score (the memory's recall score over the best
one of that retrieval; 1.0 for a memory named without a retrieval) × relevance
(the caller's contribution, default 1.0), normalised to sum 1, under 0.01
dropped. When the caller names no memory (a retrievalId only), the attribution is
inferred: the relevance of the memory at rank r is 1/r, the position prior of click
models (what ranks first is what an agent most likely read and acted on), and the
decision is marked `attributionInferred` so that its outcome teaches by surprise
(learning/outcomes.py). Confidence (R11), when not given: higher when the memories are
salient, several and in agreement, lower when sparse or pointing apart —
0.5 × quality + 0.2 × coverage + 0.3 × agreement, within [0.05, 0.95].

Only active memories inform a decision (as `learn` requires): a named memory that is
archived (forgotten) or superseded is a CONFLICT and nothing is written; a memory the
retrieval returned that was archived or superseded since the recall is left out and
reported in `skipped` (CONFLICT when that leaves none).
"""

import asyncio
import math
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from typing import cast

import numpy as np

from graphmind import idempotency
from graphmind.core import events
from graphmind.core.enums import MemoryStatus
from graphmind.core.ids import issued_within
from graphmind.core.redaction import redact
from graphmind.core.visible import shows_anything
from graphmind.db.database import Transaction, keys_or_none_matching, nullable
from graphmind.db.write_behind import Queued
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, Conflict, GraphMindError, NotFound, Unavailable
from graphmind.learning.salience import clamp, normalise_scores

MAX_SUMMARY, MAX_ALTERNATIVES, MAX_ALTERNATIVE = 1000, 20, 500


class DecisionType(str, Enum):
    RECOMMENDATION = "recommendation"
    ACTION = "action"
    PREFERENCE = "preference"


@dataclass
class Contribution:
    memory_id: str
    contribution: float = 1.0


@dataclass
class DecisionDraft:
    decision_type: DecisionType
    summary: str
    retrieval_id: str | None = None
    memories: list[Contribution] = field(default_factory=list)
    confidence: float | None = None
    alternatives: list[str] = field(default_factory=list)
    session_id: str | None = None


@dataclass
class Decision:
    trace_id: str
    decision_type: DecisionType
    summary: str
    confidence: float
    confidence_estimated: bool
    memory_scores: dict[str, float]
    alternatives: list[tuple[str, str]]
    retrieval_id: str | None
    session_id: str | None
    created_at: datetime
    redactions: int = 0
    skipped: list[str] = field(default_factory=list)  # retrieval memories no longer active
    attribution_inferred: bool = False  # no memory named: shares from the ranks (position prior)


def position_prior(rank: int) -> float:
    """How likely an agent acted on the memory it was shown at `rank` (1-based): 1/rank."""
    return 1.0 / max(1, rank)


def estimate_confidence(scores: dict[str, float], memories: dict[str, dict]) -> float:
    """R11: quality (score-weighted salience), coverage (how many), agreement (how aligned)."""
    quality = sum(s * memories[m]["effectiveSalience"] for m, s in scores.items())
    coverage = 1 - math.exp(-len(scores) / 3)
    vectors = np.array([memories[m]["embedding"] for m in scores], dtype=np.float32)
    weights = np.array(list(scores.values()), dtype=np.float32)
    centroid = weights @ vectors
    norm = float(np.linalg.norm(centroid))
    agreement = float(weights @ (vectors @ (centroid / norm))) if norm > 0 else 0.0
    return round(clamp(0.5 * quality + 0.2 * coverage + 0.3 * agreement, 0.05, 0.95), 4)


def _validate(draft: DecisionDraft) -> str:
    summary = draft.summary.strip()
    if not 1 <= len(summary) <= MAX_SUMMARY:
        raise BadUserInput(f"summary must be 1-{MAX_SUMMARY} characters", field="input.summary")
    if not shows_anything(summary):
        raise BadUserInput("summary has no visible character", field="input.summary")
    if draft.confidence is not None and not 0 <= draft.confidence <= 1:
        raise BadUserInput("confidence must be within [0, 1]", field="input.confidence")
    if len(draft.alternatives) > MAX_ALTERNATIVES:
        raise BadUserInput(f"at most {MAX_ALTERNATIVES} alternatives", field="input.alternatives")
    for i, alternative in enumerate(draft.alternatives):
        if not 1 <= len(alternative.strip()) <= MAX_ALTERNATIVE:
            raise BadUserInput(f"alternatives are 1-{MAX_ALTERNATIVE} characters", field=f"input.alternatives[{i}]")
        if not shows_anything(alternative):
            raise BadUserInput("an alternative has no visible character", field=f"input.alternatives[{i}]")
    named: set[str] = set()
    for i, item in enumerate(draft.memories):
        if not 0 <= item.contribution <= 1:
            raise BadUserInput("contribution must be within [0, 1]", field=f"input.memories[{i}].contribution")
        if item.memory_id in named:  # which contribution would hold?
            raise BadUserInput(f"memory {item.memory_id} is named twice", field=f"input.memories[{i}].memoryId")
        named.add(item.memory_id)
    if draft.session_id is not None and not 1 <= len(draft.session_id) <= 100:
        raise BadUserInput("sessionId must be 1-100 characters", field="input.sessionId")
    if not draft.retrieval_id and not draft.memories:
        raise BadUserInput("give a retrievalId or memories", field="input.memories")
    return summary


async def decide(deps: Deps, user_id: str, draft: DecisionDraft, request_id: str | None = None) -> Decision:
    """Records a decision with its influencing memories in one transaction; a `request_id`
    seen before returns the first call's decision (idempotency.py)."""
    return await idempotency.once(
        deps, user_id, request_id, "decide", draft, lambda: _decide(deps, user_id, draft, request_id), _replay
    )


async def _replay(recorded: dict) -> Decision:
    return Decision(
        **{
            **recorded,
            "decision_type": DecisionType(recorded["decision_type"]),
            "created_at": datetime.fromisoformat(recorded["created_at"]),
            "alternatives": [tuple(a) for a in recorded["alternatives"]],
        }
    )


async def _decide(deps: Deps, user_id: str, draft: DecisionDraft, request_id: str | None) -> Decision:
    """Validates and redacts the draft, then in one transaction resolves its evidence,
    scores its memories and creates the decision; again while the retrieval it names is not
    written yet."""
    drafted = _drafted(deps, draft)
    # The retrieval's record is written behind its recall (db/write_behind.py): still queued
    # here, this transaction writes it, ahead of the decision; in flight, it is waited for.
    behind = deps.db.behind
    claimed = behind.claim(draft.retrieval_id, user_id) if draft.retrieval_id else None
    if draft.retrieval_id and claimed is None:
        await behind.settled(draft.retrieval_id, user_id)

    async def work(tx) -> Decision:
        found = await _evidence(tx, user_id, draft, claimed)
        memories = _checked_memories(draft, found)
        scores, skipped = _scores(draft, found, memories)
        decision = _decision(drafted, draft, scores, memories, skipped)
        _create(tx, user_id, draft, decision)
        idempotency.record(tx, user_id, request_id, "decide", draft, decision, decision.created_at)
        return decision

    return await _until_written(deps, work, claimed)


@dataclass(frozen=True)
class _Drafted:
    """A decision's text and ids, made once before its transaction: every attempt writes the
    same ones."""

    trace_id: str
    now: datetime
    summary: str
    redactions: int
    alternatives: list[tuple[str, str]]  # (id, summary)


def _drafted(deps: Deps, draft: DecisionDraft) -> _Drafted:
    """The draft validated, its summary and alternatives redacted, its trace id and time."""
    summary = _validate(draft)
    redacted = redact(summary) if deps.settings.redact_pii else None
    summary = redacted.text if redacted else summary
    alternatives = [
        (str(uuid.uuid4()), redact(a.strip()).text if deps.settings.redact_pii else a.strip())
        for a in draft.alternatives
    ]
    trace_id, now = str(uuid.uuid4()), deps.clock.now()
    return _Drafted(trace_id, now, summary, redacted.total if redacted else 0, alternatives)


async def _evidence(tx, user_id: str, draft: DecisionDraft, claimed: Queued | None) -> dict:
    """What `decisions.influences` reads: the retrieval's returned memories (from its
    claimed record when this decision claimed it) and the memories named or returned; a
    retrieval not written yet is `_RetrievalNotWritten`."""
    if claimed is None:
        [found] = await tx.run(
            "decisions.influences",
            userId=user_id,
            optional=nullable(retrievalId=draft.retrieval_id),
            # an empty list would be planned apart (db/database.py)
            memoryIds=keys_or_none_matching([m.memory_id for m in draft.memories]),
        )
    else:
        found = await _influences_of_claimed(tx, user_id, claimed, draft)
    if draft.retrieval_id and not found["retrievalFound"]:
        raise _RetrievalNotWritten(draft.retrieval_id)
    return found


def _checked_memories(draft: DecisionDraft, found: dict) -> dict[str, dict]:
    """The memories found, by id; NOT_FOUND for a named memory the caller does not have,
    CONFLICT for one that is no longer active."""
    memories = {m["id"]: m for m in found["memories"]}
    for item in draft.memories:
        if item.memory_id not in memories:
            raise NotFound(f"no memory {item.memory_id}")
    inactive = list(
        dict.fromkeys(
            m.memory_id for m in draft.memories if memories[m.memory_id]["status"] != MemoryStatus.ACTIVE.value
        )
    )
    if inactive:
        raise Conflict(
            f"memories {', '.join(inactive)} are not active (forgotten or superseded); "
            "restore them or decide without them"
        )
    return memories


def _scores(draft: DecisionDraft, found: dict, memories: dict[str, dict]) -> tuple[dict[str, float], list[str]]:
    """R10: each memory's score (its retrieval score over the best one, 1.0 when named
    without it, × its relevance: the caller's contribution, or the position prior when
    none is named), normalised; and the returned memories left out as no longer active."""
    returned = {r["id"]: r["score"] for r in found["returned"]}
    rank_of = {r["id"]: r.get("rank") or 1 for r in found["returned"]}
    best = max(returned.values(), default=0.0) or 1.0
    skipped = (
        []
        if draft.memories
        else sorted(m for m in returned if memories.get(m, {}).get("status") != MemoryStatus.ACTIVE.value)
    )
    relevance = (
        {m.memory_id: m.contribution for m in draft.memories}
        if draft.memories
        else {m: position_prior(rank_of[m]) for m in returned if m not in skipped}
    )
    if skipped and not relevance:
        raise Conflict(
            f"every memory of retrieval {draft.retrieval_id} was forgotten or superseded "
            f"since the recall ({', '.join(skipped)}); recall again"
        )
    scores = normalise_scores(
        {
            memory_id: (returned[memory_id] / best if memory_id in returned else 1.0) * weight
            for memory_id, weight in relevance.items()
        }
    )
    if not scores:
        raise BadUserInput("no memory contributed to this decision", field="input.memories")
    return scores, skipped


def _decision(
    drafted: _Drafted, draft: DecisionDraft, scores: dict[str, float], memories: dict[str, dict], skipped: list[str]
) -> Decision:
    """The decision as recorded and answered; its confidence estimated (R11) unless given."""
    estimated = draft.confidence is None
    confidence = estimate_confidence(scores, memories) if draft.confidence is None else draft.confidence
    return Decision(
        trace_id=drafted.trace_id,
        decision_type=draft.decision_type,
        summary=drafted.summary,
        confidence=confidence,
        confidence_estimated=estimated,
        memory_scores=scores,
        alternatives=drafted.alternatives,
        retrieval_id=draft.retrieval_id,
        session_id=draft.session_id,
        created_at=drafted.now,
        redactions=drafted.redactions,
        skipped=skipped,
        attribution_inferred=not draft.memories,
    )


def _create(tx, user_id: str, draft: DecisionDraft, decision: Decision) -> None:
    """Queues the decision, its influences, alternatives and event for the COMMIT."""
    tx.run_at_commit(
        "decisions.create",
        userId=user_id,
        traceId=decision.trace_id,
        decisionType=draft.decision_type.value,
        summary=decision.summary,
        confidence=decision.confidence,
        confidenceEstimated=decision.confidence_estimated,
        attributionInferred=decision.attribution_inferred,
        optional=nullable(sessionId=draft.session_id, retrievalId=draft.retrieval_id),
        influences=[{"memoryId": m, "score": s} for m, s in decision.memory_scores.items()],
        alternatives=[{"id": i, "summary": s} for i, s in decision.alternatives],
        now=decision.created_at,
        events=[
            events.event(
                "decision.tracked",
                traceId=decision.trace_id,
                memoryIds=sorted(decision.memory_scores),
                decisionType=draft.decision_type.value,
            )
        ],
    )


async def _until_written(
    deps: Deps, work: Callable[[Transaction], Awaitable[Decision]], claimed: Queued | None
) -> Decision:
    """Runs `work` in a transaction, again (backing off) while its retrieval is not written:
    another server process may have recorded it behind its recall. The claimed record is
    given back when the decision fails, and marked written once it commits."""
    behind = deps.db.behind
    deadline = time.monotonic() + deps.settings.retrieval_wait_seconds
    pause = RETRIEVAL_POLL_SECONDS
    while True:
        try:
            decision = await deps.db.transaction(work)
        except _RetrievalNotWritten as e:
            if time.monotonic() >= deadline:
                raise _retrieval_missing(deps, e.retrieval_id) from None
            await asyncio.sleep(pause)  # backing off: an unknown id costs a few reads, not fifty
            pause = min(pause * 2, RETRIEVAL_POLL_MAX_SECONDS)
            continue
        except BaseException:
            if claimed is not None:
                behind.give_back(claimed)
            raise
        if claimed is not None:
            behind.written(claimed)
        return decision


RETRIEVAL_POLL_SECONDS = 0.02  # the first wait for a retrieval not yet written; doubled up to
RETRIEVAL_POLL_MAX_SECONDS = 0.2
# A recall's record may still be queued in the process that answered the recall: behind a
# busy writer (an overloaded Neo4j commits slowly) or while Neo4j cannot be reached (the
# writer retries until it is back). For this long after the recall (its id's time), or
# after this process found Neo4j unreachable, a retrieval not found is "try again", not
# "no such retrieval".
RECORD_GRACE_SECONDS = 60.0


def _retrieval_missing(deps: Deps, retrieval_id: str) -> GraphMindError:
    """The error for a retrieval still not written after the wait: UNAVAILABLE (retry) when
    its record may still be queued (its id was issued less than `RECORD_GRACE_SECONDS` ago,
    or Neo4j was unreachable lately); else NOT_FOUND. The answer depends on the id's time
    and on this process, never on whether the retrieval exists: another user's retrieval
    gets the same answer as an id nobody issued."""
    if issued_within(retrieval_id, RECORD_GRACE_SECONDS) or deps.db.unreachable_within(RECORD_GRACE_SECONDS):
        return Unavailable(
            f"retrieval {retrieval_id} is not written yet: its record may still be queued behind "
            "its recall (recalled moments ago, or Neo4j was unreachable lately); try again shortly"
        )
    return NotFound(f"no retrieval {retrieval_id}")


async def _influences_of_claimed(tx, user_id: str, claimed: Queued, draft: DecisionDraft) -> dict:
    """What `decisions.influences` would read of a retrieval, for one whose record this
    decision claimed: what it returned comes from the record, the memories from Neo4j, and
    the record is queued for the COMMIT ahead of the decision, which links to it."""
    results = cast(list[dict], claimed.params["results"])
    returned = [{"id": r["id"], "score": r["score"], "rank": r["rank"]} for r in results]
    wanted = list(dict.fromkeys([r["id"] for r in returned] + [m.memory_id for m in draft.memories]))
    [found] = await tx.run(
        "decisions.influences",
        userId=user_id,
        optional=nullable(retrievalId=None),
        memoryIds=keys_or_none_matching(wanted),
    )
    tx.run_at_commit(claimed.name, **claimed.params)
    return {**found, "retrievalFound": True, "returned": returned}


class _RetrievalNotWritten(Exception):
    def __init__(self, retrieval_id: str) -> None:
        super().__init__(retrieval_id)
        self.retrieval_id = retrieval_id
