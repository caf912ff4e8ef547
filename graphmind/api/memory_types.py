"""GraphQL types of the memory core, and their conversion from the domain model."""

from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from graphmind.api.context import Info
from graphmind.api.ids import optional_id
from graphmind.api.pagination import PageInfo
from graphmind.core import enums
from graphmind.lifecycle import conflicts, decay, truth
from graphmind.memory import manage, model, store
from graphmind.memory.recall import Channel, RecallItem, ScoreBreakdown

ContentType = strawberry.enum(enums.ContentType, description="What kind of knowledge a memory holds.")
MemoryStatus = strawberry.enum(
    enums.MemoryStatus, description="active, superseded (kept as history) or archived (forgotten)."
)
Source = strawberry.enum(
    enums.Source,
    description="Provenance; decides trust: AXIOM 1.0, USER 0.8, MODEL 0.6, WEB 0.4; SELF_IMPROVEMENT "
    "(the self-improvement worker's, refused from callers) takes its sources' lowest trust.",
)
RecallChannel = strawberry.enum(Channel, name="RecallChannel", description="A retrieval channel fused by recall.")
ConflictKind = strawberry.enum(
    conflicts.ConflictKind, description="How two memories contradict: a negation or a changed value."
)


@strawberry.interface(description="The fields every memory has.")
class MemoryFields:
    id: strawberry.ID = strawberry.field(description="The memory's id (UUID).")
    content: str = strawberry.field(description="The remembered text, PII redacted.")
    content_type: enums.ContentType = strawberry.field(description="fact, preference, event, goal or observation.")
    temporal_level: int = strawberry.field(
        description="1 immediate (hours), 2 situational (days-weeks), 3 seasonal (months), 4 identity (years)."
    )
    valid_from: datetime = strawberry.field(description="World time: when this became true.")
    valid_until: datetime | None = strawberry.field(
        description="World time: when this stops (or stopped) being true (null: open)."
    )
    base_salience: float = strawberry.field(description="Initial importance, 0-1.")
    outcome_adjustment: float = strawberry.field(description="What outcomes taught, added to base salience.")
    effective_salience: float = strawberry.field(description="base + adjustment, clamped to [0, 1].")
    created_at: datetime = strawberry.field(description="Belief time: when GraphMind recorded it.")
    updated_at: datetime = strawberry.field(description="When it last changed.")
    retired_at: datetime | None = strawberry.field(
        description="Belief time: when GraphMind stopped believing it (superseded or forgotten); null while believed."
    )
    source: enums.Source = strawberry.field(description="Where it came from.")
    trust: float = strawberry.field(description="Trust of the source, 0.4-1.0.")
    tags: list[str] = strawberry.field(description="Lower-case tags.")
    metadata: JSON = strawberry.field(description="Free-form JSON object given at remember time.")
    status: enums.MemoryStatus = strawberry.field(description="active, superseded or archived.")
    last_accessed_at: datetime | None = strawberry.field(description="Last time recall returned it.")
    access_count: int = strawberry.field(description="How often it was returned or reinforced.")
    entities: list[str] = strawberry.field(description="Named things it mentions (Entity nodes).")
    stability: float = strawberry.field(
        description="Stability S in hours (DSR); spaced retrievals and good outcomes raise it."
    )
    utility: float = strawberry.field(description="Learned usefulness (Kalman estimate, 0-1; 0.5 unknown).")
    in_scene: bool = strawberry.field(
        description="In its session's scene (working memory): no decay until the topic shifts."
    )
    decay_since: strawberry.Private[datetime]

    @strawberry.field(description="Retrievability now, R = C·e^(−t/S) since decaySince (1 in a scene).")
    def retrievability(self, info: Info) -> float:
        deps = info.context.deps
        hours = decay.hours_between(self.decay_since, deps.clock.now())
        return decay.retrievability(hours, self.stability, deps.settings.retrievability_scale, self.in_scene)


@strawberry.type(description="A stored memory.")
class Memory(MemoryFields):
    pass


@strawberry.type(description="How many placeholders of one kind remember wrote.")
class RedactionCount:
    kind: str = strawberry.field(description="EMAIL, PHONE, CARD, IP, API_KEY, TOKEN, PASSWORD, …")
    count: int = strawberry.field(description="How many were replaced.")


@strawberry.type(description="A contradiction with an existing memory and how it was settled (policy 5).")
class MemoryConflict:
    memory_id: strawberry.ID = strawberry.field(description="The existing memory it contradicts.")
    kind: conflicts.ConflictKind = strawberry.field(description="NEGATION or CHANGED_VALUE.")
    similarity: float = strawberry.field(description="Cosine similarity of the two memories.")
    old_value: str = strawberry.field(description="The differing words of the existing memory.")
    new_value: str = strawberry.field(description="The differing words of the new (or restored) memory.")
    winner_id: strawberry.ID = strawberry.field(description="The memory that holds.")
    superseded_id: strawberry.ID = strawberry.field(description="The memory now superseded (kept as history).")
    decided_by: str = strawberry.field(description="trust (higher wins) or recency (equal trust: newer wins).")


@strawberry.type(description="The stored memory (or the existing one it duplicated) and what remember did.")
class RememberResult(MemoryFields):
    duplicate_of: strawberry.ID | None = strawberry.field(
        description="Set when the input duplicated this existing memory (cosine > 0.95 and no value, negation or "
        "content word differs; or the same words but for case, punctuation and how values are written, at any "
        "cosine): no second memory was stored; the input's new tags, metadata keys and entities were added to this one."
    )
    similarity: float | None = strawberry.field(description="Cosine similarity to the duplicated memory.")
    redactions: int = strawberry.field(description="PII and secrets replaced by placeholders.")
    redaction_counts: list[RedactionCount] = strawberry.field(description="The redactions by kind.")
    conflicts: list[MemoryConflict] = strawberry.field(
        description="Existing memories it contradicts; the loser of each is superseded."
    )


@strawberry.type(description="The restored memory and what its restore settled.")
class RestoreResult(MemoryFields):
    conflicts: list[MemoryConflict] = strawberry.field(
        description="The contradictions with active memories the restore settled, judged as for a "
        "remembered fact (trust, then recency): the loser of each is superseded, the restored memory itself "
        "when it loses (its status is then SUPERSEDED)."
    )
    duplicate_of: strawberry.ID | None = strawberry.field(
        description="Set when the restored memory only repeats this active one (as remember's duplicateOf): "
        "that one holds and is reinforced, and the restored one is kept as history, SUPERSEDED by it."
    )
    similarity: float | None = strawberry.field(description="Cosine similarity to the memory it repeats.")


@strawberry.type(
    name="ScoreBreakdown",
    description="Why recall returned a memory: ranks and scores per channel, fusion and salience.",
)
class ScoreBreakdownType:
    vector_rank: int | None = strawberry.field(description="Rank in the vector channel (1 = best).")
    vector_score: float | None = strawberry.field(description="Cosine similarity to the query.")
    vector_normalised: float | None = strawberry.field(
        description="The vector score min-max normalised over the channel's candidates (best 1, k-th 0; from 0 when fewer than k)."
    )
    keyword_rank: int | None = strawberry.field(description="Rank in the keyword channel.")
    keyword_score: float | None = strawberry.field(description="BM25 score over the caller's own memories.")
    keyword_normalised: float | None = strawberry.field(
        description="The keyword score min-max normalised over the channel's candidates (best 1, k-th 0; from 0 when fewer than k)."
    )
    graph_rank: int | None = strawberry.field(description="Rank in the entity-graph channel.")
    graph_score: float | None = strawberry.field(description="Entity-graph score (rarer shared entities weigh more).")
    graph_normalised: float | None = strawberry.field(
        description="The entity-graph score min-max normalised over the channel's candidates (best 1, k-th 0; from 0 when fewer than k)."
    )
    fused_score: float = strawberry.field(
        description="The channels fused: the weighted sum of the normalised scores (fusion 'scores', the "
        "default) or the RRF score (fusion 'rrf')."
    )
    rrf_score: float = strawberry.field(
        description="Reciprocal Rank Fusion: sum of weight/(k + rank), shown either way."
    )
    period_boost: float = strawberry.field(
        description="1 + GRAPHMIND_RECALL_PERIOD_BOOST when the memory is dated in the period the query names "
        "('in May 2023', 'on October 13, 2023'; 'yesterday', 'last week' against now), else 1; it multiplies "
        "the fused score."
    )
    salience: float = strawberry.field(description="Effective salience that weighted the fused score.")
    relevance: float = strawberry.field(
        description="fused score × period boost × salience relative to the best result (or the neighbour share when higher), 0-1; × spread."
    )
    retrievability: float = strawberry.field(description="R = C·e^(−t/S) at recall time (1 in a scene).")
    utility: float = strawberry.field(description="Learned usefulness (Kalman estimate; 0.5 unknown).")
    final_score: float = strawberry.field(
        description="The ranking mix: wSim·relevance + wR·retrievability + wU·utility (+ exploration)."
    )
    neighbour_of: strawberry.ID | None = strawberry.field(
        description="Set when the memory came in as a temporal neighbour (±10 min) of this result."
    )
    exploration: float = strawberry.field(
        description="Exploration bonus in the final score: c·√(utility variance)·u, 0 when exploration is off."
    )
    spread: float = strawberry.field(
        description="For a question that counts or totals ('how many', 'how much', 'total'): "
        "GRAPHMIND_RECALL_AGGREGATE_SPREAD to the power of the results ranked above this one from the same "
        "episode, which multiplied its relevance; 1 otherwise (any other question has only the order of its "
        "first GRAPHMIND_RECALL_HEAD_EPISODES results spread over episodes, no score changed)."
    )


@strawberry.type(name="RecallItem", description="One recalled memory with its score and breakdown.")
class RecallItemType:
    memory: Memory = strawberry.field(description="The memory.")
    score: float = strawberry.field(description="Final score (higher is better).")
    breakdown: ScoreBreakdownType = strawberry.field(description="How the score came about.")
    tokens: int = strawberry.field(description="Tokens of the content under the embedding model's tokenizer.")


@strawberry.type(description="What recall found; retrievalId links a later decision to it.")
class RecallResult:
    retrieval_id: strawberry.ID = strawberry.field(description="Id of the recorded Retrieval.")
    items: list[RecallItemType] = strawberry.field(description="The memories, best first.")
    tokens_used: int = strawberry.field(description="Tokens of all returned contents together.")
    token_budget: int | None = strawberry.field(description="The budget asked for (tokensUsed never exceeds it).")


@strawberry.type(description="A memory and its cursor.")
class MemoryEdge:
    cursor: str = strawberry.field(description="Opaque cursor for `after`.")
    node: Memory = strawberry.field(description="The memory.")


@strawberry.type(description="A page of memories, newest first.")
class MemoryConnection:
    edges: list[MemoryEdge] = strawberry.field(description="The memories of this page.")
    page_info: PageInfo = strawberry.field(description="Whether more pages follow.")


@strawberry.type(description="A memory superseded by a newer one.")
class SupersedeResult:
    superseded: Memory = strawberry.field(description="The old memory, now superseded (kept as history).")
    replacement: Memory = strawberry.field(description="The memory that supersedes it.")


def memory_fields(memory: model.Memory) -> dict:
    return {
        "id": memory.id,
        "content": memory.content,
        "content_type": memory.content_type,
        "temporal_level": memory.temporal_level,
        "valid_from": memory.valid_from,
        "valid_until": memory.valid_until,
        "base_salience": memory.base_salience,
        "outcome_adjustment": memory.outcome_adjustment,
        "effective_salience": memory.effective_salience,
        "created_at": memory.created_at,
        "updated_at": memory.updated_at,
        "retired_at": memory.retired_at,
        "source": memory.source,
        "trust": memory.trust,
        "tags": memory.tags,
        "metadata": memory.metadata,
        "status": memory.status,
        "last_accessed_at": memory.last_accessed_at,
        "access_count": memory.access_count,
        "entities": memory.entities,
        "stability": memory.stability,
        "utility": memory.utility,
        "in_scene": memory.in_scene,
        "decay_since": memory.decay_since,
    }


def to_memory(memory: model.Memory) -> Memory:
    return Memory(**memory_fields(memory))


def to_conflict(c: truth.Conflict) -> MemoryConflict:
    return MemoryConflict(
        memory_id=strawberry.ID(c.existing_id),
        kind=c.kind,
        similarity=c.similarity,
        old_value=c.old_value,
        new_value=c.new_value,
        winner_id=strawberry.ID(c.winner_id),
        superseded_id=strawberry.ID(c.loser_id),
        decided_by=c.reason,
    )


def to_restore_result(r: manage.Restored) -> RestoreResult:
    return RestoreResult(
        **memory_fields(r.memory),
        conflicts=[to_conflict(c) for c in r.conflicts],
        duplicate_of=optional_id(r.duplicate_of),
        similarity=r.similarity,
    )


def to_breakdown(b: ScoreBreakdown) -> ScoreBreakdownType:
    return ScoreBreakdownType(**vars(b))


def to_recall_item(item: RecallItem) -> RecallItemType:
    return RecallItemType(
        memory=to_memory(item.memory), score=item.score, breakdown=to_breakdown(item.breakdown), tokens=item.tokens
    )


def to_remember_result(r: store.RememberResult) -> RememberResult:
    return RememberResult(
        **memory_fields(r.memory),
        duplicate_of=optional_id(r.duplicate_of),
        similarity=r.similarity,
        redactions=sum(r.redactions.values()),
        redaction_counts=[RedactionCount(kind=k, count=n) for k, n in sorted(r.redactions.items())],
        conflicts=[to_conflict(c) for c in r.conflicts],
    )
