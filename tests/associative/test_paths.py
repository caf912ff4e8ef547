"""why on the hand-built graph: every simple path, ranked by the product of edge weights."""

import pytest

from graphmind.associative.paths import Path, join, why
from graphmind.errors import BadUserInput, Conflict, NotFound
from graphmind.memory import manage

A, N = "ASSOCIATED", "NEXT"
# a to e, by hand (association weights of conftest.py; the timeline NEXT edge weighs 0.5):
EXPECTED = [
    ("abce", [A, A, A], 0.8 * 0.6 * 0.9),  # 0.432
    ("abce", [A, N, A], 0.8 * 0.5 * 0.9),  # 0.36
    ("abce", [N, A, A], 0.5 * 0.6 * 0.9),  # 0.27
    ("abce", [N, N, A], 0.5 * 0.5 * 0.9),  # 0.225
    ("ade", [A, N], 0.3 * 0.5),  # 0.15
    ("adce", [A, N, A], 0.3 * 0.5 * 0.9),  # 0.135
    ("abcde", [A, A, N, N], 0.8 * 0.6 * 0.5 * 0.5),  # 0.12
    ("abcde", [A, N, N, N], 0.8 * 0.5**3),  # 0.1
    ("abcde", [N, A, N, N], 0.5 * 0.6 * 0.5 * 0.5),  # 0.075
    ("abcde", [N, N, N, N], 0.5**4),  # 0.0625
]


def named(graph, path) -> tuple[str, list[str], float]:
    return "".join(graph.name(n) for n in path.nodes), path.relations, round(path.strength, 6)


async def test_all_paths_up_to_four_hops_ranked_by_cumulative_strength(graph, deps):
    result = await why(deps, graph.user_id, graph.ids["a"], graph.ids["e"], max_hops=4, limit=50)
    assert [named(graph, p) for p in result.paths] == [(n, r, round(s, 6)) for n, r, s in EXPECTED]
    assert result.total_paths_found == 10 and not result.truncated
    assert [p.hops for p in result.paths][:5] == [3, 3, 3, 3, 2]


async def test_max_hops_and_limit_bound_the_answer(graph, deps):
    three = await why(deps, graph.user_id, graph.ids["a"], graph.ids["e"], max_hops=3, limit=2)
    assert three.total_paths_found == 6
    assert [named(graph, p) for p in three.paths] == [(n, r, round(s, 6)) for n, r, s in EXPECTED[:2]]
    one = await why(deps, graph.user_id, graph.ids["a"], graph.ids["b"], max_hops=1)
    assert [named(graph, p) for p in one.paths] == [("ab", [A], 0.8), ("ab", [N], 0.5)]


async def test_the_beam_bounds_a_dense_search_and_says_so(graph, deps):
    narrow = deps.settings.model_copy(update={"why_beam": 2})
    from dataclasses import replace

    result = await why(replace(deps, settings=narrow), graph.user_id, graph.ids["a"], graph.ids["e"], max_hops=4)
    assert result.truncated and result.total_paths_found < 10
    assert named(graph, result.paths[0]) == ("abce", [A, A, A], 0.432)


def test_join_counts_each_path_once():
    source = [[Path(["s"], [], 1.0)], [Path(["s", "m"], ["X"], 0.5)], [Path(["s", "m", "t"], ["X", "Y"], 0.25)]]
    target = [[Path(["t"], [], 1.0)], [Path(["t", "m"], ["Y"], 0.5)]]
    assert join(source, target, 2) == [Path(["s", "m", "t"], ["X", "Y"], 0.25)]


async def test_bad_arguments_and_other_users_nodes(graph, deps):
    with pytest.raises(BadUserInput):
        await why(deps, graph.user_id, graph.ids["a"], graph.ids["a"])
    with pytest.raises(BadUserInput):
        await why(deps, graph.user_id, graph.ids["a"], graph.ids["e"], max_hops=0)
    with pytest.raises(NotFound):
        await why(deps, "someone-else", graph.ids["a"], graph.ids["e"])


async def test_a_forgotten_memory_is_no_end_of_a_path(graph, deps):
    """No path passes through a forgotten (archived) memory, so none starts or ends at one:
    CONFLICT, as for activate's seeds (QA: why answered from a memory the user had forgotten)."""
    await manage.forget(deps, graph.user_id, graph.ids["e"])
    for source, target in (("a", "e"), ("e", "a")):
        with pytest.raises(Conflict) as error:
            await why(deps, graph.user_id, graph.ids[source], graph.ids[target])
        assert graph.ids["e"] in error.value.message
    await manage.restore(deps, graph.user_id, graph.ids["e"])
    assert (await why(deps, graph.user_id, graph.ids["a"], graph.ids["e"], max_hops=4)).paths
