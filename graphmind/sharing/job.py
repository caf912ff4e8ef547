"""Shared patterns with differential privacy (seed 000 "Federated Learning"): the
`share_patterns` gardener job. The rules are in docs/sharing.md.

1. Opted-in users whose remaining ε covers one release; their patterns, with the
   observed outcomes behind each pattern's member memories.
2. Patterns clustered across users by centroid cosine (`sharing_similarity`); each
   user's instances clipped to `sharing_user_cap`.
3. Per cluster, largest first: users without budget left are dropped (also when an
   earlier cluster of this run used it up), then the thresholds are checked on the
   true counts (≥ `sharing_min_instances` instances, ≥ `sharing_min_users` users).
   A cluster that continues an earlier release is published again only when at least
   `sharing_min_users` of its users are new to it.
4. The text: words of ≥ `sharing_min_users` users' summaries, redacted. The numbers:
   Laplace noise, ε split in three. Every contributor is charged the release's ε in
   the same transaction that writes the SharedPattern.
"""

import uuid
from typing import Any

import numpy as np

from graphmind.core import events
from graphmind.job_context import FIRST_ID, JobContext
from graphmind.sharing import aggregate, privacy, text
from graphmind.sharing.aggregate import Group, UserPattern


class _ConsentChanged(Exception):
    """A contributor opted out or was charged elsewhere since the job read them."""


async def share_patterns(ctx: JobContext) -> dict[str, int]:
    """Publishes privacy-safe shared patterns from opted-in users' patterns."""
    s = ctx.deps.settings
    spent = await _sharers_with_budget(ctx)
    with_budget = set(spent)
    patterns = await _patterns(ctx, sorted(spent))
    ctx.add("patterns", len(patterns))
    rng = np.random.default_rng(s.sharing_noise_seed)
    taken: set[str] = set()
    for group in aggregate.groups(patterns, s.sharing_similarity, s.pattern_quality, s.sharing_user_cap):
        if not ctx.time_left():
            break
        group = group.keeping(with_budget)  # before the thresholds: a group may fall below them
        if not privacy.meets_thresholds(group.instances, group.users, s.sharing_min_instances, s.sharing_min_users):
            ctx.add("below_threshold")
            continue
        previous = aggregate.previous_release(group, taken)
        if previous and aggregate.new_users(group, previous) < s.sharing_min_users:
            ctx.add("unchanged")  # too few new users to spend everyone's ε on a new release
            taken.add(previous)
            continue
        description, keywords = text.describe([c.summaries for c in group.contributions], s.sharing_min_users)
        if not keywords:
            ctx.add("no_shareable_text")
            continue
        shared_id = previous or str(uuid.uuid4())
        taken.add(shared_id)
        if not ctx.dry_run and not await _publish(ctx, rng, group, shared_id, description, keywords, spent):
            ctx.add("skipped_consent_changed")
            continue
        for c in group.contributions:
            spent[c.user_id] = privacy.spend(spent[c.user_id], s.sharing_epsilon)
            if not privacy.can_spend(spent[c.user_id], s.sharing_epsilon, s.sharing_privacy_budget):
                with_budget.discard(c.user_id)
        ctx.add("published")
        ctx.add("republished" if previous else "new")
        ctx.add("contributions", group.users)
    return ctx.counts


async def _sharers_with_budget(ctx: JobContext) -> dict[str, float]:
    """Opted-in users whose budget covers one more release → their spent ε."""
    s, after, found = ctx.deps.settings, FIRST_ID, {}
    while True:
        rows = await ctx.deps.db.read("sharing.sharers", afterId=after, batchSize=ctx.batch_size)
        if not rows:
            break
        after = rows[-1]["id"]
        ctx.add("users_opted_in", len(rows))
        found.update(
            {
                r["id"]: r["spent"]
                for r in rows
                if privacy.can_spend(r["spent"], s.sharing_epsilon, s.sharing_privacy_budget)
            }
        )
    ctx.add("users_with_budget", len(found))
    return found


async def _patterns(ctx: JobContext, user_ids: list[str]) -> list[UserPattern]:
    patterns: list[UserPattern] = []
    for start in range(0, len(user_ids), ctx.batch_size):
        rows = await ctx.deps.db.read("sharing.user_patterns", userIds=user_ids[start : start + ctx.batch_size])
        patterns.extend(UserPattern.from_row(r) for r in rows)
    return patterns


async def _publish(
    ctx: JobContext,
    rng: np.random.Generator,
    group: Group,
    shared_id: str,
    description: str,
    keywords: list[str],
    spent: dict[str, float],
) -> bool:
    """One transaction: charge every contributor (all or none), write the release, log
    `sharing.contributed` for each contributor. False when a contributor changed meanwhile."""
    s, now = ctx.deps.settings, ctx.deps.clock.now()
    release = privacy.noisy_release(
        rng, group.instances, group.users, group.quality_sum, s.sharing_user_cap, s.sharing_epsilon
    )
    charges: list[dict[str, Any]] = [
        {"userId": c.user_id, "before": spent[c.user_id], "after": privacy.spend(spent[c.user_id], s.sharing_epsilon)}
        for c in group.contributions
    ]
    shared = {
        "id": shared_id,
        "description": description,
        "keywords": keywords,
        "instances": release.instances,
        "users": release.users,
        "meanQuality": release.mean_quality,
        "epsilon": s.sharing_epsilon,
    }

    async def work(tx) -> None:
        charged = await tx.run("sharing.charge", charges=charges, now=now)
        if len(charged) != len(charges):
            raise _ConsentChanged(shared_id)  # rolls the transaction back
        await tx.run(
            "sharing.publish",
            shared=shared,
            now=now,
            patternIds=[p for c in group.contributions for p in c.pattern_ids],
        )
        for charge in charges:
            await events.append(
                tx,
                charge["userId"],
                now,
                [
                    events.event(
                        "sharing.contributed",
                        sharedPatternId=shared_id,
                        epsilon=s.sharing_epsilon,
                        epsilonSpent=charge["after"],
                    )
                ],
            )

    try:
        await ctx.deps.db.transaction(work)
    except _ConsentChanged:
        return False
    return True
