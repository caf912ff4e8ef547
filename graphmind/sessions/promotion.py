"""Ending a session: what it taught goes to long-term memory (seed 002 "Session → Memory").

Each learning, decision and resolved blocker is a candidate. Resolved blockers become
bug memories (problem → root cause → solution) and are kept only with reusability
signals (`bugs.py`). Promotion uses the normal remember path, so against the caller's
active memories:

- a near-exact repeat (cosine > 0.95, no value changed) is **skipped** as a duplicate
  (the old memory is reinforced);
- a contradiction (a negation or a changed value: `lifecycle/truth.py`, as for any fact)
  is settled by trust, then recency: the loser is superseded. A promotion that
  superseded a memory is **superseded**;
- otherwise, best cosine ≥ `promotion_novelty` (0.5): **linked**, promoted with a
  RELATED_TO edge to that memory; below it: **promoted** as a new memory.

Seed 002 also superseded a similar memory of high confidence without a contradiction;
that retired true memories on another point of the same topic, so a supersession here
needs a contradiction. Memories, links, supersessions, PROMOTED_TO edges and the
session's end are one transaction; the drift snapshot labelled with the session
follows it.
"""

from dataclasses import dataclass
from typing import Any

import numpy as np
from pydantic import ValidationError

from graphmind.associative import drift
from graphmind.core import events
from graphmind.core.enums import ContentType
from graphmind.deps import Deps
from graphmind.errors import Conflict
from graphmind.lifecycle import truth
from graphmind.memory import neighbours
from graphmind.memory.model import MemoryInput
from graphmind.memory.store import Stored, remember_many
from graphmind.sessions import bugs
from graphmind.sessions.journal import get_session
from graphmind.sessions.model import EntryKind, Session, SessionEntry, SessionStatus

NEIGHBOURS = 5


@dataclass
class Promotion:
    entry_id: str
    kind: EntryKind
    action: str  # promoted, linked, superseded, skipped
    reason: str
    memory_id: str | None = None
    related_memory_id: str | None = None
    similarity: float | None = None
    signals: list[str] | None = None


@dataclass
class EndResult:
    session: Session
    promotions: list[Promotion]
    snapshot: drift.Snapshot


def _candidate(entry: SessionEntry) -> tuple[str | None, Promotion | None, list[str]]:
    """(memory text, or a skip, signals) for one entry."""
    if entry.kind in (EntryKind.LEARNING, EntryKind.DECISION):
        return entry.text, None, []
    if entry.kind is EntryKind.BLOCKER:
        if not entry.resolved:
            return None, Promotion(entry.id, entry.kind, "skipped", "unresolved blocker"), []
        signals = bugs.reusability_signals(entry.text, entry.root_cause or "", entry.solution or "")
        if not signals:
            return (
                None,
                Promotion(
                    entry.id,
                    entry.kind,
                    "skipped",
                    "bug without reusability signals (platform, library or error pattern)",
                ),
                [],
            )
        return bugs.bug_memory(entry.text, entry.root_cause, entry.solution), None, signals
    return None, None, []  # experiences, rejected attempts and assumptions stay in the session


def _not_a_memory(text: str) -> str | None:
    """Why `text` cannot be a memory (too short or long, harmful: MemoryInput's rules), or None."""
    try:
        MemoryInput(content=text, content_type=ContentType.FACT)
    except ValidationError as e:
        return f"not a valid memory: {e.errors()[0]['msg'].removeprefix('Value error, ')}"
    return None


HOLDS_BY = {"trust": "the more trusted", "recency": "the newer"}


def _judged(
    result: Stored,
    similar: tuple[str, float] | None,
    novelty: float,
    retired: set[str],
    settled: list[truth.Conflict],
) -> tuple[str, str, str | None, float | None]:
    """(action, reason, related memory, cosine to it) for a created promotion: the
    contradictions the remember path settled for it, else its nearest active memory
    (`similar`: id and cosine ≥ `novelty`) unless this promotion `retired` it, else none."""
    won = [c for c in result.settled if c.winner_id == result.memory_id]
    lost = [c for c in settled if c.loser_id == result.memory_id]  # a later entry may have superseded it
    also = f"; it superseded {', '.join(c.loser_id for c in won)}" if won and lost else ""
    if lost:  # settling stops there: the new memory is history
        c = lost[0]
        reason = f"contradicts it ({_clash(c)}); {HOLDS_BY[c.reason]} holds, so the new memory is kept as history"
        return "promoted", reason + also, c.winner_id, c.similarity
    if won:
        c = won[0]
        more = f"; it superseded {', '.join(x.loser_id for x in won[1:])} too" if len(won) > 1 else ""
        return "superseded", f"contradicts it ({_clash(c)}); {HOLDS_BY[c.reason]} holds{more}", c.loser_id, c.similarity
    if similar is None:
        return "promoted", f"novel: no memory at cosine ≥ {novelty}", None, None
    if similar[0] in retired:  # QA: linked to a memory another entry had just superseded
        return "promoted", f"similar (cosine ≥ {novelty}) only to a memory this session superseded", None, None
    return "linked", f"similar (cosine ≥ {novelty}), without contradicting it", similar[0], similar[1]


def _clash(c: truth.Conflict) -> str:
    return f"{c.kind.value}: {c.old_value!r} → {c.new_value!r}" if c.old_value or c.new_value else c.kind.value


class _EntriesChanged(Exception):
    """An entry was logged or a blocker resolved after `end_session` read the session."""


ATTEMPTS = 3


async def end_session(deps: Deps, user_id: str, session_id: str) -> EndResult:
    """Ends the session, promoting what it taught. An entry logged or a blocker resolved
    while it ran makes it start over (nothing is written), so none is left out unreported
    (QA); after `ATTEMPTS` such races it is CONFLICT."""
    for _ in range(ATTEMPTS):
        try:
            return await _end_session(deps, user_id, session_id)
        except _EntriesChanged:
            continue
    raise Conflict(f"session {session_id} kept changing while it was ending; end it again")


async def _end_session(deps: Deps, user_id: str, session_id: str) -> EndResult:
    s = deps.settings
    session = await get_session(deps, user_id, session_id)
    if session.status is not SessionStatus.OPEN:
        raise Conflict(f"session {session_id} has already ended")
    promotions: list[Promotion] = []
    drafts: list[tuple[SessionEntry, str, list[str]]] = []
    for entry in session.entries:
        text, skipped, signals = _candidate(entry)
        if skipped:
            promotions.append(skipped)
        elif text and (refused := _not_a_memory(text)):
            promotions.append(Promotion(entry.id, entry.kind, "skipped", refused))
        elif text:
            drafts.append((entry, text, signals))
    vectors: np.ndarray | list[np.ndarray] = (
        await deps.embedder.embed_async([t for _, t, _ in drafts]) if drafts else []
    )
    nearest = {}
    if drafts:
        # the best row of each comes first
        rows = await neighbours.nearest_active(
            deps.db.read, user_id, [v.tolist() for v in vectors], NEIGHBOURS, s.promotion_novelty
        )
        best: dict[int, dict[str, Any]] = {}
        for r in rows:
            best.setdefault(r["i"], r)
        nearest = {i: (r["memory"]["id"], round(r["similarity"], 4)) for i, r in best.items()}
    inputs = [
        MemoryInput(
            content=text,
            content_type=ContentType.FACT,
            tags=["session", entry.kind.value] + (["bug"] if entry.kind is EntryKind.BLOCKER else []),
            metadata={
                "sessionId": session.id,
                "entryId": entry.id,
                "agentId": session.agent_id,
                **({"reusabilitySignals": signals[:10]} if signals else {}),
            },
        )
        for entry, text, signals in drafts
    ]
    planned: list[Promotion] = []

    async def finish(tx, stored: list[Stored]) -> None:
        planned.clear()  # a transient error retries the whole transaction
        links, edges = [], []
        settled = [c for result in stored for c in result.settled]
        retired = {c.loser_id for c in settled}
        for n, ((entry, _, signals), result) in enumerate(zip(drafts, stored, strict=True)):
            similar = nearest.get(n)
            if not result.created:
                planned.append(
                    Promotion(
                        entry.id,
                        entry.kind,
                        "skipped",
                        "duplicate of an existing memory (reinforced)",
                        result.memory_id,
                        result.memory_id,
                        round(result.similarity, 4) if result.similarity is not None else None,
                        signals or None,
                    )
                )
                continue
            action, reason, related, similarity = _judged(result, similar, s.promotion_novelty, retired, settled)
            if action == "linked" and similar:
                links.append({"fromId": result.memory_id, "toId": similar[0], "similarity": similar[1]})
            edges.append({"entryId": entry.id, "memoryId": result.memory_id, "action": action})
            planned.append(
                Promotion(
                    entry.id,
                    entry.kind,
                    action,
                    reason,
                    result.memory_id,
                    related,
                    round(similarity, 4) if similarity is not None else None,
                    signals or None,
                )
            )
        rows = await tx.run(
            "sessions.finish",
            userId=user_id,
            sessionId=session.id,
            promotions=edges,
            links=links,
            now=deps.clock.now(),
        )
        if not rows:
            raise Conflict(f"session {session_id} has already ended")
        read = sorted([e.id, e.root_cause, e.solution] for e in session.entries)
        if sorted(rows[0]["entries"]) != read:
            raise _EntriesChanged  # the transaction is rolled back: nothing was written
        await events.append(
            tx,
            user_id,
            deps.clock.now(),
            [
                events.event(
                    "session.ended",
                    sessionId=session.id,
                    promoted=[p.memory_id for p in planned if p.action != "skipped"],
                )
            ],
        )

    if inputs:
        await remember_many(deps, user_id, inputs, after_write=finish)
    else:
        await deps.db.transaction(lambda tx: finish(tx, []))
    snapshot = await drift.take_snapshot(
        deps, user_id, f"session {session.id}: {session.goal[:80]}", session.agent_id, kind="session"
    )
    await deps.db.write("sessions.link_snapshot", userId=user_id, sessionId=session.id, snapshotId=snapshot.id)
    order = {e.id: e.position for e in session.entries}
    promotions = sorted(promotions + planned, key=lambda p: order[p.entry_id])
    return EndResult(await get_session(deps, user_id, session_id), promotions, snapshot)
