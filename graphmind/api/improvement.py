"""GraphQL resolvers of the self-improvement worker: its state, kill switch and decision logs."""

from typing import Annotated

from graphmind.api.context import Info, arg
from graphmind.api.improvement_types import (
    ImprovementCycle, SelfImprovement, SetSelfImprovementKillSwitchInput, to_cycle, to_state,
)
from graphmind.errors import BadUserInput
from graphmind.improvement import control

MAX_CYCLES = 100
MAX_REASON = 500


async def self_improvement(info: Info) -> SelfImprovement:
    """Admin-only: the worker's settings, kill switch and circuit breaker."""
    info.context.require_admin()
    deps = info.context.deps
    return to_state(deps.settings, await control.load(deps))


async def improvement_cycles(
    info: Info, last: Annotated[int, arg("How many of the latest cycles (1-100).")] = 10
) -> list[ImprovementCycle]:
    """The latest self-improvement cycles, newest first: their counts, and the decisions
    (proposal, gate scores, outcome) about the caller's memories."""
    if not 1 <= last <= MAX_CYCLES:
        raise BadUserInput(f"last must be 1-{MAX_CYCLES}, got {last}", field="last")
    ctx = info.context
    rows = await ctx.deps.db.read("improvement.cycles", userId=ctx.user_id, last=last)
    return [to_cycle(row) for row in rows]


async def set_self_improvement_kill_switch(
    info: Info, input: Annotated[SetSelfImprovementKillSwitchInput, arg("Engage or release, and why.")]
) -> SelfImprovement:
    """Admin-only: engages (a running cycle stops before its next proposal) or releases the kill switch."""
    info.context.require_admin()
    reason = input.reason.strip() if input.reason else None
    if reason and len(reason) > MAX_REASON:
        raise BadUserInput(f"reason must be at most {MAX_REASON} characters", field="input.reason")
    deps = info.context.deps
    return to_state(deps.settings, await control.set_kill_switch(deps, input.engaged, reason))
