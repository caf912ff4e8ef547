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
    with in_flight.blocked("ann"):
        with pytest.raises(Conflict):
            in_flight.enter("ann")
        in_flight.enter("bob")  # other users are served
        waiting = asyncio.create_task(in_flight.drained("ann", own=1))
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
