"""Investigation trails: save, resume, list and merge (the m1nd trail tools). `model.py`
holds what a trail is, `drafts.py` checks what a caller sends, `store.py` saves, resumes
and lists, `merge.py` merges; this module names what the API, MCP and benches use.

A Trail is a node with VISITED edges (annotation, relevance, activation boost) to the
caller's memories and entities, Hypothesis and Conclusion nodes with SUPPORTED_BY /
CONTRADICTED_BY evidence, open questions, tags and the graph generation it was saved at.

- **resume** checks which nodes are gone (deleted, archived or superseded): more than
  `trail_stale_share` (half) missing makes the trail stale, refused unless `force`.
  A hypothesis whose supporting nodes are missing is downgraded: its confidence
  becomes the saved confidence × the share of supporting nodes still there. The
  present nodes' boosts (their relevance when no boost was given) seed the caller's
  next activate.
- **merge** unites visited nodes, hypotheses (same statement: one, with the higher
  confidence) and conclusions. Two hypotheses from different trails contradict when
  one's supporting node is the other's contradicting node, or when one statement is
  the other negated (the negation rule of memory conflicts, `lifecycle/conflicts.py`:
  "Session pool leaks tokens" / "Session pool does not leak tokens"). Each scores 0.7 × confidence +
  0.3 × recency (recency halves every 7 days since it was formed); the higher wins
  and the other is kept as `rejected`, unless the gap is under
  `merge_conflict_margin`, when both stay `disputed` for human review.
  `connectionsDiscovered`: nodes both trails visited, and edges bridging a node only
  one trail visited to a node only the other visited. The sources become `merged`.
"""

from graphmind.trails.drafts import boosts_by_node
from graphmind.trails.merge import contradict, merge_trails
from graphmind.trails.model import (
    MAX_SUMMARY,
    ConclusionDraft,
    Hypothesis,
    HypothesisDraft,
    HypothesisStatus,
    Trail,
    TrailDraft,
    TrailStatus,
    VisitDraft,
)
from graphmind.trails.store import get_trail, get_trails, list_trails, resume_trail, save_trail

__all__ = [
    "MAX_SUMMARY",
    "ConclusionDraft",
    "Hypothesis",
    "HypothesisDraft",
    "HypothesisStatus",
    "Trail",
    "TrailDraft",
    "TrailStatus",
    "VisitDraft",
    "boosts_by_node",
    "contradict",
    "get_trail",
    "get_trails",
    "list_trails",
    "merge_trails",
    "resume_trail",
    "save_trail",
]
