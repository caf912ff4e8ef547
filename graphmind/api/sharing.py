"""GraphQL resolvers of pattern sharing: `patternSharing`, `setPatternSharing`, `sharedPatterns`."""

from typing import Annotated

import strawberry

from graphmind.api.context import Info, arg
from graphmind.api.pagination import PageInfo
from graphmind.api.sharing_types import (
    PatternSharing,
    SharedPatternConnection,
    SharedPatternEdge,
    to_shared,
    to_sharing,
)
from graphmind.sharing import catalog, consent


@strawberry.input(description="Whether the caller's patterns may contribute to shared patterns.")
class SetPatternSharingInput:
    opt_in: bool = strawberry.field(description="True: opt in; false: opt out (published patterns stay).")


async def pattern_sharing(info: Info) -> PatternSharing:
    """The caller's consent to pattern sharing and their privacy budget."""
    return to_sharing(await consent.get_consent(info.context.deps, info.context.user_id))


async def set_pattern_sharing(
    info: Info, input: Annotated[SetPatternSharingInput, arg("Opt in or out.")]
) -> PatternSharing:
    """Opts the caller in to or out of pattern sharing (off by default; opting out keeps published patterns)."""
    return to_sharing(await consent.set_consent(info.context.deps, info.context.user_id, input.opt_in))


async def shared_patterns(
    info: Info,
    first: Annotated[int, arg("Page size (1-100).")] = 20,
    after: Annotated[str | None, arg("Cursor to continue after.")] = None,
) -> SharedPatternConnection:
    """Patterns shared across users with differential privacy, first published newest first (public)."""
    page = await catalog.list_shared(info.context.deps, first, after)
    return SharedPatternConnection(
        edges=[SharedPatternEdge(cursor=c, node=to_shared(p)) for p, c in zip(page.patterns, page.cursors)],
        page_info=PageInfo(has_next_page=page.has_next_page, end_cursor=page.cursors[-1] if page.cursors else None),
        total_count=page.total_count,
    )
