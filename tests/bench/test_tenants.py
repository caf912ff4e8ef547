"""The tenants bench: other tenants' texts and the report (the run itself is `graphmind bench tenants`)."""

import json

from graphmind.bench.tenants import format_report, other_texts


def test_other_texts_are_the_distinct_haystack_chunks(tmp_path):
    turn = {"role": "user", "content": "I moved to a new flat in Leipzig"}
    question = {
        "haystack_session_ids": ["s1", "s2"],
        "haystack_dates": ["2023/05/20 (Sat) 10:51", "2023/05/21 (Sun) 09:00"],
        "haystack_sessions": [[turn], [turn, {"role": "assistant", "content": "Congratulations on the move"}]],
    }
    path = tmp_path / "lme.json"
    path.write_text(json.dumps([question, question]))
    assert other_texts(path) == ["user: I moved to a new flat in Leipzig", "assistant: Congratulations on the move"]


def test_the_report_has_a_row_per_phase():
    phase = {
        "recall@10 cat1-4": 0.61,
        "vector full k": 1.0,
        "top10 overlap": 0.99,
        "recall_ms": {"p50": 30.0, "p95": 40.0},
    }
    text = format_report(
        {
            "caller memories": 10,
            "others": 500,
            "per tenant": 100,
            "other texts": 7,
            "alone": phase,
            "with 500 others": phase,
        }
    )
    assert "alone" in text and "with 500 others" in text and "100.00%" in text
