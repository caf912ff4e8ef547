"""A small typed client for agents: `AsyncGraphMind` (asyncio) and `GraphMind` (sync).

    from graphmind_client import AsyncGraphMind

    async with AsyncGraphMind(api_key="gm_…") as gm:
        found = await gm.recall("which cache should we use?")

It speaks GraphQL over httpx and returns pydantic models; errors are subclasses of
`ClientError`, one per GraphQL error code. It imports nothing of the server (no Neo4j
driver, no model). docs/agents.md has the learning loop as a complete agent.
"""

from __future__ import annotations

from graphmind_client.async_client import AsyncGraphMind
from graphmind_client.core import Retry
from graphmind_client.errors import (
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
from graphmind_client.decision_models import OutcomeStatus
from graphmind_client.events import Event
from graphmind_client.graph_models import Feedback, TrailStatus
from graphmind_client.inputs import (
    ActivationBoostInput,
    ConclusionInput,
    DecisionFilter,
    HypothesisInput,
    MemoryContribution,
    MemoryInput,
    RecallFilter,
    VisitedNodeInput,
)
from graphmind_client.models import ContentType, DecisionType, OutcomeSignal, RecallChannel, Source
from graphmind_client.session_models import SessionEntryKind
from graphmind_client.sync_client import GraphMind

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
    "Event",
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
