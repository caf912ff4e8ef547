"""Runs one gardener job: never two runs of a job at once, bounded, recorded, measured.

A run takes the job's lease on its `Job` node (so a run from the CLI and one
from the server cannot overlap either), runs the job, then records the last
run (when, how long, dry or not, counts, status) on the node and in /metrics.
"""

import json
import logging
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from graphmind.db.database import native
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, Conflict
from graphmind.gardener.jobs import COUNTS, JOBS
from graphmind.job_context import JobContext

log = logging.getLogger("graphmind.gardener")
LEASE_MARGIN = timedelta(minutes=5)  # a crashed run's lease expires this long after its time limit


@dataclass
class JobRun:
    name: str
    dry_run: bool
    started_at: datetime
    duration_ms: float
    counts: dict[str, int]
    status: str  # ok or failed
    error: str | None = None


@dataclass
class JobState:
    """A job's recorded state, as the `jobs` query shows it."""

    name: str
    schedule: str
    running: bool
    runs: int
    last_run: JobRun | None


def check_name(name: str) -> str:
    if name not in JOBS:
        raise BadUserInput(f"unknown job {name!r}; jobs: {', '.join(JOBS)}", field="input.name")
    return name


async def run_job(deps: Deps, name: str, dry_run: bool = False, **job_args: object) -> JobRun:
    """Runs `name` now (with the job's own arguments, if any); CONFLICT when a run of it is
    already under way. The counts hold every count the job reports, zeros included."""
    check_name(name)
    run_id, started_at = str(uuid.uuid4()), deps.clock.now()
    lease = started_at + timedelta(seconds=deps.settings.job_time_limit_seconds) + LEASE_MARGIN
    if not await deps.db.write("gardener.job_acquire", job=name, runId=run_id, leaseUntil=lease, now=started_at):
        deps.metrics.observe_job(name, 0.0, "skipped")
        raise Conflict(f"job {name} is already running")
    ctx = JobContext(deps, dry_run, counts=dict.fromkeys(COUNTS[name], 0))
    status, error = "ok", None
    try:
        await JOBS[name](ctx, **job_args)
    except Exception as e:  # recorded, then raised: the lease must not stay taken
        status, error = "failed", f"{type(e).__name__}: {e}"
        log.exception("gardener job %s failed", name)
        raise
    finally:
        seconds = time.monotonic() - ctx.started
        deps.metrics.observe_job(name, seconds, status)
        await deps.db.write(
            "gardener.job_finish",
            job=name,
            runId=run_id,
            startedAt=started_at,
            durationMs=round(seconds * 1000, 3),
            dryRun=dry_run,
            counts=json.dumps(ctx.counts, sort_keys=True),
            status=status,
            error=error,
        )
    return JobRun(name, dry_run, started_at, round(seconds * 1000, 3), ctx.counts, status, error)


async def job_states(deps: Deps) -> list[JobState]:
    """Every job with its schedule and its last recorded run (none yet: null)."""
    rows = {r["name"]: r for r in await deps.db.read("gardener.job_list", now=deps.clock.now())}
    states = []
    for name in JOBS:
        row = rows.get(name)
        last = None
        if row and row["lastRunAt"] is not None:
            last = JobRun(
                name,
                row["lastDryRun"],
                native(row["lastRunAt"]),
                row["lastDurationMs"],
                json.loads(row["lastCounts"] or "{}"),
                row["lastStatus"],
                row["lastError"],
            )
        states.append(
            JobState(name, schedule_of(deps, name), bool(row and row["running"]), row["runs"] if row else 0, last)
        )
    return states


def schedule_of(deps: Deps, name: str) -> str:
    if name == "self_improve":  # seed 001 sets an interval, not a cron line
        return f"every {deps.settings.self_improvement_interval_seconds}s"
    return getattr(deps.settings, f"job_{name}_schedule")
