"""Sessions as they happen: start, log an entry (with signal-triggered recall and loop
detection), resolve a blocker, read a session, scan it against memory, brief a helper.

Signals (seed 002 "Memory → Session"): the first experience of a session, every blocker
and every rejected attempt recall at most `session_recall_max` (2) memories whose cosine
to the entry reaches `session_recall_similarity` (0.7); other entries recall nothing.
"""

import uuid
from dataclasses import dataclass

from graphmind.core.redaction import redact
from graphmind.deps import Deps
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.memory import neighbours
from graphmind.memory.model import Memory
from graphmind.memory.recall import RecallItem, recall
from graphmind.sessions import loops
from graphmind.sessions.model import (
    MAX_AGENT_ID,
    MAX_GOAL,
    EntryKind,
    Session,
    SessionEntry,
    SessionStatus,
    clean_text,
)

SIGNAL_MESSAGES = {
    "first_experience": "You have dealt with this before:",
    "blocker": "You solved something similar with:",
    "rejected": "Past solutions to something similar:",
}
MAX_SESSION_RECALL = 10


@dataclass
class LogResult:
    entry: SessionEntry
    signal: str | None  # first_experience, blocker, rejected, or None
    message: str | None
    recalled: list[RecallItem]
    loop_warning: loops.LoopWarning | None


@dataclass
class SessionMemory:
    """A memory a session's content brought up, and the entry that matched it best."""

    memory: Memory
    similarity: float
    entry_id: str


def _redacted(deps: Deps, text: str) -> str:
    return redact(text).text if deps.settings.redact_pii else text


async def start_session(deps: Deps, user_id: str, agent_id: str, goal: str) -> Session:
    agent_id = clean_text(agent_id, "input.agentId", MAX_AGENT_ID)
    goal = _redacted(deps, clean_text(goal, "input.goal", MAX_GOAL))
    [row] = await deps.db.write(
        "sessions.start", userId=user_id, sessionId=str(uuid.uuid4()), agentId=agent_id, goal=goal, now=deps.clock.now()
    )
    return Session.from_row(row["session"], [])


async def get_session(deps: Deps, user_id: str, session_id: str, with_embeddings: bool = False) -> Session:
    rows = await deps.db.read("sessions.get", userId=user_id, sessionId=session_id, withEmbeddings=with_embeddings)
    if not rows:
        raise NotFound(f"no session {session_id}")
    return Session.from_row(rows[0]["session"], rows[0]["entries"])


async def log_entry(deps: Deps, user_id: str, session_id: str, kind: EntryKind, text: str) -> LogResult:
    s = deps.settings
    text = _redacted(deps, clean_text(text, "input.text"))
    [vector] = await deps.embedder.embed_async([text])
    entry = {"id": str(uuid.uuid4()), "kind": kind.value, "text": text, "embedding": vector.tolist()}
    rows = await deps.db.write(
        "sessions.append_entry", userId=user_id, sessionId=session_id, entry=entry, now=deps.clock.now()
    )
    if not rows:
        session = await get_session(deps, user_id, session_id)  # NOT_FOUND when it is not the caller's
        raise Conflict(f"session {session_id} is {session.status.value}; start a new one")
    [row] = rows
    earlier = row["earlier"]
    signal = None
    if kind is EntryKind.EXPERIENCE and not any(e["kind"] == EntryKind.EXPERIENCE.value for e in earlier):
        signal = "first_experience"
    elif kind in (EntryKind.BLOCKER, EntryKind.REJECTED):
        signal = kind.value
    warning = None
    if kind is EntryKind.REJECTED:
        assumptions = [
            e["text"] for e in sorted(earlier, key=lambda e: e["position"]) if e["kind"] == EntryKind.ASSUMPTION.value
        ]
        warning = loops.detect(vector, earlier, assumptions, s.loop_similarity, s.loop_helper_attempts)
    recalled: list[RecallItem] = []
    message = None
    if signal:
        result = await recall(deps, user_id, text, s.session_recall_max, min_similarity=s.session_recall_similarity)
        recalled = result.items
        if recalled:
            message = f"{SIGNAL_MESSAGES[signal]} " + " | ".join(i.memory.content for i in recalled)
    return LogResult(SessionEntry.from_row(row["entry"]), signal, message, recalled, warning)


async def resolve_blocker(
    deps: Deps, user_id: str, entry_id: str, root_cause: str | None, solution: str
) -> SessionEntry:
    solution = _redacted(deps, clean_text(solution, "input.solution"))
    root_cause = _redacted(deps, clean_text(root_cause, "input.rootCause")) if root_cause else None
    rows = await deps.db.write(
        "sessions.resolve_blocker",
        userId=user_id,
        entryId=entry_id,
        rootCause=root_cause,
        solution=solution,
        now=deps.clock.now(),
    )
    if not rows:
        raise NotFound(f"no session entry {entry_id}")
    [row] = rows
    if row["entry"]["kind"] != EntryKind.BLOCKER.value:
        raise Conflict(f"entry {entry_id} is a {row['entry']['kind']}, not a blocker")
    if row["sessionStatus"] != SessionStatus.OPEN.value:
        raise Conflict(f"the session of entry {entry_id} has ended")
    return SessionEntry.from_row(row["entry"])


async def session_recall(deps: Deps, user_id: str, session_id: str, limit: int) -> list[SessionMemory]:
    """Memories the whole session's content (goal and every entry) brings up: each one's best
    cosine to any of them, at least `session_recall_similarity`; read-only."""
    if not 1 <= limit <= MAX_SESSION_RECALL:
        raise BadUserInput(f"limit must be 1-{MAX_SESSION_RECALL}, got {limit}", field="limit")
    s = deps.settings
    session = await get_session(deps, user_id, session_id, with_embeddings=True)
    [goal] = await deps.embedder.embed_async([session.goal])
    probes = [(session.id, goal.tolist())] + [(e.id, e.embedding) for e in session.entries if e.embedding]
    rows = await neighbours.nearest_active(
        deps.db.read, user_id, [p[1] for p in probes], max(limit, 5), s.session_recall_similarity
    )
    best: dict[str, tuple[float, str]] = {}
    for row in rows:
        memory_id, similarity = row["memory"]["id"], row["similarity"]
        if memory_id not in best or similarity > best[memory_id][0]:
            best[memory_id] = (similarity, probes[row["i"]][0])
    chosen = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))[:limit]
    memories = {
        r["memory"]["id"]: r
        for r in await deps.db.read("memory.get_many", userId=user_id, ids=[memory_id for memory_id, _ in chosen])
    }
    return [
        SessionMemory(Memory.from_node(memories[m]["memory"], memories[m]["entities"]), round(sim, 4), entry)
        for m, (sim, entry) in chosen
        if m in memories
    ]


async def helper_brief(deps: Deps, user_id: str, session_id: str) -> loops.HelperBrief:
    brief = loops.brief(await get_session(deps, user_id, session_id))
    brief.relevant_memories = await session_recall(deps, user_id, session_id, deps.settings.session_recall_max)
    return brief
