"""Provenance, trust and conflicts (seed 003 policies 4-5): which of two contradicting
memories holds, and whether a new memory only repeats an existing one (rule R4).

The candidates are the caller's active memories near the new one: its vector
neighbours (cosine at least `conflict_similarity`) and the memories that share its
subject terms (`memory/neighbours.py`). A new memory contradicts a candidate when
both state something (not events: two events on different days are both true), their
validity periods overlap (a fact of 2020-2021 and one from now are history, not a
contradiction), and
the explicit rules of `conflicts.py` find a negation or a changed value. The higher trust wins (axiom 1.0 > user 0.8 > model 0.6 >
web 0.4); on equal trust the more recent one (validFrom, then createdAt) wins.
The loser is superseded: a SUPERSEDES edge from the winner, its validity closed,
never deleted; recall no longer returns it unless asked for history.
"""

from dataclasses import dataclass
from datetime import UTC, datetime

from graphmind.core import events
from graphmind.core.enums import ContentType
from graphmind.db.database import native
from graphmind.lifecycle.conflicts import ConflictKind, contradiction, is_duplicate
from graphmind.lifecycle.values import same_text


@dataclass(frozen=True)
class Claim:
    """What arbitration needs to know about a memory."""

    id: str
    content: str
    content_type: str
    trust: float
    valid_from: datetime
    created_at: datetime
    valid_until: datetime | None = None  # open-ended

    @classmethod
    def from_node(cls, node: dict) -> "Claim":
        return cls(
            node["id"],
            node["content"],
            node["contentType"],
            node["trust"],
            native(node["validFrom"]),
            native(node["createdAt"]),
            native(node.get("validUntil")),
        )

    def overlaps(self, other: "Claim") -> bool:
        """Whether the two validity periods share an instant: facts of periods apart are
        history, both true ("ran PostgreSQL 14" in 2020 and "runs PostgreSQL 16" now)."""
        return (self.valid_until is None or other.valid_from < self.valid_until) and (
            other.valid_until is None or self.valid_from < other.valid_until
        )


@dataclass(frozen=True)
class Conflict:
    """A contradiction between a new memory and an existing one, and who won."""

    existing_id: str
    kind: ConflictKind
    similarity: float
    old_value: str
    new_value: str
    winner_id: str
    loser_id: str
    reason: str  # "trust" or "recency"


def arbitrate(new: Claim, existing: Claim) -> tuple[Claim, Claim, str]:
    """(winner, loser, reason): the higher trust, or on a tie the more recent."""
    if new.trust != existing.trust:
        winner = new if new.trust > existing.trust else existing
        return winner, existing if winner is new else new, "trust"
    newer = (new.valid_from, new.created_at) >= (existing.valid_from, existing.created_at)
    return (new, existing, "recency") if newer else (existing, new, "recency")


@dataclass(frozen=True)
class Verdict:
    """What remembering `new` means next to its candidates: the contradictions to settle, or
    the existing memory it repeats (id, cosine), or neither (it is news)."""

    conflicts: list[Conflict]
    duplicate_of: tuple[str, float] | None = None


def judge(new: Claim, neighbours: list[tuple[Claim, float]], dedup_threshold: float) -> Verdict:
    """One decision for remember, session promotion, consolidation and self-improvement:
    a contradiction is news (settled, never a duplicate); otherwise the most similar
    candidate whose text `new` only repeats (`repeats`) is what it duplicates."""
    clashes = find_conflicts(new, neighbours)
    if clashes:
        return Verdict(clashes)
    for existing, similarity in sorted(neighbours, key=lambda n: -n[1]):
        if (
            existing.id != new.id
            and one_occurrence(existing.content_type, existing.valid_from, new.content_type, new.valid_from)
            and repeats(existing.content, new.content, similarity, dedup_threshold)
        ):
            return Verdict([], (existing.id, similarity))
    return Verdict([])


def repeats(existing: str, new: str, similarity: float, dedup_threshold: float) -> bool:
    """Whether text `new` only repeats `existing`: the same words but for case, punctuation
    and how values are written (`values.same_text`, at any cosine: "WE USE POSTGRESQL 15" and
    "We use PostgreSQL 15." are 0.94 alike), or cosine above `dedup_threshold` and no value,
    negation or content word differs (`conflicts.is_duplicate`)."""
    return same_text(existing, new) or (similarity > dedup_threshold and is_duplicate(existing, new))


def one_occurrence(type_a: str, valid_from_a: datetime, type_b: str, valid_from_b: datetime) -> bool:
    """Whether two texts alike can be one memory: two events on different days (UTC) are two
    occurrences ("went swimming" on Nov 2 and Nov 16), never a repeat; anything else can be."""
    if type_a != ContentType.EVENT.value or type_b != ContentType.EVENT.value:
        return True
    return valid_from_a.astimezone(UTC).date() == valid_from_b.astimezone(UTC).date()


def find_conflicts(new: Claim, neighbours: list[tuple[Claim, float]]) -> list[Conflict]:
    """The candidates `new` contradicts, most similar first, each arbitrated."""
    if new.content_type == ContentType.EVENT.value:
        return []
    found = []
    for existing, similarity in sorted(neighbours, key=lambda n: -n[1]):
        if existing.id == new.id or existing.content_type == ContentType.EVENT.value or not new.overlaps(existing):
            continue
        clash = contradiction(existing.content, new.content)
        if clash is None:
            continue
        winner, loser, reason = arbitrate(new, existing)
        found.append(
            Conflict(existing.id, clash.kind, similarity, clash.old_value, clash.new_value, winner.id, loser.id, reason)
        )
    return found


async def settle(tx, user_id: str, now: datetime, new_id: str, conflicts: list[Conflict]) -> dict[str, dict]:
    """Supersedes each loser in the transaction, with a memory.superseded event; stops
    once the new memory itself lost. Returns the changed memory nodes by id."""
    changed: dict[str, dict] = {}
    log = []
    for conflict in conflicts:
        rows = await tx.run(
            "memory.supersede", userId=user_id, oldId=conflict.loser_id, newId=conflict.winner_id, now=now
        )
        if not rows:  # already superseded by an earlier conflict of this batch
            continue
        changed[conflict.loser_id] = rows[0]["memory"]
        log.append(
            events.event(
                "memory.superseded",
                memoryId=conflict.loser_id,
                supersededBy=conflict.winner_id,
                reason=f"conflict:{conflict.kind.value}",
                decidedBy=conflict.reason,
            )
        )
        if conflict.loser_id == new_id:
            break
    await events.append(tx, user_id, now, log)
    return changed
