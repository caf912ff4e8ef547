"""The STORE phase: `remember` and `rememberMany`.

Validate (R3) → redact PII and secrets → choose temporal level (R1) and salience
(R2) → embed the whole batch at once → deduplicate (R4) within the batch and
against the caller's active memories → write the rest in one transaction
(UNWIND), chained onto the caller's timeline with their entities.
"""

import json
import uuid
from dataclasses import dataclass, field

import numpy as np

from graphmind.deps import Deps
from graphmind.learning import events
from graphmind.memory import heuristics
from graphmind.memory.entities import extract_entities
from graphmind.memory.keywords import user_key
from graphmind.memory.model import Memory, MemoryInput
from graphmind.memory.privacy import redact

MAX_BATCH = 1000


@dataclass
class RememberResult:
    """The stored memory (or the existing one it duplicated) and what remember did."""

    memory: Memory
    duplicate_of: str | None = None
    similarity: float | None = None
    redactions: dict[str, int] = field(default_factory=dict)


@dataclass
class _Prepared:
    row: dict
    redactions: dict[str, int]


def _redact_value(value, counts: dict[str, int]):
    if isinstance(value, str):
        result = redact(value)
        for kind, n in result.counts.items():
            counts[kind] = counts.get(kind, 0) + n
        return result.text
    if isinstance(value, dict):
        return {k: _redact_value(v, counts) for k, v in value.items()}
    if isinstance(value, list):
        return [_redact_value(v, counts) for v in value]
    return value


def _prepare(item: MemoryInput, deps: Deps) -> _Prepared:
    counts: dict[str, int] = {}
    content, metadata, explicit, tags = item.content, item.metadata, item.entities, item.tags
    if deps.settings.redact_pii:
        content = _redact_value(content, counts)
        metadata = _redact_value(metadata, counts)
        tags = [t for t in _redact_value(tags, counts) if "[" not in t]
        explicit = [e for e in _redact_value(explicit, counts) if "[" not in e]
    now = deps.clock.now()
    row = {
        "id": str(uuid.uuid4()),
        "content": content,
        "contentType": item.content_type.value,
        "temporalLevel": item.temporal_level or heuristics.temporal_level(content, item.content_type),
        "baseSalience": item.base_salience
        if item.base_salience is not None
        else heuristics.initial_salience(content, item.content_type),
        "validFrom": item.valid_from or now,
        "validUntil": item.valid_until,
        "source": item.source.value,
        "trust": item.source.trust,
        "tags": tags,
        "metadata": json.dumps(metadata, default=str, sort_keys=True),
        "entities": [
            {"key": e.key, "name": e.name} for e in extract_entities(content, explicit)
        ],
    }
    return _Prepared(row, counts)


def _memories(rows: list[dict]) -> dict[str, Memory]:
    return {r["memory"]["id"]: Memory.from_node(r["memory"], r["entities"]) for r in rows}


async def remember_many(deps: Deps, user_id: str, inputs: list[MemoryInput]) -> list[RememberResult]:
    """Stores a batch (already validated); returns one result per input, in order."""
    if not inputs:
        return []
    prepared = [_prepare(item, deps) for item in inputs]
    vectors = await deps.embedder.embed_async([p.row["content"] for p in prepared])
    threshold = deps.settings.dedup_threshold

    # Within the batch: a later input that repeats an earlier one points at it.
    same_batch: dict[int, tuple[int, float]] = {}
    kept: list[int] = []
    for i, vector in enumerate(vectors):
        if kept:
            similarities = vectors[kept] @ vector
            best = int(np.argmax(similarities))
            if similarities[best] > threshold:
                same_batch[i] = (kept[best], float(similarities[best]))
                continue
        kept.append(i)

    async def write(tx):
        # Lock the user first: a concurrent remember of the same text waits here,
        # then sees this one's memory as a duplicate.
        await tx.run("memory.lock_user", userId=user_id, now=deps.clock.now())
        nearest = await tx.run(
            "memory.nearest_active",
            userId=user_id,
            embeddings=[vectors[i].tolist() for i in kept],
            k=deps.settings.dedup_candidates,
            maxIndexK=deps.settings.recall_max_index_k,
        )
        existing: dict[int, tuple[str, float]] = {}
        for row in nearest:
            if row["similarity"] > threshold:
                existing[kept[row["i"]]] = (row["id"], row["similarity"])
        to_create = [i for i in kept if i not in existing]
        now = deps.clock.now()
        created = []
        if to_create:
            rows = []
            for i in to_create:
                rows.append({**prepared[i].row, "embedding": vectors[i].tolist()})
            created = await tx.run(
                "memory.create_memories",
                userId=user_id, userKey=user_key(user_id), now=now, memories=rows,
            )
        reinforced = []
        if existing:
            reinforced = await tx.run(
                "memory.reinforce",
                userId=user_id, ids=sorted({dup for dup, _ in existing.values()}), now=now,
            )
        log = [
            events.event("memory.stored", memoryId=row["memory"]["id"],
                         contentHash=events.content_hash(row["memory"]["content"]),
                         temporalLevel=row["memory"]["temporalLevel"])
            for row in created
        ] + [
            events.event("memory.reinforced", memoryId=memory_id, similarity=similarity)
            for memory_id, similarity in existing.values()
        ]
        await events.append(tx, user_id, now, log)
        return existing, _memories(created), _memories(reinforced)

    existing, created, reinforced = await deps.db.transaction(write)
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
            results.append(RememberResult(created[item.row["id"]], None, None, redactions))
    return results
