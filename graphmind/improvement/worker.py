"""The self-improvement worker (seed 001): one cycle per run of the `self_improve` job.

    control (enabled? kill switch? breaker? backpressure?) → scan the hottest memories
    and a warm sample (the next ones by id), with their neighbours → select candidates (`candidates.py`) → per candidate, while
    the resource gate allows: propose (`proposals.py`) → embed → validate (`gates.py`,
    plus no clash with or duplicate of another memory) → commit through the normal
    remember path (`memory/store.py`, with a `Derivation`) unless dry run → log the
    cycle's decisions (ImprovementCycle, ImprovementDecision) → metrics.

Originals are never changed: an improved memory is a new memory (new id, appended
to the owner's timeline) with source self_improvement, provenance in its metadata,
DERIVED_FROM and IMPROVES edges to its sources.
"""

import json
import logging
import time
import uuid
from dataclasses import dataclass, field
from datetime import timedelta

from graphmind.core.enums import ContentType, Source
from graphmind.deps import Deps
from graphmind.improvement import candidates as selection
from graphmind.improvement import control, gates
from graphmind.improvement.model import GateResult, Proposal, SourceMemory, Verdict
from graphmind.improvement.proposals import propose
from graphmind.job_context import JobContext
from graphmind.lifecycle import truth
from graphmind.memory import neighbours
from graphmind.memory.model import MemoryInput
from graphmind.memory.store import Derivation, remember_many

log = logging.getLogger("graphmind.improvement")
HOT_PER_CANDIDATE = 15  # hottest memories scanned per candidate the batch allows
SWEEP_PER_CANDIDATE = 10  # …and memories of the warm sample (by id, from the sweep cursor)
NEIGHBOURS = 5
# the owner's nearest the index returns per scanned memory, as a multiple of k + 1: room for
# the conditions it cannot test (scenes, improved versions, cooldowns)
NEIGHBOUR_SEARCH_FACTOR = 4


@dataclass
class Cycle:
    id: str
    started_at: object
    dry_run: bool
    safety_mode: str
    candidates: int = 0
    verdicts: list[Verdict] = field(default_factory=list)
    stopped_by: str | None = None


async def self_improve(ctx: JobContext, user_id: str | None = None, cycle_id: str | None = None) -> dict[str, int]:
    """One self-improvement cycle across the chosen users (everyone unless an admin chose some),
    or for one user; nothing at all unless enabled (by the setting, or at run time by an admin).
    With `cycle_id`, an admin's run for one user (`runSelfImprovement`): the on/off switch and
    the chosen users do not apply, the kill switch and the breaker do, and only the run's own
    dry_run decides whether it commits."""
    deps, s = ctx.deps, ctx.deps.settings
    state = await control.load(deps)
    asked = cycle_id is not None
    if not asked and not state.effective_enabled(s.self_improvement_enabled):
        ctx.add("disabled")
        return ctx.counts
    if not asked and user_id is not None and state.users is not None and user_id not in state.users:
        ctx.add("user_not_chosen")
        return ctx.counts
    if s.self_improvement_allow_llm_rewrite:
        log.warning("GRAPHMIND_SELF_IMPROVEMENT_ALLOW_LLM_REWRITE is set, but phase B is not built: ignored")
    now = deps.clock.now()
    if state.kill_switch:
        ctx.add("killed")
        return ctx.counts
    if state.breaker_open(now):
        ctx.add("breaker_open")
        return ctx.counts
    dry_run = ctx.dry_run if asked else ctx.dry_run or s.self_improvement_dry_run
    cycle = Cycle(cycle_id or str(uuid.uuid4()), now, dry_run, s.self_improvement_safety_mode)
    if deps.metrics.in_flight > s.self_improvement_backpressure_requests:
        deps.metrics.improve_backpressure_skips.inc()
        cycle.stopped_by = "backpressure"
        ctx.add("backpressure_skips")
        await _record(deps, cycle, 0.0)
        return ctx.counts
    started = time.monotonic()
    failures = state.consecutive_failures
    try:
        failures = await _run(
            deps, cycle, [user_id] if user_id else state.users, state.sweep_after_id, failures, started, live=True
        )
        ctx.add("candidates", cycle.candidates)
    finally:
        seconds = time.monotonic() - started
        deps.metrics.improve_cycle_seconds.observe(seconds)
        await control.save_breaker(deps, failures, cycle.stopped_by == "circuit_breaker")
        await _record(deps, cycle, seconds)
    for verdict in cycle.verdicts:
        ctx.add(verdict.outcome)
    if cycle.stopped_by:
        ctx.add(f"stopped_by_{cycle.stopped_by}")
    return ctx.counts


async def preview(deps: Deps, user_id: str) -> dict:
    """What a cycle would do for one user now, changing nothing: a dry run whatever the
    switches say, with no commit, no decision log and no move of the sweep cursor or the
    breaker. The cycle and its decisions, as `improvement.cycles` returns them."""
    state = await control.load(deps)
    cycle = Cycle(str(uuid.uuid4()), deps.clock.now(), True, deps.settings.self_improvement_safety_mode)
    started = time.monotonic()
    await _run(deps, cycle, [user_id], "", state.consecutive_failures, started, live=False)
    summary, decisions = _rows(cycle, time.monotonic() - started, deps.clock.now())
    return {"cycle": summary, "decisions": decisions}


async def _run(
    deps: Deps, cycle: Cycle, user_ids: list[str] | None, sweep_after: str, failures: int, started: float, live: bool
) -> int:
    """Selects the candidates and validates (and, unless a dry run, commits) their proposals
    into `cycle`; the consecutive failures after it. `live`: a scheduled cycle (it moves the
    sweep cursor and stops for the kill switch); otherwise a preview."""
    s = deps.settings
    chosen = await _select(deps, cycle.started_at, user_ids, sweep_after, save_cursor=live)
    cycle.candidates = len(chosen)
    deps.metrics.improve_candidates.set(len(chosen))
    attempts = 0
    for candidate in chosen:
        budget = gates.resource(
            time.monotonic() - started, s.self_improvement_max_cycle_seconds, attempts, s.self_improvement_batch_size
        )
        if not budget.passed:
            cycle.stopped_by = "resource"
            break
        if live and (await control.load(deps)).kill_switch:
            cycle.stopped_by = "kill_switch"
            break
        proposal = propose(candidate)
        if proposal is None:
            cycle.verdicts.append(Verdict(candidate, None, [budget], None, "skipped", "nothing to improve"))
            continue
        attempts += 1
        verdict = await _attempt(deps, cycle, proposal, budget)
        cycle.verdicts.append(verdict)
        failures = control.after_proposal(failures, verdict.accepted)
        if failures >= s.self_improvement_breaker_failures:
            cycle.stopped_by = "circuit_breaker"
            break
    return failures


async def _select(deps: Deps, now, user_ids: list[str] | None, sweep_after: str, save_cursor: bool = True) -> list:
    s = deps.settings
    cutoff = now - timedelta(minutes=s.self_improvement_cooldown_minutes)
    hot = await deps.db.read(
        "improvement.scan",
        userIds=user_ids,
        cooldownCutoff=cutoff,
        now=now,
        limit=s.self_improvement_batch_size * HOT_PER_CANDIDATE,
    )
    sweep_limit = s.self_improvement_batch_size * SWEEP_PER_CANDIDATE
    warm = await deps.db.read(
        "improvement.sweep", userIds=user_ids, afterId=sweep_after, cooldownCutoff=cutoff, now=now, limit=sweep_limit
    )
    if save_cursor:
        await control.save_sweep(deps, warm[-1]["memory"]["id"] if len(warm) == sweep_limit else "")
    scanned = {r["memory"]["id"]: SourceMemory.from_row(r["memory"]) for r in hot + warm}
    pairs = []
    if scanned:
        near = await deps.db.read(
            "improvement.neighbours",
            ids=list(scanned),
            k=NEIGHBOURS,
            minSimilarity=selection.TOPIC_SIMILARITY,
            searchK=(NEIGHBOURS + 1) * NEIGHBOUR_SEARCH_FACTOR,
            cooldownCutoff=cutoff,
            now=now,
        )
        for row in near:
            neighbour = row["neighbour"]
            scanned.setdefault(neighbour["id"], SourceMemory.from_row(neighbour))
            pairs.append((row["id"], neighbour["id"], row["similarity"]))
    memories = sorted(scanned.values(), key=lambda m: m.id)
    return selection.select(memories, pairs, s.self_improvement_batch_size, s.self_improvement_max_candidates_per_topic)


async def _attempt(deps: Deps, cycle: Cycle, proposal: Proposal, budget: GateResult) -> Verdict:
    s = deps.settings
    deps.metrics.improve_attempts.labels(proposal.type.value).inc()
    [vector] = await deps.embedder.embed_async([proposal.content])
    results = [
        budget,
        *gates.validate(
            proposal,
            vector,
            cycle.safety_mode,
            s.self_improvement_min_semantic_similarity,
            s.self_improvement_min_improvement_score,
            s.redact_pii,
        ),
    ]
    results.append(await _no_clash(deps, proposal, vector))
    score = gates.improvement_score(proposal)
    failed = next((r for r in results if not r.passed), None)
    if failed:
        deps.metrics.improve_rejects.labels(failed.gate).inc()
        return Verdict(proposal.candidate, proposal, results, score, "rejected", f"{failed.gate}: {failed.reason}")
    deps.metrics.improve_quality_delta.observe(score)
    if cycle.dry_run:
        return Verdict(proposal.candidate, proposal, results, score, "accepted_dry_run")
    try:
        memory_id = await _commit(deps, cycle, proposal, results, score)
    except Exception as e:  # a failed commit counts against the breaker, and is logged
        log.exception("self-improvement commit failed")
        deps.metrics.improve_rejects.labels("commit").inc()
        return Verdict(proposal.candidate, proposal, results, score, "rejected", f"commit: {type(e).__name__}")
    deps.metrics.improve_commits.labels(proposal.type.value).inc()
    return Verdict(proposal.candidate, proposal, results, score, "committed", memory_id=memory_id)


async def _no_clash(deps: Deps, proposal: Proposal, vector) -> GateResult:
    """Part of fact safety: the proposal neither duplicates nor contradicts a memory
    outside its lineage (the remember path would reinforce or settle them instead)."""
    s = deps.settings
    lineage = {m.id for m in proposal.sources}
    [found] = await neighbours.near(
        deps.db.read, s, proposal.candidate.user_id, [proposal.content], [vector], extra=len(lineage)
    )
    others = [(claim, similarity) for claim, similarity in found if claim.id not in lineage]
    first = proposal.sources[0]
    verdict = truth.judge(
        truth.Claim(
            "proposal",
            proposal.content,
            first.content_type,
            min(m.trust for m in proposal.sources),
            deps.clock.now(),
            deps.clock.now(),
        ),
        others,
        s.dedup_threshold,
    )
    if verdict.conflicts:
        return GateResult("existing", False, 0.0, f"contradicts memory {verdict.conflicts[0].existing_id}")
    if verdict.duplicate_of:
        memory_id, similarity = verdict.duplicate_of
        return GateResult("existing", False, round(similarity, 4), f"duplicates memory {memory_id}")
    return GateResult("existing", True, 1.0)


def _version(proposal: Proposal) -> str:
    versions = [int(str(m.metadata.get("version_tag", "v1")).lstrip("v") or 1) for m in proposal.sources]
    return f"v{max(versions) + 1}"


async def _commit(deps: Deps, cycle: Cycle, proposal: Proposal, results: list[GateResult], score: float) -> str:
    sources = proposal.sources
    ids = [m.id for m in sources]
    provenance = {
        "source": Source.SELF_IMPROVEMENT.value,
        "improvement_type": proposal.type.value,
        **({"derived_from": ids[0]} if len(ids) == 1 else {"derived_from_many": ids}),
        "improvement_score": score,
        "validator_scores": {r.gate: r.score for r in results},
        "supersedes": proposal.supersedes,
        "version_tag": _version(proposal),
        "safety_mode": cycle.safety_mode,
        "cycle_id": cycle.id,
    }
    valid_untils = [m.valid_until for m in sources if m.valid_until]
    item = MemoryInput(
        content=proposal.content,
        content_type=ContentType(sources[0].content_type),
        temporal_level=max(m.temporal_level for m in sources),
        base_salience=max(m.effective_salience for m in sources),
        valid_until=min(valid_untils) if valid_untils else None,
        source=Source.SELF_IMPROVEMENT,
        tags=proposal.tags,
        metadata={**proposal.metadata, **provenance},
        entities=proposal.entities,
    )
    derivation = Derivation(tuple(ids), tuple(proposal.supersedes), min(m.trust for m in sources))
    [result] = await remember_many(deps, proposal.candidate.user_id, [item], [derivation])
    if result.duplicate_of:
        raise RuntimeError(f"stored as a duplicate of {result.duplicate_of}")
    return result.memory.id


async def _record(deps: Deps, cycle: Cycle, seconds: float) -> None:
    """The decision log: written in dry runs too (it is the dry run's report)."""
    summary, decisions = _rows(cycle, seconds, deps.clock.now())
    await deps.db.write("improvement.record_cycle", cycle=summary, decisions=decisions)


def _rows(cycle: Cycle, seconds: float, now) -> tuple[dict, list[dict]]:
    """The cycle and its decisions as the decision log stores them."""
    verdicts = cycle.verdicts
    accepted = [v.improvement_score for v in verdicts if v.accepted and v.improvement_score is not None]
    decisions = [
        {
            "id": str(uuid.uuid4()),
            "cycleId": cycle.id,
            "position": n,
            "userId": v.candidate.user_id,
            "at": now,
            "candidateKind": v.candidate.kind.value,
            "sourceIds": v.candidate.ids,
            "type": v.proposal.type.value if v.proposal else None,
            "outcome": v.outcome,
            "reason": v.reason,
            "rationale": v.proposal.rationale if v.proposal else None,
            "diff": json.dumps(v.proposal.diff, sort_keys=True, default=str) if v.proposal else None,
            "proposedContent": v.proposal.content if v.proposal else None,
            "validatorScores": json.dumps({r.gate: r.score for r in v.gates}, sort_keys=True),
            "gateFailures": json.dumps({r.gate: r.reason for r in v.gates if not r.passed}, sort_keys=True),
            "improvementScore": v.improvement_score,
            "memoryId": v.memory_id,
        }
        for n, v in enumerate(verdicts)
    ]
    counts = {
        o: sum(v.outcome == o for v in verdicts) for o in ("committed", "accepted_dry_run", "rejected", "skipped")
    }
    return {
        "id": cycle.id,
        "startedAt": cycle.started_at,
        "durationMs": round(seconds * 1000, 3),
        "dryRun": cycle.dry_run,
        "safetyMode": cycle.safety_mode,
        "candidates": cycle.candidates,
        "attempts": sum(v.proposal is not None for v in verdicts),
        "committed": counts["committed"],
        "acceptedDryRun": counts["accepted_dry_run"],
        "rejected": counts["rejected"],
        "skipped": counts["skipped"],
        "stoppedBy": cycle.stopped_by,
        "qualityDelta": round(sum(accepted) / len(accepted), 4) if accepted else None,
    }, decisions
