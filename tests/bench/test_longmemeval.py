"""LongMemEval loading: dates and splitting long turns."""

from datetime import UTC, datetime

from graphmind.bench.longmemeval import chunks, haystack, parse_date
from graphmind.core.limits import CONTENT_MAX


def test_date():
    assert parse_date("2023/05/20 (Sat) 10:51") == datetime(2023, 5, 20, 10, 51, tzinfo=UTC)


def test_long_turns_are_split_at_white_space():
    text = " ".join(["word"] * 1000)  # 4999 characters
    pieces = chunks(text)
    assert len(pieces) == 3 and all(len(p) <= CONTENT_MAX for p in pieces)
    assert " ".join(pieces) == text


def test_haystack_maps_every_memory_to_its_session():
    question = {
        "haystack_session_ids": ["s1", "s2"],
        "haystack_dates": ["2023/05/20 (Sat) 10:51", "2023/05/21 (Sun) 09:00"],
        "haystack_sessions": [
            [{"role": "user", "content": "I moved to a new flat"}, {"role": "assistant", "content": "ok"}],
            [{"role": "user", "content": "x " * 1500}],
        ],
    }
    inputs, sessions = haystack(question)
    assert sessions == ["s1", "s1", "s2", "s2"]  # the 3000-character turn became two memories
    assert inputs[0].content == "user: I moved to a new flat"
    assert (inputs[1].valid_from - inputs[0].valid_from).total_seconds() == 60
