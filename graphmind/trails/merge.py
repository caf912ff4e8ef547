"""Merging trails: visits united, hypotheses reconciled by confidence and recency."""

import time
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from graphmind.associative import nodes
from graphmind.associative.activation import max_entity_degree
from graphmind.associative.learn import validate_agent_id
from graphmind.core import events
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, Conflict
from graphmind.lifecycle.conflicts import negates
from graphmind.memory.lock import lock_user
from graphmind.trails.drafts import checked_text
from graphmind.trails.model import (
    BRIDGES_SHOWN,
    CONFIDENCE_WEIGHT,
    MAX_LABEL,
    MAX_MERGE,
    RECENCY_HALF_LIFE_DAYS,
    RECENCY_WEIGHT,
    ConclusionDraft,
    Connection,
    Hypothesis,
    HypothesisDraft,
    HypothesisStatus,
    MergeConflict,
    MergeResult,
    TrailDraft,
    TrailStatus,
    Visit,
    VisitDraft,
)
from graphmind.trails.store import full_trail, trail_states, write_trail

# --- merge ----------------------------------------------------------------------


def _normal(statement: str) -> str:
    return " ".join(statement.lower().split()).rstrip(".")


def contradict(a: Hypothesis, b: Hypothesis) -> bool:
    """Evidence one trusts is evidence the other doubts, or one statement negates the other
    (the rule memory conflicts use: `lifecycle/conflicts.negates`)."""
    if set(a.supporting) & set(b.contradicting) or set(b.supporting) & set(a.contradicting):
        return True
    return negates(a.statement, b.statement)


def score(h: Hypothesis, now: datetime) -> float:
    """Confidence and recency (halves every 7 days since the hypothesis was formed)."""
    age_days = max(0.0, (now - h.created_at).total_seconds() / 86400)
    return CONFIDENCE_WEIGHT * h.confidence + RECENCY_WEIGHT * 0.5 ** (age_days / RECENCY_HALF_LIFE_DAYS)


@dataclass
class _Merged:
    hypothesis: Hypothesis
    trails: set[str]


def merge_hypotheses(
    by_trail: dict[str, list[Hypothesis]], now: datetime, margin: float
) -> tuple[list[Hypothesis], list[MergeConflict]]:
    """One hypothesis per statement (the higher confidence, evidence united); then the
    conflicts between hypotheses of different trails, resolved by `score`."""
    merged: dict[str, _Merged] = {}
    for trail_id, hypotheses in by_trail.items():
        for h in hypotheses:
            key = _normal(h.statement)
            if key not in merged:
                merged[key] = _Merged(
                    Hypothesis(
                        h.id,
                        h.statement,
                        h.confidence,
                        h.original_confidence,
                        h.status,
                        list(h.supporting),
                        list(h.contradicting),
                        h.created_at,
                    ),
                    {trail_id},
                )
                continue
            m = merged[key]
            m.trails.add(trail_id)
            if h.confidence > m.hypothesis.confidence:
                m.hypothesis.confidence, m.hypothesis.original_confidence = h.confidence, h.original_confidence
            m.hypothesis.created_at = max(m.hypothesis.created_at, h.created_at)
            m.hypothesis.supporting = list(dict.fromkeys(m.hypothesis.supporting + h.supporting))
            m.hypothesis.contradicting = list(dict.fromkeys(m.hypothesis.contradicting + h.contradicting))
    items = list(merged.values())
    conflicts = []
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            if a.trails == b.trails and len(a.trails) == 1 or not contradict(a.hypothesis, b.hypothesis):
                continue
            sa, sb = score(a.hypothesis, now), score(b.hypothesis, now)
            delta = abs(sa - sb)
            if delta < margin:
                for x in (a, b):
                    if x.hypothesis.status is not HypothesisStatus.REJECTED:
                        x.hypothesis.status = HypothesisStatus.DISPUTED
                conflicts.append(
                    MergeConflict(a.hypothesis.statement, b.hypothesis.statement, False, None, round(delta, 6))
                )
            else:
                winner, loser = (a, b) if sa > sb else (b, a)
                loser.hypothesis.status = HypothesisStatus.REJECTED
                conflicts.append(
                    MergeConflict(
                        a.hypothesis.statement,
                        b.hypothesis.statement,
                        True,
                        winner.hypothesis.statement,
                        round(delta, 6),
                    )
                )
    return [m.hypothesis for m in items], conflicts


def merge_visits(by_trail: dict[str, list[Visit]]) -> tuple[list[VisitDraft], dict[str, float], dict[str, list[str]]]:
    """United visits (highest relevance, annotations joined), boosts (highest), and which
    trails visited each node."""
    visits: dict[str, VisitDraft] = {}
    boosts: dict[str, float] = {}
    seen_by: dict[str, list[str]] = {}
    for trail_id, visited in by_trail.items():
        for v in visited:
            seen_by.setdefault(v.node_id, []).append(trail_id)
            if v.node_id not in visits:
                visits[v.node_id] = VisitDraft(v.node_id, v.annotation, v.relevance or 0.0)
            else:
                m = visits[v.node_id]
                m.relevance = max(m.relevance, v.relevance or 0.0)
                if v.annotation and v.annotation != m.annotation:
                    m.annotation = f"{m.annotation} | {v.annotation}" if m.annotation else v.annotation
            if v.boost is not None:
                boosts[v.node_id] = max(boosts.get(v.node_id, 0.0), v.boost)
    return list(visits.values()), boosts, seen_by


async def merge_trails(
    deps: Deps, user_id: str, trail_ids: list[str], label: str | None = None, agent_id: str | None = None
) -> MergeResult:
    started = time.perf_counter()
    ids = list(dict.fromkeys(trail_ids))
    if not 2 <= len(ids) <= MAX_MERGE:
        raise BadUserInput(f"trailIds must name 2-{MAX_MERGE} different trails", field="input.trailIds")
    if label is not None:
        label = checked_text(label, MAX_LABEL, "input.label", deps.settings.redact_pii)
    if agent_id is not None:
        agent_id = validate_agent_id(agent_id)
    now = deps.clock.now()

    async def work(tx) -> MergeResult:
        await lock_user(tx, user_id, now)
        states = await trail_states(tx, user_id, ids)
        trails = [full_trail(states[i]) for i in ids]
        merged_already = [t.id for t in trails if t.status is TrailStatus.MERGED]
        if merged_already:
            raise Conflict(f"trails {', '.join(merged_already)} were already merged")
        missing = {n for i in ids for n in states[i]["missing"]}
        # full_trail loads each trail's visits, hypotheses and conclusions
        visits, boosts, seen_by = merge_visits(
            {t.id: [v for v in cast(list[Visit], t.visited) if v.node_id not in missing] for t in trails}
        )
        hypotheses, conflicts = merge_hypotheses(
            {t.id: cast(list[Hypothesis], t.hypotheses) for t in trails}, now, deps.settings.merge_conflict_margin
        )
        conclusions: dict[str, ConclusionDraft] = {}
        for t in trails:
            assert t.conclusions is not None
            for c in t.conclusions:
                key = _normal(c.statement)
                if key in conclusions:
                    m = conclusions[key]
                    m.confidence = max(m.confidence, c.confidence)
                    m.supporting = list(dict.fromkeys(m.supporting + c.supporting))
                    m.from_hypotheses = list(dict.fromkeys(m.from_hypotheses + c.from_hypotheses))
                else:
                    conclusions[key] = ConclusionDraft(
                        c.statement, c.confidence, list(c.from_hypotheses), list(c.supporting)
                    )
        draft = TrailDraft(
            agent_id=agent_id or trails[0].agent_id,
            label=label or ("merge: " + " + ".join(t.label for t in trails))[:MAX_LABEL],
            hypotheses=[HypothesisDraft(h.statement, h.confidence, h.supporting, h.contradicting) for h in hypotheses],
            conclusions=list(conclusions.values()),
            open_questions=list(dict.fromkeys(q for t in trails for q in t.open_questions)),
            tags=list(dict.fromkeys(tag for t in trails for tag in t.tags)),
            visited=visits,
            boosts=boosts,
        )
        rows = [
            {
                "id": str(uuid.uuid4()),
                "statement": h.statement,
                "confidence": h.confidence,
                "status": h.status.value,
                "supporting": [n for n in h.supporting if n not in missing],
                "contradicting": [n for n in h.contradicting if n not in missing],
                "createdAt": h.created_at,
            }
            for h in hypotheses
        ]
        saved = await write_trail(tx, user_id, draft, now, rows, merged_from=ids)
        await tx.run("trails.mark_merged", userId=user_id, trailIds=ids, mergedId=saved.trail.id, now=now)
        [state] = await tx.run("associative.user_state", userId=user_id)
        bridges = await tx.run(
            "trails.bridges",
            userId=user_id,
            trailIds=ids,
            maxDegree=max_entity_degree(deps, state["memoryCount"]),
            limit=BRIDGES_SHOWN,
        )
        labels = await nodes.resolve(tx.run, user_id, list(seen_by))
        label_of = {t.id: t.label for t in trails}
        connections = [
            Connection(
                "shared_node",
                f"{labels[n].label if n in labels else n} was visited by " + " and ".join(label_of[t] for t in by),
                n,
                None,
                None,
                by,
            )
            for n, by in seen_by.items()
            if len(by) > 1
        ] + [
            Connection(
                "bridge_edge",
                f"{nodes.short(b['fromLabel'])} ({label_of[b['fromTrail']]}) connects to "
                f"{nodes.short(b['toLabel'])} ({label_of[b['toTrail']]})",
                b["fromNode"],
                b["toNode"],
                b["weight"],
                [b["fromTrail"], b["toTrail"]],
            )
            for b in bridges
        ]
        await events.append(
            tx,
            user_id,
            now,
            [
                events.event(
                    "trails.merged",
                    mergedTrailId=saved.trail.id,
                    sourceTrails=ids,
                    conflicts=len(conflicts),
                    connections=len(connections),
                )
            ],
        )
        return MergeResult(
            saved.trail, ids, saved.nodes_saved, len(rows), conflicts, connections, left_out=sorted(missing)
        )

    result = await deps.db.transaction(work)
    result.elapsed_ms = (time.perf_counter() - started) * 1000
    return result
