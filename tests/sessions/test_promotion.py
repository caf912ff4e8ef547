"""Ending a session: each promotion branch, bug memories, the drift snapshot."""

from graphmind.core.enums import MemoryStatus
from graphmind.memory import manage
from graphmind.sessions import journal, promotion
from graphmind.sessions.model import EntryKind, SessionStatus

POOL = "Share one Neo4j driver with a connection pool across the API server."


async def ended(deps, user_id, entries, resolve=None):
    session = await journal.start_session(deps, user_id, "agent-7", "Ship the release")
    logged = [await journal.log_entry(deps, user_id, session.id, kind, text) for kind, text in entries]
    for position, (root_cause, solution) in (resolve or {}).items():
        await journal.resolve_blocker(deps, user_id, logged[position].entry.id, root_cause, solution)
    return await promotion.end_session(deps, user_id, session.id), logged


async def test_novel_learning_is_promoted(deps, user_id):
    result, logged = await ended(
        deps,
        user_id,
        [
            (EntryKind.EXPERIENCE, "Started on the release checklist"),
            (EntryKind.LEARNING, "The release checklist lives in the ops wiki under deployments."),
        ],
    )
    [p] = result.promotions
    assert (p.entry_id, p.action, p.related_memory_id) == (logged[1].entry.id, "promoted", None)
    memory = await manage.get_memory(deps, user_id, p.memory_id)
    assert memory.content == "The release checklist lives in the ops wiki under deployments."
    assert memory.tags == ["session", "learning"] and memory.metadata["sessionId"] == result.session.id
    assert result.session.status is SessionStatus.ENDED
    assert result.session.entries[1].promoted_to == p.memory_id


async def test_similar_to_a_low_confidence_memory_is_linked(deps, remember, user_id):
    old = await remember("Use a connection pool for the Neo4j driver in the API server.", baseSalience=0.4)
    result, _ = await ended(deps, user_id, [(EntryKind.DECISION, POOL)])
    [p] = result.promotions
    assert p.action == "linked" and p.related_memory_id == old.memory.id and 0.5 <= p.similarity < 0.95
    rows = await deps.db.read("testing.related", memoryId=p.memory_id)
    assert rows == [{"related": [old.memory.id]}]
    assert (await manage.get_memory(deps, user_id, old.memory.id)).status is MemoryStatus.ACTIVE


async def test_similar_to_a_confident_memory_supersedes_it(deps, remember, user_id):
    old = await remember("Use a connection pool for the Neo4j driver in the API server.", baseSalience=0.9)
    result, _ = await ended(deps, user_id, [(EntryKind.LEARNING, POOL)])
    [p] = result.promotions
    assert p.action == "superseded" and p.related_memory_id == old.memory.id
    assert (await manage.get_memory(deps, user_id, old.memory.id)).status is MemoryStatus.SUPERSEDED


async def test_bugs_need_reusability_signals(deps, user_id):
    result, logged = await ended(
        deps,
        user_id,
        [
            (EntryKind.BLOCKER, "Tests hang on macOS when the Neo4j server starts"),
            (EntryKind.BLOCKER, "The meeting notes went missing"),
            (EntryKind.BLOCKER, "Nobody answered the question"),
        ],
        resolve={
            0: ("a second JVM held the Bolt port", "Stop stray JVMs before the suite"),
            1: ("they were never written", "Write them during the meeting"),
        },
    )
    bug, plain, unresolved = result.promotions
    assert bug.action == "promoted" and {"platform:macos", "library:neo4j"} <= set(bug.signals)
    memory = await manage.get_memory(deps, user_id, bug.memory_id)
    assert memory.content == (
        "Problem: Tests hang on macOS when the Neo4j server starts. "
        "Root cause: a second JVM held the Bolt port. Solution: Stop stray JVMs before the suite."
    )
    assert "bug" in memory.tags
    assert plain.action == "skipped" and "reusability" in plain.reason and plain.memory_id is None
    assert unresolved.action == "skipped" and unresolved.reason == "unresolved blocker"


async def test_a_repeat_is_skipped_and_the_end_takes_a_snapshot(deps, remember, user_id):
    existing = await remember("The release checklist lives in the ops wiki under deployments.")
    result, _ = await ended(
        deps, user_id, [(EntryKind.LEARNING, "The release checklist lives in the ops wiki under deployments.")]
    )
    [p] = result.promotions
    assert p.action == "skipped" and p.memory_id == existing.memory.id and "duplicate" in p.reason
    assert result.snapshot.kind == "session" and result.session.id in result.snapshot.label
    assert result.session.snapshot_id == result.snapshot.id


async def test_an_empty_session_ends_too(deps, user_id):
    result, _ = await ended(deps, user_id, [(EntryKind.EXPERIENCE, "Looked around")])
    assert result.promotions == [] and result.session.status is SessionStatus.ENDED


async def test_an_updated_value_is_promoted_not_skipped_as_a_duplicate(deps, remember, user_id):
    old = await remember("The production database runs PostgreSQL 15 on AWS RDS.")
    result, _ = await ended(
        deps, user_id, [(EntryKind.LEARNING, "The production database runs PostgreSQL 16 on AWS RDS.")]
    )
    [p] = result.promotions
    assert p.action != "skipped" and p.memory_id != old.memory.id
    assert (await manage.get_memory(deps, user_id, old.memory.id)).status is MemoryStatus.SUPERSEDED
    assert (await manage.get_memory(deps, user_id, p.memory_id)).status is MemoryStatus.ACTIVE


async def test_an_entry_too_short_to_be_a_memory_is_skipped_with_the_reason(deps, user_id):
    """A learning of 7 characters cannot be a memory (10-2000): the session still ends, and the
    promotion says why it was skipped (the fuzz found this as an INTERNAL)."""
    result, logged = await ended(deps, user_id, [(EntryKind.LEARNING, "tea tea")])
    [p] = result.promotions
    assert (p.entry_id, p.action, p.memory_id) == (logged[0].entry.id, "skipped", None)
    assert "10-2000 characters" in p.reason
    assert result.session.status is SessionStatus.ENDED
