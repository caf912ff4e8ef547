"""Inputs the client sends, mirroring the GraphQL input types (camelCase on the wire).

Methods take these models, or plain dicts with the same fields (snake_case or
camelCase); the client checks types and enum values before sending, so a typo fails
at once with BadUserInput naming the field. Ranges and lengths are the server's to check.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from graphmind_client._compat import StrEnum
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic.alias_generators import to_camel

from graphmind_client.errors import BadUserInput
from graphmind_client.graph_models import Feedback
from graphmind_client.models import ContentType, DecisionType, OutcomeSignal, Source
from graphmind_client.session_models import SessionEntryKind


class Input(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, validate_by_name=True, validate_by_alias=True,
                              serialize_by_alias=True, extra="forbid")

    def wire(self) -> dict[str, Any]:
        """The input as GraphQL variables: camelCase, JSON types, unset fields left out."""
        return self.model_dump(mode="json", exclude_none=True)


InputT = TypeVar("InputT", bound=Input)
EnumT = TypeVar("EnumT", bound=StrEnum)


class MemoryInput(Input):
    """A memory to store (RememberInput; remember adds its requestId)."""

    content: str
    content_type: ContentType | None = None
    temporal_level: int | None = None
    base_salience: float | None = None
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    source: Source | None = None
    tags: list[str] | None = None
    metadata: dict[str, Any] | None = None
    entities: list[str] | None = None
    session_id: str | None = None


class RecallFilter(Input):
    """Which memories recall may return."""

    content_types: list[ContentType] | None = None
    temporal_levels: list[int] | None = None
    tags: list[str] | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    as_of: datetime | None = None
    valid_at: datetime | None = None
    include_history: bool | None = None


class MemoryContribution(Input):
    """A memory that influenced a decision, and how much (0-1)."""

    memory_id: str
    contribution: float = 1.0


class DecideInput(Input):
    decision_type: DecisionType
    summary: str
    retrieval_id: str | None = None
    memories: list[MemoryContribution] | None = None
    confidence: float | None = None
    alternatives: list[str] | None = None
    session_id: str | None = None
    request_id: str | None = None


class DecisionFilter(Input):
    """Which decisions to list (all given conditions hold)."""

    decision_types: list[DecisionType] | None = None
    made_after: datetime | None = None
    made_before: datetime | None = None
    session_id: str | None = None
    has_outcome: bool | None = None
    min_quality: float | None = None
    max_quality: float | None = None
    memory_id: str | None = None


class ObserveOutcomeInput(Input):
    trace_id: str
    quality: float
    signal: OutcomeSignal
    feedback: str | None = None
    revision: bool = False
    request_id: str | None = None


class LearnInput(Input):
    query: str
    agent_id: str
    feedback: Feedback
    node_ids: list[str]
    strength: float = 0.2


class HypothesisInput(Input):
    statement: str
    confidence: float = 0.5
    supporting_nodes: list[str] = []
    contradicting_nodes: list[str] = []


class ConclusionInput(Input):
    statement: str
    confidence: float = 0.5
    from_hypotheses: list[str] = []
    supporting_nodes: list[str] = []


class VisitedNodeInput(Input):
    node_id: str
    annotation: str | None = None
    relevance: float = 0.5


class ActivationBoostInput(Input):
    node_id: str
    boost: float


class SaveTrailInput(Input):
    agent_id: str
    label: str
    hypotheses: list[HypothesisInput] = []
    conclusions: list[ConclusionInput] = []
    open_questions: list[str] = []
    tags: list[str] = []
    summary: str | None = None
    visited_nodes: list[VisitedNodeInput] = []
    activation_boosts: list[ActivationBoostInput] = []


class ResumeTrailInput(Input):
    trail_id: str
    force: bool = False
    agent_id: str | None = None


class StartSessionInput(Input):
    agent_id: str
    goal: str


class LogSessionInput(Input):
    session_id: str
    kind: SessionEntryKind
    text: str


class ResolveBlockerInput(Input):
    entry_id: str
    solution: str
    root_cause: str | None = None


class EndSessionInput(Input):
    session_id: str


def coerce(cls: type[InputT], value: InputT | Mapping[str, Any] | str, field: str, as_id: str | None = None) -> InputT:
    """`value` as a `cls`: the model itself, a dict of its fields, or a bare string that fills
    the field `as_id`. A wrong type or enum value is BadUserInput naming the input field."""
    if isinstance(value, cls):
        return value
    if isinstance(value, str) and as_id:
        value = {as_id: value}
    elif isinstance(value, Mapping):
        value = dict(value)
    try:
        return cls.model_validate(value)
    except ValidationError as e:
        first = e.errors()[0]
        where = field + "".join(f"[{part}]" if isinstance(part, int) else f".{to_camel(part)}" for part in first["loc"])
        raise BadUserInput(f"{where}: {first['msg']}", extensions={"code": "BAD_USER_INPUT", "field": where}) from e


def enum_value(cls: type[EnumT], value: EnumT | str, field: str) -> EnumT:
    """`value` as a member of the enum `cls`, or BadUserInput naming `field`."""
    try:
        return cls(value)
    except ValueError as e:
        raise BadUserInput(f"{field}: expected one of {', '.join(cls)}, got {value!r}",
                           extensions={"code": "BAD_USER_INPUT", "field": field}) from e


def wire(cls: type[Input], field: str = "input", **values: Any) -> dict[str, Any]:
    """The GraphQL variable `field` of type `cls` from keyword values (None: not set)."""
    return coerce(cls, {k: v for k, v in values.items() if v is not None}, field).wire()
