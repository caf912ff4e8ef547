"""Remember's write transaction, phase by phase: lock the user → judge each kept input
against its neighbours in the store (`truth.judge`) → reinforce the stored memories it
repeats → create the rest, with the batch's events → add what the repeats bring to the
memories they repeat → settle contradictions → link derived memories to their sources →
place memories with a sessionId in their session's scene → record (`after_write`,
idempotency).

The driver retries the whole transaction on a transient error: each attempt works in its
own `Attempt`, so a retry sees nothing of a failed one; the `Batch` it works from was
computed before the transaction (store_prepare.py) and is only read. Each query runs as
it did when this was one function, in the same order: the phases name its steps, they add
no round trip.
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from graphmind import idempotency
from graphmind.core import events
from graphmind.core.enums import MemoryStatus
from graphmind.deps import Deps
from graphmind.lifecycle import scene, truth
from graphmind.memory import neighbours, repeats
from graphmind.memory.lock import lock_user
from graphmind.memory.model import Memory, MemoryInput
from graphmind.memory.store_prepare import Conflicts, Prepared, as_claim
from graphmind.settings import Settings


@dataclass(frozen=True)
class Stored:
    """What a batch did with one input, as `after_write` sees it: the memory it is (or
    repeats), whether it was created, the contradictions settled for it (each names its
    winner and its loser; only those that superseded a memory), and for a repeat its
    cosine to the memory it repeats."""

    memory_id: str
    created: bool
    settled: tuple[truth.Conflict, ...] = ()
    similarity: float | None = None


AfterWrite = Callable[[object, list[Stored]], Awaitable[None]]


@dataclass(frozen=True)
class Batch:
    """A batch as prepared before the transaction: its inputs, their embeddings and token
    counts, the repeats within it (input → (earlier input, cosine)), the inputs kept and
    which of them are searched by subject (no events), and the earlier inputs each kept
    fact contradicts."""

    deps: Deps
    user_id: str
    inputs: list[MemoryInput]
    prepared: list[Prepared]
    vectors: np.ndarray
    token_counts: list[int]
    same_batch: dict[int, tuple[int, float]]
    kept: list[int]
    by_subject: list[bool]
    within_batch: dict[int, list[tuple[int, truth.Conflict]]]
    after_write: AfterWrite | None
    request_id: str | None


@dataclass
class Attempt:
    """What one attempt of the transaction found and did: the contradictions of each input
    (by input), the stored memory each repeat reinforces (id, cosine), the inputs created,
    the memories read back (reinforced, created) and the contradictions settled."""

    now: datetime
    conflicts: Conflicts = field(default_factory=dict)
    existing: dict[int, tuple[str, float]] = field(default_factory=dict)
    to_create: list[int] = field(default_factory=list)
    reinforced: list[dict] = field(default_factory=list)
    created: dict[str, Memory] = field(default_factory=dict)
    settled: dict[int, tuple[truth.Conflict, ...]] = field(default_factory=dict)


# what `write` returns: the repeats of stored memories, the memories created and reinforced
# (by id), and each input's contradictions
Written = tuple[dict[int, tuple[str, float]], dict[str, Memory], dict[str, Memory], Conflicts]


def memories_by_id(rows: list[dict]) -> dict[str, Memory]:
    """Rows of memories with their entities (as the memory queries return them), by id."""
    return {r["memory"]["id"]: Memory.from_node(r["memory"], r["entities"]) for r in rows}


async def write(tx, batch: Batch) -> Written:
    """The transaction function: the phases in order, in a new `Attempt`."""
    # Lock the user first: a concurrent remember of the same text waits here,
    # then sees this one's memory as a duplicate.
    await lock_user(tx, batch.user_id, batch.deps.clock.now())
    attempt = Attempt(batch.deps.clock.now())  # built anew by each attempt: a retry sees none of a failed one
    await _judge(tx, batch, attempt)
    details, added = await _reinforce(tx, batch, attempt)
    await _create(tx, batch, attempt, added)
    await _add_details(tx, batch, attempt, details)
    await _settle(tx, batch, attempt)
    await _link_lineage(tx, batch, attempt)
    await _place(tx, batch, attempt)
    await _record(tx, batch, attempt)
    return attempt.existing, attempt.created, memories_by_id(attempt.reinforced), attempt.conflicts


async def _judge(tx, batch: Batch, attempt: Attempt) -> None:
    """Judges each kept input against its candidates in the store (`truth.judge`): one that
    contradicts a stored memory or an earlier created input of the batch is news, to be
    settled; else one that repeats a stored memory reinforces it; the others are created."""
    prepared, now, threshold = batch.prepared, attempt.now, batch.deps.settings.dedup_threshold
    candidates = await neighbours.near(
        tx.run,
        batch.deps.settings,
        batch.user_id,
        [prepared[i].row["content"] for i in batch.kept],
        [batch.vectors[i] for i in batch.kept],
        by_subject=batch.by_subject,
    )
    for i, found in zip(batch.kept, candidates, strict=True):
        if derivation := prepared[i].derivation:  # a derived memory resembles its sources by design
            found = [(claim, sim) for claim, sim in found if claim.id not in derivation.derived_from]
        verdict = truth.judge(as_claim(prepared[i].row, now), found, threshold)
        # an earlier input of the batch that is created (not a duplicate of a stored memory)
        in_batch = [conflict for j, conflict in batch.within_batch.get(i, []) if j not in attempt.existing]
        if clashes := verdict.conflicts + in_batch:
            attempt.conflicts[i] = clashes  # a contradiction is news, never a duplicate
        elif verdict.duplicate_of:
            attempt.existing[i] = verdict.duplicate_of
    attempt.to_create = [i for i in batch.kept if i not in attempt.existing]


async def _reinforce(tx, batch: Batch, attempt: Attempt) -> tuple[dict[str, repeats.Details], dict[int, dict]]:
    """Reinforces the stored memories the batch repeats, and works out what each repeat that
    is not derived adds to its memory (repeats.py): the memories' new details, and what
    each input added (for its event)."""
    if attempt.existing:
        attempt.reinforced = await tx.run(
            "memory.reinforce",
            userId=batch.user_id,
            ids=sorted({dup for dup, _ in attempt.existing.values()}),
            now=attempt.now,
        )
    return repeats.added_to_stored(
        attempt.reinforced,
        [
            (i, memory_id, batch.prepared[i].row)
            for i, (memory_id, _) in attempt.existing.items()
            if not batch.prepared[i].derivation
        ],
    )


def _events(batch: Batch, attempt: Attempt, added: dict[int, dict]) -> list[dict]:
    """The batch's events: each memory created, then each stored memory reinforced (with
    what its repeat added)."""
    prepared = batch.prepared
    return [
        events.event(
            "memory.stored",
            memoryId=prepared[i].row["id"],
            contentHash=events.content_hash(prepared[i].row["content"]),
            temporalLevel=prepared[i].row["temporalLevel"],
        )
        for i in attempt.to_create
    ] + [
        events.event("memory.reinforced", memoryId=memory_id, similarity=similarity, **added.get(i, {}))
        for i, (memory_id, similarity) in attempt.existing.items()
    ]


async def _create(tx, batch: Batch, attempt: Attempt, added: dict[int, dict]) -> None:
    """Creates the new memories (chained onto the caller's timeline with their entities),
    with the batch's events and keyword postings in the same round trip; a batch that
    creates nothing appends its events alone."""
    log = _events(batch, attempt, added)
    created = []
    if attempt.to_create:
        rows = []
        for i in attempt.to_create:
            rows.append(
                {**batch.prepared[i].row, "embedding": batch.vectors[i].tolist(), "tokenCount": batch.token_counts[i]}
            )
        created = await tx.run(
            "memory.create_memories",
            userId=batch.user_id,
            now=attempt.now,
            memories=rows,
            events=log,  # the events of the whole batch, in the same round trip
            termRows=[batch.prepared[i].terms for i in attempt.to_create],  # the keyword index, too
        )
    else:
        await events.append(tx, batch.user_id, attempt.now, log)
    attempt.created = memories_by_id(created)


async def _add_details(tx, batch: Batch, attempt: Attempt, details: dict[str, repeats.Details]) -> None:
    """Writes what the repeats brought (tags, metadata keys, entities) to the memories they
    repeat; a memory's updated row replaces its reinforced one."""
    if details:
        updated = await tx.run(
            "memory.add_details",
            userId=batch.user_id,
            now=attempt.now,
            details=[{"id": memory_id, **d.row_fields()} for memory_id, d in sorted(details.items())],
        )
        attempt.reinforced = [*attempt.reinforced, *updated]  # the later row of a memory holds


async def _settle(tx, batch: Batch, attempt: Attempt) -> None:
    """Settles each new memory's contradictions (trust, then recency: `truth.settle`
    supersedes the loser); keeps those that superseded a memory, and a created memory that
    lost is read back as settled."""
    for i, clashes in attempt.conflicts.items():
        new_id = batch.prepared[i].row["id"]
        changed = await truth.settle(tx, batch.user_id, attempt.now, new_id, clashes)
        attempt.settled[i] = tuple(c for c in clashes if c.loser_id in changed)
        for memory_id, node in changed.items():
            if memory_id in attempt.created:
                attempt.created[memory_id] = Memory.from_node(node, attempt.created[memory_id].entities)


async def _link_lineage(tx, batch: Batch, attempt: Attempt) -> None:
    """Links each created derived memory to its sources (DERIVED_FROM) and to those it
    supersedes (IMPROVES)."""
    for i in attempt.to_create:
        if derivation := batch.prepared[i].derivation:
            await tx.run(
                "memory.link_lineage",
                userId=batch.user_id,
                memoryId=batch.prepared[i].row["id"],
                derivedFrom=list(derivation.derived_from),
                supersedes=list(derivation.supersedes),
                by=derivation.by,
                now=attempt.now,
            )


async def _place(tx, batch: Batch, attempt: Attempt) -> None:
    """Adds the new active memories with a sessionId to their session's scene, in order."""
    by_session: dict[str, list[tuple[Memory, np.ndarray]]] = {}
    for i in attempt.to_create:
        session_id, memory = batch.prepared[i].session_id, attempt.created[batch.prepared[i].row["id"]]
        if session_id and memory.status == MemoryStatus.ACTIVE:
            by_session.setdefault(session_id, []).append((memory, batch.vectors[i]))
    for session_id, members in by_session.items():
        await _place_in_scene(tx, batch.deps.settings, batch.user_id, attempt.now, session_id, members)


async def _place_in_scene(
    tx, settings: Settings, user_id: str, now: datetime, session_id: str, members: list[tuple[Memory, np.ndarray]]
) -> None:
    """Adds one session's new memories to its open scene, flushing scenes on a topic shift
    or at capacity (lifecycle/scene.py); marks each memory in its scene or flushed."""
    rows = await tx.run("scene.current", userId=user_id, sessionId=session_id)
    current = None
    if rows:
        current = scene.OpenScene(
            rows[0]["id"],
            np.asarray(rows[0]["centroidSum"], dtype=np.float32),
            rows[0]["size"],
            member_vectors=[np.asarray(v, dtype=np.float32) for v in rows[0]["memberVectors"] if v],
        )
    plan = scene.plan(current, [(m.id, v) for m, v in members], settings.scene_capacity, settings.scene_topic_threshold)
    await tx.run(
        "scene.apply",
        userId=user_id,
        sessionId=session_id,
        now=now,
        flushed=[{"id": scene_id, "reason": reason} for scene_id, reason in plan.flushed],
        scenes=[
            {"id": s.id, "centroidSum": s.centroid_sum.tolist(), "size": s.size, "members": s.new_members}
            for s in plan.scenes
        ],
    )
    for memory, _ in members:
        memory.in_scene = memory.id in plan.in_scene
        if not memory.in_scene:
            memory.scene_flushed_at = now
    await events.append(
        tx,
        user_id,
        now,
        [
            events.event("scene.flushed", sceneId=scene_id, sessionId=session_id, reason=reason)
            for scene_id, reason in plan.flushed
        ],
    )


def _stored(batch: Batch, attempt: Attempt, i: int) -> Stored:
    """What the batch did with input `i` (a repeat within the batch is what its first is)."""
    if i in attempt.existing:
        return Stored(attempt.existing[i][0], False, similarity=attempt.existing[i][1])
    if i in batch.same_batch:
        return Stored(
            _stored(batch, attempt, batch.same_batch[i][0]).memory_id, False, similarity=batch.same_batch[i][1]
        )
    return Stored(batch.prepared[i].row["id"], True, attempt.settled.get(i, ()))


async def _record(tx, batch: Batch, attempt: Attempt) -> None:
    """Runs the caller's `after_write` with each input's `Stored`, and records the batch's
    response under its request id (idempotency.py), both in this transaction."""
    stored = [_stored(batch, attempt, i) for i in range(len(batch.prepared))]
    if batch.after_write:
        await batch.after_write(tx, list(stored))
    idempotency.record(
        tx,
        batch.user_id,
        batch.request_id,
        "remember",
        batch.inputs,
        [
            {
                "memoryId": s.memory_id,
                "redactions": p.redactions,
                "duplicateOf": None if s.created else s.memory_id,
                "similarity": s.similarity,
                "conflicts": attempt.conflicts.get(i, []),
            }
            for i, (s, p) in enumerate(zip(stored, batch.prepared, strict=True))
        ],
        attempt.now,
    )
