"""GraphQL types of the self-improvement worker: its state and its cycles' decision logs."""

import json
from datetime import datetime
from enum import Enum

import strawberry
from strawberry.scalars import JSON

from graphmind.db.database import native
from graphmind.improvement import control, model

ImprovementType = strawberry.enum(model.ImprovementType, description="What a proposal improves (seed 001).")
CandidateKind = strawberry.enum(model.CandidateKind, description="Why memories were selected for improvement.")


@strawberry.enum(description="What became of a candidate in a cycle.")
class DecisionOutcome(Enum):
    COMMITTED = "committed"
    ACCEPTED_DRY_RUN = "accepted_dry_run"
    REJECTED = "rejected"
    SKIPPED = "skipped"


@strawberry.type(description="The self-improvement worker's configuration and runtime switches.")
class SelfImprovement:
    enabled: bool = strawberry.field(
        description="Whether cycles run: as an admin set it at run time (setSelfImprovement), else "
        "GRAPHMIND_SELF_IMPROVEMENT_ENABLED (off by default)."
    )
    enabled_by: str = strawberry.field(description='Who decides `enabled` now: "admin" or "setting".')
    users: list[strawberry.ID] | None = strawberry.field(
        description="The only users cycles work for, as an admin chose them (null: everyone)."
    )
    schedule_reason: str | None = strawberry.field(description="Why the admin switched or restricted it.")
    schedule_changed_at: datetime | None = strawberry.field(description="When an admin last did.")
    dry_run: bool = strawberry.field(description="Whether cycles only validate and report (the default).")
    safety_mode: str = strawberry.field(description="strict or balanced (fact-safety gate).")
    kill_switch: bool = strawberry.field(description="Whether an operator stopped the worker.")
    kill_switch_reason: str | None = strawberry.field(description="Why, as the operator said.")
    kill_switch_changed_at: datetime | None = strawberry.field(description="When the switch last moved.")
    consecutive_failures: int = strawberry.field(description="Rejected or failed proposals in a row.")
    breaker_open_until: datetime | None = strawberry.field(
        description="The circuit breaker keeps the worker stopped until then (null: closed)."
    )


@strawberry.type(description="One candidate's decision in a cycle: the proposal, its gates, its fate.")
class ImprovementDecision:
    id: strawberry.ID = strawberry.field(description="The decision's id.")
    candidate_kind: model.CandidateKind = strawberry.field(description="Why its memories were selected.")
    source_ids: list[strawberry.ID] = strawberry.field(description="The memories it is about (unchanged).")
    type: model.ImprovementType | None = strawberry.field(description="The proposal's type (null: nothing proposed).")
    outcome: DecisionOutcome = strawberry.field(description="Committed, accepted in a dry run, rejected or skipped.")
    reason: str | None = strawberry.field(description="Why it was rejected or skipped: the failing gate first.")
    rationale: str | None = strawberry.field(description="Why the proposal would improve the memories.")
    proposed_content: str | None = strawberry.field(description="The proposed memory's text.")
    diff: JSON | None = strawberry.field(description="Structured diff summary of the proposal.")
    validator_scores: JSON = strawberry.field(description="Each gate's score, by gate.")
    improvement_score: float | None = strawberry.field(description="The structure score's rise.")
    memory_id: strawberry.ID | None = strawberry.field(description="The improved memory, when committed.")


@strawberry.type(description="One cycle of the self-improvement worker (counts across all users).")
class ImprovementCycle:
    id: strawberry.ID = strawberry.field(description="The cycle's id.")
    started_at: datetime = strawberry.field(description="When it started.")
    duration_ms: float = strawberry.field(description="How long it ran, in milliseconds.")
    dry_run: bool = strawberry.field(description="Whether it only validated and reported.")
    safety_mode: str = strawberry.field(description="strict or balanced.")
    candidates: int = strawberry.field(description="Candidates selected.")
    attempts: int = strawberry.field(description="Proposals validated.")
    committed: int = strawberry.field(description="Improved memories stored.")
    accepted_dry_run: int = strawberry.field(description="Proposals that passed every gate in a dry run.")
    rejected: int = strawberry.field(description="Proposals a gate rejected (or whose commit failed).")
    skipped: int = strawberry.field(description="Candidates with nothing to improve.")
    stopped_by: str | None = strawberry.field(
        description="What ended it early: resource, kill_switch, circuit_breaker or backpressure."
    )
    quality_delta: float | None = strawberry.field(description="Mean improvement score of accepted proposals.")
    decisions: list[ImprovementDecision] = strawberry.field(description="Decisions about the caller's memories.")


def to_state(settings, state: control.Control) -> SelfImprovement:
    return SelfImprovement(
        enabled=state.effective_enabled(settings.self_improvement_enabled),
        enabled_by="setting" if state.enabled is None else "admin",
        users=[strawberry.ID(u) for u in state.users] if state.users is not None else None,
        schedule_reason=state.schedule_reason,
        schedule_changed_at=state.schedule_changed_at,
        dry_run=settings.self_improvement_dry_run,
        safety_mode=settings.self_improvement_safety_mode,
        kill_switch=state.kill_switch,
        kill_switch_reason=state.kill_switch_reason,
        kill_switch_changed_at=state.kill_switch_changed_at,
        consecutive_failures=state.consecutive_failures,
        breaker_open_until=state.breaker_open_until,
    )


def _decision(row: dict) -> ImprovementDecision:
    return ImprovementDecision(
        id=row["id"],
        candidate_kind=model.CandidateKind(row["candidateKind"]),
        source_ids=row["sourceIds"],
        type=model.ImprovementType(row["type"]) if row.get("type") else None,
        outcome=DecisionOutcome(row["outcome"]),
        reason=row.get("reason"),
        rationale=row.get("rationale"),
        proposed_content=row.get("proposedContent"),
        diff=json.loads(row["diff"]) if row.get("diff") else None,
        validator_scores=json.loads(row.get("validatorScores") or "{}"),
        improvement_score=row.get("improvementScore"),
        memory_id=row.get("memoryId"),
    )


def to_cycle(row: dict) -> ImprovementCycle:
    c = row["cycle"]
    return ImprovementCycle(
        id=c["id"],
        started_at=native(c["startedAt"]),
        duration_ms=c["durationMs"],
        dry_run=c["dryRun"],
        safety_mode=c["safetyMode"],
        candidates=c["candidates"],
        attempts=c["attempts"],
        committed=c["committed"],
        accepted_dry_run=c["acceptedDryRun"],
        rejected=c["rejected"],
        skipped=c["skipped"],
        stopped_by=c.get("stoppedBy"),
        quality_delta=c.get("qualityDelta"),
        decisions=[_decision(d) for d in row["decisions"]],
    )
