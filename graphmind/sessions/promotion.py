"""Ending a session: what it taught goes to long-term memory (seed 002 "Session → Memory").

Each learning, decision and resolved blocker is a candidate. Resolved blockers become
bug memories (problem → root cause → solution) and are kept only with reusability
signals (`bugs.py`). Against the caller's active memories:

- best cosine < `promotion_novelty` (0.5): **promoted** as a new memory;
- similar, and that memory's confidence (its effective salience: base, reinforcement
  and what outcomes taught) < `promotion_confidence` (0.7): **linked**, promoted with
  a RELATED_TO edge to it;
- similar and confident: **superseded**, promoted and the old one marked superseded
  (kept, validity closed).

Promotion uses the normal remember path, so a near-exact repeat (cosine > 0.95) is
reported **skipped** as a duplicate (the old memory is reinforced). Memories, links,
supersessions, PROMOTED_TO edges and the session's end are one transaction; the drift
snapshot labelled with the session follows it.
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
from graphmind.memory import neighbours
from graphmind.memory.model import MemoryInput
from graphmind.memory.store import remember_many
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


async def end_session(deps: Deps, user_id: str, session_id: str) -> EndResult:
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
        confidence = {
            r["memory"]["id"]: r["memory"]["effectiveSalience"]
            for r in await deps.db.read(
                "memory.get_many", userId=user_id, ids=[r["memory"]["id"] for r in best.values()]
            )
        }
        nearest = {
            i: (r["memory"]["id"], round(r["similarity"], 4), confidence.get(r["memory"]["id"], 0.0))
            for i, r in best.items()
        }
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

    async def finish(tx, stored: list[tuple[str, bool]]) -> None:
        planned.clear()  # a transient error retries the whole transaction
        links, supersessions, edges = [], [], []
        for n, ((entry, _, signals), (memory_id, created)) in enumerate(zip(drafts, stored, strict=True)):
            similar = nearest.get(n)
            if not created:
                planned.append(
                    Promotion(
                        entry.id,
                        entry.kind,
                        "skipped",
                        "duplicate of an existing memory (reinforced)",
                        memory_id,
                        memory_id,
                        similar[1] if similar else None,
                        signals or None,
                    )
                )
                continue
            if similar is None:
                action, reason = "promoted", f"novel: no memory at cosine ≥ {s.promotion_novelty}"
            elif similar[2] < s.promotion_confidence:
                action, reason = (
                    "linked",
                    f"similar to a memory of confidence {similar[2]:.2f} < {s.promotion_confidence}",
                )
                links.append({"fromId": memory_id, "toId": similar[0], "similarity": similar[1]})
            else:
                action, reason = (
                    "superseded",
                    f"similar to a memory of confidence {similar[2]:.2f} ≥ {s.promotion_confidence}",
                )
                supersessions.append({"oldId": similar[0], "newId": memory_id})
            edges.append({"entryId": entry.id, "memoryId": memory_id, "action": action})
            planned.append(
                Promotion(
                    entry.id,
                    entry.kind,
                    action,
                    reason,
                    memory_id,
                    similar[0] if similar else None,
                    similar[1] if similar else None,
                    signals or None,
                )
            )
        rows = await tx.run(
            "sessions.finish",
            userId=user_id,
            sessionId=session.id,
            promotions=edges,
            links=links,
            supersessions=supersessions,
            now=deps.clock.now(),
        )
        if not rows:
            raise Conflict(f"session {session_id} has already ended")
        await events.append(
            tx,
            user_id,
            deps.clock.now(),
            [
                events.event(
                    "session.ended",
                    sessionId=session.id,
                    promoted=[p.memory_id for p in planned if p.action != "skipped"],
                ),
                *[
                    events.event("memory.superseded", memoryId=x["oldId"], supersededBy=x["newId"])
                    for x in supersessions
                ],
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
