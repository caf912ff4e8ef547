"""The shared patterns, readable by every caller (public by design; docs/sharing.md)."""

from dataclasses import dataclass
from datetime import datetime

from graphmind.cursors import cursor_position, encode_cursor
from graphmind.db.database import native
from graphmind.deps import Deps
from graphmind.errors import BadUserInput

MAX_PAGE = 100


@dataclass(frozen=True)
class SharedPattern:
    id: str
    description: str
    keywords: list[str]
    instances: int
    users: int
    mean_quality: float
    epsilon: float
    releases: int
    created_at: datetime
    published_at: datetime

    @classmethod
    def from_row(cls, row: dict) -> "SharedPattern":
        return cls(
            row["id"],
            row["description"],
            list(row["keywords"]),
            row["instances"],
            row["users"],
            row["meanQuality"],
            row["epsilon"],
            row["releases"],
            native(row["createdAt"]),
            native(row["publishedAt"]),
        )


@dataclass(frozen=True)
class SharedPage:
    patterns: list[SharedPattern]
    cursors: list[str]
    has_next_page: bool
    total_count: int


async def list_shared(deps: Deps, first: int = 20, after: str | None = None) -> SharedPage:
    """Shared patterns, first published newest first."""
    if not 1 <= first <= MAX_PAGE:
        raise BadUserInput(f"first must be 1-{MAX_PAGE}", field="first")
    [row] = await deps.db.read("sharing.shared_page", after=cursor_position(after), pageSize=first + 1)
    patterns = [SharedPattern.from_row(s) for s in row["page"]]
    shown = patterns[:first]
    return SharedPage(shown, [encode_cursor(p.created_at, p.id) for p in shown], len(patterns) > first, row["total"])
