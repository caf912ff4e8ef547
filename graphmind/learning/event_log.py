"""Reading the event log (`graphmind/core/events.py` writes it): pages of a user's events."""

import json
from dataclasses import dataclass
from datetime import datetime

from graphmind.core.events import check_types
from graphmind.db.database import native, nullable
from graphmind.deps import Deps
from graphmind.errors import BadUserInput

MAX_PAGE = 500


@dataclass
class Event:
    seq: int
    type: str
    at: datetime
    payload: dict

    @classmethod
    def from_row(cls, row: dict) -> "Event":
        at = row["at"]
        return cls(row["seq"], row["type"], native(at), json.loads(row["payload"]))


async def events_after(
    deps: Deps, user_id: str, after: int, types: list[str] | None, first: int, peek: bool = False
) -> list[Event]:
    """The caller's events after sequence `after`, oldest first; with `peek`, one more
    than `first` (so a page can tell whether more follow)."""
    if not 1 <= first <= MAX_PAGE:
        raise BadUserInput(f"first must be 1-{MAX_PAGE}", field="first")
    if after < 0:
        raise BadUserInput("after must be 0 or more", field="after")
    check_types(types)
    rows = await deps.db.read(
        "events.page",
        userId=user_id,
        after=after,
        filters=nullable(types=types or None),
        pageSize=first + 1 if peek else first,
    )
    return [Event.from_row(r["event"]) for r in rows]
