"""Bolt reads and writes bounded by `asyncio.timeout` in place of the driver's `wait_for`."""

import asyncio
import inspect

import pytest
from neo4j import exceptions as neo4j_errors
from neo4j._async_compat.network import _bolt_socket

from graphmind.db import io_timeouts
from graphmind.db.database import Database


async def test_a_result_within_the_timeout_or_without_one_is_returned():
    async def answer():
        await asyncio.sleep(0)
        return 42

    assert await io_timeouts.wait_for(answer(), 5.0) == 42
    assert await io_timeouts.wait_for(answer(), None) == 42


async def test_a_read_past_its_timeout_raises_timeout_error_and_is_cancelled():
    cancelled = asyncio.Event()

    async def never():
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    with pytest.raises(TimeoutError):
        await io_timeouts.wait_for(never(), 0.01)
    assert cancelled.is_set()


async def test_a_zero_timeout_takes_the_drivers_own_path():
    with pytest.raises(TimeoutError):  # not done at once: the driver's non-blocking emulation times out
        await io_timeouts.wait_for(asyncio.sleep(60), 0)


async def test_the_callers_cancellation_stays_a_cancellation():
    task = asyncio.ensure_future(io_timeouts.wait_for(asyncio.sleep(60), 30.0))
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


def test_the_pinned_driver_bounds_socket_io_with_its_module_wait_for():
    # if an upgrade stops looking `wait_for` up in this module, `install` would do nothing
    assert "await wait_for(io_fut, timeout)" in inspect.getsource(_bolt_socket.AsyncBoltSocketBase._wait_for_io)


async def test_connected_drivers_use_it_and_still_time_out_a_slow_read(settings, library, neo4j_server):
    database = Database.connect(settings, library)
    try:
        assert _bolt_socket.wait_for is io_timeouts.wait_for
        assert await database.read("system.server_version")
        for idle in database.driver._pool.connections.values():
            for connection in idle:
                connection.socket.set_read_timeout(0.001)  # its next read
        async with database.driver.session(database=database.name) as session:
            with pytest.raises((neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired)):
                result = await session.run("UNWIND range(1, 20000000) AS x RETURN count(x) AS n")
                await result.consume()
    finally:
        await database.close()
