"""AsyncGraphMind against the real server: the learning loop, associations, a trail, a session."""

import pytest
from graphmind_client import (
    AsyncGraphMind,
    Conflict,
    DecisionType,
    Feedback,
    NotFound,
    OutcomeSignal,
    OutcomeStatus,
    SessionEntryKind,
)
from graphmind_client.graph_models import TrailStatus
from graphmind_client.models import RecallResult, RememberResult
from graphmind_client.session_models import SessionStatus

QUESTION = "which cache should we use for the API?"


@pytest.fixture
async def gm(server, api_key):
    async with AsyncGraphMind(server.url, api_key) as client:
        yield client


def item_of(found: RecallResult, memory_id: str):
    return next(item for item in found.items if item.memory.id == memory_id)


async def test_the_learning_loop(gm):
    redis = await gm.remember(
        "We use Redis for caching the API; it measured 3x faster than Memcached",
        tags=["infra"],
        content_type="PREFERENCE",
    )
    assert isinstance(redis, RememberResult) and redis.tags == ["infra"] and redis.duplicate_of is None
    others = await gm.remember_many(
        [
            "The API's cache keys expire after ten minutes",
            {"content": "The office coffee machine is on the third floor", "tags": ["misc"]},
        ]
    )
    assert [o.content for o in others][0] == "The API's cache keys expire after ten minutes"

    found = await gm.recall(QUESTION, limit=5)
    assert found.retrieval_id and found.items[0].memory.id == redis.id
    before = item_of(found, redis.id)
    assert before.breakdown.final_score == pytest.approx(before.score) and before.tokens > 0

    decision = await gm.decide(
        DecisionType.RECOMMENDATION,
        "Use Redis for the API cache",
        retrieval_id=found.retrieval_id,
        alternatives=["Memcached"],
    )
    assert decision.decision_type is DecisionType.RECOMMENDATION
    assert redis.id in {s.memory_id for s in decision.memory_scores}
    assert [a.summary for a in decision.alternatives] == ["Memcached"]

    outcome = await gm.observe_outcome(decision.trace_id, 0.9, OutcomeSignal.USER_ACCEPTED, feedback="fast")
    update = next(u for u in outcome.updates if u.memory_id == redis.id)
    assert outcome.trace_id == decision.trace_id and update.delta > 0
    assert update.new_effective_salience > update.previous_effective_salience

    again = await gm.recall(QUESTION, limit=5)
    after = item_of(again, redis.id)
    assert after.memory.effective_salience == pytest.approx(update.new_effective_salience)
    assert after.memory.effective_salience > before.memory.effective_salience
    assert after.memory.outcome_adjustment > 0 and (await gm.memory(redis.id)).access_count >= 2


async def test_decisions_read_back(gm):
    memory = await gm.remember("Blue-green deploys kept the billing API up during the migration")
    made = await gm.decide(
        "ACTION", "Deploy billing blue-green", memories={memory.id: 1.0}, alternatives=["Deploy in place"]
    )
    await gm.observe_outcome(made.trace_id, 0.7, "TASK_COMPLETED")
    decision = await gm.decision(made.trace_id)
    assert decision.memories[0].memory.id == memory.id and decision.memories[0].score == pytest.approx(1.0)
    assert decision.outcome.quality == 0.7 and decision.outcome.status is OutcomeStatus.ACTIVE
    assert decision.outcome.caused_by[0].memory_id == memory.id
    assert [a.summary for a in decision.alternatives] == ["Deploy in place"]
    page = await gm.decisions(filter={"memory_id": memory.id, "has_outcome": True}, first=5)
    assert [d.trace_id for d in page.nodes] == [made.trace_id] and not page.page_info.has_next_page
    with pytest.raises(NotFound):
        await gm.decision(decision.alternatives[0].id)


async def test_writes_carry_a_request_id_so_a_retry_writes_once(gm):
    first = await gm.remember("Deployments freeze every Friday after noon", request_id="freeze-1")
    again = await gm.remember("Deployments freeze every Friday after noon", request_id="freeze-1")
    assert again.id == first.id and again.duplicate_of is None  # the first result, not a duplicate
    batch = await gm.remember_many(
        ["Staging is rebuilt every night", "Production runs in two regions"], request_id="batch-1"
    )
    again = await gm.remember_many(
        ["Staging is rebuilt every night", "Production runs in two regions"], request_id="batch-1"
    )
    assert [m.id for m in again] == [m.id for m in batch]
    with pytest.raises(Conflict):  # the id names that batch: other input is not handed its result
        await gm.remember_many(["anything at all, not dropped in silence"], request_id="batch-1")
    decision = await gm.decide("ACTION", "Postpone the release to Monday", memories=[first.id], request_id="d-1")
    assert (
        await gm.decide("ACTION", "Postpone the release to Monday", memories=[first.id], request_id="d-1")
    ).trace_id == decision.trace_id
    assert [s.memory_id for s in decision.memory_scores] == [first.id]


async def test_learn_activate_why(gm):
    texts = [
        "the search index is rebuilt every night at midnight",
        "rebuilding the search index takes forty minutes",
        "search results are cached for five minutes",
    ]
    ids = [m.id for m in await gm.remember_many(texts)]
    query = "search index rebuild schedule"
    learned = await gm.learn(query, "agent-1", Feedback.CORRECT, ids[1:], strength=0.3)
    assert learned.feedback is Feedback.CORRECT and learned.edges_adjusted >= 1 and learned.plasticity_delta > 0
    seed = learned.seeds[0]
    active = await gm.activate(seeds=[seed], max_hops=2)
    assert active.nodes[0].id == seed and active.nodes[0].seed and active.nodes[0].memory is not None
    assert set(ids) <= {n.id for n in active.nodes}
    by_query = await gm.activate(query, top_k=3)
    assert by_query.query == query and by_query.retrieval_id and len(by_query.nodes) <= 3
    other = next(i for i in ids if i != seed)
    paths = await gm.why(seed, other, max_hops=4)
    assert paths.total_paths_found >= 1 and paths.source.id == seed and paths.paths[0].nodes[-1].id == other


async def test_a_trail(gm):
    a, b = [
        m.id
        for m in await gm.remember_many(
            ["the nightly export job failed twice this week", "the export job writes to the reporting bucket"]
        )
    ]
    saved = await gm.save_trail(
        "agent-1",
        "export failures",
        tags=["export"],
        hypotheses=[{"statement": "the bucket is full", "confidence": 0.7, "supporting_nodes": [b]}],
        conclusions=["look at the bucket quota first"],
        open_questions=["who owns it?"],
        visited_nodes=[a, {"node_id": b, "annotation": "where it writes", "relevance": 0.9}],
        activation_boosts=[{"node_id": a, "boost": 0.8}],
    )
    assert (saved.nodes_saved, saved.hypotheses_saved, saved.conclusions_saved) == (2, 1, 1)
    assert saved.trail.status is TrailStatus.SAVED and saved.trail.tags == ["export"]
    resumed = await gm.resume_trail(saved.trail_id)
    assert not resumed.stale and resumed.nodes_reactivated == 2 and resumed.trail.status is TrailStatus.ACTIVE
    page = await gm.trails(agent_id="agent-1", first=10)
    assert page.total_count == 1 and [t.id for t in page.nodes] == [saved.trail_id]
    assert not page.page_info.has_next_page
    assert (await gm.trail(saved.trail_id)).hypotheses[0].statement == "the bucket is full"


async def test_a_session(gm):
    await gm.remember("Neo4j refuses to start when port 7687 is taken by another JVM; stop the stray JVM first.")
    session = await gm.start_session("coder-1", "Make the integration suite pass")
    assert session.status is SessionStatus.OPEN and session.entries == []
    first = await gm.log_session(
        session.id, SessionEntryKind.EXPERIENCE, "Neo4j did not start for the integration suite: port 7687 is taken"
    )
    assert first.signal == "first_experience" and first.recalled[0].memory.content.startswith("Neo4j refuses")
    blocker = await gm.log_session(session.id, "BLOCKER", "Neo4j will not start because port 7687 is taken")
    await gm.log_session(session.id, "REJECTED", "Increase the startup timeout to sixty seconds")
    repeat = await gm.log_session(session.id, "REJECTED", "Increase the startup timeout to ninety seconds")
    assert repeat.loop_warning is not None and repeat.loop_warning.attempt == 2
    brief = await gm.helper_brief(session.id)
    assert brief.problem == "Neo4j will not start because port 7687 is taken" and len(brief.tried) == 2
    resolved = await gm.resolve_blocker(
        blocker.entry.id,
        "stop stray JVMs before the suite",
        root_cause="a stray JVM from an earlier run held port 7687",
    )
    assert resolved.resolved and resolved.root_cause.startswith("a stray JVM")
    await gm.log_session(session.id, "LEARNING", "The suite's Neo4j needs its own ports, apart from the dev server")
    assert (await gm.session_recall(session.id))[0].similarity >= 0.7
    ended = await gm.end_session(session.id)
    assert ended.session.status is SessionStatus.ENDED and ended.snapshot.kind == "session"
    assert {p.kind for p in ended.promotions} == {SessionEntryKind.BLOCKER, SessionEntryKind.LEARNING}
    assert len((await gm.session(session.id)).entries) == 5


async def test_the_key_and_url_from_the_environment(server, api_key, monkeypatch):
    monkeypatch.setenv("GRAPHMIND_URL", server.url)
    monkeypatch.setenv("GRAPHMIND_API_KEY", api_key)
    async with AsyncGraphMind() as gm:
        data = await gm.execute(
            "query($q: String!) { recall(query: $q, limit: 1) { items { score } } }", {"q": "anything"}
        )
    assert data == {"recall": {"items": []}}  # a fresh user: nothing remembered yet


async def test_events_arrive_as_they_are_written(gm):
    import asyncio

    stream = gm.events(types=["memory.stored"])
    first = asyncio.ensure_future(stream.__anext__())
    await asyncio.sleep(0.5)  # subscribed before the write
    stored = await gm.remember("The staging database is restored from backup every night")
    event = await asyncio.wait_for(first, timeout=15)
    assert event.type == "memory.stored" and event.seq > 0
    assert stored.id in str(event.payload)
    await stream.aclose()


async def test_events_with_a_wrong_key_are_refused(server):
    from graphmind_client import Unauthenticated

    async with AsyncGraphMind(server.url, "gm_wrong") as gm:
        with pytest.raises(Unauthenticated) as refused:
            await gm.events().__anext__()
    assert refused.value.status_code == 401 and "without saying why" not in str(refused.value)  # the server's words
