"""GraphQL resolvers of the self-improvement worker: its state, kill switch and decision logs."""

import uuid
from typing import Annotated

import strawberry

from graphmind.api.context import Info, arg
from graphmind.api.improvement_types import ImprovementCycle, SelfImprovement, to_cycle, to_state
from graphmind.errors import BadUserInput, Conflict
from graphmind.gardener import runner
from graphmind.improvement import control, cycles, worker
from graphmind.security.keys import check_user_id

MAX_CYCLES = 100
MAX_REASON = 500
MAX_USERS = 1000


@strawberry.input(description="Switch self-improvement on or off at run time, and choose the users it works for.")
class SetSelfImprovementInput:
    enabled: bool | None = strawberry.field(
        default=None, description="true or false; null hands the decision back to GRAPHMIND_SELF_IMPROVEMENT_ENABLED."
    )
    users: list[strawberry.ID] | None = strawberry.field(
        default=None, description="Only these users' memories (1-1000 ids); null: everyone."
    )
    reason: str | None = strawberry.field(default=None, description="Why (kept with the schedule).")


@strawberry.input(description="Engage or release the self-improvement kill switch.")
class SetSelfImprovementKillSwitchInput:
    engaged: bool = strawberry.field(description="true stops the worker at once; false lets it run again.")
    reason: str | None = strawberry.field(default=None, description="Why (kept with the switch).")


@strawberry.input(description="One self-improvement cycle to run now for one user.")
class RunSelfImprovementInput:
    user_id: strawberry.ID = strawberry.field(description="The user whose memories the cycle examines.")
    dry_run: bool = strawberry.field(
        default=True, description="Only validate and log (the default): give false to commit improved memories."
    )


async def self_improvement(info: Info) -> SelfImprovement:
    """Admin-only: the worker's settings, kill switch and circuit breaker."""
    deps = info.context.deps
    return to_state(deps.settings, await control.load(deps))


async def improvement_cycles(
    info: Info, last: Annotated[int, arg("How many of the latest cycles (1-100).")] = 10
) -> list[ImprovementCycle]:
    """The latest self-improvement cycles that decided about the caller's memories, newest
    first: the decisions (proposal, gate scores, outcome) and their counts, the caller's only."""
    if not 1 <= last <= MAX_CYCLES:
        raise BadUserInput(f"last must be 1-{MAX_CYCLES}, got {last}", field="last")
    ctx = info.context
    return [to_cycle(row) for row in await cycles.user_cycles(ctx.deps, ctx.user_id, last)]


async def run_self_improvement(
    info: Info, input: Annotated[RunSelfImprovementInput, arg("The user, and whether to commit.")]
) -> ImprovementCycle:
    """Admin-only: runs one self-improvement cycle for one user now, whatever the on/off switch
    and the chosen users say (the kill switch and the circuit breaker still stop it: CONFLICT);
    a dry run unless `dryRun: false`. The cycle and its decisions, as the log records them."""
    user_id = check_user_id(input.user_id, "input.userId")
    deps, cycle_id = info.context.deps, str(uuid.uuid4())
    run = await runner.run_job(deps, "self_improve", input.dry_run, user_id=user_id, cycle_id=cycle_id)
    cycle = await cycles.one_cycle(deps, cycle_id, user_id)
    if cycle is None:
        stopped = [name for name in ("killed", "breaker_open") if run.counts.get(name)]
        raise Conflict(f"no cycle ran: {', '.join(stopped) or 'stopped'} (see selfImprovement)")
    return to_cycle(cycle)


async def set_self_improvement_kill_switch(
    info: Info, input: Annotated[SetSelfImprovementKillSwitchInput, arg("Engage or release, and why.")]
) -> SelfImprovement:
    """Admin-only: engages (a running cycle stops before its next proposal) or releases the kill switch."""
    reason = input.reason.strip() if input.reason else None
    if reason and len(reason) > MAX_REASON:
        raise BadUserInput(f"reason must be at most {MAX_REASON} characters", field="input.reason")
    deps = info.context.deps
    return to_state(deps.settings, await control.set_kill_switch(deps, input.engaged, reason))


async def set_self_improvement(
    info: Info, input: Annotated[SetSelfImprovementInput, arg("On, off or back to the setting; which users.")]
) -> SelfImprovement:
    """Admin-only: switches the self-improvement worker on or off at run time (every server
    process sees it before its next cycle) and restricts it to chosen users."""
    reason = input.reason.strip() if input.reason else None
    if reason and len(reason) > MAX_REASON:
        raise BadUserInput(f"reason must be at most {MAX_REASON} characters", field="input.reason")
    users = None
    if input.users is not None:
        users = sorted({u.strip() for u in input.users})
        if not users or "" in users or len(users) > MAX_USERS:
            raise BadUserInput(f"users must hold 1-{MAX_USERS} non-empty ids (null: everyone)", field="input.users")
    deps = info.context.deps
    return to_state(deps.settings, await control.set_schedule(deps, input.enabled, users, reason))


async def self_improvement_preview(
    info: Info, user_id: Annotated[strawberry.ID, arg("The user whose memories a cycle would examine.")]
) -> ImprovementCycle:
    """Admin-only: what a self-improvement cycle would do for one user now — the candidates, the
    proposals and every gate's verdict — as a dry run that changes nothing (no commit, no
    decision log), whatever the switches say."""
    user_id = strawberry.ID(user_id.strip())
    if not user_id:
        raise BadUserInput("userId must not be empty", field="userId")
    return to_cycle(await worker.preview(info.context.deps, user_id))
