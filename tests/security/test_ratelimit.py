"""The shared rate limit: one bucket per key in Neo4j, taken atomically by every process."""

import asyncio
import uuid

from graphmind.db.database import Database
from graphmind.security.ratelimit import RateLimiter, expire_buckets


async def test_two_limiters_share_one_bucket_under_concurrency(db):
    """Two limiters (as in two server processes) taking 12 tokens at once from a bucket of 5:
    exactly 5 go ahead, the rest wait about 10 s (6 per minute)."""
    key = f"test-{uuid.uuid4().hex[:8]}"
    first, second = RateLimiter(6, 5, db), RateLimiter(6, 5, db)
    waits = await asyncio.gather(*(limiter.take(key) for limiter in (first, second) * 6))
    assert sum(1 for w in waits if w == 0.0) == 5
    assert all(9.0 < w <= 10.0 for w in waits if w > 0.0)
    assert await RateLimiter(6, 5, db).take(f"{key}-other") == 0.0  # buckets are per key


async def test_a_process_takes_a_lease_of_tokens_and_spends_it_before_asking_again(db):
    """Lease 8 from a bucket of 100: one write takes 8 tokens, the next 7 requests write nothing;
    near the limit a process takes a quarter of what is left, at least one."""
    key = f"test-{uuid.uuid4().hex[:8]}"
    limiter = RateLimiter(6, 100, db, lease=8)
    assert await limiter.take(key) == 0.0
    [bucket] = await db.write("testing.age_rate_bucket", key=key, seconds=0)
    assert 91.9 < bucket["tokens"] < 92.1
    assert [await limiter.take(key) for _ in range(7)] == [0.0] * 7
    [bucket] = await db.write("testing.age_rate_bucket", key=key, seconds=0)
    assert 91.9 < bucket["tokens"] < 92.1  # spent from the lease: Neo4j untouched
    await limiter.take(key)
    [bucket] = await db.write("testing.age_rate_bucket", key=key, seconds=0)
    assert 83.9 < bucket["tokens"] < 84.2
    small = f"test-{uuid.uuid4().hex[:8]}"
    few = RateLimiter(6, 6, db, lease=8)
    await few.take(small)
    [bucket] = await db.write("testing.age_rate_bucket", key=small, seconds=0)
    assert 4.9 < bucket["tokens"] < 5.1  # floor(6 / 4) = 1


async def test_leases_never_let_a_caller_past_the_limit(db):
    """Two processes with leases, 40 requests at once against a bucket of 20: at most 20 go ahead."""
    key = f"test-{uuid.uuid4().hex[:8]}"
    first, second = RateLimiter(6, 20, db, lease=8), RateLimiter(6, 20, db, lease=8)
    waits = await asyncio.gather(*(limiter.take(key) for limiter in (first, second) * 20))
    allowed = sum(1 for w in waits if w == 0.0)
    assert 20 - 2 * 7 <= allowed <= 20


async def test_no_limit_takes_nothing(db):
    assert await RateLimiter(0, 1, db).take("anyone") == 0.0


async def test_without_neo4j_each_process_limits_alone(settings, library):
    away = Database.connect(
        settings.model_copy(
            update={"neo4j_uri": "bolt://127.0.0.1:9", "neo4j_connect_timeout": 0.5, "neo4j_retry_seconds": 0.1}
        ),
        library,
    )
    try:
        limiter = RateLimiter(6, 2, away)
        assert [await limiter.take("k") == 0.0 for _ in range(3)] == [True, True, False]
    finally:
        await away.close()


async def test_idle_buckets_expire(db):
    """A bucket idle for longer than it takes to refill (at least an hour) is full again: deleted."""
    key = f"test-{uuid.uuid4().hex[:8]}"
    await RateLimiter(6, 5, db).take(key)
    await expire_buckets(db, per_minute=6, burst=5, batch_size=100)
    assert await db.write("testing.age_rate_bucket", key=key, seconds=0)  # fresh: kept
    await db.write("testing.age_rate_bucket", key=key, seconds=2 * 3600)
    assert await expire_buckets(db, per_minute=6, burst=5, batch_size=100) >= 1
    assert await db.write("testing.age_rate_bucket", key=key, seconds=0) == []
