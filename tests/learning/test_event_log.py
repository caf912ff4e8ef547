"""The caller's event log: pages of events, with and without a type filter."""

from graphmind.learning.event_log import events_after


async def test_pages_with_and_without_types_share_one_plan(remember, deps, user_id, parameter_types):
    await remember("Deploy windows are on Tuesday mornings")
    everything = await events_after(deps, user_id, 0, None, 50)
    stored = await events_after(deps, user_id, 0, ["memory.stored"], 50)
    assert stored and {e.type for e in stored} == {"memory.stored"} and len(stored) <= len(everything)
    # one cached plan whether types are given (db/database.py, `nullable`)
    assert len(parameter_types["events.page"]) == 1
