"""The requests a process is serving, per user: what a deletion blocks and waits for."""

import asyncio

import pytest

from graphmind.api.in_flight import InFlight
from graphmind.errors import Conflict


async def test_a_deletion_refuses_new_requests_and_waits_for_those_running():
    in_flight = InFlight()
    in_flight.enter("ann")
    in_flight.enter("ann")
    in_flight.enter("bob")
    with in_flight.blocked("ann", by_themselves=True):  # one of ann's two requests deletes her data
        with pytest.raises(Conflict):
            in_flight.enter("ann")
        in_flight.enter("bob")  # other users are served
        waiting = asyncio.create_task(in_flight.drained("ann"))
        await asyncio.sleep(0.01)
        assert not waiting.done()
        in_flight.leave("ann")
        assert await waiting is True and in_flight.running("ann") == 1
    in_flight.enter("ann")  # the block ends with the deletion
    assert in_flight.running("ann") == 2 and in_flight.running("bob") == 2


async def test_a_request_that_does_not_end_stops_the_wait_at_its_limit():
    in_flight = InFlight()
    in_flight.enter("ann")
    assert await in_flight.drained("ann", limit=0.05) is False
    assert await in_flight.drained("nobody") is True


async def test_two_deletions_of_one_user_hold_the_block_until_both_end():
    in_flight = InFlight()
    with in_flight.blocked("ann"):
        with in_flight.blocked("ann"):
            assert in_flight.is_blocked("ann")
        assert in_flight.is_blocked("ann")  # the other deletion still runs
        with pytest.raises(Conflict):
            in_flight.enter("ann")
    assert not in_flight.is_blocked("ann")


async def test_while_a_users_data_is_deleted_graphql_mcp_and_export_refuse_them_with_409(secure_client, key_for):
    user, key = await key_for()
    headers = {"Authorization": f"Bearer {key}"}
    in_flight: InFlight = secure_client.app_state["in_flight"]
    with in_flight.blocked(user):
        graphql = secure_client.post("/graphql", json={"query": "{ health { neo4j } }"}, headers=headers)
        export = secure_client.get("/export", headers=headers)
        mcp = secure_client.post(
            "/mcp",
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={**headers, "Accept": "application/json, text/event-stream"},
        )
    assert graphql.status_code == 409 and graphql.json()["errors"][0]["extensions"]["code"] == "CONFLICT"
    assert export.status_code == 409 and export.json()["errors"][0]["extensions"]["code"] == "CONFLICT"
    assert mcp.status_code == 409 and mcp.json()["error"]["data"]["code"] == "CONFLICT"
    assert in_flight.running(user) == 0  # nothing refused was counted
    assert secure_client.post("/graphql", json={"query": "{ health { neo4j } }"}, headers=headers).status_code == 200


async def test_two_deletions_by_the_user_itself_do_not_wait_for_each_other():
    in_flight = InFlight()
    in_flight.enter("ann")
    in_flight.enter("ann")
    with in_flight.blocked("ann", by_themselves=True), in_flight.blocked("ann", by_themselves=True):
        assert await in_flight.drained("ann", limit=0.05) is True
    with in_flight.blocked("ann"):  # an admin's deletion of ann's data waits for both
        assert await in_flight.drained("ann", limit=0.05) is False
