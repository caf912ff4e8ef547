"""GraphMind (sync) against the real server: the same loop, results returned directly."""

from datetime import UTC, datetime

import pytest
from graphmind_client import GraphMind, NotFound, RecallFilter


@pytest.fixture
def gm(server, api_key):
    with GraphMind(server.url, api_key) as client:
        yield client


def test_remember_recall_decide_observe(gm):
    since = datetime(2024, 1, 5, 9, 30, tzinfo=UTC)
    stored = gm.remember(
        "The billing service retries failed card payments three times", tags=["billing"], valid_from=since
    )
    assert stored.valid_from == since and stored.tags == ["billing"]
    gm.remember("The billing dashboard is refreshed every hour", tags=["dashboards"])
    found = gm.recall("how often are failed card payments retried?", filter=RecallFilter(tags=["billing"]))
    assert [item.memory.id for item in found.items] == [stored.id]
    assert found.memories[0].effective_salience == pytest.approx(stored.effective_salience)
    decision = gm.decide(
        "ACTION", "Retry failed card payments three times", retrieval_id=found.retrieval_id, confidence=0.8
    )
    assert decision.confidence == 0.8 and not decision.confidence_estimated
    outcome = gm.observe_outcome(decision.trace_id, -0.5, "TASK_FAILED")
    assert outcome.updates[0].memory_id == stored.id and outcome.updates[0].delta < 0
    assert gm.memory(stored.id).effective_salience < stored.effective_salience


def test_budgeted_recall_and_execute(gm):
    gm.remember_many([f"Runbook step {n}: check the queue depth of worker pool {n}" for n in range(1, 6)])
    packed = gm.recall("queue depth runbook", token_budget=40)
    assert packed.token_budget == 40 and 0 < packed.tokens_used <= 40
    data = gm.execute("query($id: ID!) { memory(id: $id) { content } }", {"id": packed.items[0].memory.id})
    assert data["memory"]["content"].startswith("Runbook step")


def test_errors_raise_the_same_classes(gm):
    with pytest.raises(NotFound):
        gm.trail("no-such-trail")
