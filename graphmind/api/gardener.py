"""GraphQL resolvers of the gardener: `jobs` and `runJob` (admin operations)."""

from typing import Annotated

import strawberry

from graphmind.api.context import Info, arg
from graphmind.api.gardener_types import Job, JobName, JobRun, to_job, to_run
from graphmind.gardener import runner


@strawberry.input(description="The job to run now.")
class RunJobInput:
    name: JobName = strawberry.field(description="The job.")
    dry_run: bool = strawberry.field(
        default=True,
        description="Only count what it would do (the default): give false to change data, across all users.",
    )


async def jobs(info: Info) -> list[Job]:
    """Admin-only: every gardener job with its schedule, last run, duration and counts."""
    return [to_job(state) for state in await runner.job_states(info.context.deps)]


async def run_job(info: Info, input: Annotated[RunJobInput, arg("The job and whether to dry-run.")]) -> JobRun:
    """Admin-only: runs a gardener job now, across all users; a dry run unless `dryRun: false`
    (CONFLICT when it is running)."""
    return to_run(await runner.run_job(info.context.deps, input.name.value, input.dry_run))
