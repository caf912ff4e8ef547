"""Each query's first run after Neo4j (re)starts goes alone; the same query waits for it.

Neo4j parses (in its query router) and plans a query the first time it meets its text,
then serves it from caches, but it does not share a parse or a plan being made: eight
concurrent cold runs of recall's ranking query took 8.8 s where one took 4.5 s. So when
32 agents come back after a restart, every query of their loop is parsed and planned up
to 32 times at once, on a JVM that has not compiled that code yet (docs/benchmarks.md).

The gate lets one run of a query through per process while no run of it has succeeded
since the gate last lost Neo4j; runs of that query arriving meanwhile wait until it ends,
then find it in Neo4j's caches. Later runs cost a set lookup. A waiter's transaction
may hold a lock the first run needs, which Neo4j cannot see as a deadlock: a waiter waits
at most `WAIT_SECONDS`, then runs anyway.
"""

import asyncio
import contextlib
from collections.abc import AsyncIterator

WAIT_SECONDS = 10.0


class PlanGate:
    def __init__(self, wait_seconds: float = WAIT_SECONDS) -> None:
        self._wait_seconds = wait_seconds
        self._planned: set[str] = set()
        self._first: dict[str, asyncio.Future[None]] = {}

    def forget(self) -> None:
        """Neo4j may have restarted (with empty caches): gate each query's next run again."""
        self._planned.clear()

    async def claim(self, name: str) -> asyncio.Future[None] | None:
        """A claim on the first run of query `name` (settle it when that run has ended),
        or None when the query may run now: it has run since the gate lost Neo4j, or
        another first run of it ended (or kept this caller waiting too long)."""
        if name in self._planned:
            return None
        first = self._first.get(name)
        if first is None:
            first = self._first[name] = asyncio.get_running_loop().create_future()
            return first
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(first), self._wait_seconds)
        return None

    def settle(self, name: str, claim: asyncio.Future[None], ran: bool) -> None:
        """Ends a claim: `ran` when the query ran (it is planned now)."""
        if ran:
            self._planned.add(name)
        if self._first.get(name) is claim:
            del self._first[name]
        if not claim.done():
            claim.set_result(None)

    @contextlib.asynccontextmanager
    async def first_run(self, name: str) -> AsyncIterator[None]:
        """Runs the block as query `name`'s first run when it is one (see `claim`)."""
        claim = await self.claim(name)
        if claim is None:
            yield
            return
        ran = False
        try:
            yield
            ran = True
        finally:
            self.settle(name, claim, ran)
