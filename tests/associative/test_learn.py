"""learn: Hebbian feedback between a query's seeds and the reported nodes (weights by hand)."""

from dataclasses import replace

import pytest

from graphmind.associative.learn import Feedback, learn
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.memory import manage
from graphmind.memory.recall import recall

QUERY = "how do we deploy the billing service"


async def weight(deps, a: str, b: str) -> float | None:
    records = (
        await deps.db.driver.execute_query(
            "MATCH (x {id: $a})-[r:ASSOCIATED]-(y {id: $b}) RETURN r.weight AS w", a=a, b=b
        )
    ).records
    return records[0]["w"] if records else None


@pytest.fixture
def quiet(deps):
    """The services without co-retrieval, so only learn changes weights."""
    return replace(deps, settings=deps.settings.model_copy(update={"coretrieval_rate": 0.0}))


@pytest.fixture
async def scene(remember, quiet, user_id):
    texts = [
        "billing deploys run through the blue green pipeline",
        "the billing service deploy needs a database migration first",
        "invoices are rendered by a separate worker pool",
        "the worker pool scales on queue depth",
    ]
    ids = [(await remember(t)).memory.id for t in texts]
    seeds = [i.memory.id for i in (await recall(quiet, user_id, QUERY, limit=2)).items]
    others = [i for i in ids if i not in seeds]
    return seeds, others


async def test_correct_partial_and_wrong_feedback(quiet, user_id, scene):
    (s1, s2), (r, s) = scene
    first = await learn(quiet, user_id, QUERY, "agent-1", Feedback.CORRECT, [r, s])
    # seeds × reported (4 edges) and reported × reported (1), each created at 0 + 0.2 × (1 - 0)
    assert (first.edges_adjusted, first.edges_created, first.nodes_affected) == (5, 5, 2)
    assert first.plasticity_delta == pytest.approx(1.0) and sorted(first.seeds) == sorted([s1, s2])
    assert await weight(quiet, s1, r) == pytest.approx(0.2)

    again = await learn(quiet, user_id, QUERY, "agent-1", Feedback.CORRECT, [r, s], strength=0.5)
    assert again.edges_created == 0 and again.plasticity_delta == pytest.approx(5 * 0.4)  # 0.2 → 0.6
    assert again.graph_generation == first.graph_generation + 1

    wrong = await learn(quiet, user_id, QUERY, "agent-1", Feedback.WRONG, [r], strength=0.5)
    assert (wrong.edges_adjusted, wrong.nodes_affected) == (2, 1)  # seed-r only: 0.6 × (1 - 0.5)
    assert await weight(quiet, s2, r) == pytest.approx(0.3) and await weight(quiet, r, s) == pytest.approx(0.6)

    partial = await learn(quiet, user_id, QUERY, "agent-1", Feedback.PARTIAL, [s], strength=0.2)
    assert partial.edges_adjusted == 2  # seed-s only: 0.6 + 0.2 × 0.4
    assert await weight(quiet, s1, s) == pytest.approx(0.68) and await weight(quiet, r, s) == pytest.approx(0.6)


async def test_wrong_never_creates_edges_and_weights_stay_in_bounds(quiet, user_id, scene):
    (s1, _), (r, _) = scene
    nothing = await learn(quiet, user_id, QUERY, "agent-1", Feedback.WRONG, [r], strength=1.0)
    assert nothing.edges_adjusted == 0 and await weight(quiet, s1, r) is None
    for _ in range(3):
        await learn(quiet, user_id, QUERY, "agent-1", Feedback.PARTIAL, [r], strength=1.0)
    assert await weight(quiet, s1, r) == pytest.approx(1.0)
    await learn(quiet, user_id, QUERY, "agent-1", Feedback.WRONG, [r], strength=1.0)
    assert await weight(quiet, s1, r) == pytest.approx(0.0)


async def test_entities_can_be_reported(quiet, user_id, scene, remember):
    (s1, _), _ = scene
    await remember("the deploy bot posts to the releases channel", entities=["Slack"])
    records = (
        await quiet.db.driver.execute_query("MATCH (e:Entity {userId: $u, key: 'slack'}) RETURN e.id AS id", u=user_id)
    ).records
    slack = records[0]["id"]
    result = await learn(quiet, user_id, QUERY, "agent-1", Feedback.PARTIAL, [slack])
    assert result.edges_adjusted == 2 and await weight(quiet, s1, slack) == pytest.approx(0.2)


async def test_bad_input_and_other_users_nodes_write_nothing(quiet, user_id, scene):
    _, (r, s) = scene
    for strength in (-0.1, 0.0, 1.5):  # 0 would change nothing (QA: it reported edges adjusted)
        with pytest.raises(BadUserInput) as error:
            await learn(quiet, user_id, QUERY, "agent-1", Feedback.CORRECT, [r], strength=strength)
        assert error.value.extensions["field"] == "input.strength"
    with pytest.raises(BadUserInput) as error:  # recall, which would find its seeds, refuses it too
        await learn(quiet, user_id, "\u200b\u200b", "agent-1", Feedback.CORRECT, [r])
    assert error.value.extensions["field"] == "input.query"
    with pytest.raises(NotFound):
        await learn(quiet, "someone-else", QUERY, "agent-1", Feedback.CORRECT, [r])
    with pytest.raises(NotFound):
        await learn(quiet, user_id, QUERY, "agent-1", Feedback.CORRECT, [r, "no-such-node"])
    assert await weight(quiet, r, s) is None
    await manage.forget(quiet, user_id, r)
    with pytest.raises(Conflict):
        await learn(quiet, user_id, QUERY, "agent-1", Feedback.CORRECT, [r])
