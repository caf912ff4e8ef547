"""Reading decisions back against the real Neo4j: one trace (memories and scores,
alternatives, outcomes with revisions, CAUSED edges), filtered cursor pages, isolation."""

from datetime import timedelta

import pytest

from graphmind.errors import BadUserInput, NotFound
from graphmind.learning import decisions, outcomes, traces
from graphmind.learning.decisions import Contribution, DecisionDraft, DecisionType
from graphmind.learning.outcomes import OutcomeDraft, Signal
from graphmind.learning.traces import DecisionFilter

MISSING = "00000000-0000-0000-0000-000000000000"


def draft(*memory_ids: str, **fields) -> DecisionDraft:
    return DecisionDraft(
        fields.pop("decision_type", DecisionType.ACTION),
        fields.pop("summary", "Ship it"),
        memories=[Contribution(m, c) for m, c in memory_ids],
        **fields,
    )


async def test_a_decision_reads_back_with_memories_alternatives_outcomes_and_causes(timed, clock, store, user_id):
    redis = await store("User prefers Redis for caching", baseSalience=0.6, temporalLevel=2)
    other = await store("The cache must survive restarts", baseSalience=0.5, temporalLevel=2)
    made = await decisions.decide(
        timed,
        user_id,
        draft(
            (redis.memory.id, 0.8),
            (other.memory.id, 0.2),
            decision_type=DecisionType.RECOMMENDATION,
            summary="Use Redis for the cache",
            alternatives=["Use Memcached", "Cache nothing"],
            session_id="s-1",
        ),
    )
    fresh = await traces.get_decision(timed, user_id, made.trace_id)
    assert fresh.outcome is None and fresh.outcomes == []
    clock.advance(hours=1)
    first = await outcomes.observe_outcome(timed, user_id, OutcomeDraft(made.trace_id, 0.8, Signal.USER_ACCEPTED))
    clock.advance(hours=1)
    revised = await outcomes.observe_outcome(
        timed, user_id, OutcomeDraft(made.trace_id, -0.5, Signal.TASK_FAILED, feedback="it fell over", revision=True)
    )

    trace = await traces.get_decision(timed, user_id, made.trace_id)
    assert (trace.trace_id, trace.decision_type, trace.summary, trace.session_id) == (
        made.trace_id,
        DecisionType.RECOMMENDATION,
        "Use Redis for the cache",
        "s-1",
    )
    assert trace.confidence == made.confidence and trace.confidence_estimated and trace.created_at == made.created_at
    assert [(i.memory.id, i.score) for i in trace.influences] == [
        (redis.memory.id, pytest.approx(0.8)),
        (other.memory.id, pytest.approx(0.2)),
    ]
    assert trace.influences[0].memory.content == "User prefers Redis for caching"
    assert sorted(trace.alternatives) == sorted(made.alternatives)
    assert [o.outcome_id for o in trace.outcomes] == [first.outcome_id, revised.outcome_id]
    old, new = trace.outcomes
    assert (old.status, old.revised_at, old.quality) == ("revised", revised.observed_at, 0.8)
    assert (new.status, new.revision_of, new.feedback, new.signal) == (
        "active",
        first.outcome_id,
        "it fell over",
        Signal.TASK_FAILED,
    )
    assert trace.outcome.outcome_id == revised.outcome_id
    assert [(u.memory_id, u.reason, u.delta, u.utility) for u in new.updates] == sorted(
        [(u.memory_id, u.reason, pytest.approx(u.delta), pytest.approx(u.utility)) for u in revised.updates],
        key=lambda u: (u[1] != "revision_reversal", u[0]),
    )
    assert {c.memory_id: c.confidence for c in old.caused_by} == {
        redis.memory.id: pytest.approx(round(0.8 * made.confidence, 4)),
        other.memory.id: pytest.approx(round(0.2 * made.confidence, 4)),
    }
    assert [c.memory_id for c in new.caused_by] == [redis.memory.id, other.memory.id]


async def test_unknown_another_users_and_an_alternatives_id_are_not_found(timed, store, remember, user_id):
    mine = await store("A memory behind my own decision")
    made = await decisions.decide(timed, user_id, draft((mine.memory.id, 1), alternatives=["Do nothing"]))
    other_user = user_id + "-other"
    their_memory = await remember("Their own memory about the deploy", user=other_user)
    their = await decisions.decide(timed, other_user, draft((their_memory.memory.id, 1)))
    for trace_id in (MISSING, their.trace_id, made.alternatives[0][0]):
        with pytest.raises(NotFound, match=trace_id):
            await traces.get_decision(timed, user_id, trace_id)
    with pytest.raises(NotFound, match=their_memory.memory.id):
        await traces.list_decisions(timed, user_id, DecisionFilter(memory_id=their_memory.memory.id), 10, None)
    page = await traces.list_decisions(timed, user_id, None, 100, None)
    assert [t.trace_id for t in page.decisions] == [made.trace_id]


async def test_decisions_made_at_one_time_page_by_id_each_once(timed, clock, store, user_id):
    """The clock standing still, five decisions share createdAt: every page size walks them
    newest first by id, as the cursor orders them, each once."""
    memory = await store("Redis caches the session tokens")
    made = [
        await decisions.decide(timed, user_id, draft((memory.memory.id, 1), summary=f"Tied decision {i}"))
        for i in range(5)
    ]
    assert len({m.created_at for m in made}) == 1
    for first in (1, 2, 3, 5):
        seen, after = [], None
        while True:
            page = await traces.list_decisions(timed, user_id, None, first, after)
            seen += [t.trace_id for t in page.decisions]
            if not page.has_next_page:
                break
            after = page.end_cursor
        assert seen == sorted((m.trace_id for m in made), reverse=True), first


async def test_pages_are_newest_first_and_filters_combine(timed, clock, store, user_id, parameter_types):
    a = await store("Postgres handles the analytics workload")
    b = await store("Kafka carries the clickstream events")
    made = []
    for i, (memory, kind) in enumerate(
        [
            (a, DecisionType.ACTION),
            (b, DecisionType.RECOMMENDATION),
            (a, DecisionType.RECOMMENDATION),
            (b, DecisionType.ACTION),
            (a, DecisionType.PREFERENCE),
        ]
    ):
        clock.advance(minutes=10)
        made.append(
            await decisions.decide(
                timed,
                user_id,
                draft(
                    (memory.memory.id, 1),
                    decision_type=kind,
                    summary=f"Decision {i}",
                    session_id="s-2" if i % 2 else None,
                ),
            )
        )
    for trace, quality in ((made[0], 0.9), (made[1], -0.4), (made[2], 0.3)):
        await outcomes.observe_outcome(timed, user_id, OutcomeDraft(trace.trace_id, quality, Signal.AGENT_FEEDBACK))
    ids = [m.trace_id for m in made]

    async def listed(flt=None, first=100, after=None) -> list[str]:
        return [t.trace_id for t in (await traces.list_decisions(timed, user_id, flt, first, after)).decisions]

    assert await listed() == ids[::-1]
    page = await traces.list_decisions(timed, user_id, None, 2, None)
    assert [t.trace_id for t in page.decisions] == ids[:2:-1] and page.has_next_page
    rest = await traces.list_decisions(timed, user_id, None, 2, page.end_cursor)
    last = await traces.list_decisions(timed, user_id, None, 2, rest.end_cursor)
    assert [t.trace_id for t in rest.decisions + last.decisions] == ids[2::-1] and not last.has_next_page
    assert await listed(DecisionFilter(decision_types=[DecisionType.RECOMMENDATION])) == [ids[2], ids[1]]
    assert await listed(DecisionFilter(made_after=made[1].created_at, made_before=made[4].created_at)) == [
        ids[3],
        ids[2],
    ]
    assert await listed(DecisionFilter(has_outcome=True)) == [ids[2], ids[1], ids[0]]
    assert await listed(DecisionFilter(has_outcome=False)) == [ids[4], ids[3]]
    assert await listed(DecisionFilter(min_quality=0.0)) == [ids[2], ids[0]]
    assert await listed(DecisionFilter(min_quality=-0.5, max_quality=0.5)) == [ids[2], ids[1]]
    assert await listed(DecisionFilter(memory_id=a.memory.id)) == [ids[4], ids[2], ids[0]]
    assert await listed(DecisionFilter(memory_id=b.memory.id, session_id="s-2")) == [ids[3], ids[1]]
    assert await listed(DecisionFilter(memory_id=a.memory.id, has_outcome=True, min_quality=0.5)) == [ids[0]]
    naive = made[3].created_at.replace(tzinfo=None)
    assert await listed(DecisionFilter(made_after=naive)) == [ids[4]]
    # every page and filter shares one cached plan (db/database.py, `nullable`)
    assert len(parameter_types["decisions.list"]) == 1


@pytest.mark.parametrize(
    ("flt", "first", "field"),
    [
        (None, 0, "first"),
        (None, 101, "first"),
        (DecisionFilter(min_quality=1.5), 10, "filter.minQuality"),
        (DecisionFilter(max_quality=-2), 10, "filter.maxQuality"),
        (DecisionFilter(min_quality=0.5, max_quality=0.1), 10, "filter.maxQuality"),
        (DecisionFilter(session_id=""), 10, "filter.sessionId"),
        (DecisionFilter(has_outcome=False, min_quality=0.1), 10, "filter.minQuality"),  # an empty page before
        (DecisionFilter(has_outcome=False, max_quality=0.1), 10, "filter.maxQuality"),
    ],
)
async def test_bad_pages(timed, user_id, flt, first, field):
    with pytest.raises(BadUserInput) as error:
        await traces.list_decisions(timed, user_id, flt, first, None)
    assert error.value.field == field


async def test_a_time_range_must_not_be_empty(timed, clock, user_id):
    with pytest.raises(BadUserInput) as error:
        await traces.list_decisions(
            timed,
            user_id,
            DecisionFilter(made_after=clock.now(), made_before=clock.now() - timedelta(seconds=1)),
            10,
            None,
        )
    assert error.value.field == "filter.madeBefore"
    with pytest.raises(BadUserInput) as error:
        await traces.list_decisions(timed, user_id, None, 10, "not-a-cursor")
    assert error.value.field == "after"
