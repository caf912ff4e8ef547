"""Rebuilds every memory's outcome adjustment from the event log and compares it
with the stored value (`graphmind replay --check`): the log is the source of truth."""

import json
from dataclasses import dataclass, field

from graphmind.db.database import Database
from graphmind.learning.salience import MAX_TOTAL_ADJUSTMENT, clamp

TOLERANCE = 1e-9


@dataclass
class ReplayReport:
    events: int
    memories: int
    differences: list[tuple[str, str, float, float]] = field(default_factory=list)  # user, memory, replayed, stored


async def replay(db: Database, user_id: str | None = None) -> ReplayReport:
    replayed: dict[tuple[str, str], float] = {}
    rows = await db.read("events.salience_adjustments", userId=user_id)
    for row in rows:
        payload = json.loads(row["payload"])
        key = (row["userId"], payload["memoryId"])
        replayed[key] = clamp(replayed.get(key, 0.0) + payload["delta"], -MAX_TOTAL_ADJUSTMENT, MAX_TOTAL_ADJUSTMENT)
    stored = await db.read("events.stored_adjustments", userId=user_id)
    report = ReplayReport(events=len(rows), memories=len(stored))
    for row in stored:
        key = (row["userId"], row["memoryId"])
        value = replayed.get(key, 0.0)
        if abs(value - (row["adjustment"] or 0.0)) > TOLERANCE:
            report.differences.append((*key, value, row["adjustment"]))
    return report
