"""One call per key at a time: concurrent callers asking for the same key share it."""

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SingleFlight(Generic[K, V]):
    """Callers of `run` with a key whose call is under way wait for that call's result
    (or its error) instead of making their own; once it ends, the next caller calls again.
    A caller cancelled while it waits leaves the call to the others."""

    def __init__(self) -> None:
        self._calls: dict[K, asyncio.Future[V]] = {}

    async def run(self, key: K, call: Callable[[], Awaitable[V]]) -> V:
        under_way = self._calls.get(key)
        if under_way is None:
            under_way = self._calls[key] = asyncio.ensure_future(call())
            under_way.add_done_callback(lambda done: self._ended(key, done))
        return await asyncio.shield(under_way)

    def _ended(self, key: K, call: asyncio.Future[V]) -> None:
        if self._calls.get(key) is call:
            del self._calls[key]
        if not call.cancelled():
            call.exception()  # retrieved here too: every waiter may have gone
