"""What a recall is asked and what it answers: channels, filters, the score breakdown of
each memory and the result (`memory/recall.py` computes them)."""

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

from graphmind.core.enums import ContentType
from graphmind.memory.model import Memory


class Channel(str, Enum):
    VECTOR = "vector"
    KEYWORD = "keyword"
    GRAPH = "graph"


ALL_CHANNELS = (Channel.VECTOR, Channel.KEYWORD, Channel.GRAPH)


@dataclass
class RecallFilter:
    """Which memories may be returned, on two clocks (docs/memory.md, "Time travel").

    Belief time, `as_of`: what GraphMind believed at that instant — memories recorded by
    then (createdAt) and not yet retired then (retiredAt: superseded or forgotten), so a
    memory superseded later is included and one superseded earlier is not. World time,
    `valid_at`: what was valid at that instant (validFrom/validUntil; default now, or
    `as_of` when that is given); `valid_from`/`valid_to`: validity overlapping a range."""

    content_types: list[ContentType] | None = None
    temporal_levels: list[int] | None = None
    tags: list[str] | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    as_of: datetime | None = None
    valid_at: datetime | None = None
    include_history: bool = False  # superseded memories too, and the originals of self-improved ones


@dataclass
class ScoreBreakdown:
    """Why a memory was returned: its rank, score and normalised score in each channel,
    the fused score (and the RRF score either way), the boost of a memory dated in the
    period the query names, its effective salience, its relevance, retrievability and
    utility, and the final score that mixes the last three."""

    vector_rank: int | None = None
    vector_score: float | None = None
    vector_normalised: float | None = None
    keyword_rank: int | None = None
    keyword_score: float | None = None
    keyword_normalised: float | None = None
    graph_rank: int | None = None
    graph_score: float | None = None
    graph_normalised: float | None = None
    fused_score: float = 0.0
    rrf_score: float = 0.0
    period_boost: float = 1.0
    salience: float = 0.0
    relevance: float = 0.0
    retrievability: float = 1.0
    utility: float = 0.5
    final_score: float = 0.0
    neighbour_of: str | None = None
    exploration: float = 0.0
    spread: float = 1.0


@dataclass
class RecallItem:
    memory: Memory
    score: float
    breakdown: ScoreBreakdown
    tokens: int = 0


@dataclass
class RecallResult:
    retrieval_id: str
    items: list[RecallItem] = field(default_factory=list)
    token_budget: int | None = None

    @property
    def tokens_used(self) -> int:
        return sum(item.tokens for item in self.items)
