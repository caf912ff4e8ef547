"""Candidate selection (seed 001 §7): cheap, deterministic rules over the scanned memories.

The worker scans the hottest active memories (most accessed, then most recent) and a
warm sample (the next memories by id, so every memory's turn comes), all not cooling
down and without an improved version yet, with their neighbours at cosine ≥
TOPIC_SIMILARITY. From those:

- CONFLICT: two neighbours that contradict each other (`lifecycle/conflicts.py`);
- NEAR_DUPLICATE: neighbours at cosine ≥ NEAR_DUPLICATE of one content type that do
  not contradict, grouped (at most MAX_MERGE per group); never events (two similar
  events are two occurrences);
- POOR_OUTCOMES: accessed ≥ POOR_MIN_ACCESSES times with utility < POOR_UTILITY or a
  negative outcome adjustment;
- WEAK_STRUCTURE: structure score < WEAK_STRUCTURE (`text.structure_score`).

Candidates are served in that order, then by strength, then by ids; a memory joins at
most one candidate per cycle, a topical cluster (greedy, cosine ≥ TOPIC_SIMILARITY)
gives at most `per_topic`, a cycle at most `batch_size`. Same state, same selection.
"""

import numpy as np

from graphmind.improvement import text
from graphmind.improvement.model import Candidate, CandidateKind, SourceMemory
from graphmind.lifecycle.clustering import greedy_clusters
from graphmind.lifecycle.conflicts import contradiction, is_duplicate

TOPIC_SIMILARITY = 0.6
NEAR_DUPLICATE = 0.9
MAX_MERGE = 5
POOR_MIN_ACCESSES = 5
POOR_UTILITY = 0.4
WEAK_STRUCTURE = 0.7
ORDER = list(CandidateKind)


def _topics(memories: list[SourceMemory]) -> dict[str, str]:
    """Each memory's topical cluster: greedy clusters per user, named by their first member."""
    topic: dict[str, str] = {}
    by_user: dict[str, list[SourceMemory]] = {}
    for m in memories:
        by_user.setdefault(m.user_id, []).append(m)
    for owned in by_user.values():
        vectors = np.stack([m.embedding for m in owned])
        for members in greedy_clusters(vectors, TOPIC_SIMILARITY):
            if members:
                name = f"{owned[members[0]].user_id}/{owned[members[0]].id}"
                for i in members:
                    topic[owned[i].id] = name
    return topic


def _pair_candidates(
    memories: dict[str, SourceMemory], pairs: list[tuple[str, str, float]], topic: dict[str, str]
) -> list[Candidate]:
    found: list[Candidate] = []
    groups: dict[str, set[str]] = {}
    best: dict[str, float] = {}
    for a, b, similarity in sorted(pairs, key=lambda p: (-p[2], p[0], p[1])):
        if a not in memories or b not in memories or a == b:
            continue
        first, second = memories[a], memories[b]
        if first.user_id != second.user_id:
            continue
        if (
            first.content_type != "event"
            and second.content_type != "event"
            and contradiction(first.content, second.content)
        ):
            found.append(
                Candidate(CandidateKind.CONFLICT, sorted([first, second], key=lambda m: m.id), topic[a], similarity)
            )
        elif (
            similarity >= NEAR_DUPLICATE
            and first.content_type == second.content_type != "event"
            and is_duplicate(first.content, second.content)
        ):
            group = groups.get(a) or groups.get(b) or set()
            if len(group | {a, b}) <= MAX_MERGE:
                group |= {a, b}
                for member in group:
                    groups[member] = group
                key = min(group)
                best[key] = max(best.get(key, 0.0), similarity)
    seen: set[int] = set()
    for group in groups.values():
        if id(group) in seen:
            continue
        seen.add(id(group))
        members = sorted((memories[i] for i in group), key=lambda m: m.id)
        found.append(Candidate(CandidateKind.NEAR_DUPLICATE, members, topic[members[0].id], best[min(group)]))
    return found


def _single_candidates(memory: SourceMemory, topic: str) -> Candidate | None:
    if memory.access_count >= POOR_MIN_ACCESSES and (memory.utility < POOR_UTILITY or memory.outcome_adjustment < 0):
        return Candidate(CandidateKind.POOR_OUTCOMES, [memory], topic, 1.0 - memory.utility)
    score = text.structure_score(memory.content, memory.tags).total
    if score < WEAK_STRUCTURE:
        return Candidate(CandidateKind.WEAK_STRUCTURE, [memory], topic, 1.0 - score)
    return None


def select(
    scanned: list[SourceMemory], pairs: list[tuple[str, str, float]], batch_size: int, per_topic: int
) -> list[Candidate]:
    """The cycle's candidates, deterministic for the same scan."""
    if not scanned:
        return []
    memories = {m.id: m for m in scanned}
    topic = _topics(scanned)
    pool = _pair_candidates(memories, pairs, topic)
    pool += [c for m in scanned if (c := _single_candidates(m, topic[m.id]))]
    pool.sort(key=lambda c: (ORDER.index(c.kind), -round(c.strength, 6), c.ids))
    chosen: list[Candidate] = []
    used: set[str] = set()
    per: dict[str, int] = {}
    for candidate in pool:
        if len(chosen) >= batch_size:
            break
        if used & set(candidate.ids) or per.get(candidate.topic, 0) >= per_topic:
            continue
        chosen.append(candidate)
        used |= set(candidate.ids)
        per[candidate.topic] = per.get(candidate.topic, 0) + 1
    return chosen
