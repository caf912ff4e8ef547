"""decide and observeOutcome whose transaction the driver retries: each attempt builds its
own state, so the retry records what it found itself, nothing of the failed attempt."""

import neo4j.exceptions

from graphmind.learning import decisions, outcomes
from graphmind.learning.decisions import Contribution, DecisionDraft, DecisionType
from graphmind.learning.outcomes import OutcomeDraft, Signal


def failing_once(real):
    """`real`, but its first call raises a transient error (the driver retries)."""
    calls = []

    def call(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise neo4j.exceptions.TransientError("injected: the first attempt fails")
        return real(*args, **kwargs)

    call.calls = calls  # type: ignore[attr-defined]
    return call


async def test_a_retried_decide_and_outcome_record_each_update_once(remember, deps, user_id, monkeypatch):
    redis = await remember("User prefers Redis for caching", baseSalience=0.6)
    other = await remember("The cache must survive restarts", baseSalience=0.5)
    create = failing_once(decisions._create)
    monkeypatch.setattr(decisions, "_create", create)
    decision = await decisions.decide(
        deps,
        user_id,
        DecisionDraft(
            DecisionType.RECOMMENDATION,
            "Use Redis",
            memories=[Contribution(redis.memory.id, 0.8), Contribution(other.memory.id, 0.2)],
        ),
    )
    assert len(create.calls) == 2 and set(decision.memory_scores) == {redis.memory.id, other.memory.id}

    couse = failing_once(outcomes._couse)  # after the first attempt learned: its updates are dropped
    monkeypatch.setattr(outcomes, "_couse", couse)
    first = await outcomes.observe_outcome(deps, user_id, OutcomeDraft(decision.trace_id, 0.8, Signal.USER_ACCEPTED))
    assert len(couse.calls) == 2
    assert sorted(u.memory_id for u in first.updates) == sorted([redis.memory.id, other.memory.id])
    revised = await outcomes.observe_outcome(
        deps, user_id, OutcomeDraft(decision.trace_id, -0.5, Signal.TASK_FAILED, revision=True)
    )
    assert [u.reason for u in revised.updates].count("revision_reversal") == 2
    assert len(revised.updates) == 4
