"""Writes a caller does not wait for, group-committed by one writer per process.

Recall's record (the Retrieval, each returned memory's review, co-retrieval and the
`memory.retrieved` event) was a write transaction on the caller's path: 5-6 ms of a recall's
20 at p50 on 10k memories, 10 at p95 (docs/benchmarks.md). Queued here instead, the caller
returns once it has read; the writer sends every queued write in one transaction as soon as
the one before has committed (group commit), each queued write as its own query. Under many
agents one COMMIT then carries many recalls' records.

What the callers rely on:
- **Nothing acknowledged is dropped while the process lives.** A batch that fails because
  Neo4j cannot be reached is sent again (backing off, or as soon as another query of the
  process finds Neo4j back: `neo4j_back`) until it commits; a batch refused for
  another reason is sent again one write at a time, so only a write Neo4j refuses alone is
  lost, logged with its key. At most `capacity` writes wait; more wait for room, so a caller
  slows down instead of growing memory. `close` (the app's lifespan, the end of every
  command) sends what is queued first. What a crash loses is at most what was queued or in
  flight: the last batch.
- **Events stay gap-free per user**: a queued write appends its events when it runs
  (`events.append`), in the transaction that writes it.
- **A key can be claimed** (`claim`) by a caller that writes it in its own transaction:
  decide writes the record of the retrieval it names, with the decision, when the record is
  still queued, rather than waiting for it.
- **A caller can wait** for the writes of a key or an owner (`settled`, `owner_settled`):
  a user's next GraphQL or MCP request waits for that user's earlier records, so that it
  reads their reviews (a recall called in the service right after another does not).
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from graphmind.errors import Unavailable

log = logging.getLogger("graphmind")

CAPACITY = 10_000  # queued writes at most; more wait for room
BATCH = 200  # writes per transaction at most
RETRY_FIRST_SECONDS = 0.2  # the first wait after Neo4j could not be reached; doubled up to
RETRY_MAX_SECONDS = 5.0
WAIT_LIMIT_SECONDS = 3.0  # a caller waits this long at most for its writes (Neo4j may be down)


@dataclass
class Queued:
    """A queued write: the named query and its parameters, the key a caller may claim it by
    (a retrieval id) and its owner (a user id)."""

    key: str
    owner: str
    name: str
    params: dict[str, object]
    written: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    def done(self, error: BaseException | None = None) -> None:
        if not self.written.done():
            if error is None:
                self.written.set_result(None)
            else:
                self.written.set_exception(error)
                self.written.exception()  # retrieved: a waiter may never come


Writer = Callable[[list[Queued]], Awaitable[None]]


class WriteBehind:
    """The process's queue of writes nobody waits for, and the task that writes them
    (`write_batch`: one transaction for a list of them)."""

    def __init__(self, write_batch: Writer, capacity: int = CAPACITY, batch: int = BATCH) -> None:
        self._write_batch = write_batch
        self._capacity = capacity
        self._batch = batch
        self._queued: dict[str, Queued] = {}  # by key, in the order queued
        self._in_flight: dict[str, Queued] = {}
        self._claimed: dict[str, Queued] = {}  # taken by a caller writing them itself
        self._wake = asyncio.Event()
        self._back = asyncio.Event()  # Neo4j answered again: stop backing off
        self._room = asyncio.Event()
        self._room.set()
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    def neo4j_back(self) -> None:
        """Another query found Neo4j back after an outage: a batch waiting to be sent again
        goes now instead of at the end of its backoff (up to `RETRY_MAX_SECONDS`)."""
        self._back.set()

    def __len__(self) -> int:
        return len(self._queued) + len(self._in_flight)

    def _pending(self) -> list[Queued]:
        return [*self._in_flight.values(), *self._claimed.values(), *self._queued.values()]

    async def queue(self, key: str, owner: str, name: str, **params: object) -> None:
        """Queues query `name`; returns once it is queued (at once unless `capacity` writes
        wait already)."""
        while len(self) >= self._capacity:
            self._room.clear()
            await self._room.wait()
        if self._closed:
            raise Unavailable("the service is stopping")
        self._queued[key] = Queued(key, owner, name, params)
        self._wake.set()
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="graphmind-write-behind")

    def claim(self, key: str, owner: str) -> Queued | None:
        """The queued write of `key`, if `owner`'s, taken out of the queue for the caller to
        write in its own transaction; None when it is not queued (written, in flight, never
        queued here) or another owner's. A caller whose transaction fails gives it back
        (`give_back`)."""
        queued = self._queued.get(key)
        if queued is None or queued.owner != owner:
            return None
        self._claimed[key] = self._queued.pop(key)
        return queued

    def give_back(self, claimed: Queued) -> None:
        """A claimed write the claimer could not write: queued again, first (once closed:
        logged as lost)."""
        self._claimed.pop(claimed.key, None)
        if self._closed:
            self._lost([claimed])
            return
        self._queued = {claimed.key: claimed, **self._queued}
        self._wake.set()

    def written(self, claimed: Queued) -> None:
        """A claimed write the claimer has committed."""
        self._claimed.pop(claimed.key, None)
        claimed.done()
        self._room_made()

    async def settled(self, key: str, owner: str, limit: float = WAIT_LIMIT_SECONDS) -> None:
        """Waits until the write of `key` queued here (if any, and `owner`'s) is written or
        given up, for at most `limit` seconds."""
        queued = self._queued.get(key) or self._in_flight.get(key) or self._claimed.get(key)
        if queued is not None and queued.owner == owner:
            await asyncio.wait([queued.written], timeout=limit)

    async def owner_settled(self, owner: str, limit: float = WAIT_LIMIT_SECONDS) -> None:
        """Waits until every write of `owner` queued here so far is written or given up, for
        at most `limit` seconds (while Neo4j cannot be reached they wait; the caller goes on
        and meets the outage itself)."""
        waits = [q.written for q in self._pending() if q.owner == owner]
        if waits:
            await asyncio.wait(waits, timeout=limit)

    async def close(self, timeout: float = 30.0) -> None:
        """Writes what is queued (for up to `timeout` seconds), then stops; what is left is
        logged as lost."""
        self._closed = True
        waits = [q.written for q in self._pending()]
        if waits:
            await asyncio.wait(waits, timeout=timeout)
        left = [q for q in self._pending() if not q.written.done()]  # counted before the writer stops
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._lost(left)

    def _lost(self, writes: list[Queued]) -> None:
        """Writes that will not be written: logged, and their waiters released."""
        if writes:
            log.error(
                "%d queued writes could not be written before the service stopped: %s",
                len(writes),
                ", ".join(f"{q.name} {q.key}" for q in writes),
            )
        for q in writes:
            q.done(Unavailable("the service stopped before this write"))

    async def _run(self) -> None:
        backoff = RETRY_FIRST_SECONDS
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queued:
                keys = list(self._queued)[: self._batch]
                batch = [self._queued.pop(k) for k in keys]
                self._in_flight.update((q.key, q) for q in batch)
                try:
                    await self._write_batch(batch)
                except Unavailable as e:  # Neo4j cannot be reached: all of it again, later
                    self._retry_later(batch)
                    log.warning("queued writes wait for Neo4j (%d): %s", len(self), e)
                    self._back.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._back.wait(), backoff)
                    backoff = min(backoff * 2, RETRY_MAX_SECONDS)
                    continue
                except Exception:  # refused: each alone, so that only what Neo4j refuses alone is lost
                    await self._one_by_one(batch)
                else:
                    for q in batch:
                        q.done()
                finally:
                    for q in batch:
                        self._in_flight.pop(q.key, None)
                    self._room_made()
                backoff = RETRY_FIRST_SECONDS

    def _retry_later(self, batch: list[Queued]) -> None:
        for q in batch:
            self._in_flight.pop(q.key, None)
        self._queued = {**{q.key: q for q in batch}, **self._queued}

    async def _one_by_one(self, batch: list[Queued]) -> None:
        for q in batch:
            try:
                await self._write_batch([q])
            except Unavailable:
                self._retry_later([q])
            except Exception as e:
                log.error("a queued write was refused and is lost: %s %s: %s", q.name, q.key, e)
                q.done(e)
            else:
                q.done()

    def _room_made(self) -> None:
        if len(self) < self._capacity:
            self._room.set()
