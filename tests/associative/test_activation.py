"""activate on the hand-built graph (tests/associative/conftest.py): activations by hand."""

import pytest

from graphmind import trails
from graphmind.associative.activation import Spreading, activate
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.memory import manage
from graphmind.trails import TrailDraft, VisitDraft


async def test_spreading_activation_matches_the_hand_computation(graph, deps):
    result = await activate(
        deps,
        graph.user_id,
        seeds=[graph.ids["a"]],
        spreading=Spreading(max_hops=3, decay=0.5, threshold=0.01, top_k=20),
    )
    got = {
        graph.name(n.id): (
            round(n.activation, 6),
            n.hops,
            n.reached_through and (graph.name(n.reached_through.from_id), n.reached_through.type),
        )
        for n in result.nodes
    }
    assert got == {
        "a": (1.0, 0, None),
        # hop 1: a -0.8-> b (0.8 × 0.5 beats the timeline's 0.5 × 0.5), a -0.3-> d
        "b": (0.4, 1, ("a", "ASSOCIATED")),
        "d": (0.15, 1, ("a", "ASSOCIATED")),
        # hop 2: b -0.6-> c: 0.4 × 0.6 × 0.5; e on the timeline after d: 0.15 × 0.5 × 0.5
        "c": (0.12, 2, ("b", "ASSOCIATED")),
        # hop 3: c -0.9-> e: 0.12 × 0.9 × 0.5 = 0.054 improves e's 0.0375
        "e": (0.054, 3, ("c", "ASSOCIATED")),
        # seed 003 policy 7: f is 5 minutes after a, so 0.5 × a's activation
        "f": (0.5, 1, ("a", "TIMELINE")),
    }
    assert [graph.name(n.id) for n in result.nodes] == ["a", "f", "b", "d", "c", "e"]
    assert result.nodes[0].seed and not result.nodes[1].seed


async def test_fewer_hops_and_a_threshold_cut_the_spread(graph, deps):
    one_hop = await activate(
        deps,
        graph.user_id,
        seeds=[graph.ids["a"]],
        spreading=Spreading(max_hops=1, decay=0.5, threshold=0.01, top_k=20),
    )
    assert {graph.name(n.id) for n in one_hop.nodes} == {"a", "b", "d", "f"}
    no_hop = await activate(deps, graph.user_id, seeds=[graph.ids["a"]], spreading=Spreading(max_hops=0))
    assert [(graph.name(n.id), n.hops) for n in no_hop.nodes] == [("a", 0)]  # f, a's temporal neighbour, is a hop
    high = await activate(
        deps,
        graph.user_id,
        seeds=[graph.ids["a"]],
        spreading=Spreading(max_hops=3, decay=0.5, threshold=0.13, top_k=20),
    )
    assert {graph.name(n.id) for n in high.nodes} == {"a", "b", "d", "f"}
    top2 = await activate(
        deps, graph.user_id, seeds=[graph.ids["a"]], spreading=Spreading(max_hops=3, decay=0.5, threshold=0.01, top_k=2)
    )
    assert [graph.name(n.id) for n in top2.nodes] == ["a", "f"] and top2.activated_count == 6


async def test_entities_carry_activation_at_one_over_ln_two_plus_degree(remember, deps, user_id):
    import math
    from datetime import UTC, datetime, timedelta

    day = datetime(2025, 1, 1, tzinfo=UTC)
    first = await remember("we store sessions in the shared cache", entities=["Redis"], validFrom=day.isoformat())
    second = await remember(
        "the queue workers poll every second", entities=["Redis"], validFrom=(day + timedelta(days=3)).isoformat()
    )
    result = await activate(
        deps, user_id, seeds=[first.memory.id], spreading=Spreading(max_hops=2, decay=0.5, threshold=0.01, top_k=10)
    )
    weight = 1 / math.log(2 + 2)  # Redis is mentioned by two memories
    by_id = {n.id: n for n in result.nodes}
    entity = next(n for n in result.nodes if n.kind == "entity")
    assert entity.entity_name == "Redis" and entity.activation == pytest.approx(weight * 0.5)
    # the timeline edge (0.5 × 0.5 = 0.25) beats two hops through the entity ((w × 0.5)² = 0.13)
    assert (weight * 0.5) ** 2 < 0.25
    assert by_id[second.memory.id].activation == pytest.approx(0.25)
    assert by_id[second.memory.id].reached_through.type == "NEXT"


async def test_a_query_seeds_with_recall_scores(graph, deps):
    result = await activate(deps, graph.user_id, query="write through policy latency")
    assert result.retrieval_id and result.seeds
    top = max(result.nodes, key=lambda n: n.activation)
    assert top.activation == pytest.approx(1.0) and top.seed


async def test_bad_arguments_and_other_users_nodes(graph, deps):
    with pytest.raises(BadUserInput) as error:
        await activate(deps, graph.user_id)
    assert error.value.extensions["field"] == "query"
    with pytest.raises(BadUserInput):
        await activate(deps, graph.user_id, seeds=[graph.ids["a"]], spreading=Spreading(max_hops=99))
    with pytest.raises(BadUserInput):
        await activate(deps, graph.user_id, seeds=[graph.ids["a"]], spreading=Spreading(decay=0.0))
    with pytest.raises(NotFound):
        await activate(deps, "someone-else", seeds=[graph.ids["a"]])


async def test_a_forgotten_memory_seeds_nothing(graph, deps):
    """A forgotten (archived) memory is out of the associative graph (spreading never
    enters it): naming it as a seed is CONFLICT, as learn's reported nodes (QA: it seeded
    the spread from a memory the user had forgotten)."""
    await manage.forget(deps, graph.user_id, graph.ids["b"])
    with pytest.raises(Conflict) as error:
        await activate(deps, graph.user_id, seeds=[graph.ids["a"], graph.ids["b"]])
    assert graph.ids["b"] in error.value.message and graph.ids["a"] not in error.value.message
    await manage.restore(deps, graph.user_id, graph.ids["b"])
    result = await activate(deps, graph.user_id, seeds=[graph.ids["b"]], spreading=Spreading(max_hops=0))
    assert [n.id for n in result.nodes] == [graph.ids["b"]]


async def test_a_boost_of_a_memory_forgotten_or_superseded_since_the_resume_seeds_nothing(graph, deps):
    """QA: a memory boosted by resumeTrail and forgotten before the next activate still
    seeded it (the boosts were taken unchecked). A boost is not the caller's explicit seed:
    one of a memory no longer active (forgotten, or superseded) is skipped quietly, and used
    up with the others; the active ones still seed."""
    ids = graph.ids
    draft = TrailDraft(
        agent_id="agent-1",
        label="cache investigation",
        visited=[VisitDraft(ids["a"]), VisitDraft(ids["b"]), VisitDraft(ids["d"])],
        boosts={ids["a"]: 0.8},
    )
    saved = await trails.save_trail(deps, graph.user_id, draft)
    assert (await trails.resume_trail(deps, graph.user_id, saved.trail.id)).nodes_reactivated == 3
    await manage.forget(deps, graph.user_id, ids["a"])
    await manage.supersede(deps, graph.user_id, ids["d"], ids["c"])
    result = await activate(deps, graph.user_id, seeds=[ids["e"]], spreading=Spreading(max_hops=0))
    assert [(graph.name(n.id), n.boosted) for n in result.nodes] == [("e", False), ("b", True)]
    assert result.seeds == sorted([ids["e"], ids["b"]]) and result.boosted_from_trail == saved.trail.id
    again = await activate(deps, graph.user_id, seeds=[ids["e"]], spreading=Spreading(max_hops=0))
    assert again.boosted_from_trail is None and [graph.name(n.id) for n in again.nodes] == ["e"]


async def test_a_trail_whose_boosts_are_all_gone_boosts_nothing(graph, deps):
    """Every boost skipped: no trail seeded the activate (boostedFromTrail null), and the
    boosts are used up all the same."""
    ids = graph.ids
    draft = TrailDraft(agent_id="agent-1", label="one node", visited=[VisitDraft(ids["a"])])
    saved = await trails.save_trail(deps, graph.user_id, draft)
    await trails.resume_trail(deps, graph.user_id, saved.trail.id)
    await manage.forget(deps, graph.user_id, ids["a"])
    result = await activate(deps, graph.user_id, seeds=[ids["e"]], spreading=Spreading(max_hops=0))
    assert [graph.name(n.id) for n in result.nodes] == ["e"] and result.boosted_from_trail is None
    await manage.restore(deps, graph.user_id, ids["a"])
    again = await activate(deps, graph.user_id, seeds=[ids["e"]], spreading=Spreading(max_hops=0))
    assert [graph.name(n.id) for n in again.nodes] == ["e"]  # used up, not kept for later


async def test_only_the_nearest_memories_in_time_become_timeline_neighbours(deps, user_id):
    """Six notes 1-6 minutes from the seed, alternating after and before it: its four
    nearest receive 0.5 × its activation; the notes 5 and 6 minutes away do not (the
    seed's neighbours bring theirs at 0.5 × their own, less)."""
    from datetime import UTC, datetime, timedelta

    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    texts = [
        "the espresso machine was descaled",
        "a courier dropped off two boxes",
        "the wifi router rebooted itself",
        "someone booked the large meeting room",
        "the plants on the balcony were watered",
        "the printer ran out of toner",
    ]
    offsets = [1, -2, 3, -4, 5, -6]  # minutes from the seed
    base = datetime(2025, 1, 1, tzinfo=UTC)
    stored = await remember_many(
        deps,
        user_id,
        [parse_memory_input({"content": "the office alarm was tested", "validFrom": base})]
        + [
            parse_memory_input({"content": t, "validFrom": base + timedelta(minutes=m)})
            for t, m in zip(texts, offsets, strict=True)
        ],
    )
    seed, notes = stored[0].memory.id, [r.memory.id for r in stored[1:]]
    assert deps.settings.neighbours_per_parent == 4
    result = await activate(
        deps, user_id, seeds=[seed], spreading=Spreading(max_hops=1, decay=0.5, threshold=0.01, top_k=20)
    )
    by_id = {n.id: n for n in result.nodes}
    from_seed = {i for i, n in by_id.items() if n.reached_through and n.reached_through.from_id == seed}
    assert {i for i in from_seed if by_id[i].reached_through.type == "TIMELINE"} == set(notes[:4])
    assert all(by_id[i].activation == pytest.approx(0.5) for i in notes[:4])
    assert all(by_id[i].activation < 0.5 for i in notes[4:] if i in by_id)
