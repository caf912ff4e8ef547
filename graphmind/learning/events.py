"""The event log: every state change is an immutable Event with a per-user sequence.

Events are written in the same transaction as the change they record
(`append`), so the log and the graph never disagree. Types:
memory.stored, memory.reinforced, memory.retrieved, memory.forgotten,
memory.restored, memory.superseded, decision.tracked, outcome.observed,
salience.adjusted, associations.learned, snapshot.taken, trail.saved,
trail.resumed, trails.merged, and the lifecycle's scene.flushed, memory.archived
(pruned), memory.deleted, memory.consolidated, consolidation.rejected,
pattern.extracted, memory.promoted, and pattern sharing's sharing.changed (opt in
or out) and sharing.contributed (a release charged the user's ε), and the Obsidian
import's memory.updated (a memory's text edited in place), memory.linked (a link
added from a vault note) and text.edited (a decision's or trail's summary, a
session's goal). (Co-retrieval
and co-use edge updates follow from memory.retrieved and outcome.observed; the
decay job's gradual salience decay is not logged per memory.)
"""

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphmind.db.database import Transaction, native
from graphmind.deps import Deps
from graphmind.errors import BadUserInput

EVENT_TYPES = (
    "memory.stored", "memory.reinforced", "memory.retrieved", "memory.forgotten",
    "memory.restored", "memory.superseded", "decision.tracked", "outcome.observed",
    "salience.adjusted", "associations.learned", "snapshot.taken", "trail.saved",
    "trail.resumed", "trails.merged", "scene.flushed", "memory.archived", "memory.deleted",
    "memory.consolidated", "consolidation.rejected", "pattern.extracted", "memory.promoted",
    "sharing.changed", "sharing.contributed", "session.ended",
    "memory.updated", "memory.linked", "text.edited",
)
MAX_PAGE = 500


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def event(type_: str, **payload: Any) -> dict:
    assert type_ in EVENT_TYPES, type_
    return {"type": type_, "payload": json.dumps(payload, sort_keys=True, default=str)}


async def append(tx: Transaction, user_id: str, at: datetime, events: list[dict]) -> list[int]:
    """Writes events inside the caller's transaction; returns their sequence numbers."""
    if not events:
        return []
    rows = await tx.run("events.append", userId=user_id, at=at, events=events)
    return [row["seq"] for row in rows]


@dataclass
class Event:
    seq: int
    type: str
    at: datetime
    payload: dict

    @classmethod
    def from_row(cls, row: dict) -> "Event":
        at = row["at"]
        return cls(row["seq"], row["type"], native(at),
                   json.loads(row["payload"]))


def check_types(types: list[str] | None) -> None:
    unknown = sorted(set(types or []) - set(EVENT_TYPES))
    if unknown:
        raise BadUserInput(f"unknown event types {unknown}", field="types")


async def events_after(deps: Deps, user_id: str, after: int, types: list[str] | None,
                       first: int, peek: bool = False) -> list[Event]:
    """The caller's events after sequence `after`, oldest first; with `peek`, one more
    than `first` (so a page can tell whether more follow)."""
    if not 1 <= first <= MAX_PAGE:
        raise BadUserInput(f"first must be 1-{MAX_PAGE}", field="first")
    if after < 0:
        raise BadUserInput("after must be 0 or more", field="after")
    check_types(types)
    rows = await deps.db.read(
        "events.page", userId=user_id, after=after, types=types or None,
        pageSize=first + 1 if peek else first,
    )
    return [Event.from_row(r["event"]) for r in rows]
