"""Sessions and their entries (seed 002): what an agent experienced, hit, tried, decided."""

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from graphmind.core.limits import CONTENT_MAX
from graphmind.core.visible import shows_anything
from graphmind.db.database import native
from graphmind.errors import BadUserInput

MAX_AGENT_ID, MAX_GOAL = 128, 2000


class EntryKind(str, Enum):
    EXPERIENCE = "experience"
    BLOCKER = "blocker"
    REJECTED = "rejected"  # an attempt that did not work
    DECISION = "decision"
    LEARNING = "learning"
    ASSUMPTION = "assumption"


class SessionStatus(str, Enum):
    OPEN = "open"
    ENDED = "ended"


@dataclass
class SessionEntry:
    id: str
    session_id: str
    kind: EntryKind
    text: str
    position: int
    at: datetime
    resolved: bool = False
    root_cause: str | None = None
    solution: str | None = None
    promoted_to: str | None = None
    embedding: list[float] | None = None

    @classmethod
    def from_row(cls, row: dict) -> "SessionEntry":
        return cls(
            row["id"],
            row["sessionId"],
            EntryKind(row["kind"]),
            row["text"],
            row["position"],
            native(row["at"]),
            bool(row.get("resolved")),
            row.get("rootCause"),
            row.get("solution"),
            row.get("promotedTo"),
            row.get("embedding"),
        )


@dataclass
class Session:
    id: str
    agent_id: str
    goal: str
    status: SessionStatus
    started_at: datetime
    ended_at: datetime | None
    entries: list[SessionEntry]
    snapshot_id: str | None = None

    @classmethod
    def from_row(cls, row: dict, entries: list[dict]) -> "Session":
        return cls(
            row["id"],
            row["agentId"],
            row["goal"],
            SessionStatus(row["status"]),
            native(row["startedAt"]),
            native(row.get("endedAt")),
            [SessionEntry.from_row(e) for e in entries],
            row.get("snapshotId"),
        )

    def of(self, *kinds: EntryKind) -> list[SessionEntry]:
        return [e for e in self.entries if e.kind in kinds]


def clean_text(value: str, field: str, limit: int = CONTENT_MAX) -> str:
    value = (value or "").strip()
    if not 1 <= len(value) <= limit:
        raise BadUserInput(f"{field.rsplit('.', 1)[-1]} must be 1-{limit} characters, got {len(value)}", field=field)
    if not shows_anything(value):
        raise BadUserInput(f"{field.rsplit('.', 1)[-1]} has no visible character", field=field)
    return value
