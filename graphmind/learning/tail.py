"""Feeds `events` subscriptions from the event log in Neo4j, whichever server process or
host wrote the events.

One tail per process (owned by the app's lifespan) polls for all of its subscriptions at
once: every POLL_SECONDS while anyone is subscribed, one read of the last sequence number
of each subscribed user (`events.latest_seqs`). Only a subscription whose user's log moved
then reads its new events (`events.page`). Idle subscriptions cost nothing but their share
of that one read; the delay from any process's write to a subscriber is at most
POLL_SECONDS plus the two reads.
"""

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator

from graphmind.db.database import Database
from graphmind.errors import GraphMindError

log = logging.getLogger("graphmind.events")
POLL_SECONDS = 0.5
WARN_EVERY_SECONDS = 60.0


class EventTail:
    def __init__(self, db: Database, interval: float = POLL_SECONDS) -> None:
        self.db = db
        self.interval = interval
        self._watchers: Counter[str] = Counter()
        self._latest: dict[str, int] = {}
        self._moved = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._warned = 0.0

    async def latest(self, user_id: str) -> int:
        """The user's last sequence number now (read at once, not waiting for a poll)."""
        [row] = await self.db.read("events.latest_seqs", userIds=[user_id])
        self._note(user_id, row["seq"])
        return row["seq"]

    @contextlib.asynccontextmanager
    async def watch(self, user_id: str) -> AsyncIterator[None]:
        """While inside, the tail polls for `user_id`."""
        self._watchers[user_id] += 1
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._poll(), name="graphmind-event-tail")
        try:
            yield
        finally:
            self._watchers[user_id] -= 1
            if self._watchers[user_id] <= 0:
                del self._watchers[user_id]
                self._latest.pop(user_id, None)

    async def past(self, user_id: str, seq: int) -> int:
        """Waits until the user's log is past `seq`; returns its last sequence number."""
        while self._latest.get(user_id, 0) <= seq:
            await self._moved.wait()
        return self._latest[user_id]

    def _note(self, user_id: str, seq: int) -> None:
        if seq > self._latest.get(user_id, -1):
            self._latest[user_id] = seq
            self._moved.set()
            self._moved = asyncio.Event()  # waiters of the set one wake; new waiters wait again

    async def _poll(self) -> None:
        while self._watchers:
            try:
                rows = await self.db.read("events.latest_seqs", userIds=list(self._watchers))
            except GraphMindError as e:  # Neo4j away: subscriptions wait, then carry on from their seq
                if time.monotonic() - self._warned > WARN_EVERY_SECONDS:
                    self._warned = time.monotonic()
                    log.warning("event tail: %s", e.message)
                rows = []
            for row in rows:
                if row["userId"] in self._watchers:
                    self._note(row["userId"], row["seq"])
            await asyncio.sleep(self.interval)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
