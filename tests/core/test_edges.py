"""Association edges: the saturating arithmetic, co-retrieval and co-use."""

import pytest

from graphmind.core import edges
from graphmind.learning import decisions, outcomes
from graphmind.learning.decisions import Contribution, DecisionDraft, DecisionType
from graphmind.learning.outcomes import OutcomeDraft, Signal
from graphmind.memory.recall import recall
from tests.associative.test_learn import weight


def test_saturating_updates_stay_within_zero_and_one():
    w = 0.0
    for _ in range(50):
        w = edges.strengthened(w, 0.3)
        assert 0.0 <= w <= 1.0
    assert w == pytest.approx(1.0)
    assert edges.weakened(0.6, 0.5) == pytest.approx(0.3) and edges.strengthened(0.2, 0.5) == pytest.approx(0.6)


def test_pairs_are_stored_once_from_the_smaller_id():
    assert edges.change("b", "a", 0.1, True) == edges.EdgeChange("a", "b", 0.1, True)
    assert [(c.a, c.b) for c in edges.among(["c", "a", "b", "a"], 0.1)] == [("a", "c"), ("b", "c"), ("a", "b")]
    assert [(c.a, c.b) for c in edges.between(["x"], ["x", "y"], 0.1, False)] == [("x", "y")]


async def test_recall_associates_its_top_results(remember, deps, user_id):
    ids = [
        (await remember(t)).memory.id
        for t in (
            "the nightly backup runs at two in the morning",
            "backup files are kept for thirty days",
            "restoring a backup takes about an hour",
        )
    ]
    result = await recall(deps, user_id, "backup schedule and retention", limit=3)
    top = [i.memory.id for i in result.items]
    assert sorted(top) == sorted(ids)
    await deps.db.behind.owner_settled(user_id)  # written behind the recall (db/write_behind.py)
    assert await weight(deps, top[0], top[1]) == pytest.approx(deps.settings.coretrieval_rate)
    await recall(deps, user_id, "backup schedule and retention", limit=3)
    await deps.db.behind.owner_settled(user_id)
    rate = deps.settings.coretrieval_rate
    assert await weight(deps, top[0], top[2]) == pytest.approx(rate + rate * (1 - rate))


async def test_a_good_outcome_associates_the_decisions_memories(remember, deps, user_id):
    x = (await remember("staging mirrors production traffic at ten percent")).memory.id
    y = (await remember("canary releases run for one hour before rollout")).memory.id
    z = (await remember("rollbacks are automatic when errors double")).memory.id
    good = await decisions.decide(
        deps,
        user_id,
        DecisionDraft(DecisionType.ACTION, "Ship behind a canary", memories=[Contribution(x), Contribution(y)]),
    )
    await outcomes.observe_outcome(deps, user_id, OutcomeDraft(good.trace_id, 0.5, Signal.TASK_COMPLETED))
    assert await weight(deps, x, y) == pytest.approx(deps.settings.couse_rate * 0.5)
    for quality in (0.5, 0.9, -0.3, 0.5):  # revisions: once per decision (QA: 0.1 grew to 0.469)
        revised = OutcomeDraft(good.trace_id, quality, Signal.TASK_COMPLETED, revision=True)
        await outcomes.observe_outcome(deps, user_id, revised)
        assert await weight(deps, x, y) == pytest.approx(deps.settings.couse_rate * 0.5)
    bad = await decisions.decide(
        deps,
        user_id,
        DecisionDraft(DecisionType.ACTION, "Skip the canary", memories=[Contribution(x), Contribution(z)]),
    )
    [before] = await deps.db.read("associative.user_state", userId=user_id)
    await outcomes.observe_outcome(deps, user_id, OutcomeDraft(bad.trace_id, -0.8, Signal.TASK_FAILED))
    assert await weight(deps, x, z) is None
    [after] = await deps.db.read("associative.user_state", userId=user_id)
    assert after["generation"] == before["generation"]  # no edge changed
