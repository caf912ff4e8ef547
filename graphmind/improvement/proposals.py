"""Phase A proposals (seed 001 §8): deterministic, no LLM.

- normalize: formatting only (`text.normalise`), plus metadata completion;
- metadata: tags completed from the memory's entities, metadata keys normalised,
  empty values dropped, when the text itself is already clean;
- summarize: a long memory (more than LONG_WORDS words, three or more sentences)
  keeps its first sentence (it names the subject or speaker) and then the fewest
  sentences, in order, that cover SUMMARY_COVERAGE of its words;
- deduplicate: near-duplicates merge into the one that covers most of their words
  (normalised), with the union of their tags and entities;
- reconcile: two memories that contradict each other and are both still believed
  become one record that states both with explicit uncertainty markers.

Every proposal carries a rationale and a structured diff; None means nothing to improve.
"""

import difflib
import re
from typing import Any

from graphmind.core.words import STOPWORDS
from graphmind.improvement import text
from graphmind.improvement.model import Candidate, CandidateKind, ImprovementType, Proposal, SourceMemory

SUMMARY_COVERAGE = 0.8
MAX_AUTO_TAGS = 3
UNCERTAINTY_MARKERS = frozenset({"uncertain", "records", "conflict", "versus"})
RECONCILE_TEMPLATE = 'Uncertain, records conflict: "{first}" versus "{second}"'
MAX_DIFF_OPS = 20


def word_diff(before: str, after: str) -> list[dict]:
    """The word-level edits from before to after (difflib opcodes, equal runs left out)."""
    a, b = before.split(), after.split()
    ops = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op != "equal":
            ops.append({"op": op, "before": " ".join(a[i1:i2]), "after": " ".join(b[j1:j2])})
    return ops[:MAX_DIFF_OPS]


def _clean_metadata(metadata: dict) -> tuple[dict, dict]:
    """Keys trimmed, lower-cased, spaces → underscores; None and empty values dropped."""
    cleaned: dict[str, Any] = {}
    changes: dict[str, Any] = {"renamed": {}, "dropped": []}
    for key, value in metadata.items():
        new_key = re.sub(r"\s+", "_", str(key).strip()).lower()
        if value is None or value == "" or value == [] or value == {}:
            changes["dropped"].append(key)
            continue
        if new_key != key:
            changes["renamed"][key] = new_key
        cleaned.setdefault(new_key, value)
    return cleaned, changes


def _completed_tags(memory: SourceMemory) -> list[str]:
    if memory.tags:
        return list(memory.tags)
    tags = []
    for entity in memory.entities:
        tag = entity.strip().lower()
        if tag and tag not in tags and len(tag) <= 64:
            tags.append(tag)
    return tags[:MAX_AUTO_TAGS]


def _single(candidate: Candidate) -> Proposal | None:
    [memory] = candidate.sources
    words = text.tokens(memory.content)
    if len(words) > text.LONG_WORDS and len(text.sentences(memory.content)) >= 3:
        return summarize(candidate)
    return normalize(candidate)


def normalize(candidate: Candidate) -> Proposal | None:
    [memory] = candidate.sources
    content = text.normalise(memory.content)
    tags = _completed_tags(memory)
    metadata, meta_changes = _clean_metadata(memory.metadata)
    added_tags = [t for t in tags if t not in memory.tags]
    content_changed = content != memory.content
    if not content_changed and not added_tags and not meta_changes["renamed"] and not meta_changes["dropped"]:
        return None
    kind = ImprovementType.NORMALIZE if content_changed else ImprovementType.METADATA
    reasons = []
    if content_changed:
        reasons.append("formatting normalised (spacing, capitalisation, punctuation, repeats, fillers)")
    if added_tags:
        reasons.append(f"tags completed from its entities: {', '.join(added_tags)}")
    if meta_changes["renamed"] or meta_changes["dropped"]:
        reasons.append("metadata keys normalised, empty values dropped")
    return Proposal(
        kind,
        candidate,
        content,
        tags,
        metadata,
        list(memory.entities),
        "; ".join(reasons),
        {"content": word_diff(memory.content, content), "tagsAdded": added_tags, "metadata": meta_changes},
        supersedes=[memory.id],
    )


def summarize(candidate: Candidate) -> Proposal | None:
    [memory] = candidate.sources
    parts = text.sentences(text.normalise(memory.content))
    content_words = [{w for w in text.tokens(p) if w not in STOPWORDS} for p in parts]
    everything = set().union(*content_words)
    chosen: list[int] = [0]
    covered: set[str] = set(content_words[0])
    while everything and len(covered) < SUMMARY_COVERAGE * len(everything):
        best = max(
            (i for i in range(len(parts)) if i not in chosen), key=lambda i: (len(content_words[i] - covered), -i)
        )
        chosen.append(best)
        covered |= content_words[best]
    if len(chosen) >= len(parts):
        return None
    content = " ".join(parts[i] for i in sorted(chosen))
    tags = _completed_tags(memory)
    metadata, meta_changes = _clean_metadata(memory.metadata)
    return Proposal(
        ImprovementType.SUMMARIZE,
        candidate,
        content,
        tags,
        metadata,
        list(memory.entities),
        f"compacted: {len(chosen)} of {len(parts)} sentences cover {len(covered)}/{len(everything)} content words",
        {
            "content": word_diff(memory.content, content),
            "sentencesKept": sorted(chosen),
            "sentencesDropped": [i for i in range(len(parts)) if i not in chosen],
            "tagsAdded": [t for t in tags if t not in memory.tags],
            "metadata": meta_changes,
        },
        supersedes=[memory.id],
    )


def deduplicate(candidate: Candidate) -> Proposal:
    members = candidate.sources
    union = set().union(*(set(text.tokens(m.content)) for m in members))

    def coverage(m: SourceMemory) -> tuple:
        return (len(set(text.tokens(m.content)) & union), m.valid_from, m.id)

    base = max(members, key=coverage)
    content = text.normalise(base.content)
    tags = sorted({t for m in members for t in m.tags}) or _completed_tags(base)
    entities = sorted({e for m in members for e in m.entities})
    metadata: dict = {}
    for m in sorted(members, key=lambda m: m.id):
        metadata.update(_clean_metadata(m.metadata)[0])
    return Proposal(
        ImprovementType.DEDUPLICATE,
        candidate,
        content,
        tags,
        metadata,
        entities,
        f"{len(members)} near-duplicates merged into the most complete one ({base.id})",
        {
            "base": base.id,
            "merged": [m.id for m in members if m.id != base.id],
            "content": word_diff(base.content, content),
            "wordsDropped": sorted(union - set(text.tokens(content)))[:MAX_DIFF_OPS],
        },
        supersedes=[m.id for m in members],
    )


def reconcile(candidate: Candidate) -> Proposal | None:
    first, second = sorted(candidate.sources, key=lambda m: (m.valid_from, m.id))
    content = RECONCILE_TEMPLATE.format(
        first=text.normalise(first.content).rstrip("."), second=text.normalise(second.content).rstrip(".")
    )
    tags = sorted({t for m in candidate.sources for t in m.tags} | {"unresolved-conflict"})
    entities = sorted({e for m in candidate.sources for e in m.entities})
    return Proposal(
        ImprovementType.RECONCILE,
        candidate,
        text.normalise(content),
        tags,
        {},
        entities,
        "two memories contradict each other and neither has been superseded: one record states both, marked uncertain",
        {"older": first.id, "newer": second.id, "markers": sorted(UNCERTAINTY_MARKERS)},
        supersedes=[first.id, second.id],
    )


def propose(candidate: Candidate) -> Proposal | None:
    """The proposal for a candidate, or None when there is nothing to improve."""
    if candidate.kind is CandidateKind.CONFLICT:
        return reconcile(candidate)
    if candidate.kind is CandidateKind.NEAR_DUPLICATE:
        return deduplicate(candidate)
    return _single(candidate)
