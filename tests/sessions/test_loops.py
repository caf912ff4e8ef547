"""Loop warnings and helper briefs, on hand-made vectors."""

from datetime import UTC, datetime

import numpy as np

from graphmind.sessions.loops import brief, checklist, detect
from graphmind.sessions.model import EntryKind, Session, SessionEntry, SessionStatus

AT = datetime(2026, 3, 2, tzinfo=UTC)


def row(kind, text, position, vector=None):
    return {
        "id": f"e{position}",
        "sessionId": "s",
        "kind": kind,
        "text": text,
        "position": position,
        "at": AT,
        "embedding": None if vector is None else list(vector),
    }


def unit(x, y):
    v = np.array([x, y], dtype=np.float32)
    return v / np.linalg.norm(v)


def test_first_repeat_warns_third_suggests_a_helper():
    earlier = [row("assumption", "The cache is cold", 0), row("rejected", "Clear the cache", 1, unit(1, 0))]
    warning = detect(unit(1, 0.1), earlier, ["The cache is cold"], 0.85, 3)
    assert warning.attempt == 2 and not warning.suggest_helper and warning.similar_to.id == "e1"
    assert warning.similarity > 0.99 and "looping" in warning.message
    assert warning.checklist[0] == 'Question assumptions: "The cache is cold"' and len(warning.checklist) == 5
    earlier.append(row("rejected", "Clear the cache again", 2, unit(1, 0.05)))
    third = detect(unit(1, 0.1), earlier, [], 0.85, 3)
    assert third.attempt == 3 and third.suggest_helper and "helperBrief" in third.helper_suggestion


def test_different_attempts_do_not_warn():
    earlier = [row("rejected", "Clear the cache", 0, unit(1, 0)), row("blocker", "Slow", 1)]
    assert detect(unit(0, 1), earlier, [], 0.85, 3) is None


def test_checklist_without_assumptions():
    assert checklist([])[0].startswith("Question assumptions: none logged")


def test_brief_packages_the_problem():
    entries = [
        SessionEntry("a", "s", EntryKind.ASSUMPTION, "Ports are free", 0, AT),
        SessionEntry("b", "s", EntryKind.BLOCKER, "Server will not start", 1, AT),
        SessionEntry("c", "s", EntryKind.REJECTED, "Restart it", 2, AT),
        SessionEntry("d", "s", EntryKind.LEARNING, "Logs are in .cache", 3, AT),
    ]
    b = brief(Session("s", "agent", "Run the tests", SessionStatus.OPEN, AT, None, entries))
    assert (b.problem, b.tried, b.assumptions, b.learnings) == (
        "Server will not start",
        ["Restart it"],
        ["Ports are free"],
        ["Logs are in .cache"],
    )
    assert "**Problem:** Server will not start" in b.markdown and "- Restart it" in b.markdown


def session_of(*entries):
    made = [
        SessionEntry(f"e{n}", "s", EntryKind(kind), text, n, AT, resolved)
        for n, (kind, text, resolved) in enumerate(entries)
    ]
    return Session("s", "agent", "Run the tests", SessionStatus.OPEN, AT, None, made)


def test_the_brief_lists_the_attempts_at_its_problem_only():
    b = brief(
        session_of(
            ("blocker", "Neo4j will not start", False),
            ("rejected", "Raise the timeout", False),
            ("rejected", "Raise it again", False),
            ("blocker", "Lint fails", True),
            ("rejected", "Disable the rule", False),
        )
    )
    assert (b.problem, b.tried) == ("Neo4j will not start", ["Raise the timeout", "Raise it again"])
    b = brief(
        session_of(
            ("blocker", "Neo4j will not start", False),
            ("rejected", "Raise the timeout", False),
            ("blocker", "Lint fails", False),
            ("rejected", "Disable the rule", False),
        )
    )
    assert (b.problem, b.tried) == ("Lint fails", ["Disable the rule"])
    b = brief(
        session_of(
            ("blocker", "Neo4j will not start", False),
            ("rejected", "Raise the timeout", False),
            ("blocker", "Lint fails", False),
        )
    )  # a new blocker, nothing tried at it yet
    assert (b.problem, b.tried) == ("Neo4j will not start", ["Raise the timeout"])
    b = brief(session_of(("blocker", "Lint fails", False)))
    assert (b.problem, b.tried) == ("Lint fails", [])
    b = brief(session_of(("rejected", "Rerun", False), ("blocker", "Lint fails", True), ("rejected", "Skip it", False)))
    assert (b.problem, b.tried) == ("Rerun", ["Rerun"])  # the solved blocker's attempts are not the problem's
    b = brief(session_of(("blocker", "Lint fails", True), ("rejected", "Skip it", False)))
    assert (b.problem, b.tried) == ("Run the tests", [])
