"""Trails on the hand-built graph: save, resume (staleness, downgrades, boosts), list, merge."""

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from graphmind import trails
from graphmind.associative.activation import Spreading, activate
from graphmind.core.clock import FixedClock
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.memory import manage
from graphmind.trails import (
    ConclusionDraft,
    HypothesisDraft,
    HypothesisStatus,
    TrailDraft,
    TrailStatus,
    VisitDraft,
)
from tests.associative.conftest import set_edges


def investigation(ids, **fields) -> TrailDraft:
    return TrailDraft(
        agent_id="agent-1",
        label="cache investigation",
        hypotheses=[
            HypothesisDraft("the cache causes latency", 0.7, supporting=[ids["a"], ids["b"]], contradicting=[ids["d"]]),
            HypothesisDraft("checkout is slow", 0.9, supporting=[ids["c"]]),
        ],
        conclusions=[ConclusionDraft("write through is costly", 0.6, ["the cache causes latency"], [ids["b"]])],
        open_questions=["is the queue involved?"],
        tags=["Perf", "cache"],
        visited=[VisitDraft(ids["a"], "where it started", 0.9), VisitDraft(ids["b"])],
        boosts={ids["a"]: 0.8},
        **fields,
    )


async def test_save_counts_nodes_and_writes_a_summary(graph, deps):
    saved = await trails.save_trail(deps, graph.user_id, investigation(graph.ids))
    # a and b listed; d and c added as the hypotheses' evidence
    assert (saved.nodes_saved, saved.hypotheses_saved, saved.conclusions_saved, saved.open_questions_saved) == (
        4,
        2,
        1,
        1,
    )
    assert saved.trail.summary == (
        "cache investigation: 4 nodes visited, 2 hypotheses (strongest: "
        '"checkout is slow" at 0.90), 1 conclusions, 1 open questions.'
    )
    assert saved.trail.tags == ["perf", "cache"] and saved.trail.status is TrailStatus.SAVED
    stored = await trails.get_trail(deps, graph.user_id, saved.trail.id)
    assert {graph.name(v.node_id): (v.relevance, v.boost) for v in stored.visited} == {
        "a": (0.9, 0.8),
        "b": (0.5, None),
        "c": (0.5, None),
        "d": (0.5, None),
    }


async def test_resume_downgrades_hypotheses_and_reinjects_boosts(graph, deps):
    ids = graph.ids
    saved = await trails.save_trail(deps, graph.user_id, investigation(ids))
    await set_edges(deps, graph.user_id, {("d", "e"): 0.1}, ids)  # the graph moves on: one generation
    await manage.forget(deps, graph.user_id, ids["b"])
    resumed = await trails.resume_trail(deps, graph.user_id, saved.trail.id)
    assert not resumed.stale and resumed.missing_nodes == [ids["b"]]
    assert resumed.generations_behind == 2 and resumed.nodes_reactivated == 3  # the edge change and the forget
    [lowered] = resumed.hypotheses_downgraded  # one of its two supporting nodes is gone: 0.7 × 1/2
    assert (lowered.statement, lowered.previous_confidence, lowered.new_confidence) == (
        "the cache causes latency",
        0.7,
        0.35,
    )
    assert resumed.trail.status is TrailStatus.ACTIVE

    boosted = await activate(deps, graph.user_id, seeds=[ids["e"]], spreading=Spreading(max_hops=1))
    by_name = {graph.name(n.id): n for n in boosted.nodes}
    assert boosted.boosted_from_trail == saved.trail.id
    assert by_name["a"].boosted and by_name["a"].activation == pytest.approx(0.8)
    assert by_name["d"].activation == pytest.approx(0.5) and "b" not in by_name  # relevance; b is gone
    again = await activate(deps, graph.user_id, seeds=[ids["e"]], spreading=Spreading(max_hops=1))
    assert again.boosted_from_trail is None and not any(n.boosted for n in again.nodes)


async def test_a_stale_trail_is_refused_unless_forced(graph, deps):
    ids = graph.ids
    saved = await trails.save_trail(deps, graph.user_id, investigation(ids))
    for key in "abc":
        await manage.forget(deps, graph.user_id, ids[key])
    with pytest.raises(Conflict) as error:  # 3 of 4 nodes missing > 50%
        await trails.resume_trail(deps, graph.user_id, saved.trail.id)
    assert "3 of 4" in str(error.value)
    forced = await trails.resume_trail(deps, graph.user_id, saved.trail.id, force=True)
    assert forced.stale and forced.trail.status is TrailStatus.STALE
    assert {(d.statement, d.new_confidence) for d in forced.hypotheses_downgraded} == {
        ("the cache causes latency", 0.0),
        ("checkout is slow", 0.0),
    }
    assert forced.nodes_reactivated == 1


async def test_list_filters_by_agent_status_and_tags(graph, deps, parameter_types):
    first = await trails.save_trail(deps, graph.user_id, investigation(graph.ids))
    second = await trails.save_trail(deps, graph.user_id, TrailDraft("agent-2", "queue", tags=["queue"]))
    everything = await trails.list_trails(deps, graph.user_id)
    assert everything.total_count == 2 and [t.id for t in everything.trails] == [second.trail.id, first.trail.id]
    assert [t.id for t in (await trails.list_trails(deps, graph.user_id, agent_id="agent-1")).trails] == [
        first.trail.id
    ]
    assert [t.id for t in (await trails.list_trails(deps, graph.user_id, tags=["QUEUE", "x"])).trails] == [
        second.trail.id
    ]
    assert (await trails.list_trails(deps, graph.user_id, status=TrailStatus.MERGED)).total_count == 0
    page = await trails.list_trails(deps, graph.user_id, first=1)
    assert page.has_next_page
    rest = await trails.list_trails(deps, graph.user_id, first=1, after=page.cursors[-1])
    assert [t.id for t in rest.trails] == [first.trail.id] and not rest.has_next_page
    # every filter and page shares one cached plan (db/database.py, `nullable`)
    assert len(parameter_types["trails.list"]) == 1


async def test_merge_resolves_conflicts_by_confidence_and_recency(graph, deps):
    ids = graph.ids
    clock = FixedClock(datetime(2026, 6, 1, tzinfo=UTC))
    deps = replace(deps, clock=clock)
    older = await trails.save_trail(
        deps,
        graph.user_id,
        TrailDraft(
            "agent-1",
            "cache",
            visited=[VisitDraft(ids["a"]), VisitDraft(ids["b"])],
            hypotheses=[
                HypothesisDraft("the cache is the cause of latency", 0.7, supporting=[ids["a"]]),
                HypothesisDraft("checkout is slow", 0.9, supporting=[ids["b"]]),
                HypothesisDraft("write path is hot", 0.4, supporting=[ids["a"]]),
            ],
            open_questions=["why now?"],
            tags=["cache"],
        ),
    )
    clock.advance(days=7)
    newer = await trails.save_trail(
        deps,
        graph.user_id,
        TrailDraft(
            "agent-2",
            "checkout",
            visited=[VisitDraft(ids["c"]), VisitDraft(ids["d"]), VisitDraft(ids["b"])],
            hypotheses=[
                HypothesisDraft("the cache is not the cause of latency", 0.6, supporting=[ids["d"]]),
                HypothesisDraft("checkout is fast enough", 0.3, contradicting=[ids["b"]]),
                HypothesisDraft("Write path is hot.", 0.5, supporting=[ids["c"]]),
            ],
            open_questions=["why now?", "who owns checkout?"],
            tags=["checkout"],
        ),
    )
    merged = await trails.merge_trails(deps, graph.user_id, [older.trail.id, newer.trail.id], "combined")

    # scores: 0.7 × confidence + 0.3 × 0.5^(age in days / 7); the older trail is 7 days old
    # cache: 0.7×0.7 + 0.3×0.5 = 0.64 against 0.7×0.6 + 0.3×1 = 0.72 → gap 0.08 < 0.1: unresolved
    # checkout: 0.7×0.9 + 0.15 = 0.78 against 0.7×0.3 + 0.3 = 0.51 → gap 0.27: "checkout is slow" wins
    got = {(c.hypothesis_a, c.hypothesis_b): (c.resolved, c.winner, round(c.score_delta, 6)) for c in merged.conflicts}
    assert got == {
        ("the cache is the cause of latency", "the cache is not the cause of latency"): (False, None, 0.08),
        ("checkout is slow", "checkout is fast enough"): (True, "checkout is slow", 0.27),
    }
    assert (merged.nodes_merged, merged.hypotheses_merged) == (4, 5)
    full = await trails.get_trail(deps, graph.user_id, merged.merged.id)
    status = {h.statement: (h.status, h.confidence) for h in full.hypotheses}
    assert status == {
        "the cache is the cause of latency": (HypothesisStatus.DISPUTED, 0.7),
        "the cache is not the cause of latency": (HypothesisStatus.DISPUTED, 0.6),
        "checkout is slow": (HypothesisStatus.OPEN, 0.9),
        "checkout is fast enough": (HypothesisStatus.REJECTED, 0.3),
        "write path is hot": (HypothesisStatus.OPEN, 0.5),
    }
    assert full.open_questions == ["why now?", "who owns checkout?"] and full.tags == ["cache", "checkout"]
    assert full.label == "combined" and full.merged_from == [older.trail.id, newer.trail.id]
    shared = [c for c in merged.connections if c.type == "shared_node"]
    bridges = [c for c in merged.connections if c.type == "bridge_edge"]
    assert [c.from_node for c in shared] == [ids["b"]]
    # a (only the cache trail) -0.3- d (only the checkout trail)
    assert [(graph.name(c.from_node), graph.name(c.to_node), c.weight) for c in bridges] == [("a", "d", 0.3)]
    sources = await trails.list_trails(deps, graph.user_id, status=TrailStatus.MERGED)
    assert sources.total_count == 2
    with pytest.raises(Conflict):
        await trails.merge_trails(deps, graph.user_id, [older.trail.id, merged.merged.id])


async def test_bad_input_and_other_users_trails(graph, deps):
    saved = await trails.save_trail(deps, graph.user_id, investigation(graph.ids))
    with pytest.raises(NotFound):
        await trails.resume_trail(deps, "someone-else", saved.trail.id)
    with pytest.raises(NotFound):
        await trails.save_trail(deps, "someone-else", investigation(graph.ids))
    with pytest.raises(NotFound):
        await trails.merge_trails(deps, "someone-else", [saved.trail.id, saved.trail.id + "x"])
    assert (await trails.list_trails(deps, "someone-else")).total_count == 0
    with pytest.raises(BadUserInput) as error:
        await trails.save_trail(deps, graph.user_id, TrailDraft("agent-1", "x", hypotheses=[HypothesisDraft("h", 1.5)]))
    assert error.value.extensions["field"] == "input.hypotheses[0].confidence"
    with pytest.raises(BadUserInput):
        await trails.merge_trails(deps, graph.user_id, [saved.trail.id])


def test_merge_uses_the_negation_rule_of_memory_conflicts():
    """ "does not leak" negates "leaks": the memory-side rule, not a word-for-word match."""
    now = datetime(2026, 6, 1, tzinfo=UTC)
    leaks = trails.Hypothesis("h1", "Session pool leaks tokens", 0.6, 0.6, HypothesisStatus.OPEN, [], [], now)
    clean = trails.Hypothesis("h2", "Session pool does not leak tokens", 0.6, 0.6, HypothesisStatus.OPEN, [], [], now)
    other = trails.Hypothesis("h3", "The cache does not leak memory", 0.6, 0.6, HypothesisStatus.OPEN, [], [], now)
    assert trails.contradict(leaks, clean) and trails.contradict(clean, leaks)
    assert not trails.contradict(leaks, other)


async def test_archive_and_supersede_move_the_generation(graph, deps):
    ids = graph.ids
    saved = await trails.save_trail(deps, graph.user_id, investigation(ids))
    await manage.supersede(deps, graph.user_id, ids["c"], ids["e"])
    resumed = await trails.resume_trail(deps, graph.user_id, saved.trail.id)
    assert resumed.generations_behind == 1 and resumed.missing_nodes == [ids["c"]]
    await manage.forget(deps, graph.user_id, ids["a"])
    await manage.restore(deps, graph.user_id, ids["a"])
    again = await trails.resume_trail(deps, graph.user_id, saved.trail.id)
    assert again.generations_behind == 3


async def test_a_node_forgotten_since_is_reported_left_out_of_the_merge(graph, deps):
    """QA: it was dropped from the merged trail without a word."""
    ids = graph.ids
    first = await trails.save_trail(
        deps, graph.user_id, TrailDraft("agent-1", "one", visited=[VisitDraft(ids["a"]), VisitDraft(ids["b"])])
    )
    second = await trails.save_trail(
        deps, graph.user_id, TrailDraft("agent-1", "two", visited=[VisitDraft(ids["c"]), VisitDraft(ids["d"])])
    )
    await manage.forget(deps, graph.user_id, ids["d"])
    merged = await trails.merge_trails(deps, graph.user_id, [first.trail.id, second.trail.id])
    assert merged.nodes_merged == 3 and merged.left_out == [ids["d"]]


async def test_a_node_listed_twice_as_visited_is_bad_input_not_the_last_note(graph, deps):
    """QA: the second listing silently replaced the first's annotation and relevance;
    refused as a node boosted twice is."""
    a, b = graph.ids["a"], graph.ids["b"]
    twice = [VisitDraft(a, "where it started", 0.9), VisitDraft(b), VisitDraft(a, "seen again", 0.2)]
    with pytest.raises(BadUserInput) as error:
        await trails.save_trail(deps, graph.user_id, TrailDraft("agent-1", "twice", visited=twice))
    assert error.value.extensions["field"] == "input.visitedNodes[2].nodeId"
    assert f"node {a} is listed twice" in str(error.value)
    assert (await trails.list_trails(deps, graph.user_id)).total_count == 0  # nothing written


async def test_from_hypotheses_are_checked_and_redacted_as_hypothesis_statements(graph, deps):
    """QA: fromHypotheses kept PII the hypothesis it names had redacted, had no length
    limit, and dropped a blank entry without a word."""
    statement = "ops@example.com leaks the cache"
    draft = TrailDraft(
        "agent-1",
        "pii",
        hypotheses=[HypothesisDraft(statement, 0.7)],
        conclusions=[ConclusionDraft("the cache leaks", 0.6, [f"  {statement} "])],
    )
    saved = await trails.save_trail(deps, graph.user_id, draft)
    stored = await trails.get_trail(deps, graph.user_id, saved.trail.id)
    [hypothesis], [conclusion] = stored.hypotheses, stored.conclusions
    assert hypothesis.statement == "[EMAIL] leaks the cache"
    assert conclusion.from_hypotheses == [hypothesis.statement]  # it still names its hypothesis
    for entries, field in (
        (["the cache causes latency", "  "], "input.conclusions[0].fromHypotheses[1]"),
        (["\u200b\u200b"], "input.conclusions[0].fromHypotheses[0]"),
        (["x" * 1001], "input.conclusions[0].fromHypotheses[0]"),
        (["h"] * 101, "input.conclusions[0].fromHypotheses"),
    ):
        bad = replace(draft, conclusions=[ConclusionDraft("the cache leaks", 0.6, entries)])
        with pytest.raises(BadUserInput) as error:
            await trails.save_trail(deps, graph.user_id, bad)
        assert error.value.extensions["field"] == field
    with pytest.raises(BadUserInput) as error:  # the other text lists refused a blank entry already
        await trails.save_trail(deps, graph.user_id, replace(draft, open_questions=["why?", " "]))
    assert error.value.extensions["field"] == "input.openQuestions[1]"


async def test_a_blank_filter_tag_is_bad_input(graph, deps):
    """A blank tag chooses nothing (tags are stored trimmed, never blank): refused, as an
    empty list is; the tags asked for are trimmed and lower-cased."""
    await trails.save_trail(deps, graph.user_id, investigation(graph.ids))
    with pytest.raises(BadUserInput) as error:
        await trails.list_trails(deps, graph.user_id, tags=["perf", "  "])
    assert error.value.extensions["field"] == "filterTags[1]"
    assert (await trails.list_trails(deps, graph.user_id, tags=[" PERF "])).total_count == 1
