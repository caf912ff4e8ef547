"""Reading decisions back: one decision trace by id, or the caller's decisions a cursor
page at a time (newest first), with the memories behind each and their scores, the
alternatives, every outcome (revised ones included) with its salience updates and the
CAUSED edges of its memories."""

from dataclasses import dataclass, field
from datetime import UTC, datetime

from graphmind.core.choices import require_some
from graphmind.cursors import cursor_position, encode_cursor
from graphmind.db.database import native, nullable
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, NotFound
from graphmind.learning.decisions import DecisionType
from graphmind.learning.outcomes import Outcome, SalienceUpdate, Signal
from graphmind.memory.model import Memory

MAX_PAGE_SIZE = 100


@dataclass
class DecisionFilter:
    decision_types: list[DecisionType] | None = None
    made_after: datetime | None = None
    made_before: datetime | None = None
    session_id: str | None = None
    has_outcome: bool | None = None
    min_quality: float | None = None
    max_quality: float | None = None
    memory_id: str | None = None


@dataclass
class Influence:
    memory: Memory
    score: float


@dataclass
class Cause:
    """A CAUSED edge: the memory's share of an outcome (attribution × the decision's confidence)."""

    memory_id: str
    confidence: float


@dataclass
class RecordedOutcome(Outcome):
    """An outcome as read back: what it taught, whether a later one revised it, and the
    memories it is credited to."""

    status: str = "active"  # or revised (a later outcome replaced it)
    revised_at: datetime | None = None
    caused_by: list[Cause] = field(default_factory=list)


@dataclass
class DecisionTrace:
    trace_id: str
    decision_type: DecisionType
    summary: str
    confidence: float
    confidence_estimated: bool
    attribution_inferred: bool
    influences: list[Influence]
    alternatives: list[tuple[str, str]]
    retrieval_id: str | None
    session_id: str | None
    created_at: datetime
    outcomes: list[RecordedOutcome]

    @property
    def outcome(self) -> RecordedOutcome | None:
        """The current outcome (null until one is observed)."""
        return next((o for o in reversed(self.outcomes) if o.status == "active"), None)


@dataclass
class DecisionPage:
    decisions: list[DecisionTrace]
    cursors: list[str]
    has_next_page: bool

    @property
    def end_cursor(self) -> str | None:
        return self.cursors[-1] if self.cursors else None


def _update(u: dict) -> SalienceUpdate:
    # utility: stored since decisions became readable; 0.5 (unknown) on older updates
    return SalienceUpdate(
        u["memoryId"],
        u["reason"],
        u["attribution"],
        u["delta"],
        u["previous"],
        u["new"],
        u["previousEffective"],
        u["newEffective"],
        u.get("utility", 0.5),
    )


def _outcome(o: dict) -> RecordedOutcome:
    return RecordedOutcome(
        o["id"],
        o["traceId"],
        o["quality"],
        Signal(o["signal"]),
        o.get("feedback"),
        native(o["observedAt"]),
        o.get("revisionOf"),
        [_update(u) for u in o["updates"]],
        status=o.get("status") or "active",
        revised_at=native(o.get("revisedAt")),
        caused_by=[Cause(c["memoryId"], c["confidence"]) for c in o["causedBy"]],
    )


def _trace(row: dict) -> DecisionTrace:
    d = row["decision"]
    return DecisionTrace(
        trace_id=d["id"],
        decision_type=DecisionType(d["decisionType"]),
        summary=d["summary"],
        confidence=d["confidence"],
        confidence_estimated=bool(d.get("confidenceEstimated")),
        attribution_inferred=bool(d.get("attributionInferred")),
        influences=[Influence(Memory.from_node(i["memory"], i["entities"]), i["score"]) for i in row["influences"]],
        alternatives=[(a["id"], a["summary"]) for a in row["alternatives"]],
        retrieval_id=d.get("retrievalId"),
        session_id=d.get("sessionId"),
        created_at=native(d["createdAt"]),
        outcomes=[_outcome(o) for o in row["outcomes"]],
    )


async def get_decision(deps: Deps, user_id: str, trace_id: str) -> DecisionTrace:
    """One of the caller's decisions (NOT_FOUND for anyone else's, and for an alternative's id)."""
    rows = await deps.db.read("decisions.get", userId=user_id, ids=[trace_id])
    if not rows:
        raise NotFound(f"no decision {trace_id}")
    return _trace(rows[0])


def _aware(moment: datetime | None) -> datetime | None:
    return moment.replace(tzinfo=UTC) if moment and moment.tzinfo is None else moment


def _validated(flt: DecisionFilter) -> DecisionFilter:
    require_some(flt.decision_types, "filter.decisionTypes")
    made_after, made_before = _aware(flt.made_after), _aware(flt.made_before)
    if made_after and made_before and made_before <= made_after:
        raise BadUserInput("madeBefore must be later than madeAfter", field="filter.madeBefore")
    for name, value in (("minQuality", flt.min_quality), ("maxQuality", flt.max_quality)):
        if value is not None and not -1 <= value <= 1:
            raise BadUserInput(f"{name} must be within [-1, 1]", field=f"filter.{name}")
    if flt.min_quality is not None and flt.max_quality is not None and flt.max_quality < flt.min_quality:
        raise BadUserInput("maxQuality must be at least minQuality", field="filter.maxQuality")
    if flt.has_outcome is False and (flt.min_quality is not None or flt.max_quality is not None):
        field = "minQuality" if flt.min_quality is not None else "maxQuality"
        raise BadUserInput(f"{field} implies an outcome: it cannot go with hasOutcome: false", field=f"filter.{field}")
    if flt.session_id is not None and not 1 <= len(flt.session_id) <= 100:
        raise BadUserInput("sessionId must be 1-100 characters", field="filter.sessionId")
    return DecisionFilter(
        flt.decision_types,
        made_after,
        made_before,
        flt.session_id,
        flt.has_outcome,
        flt.min_quality,
        flt.max_quality,
        flt.memory_id,
    )


async def list_decisions(
    deps: Deps, user_id: str, flt: DecisionFilter | None, first: int, after: str | None
) -> DecisionPage:
    """The caller's decisions, newest first; a quality bound implies an outcome (the current one's quality);
    `memory_id` must name one of the caller's memories (NOT_FOUND otherwise)."""
    if not 1 <= first <= MAX_PAGE_SIZE:
        raise BadUserInput(f"first must be 1-{MAX_PAGE_SIZE}", field="first")
    flt = _validated(flt or DecisionFilter())
    if flt.memory_id is not None and not await deps.db.read("memory.statuses", userId=user_id, ids=[flt.memory_id]):
        raise NotFound(f"no memory {flt.memory_id}")
    rows = await deps.db.read(
        "decisions.list",
        userId=user_id,
        filters=nullable(
            decisionTypes=[t.value for t in flt.decision_types] if flt.decision_types else None,
            madeAfter=flt.made_after,
            madeBefore=flt.made_before,
            sessionId=flt.session_id,
            hasOutcome=flt.has_outcome,
            minQuality=flt.min_quality,
            maxQuality=flt.max_quality,
            memoryId=flt.memory_id,
        ),
        after=cursor_position(after),
        pageSize=first + 1,
    )
    ids = [r["id"] for r in rows[:first]]
    found = {t.trace_id: t for t in map(_trace, await deps.db.read("decisions.get", userId=user_id, ids=ids))}
    traces = [found[i] for i in ids if i in found]
    return DecisionPage(traces, [encode_cursor(t.created_at, t.trace_id) for t in traces], len(rows) > first)
