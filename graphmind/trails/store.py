"""Saving, resuming and listing trails."""

import time
import uuid
from datetime import datetime

from graphmind.associative import nodes
from graphmind.associative.learn import validate_agent_id
from graphmind.core import events
from graphmind.core.choices import require_no_blank, require_some, require_storable
from graphmind.cursors import cursor_position, encode_cursor
from graphmind.db.database import native, nullable
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.memory.lock import lock_user
from graphmind.trails.drafts import clean, referenced, summarise, visits_of
from graphmind.trails.model import (
    MAX_PAGE,
    MAX_TAG,
    Conclusion,
    Downgrade,
    Hypothesis,
    HypothesisStatus,
    ResumeResult,
    SaveResult,
    Trail,
    TrailDraft,
    TrailPage,
    TrailStatus,
    Visit,
)

# --- save -----------------------------------------------------------------------


async def write_trail(
    tx,
    user_id: str,
    draft: TrailDraft,
    now: datetime,
    hypothesis_rows: list[dict],
    merged_from: list[str] | None = None,
) -> SaveResult:
    visits = visits_of(draft)
    summary = draft.summary or summarise(
        draft.label, len(visits), draft.hypotheses, draft.conclusions, draft.open_questions
    )
    trail_id = str(uuid.uuid4())
    [row] = await tx.run(
        "trails.save",
        userId=user_id,
        now=now,
        visited=visits,
        trail={
            "id": trail_id,
            "agentId": draft.agent_id,
            "label": draft.label,
            "summary": summary,
            "tags": draft.tags,
            "openQuestions": draft.open_questions,
            "mergedFrom": merged_from,
        },
        hypotheses=hypothesis_rows,
        conclusions=[
            {
                "id": str(uuid.uuid4()),
                "statement": c.statement,
                "confidence": c.confidence,
                "fromHypotheses": c.from_hypotheses,
                "supporting": c.supporting,
            }
            for c in draft.conclusions
        ],
    )
    trail = Trail.from_row(row["trail"])
    return SaveResult(trail, len(visits), len(hypothesis_rows), len(draft.conclusions), len(draft.open_questions))


async def save_trail(deps: Deps, user_id: str, draft: TrailDraft) -> SaveResult:
    draft = clean(draft, deps.settings.redact_pii)
    now = deps.clock.now()

    async def work(tx) -> SaveResult:
        await lock_user(tx, user_id, now)
        await nodes.require(tx.run, user_id, referenced(draft))
        rows = [
            {
                "id": str(uuid.uuid4()),
                "statement": h.statement,
                "confidence": h.confidence,
                "status": HypothesisStatus.OPEN.value,
                "supporting": h.supporting,
                "contradicting": h.contradicting,
                "createdAt": None,
            }
            for h in draft.hypotheses
        ]
        result = await write_trail(tx, user_id, draft, now, rows)
        await events.append(
            tx,
            user_id,
            now,
            [
                events.event(
                    "trail.saved",
                    trailId=result.trail.id,
                    agentId=draft.agent_id,
                    label=draft.label,
                    nodes=result.nodes_saved,
                    hypotheses=result.hypotheses_saved,
                )
            ],
        )
        return result

    return await deps.db.transaction(work)


# --- resume ---------------------------------------------------------------------


def _hypothesis(h: dict) -> Hypothesis:
    return Hypothesis(
        h["id"],
        h["statement"],
        h["confidence"],
        h["originalConfidence"],
        HypothesisStatus(h["status"]),
        list(h["supportingIds"]),
        list(h["contradictingIds"]),
        native(h["createdAt"]),
    )


def full_trail(row: dict) -> Trail:
    trail = Trail.from_row(row["trail"])
    trail.hypotheses = [_hypothesis(h) for h in row["hypotheses"]]
    trail.conclusions = [
        Conclusion(c["id"], c["statement"], c["confidence"], list(c["fromHypotheses"]), list(c["supportingIds"]))
        for c in row["conclusions"]
    ]
    trail.visited = [Visit(v["id"], v["annotation"], v["relevance"], v["boost"]) for v in row["visited"]]
    return trail


def downgrades(hypotheses: list[Hypothesis], missing: set[str]) -> list[Downgrade]:
    """Hypotheses with missing supporting nodes: saved confidence × share still there."""
    found = []
    for h in hypotheses:
        gone = [n for n in h.supporting if n in missing]
        if gone and h.status is not HypothesisStatus.REJECTED:
            kept = 1.0 - len(gone) / len(h.supporting)
            found.append(Downgrade(h.id, h.statement, h.confidence, round(h.original_confidence * kept, 6), gone))
    return found


async def trail_states(tx, user_id: str, trail_ids: list[str]) -> dict[str, dict]:
    rows = await tx.run("trails.state", userId=user_id, trailIds=trail_ids)
    found = {r["trail"]["id"]: r for r in rows}
    missing = [t for t in trail_ids if t not in found]
    if missing:
        raise NotFound(f"no trail {', '.join(missing)}")
    return found


async def resume_trail(
    deps: Deps, user_id: str, trail_id: str, force: bool = False, agent_id: str | None = None
) -> ResumeResult:
    started = time.perf_counter()
    if agent_id is not None:
        validate_agent_id(agent_id)
    now = deps.clock.now()
    share = deps.settings.trail_stale_share

    async def work(tx) -> ResumeResult:
        row = (await trail_states(tx, user_id, [trail_id]))[trail_id]
        trail = full_trail(row)
        assert trail.hypotheses is not None and trail.visited is not None  # full_trail loads them
        missing = list(row["missing"])
        total = len(row["trail"]["nodeIds"])
        stale = total > 0 and len(missing) / total > share
        if stale and not force:
            raise Conflict(
                f"trail {trail_id} is stale: {len(missing)} of {total} nodes are missing "
                f"(more than {share:.0%}); resume with force: true to resume it anyway"
            )
        lowered = downgrades(trail.hypotheses, set(missing))
        present = [v for v in trail.visited if v.node_id not in set(missing)]
        boosts = [(v.node_id, v.boost if v.boost is not None else (v.relevance or 0.5)) for v in present]
        status = (
            trail.status if trail.status is TrailStatus.MERGED else (TrailStatus.STALE if stale else TrailStatus.ACTIVE)
        )
        [updated] = await tx.run(
            "trails.resume",
            userId=user_id,
            trailId=trail_id,
            status=status.value,
            downgrades=[{"id": d.hypothesis_id, "confidence": d.new_confidence} for d in lowered],
            boostIds=[b[0] for b in boosts],
            boostWeights=[b[1] for b in boosts],
            now=now,
        )
        await events.append(
            tx,
            user_id,
            now,
            [
                events.event(
                    "trail.resumed",
                    trailId=trail_id,
                    agentId=agent_id,
                    stale=stale,
                    missing=missing,
                    downgraded=[d.hypothesis_id for d in lowered],
                )
            ],
        )
        resumed = Trail.from_row(updated["trail"])
        by_id = {d.hypothesis_id: d for d in lowered}
        for h in trail.hypotheses:
            if h.id in by_id:
                h.confidence, h.status = by_id[h.id].new_confidence, HypothesisStatus.DOWNGRADED
        resumed.hypotheses, resumed.conclusions, resumed.visited = trail.hypotheses, trail.conclusions, trail.visited
        return ResumeResult(resumed, stale, row["generation"] - trail.generation, missing, len(present), lowered)

    result = await deps.db.transaction(work)
    result.elapsed_ms = (time.perf_counter() - started) * 1000
    return result


async def get_trail(deps: Deps, user_id: str, trail_id: str) -> Trail:
    found = await get_trails(deps, user_id, [trail_id])
    if trail_id not in found:
        raise NotFound(f"no trail {trail_id}")
    return found[trail_id]


async def get_trails(deps: Deps, user_id: str, trail_ids: list[str]) -> dict[str, Trail]:
    """The caller's trails among `trail_ids`, in full, by id, in one query (others are absent)."""
    rows = await deps.db.read("trails.state", userId=user_id, trailIds=trail_ids)
    trails = [full_trail(row) for row in rows]
    return {trail.id: trail for trail in trails}


# --- list -----------------------------------------------------------------------


async def list_trails(
    deps: Deps,
    user_id: str,
    agent_id: str | None = None,
    status: TrailStatus | None = None,
    tags: list[str] | None = None,
    first: int = 20,
    after: str | None = None,
) -> TrailPage:
    if not 1 <= first <= MAX_PAGE:
        raise BadUserInput(f"first must be 1-{MAX_PAGE}", field="first")
    require_some(tags, "filterTags")
    require_no_blank(tags, "filterTags")
    require_storable(tags, "filterTags", MAX_TAG)
    [row] = await deps.db.read(
        "trails.list",
        userId=user_id,
        filters=nullable(
            agentId=agent_id,
            status=status.value if status else None,
            tags=[t.strip().lower() for t in tags] if tags else None,
        ),
        after=cursor_position(after),
        pageSize=first + 1,
    )
    trails = [Trail.from_row(t) for t in row["page"]]
    shown = trails[:first]
    return TrailPage(shown, [encode_cursor(t.created_at, t.id) for t in shown], len(trails) > first, row["total"])
