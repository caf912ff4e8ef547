"""Per-caller rate limit: a token bucket per API key (or per user without keys), shared by
every server process and host through Neo4j.

Each bucket holds `rate_limit_burst` requests and refills at `rate_limit_per_minute`
per minute; an empty bucket answers RATE_LIMITED with the seconds to wait. The bucket
is a `RateBucket` node taken in one auto-commit write (`cypher/ratelimit/take.cypher`:
locked, refilled on Neo4j's clock, decremented), so the limit counts a caller's requests
to all processes together. A write per request would put a commit on every request's
path, so a process takes up to `rate_limit_lease` tokens at a time (at most a quarter of
what the bucket holds, so near the limit it takes one) and spends them before it asks
again. A caller never gets more than the limit: every request spends a token taken from
the shared bucket; a process may hold up to lease − 1 of a caller's tokens that another
process could have used, so near the limit a caller may be refused that many requests
early. While Neo4j cannot answer, each process falls back to its own
in-memory buckets (`LocalBuckets`), so the limit still holds per process. The prune job
deletes buckets idle long enough to be full again (`expire_buckets`).
"""

import logging
import math
import time
from dataclasses import dataclass

from graphmind.db.database import Database
from graphmind.errors import GraphMindError, RateLimited

log = logging.getLogger("graphmind.ratelimit")
WARN_EVERY_SECONDS = 60.0


@dataclass
class Bucket:
    tokens: float
    updated: float


class LocalBuckets:
    """Token buckets in this process's memory (the fallback, and the limiter without Neo4j)."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self._buckets: dict[str, Bucket] = {}

    def take(self, key: str, now: float | None = None) -> float:
        """0 when the request may go ahead, else the seconds until it may."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.updated) * self.rate)
        bucket.updated = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.rate


def refusal(wait: float, what: str = "too many requests") -> RateLimited:
    """RATE_LIMITED with the seconds to wait, rounded up to the hundredth (at 20 tokens/s a
    wait of 0.04 s said "retry in 0.0 s": QA)."""
    wait = math.ceil(round(wait * 100, 6)) / 100
    return RateLimited(f"{what}; retry in {wait:.2f} s", retryAfterSeconds=wait)


class RateLimiter:
    """The guard's limiter: buckets in Neo4j when given a database, else in memory."""

    def __init__(self, per_minute: float, burst: int, db: Database | None = None, lease: int = 1) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst
        self.db = db
        self.lease = max(1, lease)
        self.local = LocalBuckets(per_minute, burst)
        self._held: dict[str, int] = {}  # tokens taken from the shared bucket, not yet spent
        self._warned = 0.0

    async def take(self, key: str) -> float:
        """0 when the request may go ahead, else the seconds until it may."""
        if self.rate <= 0:
            return 0.0
        if self.db is None:
            return self.local.take(key)
        if self._held.get(key, 0) > 0:
            self._held[key] -= 1
            return 0.0
        try:
            [row] = await self.db.write_once(
                "ratelimit.take", key=key, perSecond=self.rate, burst=self.burst, want=self.lease
            )
        except GraphMindError as e:
            self._warn(e)
            return self.local.take(key)
        if row["granted"] < 1:
            return float(row["waitSeconds"])
        if row["granted"] > 1:
            self._held[key] = self._held.get(key, 0) + row["granted"] - 1
        return 0.0

    async def plan(self, key: str) -> None:
        """Plans a take from the shared bucket with the parameter types `take` sends, and
        takes nothing (EXPLAIN): for the warm-up of a Neo4j just started."""
        if self.rate > 0 and self.db is not None:
            await self.db.explain("ratelimit.take", key=key, perSecond=self.rate, burst=self.burst, want=self.lease)

    def _warn(self, error: GraphMindError) -> None:
        now = time.monotonic()
        if now - self._warned > WARN_EVERY_SECONDS:
            self._warned = now
            log.warning("shared rate limit unavailable (%s); limiting per process", error.message)


async def expire_buckets(db: Database, per_minute: float, burst: int, batch_size: int) -> int:
    """Deletes buckets idle long enough to have refilled (at least an hour); how many went."""
    idle = max(3600.0, burst * 60.0 / per_minute) if per_minute > 0 else 3600.0
    deleted = 0
    while True:
        [row] = await db.write("ratelimit.expire", idleSeconds=idle, batchSize=batch_size)
        deleted += row["deleted"]
        if row["deleted"] < batch_size:
            return deleted
