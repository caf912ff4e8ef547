"""The gardener's schedule: an APScheduler AsyncIOScheduler owned by the app's lifespan.

Schedules are cron expressions or @hourly, @daily, @weekly, @monthly (seed 000:
decay daily, prune and patterns weekly), or `every Ns` (the self-improvement
interval). A job never overlaps itself: one instance at a time in the scheduler (`max_instances=1`, missed runs
coalesced) and the job's lease in Neo4j across processes.

Every server process (`graphmind serve --workers N`, and every host behind a load
balancer) has a gardener, but only one leads: the holder of the `gardener` lease in Neo4j
(`cypher/gardener/leader_acquire.cypher`, LEASE_SECONDS on Neo4j's clock, renewed every
CAMPAIGN_SECONDS). The others skip their scheduled runs and try for the lease each time
it is renewed; a leader that cannot renew stops leading before its lease can run out,
and one that shuts down releases it.
"""

import logging
import os
import socket
import time
import uuid
from datetime import UTC, datetime

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger
from apscheduler.triggers.interval import IntervalTrigger

from graphmind.deps import Deps
from graphmind.errors import GraphMindError
from graphmind.gardener.jobs import JOBS
from graphmind.gardener.runner import run_job, schedule_of

log = logging.getLogger("graphmind.gardener")
LEASE = "gardener"
LEASE_SECONDS = 30.0
CAMPAIGN_SECONDS = 10.0
ALIASES = {
    "@hourly": "0 * * * *",
    "@daily": "0 3 * * *",
    "@weekly": "30 3 * * sun",
    "@monthly": "0 4 1 * *",
}


def trigger(schedule: str) -> CronTrigger | IntervalTrigger:
    """A cron trigger (UTC) from a crontab line or an alias; `every Ns`: an interval."""
    schedule = schedule.strip()
    if schedule.startswith("every ") and schedule.endswith("s"):
        return IntervalTrigger(seconds=int(schedule[6:-1]), timezone="UTC")
    return CronTrigger.from_crontab(ALIASES.get(schedule, schedule), timezone="UTC")


class Gardener:
    def __init__(
        self, deps: Deps, lease_seconds: float = LEASE_SECONDS, campaign_seconds: float = CAMPAIGN_SECONDS
    ) -> None:
        self.deps = deps
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.lease_seconds = lease_seconds
        self._leading_until = 0.0  # time.monotonic() until which this process may lead
        self.scheduler = AsyncIOScheduler(timezone="UTC")
        self.scheduler.add_job(
            self.campaign,
            IntervalTrigger(seconds=campaign_seconds, timezone="UTC"),
            id="leader",
            name="leader",
            max_instances=1,
            coalesce=True,
            next_run_time=datetime.now(UTC),
        )
        for name in JOBS:
            self.scheduler.add_job(
                self._run,
                trigger(schedule_of(deps, name)),
                args=[name],
                id=name,
                name=name,
                max_instances=1,
                coalesce=True,
                misfire_grace_time=300,
            )

    @property
    def leading(self) -> bool:
        return time.monotonic() < self._leading_until

    async def campaign(self) -> bool:
        """Takes or renews the lease; whether this process leads now. Counted from before
        the request, so this process stops leading before Neo4j lets another take over."""
        asked, was = time.monotonic(), self.leading
        try:
            [row] = await self.deps.db.write(
                "gardener.leader_acquire", lease=LEASE, holder=self.holder, ttlSeconds=self.lease_seconds
            )
            leads = bool(row["leader"])
        except GraphMindError as e:
            log.warning("gardener lease not renewed: %s", e.message)
            leads = False
        self._leading_until = asked + self.lease_seconds if leads else 0.0
        if leads != was:
            log.info("gardener %s leads: %s", self.holder, leads)
        self.deps.metrics.gardener_leader.set(1 if leads else 0)
        return leads

    async def resign(self) -> None:
        """Releases the lease if this process holds it (at shutdown)."""
        if self._leading_until:
            self._leading_until = 0.0
            self.deps.metrics.gardener_leader.set(0)
            try:
                await self.deps.db.write("gardener.leader_release", lease=LEASE, holder=self.holder)
            except GraphMindError as e:
                log.warning("gardener lease not released (it expires by itself): %s", e.message)

    async def _run(self, name: str) -> None:
        if not self.leading:
            log.debug("gardener job %s: another process leads", name)
            return
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
