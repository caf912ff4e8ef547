"""Investigation trails: save, resume, list and merge (the m1nd trail tools).

A Trail is a node with VISITED edges (annotation, relevance, activation boost) to the
caller's memories and entities, Hypothesis and Conclusion nodes with SUPPORTED_BY /
CONTRADICTED_BY evidence, open questions, tags and the graph generation it was saved at.

- **resume** checks which nodes are gone (deleted, archived or superseded): more than
  `trail_stale_share` (half) missing makes the trail stale, refused unless `force`.
  A hypothesis whose supporting nodes are missing is downgraded: its confidence
  becomes the saved confidence × the share of supporting nodes still there. The
  present nodes' boosts (their relevance when no boost was given) seed the caller's
  next activate.
- **merge** unites visited nodes, hypotheses (same statement: one, with the higher
  confidence) and conclusions. Two hypotheses from different trails contradict when
  one's supporting node is the other's contradicting node, or when one statement is
  the other negated (the negation rule of memory conflicts, `lifecycle/conflicts.py`:
  "Session pool leaks tokens" / "Session pool does not leak tokens"). Each scores 0.7 × confidence +
  0.3 × recency (recency halves every 7 days since it was formed); the higher wins
  and the other is kept as `rejected`, unless the gap is under
  `merge_conflict_margin`, when both stay `disputed` for human review.
  `connectionsDiscovered`: nodes both trails visited, and edges bridging a node only
  one trail visited to a node only the other visited. The sources become `merged`.
"""

import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

from graphmind.associative import nodes
from graphmind.associative.activation import max_entity_degree
from graphmind.associative.learn import validate_agent_id
from graphmind.cursors import decode_cursor, encode_cursor
from graphmind.db.database import native
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.learning import events
from graphmind.lifecycle.conflicts import negates
from graphmind.memory.privacy import redact

MAX_LABEL, MAX_STATEMENT, MAX_SUMMARY, MAX_ANNOTATION = 200, 1000, 2000, 1000
MAX_ITEMS, MAX_NODES, MAX_TAGS, MAX_TAG, MAX_MERGE = 100, 500, 20, 64, 10
MAX_PAGE = 100
CONFIDENCE_WEIGHT, RECENCY_WEIGHT, RECENCY_HALF_LIFE_DAYS = 0.7, 0.3, 7.0
BRIDGES_SHOWN = 20


class TrailStatus(str, Enum):
    SAVED = "saved"
    ACTIVE = "active"
    STALE = "stale"
    MERGED = "merged"
    ARCHIVED = "archived"


class HypothesisStatus(str, Enum):
    OPEN = "open"
    DOWNGRADED = "downgraded"
    DISPUTED = "disputed"
    REJECTED = "rejected"


@dataclass
class HypothesisDraft:
    statement: str
    confidence: float = 0.5
    supporting: list[str] = field(default_factory=list)
    contradicting: list[str] = field(default_factory=list)


@dataclass
class ConclusionDraft:
    statement: str
    confidence: float = 0.5
    from_hypotheses: list[str] = field(default_factory=list)
    supporting: list[str] = field(default_factory=list)


@dataclass
class VisitDraft:
    node_id: str
    annotation: str | None = None
    relevance: float = 0.5


@dataclass
class TrailDraft:
    agent_id: str
    label: str
    hypotheses: list[HypothesisDraft] = field(default_factory=list)
    conclusions: list[ConclusionDraft] = field(default_factory=list)
    open_questions: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    summary: str | None = None
    visited: list[VisitDraft] | None = None  # plus every other node the trail refers to
    boosts: dict[str, float] = field(default_factory=dict)


@dataclass
class Hypothesis:
    id: str
    statement: str
    confidence: float
    original_confidence: float
    status: HypothesisStatus
    supporting: list[str]
    contradicting: list[str]
    created_at: datetime


@dataclass
class Conclusion:
    id: str
    statement: str
    confidence: float
    from_hypotheses: list[str]
    supporting: list[str]


@dataclass
class Visit:
    node_id: str
    annotation: str | None
    relevance: float | None
    boost: float | None


@dataclass
class Trail:
    id: str
    agent_id: str
    label: str
    status: TrailStatus
    summary: str
    tags: list[str]
    open_questions: list[str]
    node_count: int
    hypothesis_count: int
    conclusion_count: int
    generation: int
    created_at: datetime
    updated_at: datetime
    merged_from: list[str]
    hypotheses: list[Hypothesis] | None = None
    conclusions: list[Conclusion] | None = None
    visited: list[Visit] | None = None

    @classmethod
    def from_row(cls, t: dict) -> "Trail":
        return cls(
            t["id"], t["agentId"], t["label"], TrailStatus(t["status"]), t["summary"], list(t["tags"]),
            list(t["openQuestions"]), t["nodeCount"], t["hypothesisCount"], t["conclusionCount"],
            t["generation"], native(t["createdAt"]), native(t["updatedAt"]), list(t.get("mergedFrom") or []),
        )


@dataclass
class SaveResult:
    trail: Trail
    nodes_saved: int
    hypotheses_saved: int
    conclusions_saved: int
    open_questions_saved: int


@dataclass
class Downgrade:
    hypothesis_id: str
    statement: str
    previous_confidence: float
    new_confidence: float
    missing_nodes: list[str]


@dataclass
class ResumeResult:
    trail: Trail
    stale: bool
    generations_behind: int
    missing_nodes: list[str]
    nodes_reactivated: int
    hypotheses_downgraded: list[Downgrade]
    elapsed_ms: float = 0.0


@dataclass
class MergeConflict:
    hypothesis_a: str
    hypothesis_b: str
    resolved: bool
    winner: str | None
    score_delta: float


@dataclass
class Connection:
    type: str  # "shared_node" or "bridge_edge"
    detail: str
    from_node: str
    to_node: str | None
    weight: float | None
    trails: list[str]


@dataclass
class MergeResult:
    merged: Trail
    source_trails: list[str]
    nodes_merged: int
    hypotheses_merged: int
    conflicts: list[MergeConflict]
    connections: list[Connection]
    elapsed_ms: float = 0.0


@dataclass
class TrailPage:
    trails: list[Trail]
    cursors: list[str]
    has_next_page: bool
    total_count: int


# --- validation -----------------------------------------------------------------

def _text(value: str, limit: int, field: str, redact_pii: bool) -> str:
    value = (value or "").strip()
    if not value or len(value) > limit:
        raise BadUserInput(f"must be 1-{limit} characters", field=field)
    return redact(value).text if redact_pii else value


def _unit(value: float, field: str) -> float:
    if not 0.0 <= value <= 1.0:
        raise BadUserInput("must be within [0, 1]", field=field)
    return value


def _count(items: list, limit: int, field: str) -> None:
    if len(items) > limit:
        raise BadUserInput(f"at most {limit} items", field=field)


def _clean(draft: TrailDraft, redact_pii: bool) -> TrailDraft:
    """Validated, trimmed and redacted copy of the draft (fields named as in the API)."""
    _count(draft.hypotheses, MAX_ITEMS, "input.hypotheses")
    _count(draft.conclusions, MAX_ITEMS, "input.conclusions")
    _count(draft.open_questions, MAX_ITEMS, "input.openQuestions")
    _count(draft.tags, MAX_TAGS, "input.tags")
    _count(draft.visited or [], MAX_NODES, "input.visitedNodes")
    _count(list(draft.boosts), MAX_NODES, "input.activationBoosts")
    hypotheses = [
        HypothesisDraft(
            _text(h.statement, MAX_STATEMENT, f"input.hypotheses[{i}].statement", redact_pii),
            _unit(h.confidence, f"input.hypotheses[{i}].confidence"),
            list(dict.fromkeys(h.supporting)), list(dict.fromkeys(h.contradicting)),
        )
        for i, h in enumerate(draft.hypotheses)
    ]
    conclusions = [
        ConclusionDraft(
            _text(c.statement, MAX_STATEMENT, f"input.conclusions[{i}].statement", redact_pii),
            _unit(c.confidence, f"input.conclusions[{i}].confidence"),
            [h.strip() for h in c.from_hypotheses if h.strip()], list(dict.fromkeys(c.supporting)),
        )
        for i, c in enumerate(draft.conclusions)
    ]
    visited = None
    if draft.visited is not None:
        visited = [
            VisitDraft(
                v.node_id,
                _text(v.annotation, MAX_ANNOTATION, f"input.visitedNodes[{i}].annotation", redact_pii)
                if v.annotation else None,
                _unit(v.relevance, f"input.visitedNodes[{i}].relevance"),
            )
            for i, v in enumerate(draft.visited)
        ]
    for boost in draft.boosts.values():
        _unit(boost, "input.activationBoosts")
    tags = []
    for i, tag in enumerate(draft.tags):
        tag = tag.strip().lower()
        if not tag or len(tag) > MAX_TAG:
            raise BadUserInput(f"tags are 1-{MAX_TAG} characters", field=f"input.tags[{i}]")
        tags.append(tag)
    return TrailDraft(
        agent_id=validate_agent_id(draft.agent_id),
        label=_text(draft.label, MAX_LABEL, "input.label", redact_pii),
        hypotheses=hypotheses, conclusions=conclusions,
        open_questions=list(dict.fromkeys(
            _text(q, MAX_STATEMENT, f"input.openQuestions[{i}]", redact_pii)
            for i, q in enumerate(draft.open_questions))),
        tags=list(dict.fromkeys(tags)),
        summary=_text(draft.summary, MAX_SUMMARY, "input.summary", redact_pii) if draft.summary else None,
        visited=visited, boosts=dict(draft.boosts),
    )


def referenced(draft: TrailDraft) -> list[str]:
    """Every node id the draft refers to, in order of first mention."""
    ids = [v.node_id for v in draft.visited or []]
    for h in draft.hypotheses:
        ids += h.supporting + h.contradicting
    for c in draft.conclusions:
        ids += c.supporting
    return list(dict.fromkeys(ids + list(draft.boosts)))


def visits_of(draft: TrailDraft) -> list[dict]:
    """The VISITED rows: the listed visits, then every other node the trail refers to
    (evidence, boosts) at relevance 0.5, with the boosts attached."""
    rows = {v.node_id: {"id": v.node_id, "annotation": v.annotation, "relevance": v.relevance, "boost": None}
            for v in draft.visited or []}
    for node_id in referenced(draft):
        rows.setdefault(node_id, {"id": node_id, "annotation": None, "relevance": 0.5, "boost": None})
    for node_id, boost in draft.boosts.items():
        rows[node_id]["boost"] = boost
    return list(rows.values())


def summarise(label: str, node_count: int, hypotheses: list, conclusions: list, questions: list) -> str:
    """The summary of a trail saved without one."""
    text = f"{label}: {node_count} nodes visited, {len(hypotheses)} hypotheses"
    if hypotheses:
        top = max(hypotheses, key=lambda h: h.confidence)
        text += f' (strongest: "{top.statement}" at {top.confidence:.2f})'
    return text + f", {len(conclusions)} conclusions, {len(questions)} open questions."


# --- save -----------------------------------------------------------------------

async def _write_trail(tx, user_id: str, draft: TrailDraft, now: datetime,
                       hypothesis_rows: list[dict], merged_from: list[str] | None = None) -> SaveResult:
    visits = visits_of(draft)
    summary = draft.summary or summarise(draft.label, len(visits), draft.hypotheses, draft.conclusions,
                                         draft.open_questions)
    trail_id = str(uuid.uuid4())
    [row] = await tx.run(
        "associative.trail_save", userId=user_id, now=now, visited=visits,
        trail={"id": trail_id, "agentId": draft.agent_id, "label": draft.label, "summary": summary,
               "tags": draft.tags, "openQuestions": draft.open_questions, "mergedFrom": merged_from},
        hypotheses=hypothesis_rows,
        conclusions=[{"id": str(uuid.uuid4()), "statement": c.statement, "confidence": c.confidence,
                      "fromHypotheses": c.from_hypotheses, "supporting": c.supporting}
                     for c in draft.conclusions],
    )
    trail = Trail.from_row(row["trail"])
    return SaveResult(trail, len(visits), len(hypothesis_rows), len(draft.conclusions), len(draft.open_questions))


async def save_trail(deps: Deps, user_id: str, draft: TrailDraft) -> SaveResult:
    draft = _clean(draft, deps.settings.redact_pii)
    now = deps.clock.now()

    async def work(tx) -> SaveResult:
        await tx.run("memory.lock_user", userId=user_id, now=now)
        await nodes.require(tx.run, user_id, referenced(draft))
        rows = [{"id": str(uuid.uuid4()), "statement": h.statement, "confidence": h.confidence,
                 "status": HypothesisStatus.OPEN.value, "supporting": h.supporting,
                 "contradicting": h.contradicting, "createdAt": None} for h in draft.hypotheses]
        result = await _write_trail(tx, user_id, draft, now, rows)
        await events.append(tx, user_id, now, [events.event(
            "trail.saved", trailId=result.trail.id, agentId=draft.agent_id, label=draft.label,
            nodes=result.nodes_saved, hypotheses=result.hypotheses_saved)])
        return result

    return await deps.db.transaction(work)


# --- resume ---------------------------------------------------------------------

def _hypothesis(h: dict) -> Hypothesis:
    return Hypothesis(h["id"], h["statement"], h["confidence"], h["originalConfidence"],
                      HypothesisStatus(h["status"]), list(h["supportingIds"]), list(h["contradictingIds"]),
                      native(h["createdAt"]))


def _full(row: dict) -> Trail:
    trail = Trail.from_row(row["trail"])
    trail.hypotheses = [_hypothesis(h) for h in row["hypotheses"]]
    trail.conclusions = [Conclusion(c["id"], c["statement"], c["confidence"], list(c["fromHypotheses"]),
                                    list(c["supportingIds"])) for c in row["conclusions"]]
    trail.visited = [Visit(v["id"], v["annotation"], v["relevance"], v["boost"]) for v in row["visited"]]
    return trail


def downgrades(hypotheses: list[Hypothesis], missing: set[str]) -> list[Downgrade]:
    """Hypotheses with missing supporting nodes: saved confidence × share still there."""
    found = []
    for h in hypotheses:
        gone = [n for n in h.supporting if n in missing]
        if gone and h.status is not HypothesisStatus.REJECTED:
            kept = 1.0 - len(gone) / len(h.supporting)
            found.append(Downgrade(h.id, h.statement, h.confidence,
                                   round(h.original_confidence * kept, 6), gone))
    return found


async def _states(tx, user_id: str, trail_ids: list[str]) -> dict[str, dict]:
    rows = await tx.run("associative.trail_state", userId=user_id, trailIds=trail_ids)
    found = {r["trail"]["id"]: r for r in rows}
    missing = [t for t in trail_ids if t not in found]
    if missing:
        raise NotFound(f"no trail {', '.join(missing)}")
    return found


async def resume_trail(deps: Deps, user_id: str, trail_id: str, force: bool = False,
                       agent_id: str | None = None) -> ResumeResult:
    started = time.perf_counter()
    if agent_id is not None:
        validate_agent_id(agent_id)
    now = deps.clock.now()
    share = deps.settings.trail_stale_share

    async def work(tx) -> ResumeResult:
        row = (await _states(tx, user_id, [trail_id]))[trail_id]
        trail = _full(row)
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
        status = trail.status if trail.status is TrailStatus.MERGED else (
            TrailStatus.STALE if stale else TrailStatus.ACTIVE)
        [updated] = await tx.run(
            "associative.trail_resume", userId=user_id, trailId=trail_id, status=status.value,
            downgrades=[{"id": d.hypothesis_id, "confidence": d.new_confidence} for d in lowered],
            boostIds=[b[0] for b in boosts], boostWeights=[b[1] for b in boosts], now=now,
        )
        await events.append(tx, user_id, now, [events.event(
            "trail.resumed", trailId=trail_id, agentId=agent_id, stale=stale, missing=missing,
            downgraded=[d.hypothesis_id for d in lowered])])
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
    rows = await deps.db.read("associative.trail_state", userId=user_id, trailIds=[trail_id])
    if not rows:
        raise NotFound(f"no trail {trail_id}")
    return _full(rows[0])


# --- list -----------------------------------------------------------------------

async def list_trails(deps: Deps, user_id: str, agent_id: str | None = None,
                      status: TrailStatus | None = None, tags: list[str] | None = None,
                      first: int = 20, after: str | None = None) -> TrailPage:
    if not 1 <= first <= MAX_PAGE:
        raise BadUserInput(f"first must be 1-{MAX_PAGE}", field="first")
    after_created, after_id = decode_cursor(after) if after else (None, None)
    [row] = await deps.db.read(
        "associative.trail_list", userId=user_id, agentId=agent_id,
        status=status.value if status else None,
        tags=[t.strip().lower() for t in tags] if tags else None,
        afterCreatedAt=after_created, afterId=after_id, pageSize=first + 1,
    )
    trails = [Trail.from_row(t) for t in row["page"]]
    shown = trails[:first]
    return TrailPage(shown, [encode_cursor(t.created_at, t.id) for t in shown], len(trails) > first,
                     row["total"])


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


def merge_hypotheses(by_trail: dict[str, list[Hypothesis]], now: datetime, margin: float
                     ) -> tuple[list[Hypothesis], list[MergeConflict]]:
    """One hypothesis per statement (the higher confidence, evidence united); then the
    conflicts between hypotheses of different trails, resolved by `score`."""
    merged: dict[str, _Merged] = {}
    for trail_id, hypotheses in by_trail.items():
        for h in hypotheses:
            key = _normal(h.statement)
            if key not in merged:
                merged[key] = _Merged(Hypothesis(
                    h.id, h.statement, h.confidence, h.original_confidence, h.status,
                    list(h.supporting), list(h.contradicting), h.created_at), {trail_id})
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
        for b in items[i + 1:]:
            if a.trails == b.trails and len(a.trails) == 1 or not contradict(a.hypothesis, b.hypothesis):
                continue
            sa, sb = score(a.hypothesis, now), score(b.hypothesis, now)
            delta = abs(sa - sb)
            if delta < margin:
                for x in (a, b):
                    if x.hypothesis.status is not HypothesisStatus.REJECTED:
                        x.hypothesis.status = HypothesisStatus.DISPUTED
                conflicts.append(MergeConflict(a.hypothesis.statement, b.hypothesis.statement, False, None,
                                               round(delta, 6)))
            else:
                winner, loser = (a, b) if sa > sb else (b, a)
                loser.hypothesis.status = HypothesisStatus.REJECTED
                conflicts.append(MergeConflict(a.hypothesis.statement, b.hypothesis.statement, True,
                                               winner.hypothesis.statement, round(delta, 6)))
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


async def merge_trails(deps: Deps, user_id: str, trail_ids: list[str], label: str | None = None,
                       agent_id: str | None = None) -> MergeResult:
    started = time.perf_counter()
    ids = list(dict.fromkeys(trail_ids))
    if not 2 <= len(ids) <= MAX_MERGE:
        raise BadUserInput(f"trailIds must name 2-{MAX_MERGE} different trails", field="input.trailIds")
    if label is not None:
        label = _text(label, MAX_LABEL, "input.label", deps.settings.redact_pii)
    if agent_id is not None:
        agent_id = validate_agent_id(agent_id)
    now = deps.clock.now()

    async def work(tx) -> MergeResult:
        await tx.run("memory.lock_user", userId=user_id, now=now)
        states = await _states(tx, user_id, ids)
        trails = [_full(states[i]) for i in ids]
        merged_already = [t.id for t in trails if t.status is TrailStatus.MERGED]
        if merged_already:
            raise Conflict(f"trails {', '.join(merged_already)} were already merged")
        missing = {n for i in ids for n in states[i]["missing"]}
        visits, boosts, seen_by = merge_visits({t.id: [v for v in t.visited if v.node_id not in missing]
                                                 for t in trails})
        hypotheses, conflicts = merge_hypotheses({t.id: t.hypotheses for t in trails}, now,
                                                 deps.settings.merge_conflict_margin)
        conclusions: dict[str, ConclusionDraft] = {}
        for t in trails:
            for c in t.conclusions:
                key = _normal(c.statement)
                if key in conclusions:
                    m = conclusions[key]
                    m.confidence = max(m.confidence, c.confidence)
                    m.supporting = list(dict.fromkeys(m.supporting + c.supporting))
                    m.from_hypotheses = list(dict.fromkeys(m.from_hypotheses + c.from_hypotheses))
                else:
                    conclusions[key] = ConclusionDraft(c.statement, c.confidence, list(c.from_hypotheses),
                                                       list(c.supporting))
        draft = TrailDraft(
            agent_id=agent_id or trails[0].agent_id,
            label=label or ("merge: " + " + ".join(t.label for t in trails))[:MAX_LABEL],
            hypotheses=[HypothesisDraft(h.statement, h.confidence, h.supporting, h.contradicting)
                        for h in hypotheses],
            conclusions=list(conclusions.values()),
            open_questions=list(dict.fromkeys(q for t in trails for q in t.open_questions)),
            tags=list(dict.fromkeys(tag for t in trails for tag in t.tags)),
            visited=visits, boosts=boosts,
        )
        rows = [{"id": str(uuid.uuid4()), "statement": h.statement, "confidence": h.confidence,
                 "status": h.status.value, "supporting": [n for n in h.supporting if n not in missing],
                 "contradicting": [n for n in h.contradicting if n not in missing],
                 "createdAt": h.created_at} for h in hypotheses]
        saved = await _write_trail(tx, user_id, draft, now, rows, merged_from=ids)
        await tx.run("associative.trail_mark_merged", userId=user_id, trailIds=ids,
                     mergedId=saved.trail.id, now=now)
        [state] = await tx.run("associative.user_state", userId=user_id)
        bridges = await tx.run("associative.trail_bridges", userId=user_id, trailIds=ids,
                               maxDegree=max_entity_degree(deps, state["memoryCount"]), limit=BRIDGES_SHOWN)
        labels = await nodes.resolve(tx.run, user_id, list(seen_by))
        label_of = {t.id: t.label for t in trails}
        connections = [
            Connection("shared_node", f"{labels[n].label if n in labels else n} was visited by "
                       + " and ".join(label_of[t] for t in by), n, None, None, by)
            for n, by in seen_by.items() if len(by) > 1
        ] + [
            Connection("bridge_edge", f"{nodes.short(b['fromLabel'])} ({label_of[b['fromTrail']]}) connects to "
                       f"{nodes.short(b['toLabel'])} ({label_of[b['toTrail']]})",
                       b["fromNode"], b["toNode"], b["weight"], [b["fromTrail"], b["toTrail"]])
            for b in bridges
        ]
        await events.append(tx, user_id, now, [events.event(
            "trails.merged", mergedTrailId=saved.trail.id, sourceTrails=ids,
            conflicts=len(conflicts), connections=len(connections))])
        return MergeResult(saved.trail, ids, saved.nodes_saved, len(rows), conflicts, connections)

    result = await deps.db.transaction(work)
    result.elapsed_ms = (time.perf_counter() - started) * 1000
    return result
