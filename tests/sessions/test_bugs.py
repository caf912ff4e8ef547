"""Reusability signals of bug memories, and their problem → root cause → solution form."""

import pytest

from graphmind.sessions.bugs import bug_memory, reusability_signals


@pytest.mark.parametrize(
    ("text", "signal"),
    [
        ("The build fails on macOS only", "platform:macos"),
        ("pip install hangs inside Docker", "platform:docker"),
        ("Neo4j refuses the vector index", "library:neo4j"),
        ("strawberry.field ignores the default", "code:strawberry.field"),
        ("raises ConnectionRefusedError on start", "error:ConnectionRefusedError"),
        ("open() gives ENOENT for the lock file", "error:ENOENT"),
        ("the job died with exit code 137", "error:exit code 137"),
        ("requests time out after 30 seconds", "error:time out"),
        ("upgrading to numpy==2.4.6 broke it", "library:numpy"),
    ],
)
def test_signals(text, signal):
    assert signal in reusability_signals(text)


@pytest.mark.parametrize(
    "text",
    [
        "The meeting ran long and we forgot the agenda",
        "I could not find the right words for the summary",
    ],
)
def test_no_signals_in_ordinary_trouble(text):
    assert reusability_signals(text) == []


def test_bug_memory_structure():
    assert bug_memory("Tests hang on macOS", "the port was taken.", "Use a free port") == (
        "Problem: Tests hang on macOS. Root cause: the port was taken. Solution: Use a free port."
    )
    assert bug_memory("Tests hang", None, "Restart") == "Problem: Tests hang. Solution: Restart."
