"""Loop detection and the overwhelm flow (seed 002): a rejected attempt like an earlier one.

A rejected entry whose cosine to an earlier rejected entry of the same session reaches
`loop_similarity` (0.85) is a loop. The warning carries the similarity, the zoom-out
checklist (questioning the session's logged assumptions first) and, from the
`loop_helper_attempts`-th (3rd) similar attempt, the suggestion to hand the problem to
a fresh helper (`helperBrief`).
"""

from dataclasses import dataclass, field

import numpy as np

from graphmind.sessions.model import EntryKind, Session, SessionEntry


@dataclass
class LoopWarning:
    similarity: float
    similar_to: SessionEntry
    attempt: int  # this attempt's number among the similar ones (2 = the first repeat)
    message: str
    checklist: list[str]
    assumptions: list[str]
    suggest_helper: bool
    helper_suggestion: str | None = None


def checklist(assumptions: list[str]) -> list[str]:
    """Seed 002's methodology, the assumptions spelled out."""
    listed = "; ".join(f'"{a}"' for a in assumptions) if assumptions else "none logged yet: log them as assumption"
    return [
        f"Question assumptions: {listed}",
        "Reframe the problem: what am I actually trying to do?",
        "Check the problem: am I solving the wrong one?",
        "Try the opposite approach",
        "Simplify: remove variables until it works, then add them back",
    ]


def detect(
    vector: np.ndarray, earlier: list[dict], assumptions: list[str], threshold: float, helper_attempts: int
) -> LoopWarning | None:
    """The warning for a new rejected entry, given the session's earlier entries (rows with
    embeddings for rejected ones), or None when it repeats none of them."""
    similar = []
    for row in earlier:
        if row["kind"] != EntryKind.REJECTED.value or row.get("embedding") is None:
            continue
        similarity = float(np.asarray(row["embedding"], dtype=np.float32) @ vector)
        if similarity >= threshold:
            similar.append((similarity, row))
    if not similar:
        return None
    similarity, row = max(similar, key=lambda s: (s[0], s[1]["position"]))
    attempt = len(similar) + 1
    suggest = attempt >= helper_attempts
    return LoopWarning(
        similarity=round(similarity, 4),
        similar_to=SessionEntry.from_row(row),
        attempt=attempt,
        message=f"You're looping ({similarity:.0%} similar to a previous attempt; attempt {attempt})",
        checklist=checklist(assumptions),
        assumptions=assumptions,
        suggest_helper=suggest,
        helper_suggestion=(
            "Hand this to a fresh helper: query helperBrief(sessionId) gives it the problem, "
            "what was tried and the assumptions (confirm first)"
        )
        if suggest
        else None,
    )


@dataclass
class HelperBrief:
    session_id: str
    goal: str
    problem: str
    tried: list[str]
    assumptions: list[str]
    blockers: list[str]
    learnings: list[str]
    relevant_memories: list = field(default_factory=list)

    @property
    def markdown(self) -> str:
        def items(values: list[str]) -> str:
            return "\n".join(f"- {v}" for v in values) or "- (none)"

        return (
            f"# Helper brief\n\n**Goal:** {self.goal}\n\n**Problem:** {self.problem}\n\n"
            f"## Tried (did not work)\n{items(self.tried)}\n\n## Assumptions to question\n{items(self.assumptions)}\n\n"
            f"## Blockers\n{items(self.blockers)}\n\n## Learned so far\n{items(self.learnings)}\n\n"
            "Work on the current branch; fresh eyes, no rabbit-hole baggage.\n"
        )


def attempts_by_blocker(session: Session) -> dict[str | None, list[SessionEntry]]:
    """Each rejected attempt under the blocker logged last before it (None: before any blocker)."""
    owner: str | None = None
    groups: dict[str | None, list[SessionEntry]] = {}
    for entry in sorted(session.entries, key=lambda e: e.position):
        if entry.kind is EntryKind.BLOCKER:
            owner = entry.id
        elif entry.kind is EntryKind.REJECTED:
            groups.setdefault(owner, []).append(entry)
    return groups


def brief(session: Session) -> HelperBrief:
    """The problem and the attempts at that problem, the assumptions, for a fresh helper.

    An attempt belongs to the blocker logged last before it. The problem is the unresolved
    blocker with the latest attempt, else the latest unresolved blocker (nothing tried yet);
    with no unresolved blocker, the latest attempt made outside any blocker (with those
    attempts), else the goal. Attempts at other blockers are never listed as tried.
    """
    groups = attempts_by_blocker(session)
    open_blockers = [e for e in session.of(EntryKind.BLOCKER) if not e.resolved]
    tried_at = [b for b in open_blockers if groups.get(b.id)]
    if open_blockers:
        blocker = max(tried_at, key=lambda b: groups[b.id][-1].position) if tried_at else open_blockers[-1]
        problem, tried = blocker.text, groups.get(blocker.id, [])
    elif groups.get(None):
        tried = groups[None]
        problem = tried[-1].text
    else:
        problem, tried = session.goal, []
    return HelperBrief(
        session.id,
        session.goal,
        problem,
        [e.text for e in tried],
        [e.text for e in session.of(EntryKind.ASSUMPTION)],
        [e.text for e in session.of(EntryKind.BLOCKER)],
        [e.text for e in session.of(EntryKind.LEARNING, EntryKind.DECISION)],
    )
