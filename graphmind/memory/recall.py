"""The RETRIEVE phase: hybrid recall (rules R5-R8) with the ranking mix of seed 003.

Python prepares the query (embedding, keyword terms, entity keys, filters). While a
worker thread embeds the query, `cypher/memory/lexical_candidates.cypher` gathers the
keyword and entity-graph candidates, which need no embedding; `cypher/memory/rank.cypher`
adds the vector candidates, fuses them (the sum of each channel's min-max normalised
score, or Reciprocal Rank Fusion), favours memories dated in the period the query names
(`memory/periods.py`), weights them by effective salience (relevance), adds temporal
neighbours and mixes relevance with retrievability and learned utility; a question that
counts or totals spreads its results over episodes, any other its first two
(`memory/spread.py`). A memory with a
self-improved version (IMPROVES) that qualifies itself is left out unless history is asked
for: the improved version stands in for it. With a token budget the candidates are
packed by `memory/budget.py`. Both queries run in one read transaction, the only one on
the caller's path; the record of what it returned (the Retrieval, each memory's review:
decay timer reset, stability grown; co-retrieval, `core/edges.py`; the `memory.retrieved`
event) is queued and written behind it (`record_retrieval.cypher`, `db/write_behind.py`).
"""

import asyncio
from datetime import UTC, datetime, timedelta
from typing import NamedTuple, overload

import numpy as np

from graphmind.core import edges, events, terms
from graphmind.core.enums import MemoryStatus
from graphmind.core.events import content_hash
from graphmind.core.ids import timed_id
from graphmind.core.redaction import redact
from graphmind.core.visible import shows_anything
from graphmind.db.database import keys_or_none_matching, native, nullable
from graphmind.deps import Deps
from graphmind.errors import BadUserInput
from graphmind.lifecycle import decay
from graphmind.memory import exploration, spread
from graphmind.memory.budget import Candidate, pack
from graphmind.memory.entities import extract_entities
from graphmind.memory.keywords import keyword_terms
from graphmind.memory.model import Memory, check_list_filters
from graphmind.memory.periods import named_period, period_param
from graphmind.memory.recall_types import (
    ALL_CHANNELS,
    Channel,
    RecallFilter,
    RecallItem,
    RecallResult,
    ScoreBreakdown,
)
from graphmind.memory.utility import PROCESS_NOISE

MAX_QUERY_LENGTH = 2000


@overload
def _aware(moment: datetime) -> datetime: ...


@overload
def _aware(moment: datetime | None) -> datetime | None: ...


def _aware(moment: datetime | None) -> datetime | None:
    return moment.replace(tzinfo=UTC) if moment and moment.tzinfo is None else moment


def _validate(
    deps: Deps, query: str, limit: int, flt: RecallFilter, token_budget: int | None, explore: float | None
) -> str:
    query = query.strip()
    if not query:
        raise BadUserInput("query must not be empty", field="query")
    if len(query) > MAX_QUERY_LENGTH:
        raise BadUserInput(f"query must be at most {MAX_QUERY_LENGTH} characters", field="query")
    if not shows_anything(query):  # as remember, startSession and decide
        raise BadUserInput("query has no visible character", field="query")
    if not 1 <= limit <= deps.settings.recall_max_limit:
        raise BadUserInput(f"limit must be 1-{deps.settings.recall_max_limit}, got {limit}", field="limit")
    check_list_filters(flt.content_types, flt.temporal_levels, flt.tags)
    if flt.valid_from and flt.valid_to and _aware(flt.valid_to) < _aware(flt.valid_from):
        raise BadUserInput("filter.validTo must not be before validFrom", field="filter.validTo")
    if token_budget is not None and not 1 <= token_budget <= deps.settings.max_token_budget:
        raise BadUserInput(
            f"tokenBudget must be 1-{deps.settings.max_token_budget}, got {token_budget}",
            field="tokenBudget",
        )
    if explore is not None and not 0 <= explore <= exploration.MAX_EXPLORATION:
        raise BadUserInput(f"exploration must be 0-{exploration.MAX_EXPLORATION}, got {explore}", field="exploration")
    return query


def _breakdown(row: dict) -> ScoreBreakdown:
    breakdown = ScoreBreakdown(
        fused_score=row["fusedScore"],
        rrf_score=row["rrf"],
        period_boost=row["periodBoost"],
        salience=row["memory"]["effectiveSalience"],
        relevance=row["relevance"],
        retrievability=row["retrievability"],
        utility=row["utility"],
        final_score=row["final"],
        neighbour_of=row["neighbourOf"],
        exploration=row.get("exploration", 0.0),
        spread=row.get("spread", 1.0),
    )
    for ranked in row["ranks"]:
        setattr(breakdown, f"{ranked['channel']}_rank", ranked["rank"])
        setattr(breakdown, f"{ranked['channel']}_score", ranked["score"])
        setattr(breakdown, f"{ranked['channel']}_normalised", ranked["normalised"])
    return breakdown


async def recall(
    deps: Deps,
    user_id: str,
    query: str,
    limit: int | None = None,
    flt: RecallFilter | None = None,
    channels: tuple[Channel, ...] = ALL_CHANNELS,
    neighbours: bool = True,
    token_budget: int | None = None,
    min_similarity: float | None = None,
    explore: float | None = None,
) -> RecallResult:
    """Returns the caller's most relevant memories for `query`, with score breakdowns;
    with `token_budget`, the best non-redundant ones whose tokens fit the budget; with
    `min_similarity`, only those whose cosine to the query reaches it (vector channel);
    with exploration (`explore`, else the setting), a bounded bonus for little-tried
    memories (memory/exploration.py)."""
    s = deps.settings
    flt = flt or RecallFilter()
    limit = s.recall_default_limit if limit is None else limit
    query = _validate(deps, query, limit, flt, token_budget, explore)
    bound = s.exploration if explore is None else explore
    spreading = _spread_plan(deps, query, token_budget)
    # the query is embedded while the keyword and graph channels run (they need no embedding)
    embedding = asyncio.ensure_future(deps.embedder.embed_async([query]))
    now = deps.clock.now()
    believed_at = _aware(flt.as_of)
    ranged = bool(flt.valid_from or flt.valid_to)
    statuses = [MemoryStatus.ACTIVE.value]
    if flt.include_history or believed_at or flt.valid_at or ranged:
        # a superseded memory keeps its closed validity and belief interval: any question
        # about another time than now may be answered by it
        statuses.append(MemoryStatus.SUPERSEDED.value)
    # A validity range means "overlapping the range", not "valid now"; history without a
    # time means whatever was ever valid; asOf alone also asks what was valid then.
    valid_at = (
        _aware(flt.valid_at) or (None if ranged else believed_at) or (None if ranged or flt.include_history else now)
    )
    # what both queries take: whose memories, which channels and statuses, the keyword k
    shared = dict(
        userId=user_id,
        channels=[c.value for c in channels],
        keywordK=s.recall_keyword_k,
        statuses=statuses,
        minSalience=s.min_salience,
    )
    lexical = dict(
        **shared,
        # an empty list would be planned apart (db/database.py)
        keywordTerms=keys_or_none_matching(keyword_terms(query)),
        keywordPostings=s.recall_keyword_postings,
        bm25=terms.PARAMETERS,
        entityKeys=keys_or_none_matching([e.key for e in extract_entities(query)]),
        maxEntityShare=s.max_entity_share,
    )
    period = named_period(query, now)  # relative dates ("last week") are read against now
    ranking = dict(
        **shared,
        vectorK=s.recall_vector_k,
        graphK=s.recall_graph_k,
        fusion=s.recall_fusion,
        rrfK=s.rrf_k,
        period=period_param(period),
        periodBoost=s.recall_period_boost,
        weights={
            Channel.VECTOR.value: s.rrf_weight_vector,
            Channel.KEYWORD.value: s.rrf_weight_keyword,
            Channel.GRAPH.value: s.rrf_weight_graph,
        },
        # exploring, the next page may move up, and a spread head picks from below: rank twice the
        # limit; spreading the whole list, a pool to pick from
        limit=(
            limit * (spread.POOL_FACTOR if spreading and spreading.whole else 2 if spreading or bound > 0 else 1)
            if token_budget is None
            else max(limit, s.budget_pool)
        ),
        filters=nullable(
            validAt=valid_at,
            believedAt=believed_at,
            rangeFrom=_aware(flt.valid_from),
            rangeTo=_aware(flt.valid_to),
            contentTypes=[c.value for c in flt.content_types] if flt.content_types else None,
            temporalLevels=flt.temporal_levels or None,
            tags=[t.strip().lower() for t in flt.tags] if flt.tags else None,  # as remember stores them
        ),
        hideImproved=not flt.include_history,
        neighbourSeconds=s.neighbour_window_minutes * 60 if neighbours else 0.0,
        neighbourShare=s.neighbour_share if neighbours else 0.0,
        neighbourParents=s.neighbour_parents if neighbours else 0,
        neighboursPerParent=s.neighbours_per_parent,
        neighbourFloor=s.neighbour_floor,
        mix={
            "similarity": s.rank_weight_similarity,
            "retrievability": s.rank_weight_retrievability,
            "utility": s.rank_weight_utility,
        },
        retrievabilityScale=s.retrievability_scale,
        defaultStability=decay.DEFAULT_STABILITY_HOURS,
        withEmbeddings=token_budget is not None,
        now=now,
    )

    async def work(tx) -> tuple[RecallResult, bool]:
        [lexical_hits] = await tx.run("memory.lexical_candidates", **lexical)
        [vector] = await embedding
        [ranked] = await tx.run("memory.rank", embedding=vector.tolist(), lexical=lexical_hits["hits"], **ranking)
        rows = ranked["ranked"]
        if bound > 0:
            rows = _explore(rows, bound, s.exploration_seed, user_id, query, now)
        if spreading:
            rows = spread.spread(
                rows,
                [native(r["memory"]["validFrom"]) for r in rows],
                spreading.factor,
                timedelta(minutes=s.neighbour_window_minutes),
                s.rank_weight_similarity,
                picks=spreading.picks,
            )
        return _assemble(deps, rows, limit, token_budget, min_similarity), lexical_hits["ownerExists"]

    # one read transaction on the caller's path; the record is written behind it (db/write_behind.py)
    try:
        result, user_existed = await deps.db.read_transaction(work)
    finally:
        _settle(embedding)
    await _record(deps, user_id, query, now, result, user_existed)
    return result


class _Spreading(NamedTuple):
    factor: float
    picks: int | None  # None: the whole list

    @property
    def whole(self) -> bool:
        return self.picks is None


def _spread_plan(deps: Deps, query: str, token_budget: int | None) -> _Spreading | None:
    """How the results are spread over episodes (memory/spread.py): a counting question
    all of them, any other its head (not with a token budget, whose packing has its own
    redundancy rule); None when not at all."""
    s = deps.settings
    if s.recall_aggregate_spread < 1 and spread.aggregates(query):
        return _Spreading(s.recall_aggregate_spread, None)
    if token_budget is None and s.recall_head_episodes > 1 and s.recall_head_spread < 1:
        return _Spreading(s.recall_head_spread, s.recall_head_episodes)
    return None


def _settle(task: asyncio.Future) -> None:
    """A query embedding the transaction never waited for (it failed first) is let go
    without an unretrieved-exception warning."""
    if not task.done():
        task.cancel()
    elif not task.cancelled():
        task.exception()


def _explore(rows: list[dict], bound: float, seed: int, user_id: str, query: str, now: datetime) -> list[dict]:
    """Each row's final score plus its exploration bonus, re-ranked (ties as rank.cypher: 1e-4)."""
    for row in rows:
        u = exploration.draw(seed, user_id, query, now, row["memory"]["id"])
        row["exploration"] = exploration.bonus(bound, row["memory"].get("utilityVariance"), u)
        row["final"] += row["exploration"]
    return sorted(rows, key=lambda row: -round(row["final"] * 10000))


def _assemble(
    deps: Deps, rows: list[dict], limit: int, token_budget: int | None, min_similarity: float | None
) -> RecallResult:
    """The ranked rows as a result: the vector floor, token counts, the budget's packing."""
    s = deps.settings
    if min_similarity is not None:
        rows = [
            r
            for r in rows
            if any(x["channel"] == Channel.VECTOR.value and x["score"] >= min_similarity for x in r["ranks"])
        ]
    if token_budget is None:
        rows = rows[:limit]
    # a memory keeps the token count it was embedded with; one written before that is counted
    tokens = [_tokens(deps, r["memory"]) for r in rows]
    if token_budget is not None:
        candidates = [
            Candidate(r["final"], n, np.asarray(r["memory"]["embedding"], dtype=np.float32))
            for r, n in zip(rows, tokens, strict=True)
        ]
        packed = sorted(pack(candidates, token_budget, s.budget_mmr_lambda, limit))
        rows, tokens = [rows[i] for i in packed], [tokens[i] for i in packed]
    items = [
        RecallItem(Memory.from_node(r["memory"], r["entities"]), r["final"], _breakdown(r), n)
        for r, n in zip(rows, tokens, strict=True)
    ]
    return RecallResult(timed_id(), items, token_budget)  # its time tells a decision elsewhere to wait for it


def _tokens(deps: Deps, memory: dict) -> int:
    count = memory.get("tokenCount")
    return deps.embedder.count_tokens(memory["content"]) if count is None else count


async def _record(
    deps: Deps, user_id: str, query: str, now: datetime, result: RecallResult, user_existed: bool
) -> None:
    """Queued behind the recall (db/write_behind.py), keyed by the retrieval id: the
    Retrieval, a review of each returned memory (decay timer reset, stability grown by the
    spacing effect, R20) and co-retrieval. `user_existed` (the caller had a User node when
    recalling) keeps a record that lands after the user's deletion from re-creating it.
    A decision on the retrieval that finds it still queued writes it itself
    (learning/decisions.py). The review is computed again from the
    memory as it is when written, so a recall that read a memory before an earlier recall's
    record of it was written does not undo that review; the result shows the review as
    computed from what the recall read."""
    s = deps.settings
    for item in result.items:
        memory = item.memory
        difficulty = 1.0 - min(1.0, item.breakdown.retrievability)
        memory.stability = decay.reviewed_stability(memory.stability, s.stability_factor, difficulty)
        memory.last_accessed_at, memory.access_count = now, memory.access_count + 1
    top = [item.memory.id for item in result.items[: s.coretrieval_top]]
    query_hash = content_hash(query)
    retrieved = events.event(
        "memory.retrieved",
        memoryIds=[item.memory.id for item in result.items],
        queryHash=query_hash,
        retrievalId=result.retrieval_id,
    )
    await deps.db.queue_write(
        result.retrieval_id,
        user_id,
        "memory.record_retrieval",
        userId=user_id,
        retrievalId=result.retrieval_id,
        events=[retrieved],
        query=redact(query).text if s.redact_pii else query,
        queryHash=query_hash,
        results=[
            {"id": item.memory.id, "rank": rank, "score": item.score} for rank, item in enumerate(result.items, start=1)
        ],
        userExisted=user_existed,
        # the review, from each memory as it is when the record is written (the formula of
        # lifecycle/decay.py `reviewed_stability`, R as rank.cypher's)
        retrievabilityScale=s.retrievability_scale,
        defaultStability=decay.DEFAULT_STABILITY_HOURS,
        stabilityFactor=s.stability_factor,
        minStability=decay.MIN_STABILITY_HOURS,
        now=now,
        retrievalNoise=s.utility_retrieval_noise,
        processNoise=PROCESS_NOISE,
        # co-retrieval: what is recalled together is associated (a Hebbian nudge)
        changes=edges.as_params(edges.among(top, s.coretrieval_rate)) if s.coretrieval_rate > 0 else [],
    )
