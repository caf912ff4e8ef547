"""The gardener's schedule: an APScheduler AsyncIOScheduler owned by the app's lifespan.

Schedules are cron expressions or @hourly, @daily, @weekly, @monthly (seed 000:
decay daily, prune and patterns weekly), or `every Ns` (the self-improvement
interval). A job never overlaps itself: one instance at a time in the scheduler (`max_instances=1`, missed runs
coalesced) and the job's lease in Neo4j across processes.
"""

import logging

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger

from graphmind.deps import Deps
from graphmind.errors import GraphMindError
from graphmind.gardener.jobs import JOBS
from graphmind.gardener.runner import run_job, schedule_of

log = logging.getLogger("graphmind.gardener")
ALIASES = {
    "@hourly": "0 * * * *", "@daily": "0 3 * * *", "@weekly": "30 3 * * sun", "@monthly": "0 4 1 * *",
}


def trigger(schedule: str) -> CronTrigger | IntervalTrigger:
    """A cron trigger (UTC) from a crontab line or an alias; `every Ns`: an interval."""
    schedule = schedule.strip()
    if schedule.startswith("every ") and schedule.endswith("s"):
        return IntervalTrigger(seconds=int(schedule[6:-1]), timezone="UTC")
    return CronTrigger.from_crontab(ALIASES.get(schedule, schedule), timezone="UTC")


class Gardener:
    def __init__(self, deps: Deps) -> None:
        self.deps = deps
        self.scheduler = AsyncIOScheduler(timezone="UTC")
        for name in JOBS:
            self.scheduler.add_job(
                self._run, trigger(schedule_of(deps, name)), args=[name], id=name, name=name,
                max_instances=1, coalesce=True, misfire_grace_time=300,
            )

    async def _run(self, name: str) -> None:
        try:
            run = await run_job(self.deps, name)
            log.info("gardener job %s: %s in %.0f ms", name, run.counts, run.duration_ms)
        except GraphMindError as e:  # a run already under way (CONFLICT), or the database
            log.warning("gardener job %s not run: %s", name, e.message)
        except Exception:
            log.exception("gardener job %s failed", name)

    def start(self) -> None:
        self.scheduler.start()

    def shutdown(self) -> None:
        self.scheduler.shutdown(wait=False)
