"""The validation gates (seed 001 §9). A proposal is committed only when all pass.

1. drift: cosine of the proposal to every source ≥ min_semantic_similarity
   (not for reconcile, which states both sides of a conflict);
2. fact_safety: strict mode adds no word, number or name absent from the sources, or
   more often than they have it (stop words but not negations and, for reconcile, the
   uncertainty markers aside), and removes none (`removals`: fillers and stop-word
   stutters aside; a summary's left-out sentences and a merge's other duplicates
   excused, but not the numbers and names only they had); balanced mode adds or
   removes no number, name or negation and at most BALANCED_NEW_WORDS of other
   words, added and removed together; a reconcile draft must carry its uncertainty
   markers;
3. structure: the readability/compactness score (`text.structure_score`) rises by at
   least min_improvement_score; merging k memories into one also gains
   REDUNDANCY_GAIN·(k−1)/k (k records of one thing become one);
4. policy: one owner; one content type; no source tag dropped; reserved provenance
   keys not set by the proposal; a SENSITIVE_TAGS memory never merged with memories
   of another trust; no PII or secret (temporal level and trust are the sources'
   highest level and lowest trust by construction, in the worker);
5. resource: the cycle's time and batch budget (checked before a proposal is made).
"""

from collections import Counter

import numpy as np

from graphmind.core.redaction import redact
from graphmind.core.words import STOPWORDS
from graphmind.improvement import removals, text
from graphmind.improvement.model import GateResult, ImprovementType, Proposal
from graphmind.improvement.proposals import UNCERTAINTY_MARKERS
from graphmind.lifecycle.conflict_words import NEGATIONS
from graphmind.lifecycle.conflicts import contradiction

BALANCED_NEW_WORDS = 0.1
REDUNDANCY_GAIN = 0.3
SENSITIVE_TAGS = frozenset({"private", "secret", "sensitive", "confidential", "pii"})
RESERVED_METADATA = frozenset(
    {
        "source",
        "improvement_type",
        "derived_from",
        "derived_from_many",
        "improvement_score",
        "validator_scores",
        "supersedes",
        "version_tag",
        "safety_mode",
    }
)


def drift(proposal: Proposal, vector: np.ndarray, min_similarity: float) -> GateResult:
    similarity = min(float(vector @ m.embedding) for m in proposal.sources)
    if proposal.type is ImprovementType.RECONCILE:
        return GateResult("drift", True, round(similarity, 4), "not applied to reconcile")
    if similarity < min_similarity - 1e-6:
        return GateResult(
            "drift", False, round(similarity, 4), f"similarity {similarity:.3f} to a source is below {min_similarity}"
        )
    return GateResult("drift", True, round(similarity, 4))


def fact_safety(proposal: Proposal, mode: str) -> GateResult:
    reconcile = proposal.type is ImprovementType.RECONCILE
    allowed = (STOPWORDS - NEGATIONS) | (UNCERTAINTY_MARKERS if reconcile else set())
    known = sum((Counter(w.lower() for w in removals.words(m.content)) for m in proposal.sources), Counter())
    originals = removals.words(proposal.content)
    new = []
    for w in originals:  # counted: "2 2 seconds" from "2 seconds" adds a 2
        if w.lower() in allowed:
            continue
        if known[w.lower()]:
            known[w.lower()] -= 1
        else:
            new.append(w)
    if reconcile:
        missing = UNCERTAINTY_MARKERS - set(text.tokens(proposal.content))
        if missing:
            return GateResult("fact_safety", False, 0.0, f"uncertainty markers missing: {sorted(missing)}")
    elif len(proposal.sources) > 1 and any(
        contradiction(a.content, b.content) for i, a in enumerate(proposal.sources) for b in proposal.sources[i + 1 :]
    ):
        return GateResult("fact_safety", False, 0.0, "sources contradict each other: only reconcile may merge them")
    lost = removals.lost(proposal)
    # every word the reason may name counts against the score: a gate that fails never reads 1.0
    words = max(1, len(originals) + len(lost.words) + len(lost.facts))
    score = round(max(0.0, 1 - (len(new) + len(lost.words) + len(lost.facts)) / words), 4)
    if mode == "strict":
        if new:
            return GateResult("fact_safety", False, score, f"new words absent from the sources: {new[:5]}")
        if lost.words or lost.facts:
            return GateResult(
                "fact_safety", False, score, f"words of the sources removed: {(lost.words + lost.facts)[:5]}"
            )
        return GateResult("fact_safety", True, score)
    risky = [w for w in new if any(c.isdigit() for c in w) or w[:1].isupper() or removals.is_negation(w)]
    if risky:
        return GateResult("fact_safety", False, score, f"new numbers, names or negations: {risky[:5]}")
    if lost.risky():
        return GateResult("fact_safety", False, score, f"numbers, names or negations removed: {lost.risky()[:5]}")
    if (len(new) + len(lost.words)) / words > BALANCED_NEW_WORDS:
        return GateResult("fact_safety", False, score, f"{len(new)} new and {len(lost.words)} removed words of {words}")
    return GateResult("fact_safety", True, score)


def improvement_score(proposal: Proposal) -> float:
    """The structure score's rise (plus the redundancy gain of a merge)."""
    before = [text.structure_score(m.content, m.tags).total for m in proposal.sources]
    after = text.structure_score(proposal.content, proposal.tags).total
    k = len(proposal.sources)
    return round(after - sum(before) / k + REDUNDANCY_GAIN * (k - 1) / k, 4)


def structure(proposal: Proposal, min_improvement: float) -> GateResult:
    gain = improvement_score(proposal)
    if gain < min_improvement:
        return GateResult("structure", False, gain, f"improvement {gain:.3f} is below {min_improvement}")
    return GateResult("structure", True, gain)


def policy(proposal: Proposal, redact_pii: bool = True) -> GateResult:
    sources = proposal.sources
    problem = None
    if len({m.user_id for m in sources}) > 1:
        problem = "sources belong to different users"
    elif len({m.content_type for m in sources}) > 1:
        problem = "sources differ in content type"
    elif not set().union(*(set(m.tags) for m in sources)) <= set(proposal.tags):
        problem = "a source tag would be dropped"
    elif RESERVED_METADATA & set(proposal.metadata):
        problem = f"reserved provenance keys set: {sorted(RESERVED_METADATA & set(proposal.metadata))}"
    elif any(SENSITIVE_TAGS & set(m.tags) for m in sources) and len({m.trust for m in sources}) > 1:
        problem = "a sensitive memory would merge with memories of another trust"
    elif redact_pii and redact(proposal.content).total:
        problem = "the proposal holds personal data or secrets"
    return GateResult("policy", problem is None, 1.0 if problem is None else 0.0, problem)


def resource(elapsed_seconds: float, max_seconds: float, attempts: int, batch_size: int) -> GateResult:
    if elapsed_seconds >= max_seconds:
        return GateResult("resource", False, round(elapsed_seconds, 3), f"cycle time {max_seconds}s spent")
    if attempts >= batch_size:
        return GateResult("resource", False, float(attempts), f"batch of {batch_size} spent")
    return GateResult("resource", True, round(elapsed_seconds, 3))


def validate(
    proposal: Proposal,
    vector: np.ndarray,
    mode: str,
    min_similarity: float,
    min_improvement: float,
    redact_pii: bool = True,
) -> list[GateResult]:
    """Every content gate, in order (all are run, so the log shows every score)."""
    return [
        drift(proposal, vector, min_similarity),
        fact_safety(proposal, mode),
        structure(proposal, min_improvement),
        policy(proposal, redact_pii),
    ]
