"""What remember computes before its transaction (memory/store_prepare.py), without Neo4j:
the real model's vectors, a fixed clock."""

from datetime import timedelta

import pytest

from graphmind.core.clock import FixedClock
from graphmind.deps import Deps
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store_prepare import (
    Derivation,
    contradicted_within_batch,
    derived,
    prepare,
    redact_value,
    repeats_within_batch,
)
from tests.conftest import START


@pytest.fixture
def offline(settings, embedder) -> Deps:
    return Deps(settings=settings, db=None, embedder=embedder, clock=FixedClock(START))  # type: ignore[arg-type]


def prepared_batch(deps: Deps, *inputs: dict):
    prepared = [prepare(parse_memory_input(i), deps) for i in inputs]
    return prepared, deps.embedder.embed([p.row["content"] for p in prepared])


def test_redaction_counts_each_kind_and_keeps_both_values_of_keys_redacted_alike():
    counts: dict[str, int] = {}
    value = {"ops@example.com": "a", "dev@example.com": ["mail me@example.com", 3]}
    assert redact_value(value, counts) == {"[EMAIL]": "a", "[EMAIL]'": ["mail [EMAIL]", 3]}
    assert counts == {"EMAIL": 3}


def test_a_prepared_input_has_its_defaults_and_a_derivation_its_trust(offline):
    item = parse_memory_input({"content": "Write to ops@example.com about the Redis cache", "sessionId": "s1"})
    prepared = derived(prepare(item, offline), Derivation(("a",), (), 0.55))
    assert prepared.row["content"] == "Write to [EMAIL] about the Redis cache" and prepared.redactions == {"EMAIL": 1}
    assert prepared.row["validFrom"] == START and prepared.row["trust"] == 0.55 and prepared.session_id == "s1"
    assert prepared.derivation == Derivation(("a",), (), 0.55)


def test_a_later_input_that_only_repeats_an_earlier_one_points_at_it(offline):
    prepared, vectors = prepared_batch(
        offline,
        {"content": "The staging database runs on port 7687"},
        {"content": "The staging database runs on port 7688"},
        {"content": "The staging database runs on port 7687."},
        {"content": "Went swimming in the lake", "contentType": "event"},
        {"content": "Went swimming in the lake", "contentType": "event", "validFrom": START - timedelta(days=3)},
    )
    same_batch, kept = repeats_within_batch(prepared, vectors, offline.settings.dedup_threshold)
    assert list(same_batch) == [2] and same_batch[2][0] == 0 and same_batch[2][1] > 0.95
    assert kept == [0, 1, 3, 4]  # another value, and an event of another day, are news


def test_a_later_fact_of_the_batch_contradicts_an_earlier_one_and_wins_on_recency(offline):
    prepared, vectors = prepared_batch(
        offline,
        {"content": "We run Postgres 15 for the analytics warehouse"},
        {"content": "We run Postgres 16 for the analytics warehouse"},
    )
    [(earlier, conflict)] = contradicted_within_batch(offline, prepared, vectors, [0, 1])[1]
    assert earlier == 0 and conflict.reason == "recency"
    assert (conflict.winner_id, conflict.loser_id) == (prepared[1].row["id"], prepared[0].row["id"])
