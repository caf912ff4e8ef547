"""Ending a session: each promotion branch, bug memories, the drift snapshot."""

import pytest

from graphmind.core.enums import MemoryStatus
from graphmind.learning import event_log
from graphmind.memory import manage
from graphmind.sessions import journal, promotion
from graphmind.sessions.model import EntryKind, SessionStatus

POOL = "Share one Neo4j driver with a connection pool across the API server."
RSYNC, SCP = (f"The staging deploy script copies the build with {tool}." for tool in ("rsync", "scp"))


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


@pytest.mark.parametrize("salience", [0.4, 0.9])
async def test_similar_without_a_contradiction_is_linked_however_confident(deps, remember, user_id, salience):
    old = await remember("Use a connection pool for the Neo4j driver in the API server.", baseSalience=salience)
    result, _ = await ended(deps, user_id, [(EntryKind.DECISION, POOL)])
    [p] = result.promotions
    assert p.action == "linked" and p.related_memory_id == old.memory.id and 0.5 <= p.similarity < 0.95
    rows = await deps.db.read("testing.related", memoryId=p.memory_id)
    assert rows == [{"related": [old.memory.id]}]
    assert (await manage.get_memory(deps, user_id, old.memory.id)).status is MemoryStatus.ACTIVE


async def test_a_resolved_blocker_on_the_same_topic_leaves_a_confident_memory_active(deps, remember, user_id):
    """QA: the old rule (similar and confident → superseded) retired this true memory."""
    old = await remember("Our Redis cluster runs version 7.2 on three nodes in eu-west-1.", baseSalience=0.9)
    result, _ = await ended(
        deps,
        user_id,
        [(EntryKind.BLOCKER, "Redis calls time out under load with a TimeoutError on the Redis cluster")],
        resolve={0: ("the redis-py connection pool was too small", "raise the Redis pool to 50 connections")},
    )
    [p] = result.promotions
    assert p.action in ("linked", "promoted") and p.memory_id
    assert (await manage.get_memory(deps, user_id, old.memory.id)).status is MemoryStatus.ACTIVE


@pytest.mark.parametrize("salience", [0.4, 0.9])
async def test_a_contradicting_learning_supersedes_the_old_memory(deps, remember, user_id, salience):
    old = await remember(RSYNC, baseSalience=salience)
    result, _ = await ended(deps, user_id, [(EntryKind.LEARNING, SCP)])
    [p] = result.promotions
    assert (p.action, p.related_memory_id) == ("superseded", old.memory.id)
    assert "'rsync' → 'scp'" in p.reason and p.similarity > 0.5
    assert (await manage.get_memory(deps, user_id, old.memory.id)).status is MemoryStatus.SUPERSEDED
    assert (await manage.get_memory(deps, user_id, p.memory_id)).status is MemoryStatus.ACTIVE
    superseded = await event_log.events_after(deps, user_id, 0, ["memory.superseded"], 10)
    assert [e.payload["memoryId"] for e in superseded] == [old.memory.id]  # once, by the remember path


async def test_a_learning_that_loses_to_a_more_trusted_memory_is_kept_as_history(deps, remember, user_id):
    old = await remember(RSYNC, source="AXIOM")
    [p] = (await ended(deps, user_id, [(EntryKind.LEARNING, SCP)]))[0].promotions
    assert (p.action, p.related_memory_id) == ("promoted", old.memory.id) and "more trusted" in p.reason
    assert (await manage.get_memory(deps, user_id, old.memory.id)).status is MemoryStatus.ACTIVE
    assert (await manage.get_memory(deps, user_id, p.memory_id)).status is MemoryStatus.SUPERSEDED


async def test_two_contradicting_entries_report_the_supersession_that_happened(deps, user_id):
    """The later entry supersedes the earlier one of the same session; each is reported as it is."""
    first, second = (await ended(deps, user_id, [(EntryKind.LEARNING, RSYNC), (EntryKind.LEARNING, SCP)]))[0].promotions
    assert (first.action, first.related_memory_id) == ("promoted", second.memory_id)  # kept as history
    assert "kept as history" in first.reason
    assert (second.action, second.related_memory_id) == ("superseded", first.memory_id)
    assert (await manage.get_memory(deps, user_id, first.memory_id)).status is MemoryStatus.SUPERSEDED


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


@pytest.mark.parametrize("late", ["log", "resolve"])
async def test_what_changes_while_the_session_ends_is_promoted_not_lost(deps, user_id, monkeypatch, late):
    """QA: an entry logged (or a blocker resolved) while endSession ran succeeded, and was
    left out of the promotions without a word. Now endSession starts over."""
    session = await journal.start_session(deps, user_id, "agent-7", "Ship the release")
    blocker = await journal.log_entry(
        deps, user_id, session.id, EntryKind.BLOCKER, "Tests hang on macOS when the Neo4j server starts"
    )
    changed: list[str] = []
    read = promotion.get_session

    async def read_then_change(*args):
        found = await read(*args)
        if not changed:  # between endSession's read and its transaction
            if late == "log":
                text = "The release checklist lives in the ops wiki under deployments."
                changed.append((await journal.log_entry(deps, user_id, session.id, EntryKind.LEARNING, text)).entry.id)
            else:
                await journal.resolve_blocker(deps, user_id, blocker.entry.id, "a stray JVM", "Stop stray JVMs first")
                changed.append(blocker.entry.id)
        return found

    monkeypatch.setattr(promotion, "get_session", read_then_change)
    result = await promotion.end_session(deps, user_id, session.id)
    [promoted] = [p for p in result.promotions if p.entry_id == changed[0]]
    assert promoted.action == "promoted" and promoted.memory_id


async def test_no_link_to_a_memory_the_session_superseded_and_a_repeat_reports_its_own_cosine(deps, remember, user_id):
    """QA: a LINKED promotion got RELATED_TO a memory another entry had just superseded, and
    a SKIPPED repeat reported the cosine to some other memory."""
    old = await remember(RSYNC)
    bash = "The staging deploy script is written in bash."
    result, _ = await ended(
        deps, user_id, [(EntryKind.LEARNING, SCP), (EntryKind.LEARNING, bash), (EntryKind.LEARNING, bash)]
    )
    scp, written, repeat = result.promotions
    assert (scp.action, scp.related_memory_id) == ("superseded", old.memory.id)
    assert written.action == "promoted" and written.related_memory_id is None and "superseded" in written.reason
    assert await deps.db.read("testing.related", memoryId=written.memory_id) in ([], [{"related": []}])
    assert (repeat.action, repeat.memory_id) == ("skipped", written.memory_id) and repeat.similarity == 1.0
