"""What every benchmark needs: the real services, timing, percentiles, cleanup, a quiet machine."""

import asyncio
import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from graphmind.deps import Deps, open_deps
from graphmind.security.userdata import delete_user_data
from graphmind.settings import Settings


@asynccontextmanager
async def bench_deps(settings: Settings | None = None) -> AsyncIterator[Deps]:
    """The same services the server runs, against the configured Neo4j."""
    async with open_deps(settings or Settings(), schema=True) as deps:
        yield deps


async def delete_user(deps: Deps, user_id: str) -> int:
    """Deletes every node of a user (as `deleteUserData` does); returns how many."""
    deleted, _ = await delete_user_data(deps, user_id)
    return deleted


def _cpu_times() -> tuple[int, int] | None:
    """(idle, total) jiffies of all CPUs since boot; None where /proc/stat is missing."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    return fields[3] + fields[4], sum(fields)  # idle + iowait


async def until_quiet(least: float, most: float, idle_share: float = 0.9, window: float = 2.0) -> float:
    """Waits at least `least` seconds, then until the machine's CPUs were idle for
    `idle_share` of a `window` (whatever Neo4j still does after a bulk write), at most
    `most` seconds in all; returns the seconds waited. Benchmarks run alone on the
    machine, so its idle time is Neo4j's."""
    started = time.monotonic()
    await asyncio.sleep(least)
    while time.monotonic() - started < most:
        before = _cpu_times()
        await asyncio.sleep(window)
        after = _cpu_times()
        if before is None or after is None or after[1] == before[1]:
            break
        if (after[0] - before[0]) / (after[1] - before[1]) >= idle_share:
            break
    return time.monotonic() - started


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))
    return ordered[rank]


class Stopwatch:
    def __enter__(self) -> "Stopwatch":
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.seconds = time.perf_counter() - self.start

    @property
    def ms(self) -> float:
        return self.seconds * 1000
