"""The driver's timeout on each Bolt read and write, kept at a smaller cost.

Every read and write on a Bolt connection is bounded: reads by the server's
`connection.recv_timeout_seconds` hint (120 s from Neo4j 2026.09), writes by the driver's
`connection_write_timeout` (30 s). The pinned driver (neo4j 6.4.1) enforces each with its
own copy of `asyncio.wait_for`, which wraps the read in a new task and adds a waiter
future and a timer. A recall makes about 26 reads and writes; alternating in one process,
they cost the event loop's thread 11.34 ms per recall with the driver's `wait_for` and
10.44 ms with this one (docs/benchmarks.md).

`install` gives the driver's socket module (`_async_compat.network._bolt_socket`, private:
the driver's version is pinned and tests/db/test_io_timeouts.py checks that it still
looks `wait_for` up there) a `wait_for` built on `asyncio.timeout`: the same bound, raised
as the same `TimeoutError`, without the task and the waiter. A timeout of zero or less,
the driver's emulation of a non-blocking call, still takes the driver's own path.
"""

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

from neo4j._async_compat.network import _bolt_socket

T = TypeVar("T")
DRIVER_WAIT_FOR = _bolt_socket.wait_for


async def wait_for(awaitable: Awaitable[T], timeout: float | None) -> T:
    """`awaitable`'s result, or `TimeoutError` once `timeout` seconds have passed."""
    if timeout is None:
        return await awaitable
    if timeout <= 0:
        return await DRIVER_WAIT_FOR(awaitable, timeout)
    async with asyncio.timeout(timeout):
        return await awaitable


def install() -> None:
    """Makes the driver's Bolt sockets bound their reads and writes here."""
    _bolt_socket.wait_for = wait_for
