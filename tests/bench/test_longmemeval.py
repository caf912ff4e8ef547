"""LongMemEval loading (dates, splitting long turns) and its turn- and session-level metrics."""

import math
from datetime import UTC, datetime

from pydantic import field_validator

from graphmind.bench import longmemeval
from graphmind.bench.longmemeval import chunks, haystack, parse_date
from graphmind.core.limits import CONTENT_MAX
from graphmind.memory.model import MemoryInput


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


def test_turn_and_session_metrics_of_one_question():
    session_of = {"m1": "s1", "m2": "s1", "m3": "s2", "m4": "s3", "m5": "s4"}
    found = longmemeval.metrics(["m1", "m2", "m3"], ["m1", "m2", "m3", "m4", "m5"], session_of, {"s2", "s4"})
    assert found["recall_any@5"] == 1.0 and found["recall_all@5"] == 0.0  # s4 is not among the top turns
    assert found["session_any@5"] == 1.0 and found["session_all@5"] == 1.0  # sessions s1, s2, s3, s4
    # answer sessions at ranks 2 and 4 of the sessions: (1/log2(3) + 1/log2(5)) / (1 + 1/log2(3))
    assert abs(found["ndcg@10"] - (1 / math.log2(3) + 1 / math.log2(5)) / (1 + 1 / math.log2(3))) < 1e-9


def test_ndcg_is_one_for_the_ideal_ranking_and_zero_without_a_hit():
    assert longmemeval.ndcg([True, True, False], 2, 10) == 1.0
    assert longmemeval.ndcg([False, False], 1, 10) == 0.0
    assert longmemeval.ndcg([], 0, 10) == 0.0


def test_control_characters_become_spaces():
    assert chunks("user: step one\x00\x1bstep two \ud800 done, all of it") == [
        "user: step one step two done, all of it"
    ]


def test_a_turn_remember_refuses_is_reported_not_fatal(monkeypatch):
    class Strict(MemoryInput):
        @field_validator("content")
        @classmethod
        def _refuse(cls, value: str) -> str:
            if "refuse me" in value:
                raise ValueError("refused by a test rule")
            return value

    monkeypatch.setattr(longmemeval, "MemoryInput", Strict)
    question = {
        "haystack_session_ids": ["s1"],
        "haystack_dates": ["2023/05/20 (Sat) 02:21"],
        "haystack_sessions": [
            [{"role": "user", "content": "please refuse me, test"}, {"role": "user", "content": "A turn long enough"}]
        ],
    }
    refused: list[str] = []
    inputs, sessions = haystack(question, refused)
    assert [i.content for i in inputs] == ["user: A turn long enough"] and sessions == ["s1"]
    assert refused == ["s1: Value error, refused by a test rule"]
