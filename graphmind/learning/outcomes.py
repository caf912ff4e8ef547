"""The OBSERVE, LEARN and ADJUST phases: `observeOutcome`.

Within 7 days of the decision (R14), once per decision unless it is a revision.
In one transaction: the Outcome; per influencing memory its attribution (R18),
the salience change (R15 with the R17 table, bounded by R16; learning rate,
its decay, loss aversion and the table come from the settings) recorded as a
SalienceUpdate, a Kalman update of its utility (seed 003 policy 6), and R20:
a good outcome makes the memory more stable (and extends a set validity by as
much), a bad one less stable (faster decay). A good outcome also associates the
decision's memories with each other (co-use, `core/edges.py`). A revision
first reverses the net salience change of the decision's outcomes and takes the
replaced outcome back out of utility and stability (co-use stays, and is not
applied twice).

When the decision's attribution was inferred (decide with a retrievalId only), an
outcome teaches by surprise (the Rescorla-Wagner rule): R15 runs on the outcome
minus what the decision's memories already predicted, the share-weighted sum of
their outcome adjustments scaled to [-1, 1]. A memory recalled beside the one that
worked keeps earning credit only while the success is still unexplained; once the
memories that keep succeeding predict it, bystanders stop drifting up, and a failure
of a memory predicted to work is a large surprise that falls mostly on the top rank.
Named memories (the strongest signal) learn from the outcome itself, as before.
"""

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import Enum

from graphmind import idempotency
from graphmind.core import edges, events
from graphmind.core.redaction import redact
from graphmind.core.visible import shows_anything
from graphmind.db.database import native, nullable
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.learning.salience import (
    apply_delta,
    attribution,
    decayed_learning_rate,
    salience_delta,
    surprise,
)
from graphmind.lifecycle import decay
from graphmind.memory.utility import Utility, kalman_unobserve, kalman_update
from graphmind.settings import Settings

WINDOW = timedelta(days=7)  # R14
STABILITY_RATE = 0.5  # S·(1 + 0.5 · quality · attribution)
MAX_FEEDBACK = 2000


class Signal(str, Enum):
    """How the outcome was detected (R12)."""

    USER_ACCEPTED = "user_accepted"
    USER_REJECTED = "user_rejected"
    USER_MODIFIED = "user_modified"
    TASK_COMPLETED = "task_completed"
    TASK_FAILED = "task_failed"
    TASK_PARTIAL = "task_partial"
    AGENT_FEEDBACK = "agent_feedback"


@dataclass
class OutcomeDraft:
    trace_id: str
    quality: float
    signal: Signal
    feedback: str | None = None
    revision: bool = False


@dataclass
class SalienceUpdate:
    memory_id: str
    reason: str
    attribution: float
    delta: float
    previous_adjustment: float
    new_adjustment: float
    previous_effective: float
    new_effective: float
    utility: float


@dataclass
class Outcome:
    outcome_id: str
    trace_id: str
    quality: float
    signal: Signal
    feedback: str | None
    observed_at: datetime
    revision_of: str | None
    updates: list[SalienceUpdate] = field(default_factory=list)


def _validate(draft: OutcomeDraft) -> str | None:
    if not -1.0 <= draft.quality <= 1.0:
        raise BadUserInput("quality must be within [-1, 1]", field="input.quality")
    if draft.feedback is not None and len(draft.feedback) > MAX_FEEDBACK:
        raise BadUserInput(f"feedback is at most {MAX_FEEDBACK} characters", field="input.feedback")
    if draft.feedback and draft.feedback.strip() and not shows_anything(draft.feedback):
        raise BadUserInput("feedback has no visible character", field="input.feedback")
    return draft.feedback.strip() if draft.feedback else None


async def observe_outcome(deps: Deps, user_id: str, draft: OutcomeDraft, request_id: str | None = None) -> Outcome:
    """Records an outcome and what it teaches (one transaction); a `request_id` seen
    before returns the first call's outcome (idempotency.py)."""
    return await idempotency.once(
        deps, user_id, request_id, "observeOutcome", draft, lambda: _observe(deps, user_id, draft, request_id), _replay
    )


async def _replay(recorded: dict) -> Outcome:
    return Outcome(
        **{
            **recorded,
            "signal": Signal(recorded["signal"]),
            "observed_at": datetime.fromisoformat(recorded["observed_at"]),
            "updates": [SalienceUpdate(**u) for u in recorded["updates"]],
        }
    )


LATEST = datetime.max.replace(tzinfo=UTC)  # the latest validity a memory takes (remember: years 1-9999)


def _extended(valid_until: datetime, by: timedelta) -> datetime:
    """A validity extended by `by`, at most to the latest one a memory can have."""
    return valid_until + by if valid_until <= LATEST - by else LATEST


def _utility_of(memory: dict) -> Utility:
    """A memory's utility as stored, the prior for one never observed (0.0 is an estimate)."""
    estimate, variance = memory.get("utilityEstimate"), memory.get("utilityVariance")
    return Utility(0.5 if estimate is None else estimate, 1.0 if variance is None else variance)


def _unlearn(memory: dict, quality: float, share: float, now: datetime) -> None:
    """Takes a replaced outcome's `quality` back out of a memory's utility (the Kalman
    observation removed) and stability (its R20 factor divided out, and the hours a set,
    future validity gained with it taken off again, not before now)."""
    utility = kalman_unobserve(
        _utility_of(memory),
        observed=(quality + 1) / 2,
        measurement_noise=0.5 / share,
    )
    stability = memory.get("stability") or decay.DEFAULT_STABILITY_HOURS
    old_stability = decay.unreviewed_stability(stability, STABILITY_RATE, quality * share)
    valid_until = native(memory.get("validUntil"))
    if valid_until and valid_until > now and old_stability < stability:
        valid_until = max(now, valid_until - timedelta(hours=stability - old_stability))
    memory.update(
        utilityEstimate=utility.estimate,
        utilityVariance=utility.variance,
        stability=old_stability,
        validUntil=valid_until,
    )


async def _observe(deps: Deps, user_id: str, draft: OutcomeDraft, request_id: str | None) -> Outcome:
    """Validates and redacts the feedback, then in one transaction reads the decision's
    trace, reverses what a revised outcome taught, learns from this one, associates the
    decision's memories and records it all."""
    feedback = _validate(draft)
    if feedback and deps.settings.redact_pii:
        feedback = redact(feedback).text
    outcome_id, settings = str(uuid.uuid4()), deps.settings

    async def work(tx) -> Outcome:
        trace = await _read_trace(tx, deps, user_id, draft)  # built anew by each attempt
        if trace.current:
            _reverse(trace, trace.current)
        _learn(trace, settings)
        couse = _couse(trace, settings)
        revision_of = trace.current["id"] if trace.current else None
        outcome = Outcome(
            outcome_id, draft.trace_id, draft.quality, draft.signal, feedback, trace.now, revision_of, trace.updates
        )
        _record(tx, user_id, outcome, trace.records, couse)
        idempotency.record(tx, user_id, request_id, "observeOutcome", draft, outcome, trace.now)
        return outcome

    return await deps.db.transaction(work)


@dataclass
class _Trace:
    """What one attempt reads of the decision's trace (`outcomes.trace`: the decision, its
    current outcome, its influencing memories and their updates so far) and what it does:
    each memory's state as the outcome changes it, and the salience updates to record."""

    draft: OutcomeDraft
    row: dict
    now: datetime
    state: dict[str, dict]  # the influencing memories by id, changed as they learn
    updates: list[SalienceUpdate] = field(default_factory=list)
    records: list[dict] = field(default_factory=list)  # the updates as `outcomes.record` writes them

    @property
    def decision(self) -> dict:
        return self.row["decision"]

    @property
    def current(self) -> dict | None:
        """The decision's outcome so far (the one a revision replaces), or None."""
        return self.row["outcome"]

    def apply(self, memory_id: str, delta: float, reason: str, share: float, **extra) -> None:
        """Changes a memory's outcome adjustment by `delta` (bounded: R16), as an update."""
        memory = self.state[memory_id]
        change = apply_delta(memory["baseSalience"], memory["outcomeAdjustment"], delta)
        memory["outcomeAdjustment"] = change.new_adjustment
        update = SalienceUpdate(
            memory_id,
            reason,
            share,
            change.delta,
            change.previous_adjustment,
            change.new_adjustment,
            change.previous_effective,
            change.new_effective,
            memory.get("utilityEstimate") or 0.5,
        )
        self.updates.append(update)
        self.records.append(
            {
                "memoryId": memory_id,
                "reason": reason,
                "attribution": share,
                "delta": update.delta,
                "previousAdjustment": update.previous_adjustment,
                "newAdjustment": update.new_adjustment,
                "previousEffective": update.previous_effective,
                "newEffective": update.new_effective,
                "utility": update.utility,
                "utilityEstimate": memory.get("utilityEstimate"),
                "utilityVariance": memory.get("utilityVariance"),
                "stability": memory.get("stability"),
                "validUntil": memory.get("validUntil"),
                "causalConfidence": None,
                # decisions of the memory with an outcome, this one's included (trace.cypher)
                "outcomeCount": memory["outcomes"] + 1,
                **extra,
            }
        )


async def _read_trace(tx, deps: Deps, user_id: str, draft: OutcomeDraft) -> _Trace:
    """Reads the decision's trace, holding its lock, and checks the outcome may be
    observed: the decision exists, its window (R14) is open, and it has no outcome yet
    unless this is a revision."""
    rows = await tx.run("outcomes.trace", userId=user_id, traceId=draft.trace_id, now=deps.clock.now())
    # read once the trace holds the decision's lock: concurrent revisions are stamped in
    # the order they commit (QA: a revisedAt before its outcome's own observedAt)
    now = deps.clock.now()
    if not rows:
        raise NotFound(f"no decision {draft.trace_id}")
    [row] = rows
    decision, current = row["decision"], row["outcome"]
    closes = native(decision["createdAt"]) + WINDOW
    if now > closes:
        raise Conflict(f"the 7-day outcome window of decision {draft.trace_id} closed at {closes.isoformat()}")
    if current and not draft.revision:
        raise Conflict(f"decision {draft.trace_id} already has an outcome; send revision: true to revise it")
    return _Trace(draft, row, now, {m["id"]: dict(m) for m in row["influences"]})


def _reverse(trace: _Trace, replaced: dict) -> None:
    """A revision first undoes what the decision's outcomes so far still hold: the net
    salience change of every update of every outcome of the decision, reversals included
    (the last outcome's alone, unless a bound clamped a change or an older version summed
    only the replaced outcome's and put an earlier one back), and what the `replaced`
    outcome taught utility and stability."""
    net: dict[str, float] = {}
    for previous in trace.row["updates"]:
        net[previous["memoryId"]] = net.get(previous["memoryId"], 0.0) + previous["delta"]
    for memory_id, total in net.items():
        if memory_id in trace.state and total:
            trace.apply(memory_id, -total, "revision_reversal", 0.0)
    for memory in trace.state.values():
        _unlearn(memory, replaced["quality"], attribution(memory["score"]), trace.now)


def _learn(trace: _Trace, settings: Settings) -> None:
    """What the outcome teaches each memory behind the decision: its salience change (R15,
    R17; by surprise when the attribution was inferred), its utility and stability (R20)."""
    draft, state = trace.draft, trace.state
    reason = (
        "positive_outcome" if draft.quality > 0 else ("negative_outcome" if draft.quality < 0 else "neutral_outcome")
    )
    taught = draft.quality
    if trace.decision.get("attributionInferred"):
        taught = surprise(
            draft.quality, {m: (attribution(x["score"]), x["outcomeAdjustment"] or 0.0) for m, x in state.items()}
        )
    for memory_id, memory in state.items():
        share = attribution(memory["score"])
        rate = decayed_learning_rate(
            settings.learning_rate, settings.learning_rate_min, settings.learning_rate_half_life, memory["outcomes"]
        )
        delta = salience_delta(
            taught,
            share,
            memory["temporalLevel"],
            rate,
            negative_weight=settings.negative_outcome_weight,
            dampening=settings.temporal_dampening,
        )
        _review(memory, draft.quality, share, trace.now)
        trace.apply(
            memory_id,
            delta,
            reason,
            share,
            causalConfidence=round(share * (trace.decision.get("confidence") or 0.5), 4) if draft.quality else None,
        )


def _review(memory: dict, quality: float, share: float, now: datetime) -> None:
    """Adds an outcome's `quality` to a memory's utility (a Kalman observation) and
    stability (R20: more stable after a good outcome, extending a set, future validity by
    as much; less stable after a bad one)."""
    utility = kalman_update(
        _utility_of(memory),
        observed=(quality + 1) / 2,
        measurement_noise=0.5 / share,
    )
    stability = memory.get("stability") or decay.DEFAULT_STABILITY_HOURS
    new_stability = decay.reviewed_stability(stability, STABILITY_RATE, quality * share)
    valid_until = native(memory.get("validUntil"))
    if valid_until and valid_until > now and new_stability > stability:
        valid_until = _extended(valid_until, timedelta(hours=new_stability - stability))
    memory.update(
        utilityEstimate=utility.estimate,
        utilityVariance=utility.variance,
        stability=new_stability,
        validUntil=valid_until,
    )


def _couse(trace: _Trace, settings: Settings) -> list[edges.EdgeChange]:
    """Co-use: the memories behind a good decision are associated, once per decision (a
    revision of a good outcome does not strengthen them again)."""
    quality, state = trace.draft.quality, trace.state
    already_associated = any(u["reason"] == "positive_outcome" for u in trace.row["updates"])
    if quality > 0 and not already_associated:
        used = sorted(state, key=lambda m: -state[m]["score"])[: settings.couse_max_memories]
        return edges.among(used, settings.couse_rate * quality)
    return []


def _record(tx, user_id: str, outcome: Outcome, records: list[dict], couse: list[edges.EdgeChange]) -> None:
    """Queues the outcome, its salience updates, its events and the co-use edges for the
    COMMIT."""
    tx.run_at_commit(
        "outcomes.record",
        userId=user_id,
        traceId=outcome.trace_id,
        outcomeId=outcome.outcome_id,
        quality=outcome.quality,
        signal=outcome.signal.value,
        optional=nullable(feedback=outcome.feedback, revisionOf=outcome.revision_of),
        updates=records,
        now=outcome.observed_at,
        events=[
            events.event(
                "outcome.observed",
                traceId=outcome.trace_id,
                outcomeId=outcome.outcome_id,
                quality=outcome.quality,
                signal=outcome.signal.value,
                revisionOf=outcome.revision_of,
            ),
            *[
                events.event(
                    "salience.adjusted",
                    memoryId=u.memory_id,
                    traceId=outcome.trace_id,
                    outcomeId=outcome.outcome_id,
                    previous=u.previous_adjustment,
                    new=u.new_adjustment,
                    delta=u.delta,
                    reason=u.reason,
                )
                for u in outcome.updates
            ],
        ],
        changes=edges.as_params(couse),
    )
