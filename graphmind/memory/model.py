"""The Memory model: the validated input of `remember` and the stored node (its enums: `core/enums.py`)."""

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator
from pydantic.alias_generators import to_camel

from graphmind.core.choices import require_no_blank, require_some, require_storable
from graphmind.core.enums import ContentType, MemoryStatus, Source
from graphmind.core.limits import CONTENT_MAX, CONTENT_MIN
from graphmind.core.redaction import as_written
from graphmind.core.visible import CONTROL, shows_anything
from graphmind.db.database import native
from graphmind.errors import BadUserInput
from graphmind.lifecycle import decay
from graphmind.memory.entities import entity_key
from graphmind.memory.harmful import harmful

MAX_TAGS, MAX_TAG_LENGTH = 20, 64
MAX_ENTITIES, MAX_ENTITY_LENGTH = 50, 100
MAX_METADATA_BYTES, MAX_METADATA_DEPTH = 4096, 32


class MemoryInput(BaseModel):
    """What `remember` accepts, validated (rule R3). Field names are the GraphQL ones."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")

    content: str
    content_type: ContentType = ContentType.OBSERVATION
    # strict: an import line's `true` or "0.5" is refused, as GraphQL refuses it (QA)
    temporal_level: int | None = Field(None, ge=1, le=4, strict=True)
    base_salience: float | None = Field(None, ge=0.0, le=1.0, strict=True)
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    source: Source = Source.USER
    tags: list[str] = Field(default_factory=list, max_length=MAX_TAGS)
    metadata: dict[str, Any] = Field(default_factory=dict)
    entities: list[str] = Field(default_factory=list, max_length=MAX_ENTITIES)
    session_id: str | None = Field(None, min_length=1, max_length=128)

    @field_validator("content_type", "source", mode="before")
    @classmethod
    def _enum_spelling(cls, value: Any, info: ValidationInfo) -> Any:
        """GraphQL's spelling (`FACT`, as in the cookbook) as well as the stored one (`fact`).
        An unknown source is told the callers' sources: `self_improvement` is the worker's
        and refused to every caller (QA: the error listed it)."""
        value = value.lower() if isinstance(value, str) else value
        if info.field_name == "source" and not isinstance(value, Source) and value not in [s.value for s in Source]:
            callers = [s.value for s in Source if s is not Source.SELF_IMPROVEMENT]
            raise ValueError(f"source must be one of {', '.join(callers)}")
        return value

    @field_validator("content")
    @classmethod
    def _content(cls, value: str, info: ValidationInfo) -> str:
        if CONTROL.search(value):
            raise ValueError("content must not contain control characters (such as NUL) or lone surrogates")
        value = value.strip()
        # stored text: the minimum as it is, its placeholders at their length (QA: "ping
        # [EMAIL]" was refused as 6 characters), the maximum as its writer wrote it at least
        as_is, as_written = len(value), len(_measured(value, info))
        if as_is < CONTENT_MIN or as_written > CONTENT_MAX:
            got = as_is if as_is < CONTENT_MIN else as_written
            raise ValueError(f"content must be {CONTENT_MIN}-{CONTENT_MAX} characters, got {got}")
        if not shows_anything(value):
            raise ValueError("content has no visible character (only spaces and invisible format characters)")
        reason = harmful(value)
        if reason:
            raise ValueError(f"content refused by rule R3 (no harmful or illegal content): {reason}")
        return value

    @field_validator("tags")
    @classmethod
    def _tags(cls, tags: list[str]) -> list[str]:
        cleaned = []
        for tag in tags:
            tag = tag.strip().lower()
            if not 1 <= len(tag) <= MAX_TAG_LENGTH:
                raise ValueError(f"each tag must be 1-{MAX_TAG_LENGTH} characters")
            if tag not in cleaned:
                cleaned.append(tag)
        return cleaned

    @field_validator("entities")
    @classmethod
    def _entities(cls, entities: list[str]) -> list[str]:
        cleaned = [e.strip() for e in entities]
        if any(len(e) > MAX_ENTITY_LENGTH for e in cleaned):
            raise ValueError(f"each entity must be at most {MAX_ENTITY_LENGTH} characters")
        if not all(map(entity_key, cleaned)):  # it would be dropped unsaid (QA)
            raise ValueError("each entity must name something: more than spaces and punctuation")
        return cleaned

    @field_validator("metadata")
    @classmethod
    def _metadata_size(cls, metadata: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        if _nesting(metadata) > MAX_METADATA_DEPTH:  # deeper would exhaust the stack when serialised
            raise ValueError(f"metadata must nest at most {MAX_METADATA_DEPTH} levels")
        try:  # NaN and Infinity are not JSON: clients could not parse them back (QA)
            serialised = json.dumps(metadata, default=str, allow_nan=False, ensure_ascii=False)
        except ValueError:
            raise ValueError("metadata must not hold NaN or Infinity (not JSON)") from None
        if len(_measured(serialised, info).encode("utf-8", "surrogatepass")) > MAX_METADATA_BYTES:  # UTF-8 bytes (QA)
            raise ValueError(f"metadata must serialise to at most {MAX_METADATA_BYTES} bytes")
        return metadata

    @field_validator("valid_from", "valid_until")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        if value is not None:
            try:  # the driver reads a stored time back through UTC (QA: 0001-01-01T00:00+14:00)
                value.astimezone(UTC)
            except OverflowError:
                raise ValueError("the time is out of range: in UTC it must fall in the years 1-9999") from None
        return value

    @model_validator(mode="after")
    def _validity_order(self) -> "MemoryInput":
        if self.valid_from and self.valid_until and self.valid_until <= self.valid_from:
            raise ValueError("validUntil must be after validFrom")
        return self


def _measured(text: str, info: ValidationInfo) -> str:
    """The text a limit measures: as given, or, for stored text coming back in (the context's
    `stored`: `graphmind import`), as its writer wrote it at least (`redaction.as_written`:
    each placeholder one character), so that what export writes imports back."""
    return as_written(text) if info.context and info.context.get("stored") else text


def _nesting(value: Any) -> int:
    """How deeply a JSON value nests, counted without recursion (a hostile value cannot
    exhaust the stack here)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def parse_memory_input(data: dict[str, Any], field_prefix: str = "", stored: bool = False) -> MemoryInput:
    """Validates one input; the error names the offending field (e.g. `inputs[2].content`).
    `stored`: the input is text GraphMind stored (redacted), measured as `_measured` says."""
    try:
        return MemoryInput.model_validate(data, context={"stored": stored})
    except ValidationError as e:
        first = e.errors()[0]
        location = ".".join(str(part) for part in first["loc"])
        if first["type"] == "value_error" and not location:
            location = "validUntil"
        message = first["msg"].removeprefix("Value error, ")
        field = f"{field_prefix}{location}" if location else field_prefix.rstrip(".")
        raise BadUserInput(f"{field}: {message}", field=field) from None


def check_open_validity(item: MemoryInput, now: datetime, field_prefix: str = "") -> MemoryInput:
    """A validUntil given without validFrom must come after `now`, the validFrom a memory
    then gets: a fact that held until a past instant would be stored valid from now to
    before now, never recalled (QA). The model checks the order only when both are given."""
    if item.valid_from is None and item.valid_until is not None and item.valid_until <= now:
        field = f"{field_prefix}validUntil"
        raise BadUserInput(
            f"{field}: validUntil must be after validFrom, which is now when not given; "
            "give validFrom for what held in the past",
            field=field,
        )
    return item


def check_salience_floor(item: MemoryInput, floor: float, field_prefix: str = "") -> MemoryInput:
    """A base salience below recall's floor (`min_salience`) would store a memory recall
    never returns: refused, naming the floor."""
    if item.base_salience is not None and item.base_salience < floor:
        field = f"{field_prefix}baseSalience"
        raise BadUserInput(
            f"{field}: baseSalience {item.base_salience} is below the recall floor {floor} "
            "(GRAPHMIND_MIN_SALIENCE): such a memory could never be recalled",
            field=field,
        )
    return item


def effective_salience(base: float, adjustment: float) -> float:
    """Base salience plus what outcomes taught, clamped to [0, 1] (seed 000)."""
    return max(0.0, min(1.0, base + adjustment))


def lifted_salience(base: float, adjustment: float, floor: float) -> tuple[float, float] | None:
    """(base, effective) salience raised so that the effective salience is at least `floor`
    (0-1), what outcomes taught kept; None when it is there already. Only the base moves, as
    decay moves only the base."""
    if effective_salience(base, adjustment) >= floor:
        return None
    lifted = min(1.0, floor - adjustment)
    effective = effective_salience(lifted, adjustment)
    # no rounding shortfall under the floor; but never more than the base can give (a base
    # capped at 1 with a negative adjustment): decay recomputes it from the base
    return lifted, max(floor, effective) if lifted < 1.0 else effective


@dataclass
class Memory:
    """A stored memory, as read from its Neo4j node."""

    id: str
    user_id: str
    content: str
    content_type: ContentType
    temporal_level: int
    valid_from: datetime
    valid_until: datetime | None
    base_salience: float
    outcome_adjustment: float
    effective_salience: float
    created_at: datetime
    updated_at: datetime
    source: Source
    trust: float
    tags: list[str]
    metadata: dict[str, Any]
    status: MemoryStatus
    last_accessed_at: datetime | None
    access_count: int
    entities: list[str] = field(default_factory=list)
    stability: float = decay.DEFAULT_STABILITY_HOURS
    utility: float = 0.5
    in_scene: bool = False
    scene_flushed_at: datetime | None = None
    retired_at: datetime | None = None  # belief time: when it was superseded or forgotten

    @property
    def decay_since(self) -> datetime:
        """Since when it is forgetting: its last access, scene flush or creation."""
        return max(t for t in (self.created_at, self.last_accessed_at, self.scene_flushed_at) if t)

    def retrievability(self, now: datetime, scale: float = 1.0) -> float:
        """R = C·e^(−t/S) at `now` (1 while in a scene); see lifecycle/decay.py."""
        hours = decay.hours_between(self.decay_since, now)
        return decay.retrievability(hours, self.stability, scale, self.in_scene)

    @classmethod
    def from_node(cls, node: dict[str, Any], entities: list[str] | None = None) -> "Memory":
        return cls(
            id=node["id"],
            user_id=node["userId"],
            content=node["content"],
            content_type=ContentType(node["contentType"]),
            temporal_level=node["temporalLevel"],
            valid_from=native(node["validFrom"]),
            valid_until=native(node.get("validUntil")),
            base_salience=node["baseSalience"],
            outcome_adjustment=node["outcomeAdjustment"],
            effective_salience=node["effectiveSalience"],
            created_at=native(node["createdAt"]),
            updated_at=native(node["updatedAt"]),
            source=Source(node["source"]),
            trust=node["trust"],
            tags=list(node.get("tags") or []),
            metadata=json.loads(node.get("metadata") or "{}"),
            status=MemoryStatus(node["status"]),
            last_accessed_at=native(node.get("lastAccessedAt")),
            access_count=node.get("accessCount") or 0,
            entities=entities or [],
            stability=node.get("stability") or decay.DEFAULT_STABILITY_HOURS,
            utility=node["utilityEstimate"] if node.get("utilityEstimate") is not None else 0.5,
            in_scene=bool(node.get("inScene")),
            scene_flushed_at=native(node.get("sceneFlushedAt")),
            retired_at=native(node.get("retiredAt")),
        )


def check_list_filters(content_types: list | None, temporal_levels: list[int] | None, tags: list | None) -> None:
    """The list filters recall and `memories` share: none may be empty, nor hold a blank
    tag (`core/choices.py`) or one longer than a stored tag can be, and temporal levels are 1-4."""
    for values, name in ((content_types, "contentTypes"), (temporal_levels, "temporalLevels"), (tags, "tags")):
        require_some(values, f"filter.{name}")
    require_no_blank(tags, "filter.tags")
    require_storable(tags, "filter.tags", MAX_TAG_LENGTH)
    if temporal_levels and any(not 1 <= level <= 4 for level in temporal_levels):
        raise BadUserInput("temporal levels are 1-4", field="filter.temporalLevels")
