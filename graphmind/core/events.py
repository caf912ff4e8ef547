"""The event log: every state change is an immutable Event with a per-user sequence.

Events are written in the same transaction as the change they record (`append`, or
`cypher/events/append.cypher` included in the change's own query), so the log and the
graph never disagree; `graphmind/learning/event_log.py`
reads the log. Types:
memory.stored, memory.reinforced, memory.retrieved, memory.forgotten,
memory.restored, memory.superseded, decision.tracked, outcome.observed,
salience.adjusted, associations.learned, snapshot.taken, trail.saved,
trail.resumed, trails.merged, and the lifecycle's scene.flushed, memory.archived
(pruned), memory.deleted, memory.consolidated, consolidation.rejected,
pattern.extracted, memory.promoted, and pattern sharing's sharing.changed (opt in
or out) and sharing.contributed (a release charged the user's ε), and the Obsidian
import's memory.updated (a memory's text edited: a new version, `memory/versions.py`,
which also logs memory.stored and memory.superseded), memory.linked (a link
added from a vault note) and text.edited (a decision's or trail's summary, a
session's goal). (Co-retrieval
and co-use edge updates follow from memory.retrieved and outcome.observed; the
decay job's gradual salience decay is not logged per memory.)
"""

import hashlib
import json
from datetime import datetime
from typing import Any

from graphmind.core.choices import require_some
from graphmind.core.writes import QueryRunner
from graphmind.errors import BadUserInput

EVENT_TYPES = (
    "memory.stored",
    "memory.reinforced",
    "memory.retrieved",
    "memory.forgotten",
    "memory.restored",
    "memory.superseded",
    "decision.tracked",
    "outcome.observed",
    "salience.adjusted",
    "associations.learned",
    "snapshot.taken",
    "trail.saved",
    "trail.resumed",
    "trails.merged",
    "scene.flushed",
    "memory.archived",
    "memory.deleted",
    "memory.consolidated",
    "consolidation.rejected",
    "pattern.extracted",
    "memory.promoted",
    "sharing.changed",
    "sharing.contributed",
    "session.ended",
    "memory.updated",
    "memory.linked",
    "text.edited",
)


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def event(type_: str, **payload: Any) -> dict:
    assert type_ in EVENT_TYPES, type_
    return {"type": type_, "payload": json.dumps(payload, sort_keys=True, default=str)}


async def append(tx: QueryRunner, user_id: str, at: datetime, events: list[dict]) -> list[int]:
    """Writes events inside the caller's transaction; returns their sequence numbers.
    A change on a hot path can save this round trip: its query includes `events.append`
    (`// include: events.append`, see db/queries.py) and takes the events as `events`."""
    if not events:
        return []
    [row] = await tx.run("events.append", userId=user_id, now=at, events=events)
    return row["eventSeqs"]


def check_types(types: list[str] | None) -> None:
    """None is every type; an empty list would be none, and is refused (`choices.require_some`)."""
    require_some(types, "types")
    unknown = sorted(set(types or []) - set(EVENT_TYPES))
    if unknown:
        raise BadUserInput(f"unknown event types {unknown}", field="types")
