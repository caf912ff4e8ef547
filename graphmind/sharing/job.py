"""Shared patterns with differential privacy (seed 000): a gardener job. Scaffold; filled in next."""

from graphmind.gardener.context import JobContext


async def share_patterns(ctx: JobContext) -> dict[str, int]:
    """Publishes privacy-safe shared patterns from opted-in users' patterns."""
    return ctx.counts
