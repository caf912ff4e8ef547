"""The STORE phase: `remember` and `rememberMany`.

Validate (R3) → redact PII and secrets → choose temporal level (R1) and salience
(R2) → embed the whole batch at once → deduplicate (R4) within the batch and
against the caller's active memories (a duplicate is near in cosine and differs in no
value, negation or content word: `lifecycle/conflicts.py`; its tags, metadata and
entities are added to the memory it repeats: `repeats.py`) →
write the rest in one transaction (UNWIND), chained onto the caller's timeline
with their entities → settle contradictions with existing memories and with earlier
inputs of the batch (trust, then recency: `lifecycle/truth.py`) → link derived
memories to their sources (the self-improvement worker's `Derivation`) → place memories with a sessionId in
their session's scene (`lifecycle/scene.py`).

Three phases, a module each: what is computed before the transaction
(`store_prepare.py`), the transaction (`store_write.py`), and here the results.
"""

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from graphmind import idempotency
from graphmind.core.enums import ContentType
from graphmind.deps import Deps
from graphmind.lifecycle import truth
from graphmind.lifecycle.conflicts import ConflictKind
from graphmind.memory import repeats
from graphmind.memory.model import Memory, MemoryInput
from graphmind.memory.store_prepare import Derivation, contradicted_within_batch, derived, prepare, repeats_within_batch
from graphmind.memory.store_write import AfterWrite, Batch, Stored, Written, memories_by_id, write

__all__ = ["MAX_BATCH", "Derivation", "RememberResult", "Stored", "remember_many"]

MAX_BATCH = 1000
INLINE_BATCH = 16  # inputs a batch prepares on the event loop; a larger batch, in a worker thread
T = TypeVar("T")


@dataclass
class RememberResult:
    """The stored memory (or the existing one it duplicated) and what remember did."""

    memory: Memory
    duplicate_of: str | None = None
    similarity: float | None = None
    redactions: dict[str, int] = field(default_factory=dict)
    conflicts: list[truth.Conflict] = field(default_factory=list)


async def remember_many(
    deps: Deps,
    user_id: str,
    inputs: list[MemoryInput],
    derivations: list[Derivation | None] | None = None,
    after_write: AfterWrite | None = None,
    request_id: str | None = None,
) -> list[RememberResult]:
    """Stores a batch (already validated); returns one result per input, in order.
    `derivations` (the self-improvement worker's) gives inputs a lineage; `after_write(tx,
    stored)` runs last in the same transaction, with each input's `Stored`;
    a `request_id` seen before returns the first call's results (idempotency.py)."""
    if not inputs:
        return []
    if request_id is None:
        return await _remember_many(deps, user_id, inputs, derivations, after_write, None)
    return await idempotency.once(
        deps,
        user_id,
        request_id,
        "remember",
        inputs,
        lambda: _remember_many(deps, user_id, inputs, derivations, after_write, request_id),
        lambda response: _replay(deps, user_id, response),
    )


async def _replay(deps: Deps, user_id: str, response: list[dict]) -> list[RememberResult]:
    rows = await deps.db.read("memory.get_many", userId=user_id, ids=sorted({r["memoryId"] for r in response}))
    memories = memories_by_id(rows)
    return [
        RememberResult(
            memories[r["memoryId"]],
            r["duplicateOf"],
            r["similarity"],
            r["redactions"],
            [truth.Conflict(**{**c, "kind": ConflictKind(c["kind"])}) for c in r["conflicts"]],
        )
        for r in response
        if r["memoryId"] in memories
    ]


async def _remember_many(
    deps: Deps,
    user_id: str,
    inputs: list[MemoryInput],
    derivations: list[Derivation | None] | None,
    after_write: AfterWrite | None,
    request_id: str | None,
) -> list[RememberResult]:
    """Prepares the batch, writes it in one transaction (retried whole by the driver), and
    answers each input."""
    batch = await _prepare_batch(deps, user_id, inputs, derivations or [None] * len(inputs), after_write, request_id)
    return _results(batch, await deps.db.transaction(lambda tx: write(tx, batch)))


async def _prepare_batch(
    deps: Deps,
    user_id: str,
    inputs: list[MemoryInput],
    derivations: list[Derivation | None],
    after_write: AfterWrite | None,
    request_id: str | None,
) -> Batch:
    """Everything the transaction needs that Neo4j does not: each input prepared and
    embedded, the repeats within the batch folded into the inputs they repeat, and the
    contradictions among the batch's facts. Done before the transaction takes the user's
    lock, off the event loop for a large batch."""
    prepared = await _off_the_loop(
        len(inputs), lambda: [derived(prepare(item, deps), d) for item, d in zip(inputs, derivations, strict=True)]
    )
    vectors, token_counts = await deps.embedder.embed_counting_async([p.row["content"] for p in prepared])
    threshold = deps.settings.dedup_threshold
    same_batch, kept = await _off_the_loop(len(inputs), lambda: repeats_within_batch(prepared, vectors, threshold))
    repeats.fold_within_batch([p.row for p in prepared], [p.derivation is not None for p in prepared], same_batch)

    by_subject = [prepared[i].row["contentType"] != ContentType.EVENT.value for i in kept]
    facts = [i for i, searched in zip(kept, by_subject, strict=True) if searched]
    # pure computation, up to seconds for a large batch of facts: off the event loop
    within_batch = (
        await asyncio.to_thread(contradicted_within_batch, deps, prepared, vectors, facts) if len(facts) > 1 else {}
    )
    return Batch(
        deps=deps,
        user_id=user_id,
        inputs=inputs,
        prepared=prepared,
        vectors=vectors,
        token_counts=token_counts,
        same_batch=same_batch,
        kept=kept,
        by_subject=by_subject,
        within_batch=within_batch,
        after_write=after_write,
        request_id=request_id,
    )


def _results(batch: Batch, written: Written) -> list[RememberResult]:
    """One result per input, in order: a repeat of a stored memory is that memory (as
    reinforced), a repeat within the batch is what its first input is, the rest the
    memories created, with their contradictions."""
    existing, created, reinforced, conflicts = written
    prepared, same_batch = batch.prepared, batch.same_batch
    results: list[RememberResult] = []
    for i, item in enumerate(prepared):
        redactions = item.redactions
        if i in existing:
            memory_id, similarity = existing[i]
            results.append(RememberResult(reinforced[memory_id], memory_id, similarity, redactions))
        elif i in same_batch:
            first, similarity = same_batch[i]
            original = results[first] if first < len(results) else None
            target = original.memory if original else created[prepared[first].row["id"]]
            results.append(RememberResult(target, target.id, similarity, redactions))
        else:
            results.append(RememberResult(created[item.row["id"]], None, None, redactions, conflicts.get(i, [])))
    return results


async def _off_the_loop(size: int, work: Callable[[], T]) -> T:
    """`work()` for a batch of `size` inputs: on the event loop for a small batch, in a
    worker thread for a larger one, whose redaction (about half a millisecond per text)
    and repeat search would otherwise hold up every other request of the process."""
    if size <= INLINE_BATCH:
        return work()
    return await asyncio.to_thread(work)
