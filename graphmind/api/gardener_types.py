"""GraphQL types of the gardener: jobs, their schedules and runs."""

from datetime import datetime
from enum import Enum
from typing import cast

import strawberry
from strawberry.scalars import JSON

from graphmind.gardener import runner


@strawberry.enum(description="A gardener job.")
class JobName(Enum):
    DECAY = "decay"
    PRUNE = "prune"
    CONSOLIDATE = "consolidate"
    PATTERNS = "patterns"
    SCENE_FLUSH = "scene_flush"
    SELF_IMPROVE = "self_improve"
    SHARE_PATTERNS = "share_patterns"


@strawberry.type(description="One run of a gardener job.")
class JobRun:
    name: JobName = strawberry.field(description="The job.")
    dry_run: bool = strawberry.field(description="Whether it only counted what it would do.")
    started_at: datetime = strawberry.field(description="When it started.")
    duration_ms: float = strawberry.field(description="How long it ran, in milliseconds.")
    counts: JSON = strawberry.field(description="What it did, by kind (e.g. {archived: 3, deleted: 1}).")
    status: str = strawberry.field(description="ok or failed.")
    error: str | None = strawberry.field(description="Why it failed, when it did.")


@strawberry.type(description="A gardener job: its schedule and its last run.")
class Job:
    name: JobName = strawberry.field(description="The job.")
    schedule: str = strawberry.field(description="Cron line or @hourly/@daily/@weekly/@monthly (UTC).")
    running: bool = strawberry.field(description="Whether a run holds its lease right now.")
    runs: int = strawberry.field(description="Runs recorded so far.")
    last_run: JobRun | None = strawberry.field(description="The last run (null: never ran).")


def to_run(run: runner.JobRun) -> JobRun:
    return JobRun(
        name=JobName(run.name),
        dry_run=run.dry_run,
        started_at=run.started_at,
        duration_ms=run.duration_ms,
        counts=cast(JSON, run.counts),
        status=run.status,
        error=run.error,
    )


def to_job(state: runner.JobState) -> Job:
    return Job(
        name=JobName(state.name),
        schedule=state.schedule,
        running=state.running,
        runs=state.runs,
        last_run=to_run(state.last_run) if state.last_run else None,
    )
