"""Sessions against the real Neo4j and model: signal-triggered recall, loops, errors."""

import pytest

from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.sessions import journal, promotion
from graphmind.sessions.model import EntryKind

PORT_MEMORY = "The Neo4j test server fails to start when port 7687 is already taken by another instance."


async def test_recall_surfaces_on_first_experience_and_blockers_only(deps, remember, user_id):
    await remember(PORT_MEMORY)
    session = await journal.start_session(deps, user_id, "agent-1", "Get the integration tests running")
    learning = await journal.log_entry(
        deps, user_id, session.id, EntryKind.LEARNING, "The Neo4j test server fails when port 7687 is already in use"
    )
    assert learning.signal is None and learning.recalled == []
    first = await journal.log_entry(
        deps,
        user_id,
        session.id,
        EntryKind.EXPERIENCE,
        "The Neo4j test server did not start: port 7687 is already taken",
    )
    assert first.signal == "first_experience" and [i.memory.content for i in first.recalled] == [PORT_MEMORY]
    assert first.message.startswith("You have dealt with this before:")
    second = await journal.log_entry(
        deps,
        user_id,
        session.id,
        EntryKind.EXPERIENCE,
        "The Neo4j test server did not start: port 7687 is already taken",
    )
    assert second.signal is None and second.recalled == []
    blocker = await journal.log_entry(
        deps, user_id, session.id, EntryKind.BLOCKER, "Neo4j test server cannot start, port 7687 already taken"
    )
    assert blocker.signal == "blocker" and blocker.recalled[0].memory.content == PORT_MEMORY
    assert blocker.message.startswith("You solved something similar with:")
    for kind in (EntryKind.DECISION, EntryKind.ASSUMPTION):
        entry = await journal.log_entry(deps, user_id, session.id, kind, "Neo4j test server port 7687 is taken")
        assert entry.recalled == [] and entry.signal is None
    unrelated = await journal.log_entry(deps, user_id, session.id, EntryKind.BLOCKER, "The coffee machine is broken")
    assert unrelated.signal == "blocker" and unrelated.recalled == []  # signal, but nothing at cosine ≥ 0.7
    assert [e.position for e in (await journal.get_session(deps, user_id, session.id)).entries] == list(range(7))


async def test_loop_warning_at_the_second_similar_rejection_helper_at_the_third(deps, user_id):
    session = await journal.start_session(deps, user_id, "agent-1", "Make the flaky test pass")
    await journal.log_entry(deps, user_id, session.id, EntryKind.ASSUMPTION, "The test is flaky because of timing")
    first = await journal.log_entry(
        deps, user_id, session.id, EntryKind.REJECTED, "Increase the sleep in the test to two seconds"
    )
    assert first.loop_warning is None and first.signal == "rejected"
    second = await journal.log_entry(
        deps, user_id, session.id, EntryKind.REJECTED, "Increase the sleep in the test to five seconds"
    )
    warning = second.loop_warning
    assert warning.attempt == 2 and warning.similarity >= 0.85 and not warning.suggest_helper
    assert warning.assumptions == ["The test is flaky because of timing"]
    assert warning.checklist[0] == 'Question assumptions: "The test is flaky because of timing"'
    third = await journal.log_entry(
        deps, user_id, session.id, EntryKind.REJECTED, "Increase the sleep in the test to ten seconds"
    )
    assert third.loop_warning.attempt == 3 and third.loop_warning.suggest_helper
    other = await journal.log_entry(deps, user_id, session.id, EntryKind.REJECTED, "Rewrite the database schema")
    assert other.loop_warning is None
    brief = await journal.helper_brief(deps, user_id, session.id)
    assert brief.problem == "Rewrite the database schema" and len(brief.tried) == 4
    assert brief.assumptions == ["The test is flaky because of timing"]


async def test_session_recall_scans_the_whole_session(deps, remember, user_id):
    stored = await remember(PORT_MEMORY)
    await remember("Grandma's apple pie needs two hours in the oven.")
    session = await journal.start_session(deps, user_id, "agent-1", "Fix the CI pipeline")
    await journal.log_entry(
        deps, user_id, session.id, EntryKind.ASSUMPTION, "Neo4j test server fails because port 7687 is already taken"
    )
    found = await journal.session_recall(deps, user_id, session.id, 2)
    assert [m.memory.id for m in found] == [stored.memory.id] and found[0].similarity >= 0.7
    with pytest.raises(BadUserInput):
        await journal.session_recall(deps, user_id, session.id, 0)


async def test_errors(deps, user_id):
    with pytest.raises(BadUserInput) as e:
        await journal.start_session(deps, user_id, "agent", "  ")
    assert e.value.field == "input.goal"
    with pytest.raises(NotFound):
        await journal.log_entry(deps, user_id, "no-such-session", EntryKind.LEARNING, "Something learned")
    session = await journal.start_session(deps, user_id, "agent", "A short one")
    with pytest.raises(NotFound):
        await journal.log_entry(deps, "someone-else", session.id, EntryKind.LEARNING, "Something learned")
    learning = await journal.log_entry(deps, user_id, session.id, EntryKind.LEARNING, "Something learned today")
    with pytest.raises(Conflict):
        await journal.resolve_blocker(deps, user_id, learning.entry.id, None, "Not a blocker")
    await promotion.end_session(deps, user_id, session.id)
    with pytest.raises(Conflict):
        await journal.log_entry(deps, user_id, session.id, EntryKind.LEARNING, "Too late for this")
    with pytest.raises(Conflict):
        await promotion.end_session(deps, user_id, session.id)
