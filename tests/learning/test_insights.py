"""Counterfactuals against the real Neo4j: a decision's own alternatives, then past decisions."""

import pytest

from graphmind.errors import NotFound
from graphmind.learning import decisions, outcomes
from graphmind.learning.decisions import Contribution, DecisionDraft, DecisionType
from graphmind.learning.insights import counterfactuals
from graphmind.learning.outcomes import OutcomeDraft, Signal


async def test_counterfactuals_include_the_decisions_own_alternatives(remember, deps, user_id):
    """Issue 16: counterfactuals ignored the decision's own ALTERNATIVE nodes."""
    memory = (await remember("Redis cut the API cache latency in half")).memory.id
    made = await decisions.decide(
        deps,
        user_id,
        DecisionDraft(
            DecisionType.RECOMMENDATION,
            "Use Redis for the cache",
            memories=[Contribution(memory)],
            alternatives=["Use Memcached", "Cache nothing"],
        ),
    )
    alone = await counterfactuals(deps, user_id, made.trace_id)
    assert [(c.trace_id, c.summary, c.alternative, c.quality, c.difference) for c in alone] == sorted(
        [(i, s, True, None, None) for i, s in made.alternatives], key=lambda c: c[1]
    )
    assert all(
        c.overlap == 1.0
        and c.only_here == c.only_there == []
        and c.created_at == made.created_at
        and c.decision_type == "recommendation"
        for c in alone
    )

    past = await decisions.decide(
        deps,
        user_id,
        DecisionDraft(DecisionType.ACTION, "Cache the product pages in Redis", memories=[Contribution(memory)]),
    )
    await outcomes.observe_outcome(deps, user_id, OutcomeDraft(past.trace_id, -0.8, Signal.TASK_FAILED))
    found = await counterfactuals(deps, user_id, made.trace_id, limit=1)
    assert [c.alternative for c in found] == [True, True, False]  # every alternative, then `limit` past ones
    assert (found[2].trace_id, found[2].quality, found[2].overlap) == (past.trace_id, -0.8, 1.0)
    assert await counterfactuals(deps, user_id, past.trace_id) == []  # no alternatives; the other has no outcome


async def test_counterfactuals_of_an_unknown_or_alternative_id_are_not_found(remember, deps, user_id):
    memory = (await remember("Kafka carries the clickstream events")).memory.id
    made = await decisions.decide(
        deps,
        user_id,
        DecisionDraft(DecisionType.ACTION, "Use Kafka", memories=[Contribution(memory)], alternatives=["Use RabbitMQ"]),
    )
    for trace_id in ("nope", made.alternatives[0][0]):
        with pytest.raises(NotFound):
            await counterfactuals(deps, user_id, trace_id)
