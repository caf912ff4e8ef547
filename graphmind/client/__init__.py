"""A small typed client for agents: `AsyncGraphMind` (asyncio) and `GraphMind` (sync).

    from graphmind.client import AsyncGraphMind

    async with AsyncGraphMind(api_key="gm_…") as gm:
        found = await gm.recall("which cache should we use?")

It speaks GraphQL over httpx and returns pydantic models; errors are subclasses of
`ClientError`, one per GraphQL error code. It imports nothing of the server (no Neo4j
driver, no model). docs/agents.md has the learning loop as a complete agent.
"""

from graphmind.client.async_client import AsyncGraphMind
from graphmind.client.core import Retry
from graphmind.client.errors import (
    BadUserInput,
    ClientError,
    Conflict,
    Forbidden,
    Internal,
    NotFound,
    RateLimited,
    TransportError,
    Unauthenticated,
    Unavailable,
)
from graphmind.client.decision_models import OutcomeStatus
from graphmind.client.graph_models import Feedback, TrailStatus
from graphmind.client.inputs import (
    ActivationBoostInput,
    ConclusionInput,
    DecisionFilter,
    HypothesisInput,
    MemoryContribution,
    MemoryInput,
    RecallFilter,
    VisitedNodeInput,
)
from graphmind.client.models import ContentType, DecisionType, OutcomeSignal, RecallChannel, Source
from graphmind.client.session_models import SessionEntryKind
from graphmind.client.sync_client import GraphMind

__all__ = [
    "ActivationBoostInput",
    "AsyncGraphMind",
    "BadUserInput",
    "ClientError",
    "ConclusionInput",
    "Conflict",
    "ContentType",
    "DecisionFilter",
    "DecisionType",
    "Feedback",
    "Forbidden",
    "GraphMind",
    "HypothesisInput",
    "Internal",
    "MemoryContribution",
    "MemoryInput",
    "NotFound",
    "OutcomeSignal",
    "OutcomeStatus",
    "RateLimited",
    "RecallChannel",
    "RecallFilter",
    "Retry",
    "SessionEntryKind",
    "Source",
    "TrailStatus",
    "TransportError",
    "Unauthenticated",
    "Unavailable",
    "VisitedNodeInput",
]
