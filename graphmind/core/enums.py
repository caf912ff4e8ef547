"""The vocabulary of a memory: what kind of knowledge it holds, its status, its source."""

from enum import Enum


class ContentType(str, Enum):
    FACT = "fact"
    PREFERENCE = "preference"
    EVENT = "event"
    GOAL = "goal"
    OBSERVATION = "observation"


class MemoryStatus(str, Enum):
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    ARCHIVED = "archived"


class Source(str, Enum):
    """Where a memory came from; decides its trust (seed 003, policy 4)."""

    AXIOM = "axiom"
    USER = "user"
    MODEL = "model"
    WEB = "web"
    SELF_IMPROVEMENT = "self_improvement"  # derived by the self-improvement worker, never a caller

    @property
    def trust(self) -> float:
        return TRUST[self]


TRUST = {
    Source.AXIOM: 1.0,
    Source.USER: 0.8,
    Source.MODEL: 0.6,
    Source.WEB: 0.4,
    Source.SELF_IMPROVEMENT: 0.6,
}  # an improved memory takes its sources' lowest trust
