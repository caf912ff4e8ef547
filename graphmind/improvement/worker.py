"""The self-improvement worker (seed 001): a gardener job. Scaffold; filled in next."""

from graphmind.gardener.context import JobContext


async def self_improve(ctx: JobContext) -> dict[str, int]:
    """One self-improvement cycle across users (off unless GRAPHMIND_SELF_IMPROVEMENT_ENABLED)."""
    return ctx.counts
