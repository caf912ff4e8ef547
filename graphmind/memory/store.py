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
"""

import asyncio
import json
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np

from graphmind import idempotency
from graphmind.core import events
from graphmind.core.enums import ContentType, MemoryStatus
from graphmind.core.redaction import redact
from graphmind.core.terms import index_rows
from graphmind.deps import Deps
from graphmind.lifecycle import scene, truth
from graphmind.lifecycle.conflicts import ConflictKind, is_duplicate
from graphmind.memory import heuristics, neighbours, repeats
from graphmind.memory.entities import extract_entities
from graphmind.memory.lock import lock_user
from graphmind.memory.model import Memory, MemoryInput

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


@dataclass(frozen=True)
class Derivation:
    """A memory derived from others (the self-improvement worker, consolidation): its
    lineage, its trust and what derived it (`by`: `self_improvement`, or consolidation's
    `extractive` / `llm` summary).

    Its sources are left out of its duplicate and contradiction checks (it is meant to
    resemble them); it gets DERIVED_FROM edges to them and IMPROVES edges to those it
    logically supersedes. The sources themselves are not changed.
    """

    derived_from: tuple[str, ...]
    supersedes: tuple[str, ...]
    trust: float
    by: str = "self_improvement"


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


@dataclass
class _Prepared:
    row: dict
    redactions: dict[str, int]
    terms: dict  # the keyword index's row (memory/keyword_index.py), written if it is created
    session_id: str | None = None
    derivation: Derivation | None = None


def _redact_value(value, counts: dict[str, int]):
    if isinstance(value, str):
        result = redact(value)
        for kind, n in result.counts.items():
            counts[kind] = counts.get(kind, 0) + n
        return result.text
    if isinstance(value, dict):  # keys too (QA: an email address as a key was kept)
        redacted: dict = {}
        for k, v in value.items():
            key = _redact_value(k, counts)
            while key in redacted:  # two keys redacted alike: neither value is lost
                key += "'"
            redacted[key] = _redact_value(v, counts)
        return redacted
    if isinstance(value, list):
        return [_redact_value(v, counts) for v in value]
    return value


Conflicts = dict[int, list[truth.Conflict]]  # by input index: what each new memory contradicts


def _prepare(item: MemoryInput, deps: Deps) -> _Prepared:
    counts: dict[str, int] = {}
    content, metadata, explicit, tags = item.content, item.metadata, item.entities, item.tags
    if deps.settings.redact_pii:
        content = _redact_value(content, counts)
        metadata = _redact_value(metadata, counts)
        # a tag or entity that held PII is dropped, not kept as a placeholder (counted in the
        # redactions); one that merely contains "[" ("arr[0]", "List[int]") is kept (QA)
        tags = [t for t in tags if _redact_value(t, counts) == t]
        explicit = [e for e in explicit if _redact_value(e, counts) == e]
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
        "entities": [{"key": e.key, "name": e.name} for e in extract_entities(content, explicit)],
    }
    return _Prepared(row, counts, index_rows([row])[0], item.session_id)


def _derived(prepared: _Prepared, derivation: Derivation | None) -> _Prepared:
    if derivation:
        prepared.row["trust"] = derivation.trust
        prepared.derivation = derivation
    return prepared


def _memories(rows: list[dict]) -> dict[str, Memory]:
    return {r["memory"]["id"]: Memory.from_node(r["memory"], r["entities"]) for r in rows}


AfterWrite = Callable[[object, list[Stored]], Awaitable[None]]


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
    memories = _memories(rows)
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
    derivations = derivations or [None] * len(inputs)
    prepared = await _off_the_loop(
        len(inputs), lambda: [_derived(_prepare(item, deps), d) for item, d in zip(inputs, derivations, strict=True)]
    )
    vectors, token_counts = await deps.embedder.embed_counting_async([p.row["content"] for p in prepared])
    threshold = deps.settings.dedup_threshold
    same_batch, kept = await _off_the_loop(len(inputs), lambda: _repeats_within_batch(prepared, vectors, threshold))
    repeats.fold_within_batch([p.row for p in prepared], [p.derivation is not None for p in prepared], same_batch)

    by_subject = [prepared[i].row["contentType"] != ContentType.EVENT.value for i in kept]
    facts = [i for i, searched in zip(kept, by_subject, strict=True) if searched]
    # pure computation, up to seconds for a large batch of facts: off the event loop
    within_batch = (
        await asyncio.to_thread(_contradicted_within_batch, deps, prepared, vectors, facts) if len(facts) > 1 else {}
    )

    async def write(tx) -> tuple[dict[int, tuple[str, float]], dict[str, Memory], dict[str, Memory], Conflicts]:
        # Lock the user first: a concurrent remember of the same text waits here,
        # then sees this one's memory as a duplicate.
        await lock_user(tx, user_id, deps.clock.now())
        conflicts: Conflicts = {}  # built anew by each attempt: a retried transaction sees none of a failed one
        now = deps.clock.now()
        candidates = await neighbours.near(
            tx.run,
            deps.settings,
            user_id,
            [prepared[i].row["content"] for i in kept],
            [vectors[i] for i in kept],
            by_subject=by_subject,
        )
        existing: dict[int, tuple[str, float]] = {}
        for i, found in zip(kept, candidates, strict=True):
            if derivation := prepared[i].derivation:  # a derived memory resembles its sources by design
                found = [(claim, sim) for claim, sim in found if claim.id not in derivation.derived_from]
            verdict = truth.judge(_claim(prepared[i].row, now), found, threshold)
            # an earlier input of the batch that is created (not a duplicate of a stored memory)
            in_batch = [conflict for j, conflict in within_batch.get(i, []) if j not in existing]
            if clashes := verdict.conflicts + in_batch:
                conflicts[i] = clashes  # a contradiction is news, never a duplicate
            elif verdict.duplicate_of:
                existing[i] = verdict.duplicate_of
        to_create = [i for i in kept if i not in existing]
        reinforced = []
        if existing:
            reinforced = await tx.run(
                "memory.reinforce",
                userId=user_id,
                ids=sorted({dup for dup, _ in existing.values()}),
                now=now,
            )
        details, added = repeats.added_to_stored(
            reinforced,
            [(i, memory_id, prepared[i].row) for i, (memory_id, _) in existing.items() if not prepared[i].derivation],
        )
        log = [
            events.event(
                "memory.stored",
                memoryId=prepared[i].row["id"],
                contentHash=events.content_hash(prepared[i].row["content"]),
                temporalLevel=prepared[i].row["temporalLevel"],
            )
            for i in to_create
        ] + [
            events.event("memory.reinforced", memoryId=memory_id, similarity=similarity, **added.get(i, {}))
            for i, (memory_id, similarity) in existing.items()
        ]
        created = []
        if to_create:
            rows = []
            for i in to_create:
                rows.append({**prepared[i].row, "embedding": vectors[i].tolist(), "tokenCount": token_counts[i]})
            created = await tx.run(
                "memory.create_memories",
                userId=user_id,
                now=now,
                memories=rows,
                events=log,  # the events of the whole batch, in the same round trip
                termRows=[prepared[i].terms for i in to_create],  # the keyword index, too
            )
        else:
            await events.append(tx, user_id, now, log)
        if details:
            updated = await tx.run(
                "memory.add_details",
                userId=user_id,
                now=now,
                details=[{"id": memory_id, **d.row_fields()} for memory_id, d in sorted(details.items())],
            )
            reinforced = [*reinforced, *updated]  # the later row of a memory holds
        created_memories = _memories(created)
        settled: dict[int, tuple[truth.Conflict, ...]] = {}
        for i, clashes in conflicts.items():
            new_id = prepared[i].row["id"]
            changed = await truth.settle(tx, user_id, now, new_id, clashes)
            settled[i] = tuple(c for c in clashes if c.loser_id in changed)
            for memory_id, node in changed.items():
                if memory_id in created_memories:
                    created_memories[memory_id] = Memory.from_node(node, created_memories[memory_id].entities)
        for i in to_create:
            if derivation := prepared[i].derivation:
                await tx.run(
                    "memory.link_lineage",
                    userId=user_id,
                    memoryId=prepared[i].row["id"],
                    derivedFrom=list(derivation.derived_from),
                    supersedes=list(derivation.supersedes),
                    by=derivation.by,
                    now=now,
                )
        await _place_in_scenes(
            tx,
            deps,
            user_id,
            now,
            [(prepared[i].session_id, created_memories[prepared[i].row["id"]], vectors[i]) for i in to_create],
        )

        def stored(i: int) -> Stored:
            if i in existing:
                return Stored(existing[i][0], False, similarity=existing[i][1])
            if i in same_batch:
                return Stored(stored(same_batch[i][0]).memory_id, False, similarity=same_batch[i][1])
            return Stored(prepared[i].row["id"], True, settled.get(i, ()))

        if after_write:
            await after_write(tx, [stored(i) for i in range(len(prepared))])
        idempotency.record(
            tx,
            user_id,
            request_id,
            "remember",
            inputs,
            [
                {
                    "memoryId": stored(i).memory_id,
                    "redactions": prepared[i].redactions,
                    "duplicateOf": None if stored(i).created else stored(i).memory_id,
                    "similarity": existing[i][1] if i in existing else same_batch[i][1] if i in same_batch else None,
                    "conflicts": conflicts.get(i, []),
                }
                for i in range(len(prepared))
            ],
            now,
        )
        return existing, created_memories, _memories(reinforced), conflicts

    existing, created, reinforced, conflicts = await deps.db.transaction(write)
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


def _repeats_within_batch(
    prepared: list[_Prepared], vectors: np.ndarray, threshold: float
) -> tuple[dict[int, tuple[int, float]], list[int]]:
    """Within the batch, a later input that only repeats an earlier kept one (cosine above
    `threshold`, one occurrence, no differing word) points at it, the most similar such one
    first: returns those repeats, input → (earlier input, cosine), and the inputs kept."""
    similarities = vectors @ vectors.T
    same_batch: dict[int, tuple[int, float]] = {}
    kept: list[int] = []
    for i in range(len(prepared)):
        row = similarities[i, kept]
        above = np.flatnonzero(row > threshold)
        for best in above[np.argsort(-row[above], kind="stable")]:
            earlier, current = prepared[kept[best]].row, prepared[i].row
            if truth.one_occurrence(
                earlier["contentType"], earlier["validFrom"], current["contentType"], current["validFrom"]
            ) and is_duplicate(earlier["content"], current["content"]):
                same_batch[i] = (kept[int(best)], float(row[best]))
                break
        if i not in same_batch:
            kept.append(i)
    return same_batch, kept


async def _off_the_loop(size: int, work: Callable[[], T]) -> T:
    """`work()` for a batch of `size` inputs: on the event loop for a small batch, in a
    worker thread for a larger one, whose redaction (about half a millisecond per text)
    and repeat search would otherwise hold up every other request of the process."""
    if size <= INLINE_BATCH:
        return work()
    return await asyncio.to_thread(work)


def _contradicted_within_batch(
    deps: Deps, prepared: list[_Prepared], vectors: np.ndarray, facts: list[int]
) -> dict[int, list[tuple[int, truth.Conflict]]]:
    """The earlier inputs of the batch each of `facts` (inputs searched by subject: no
    events, which never conflict) contradicts, as (input, Conflict): two inputs cannot find
    each other in the store, so they are judged as two remembers one after the other would
    be. On equal trust and validFrom the later input is the newer. Pure computation, done
    before the write transaction takes the user's lock."""
    now = deps.clock.now()
    texts = [prepared[i].row["content"] for i in facts]
    found: dict[int, list[tuple[int, truth.Conflict]]] = {}
    for a, earlier in enumerate(neighbours.earlier_in_batch(deps.settings, texts, [vectors[i] for i in facts])):
        i = facts[a]
        claims = {prepared[facts[b]].row["id"]: facts[b] for b, _ in earlier}
        clashes = truth.find_conflicts(
            _claim(prepared[i].row, now), [(_claim(prepared[facts[b]].row, now), sim) for b, sim in earlier]
        )
        if clashes:
            found[i] = [(claims[c.existing_id], c) for c in clashes]
    return found


def _claim(row: dict, now) -> truth.Claim:
    return truth.Claim(
        row["id"], row["content"], row["contentType"], row["trust"], row["validFrom"], now, row["validUntil"]
    )


async def _place_in_scenes(tx, deps: Deps, user_id: str, now, arrivals: list) -> None:
    """Adds new active memories with a sessionId to their session's scene, in order."""
    by_session: dict[str, list[tuple[Memory, np.ndarray]]] = {}
    for session_id, memory, vector in arrivals:
        if session_id and memory.status == MemoryStatus.ACTIVE:
            by_session.setdefault(session_id, []).append((memory, vector))
    for session_id, members in by_session.items():
        rows = await tx.run("scene.current", userId=user_id, sessionId=session_id)
        current = None
        if rows:
            current = scene.OpenScene(
                rows[0]["id"],
                np.asarray(rows[0]["centroidSum"], dtype=np.float32),
                rows[0]["size"],
                member_vectors=[np.asarray(v, dtype=np.float32) for v in rows[0]["memberVectors"] if v],
            )
        plan = scene.plan(
            current, [(m.id, v) for m, v in members], deps.settings.scene_capacity, deps.settings.scene_topic_threshold
        )
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
