"""snapshot and drift on the hand-built graph: deltas by hand."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from graphmind.associative.drift import drift, take_snapshot
from graphmind.core import edges
from graphmind.core.clock import FixedClock
from graphmind.errors import BadUserInput, NotFound
from graphmind.learning.event_log import events_after
from graphmind.memory import manage
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store import remember_many
from tests.associative.conftest import set_edges


async def adjust(deps, user_id, ids, x, y, rate, strengthen=True):
    change = edges.change(ids[x], ids[y], rate, strengthen)
    await deps.db.transaction(lambda tx: edges.adjust(tx, user_id, deps.clock.now(), [change]))


async def test_drift_since_each_snapshot(graph, deps, parameter_types):
    start = datetime.now(UTC) + timedelta(hours=1)  # after the graph was stored
    clock = FixedClock(start)
    deps = replace(deps, clock=clock)
    u, ids = graph.user_id, graph.ids
    first = await take_snapshot(deps, u, "before learning", agent_id="agent-1")
    assert (first.node_count, first.edge_count) == (6, 4)

    clock.advance(minutes=1)
    await adjust(deps, u, ids, "a", "b", 0.5)  # 0.8 → 0.9
    await set_edges(deps, u, {("b", "d"): 0.2}, ids)  # new edge
    await remember_many(deps, u, [parse_memory_input({"content": "a new memory about the queue"})])
    clock.advance(minutes=1)
    await manage.forget(deps, u, ids["c"])
    clock.advance(minutes=1)
    second = await take_snapshot(deps, u, "after learning")
    clock.advance(minutes=1)
    await adjust(deps, u, ids, "a", "b", 0.5, strengthen=False)  # 0.9 → 0.45

    since_first = await drift(deps, u, since=first.id)
    assert since_first.baseline.id == first.id
    assert (since_first.node_count_delta, since_first.edge_count_delta) == (0, 1)  # +1 memory, -c
    assert since_first.new_node_count == 1 and since_first.removed_nodes[0].id == ids["c"]
    moved = [
        ({graph.name(d.from_node.id), graph.name(d.to_node.id)}, round(d.old, 6), round(d.new, 6), round(d.delta, 6))
        for d in since_first.top_weight_drifts
    ]
    # largest change first; b-d did not exist at the first snapshot
    assert moved == [({"a", "b"}, 0.8, 0.45, -0.35), ({"b", "d"}, 0.0, 0.2, 0.2)]

    since_second = await drift(deps, u)  # last_session: no session yet, so the latest snapshot
    assert since_second.baseline.id == second.id
    assert [(round(d.old, 6), round(d.new, 6)) for d in since_second.top_weight_drifts] == [(0.9, 0.45)]
    assert (since_second.node_count_delta, since_second.edge_count_delta) == (0, 0)

    by_time = await drift(deps, u, since=(start + timedelta(seconds=30)).isoformat())
    assert by_time.baseline.id == first.id
    quiet = await drift(deps, u, since=second.id, include_weight_drift=False)
    assert quiet.top_weight_drifts == []
    agents = await drift(deps, u, agent_id="agent-1")  # no session snapshot: the latest one
    assert agents.baseline.id == second.id
    # a snapshot id, the last session or a time: one cached plan (db/database.py, `nullable`)
    assert len(parameter_types["associative.snapshot_baseline"]) == 1


async def test_no_snapshot_bad_since_and_other_users(graph, deps):
    with pytest.raises(NotFound):
        await drift(deps, graph.user_id)
    snapshot = await take_snapshot(deps, graph.user_id, "one")
    with pytest.raises(BadUserInput) as error:
        await drift(deps, graph.user_id, since="yesterday-ish")
    assert error.value.extensions["field"] == "since"
    with pytest.raises(NotFound):
        await drift(deps, "someone-else", since=snapshot.id)
    with pytest.raises(BadUserInput):
        await take_snapshot(deps, graph.user_id, "  ")


async def test_a_snapshot_label_is_redacted_as_trail_labels_are(graph, deps):
    """QA: the label was stored (and logged) as written, PII and all."""
    u = graph.user_id
    taken = await take_snapshot(deps, u, "  before ops@example.com moved the cache ")
    assert taken.label == "before [EMAIL] moved the cache"
    assert (await drift(deps, u, since=taken.id)).baseline.label == taken.label
    [event] = await events_after(deps, u, 0, ["snapshot.taken"], 10)
    assert event.payload["label"] == taken.label
    off = replace(deps, settings=deps.settings.model_copy(update={"redact_pii": False}))
    assert (await take_snapshot(off, u, "mail ops@example.com")).label == "mail ops@example.com"
    with pytest.raises(BadUserInput) as error:  # as a trail label: something must show
        await take_snapshot(deps, u, "\u200b\u200b")
    assert error.value.extensions["field"] == "input.label"
