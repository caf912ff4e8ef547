"""The RETRIEVE phase: hybrid recall (rules R5-R8), one round trip to Neo4j.

Python prepares the query (embedding, Lucene terms, entity keys, filters);
`cypher/memory/recall.cypher` gathers the vector, keyword and entity-graph
candidates, fuses them with Reciprocal Rank Fusion, weights them by effective
salience, adds temporal neighbours and records the Retrieval. The top results
are then associated with each other (co-retrieval, `associative/edges.py`).
"""

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum

from graphmind.associative import edges
from graphmind.deps import Deps
from graphmind.learning.events import content_hash
from graphmind.errors import BadUserInput
from graphmind.memory.entities import extract_entities
from graphmind.memory.keywords import lucene_query
from graphmind.memory.model import ContentType, Memory, MemoryStatus
from graphmind.memory.privacy import redact

MAX_QUERY_LENGTH = 2000


class Channel(str, Enum):
    VECTOR = "vector"
    KEYWORD = "keyword"
    GRAPH = "graph"


ALL_CHANNELS = (Channel.VECTOR, Channel.KEYWORD, Channel.GRAPH)


@dataclass
class RecallFilter:
    """Which memories may be returned. `as_of`: what was valid at that instant (default now);
    `valid_from`/`valid_to`: validity overlapping that range."""

    content_types: list[ContentType] | None = None
    temporal_levels: list[int] | None = None
    tags: list[str] | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    as_of: datetime | None = None


@dataclass
class ScoreBreakdown:
    """Why a memory was returned: its rank and score in each channel, the RRF score,
    its effective salience and the final score."""

    vector_rank: int | None = None
    vector_score: float | None = None
    keyword_rank: int | None = None
    keyword_score: float | None = None
    graph_rank: int | None = None
    graph_score: float | None = None
    rrf_score: float = 0.0
    salience: float = 0.0
    final_score: float = 0.0
    neighbour_of: str | None = None


@dataclass
class RecallItem:
    memory: Memory
    score: float
    breakdown: ScoreBreakdown


@dataclass
class RecallResult:
    retrieval_id: str
    items: list[RecallItem] = field(default_factory=list)


def _aware(moment: datetime | None) -> datetime | None:
    return moment.replace(tzinfo=UTC) if moment and moment.tzinfo is None else moment


def _validate(deps: Deps, query: str, limit: int, flt: RecallFilter) -> str:
    query = query.strip()
    if not query:
        raise BadUserInput("query must not be empty", field="query")
    if len(query) > MAX_QUERY_LENGTH:
        raise BadUserInput(f"query must be at most {MAX_QUERY_LENGTH} characters", field="query")
    if not 1 <= limit <= deps.settings.recall_max_limit:
        raise BadUserInput(
            f"limit must be 1-{deps.settings.recall_max_limit}, got {limit}", field="limit"
        )
    if flt.temporal_levels and any(not 1 <= level <= 4 for level in flt.temporal_levels):
        raise BadUserInput("temporal levels are 1-4", field="filter.temporalLevels")
    if flt.valid_from and flt.valid_to and _aware(flt.valid_to) < _aware(flt.valid_from):
        raise BadUserInput("filter.validTo must not be before validFrom", field="filter.validTo")
    return query


def _breakdown(row: dict) -> ScoreBreakdown:
    breakdown = ScoreBreakdown(
        rrf_score=row["rrf"],
        salience=row["memory"]["effectiveSalience"],
        final_score=row["final"],
        neighbour_of=row["neighbourOf"],
    )
    for ranked in row["ranks"]:
        setattr(breakdown, f"{ranked['channel']}_rank", ranked["rank"])
        setattr(breakdown, f"{ranked['channel']}_score", ranked["score"])
    return breakdown


async def recall(
    deps: Deps,
    user_id: str,
    query: str,
    limit: int | None = None,
    flt: RecallFilter | None = None,
    channels: tuple[Channel, ...] = ALL_CHANNELS,
    neighbours: bool = True,
) -> RecallResult:
    """Returns the caller's most relevant memories for `query`, with score breakdowns."""
    s = deps.settings
    flt = flt or RecallFilter()
    limit = s.recall_default_limit if limit is None else limit
    query = _validate(deps, query, limit, flt)
    [embedding] = await deps.embedder.embed_async([query])
    now = deps.clock.now()
    retrieval_id = str(uuid.uuid4())
    rows = await deps.db.write_once(
        "memory.recall",
        userId=user_id,
        queryHash=content_hash(query),
        embedding=embedding.tolist(),
        lucene=lucene_query(query, user_id),
        entityKeys=[e.key for e in extract_entities(query)],
        channels=[c.value for c in channels],
        vectorK=s.recall_vector_k,
        keywordK=s.recall_keyword_k,
        graphK=s.recall_graph_k,
        maxIndexK=s.recall_max_index_k,
        maxEntityShare=s.max_entity_share,
        rrfK=s.rrf_k,
        weights={
            Channel.VECTOR.value: s.rrf_weight_vector,
            Channel.KEYWORD.value: s.rrf_weight_keyword,
            Channel.GRAPH.value: s.rrf_weight_graph,
        },
        limit=limit,
        minSalience=s.min_salience,
        # A validity range without asOf means "overlapping the range", not "valid now".
        asOf=_aware(flt.as_of) or (None if flt.valid_from or flt.valid_to else now),
        rangeFrom=_aware(flt.valid_from),
        rangeTo=_aware(flt.valid_to),
        contentTypes=[c.value for c in flt.content_types] if flt.content_types else None,
        temporalLevels=flt.temporal_levels or None,
        tags=[t.lower() for t in flt.tags] if flt.tags else None,
        statuses=[MemoryStatus.ACTIVE.value],
        neighbourSeconds=s.neighbour_window_minutes * 60 if neighbours else 0.0,
        neighbourShare=s.neighbour_share if neighbours else 0.0,
        neighbourParents=s.neighbour_parents if neighbours else 0,
        retrievalId=retrieval_id,
        query=redact(query).text if s.redact_pii else query,
        now=now,
    )
    items = [
        RecallItem(Memory.from_node(r["memory"], r["entities"]), r["final"], _breakdown(r))
        for r in rows
    ]
    top = [item.memory.id for item in items[: s.coretrieval_top]]
    if s.coretrieval_rate > 0 and len(top) > 1:
        # co-retrieval: what is recalled together is associated (a Hebbian nudge)
        await deps.db.transaction(
            lambda tx: edges.adjust(tx, user_id, now, edges.among(top, s.coretrieval_rate))
        )
    return RecallResult(retrieval_id, items)
