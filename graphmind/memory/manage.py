"""Reading and managing memories: get, list (cursor pages), forget, restore, supersede."""

from dataclasses import dataclass, field

import numpy as np

from graphmind.core import events
from graphmind.core.choices import require_some
from graphmind.core.enums import ContentType, MemoryStatus
from graphmind.cursors import cursor_position, encode_cursor
from graphmind.db.database import nullable
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.lifecycle import truth
from graphmind.memory import neighbours
from graphmind.memory.lock import lock_user
from graphmind.memory.model import Memory, check_list_filters, lifted_salience

MAX_PAGE_SIZE = 100


@dataclass
class MemoryFilter:
    statuses: list[MemoryStatus] | None = None
    content_types: list[ContentType] | None = None
    temporal_levels: list[int] | None = None
    tags: list[str] | None = None


@dataclass
class MemoryPage:
    memories: list[Memory]
    cursors: list[str]
    has_next_page: bool

    @property
    def end_cursor(self) -> str | None:
        return self.cursors[-1] if self.cursors else None


def _one(rows: list[dict], memory_id: str) -> Memory:
    if not rows:
        raise NotFound(f"no memory {memory_id}")
    return Memory.from_node(rows[0]["memory"], rows[0]["entities"])


async def get_memory(deps: Deps, user_id: str, memory_id: str) -> Memory:
    """The caller's memory, with the reviews of the caller's recalls still being recorded
    in this process (db/write_behind.py) written first, as every read of memories here."""
    await deps.db.behind.owner_settled(user_id)
    return _one(await deps.db.read("memory.get", userId=user_id, id=memory_id), memory_id)


async def list_memories(
    deps: Deps, user_id: str, flt: MemoryFilter | None, first: int, after: str | None
) -> MemoryPage:
    if not 1 <= first <= MAX_PAGE_SIZE:
        raise BadUserInput(f"first must be 1-{MAX_PAGE_SIZE}", field="first")
    flt = flt or MemoryFilter()
    require_some(flt.statuses, "filter.statuses")
    check_list_filters(flt.content_types, flt.temporal_levels, flt.tags)  # as recall (QA)
    await deps.db.behind.owner_settled(user_id)
    rows = await deps.db.read(
        "memory.list",
        userId=user_id,
        statuses=[s.value for s in (flt.statuses or [MemoryStatus.ACTIVE])],
        filters=nullable(
            contentTypes=[c.value for c in flt.content_types] if flt.content_types else None,
            temporalLevels=flt.temporal_levels or None,
            tags=[t.strip().lower() for t in flt.tags] if flt.tags else None,  # as remember stores them
        ),
        after=cursor_position(after),
        pageSize=first + 1,
    )
    memories = [Memory.from_node(r["memory"], r["entities"]) for r in rows[:first]]
    return MemoryPage(memories, [encode_cursor(m.created_at, m.id) for m in memories], len(rows) > first)


async def forget(deps: Deps, user_id: str, memory_id: str) -> Memory:
    """Archives a memory (soft: `restore` brings it back), with its event, in one transaction."""
    now = deps.clock.now()

    async def work(tx) -> Memory:
        await lock_user(tx, user_id, now)  # a status change of the user's memories: one at a time
        rows = await tx.run("memory.forget", userId=user_id, id=memory_id, now=now)
        memory = _one(rows, memory_id)
        if rows[0]["before"] == MemoryStatus.ARCHIVED.value:
            raise Conflict(f"memory {memory_id} is already archived")
        await events.append(
            tx, user_id, now, [events.event("memory.forgotten", memoryId=memory_id, before=rows[0]["before"])]
        )
        return memory

    return await deps.db.transaction(work)


@dataclass
class Restored:
    """The restored memory and what judging it settled: the contradictions (each names its
    winner and its loser, as remember's conflicts), or the active memory it only repeats
    (`duplicate_of`, at cosine `similarity`), which it was merged into."""

    memory: Memory
    conflicts: list[truth.Conflict] = field(default_factory=list)
    duplicate_of: str | None = None
    similarity: float | None = None


async def restore(deps: Deps, user_id: str, memory_id: str) -> Restored:
    """Restores an archived memory to the status it had, or a superseded one that no active
    memory supersedes any more (its superseders forgotten: the update it lost to was
    retracted) to active with the validity its supersession closed; in one transaction with
    its events. A superseded memory an active one still supersedes is CONFLICT, naming it.

    A restore is the user's: the memory is made recallable again (its effective salience
    lifted to `restore_salience` when lower, never under the recall and prune floors, and
    its decay clock restarted), and one restored to active is judged against the active
    memories as a remembered memory is (`truth.judge`: the same candidates and rules), so it
    supersedes or is superseded (`truth.settle`), or, when it only repeats an active memory,
    is merged into that one (`_merge_into`)."""
    s = deps.settings
    floor = max(s.restore_salience, s.min_salience, s.prune_salience)
    now = deps.clock.now()

    async def work(tx) -> Restored:
        await lock_user(tx, user_id, now)  # judged against the active memories, as remember: one at a time
        rows = await tx.run("memory.restore", userId=user_id, id=memory_id, now=now)
        memory = _one(rows, memory_id)
        row = rows[0]
        if row["before"] == MemoryStatus.ACTIVE.value:
            raise Conflict(f"memory {memory_id} is active: only an archived or superseded memory is restored")
        if row["supersededBy"] and row["before"] == MemoryStatus.SUPERSEDED.value:
            raise Conflict(
                f"memory {memory_id} is superseded by the active memory {', '.join(sorted(row['supersededBy']))}: "
                "forget that one first to restore this one"
            )
        payload: dict = {"memoryId": memory_id, "before": row["before"]}
        node = row["memory"]
        if lifted := lifted_salience(memory.base_salience, memory.outcome_adjustment, floor):
            [lift] = await tx.run(
                "memory.lift_salience", userId=user_id, id=memory_id, base=lifted[0], effective=lifted[1]
            )
            payload["effectiveSalience"] = {"from": memory.effective_salience, "to": lifted[1]}
            node = lift["memory"]
        await events.append(tx, user_id, now, [events.event("memory.restored", **payload)])
        if node["status"] != MemoryStatus.ACTIVE.value:  # archived while superseded: history stays history
            return Restored(Memory.from_node(node, row["entities"]))
        verdict = await _judge(tx, deps, user_id, node, row["embedding"], set(row["lineage"]))
        changed = await truth.settle(tx, user_id, now, memory_id, verdict.conflicts)
        settled = [c for c in verdict.conflicts if c.loser_id in changed]
        duplicate_of, similarity = verdict.duplicate_of or (None, None)
        if duplicate_of:
            changed[memory_id] = await _merge_into(tx, user_id, now, memory_id, duplicate_of, similarity)
        node = changed.get(memory_id, node)
        return Restored(Memory.from_node(node, row["entities"]), settled, duplicate_of, similarity)

    return await deps.db.transaction(work)


async def _judge(tx, deps: Deps, user_id: str, node: dict, embedding: list[float], lineage: set[str]) -> truth.Verdict:
    """Judges a memory back among the active ones as `store.remember_many` judges a new one:
    its candidates (`neighbours.near`; its lineage left out, as a derived memory's sources
    are) and `truth.judge`'s one decision: the contradictions to settle, or the memory it
    only repeats (cosine above `dedup_threshold`, no differing word, one occurrence)."""
    claim = truth.Claim.from_node(node)
    [found] = await neighbours.near(
        tx.run,
        deps.settings,
        user_id,
        [claim.content],
        [np.asarray(embedding, dtype=np.float32)],
        extra=len(lineage) + 1,  # the memory itself, active again, is its own nearest
        by_subject=[claim.content_type != ContentType.EVENT.value],
    )
    candidates = [(c, similarity) for c, similarity in found if c.id not in lineage and c.id != claim.id]
    return truth.judge(claim, candidates, deps.settings.dedup_threshold)


async def _merge_into(tx, user_id: str, now, memory_id: str, kept_id: str, similarity: float | None) -> dict:
    """A restored memory that only repeats an active one: the active one holds and is
    reinforced, as remember reinforces the memory a new input repeats instead of storing a
    second copy; the restored one is kept as history, superseded by it (validity closed
    where the active one's begins). Returns the restored memory's node."""
    [row] = await tx.run("memory.supersede", userId=user_id, oldId=memory_id, newId=kept_id, now=now)
    await tx.run("memory.reinforce", userId=user_id, ids=[kept_id], now=now)
    await events.append(
        tx,
        user_id,
        now,
        [
            events.event("memory.superseded", memoryId=memory_id, supersededBy=kept_id, reason="duplicate"),
            events.event("memory.reinforced", memoryId=kept_id, similarity=similarity),
        ],
    )
    return row["memory"]


async def supersede(deps: Deps, user_id: str, old_id: str, new_id: str) -> tuple[Memory, Memory]:
    """Marks `old_id` superseded by `new_id` (kept, validity closed); returns both."""
    if old_id == new_id:
        raise BadUserInput("a memory cannot supersede itself", field="input.newId")
    now = deps.clock.now()

    async def work(tx) -> tuple[Memory, Memory]:
        await lock_user(tx, user_id, now)  # the statuses read stay true until the write (QA: a forget between)
        statuses = {r["id"]: r["status"] for r in await tx.run("memory.statuses", userId=user_id, ids=[old_id, new_id])}
        for memory_id in (old_id, new_id):
            if memory_id not in statuses:
                raise NotFound(f"no memory {memory_id}")
            if statuses[memory_id] != MemoryStatus.ACTIVE.value:
                raise Conflict(f"memory {memory_id} is {statuses[memory_id]}, not active")
        [row] = await tx.run("memory.supersede", userId=user_id, oldId=old_id, newId=new_id, now=now)
        await events.append(tx, user_id, now, [events.event("memory.superseded", memoryId=old_id, supersededBy=new_id)])
        return (
            Memory.from_node(row["memory"], row["entities"]),
            Memory.from_node(row["replacement"], row["replacementEntities"]),
        )

    return await deps.db.transaction(work)
