"""The graph bench end to end on a small graph (real Neo4j): fixture shape, every operation timed, cleanup."""

import random

from graphmind.bench import graph
from graphmind.bench.common import delete_user


async def test_the_fixture_has_about_ten_edges_per_memory(deps, user_id):
    neighbours = await graph.build(deps, user_id, 500, random.Random(1))
    degrees = [len(v) for v in neighbours.values()]
    assert 8 <= sum(degrees) / len(degrees) <= 10
    [state] = await deps.db.read("associative.user_state", userId=user_id)
    assert state["memoryCount"] == 500
    await delete_user(deps, user_id)


async def test_a_small_run_reports_every_operation(deps):
    report = await graph.run(deps, graph.Config(sizes=(300,), samples=5, merge_samples=2))
    [result] = report["results"]
    for operation in ("learn", "activate", "why", "merge"):
        assert result[operation]["n"] >= 2 and result[operation]["p95"] > 0
    assert "300" in graph.format_report(report)
    leftovers = (
        await deps.db.driver.execute_query(
            "MATCH (n) WHERE n.userId STARTS WITH 'bench-graph-300-' RETURN count(n) AS n"
        )
    ).records[0]["n"]
    assert leftovers == 0
