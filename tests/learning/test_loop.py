"""decide and observeOutcome against the real Neo4j: R10, R11, R14-R18, revisions, isolation."""

import asyncio
import itertools
import random
import uuid
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from graphmind.core.clock import FixedClock
from graphmind.core.ids import issued_within, timed_id
from graphmind.db.database import Database
from graphmind.errors import BadUserInput, Conflict, NotFound, Unavailable
from graphmind.learning import decisions, outcomes, traces
from graphmind.learning.decisions import Contribution, DecisionDraft, DecisionType
from graphmind.learning.event_log import events_after
from graphmind.learning.insights import top_performers
from graphmind.learning.outcomes import OutcomeDraft, Signal
from graphmind.learning.replay import replay
from graphmind.memory import manage
from graphmind.memory.recall import recall


def draft(*contributions: tuple[str, float], **fields) -> DecisionDraft:
    return DecisionDraft(
        decision_type=fields.pop("decision_type", DecisionType.RECOMMENDATION),
        summary=fields.pop("summary", "Use Redis for the cache layer"),
        memories=[Contribution(m, c) for m, c in contributions],
        **fields,
    )


def outcome(trace_id: str, quality: float, **fields) -> OutcomeDraft:
    return OutcomeDraft(trace_id, quality, fields.pop("signal", Signal.USER_ACCEPTED), **fields)


async def test_seed_worked_example_end_to_end(remember, deps, user_id):
    redis = await remember("User prefers Redis for caching", baseSalience=0.6, temporalLevel=2)
    other = await remember("The cache must survive restarts", baseSalience=0.5, temporalLevel=2)
    decision = await decisions.decide(deps, user_id, draft((redis.memory.id, 0.8), (other.memory.id, 0.2)))
    assert decision.memory_scores == pytest.approx({redis.memory.id: 0.8, other.memory.id: 0.2})
    result = await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, 0.8))
    update = next(u for u in result.updates if u.memory_id == redis.memory.id)
    assert round(update.delta, 3) == 0.032
    assert round(update.new_effective, 3) == 0.632
    stored = await manage.get_memory(deps, user_id, redis.memory.id)
    assert round(stored.outcome_adjustment, 3) == 0.032 and round(stored.effective_salience, 3) == 0.632


async def test_decide_from_a_retrieval_normalises_scores_and_records_alternatives(remember, deps, user_id):
    await remember("Postgres handles our analytics workload well")
    await remember("Postgres replication lag was measured at 2 seconds")
    retrieval = await recall(deps, user_id, "Postgres analytics", 5)
    decision = await decisions.decide(
        deps,
        user_id,
        DecisionDraft(
            DecisionType.ACTION,
            "Move analytics to Postgres",
            retrieval_id=retrieval.retrieval_id,
            alternatives=["Keep ClickHouse", "Use BigQuery"],
        ),
    )
    assert sum(decision.memory_scores.values()) == pytest.approx(1.0)
    assert set(decision.memory_scores) == {i.memory.id for i in retrieval.items}
    assert decision.confidence_estimated and 0.05 <= decision.confidence <= 0.95
    records = (
        await deps.db.driver.execute_query(
            "MATCH (d:Decision {id: $id})-[:ALTERNATIVE {notChosen: true}]->(a:Decision {chosen: false}) "
            "RETURN a.summary AS s ORDER BY s",
            id=decision.trace_id,
        )
    ).records
    assert [r["s"] for r in records] == ["Keep ClickHouse", "Use BigQuery"]


async def test_confidence_is_lower_when_memories_disagree(remember, deps, user_id):
    a = await remember("Deploy on Fridays is fine for small changes", baseSalience=0.8)
    b = await remember("Small Friday deploys have never broken production", baseSalience=0.8)
    assert not a.conflicts and not b.conflicts  # both active: decide takes only active memories
    c = await remember("The office plants need water twice a week", baseSalience=0.8)
    agree = await decisions.decide(deps, user_id, draft((a.memory.id, 1), (b.memory.id, 1)))
    apart = await decisions.decide(deps, user_id, draft((a.memory.id, 1), (c.memory.id, 1)))
    assert agree.confidence > apart.confidence


async def test_a_trace_with_another_users_memory_is_refused(remember, deps, user_id):
    mine = await remember("My note about the deploy checklist")
    theirs = await remember("Their note about the deploy checklist", user=user_id + "-other")
    with pytest.raises(NotFound):
        await decisions.decide(deps, user_id, draft((mine.memory.id, 1), (theirs.memory.id, 1)))
    theirs_retrieval = await recall(deps, user_id + "-other", "deploy checklist", 3)
    with pytest.raises(Unavailable):  # recalled moments ago: "try again", as for any id issued as recently
        await decisions.decide(
            deps, user_id, DecisionDraft(DecisionType.ACTION, "x", retrieval_id=theirs_retrieval.retrieval_id)
        )
    assert (
        await deps.db.driver.execute_query("MATCH (d:Decision {userId: $u}) RETURN count(d) AS n", u=user_id)
    ).records[0]["n"] == 0


async def test_decide_refuses_a_forgotten_or_superseded_memory_and_writes_nothing(remember, deps, user_id):
    """Issue 16: decide accepted a forgotten memory (and a later outcome changed its salience)
    while learn refused the same memory with CONFLICT."""
    kept = (await remember("Deploy windows are on Tuesday mornings", baseSalience=0.5)).memory.id
    forgotten = (await remember("The coffee machine is on the third floor", baseSalience=0.5)).memory.id
    old = (await remember("The VPN endpoint lives in the Frankfurt region", baseSalience=0.5)).memory.id
    new = (await remember("Alice reviews every schema migration by hand", baseSalience=0.5)).memory.id
    await manage.forget(deps, user_id, forgotten)
    await manage.supersede(deps, user_id, old, new)
    logged = len(await events_after(deps, user_id, 0, None, 500))
    for inactive in (forgotten, old):
        with pytest.raises(Conflict, match=inactive):
            await decisions.decide(deps, user_id, draft((kept, 1), (inactive, 1)))
    assert (
        await deps.db.driver.execute_query("MATCH (d:Decision {userId: $u}) RETURN count(d) AS n", u=user_id)
    ).records[0]["n"] == 0
    assert len(await events_after(deps, user_id, 0, None, 500)) == logged
    assert (await manage.get_memory(deps, user_id, forgotten)).outcome_adjustment == 0.0


async def test_decide_with_only_a_retrieval_infers_attribution_from_the_ranks(remember, deps, user_id):
    for text in (
        "Postgres handles our analytics workload well",
        "Postgres replication lag was measured at 2 seconds",
        "Postgres vacuum runs nightly on the analytics cluster",
    ):
        await remember(text)
    retrieval = await recall(deps, user_id, "Postgres analytics", 5)
    decision = await decisions.decide(
        deps,
        user_id,
        DecisionDraft(DecisionType.ACTION, "Move analytics to Postgres", retrieval_id=retrieval.retrieval_id),
    )
    assert decision.attribution_inferred
    best = retrieval.items[0].score
    raw = {item.memory.id: item.score / best / rank for rank, item in enumerate(retrieval.items, start=1)}
    assert decision.memory_scores == pytest.approx({m: v / sum(raw.values()) for m, v in raw.items()})
    assert max(decision.memory_scores, key=decision.memory_scores.get) == retrieval.items[0].memory.id
    named = await decisions.decide(
        deps,
        user_id,
        DecisionDraft(
            DecisionType.ACTION,
            "x",
            retrieval_id=retrieval.retrieval_id,
            memories=[Contribution(retrieval.items[1].memory.id)],
        ),
    )
    assert not named.attribution_inferred


async def test_an_inferred_attribution_learns_by_surprise(remember, deps, user_id):
    """Once its memories predict a success, another success teaches less; a named memory
    learns from the outcome itself (R15) however often it succeeded."""
    await remember("Redis keeps the session cache fast", baseSalience=0.5, temporalLevel=1)
    deltas = []
    for _ in range(4):
        retrieval = await recall(deps, user_id, "session cache", 1)
        decision = await decisions.decide(
            deps,
            user_id,
            DecisionDraft(DecisionType.ACTION, "Cache sessions in Redis", retrieval_id=retrieval.retrieval_id),
        )
        result = await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, 0.8))
        deltas.append(result.updates[0].delta)
    assert deltas[0] == pytest.approx(0.08)  # nothing predicted yet: R15 with the full quality
    assert deltas == sorted(deltas, reverse=True) and deltas[-1] < deltas[0] * 0.8
    memory_id = retrieval.items[0].memory.id
    named = await decisions.decide(deps, user_id, draft((memory_id, 1.0)))
    result = await outcomes.observe_outcome(deps, user_id, outcome(named.trace_id, 0.8))
    assert result.updates[0].delta == pytest.approx(0.08)


async def test_decide_from_a_retrieval_leaves_out_memories_forgotten_since_the_recall(remember, deps, user_id):
    a = (await remember("Postgres handles our analytics workload well")).memory.id
    b = (await remember("Postgres replication lag was measured at 2 seconds")).memory.id
    retrieval = await recall(deps, user_id, "Postgres analytics", 5)
    assert {a, b} <= {i.memory.id for i in retrieval.items}
    await manage.forget(deps, user_id, b)
    decision = await decisions.decide(
        deps,
        user_id,
        DecisionDraft(DecisionType.ACTION, "Move analytics to Postgres", retrieval_id=retrieval.retrieval_id),
    )
    assert decision.skipped == [b] and set(decision.memory_scores) == {i.memory.id for i in retrieval.items} - {b}
    result = await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, 0.9))
    assert b not in {u.memory_id for u in result.updates}
    assert (await manage.get_memory(deps, user_id, b)).outcome_adjustment == 0.0
    with pytest.raises(Conflict, match=b):  # named explicitly, it is refused
        await decisions.decide(
            deps,
            user_id,
            DecisionDraft(DecisionType.ACTION, "x", retrieval_id=retrieval.retrieval_id, memories=[Contribution(b)]),
        )
    for item in retrieval.items:
        if item.memory.id != b:
            await manage.forget(deps, user_id, item.memory.id)
    with pytest.raises(Conflict, match="recall again"):
        await decisions.decide(
            deps,
            user_id,
            DecisionDraft(DecisionType.ACTION, "Move analytics anyway", retrieval_id=retrieval.retrieval_id),
        )


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"summary": "  "}, "input.summary"),
        ({"confidence": 1.2}, "input.confidence"),
        ({"alternatives": [""]}, "input.alternatives[0]"),
        ({"twice": True}, "input.memories[1].memoryId"),  # QA: the last contribution silently won
    ],
)
async def test_bad_decisions(remember, deps, user_id, fields, field):
    stored = await remember("Something worth deciding about today")
    named = [(stored.memory.id, 1)] + ([(stored.memory.id, 0.5)] if fields.pop("twice", False) else [])
    with pytest.raises(BadUserInput) as error:
        await decisions.decide(deps, user_id, draft(*named, **fields))
    assert error.value.field == field


@pytest.mark.parametrize(("level", "expected"), [(1, 0.08), (2, 0.04), (3, 0.02), (4, 0.008)])
async def test_temporal_dampening_per_level(remember, deps, user_id, level, expected):
    stored = await remember(f"A level {level} memory for dampening", baseSalience=0.5, temporalLevel=level)
    decision = await decisions.decide(deps, user_id, draft((stored.memory.id, 1)))
    result = await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, 0.8))
    assert result.updates[0].delta == pytest.approx(expected)  # 0.8 × 1.0 × 0.1 × dampening


async def test_total_adjustment_is_bounded_over_many_outcomes(remember, deps, user_id):
    stored = await remember("A memory that keeps being right", baseSalience=0.4, temporalLevel=1)
    for _ in range(7):
        decision = await decisions.decide(deps, user_id, draft((stored.memory.id, 1)))
        await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, 1.0))
    memory = await manage.get_memory(deps, user_id, stored.memory.id)
    assert memory.outcome_adjustment == pytest.approx(0.5) and memory.effective_salience == pytest.approx(0.9)


async def test_outcomes_use_the_learning_settings(remember, deps, user_id):
    tuned = replace(
        deps,
        settings=deps.settings.model_copy(
            update={"negative_outcome_weight": 2.0, "temporal_dampening": (1.0, 0.3, 0.1, 0.03)}
        ),
    )
    stored = await remember("A level 2 memory that misleads", baseSalience=0.5, temporalLevel=2)
    decision = await decisions.decide(tuned, user_id, draft((stored.memory.id, 1)))
    result = await outcomes.observe_outcome(tuned, user_id, outcome(decision.trace_id, -0.8))
    assert result.updates[0].delta == pytest.approx(-0.8 * 0.1 * 0.3 * 2.0)


async def test_a_decaying_learning_rate_counts_the_memorys_earlier_outcomes(remember, deps, user_id):
    decaying = replace(
        deps, settings=deps.settings.model_copy(update={"learning_rate_min": 0.01, "learning_rate_half_life": 1.0})
    )
    stored = await remember("A memory that keeps being judged", baseSalience=0.5, temporalLevel=1)
    deltas = []
    for _ in range(3):
        decision = await decisions.decide(decaying, user_id, draft((stored.memory.id, 1)))
        result = await outcomes.observe_outcome(decaying, user_id, outcome(decision.trace_id, 0.5))
        deltas.append(result.updates[0].delta)
    rates = [0.01 + 0.09 * 0.5**n for n in range(3)]  # after 0, 1 and 2 earlier outcomes
    assert deltas == pytest.approx([0.5 * rate for rate in rates])
    revised = await outcomes.observe_outcome(decaying, user_id, outcome(decision.trace_id, 0.5, revision=True))
    assert revised.updates[-1].delta == pytest.approx(deltas[-1])  # the revised outcome does not count


async def test_a_memorys_outcomes_are_counted_on_it_and_counted_once_for_a_memory_observed_before(
    remember, deps, user_id
):
    """An observation reads the memory's count of decisions with an outcome instead of
    walking all its decisions (which grew with every use: 5.4 ms of an observation at 10k
    memories after 900 rounds, docs/benchmarks.md); a memory whose outcomes were observed
    before the count was kept has them counted the first time."""
    decaying = replace(
        deps, settings=deps.settings.model_copy(update={"learning_rate_min": 0.01, "learning_rate_half_life": 1.0})
    )
    stored = await remember("A memory judged before and after an upgrade", baseSalience=0.5, temporalLevel=1)

    async def observed(quality: float) -> float:
        decision = await decisions.decide(decaying, user_id, draft((stored.memory.id, 1)))
        result = await outcomes.observe_outcome(decaying, user_id, outcome(decision.trace_id, quality))
        return result.updates[0].delta

    async def count() -> int | None:
        records, _, _ = await deps.db.driver.execute_query(
            "MATCH (m:Memory {id: $id}) RETURN m.outcomeCount AS n", id=stored.memory.id, database_=deps.db.name
        )
        return records[0]["n"]

    await observed(0.5)
    await observed(0.5)
    assert await count() == 2
    await deps.db.driver.execute_query(  # as a memory observed by an earlier version left it
        "MATCH (m:Memory {id: $id}) REMOVE m.outcomeCount", id=stored.memory.id, database_=deps.db.name
    )
    assert await observed(0.5) == pytest.approx(0.5 * (0.01 + 0.09 * 0.5**2))  # after 2 earlier outcomes
    assert await count() == 3
    assert await observed(0.5) == pytest.approx(0.5 * (0.01 + 0.09 * 0.5**3))
    assert await count() == 4


async def test_seven_day_window(remember, deps, user_id):
    clock = FixedClock(datetime(2030, 1, 1, tzinfo=UTC))
    timed = replace(deps, clock=clock)
    stored = await remember("Use blue-green deploys for the API")
    late = await decisions.decide(timed, user_id, draft((stored.memory.id, 1)))
    in_time = await decisions.decide(timed, user_id, draft((stored.memory.id, 1)))
    clock.advance(days=6, hours=23)
    await outcomes.observe_outcome(timed, user_id, outcome(in_time.trace_id, 0.5))
    clock.advance(hours=2)
    with pytest.raises(Conflict, match="7-day"):
        await outcomes.observe_outcome(timed, user_id, outcome(late.trace_id, 0.5))


async def test_double_report_conflicts_and_a_revision_replaces_the_first(remember, deps, user_id):
    stored = await remember("Cache invalidation by TTL works here", baseSalience=0.5, temporalLevel=1)
    decision = await decisions.decide(deps, user_id, draft((stored.memory.id, 1)))
    await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, 0.5))
    with pytest.raises(Conflict, match="revision"):
        await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, -0.5))
    revised = await outcomes.observe_outcome(
        deps, user_id, outcome(decision.trace_id, -0.5, signal=Signal.TASK_FAILED, revision=True)
    )
    assert [u.reason for u in revised.updates] == ["revision_reversal", "negative_outcome"]
    memory = await manage.get_memory(deps, user_id, stored.memory.id)
    assert memory.outcome_adjustment == pytest.approx(-0.05)  # the first +0.05 was reversed


async def test_each_revision_leaves_only_the_current_outcomes_effect(remember, deps, user_id):
    """A revision undoes what the decision's outcomes still hold (every update of every
    outcome, reversals included): summing only the replaced outcome's updates, its reversal
    of the one before included, brought the first outcome back from the third on (QA: 0.6,
    then -0.2, then 0.1 three times left salience at 0.67, 0.59, 0.68)."""
    stored = await remember("Blue-green deploys cut our downtime", baseSalience=0.6, temporalLevel=1)
    decision = await decisions.decide(deps, user_id, draft((stored.memory.id, 1)))
    await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, 0.6))
    for quality in (-0.2, 0.1, 0.1, 0.1, -0.4):
        revised = await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, quality, revision=True))
        [taught] = [u for u in revised.updates if u.reason != "revision_reversal"]
        memory = await manage.get_memory(deps, user_id, stored.memory.id)
        assert memory.outcome_adjustment == pytest.approx(taught.delta)  # the current outcome's alone
        assert all(abs(u.delta) <= 0.1 + 1e-9 for u in revised.updates)


@pytest.mark.parametrize(("first", "final"), [(0.9, -0.6), (-0.6, 0.9)])
async def test_a_revision_takes_the_replaced_outcome_out_of_utility_stability_and_validity(
    remember, deps, user_id, first, final
):
    """QA: only salience was reversed, so a success revised to a failure left the memory more
    useful, slower to decay and valid longer. Now the revised memory ends as its twin, which
    only ever had the final outcome."""
    until = (datetime.now(UTC) + timedelta(days=30)).isoformat()
    ids = {}
    for user in (user_id, user_id + "-twin"):
        stored = await remember("Canary releases catch regressions early", user=user, validUntil=until)
        decision = await decisions.decide(deps, user, draft((stored.memory.id, 1)))
        for quality, revision in ((first, False), (final, True)) if user == user_id else ((final, False),):
            await outcomes.observe_outcome(deps, user, outcome(decision.trace_id, quality, revision=revision))
        ids[user] = stored.memory.id
    revised, twin = [await manage.get_memory(deps, user, memory_id) for user, memory_id in ids.items()]
    assert revised.utility == pytest.approx(twin.utility, abs=1e-9)
    assert revised.stability == pytest.approx(twin.stability, abs=1e-9)
    assert abs((revised.valid_until - twin.valid_until).total_seconds()) < 5  # the two remembers' instants apart


async def test_a_good_outcome_extends_a_validity_at_the_last_instant_no_further(remember, deps, user_id):
    """QA: a memory valid until the end of year 9999 made every good outcome INTERNAL
    (the extension overflowed Python's datetime)."""
    stored = await remember("The archive keeps audit logs until the end of time", validUntil="9999-12-31T23:59:59Z")
    decision = await decisions.decide(deps, user_id, draft((stored.memory.id, 1)))
    await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, 1.0))
    memory = await manage.get_memory(deps, user_id, stored.memory.id)
    assert memory.valid_until == outcomes.LATEST.replace(microsecond=0) or memory.valid_until == outcomes.LATEST
    assert memory.outcome_adjustment > 0


async def test_concurrent_revisions_are_stamped_in_the_order_they_commit(remember, deps, user_id):
    """QA: `now` was read before the decision's lock, so a revised outcome could be revised
    before it was observed and the active one was not the newest."""
    stored = await remember("Feature flags let us dark-launch the search rewrite")
    decision = await decisions.decide(deps, user_id, draft((stored.memory.id, 1)))
    await outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, 0.5))
    await asyncio.gather(
        *[
            outcomes.observe_outcome(deps, user_id, outcome(decision.trace_id, q, revision=True))
            for q in (0.1, -0.2, 0.3, -0.4, 0.5, 0.6)
        ]
    )
    recorded = (await traces.get_decision(deps, user_id, decision.trace_id)).outcomes
    assert [o.status for o in recorded] == ["revised"] * 6 + ["active"]  # oldest first: the active one last
    for earlier, later in itertools.pairwise(recorded):
        assert earlier.observed_at <= later.observed_at and earlier.revised_at == later.observed_at


async def test_unknown_trace_and_another_users_trace(remember, deps, user_id):
    stored = await remember("A memory behind someone's decision", user=user_id + "-other")
    theirs = await decisions.decide(deps, user_id + "-other", draft((stored.memory.id, 1)))
    for trace in ("00000000-0000-0000-0000-000000000000", theirs.trace_id):
        with pytest.raises(NotFound):
            await outcomes.observe_outcome(deps, user_id, outcome(trace, 0.5))


async def test_decide_and_observe_send_their_queries_parameters_of_the_same_types(
    remember, deps, user_id, parameter_types
):
    """One cached plan per query (docs/architecture.md, "One cached plan per query and
    parameter types"): a retrieval or none, named memories or none, a session or none, a
    feedback or none, a revision or none change no parameter's type."""
    memory = (await remember("User prefers Redis for caching")).memory.id
    found = await recall(deps, user_id, "which cache does the user prefer?", 5)
    parameter_types.clear()
    decided = [
        await decisions.decide(deps, user_id, draft(retrieval_id=found.retrieval_id)),
        await decisions.decide(deps, user_id, draft((memory, 1.0))),
        await decisions.decide(
            deps, user_id, draft((memory, 1.0), retrieval_id=found.retrieval_id, session_id="s1", alternatives=["x"])
        ),
    ]
    await outcomes.observe_outcome(deps, user_id, outcome(decided[0].trace_id, 0.8))
    await outcomes.observe_outcome(deps, user_id, outcome(decided[1].trace_id, -0.5, feedback="it was slow"))
    await outcomes.observe_outcome(deps, user_id, outcome(decided[1].trace_id, 0.2, revision=True))
    await outcomes.observe_outcome(deps, user_id, outcome(decided[2].trace_id, 0.0))
    assert {name: len(types) for name, types in parameter_types.items()} == {
        "memory.record_retrieval": 1,  # the recall's record, still queued: written by the first decision
        "decisions.influences": 1,
        "decisions.create": 1,
        "outcomes.trace": 1,
        "outcomes.record": 1,
    }


async def test_top_performers_on_a_constructed_history(remember, deps, user_id):
    star = await remember("Batch the writes with UNWIND for speed", temporalLevel=3)
    once = await remember("Use an index on userId for every label", temporalLevel=3)
    for quality in (0.8, 0.9, 0.7):
        d = await decisions.decide(deps, user_id, draft((star.memory.id, 1)))
        await outcomes.observe_outcome(deps, user_id, outcome(d.trace_id, quality))
    for quality in (0.9, 0.2):
        d = await decisions.decide(deps, user_id, draft((once.memory.id, 1)))
        await outcomes.observe_outcome(deps, user_id, outcome(d.trace_id, quality))
    [top] = await top_performers(deps, user_id)
    assert top.memory.id == star.memory.id and top.successes == 3
    assert top.average_quality == pytest.approx(0.8)
    await manage.forget(deps, user_id, star.memory.id)
    assert await top_performers(deps, user_id) == []  # forgotten: not advice to follow (QA)


async def test_replay_finds_no_difference_after_a_random_mix(deps, user_id, remember):
    rng = random.Random(7)
    texts = [
        "Redis keeps the session cache warm",
        "Postgres stores the billing ledger",
        "Kafka carries the clickstream events",
        "Grafana dashboards show p95 latency",
        "Terraform manages the staging network",
        "Alice reviews every schema change",
        "Backups run nightly at two o'clock",
        "The mobile app ships every second Tuesday",
    ]
    ids = [(await remember(text, temporalLevel=rng.randint(1, 4))).memory.id for text in texts]
    traces, forgotten = [], set()
    for _ in range(25):
        action = rng.choice(["decide", "observe", "revise", "recall", "forget"])
        if action == "decide" or not traces:
            active = [m for m in ids if m not in forgotten]  # decide takes only active memories
            picked = rng.sample(active, min(len(active), rng.randint(1, 3)))
            d = await decisions.decide(deps, user_id, draft(*[(m, rng.random()) for m in picked]))
            traces.append([d.trace_id, False])
        elif action in ("observe", "revise"):
            trace = rng.choice(traces)
            if trace[1] and action == "observe":
                continue
            await outcomes.observe_outcome(deps, user_id, outcome(trace[0], rng.uniform(-1, 1), revision=trace[1]))
            trace[1] = True
        elif action == "recall":
            await recall(deps, user_id, rng.choice(texts), 5)
        else:
            memory = rng.choice(ids)
            try:
                await manage.forget(deps, user_id, memory)
                forgotten.add(memory)
            except Conflict:
                await manage.restore(deps, user_id, memory)
                forgotten.discard(memory)
    await deps.db.behind.owner_settled(user_id)  # the recalls' records (memory.retrieved) are written behind
    report = await replay(deps.db, user_id)
    assert report.events > 0 and report.memories == 8
    assert report.differences == []
    log = await events_after(deps, user_id, 0, None, 500)
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert {"memory.stored", "decision.tracked", "outcome.observed", "salience.adjusted"} <= {e.type for e in log}


async def retrieval_found(deps, user_id: str, retrieval_id: str) -> bool:
    [row] = await deps.db.read(
        "decisions.influences", userId=user_id, optional={"retrievalId": retrieval_id}, memoryIds=[""]
    )
    return row["retrievalFound"]


async def test_a_decision_writes_the_record_of_its_retrieval_when_it_is_still_queued(
    remember, deps, user_id, hold_writer
):
    await remember("Postgres handles our analytics workload well")
    behind = deps.db.behind
    async with hold_writer(deps.db):  # the writer is busy: the record stays queued
        busy = user_id + "-busy"
        first = await recall(deps, busy, "keep the writer busy", 3)  # its record in flight, held
        await asyncio.sleep(0)
        retrieval = await recall(deps, user_id, "Postgres analytics", 5)
        assert not await retrieval_found(deps, user_id, retrieval.retrieval_id)
        decision = await decisions.decide(
            deps, user_id, DecisionDraft(DecisionType.ACTION, "Use Postgres", retrieval_id=retrieval.retrieval_id)
        )
        assert behind.claim(retrieval.retrieval_id, user_id) is None  # taken by the decision, not left queued
        assert await retrieval_found(deps, user_id, retrieval.retrieval_id)
        assert decision.memory_scores and decision.attribution_inferred
    await behind.owner_settled(busy)
    assert await retrieval_found(deps, busy, first.retrieval_id)
    seqs = [e.seq for e in await events_after(deps, user_id, 0, None, 100)]
    assert seqs == list(range(1, len(seqs) + 1))  # no gap, none twice


async def test_a_decision_waits_for_a_retrieval_another_process_is_still_recording(
    remember, deps, user_id, other_process_db, hold_writer
):
    """Another server process's recall is recorded behind it: a decision here on its
    retrieval waits for the record (retrieval_wait_seconds), then finds it."""
    await remember("Redis is our cache")
    async with hold_writer(other_process_db) as release:
        retrieval = await recall(replace(deps, db=other_process_db), user_id, "cache", 3)
        asyncio.get_running_loop().call_later(0.2, release.set)
        decision = await decisions.decide(
            deps, user_id, DecisionDraft(DecisionType.ACTION, "Keep Redis", retrieval_id=retrieval.retrieval_id)
        )
        assert decision.retrieval_id == retrieval.retrieval_id


def waiting_briefly(deps):
    """deps whose decisions wait 0.1 s (not 1 s) for a retrieval not yet written."""
    return replace(deps, settings=deps.settings.model_copy(update={"retrieval_wait_seconds": 0.1}))


async def test_a_retrieval_that_never_comes_is_not_found_after_the_wait(deps, user_id):
    waited = waiting_briefly(deps)
    with pytest.raises(NotFound, match="no retrieval"):
        await decisions.decide(
            waited, user_id, DecisionDraft(DecisionType.ACTION, "Anything", retrieval_id="no-such-retrieval")
        )


def a_process_that_saw_neo4j_unreachable(deps):
    """deps with a Database of its own (another server process) that has just noted an
    outage, and a short wait for retrievals not yet written."""
    here = replace(waiting_briefly(deps), db=Database(deps.db.driver, deps.db.library, deps.db.name))
    here.db.note_unreachable()
    return here


async def test_soon_after_an_outage_a_retrieval_not_yet_written_is_to_retry_not_missing(
    remember, deps, user_id, other_process_db, hold_writer, monkeypatch
):
    """After Neo4j was unreachable, the process that answered a recall may still hold its
    record queued: a decision elsewhere on it is told to try again (UNAVAILABLE), not that
    the retrieval does not exist, and the retry finds it."""
    monkeypatch.setattr(decisions, "issued_within", lambda *_: False)  # the outage alone, not the id's time
    await remember("Redis is our cache")
    here = a_process_that_saw_neo4j_unreachable(deps)
    draft = DecisionDraft(DecisionType.ACTION, "Keep Redis")
    async with hold_writer(other_process_db):
        retrieval = await recall(replace(deps, db=other_process_db), user_id, "cache", 3)
        with pytest.raises(Unavailable, match="try again"):
            await decisions.decide(here, user_id, replace(draft, retrieval_id=retrieval.retrieval_id))
    await other_process_db.behind.owner_settled(user_id)
    decision = await decisions.decide(here, user_id, replace(draft, retrieval_id=retrieval.retrieval_id))
    assert decision.retrieval_id == retrieval.retrieval_id
    with pytest.raises(Unavailable):  # an unknown id gets the same answer meanwhile
        await decisions.decide(here, user_id, replace(draft, retrieval_id="no-such-retrieval"))
    with pytest.raises(Unavailable):  # another user's retrieval: nothing tells them apart
        await decisions.decide(here, user_id + "-other", replace(draft, retrieval_id=retrieval.retrieval_id))


async def test_a_missing_retrieval_is_not_found_again_once_the_outage_is_past(deps, user_id, monkeypatch):
    here = a_process_that_saw_neo4j_unreachable(deps)
    monkeypatch.setattr(decisions, "RECORD_GRACE_SECONDS", 0.0)
    with pytest.raises(NotFound, match="no retrieval"):
        await decisions.decide(here, user_id, DecisionDraft(DecisionType.ACTION, "Anything", retrieval_id="no-such"))


async def test_another_users_decision_cannot_take_a_queued_record(remember, deps, user_id, hold_writer, monkeypatch):
    await remember("Postgres handles our analytics workload well")
    behind = deps.db.behind
    intruder = waiting_briefly(deps)
    async with hold_writer(deps.db):
        await recall(deps, user_id + "-busy", "keep the writer busy", 3)
        await asyncio.sleep(0)
        retrieval = await recall(deps, user_id, "Postgres analytics", 5)
        draft = DecisionDraft(DecisionType.ACTION, "Use Postgres", retrieval_id=retrieval.retrieval_id)
        with pytest.raises(Unavailable, match="try again") as theirs:
            await decisions.decide(intruder, user_id + "-intruder", draft)
        unknown = timed_id()
        with pytest.raises(Unavailable) as nobodys:
            await decisions.decide(intruder, user_id + "-intruder", replace(draft, retrieval_id=unknown))
        assert str(theirs.value).replace(retrieval.retrieval_id, "ID") == str(nobodys.value).replace(unknown, "ID")
        monkeypatch.setattr(decisions, "RECORD_GRACE_SECONDS", 0.0)
        with pytest.raises(NotFound, match="no retrieval"):
            await decisions.decide(intruder, user_id + "-intruder", draft)
    await behind.owner_settled(user_id)
    assert await retrieval_found(deps, user_id, retrieval.retrieval_id)


async def test_a_retrieval_recalled_moments_ago_but_not_yet_written_is_to_retry_not_missing(
    remember, deps, user_id, other_process_db, hold_writer
):
    """Another process's writer can be slow to commit (an overloaded Neo4j): a decision
    that cannot find a retrieval issued less than RECORD_GRACE_SECONDS ago (its id says
    when) is told to try again, and the retry finds it; an id issued as recently that
    nobody recorded gets the same answer, an old or made-up one NOT_FOUND."""
    await remember("Redis is our cache")
    here = waiting_briefly(deps)
    draft = DecisionDraft(DecisionType.ACTION, "Keep Redis")
    async with hold_writer(other_process_db):
        retrieval = await recall(replace(deps, db=other_process_db), user_id, "cache", 3)
        assert issued_within(retrieval.retrieval_id, 5)
        with pytest.raises(Unavailable, match="recalled moments ago"):
            await decisions.decide(here, user_id, replace(draft, retrieval_id=retrieval.retrieval_id))
        with pytest.raises(Unavailable):
            await decisions.decide(here, user_id, replace(draft, retrieval_id=timed_id()))
        for made_up in ("no-such-retrieval", str(uuid.uuid4())):
            with pytest.raises(NotFound, match="no retrieval"):
                await decisions.decide(here, user_id, replace(draft, retrieval_id=made_up))
    await other_process_db.behind.owner_settled(user_id)
    decision = await decisions.decide(here, user_id, replace(draft, retrieval_id=retrieval.retrieval_id))
    assert decision.retrieval_id == retrieval.retrieval_id


async def test_an_unknown_retrieval_is_looked_up_a_few_times_not_fifty(deps, user_id, monkeypatch):
    """The wait for a retrieval another process records backs off (20 ms doubling to 200 ms)."""
    lookups = 0
    transaction = deps.db.transaction

    async def counted(work):
        nonlocal lookups
        lookups += 1
        return await transaction(work)

    monkeypatch.setattr(deps.db, "transaction", counted)
    with pytest.raises(NotFound, match="no retrieval"):
        await decisions.decide(deps, user_id, DecisionDraft(DecisionType.ACTION, "Anything", retrieval_id="no-such"))
    assert 2 <= lookups <= 10  # waited for it (1 s by default), without a query every 20 ms
