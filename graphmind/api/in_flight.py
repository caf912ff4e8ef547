"""The requests this process is serving, per user: what `deleteUserData` waits for.

A request admitted before a user's data is deleted could otherwise write after the
deletion (a remember that was embedding its text meanwhile), and the deletion would
report nothing left while that write lands. `deleteUserData` therefore blocks the user
here first (`blocked`: a request of theirs admitted from then on is refused with
CONFLICT), deletes their API keys, waits until the requests admitted before have
finished (`drained`), then deletes. Only HTTP requests to /graphql and /mcp are counted;
a subscription's websocket, which only reads, is not. Owned by the app's lifespan.
"""

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

from graphmind.errors import Conflict

DRAIN_LIMIT_SECONDS = 30.0  # a deletion waits this long at most for the user's requests


class InFlight:
    def __init__(self) -> None:
        self._running: dict[str, int] = {}
        self._blocked: dict[str, int] = {}  # deletions under way per user (two may overlap)
        self._own: dict[str, int] = {}  # of those, requests of the user itself (each is counted running)
        self._changed = asyncio.Event()

    def running(self, user_id: str) -> int:
        return self._running.get(user_id, 0)

    def refuse_if_blocked(self, user_id: str) -> None:
        """CONFLICT while `user_id`'s data is being deleted: the request is not run."""
        if user_id in self._blocked:
            raise Conflict("this user's data is being deleted; the request was not run")

    def enter(self, user_id: str) -> None:
        """Counts a request of `user_id` from now until `leave`; CONFLICT while their data is
        being deleted."""
        self.refuse_if_blocked(user_id)
        self._running[user_id] = self.running(user_id) + 1

    def leave(self, user_id: str) -> None:
        self._running[user_id] -= 1
        if not self._running[user_id]:
            del self._running[user_id]
        self._changed.set()

    @contextmanager
    def blocked(self, user_id: str, by_themselves: bool = False) -> Iterator[None]:
        """Refuses new requests of `user_id` in this process while the block is held;
        `by_themselves`: the deleting request is the user's own (counted running)."""
        _add(self._blocked, user_id, 1)
        _add(self._own, user_id, int(by_themselves))
        try:
            yield
        finally:
            _add(self._blocked, user_id, -1)
            _add(self._own, user_id, -int(by_themselves))

    def is_blocked(self, user_id: str) -> bool:
        return user_id in self._blocked

    async def drained(self, user_id: str, limit: float = DRAIN_LIMIT_SECONDS) -> bool:
        """Waits until no request of `user_id` runs here but the deletions of theirs under
        way (`blocked(by_themselves=True)`: the waiting request itself, and another like it),
        for at most `limit` seconds; False when that time ran out."""
        try:
            async with asyncio.timeout(limit):
                while True:
                    self._changed.clear()  # before the check: a request ending after it sets it again
                    if self.running(user_id) <= self._own.get(user_id, 0):
                        return True
                    await self._changed.wait()
        except TimeoutError:
            return False


def _add(counts: dict[str, int], user_id: str, n: int) -> None:
    """Adds `n` to a user's count, keeping no zero."""
    counts[user_id] = counts.get(user_id, 0) + n
    if not counts[user_id]:
        del counts[user_id]
