"""The gardener's jobs (seed 000 "Gardener"): decay, prune, consolidate, patterns, scene_flush.

Each job works across all users in batches of `job_batch_size`, one write
transaction per batch, and starts no new batch after `job_time_limit_seconds`.
With `dry_run` a job only counts what it would do. Every job returns its counts.
"""

import uuid
from collections.abc import Awaitable, Callable
from datetime import timedelta
from functools import partial

import numpy as np

from graphmind import idempotency
from graphmind.core import events
from graphmind.db.database import native
from graphmind.gardener.consolidation import consolidate
from graphmind.improvement.worker import self_improve
from graphmind.job_context import FIRST_ID, JobContext
from graphmind.lifecycle import decay as dsr
from graphmind.lifecycle import promotion
from graphmind.lifecycle.clustering import greedy_clusters
from graphmind.lifecycle.summary import summarise
from graphmind.memory import keyword_index
from graphmind.memory.lock import lock_user
from graphmind.memory.model import effective_salience
from graphmind.security import ratelimit
from graphmind.sharing.job import share_patterns

MIN_DECAY = 0.001  # salience is shown to three decimals: a smaller change is not worth a write


def _by_user(rows: list[dict]) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = {}
    for row in rows:
        grouped.setdefault(row["userId"], []).append(row)
    return grouped


async def _log(tx, now, rows: list[dict], event_type: str, **extra) -> None:
    for user_id, owned in _by_user(rows).items():
        await events.append(tx, user_id, now, [events.event(event_type, memoryId=row["id"], **extra) for row in owned])


async def decay(ctx: JobContext) -> dict[str, int]:
    """R19 salience decay of every active memory outside a scene, for its idle time. A memory
    whose salience would move by less than MIN_DECAY (idle for seconds) is left, with its
    decay clock, for a later run: `decayed` counts what changed."""
    now, after = ctx.deps.clock.now(), FIRST_ID
    while ctx.time_left():
        rows = await ctx.deps.db.read("gardener.decay_candidates", afterId=after, batchSize=ctx.batch_size)
        if not rows:
            break
        after = rows[-1]["id"]
        updates = []
        for row in rows:
            factor = dsr.decay_factor(
                row["level"], now - native(row["since"]), row["stability"] or dsr.DEFAULT_STABILITY_HOURS
            )
            base = row["base"] * factor
            if row["base"] - base < MIN_DECAY:
                continue
            updates.append(
                {
                    "id": row["id"],
                    "userId": row["userId"],
                    "base": base,
                    "effective": effective_salience(base, row["adjustment"]),
                }
            )
        ctx.add("examined", len(rows))
        ctx.add("decayed", len(updates))
        if updates and not ctx.dry_run:
            await ctx.deps.db.write("gardener.decay_apply", updates=updates, now=now)
    return ctx.counts


async def _archive(tx, rows: list[dict], threshold: float, now) -> int:
    await _lock_owners(tx, rows, now)
    archived = await tx.run("gardener.archive", ids=[r["id"] for r in rows], threshold=threshold, now=now)
    await _log(tx, now, archived, "memory.archived", reason="low_salience", by="gardener")
    return len(archived)


async def _lock_owners(tx, rows: list[dict], now) -> None:
    """The owners' locks (memory/lock.py), taken in user-id order, as forget and restore
    take them: a remember judging its duplicates, a restore or a supersede of one of these
    users never sees a memory archived or deleted under it (the queries check each memory
    again once the locks are held)."""
    for user_id in sorted({r["userId"] for r in rows}):
        await lock_user(tx, user_id, now)


async def _delete_archived(tx, rows: list[dict], cutoff, now) -> int:
    await _lock_owners(tx, rows, now)
    ids = [r["id"] for r in await tx.run("gardener.still_expired", ids=[r["id"] for r in rows], cutoff=cutoff)]
    await keyword_index.remove(tx, ids)
    deleted = await tx.run("gardener.delete_memories", ids=ids)
    await _log(
        tx,
        now,
        [{"id": r["memoryId"], "userId": r["userId"]} for r in deleted],
        "memory.deleted",
        reason="archive_retention",
        by="gardener",
    )
    return len(deleted)


async def prune(ctx: JobContext) -> dict[str, int]:
    """R21: archive memories under the salience threshold (never level 4), then delete
    what has been archived for longer than the retention; expire old client request ids
    and idle rate-limit buckets."""
    s, now = ctx.deps.settings, ctx.deps.clock.now()
    after = FIRST_ID
    while ctx.time_left():
        rows = await ctx.deps.db.read(
            "gardener.prune_candidates", threshold=s.prune_salience, afterId=after, batchSize=ctx.batch_size
        )
        if not rows:
            break
        after = rows[-1]["id"]
        if ctx.dry_run:
            ctx.add("archived", len(rows))
        else:
            archive = partial(_archive, rows=rows, threshold=s.prune_salience, now=now)
            ctx.add("archived", await ctx.deps.db.transaction(archive))
    cutoff, after = now - timedelta(days=s.archive_retention_days), FIRST_ID
    while ctx.time_left():
        rows = await ctx.deps.db.read(
            "gardener.expired_archive", cutoff=cutoff, afterId=after, batchSize=ctx.batch_size
        )
        if not rows:
            break
        after = rows[-1]["id"]
        if ctx.dry_run:
            ctx.add("deleted", len(rows))
        else:
            delete = partial(_delete_archived, rows=rows, cutoff=cutoff, now=now)
            ctx.add("deleted", await ctx.deps.db.transaction(delete))
    # client request ids (idempotency.py) are kept RETENTION_DAYS
    request_cutoff = now - timedelta(days=idempotency.RETENTION_DAYS)
    while ctx.time_left() and not ctx.dry_run:
        [row] = await ctx.deps.db.write("idempotency.expire", cutoff=request_cutoff, batchSize=ctx.batch_size)
        ctx.add("requests_expired", row["deleted"])
        if row["deleted"] < ctx.batch_size:
            break
    # shared rate-limit buckets idle long enough to be full again (security/ratelimit.py)
    if ctx.time_left() and not ctx.dry_run:
        ctx.add(
            "rate_buckets_expired",
            await ratelimit.expire_buckets(ctx.deps.db, s.rate_limit_per_minute, s.rate_limit_burst, ctx.batch_size),
        )
    return ctx.counts


async def patterns(ctx: JobContext) -> dict[str, int]:
    """Seed 000: cluster memories with repeated good outcomes into Patterns; promote
    memories that keep proving themselves (lifecycle/promotion.py)."""
    s, deps, now = ctx.deps.settings, ctx.deps, ctx.deps.clock.now()
    rows = await deps.db.read(
        "gardener.high_performers",
        minOutcomes=s.pattern_min_outcomes,
        minQuality=s.pattern_quality,
        batchSize=ctx.batch_size,
    )
    for user_id, performers in _by_user(rows).items():
        if not ctx.time_left():
            break
        existing = await deps.db.read("gardener.pattern_centroids", userId=user_id)
        vectors = np.asarray([p["embedding"] for p in performers], dtype=np.float32)
        clusters = greedy_clusters(
            vectors, s.pattern_similarity, seeds=[np.asarray(p["centroidSum"], dtype=np.float32) for p in existing]
        )
        written = []
        for c, members in enumerate(clusters):
            if not members or (c >= len(existing) and len(members) < 2):
                continue  # a new pattern needs two memories
            known = existing[c] if c < len(existing) else None
            total = vectors[members].sum(axis=0) + (np.asarray(known["centroidSum"]) if known else 0)
            summary, _ = await summarise(s, [performers[i]["content"] for i in members], vectors[members])
            written.append(
                {
                    "id": known["id"] if known else str(uuid.uuid4()),
                    "summary": summary,
                    "centroidSum": total.tolist(),
                    "size": len(members) + (known["size"] if known else 0),
                    "goodOutcomes": sum(performers[i]["good"] for i in members),
                    "members": [performers[i]["id"] for i in members],
                }
            )
        ctx.add("patterns", len(written))
        ctx.add("memories_in_patterns", sum(len(p["members"]) for p in written))
        if written and not ctx.dry_run:

            async def write(tx, user_id=user_id, written=written):
                await tx.run("gardener.write_patterns", userId=user_id, patterns=written, now=now)
                await events.append(
                    tx,
                    user_id,
                    now,
                    [events.event("pattern.extracted", patternId=p["id"], members=p["members"]) for p in written],
                )

            await deps.db.transaction(write)
    await _promote(ctx, now)
    return ctx.counts


async def _promote(ctx: JobContext, now) -> None:
    deps, after = ctx.deps, FIRST_ID
    least = min(rule.good_outcomes for rule in promotion.RULES.values())
    while ctx.time_left():
        rows = await deps.db.read(
            "gardener.promotion_candidates", minOutcomes=least, afterId=after, batchSize=ctx.batch_size
        )
        if not rows:
            break
        after = rows[-1]["id"]
        chosen = [
            {"id": r["id"], "userId": r["userId"], "from": r["level"]}
            for r in rows
            if promotion.should_promote(r["level"], [(o["quality"], native(o["at"])) for o in r["outcomes"]])
        ]
        ctx.add("promoted", len(chosen))
        if chosen and not ctx.dry_run:

            async def write(tx, chosen=chosen):
                promoted = await tx.run("gardener.promote", promotions=chosen, now=now)
                levels = {c["id"]: c["from"] for c in chosen}
                for user_id, owned in _by_user(promoted).items():
                    await events.append(
                        tx,
                        user_id,
                        now,
                        [
                            events.event(
                                "memory.promoted",
                                memoryId=r["id"],
                                fromLevel=levels[r["id"]],
                                toLevel=levels[r["id"]] + 1,
                            )
                            for r in owned
                        ],
                    )

            await deps.db.transaction(write)


async def scene_flush(ctx: JobContext) -> dict[str, int]:
    """Policy 2: scenes idle for `scene_idle_minutes` go to long-term memory."""
    deps = ctx.deps
    now = deps.clock.now()
    cutoff = now - timedelta(minutes=deps.settings.scene_idle_minutes)
    while ctx.time_left():

        async def flush(tx):
            rows = await tx.run(
                "gardener.idle_scenes", cutoff=cutoff, batchSize=ctx.batch_size, dryRun=ctx.dry_run, now=now
            )
            if not ctx.dry_run:
                for user_id, owned in _by_user(rows).items():
                    await events.append(
                        tx,
                        user_id,
                        now,
                        [
                            events.event("scene.flushed", sceneId=r["id"], sessionId=r["sessionId"], reason="idle")
                            for r in owned
                        ],
                    )
            return rows

        rows = await deps.db.transaction(flush)
        ctx.add("flushed", len(rows))
        if ctx.dry_run or len(rows) < ctx.batch_size:
            break
    return ctx.counts


Job = Callable[..., Awaitable[dict[str, int]]]
JOBS: dict[str, Job] = {
    "decay": decay,
    "prune": prune,
    "consolidate": consolidate,
    "patterns": patterns,
    "scene_flush": scene_flush,
    "self_improve": self_improve,
    "share_patterns": share_patterns,
}

# Every count a job reports, zero included, so a run with nothing to do reads like any other.
STOPS = ("resource", "kill_switch", "circuit_breaker", "backpressure")
COUNTS: dict[str, tuple[str, ...]] = {
    "decay": ("examined", "decayed"),
    "prune": ("archived", "deleted", "requests_expired", "rate_buckets_expired"),
    "consolidate": ("users", "episodes", "rejected", "derived"),
    "patterns": ("patterns", "memories_in_patterns", "promoted"),
    "scene_flush": ("flushed",),
    "self_improve": (
        "disabled",
        "user_not_chosen",
        "killed",
        "breaker_open",
        "backpressure_skips",
        "candidates",
        "committed",
        "accepted_dry_run",
        "rejected",
        "skipped",
        *(f"stopped_by_{stop}" for stop in STOPS),
    ),
    "share_patterns": (
        "patterns",
        "below_threshold",
        "no_shareable_text",
        "skipped_consent_changed",
        "published",
        "republished",
        "new",
        "contributions",
        "users_opted_in",
        "users_with_budget",
    ),
}
