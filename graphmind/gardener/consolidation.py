"""The `consolidate` job (seed 003 policy 3): clusters of episodes become semantic memories.

A cluster of two or more of a user's unconsolidated episodes is summarised
(`lifecycle/summary.py`) into a draft; the consistency gate judges each draft against
the user's memories as a new memory is judged (`lifecycle/truth.judge`) and drops one
that repeats an existing memory or loses to one it contradicts (`consolidation.rejected`).
The drafts that pass are stored by `memory/store.remember_many`, the one writer of
memories, as derivations of their episodes (DERIVED_FROM, `derivedBy` extractive or llm);
in the same transaction the episodes are marked consolidated and `memory.consolidated`
is logged. The episodes themselves stay as they were (append-only).
"""

import uuid
from datetime import datetime, timedelta

import numpy as np

from graphmind.core import events
from graphmind.core.enums import ContentType, Source
from graphmind.db.database import native
from graphmind.errors import BadUserInput
from graphmind.job_context import JobContext
from graphmind.lifecycle import truth
from graphmind.lifecycle.clustering import greedy_clusters
from graphmind.lifecycle.summary import summarise
from graphmind.memory import heuristics, neighbours
from graphmind.memory.lock import lock_user
from graphmind.memory.model import MemoryInput, parse_memory_input
from graphmind.memory.store import Derivation, Stored, remember_many


async def consolidate(ctx: JobContext) -> dict[str, int]:
    """Policy 3: episodes → semantic memories, for users past the count or age trigger."""
    s, now = ctx.deps.settings, ctx.deps.clock.now()
    due = await ctx.deps.db.read(
        "gardener.consolidation_due",
        minEvents=s.consolidation_min_events,
        cutoff=now - timedelta(hours=s.consolidation_max_age_hours),
        batchSize=ctx.batch_size,
    )
    for user in due:
        if not ctx.time_left():
            break
        ctx.add("users")
        await _consolidate_user(ctx, user["userId"], now)
    return ctx.counts


async def _consolidate_user(ctx: JobContext, user_id: str, now: datetime) -> None:
    s, deps = ctx.deps.settings, ctx.deps
    episodes = await deps.db.read("gardener.unconsolidated_events", userId=user_id, batchSize=ctx.batch_size)
    vectors = np.asarray([e["embedding"] for e in episodes], dtype=np.float32)
    clusters = [c for c in greedy_clusters(vectors, s.consolidation_similarity) if c]
    ctx.add("episodes", len(episodes))
    drafts: list[tuple[MemoryInput, Derivation]] = []
    invalid: list[dict] = []  # summaries that are no memory: rejected, never the job's failure
    for members in clusters:
        if len(members) < 2:
            continue  # a lone episode has nothing to generalise; it stays as it is
        summary, how = await summarise(s, [episodes[i]["content"] for i in members], vectors[members])
        try:
            drafts.append(_draft(summary, how, [episodes[i] for i in members]))
        except BadUserInput as e:  # QA: "Ok. Ok. Ok. …" summarised to "Ok." failed every run, for every user
            ctx.add("rejected")
            invalid.append(
                events.event(
                    "consolidation.rejected",
                    content=summary[:200],
                    reason=e.message,
                    members=[episodes[i]["id"] for i in members],
                )
            )
    consolidated = [episodes[i]["id"] for members in clusters for i in members]
    embedded: np.ndarray | list[np.ndarray] = (
        await deps.embedder.embed_async([item.content for item, _ in drafts]) if drafts else []
    )

    async def gate(tx) -> list[tuple[MemoryInput, Derivation]]:
        """The consistency gate, under the user's lock; marks the episodes when nothing passes."""
        if not ctx.dry_run:
            await lock_user(tx, user_id, now)
        rejected = list(invalid)
        passed = []
        for (item, derivation), vector in zip(drafts, embedded, strict=True):
            claim = truth.Claim(
                str(uuid.uuid4()),
                item.content,
                item.content_type.value,
                Source.MODEL.trust,
                item.valid_from or now,
                now,
            )  # _draft always sets valid_from
            [claims] = await neighbours.near(tx.run, s, user_id, [item.content], [vector])
            verdict = truth.judge(claim, claims, s.dedup_threshold)
            clashes = verdict.conflicts
            if any(c.loser_id == claim.id for c in clashes) or verdict.duplicate_of:
                ctx.add("rejected")  # it contradicts a stronger belief, or repeats one
                rejected.append(
                    events.event(
                        "consolidation.rejected",
                        content=item.content,
                        contradicts=[c.existing_id for c in clashes],
                        members=list(derivation.derived_from),
                    )
                )
                continue
            passed.append((item, derivation))
        if rejected and not ctx.dry_run:  # a dry run writes nothing (QA: it logged the rejections)
            await events.append(tx, user_id, now, rejected)
        ctx.add("derived", len(passed))
        if not ctx.dry_run and not passed:
            await tx.run("gardener.mark_consolidated", userId=user_id, ids=consolidated, now=now)
        return passed

    passed = await deps.db.transaction(gate)
    if ctx.dry_run or not passed:
        return

    async def settle(tx, stored: list[Stored]) -> None:
        await tx.run("gardener.mark_consolidated", userId=user_id, ids=consolidated, now=now)
        await events.append(
            tx,
            user_id,
            now,
            [
                events.event(
                    "memory.consolidated",
                    memoryId=result.memory_id,
                    derivedFrom=list(derivation.derived_from),
                    by=derivation.by,
                )
                for result, (_, derivation) in zip(stored, passed, strict=True)
                if result.created
            ],
        )

    await remember_many(deps, user_id, [item for item, _ in passed], [d for _, d in passed], after_write=settle)


def _draft(summary: str, how: str, members: list[dict]) -> tuple[MemoryInput, Derivation]:
    """A cluster's summary as a memory: `observation` when it spans several days, else `fact`;
    level at least 2, the episodes' highest salience and latest time, source model."""
    days = {native(m["validFrom"]).date() for m in members}
    content_type = ContentType.OBSERVATION if len(days) > 1 else ContentType.FACT
    item = parse_memory_input(
        {
            "content": summary,
            "contentType": content_type.value,
            "temporalLevel": max(2, heuristics.temporal_level(summary, content_type)),
            "baseSalience": max(m["salience"] for m in members),
            "validFrom": max(native(m["validFrom"]) for m in members),
            "source": Source.MODEL.value,
            "tags": ["consolidated"],
            "metadata": {"episodes": len(members)},
        }
    )
    return item, Derivation(tuple(m["id"] for m in members), (), Source.MODEL.trust, by=how)
