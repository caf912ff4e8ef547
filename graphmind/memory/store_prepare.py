"""What remember computes before its write transaction, none of it in Neo4j: each input
redacted (PII and secrets) with its temporal level (R1), salience (R2), entities and
keyword terms; the later inputs of a batch that only repeat an earlier one; and the
contradictions among the batch's own facts, which no input can find in the store.
"""

import json
import uuid
from dataclasses import dataclass

import numpy as np

from graphmind.core.redaction import redact
from graphmind.core.terms import index_rows
from graphmind.deps import Deps
from graphmind.lifecycle import truth
from graphmind.memory import heuristics, neighbours
from graphmind.memory.entities import extract_entities
from graphmind.memory.model import MemoryInput

Conflicts = dict[int, list[truth.Conflict]]  # by input index: what each new memory contradicts


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


@dataclass
class Prepared:
    """One input ready to be written: its memory's row, what redaction removed from it, its
    keyword index row, its session and its lineage."""

    row: dict
    redactions: dict[str, int]
    terms: dict  # the keyword index's row (memory/keyword_index.py), written if it is created
    session_id: str | None = None
    derivation: Derivation | None = None


def redact_value(value, counts: dict[str, int]):
    """`value` with PII and secrets redacted in every string of it, dict keys included;
    adds what it found to `counts`, by kind."""
    if isinstance(value, str):
        result = redact(value)
        for kind, n in result.counts.items():
            counts[kind] = counts.get(kind, 0) + n
        return result.text
    if isinstance(value, dict):  # keys too (QA: an email address as a key was kept)
        redacted: dict = {}
        for k, v in value.items():
            key = redact_value(k, counts)
            while key in redacted:  # two keys redacted alike: neither value is lost
                key += "'"
            redacted[key] = redact_value(v, counts)
        return redacted
    if isinstance(value, list):
        return [redact_value(v, counts) for v in value]
    return value


def prepare(item: MemoryInput, deps: Deps) -> Prepared:
    """One input as its memory's row: redacted (unless switched off), its temporal level
    and salience chosen unless given (R1, R2), its entities and keyword terms."""
    counts: dict[str, int] = {}
    content, metadata, explicit, tags = item.content, item.metadata, item.entities, item.tags
    if deps.settings.redact_pii:
        content = redact_value(content, counts)
        metadata = redact_value(metadata, counts)
        # a tag or entity that held PII is dropped, not kept as a placeholder (counted in the
        # redactions); one that merely contains "[" ("arr[0]", "List[int]") is kept (QA)
        tags = [t for t in tags if redact_value(t, counts) == t]
        explicit = [e for e in explicit if redact_value(e, counts) == e]
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
    return Prepared(row, counts, index_rows([row])[0], item.session_id)


def derived(prepared: Prepared, derivation: Derivation | None) -> Prepared:
    """`prepared` with its lineage, if it has one, and the trust that lineage gives it."""
    if derivation:
        prepared.row["trust"] = derivation.trust
        prepared.derivation = derivation
    return prepared


def repeats_within_batch(
    prepared: list[Prepared], vectors: np.ndarray, threshold: float
) -> tuple[dict[int, tuple[int, float]], list[int]]:
    """Within the batch, a later input that only repeats an earlier kept one (one occurrence,
    `truth.repeats` at `threshold`) points at it, the most similar such one first: returns
    those repeats, input → (earlier input, cosine), and the inputs kept."""
    similarities = vectors @ vectors.T
    same_batch: dict[int, tuple[int, float]] = {}
    kept: list[int] = []
    for i in range(len(prepared)):
        row = similarities[i, kept]
        for best in np.argsort(-row, kind="stable"):
            earlier, current = prepared[kept[best]].row, prepared[i].row
            if truth.one_occurrence(
                earlier["contentType"], earlier["validFrom"], current["contentType"], current["validFrom"]
            ) and truth.repeats(earlier["content"], current["content"], float(row[best]), threshold):
                same_batch[i] = (kept[int(best)], float(row[best]))
                break
        if i not in same_batch:
            kept.append(i)
    return same_batch, kept


def contradicted_within_batch(
    deps: Deps, prepared: list[Prepared], vectors: np.ndarray, facts: list[int]
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
            as_claim(prepared[i].row, now), [(as_claim(prepared[facts[b]].row, now), sim) for b, sim in earlier]
        )
        if clashes:
            found[i] = [(claims[c.existing_id], c) for c in clashes]
    return found


def as_claim(row: dict, now) -> truth.Claim:
    """A prepared row as the claim arbitration judges (lifecycle/truth.py)."""
    return truth.Claim(
        row["id"], row["content"], row["contentType"], row["trust"], row["validFrom"], now, row["validUntil"]
    )
