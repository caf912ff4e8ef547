"""The typed parameters of the MCP tools: enum names taken from the domain's enums (so the
JSON schema lists exactly what GraphQL accepts), the nested inputs of a trail, and turning
arguments into GraphQL variables."""

from datetime import datetime
from enum import Enum
from typing import Any, Literal

from pydantic import AliasGenerator, BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from graphmind.associative.learn import Feedback
from graphmind.core.enums import ContentType, Source
from graphmind.learning.decisions import DecisionType
from graphmind.learning.outcomes import Signal
from graphmind.sessions.model import EntryKind
from graphmind.trails import TrailStatus

DEFAULT_AGENT = "mcp-agent"  # agent id of learn, trails and sessions when the agent gives none


def names(enum: type[Enum], *leave_out: str) -> Any:
    """A Literal of the enum's member names (the GraphQL enum values)."""
    return Literal[tuple(name for name in enum.__members__ if name not in leave_out)]  # type: ignore[valid-type]


ContentTypeName = names(ContentType)
SourceName = names(Source, "SELF_IMPROVEMENT")  # the worker's provenance, never a caller's
DecisionTypeName = names(DecisionType)
SignalName = names(Signal)
FeedbackName = names(Feedback)
TrailStatusName = names(TrailStatus)
EntryKindName = names(EntryKind)


class Input(BaseModel):
    """A nested input: snake_case in the tool's schema, camelCase in GraphQL."""

    model_config = ConfigDict(alias_generator=AliasGenerator(serialization_alias=to_camel), extra="forbid")


class Hypothesis(Input):
    statement: str = Field(description="What you suppose (1-1000 characters).")
    confidence: float | None = Field(None, description="0-1 (default 0.5).")
    supporting_nodes: list[str] | None = Field(None, description="Ids of memories or entities supporting it.")
    contradicting_nodes: list[str] | None = Field(None, description="Ids of memories or entities against it.")


class Conclusion(Input):
    statement: str = Field(description="What you concluded (1-1000 characters).")
    confidence: float | None = Field(None, description="0-1 (default 0.5).")
    from_hypotheses: list[str] | None = Field(
        None, description="Statements of the hypotheses it came from (at most 100, each 1-1000 characters)."
    )
    supporting_nodes: list[str] | None = Field(None, description="Ids of memories or entities supporting it.")


class VisitedNode(Input):
    node_id: str = Field(description="A memory or entity id you looked at.")
    annotation: str | None = Field(None, description="A note about it.")
    relevance: float | None = Field(None, description="0-1 (default 0.5).")


class ActivationBoost(Input):
    node_id: str = Field(description="A memory or entity id.")
    boost: float = Field(description="Its activation when the trail is resumed, 0-1.")


class _AsGiven(dict):
    """An object passed on as it is: GraphQL variables already made (`variables`: an input
    object inside the variables is not converted again), or a caller's own JSON object
    (`verbatim`: a memory's metadata), whose nulls are the caller's data, not arguments
    left out."""


def verbatim(value: dict[str, Any] | None) -> dict[str, Any] | None:
    """A caller's JSON object to be passed on as given; None (not given) stays None, left out."""
    return None if value is None else _AsGiven(value)


def graphql_value(value: Any) -> Any:
    """An argument as a GraphQL variable value: models in camelCase, times in ISO-8601,
    None left out of objects (so the schema's defaults apply), an `_AsGiven` object as it is."""
    if isinstance(value, _AsGiven):
        return value
    if isinstance(value, BaseModel):
        return graphql_value(value.model_dump(by_alias=True, exclude_none=True))
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {key: graphql_value(item) for key, item in value.items() if item is not None}
    if isinstance(value, list | tuple):
        return [graphql_value(item) for item in value]
    return value


def variables(**values: Any) -> dict[str, Any]:
    """GraphQL variables (or an input object) from keyword arguments named as in GraphQL."""
    return _AsGiven(graphql_value(values))
