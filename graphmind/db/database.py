"""The database handle: runs named queries from the Cypher library on Neo4j."""

import asyncio
import time
from collections.abc import Awaitable, Callable
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar

import neo4j
from neo4j import AsyncGraphDatabase, NotificationMinimumSeverity, RoutingControl
from neo4j import exceptions as neo4j_errors
from neo4j.graph import Node, Path, Relationship

from graphmind.db import commit_flush, io_timeouts, temporals
from graphmind.db.plan_gate import PlanGate
from graphmind.db.queries import QueryLibrary
from graphmind.db.write_behind import Queued, WriteBehind
from graphmind.errors import Conflict, GraphMindError, Unavailable
from graphmind.settings import Settings

T = TypeVar("T")
Row = dict[str, Any]


def native(value):
    """A Neo4j temporal value as Python's (datetime, date); anything else unchanged."""
    return value.to_native() if hasattr(value, "to_native") else value


# values `plain` returns as they came (a DATETIME arrives as a datetime: db/temporals.py)
_LEAVES = frozenset({str, int, float, bool, type(None), datetime})


def plain(value):
    """A result value as plain Python, as `Record.data()` gives it (nodes as their
    properties, relationships and paths as tuples and lists) but without that method's
    per-element type checks: a list or map of plain values, such as an embedding or a
    memory's properties, is returned as it came (`Record.data()` spent about 0.45 ms on
    each 384-float embedding; copying every map and testing every value, 1 ms on each
    recall's ranked memories)."""
    kind = type(value)
    if kind is list:
        if _LEAVES.issuperset(map(type, value)):
            return value
        return [item if type(item) in _LEAVES else plain(item) for item in value]
    if kind is dict:
        if _LEAVES.issuperset(map(type, value.values())):
            return value
        return {key: item if type(item) in _LEAVES else plain(item) for key, item in value.items()}
    if isinstance(value, (Node, Relationship, Path)):
        return neo4j.Record({"value": value}).data()["value"]
    return value


def row(record: neo4j.Record) -> Row:
    return {key: plain(value) for key, value in record.items()}


class _ListParameter(list):
    """A list parameter whose repr is only its length (see `parameters`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<list of {len(self)}>"


class _MapParameter(dict):
    """A map parameter whose repr is only its size (see `parameters`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<map of {len(self)}>"


def parameters(params: dict[str, object]) -> dict[str, object]:
    """The parameters as the driver receives them: each list or map in one whose repr is
    short. The pinned driver formats every RUN's parameters for its debug log even when
    that log is off (`" ".join(map(repr, fields))` in `Bolt6x0.run`, neo4j 6.4.1): 0.7 ms
    for a recall's ranking query, about 100 ms for a batch of 250 memories with their
    embeddings. Subclasses of list and dict are packed as lists and maps (tested)."""
    return {
        key: _ListParameter(value) if type(value) is list else _MapParameter(value) if type(value) is dict else value
        for key, value in params.items()
    }


NO_KEY = ""  # a key, term or id no node has


def keys_or_none_matching(values: list[str]) -> list[str]:
    """`values`, or when empty a list of one key that matches nothing (`NO_KEY`). Neo4j
    caches a plan per parameter type, and an empty list is not of the type of a list of
    strings: the first query with an empty one is planned again (0.3-0.4 s on a warm
    Neo4j, seconds on one just started). For lists of keys that are only looked up."""
    return values or [NO_KEY]


def nullable(**values: object) -> dict[str, object]:
    """Values that may be null, to be sent as one map parameter. A parameter that is null
    where another call sent a value is of another type, so Neo4j plans the query again: on
    a warm Neo4j, 0.5-1.3 s for recall's ranking with each set of filters, 0.1-0.4 s for a
    decision or an outcome of each shape. A map is of one type whatever its values
    (docs/architecture.md, "One cached plan per query and parameter types")."""
    return values


# The driver waits 1 s, then twice as long each time (±20%), between a managed transaction's
# attempts, and its retry budget counts from the end of the first attempt, so with a 3 s
# budget its last wait could end 7.8 s after a refused connection (median 6.1 s in 12 tries).
# These waits end 3.3 s after it at the median (3.0-3.6 s in 12 tries), 5.3 s at worst (the
# first five waits just under the budget, the sixth long: about 6% of calls take 4.2-5.3 s),
# and no wait inside the budget is longer than 2.3 s (4.8 s before): after an outage a
# caller tries again sooner once Neo4j is back. The driver lists both keys among its
# "undocumented" options; its version is pinned, and tests/db/test_database.py checks that
# they still reach the retry loop.
RETRY_FIRST_DELAY_SECONDS = 0.25
RETRY_DELAY_MULTIPLIER = 1.5


@contextmanager
def translated_errors():
    """Re-raises driver errors as GraphMind errors (`from` the original)."""
    try:
        yield
    except GraphMindError:
        raise
    except (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired) as e:
        raise Unavailable("Neo4j is not reachable right now; try again shortly") from e
    except neo4j_errors.ConnectionAcquisitionTimeoutError as e:  # every pooled connection busy (Neo4j hangs)
        raise Unavailable("no connection to Neo4j came free in time; try again shortly") from e
    except neo4j_errors.AuthError as e:
        raise Unavailable("Neo4j refused GraphMind's credentials") from e
    except neo4j_errors.ConstraintError as e:
        raise Conflict("the change conflicts with an existing object") from e
    except neo4j_errors.TransientError as e:  # still failing after the driver's retries (e.g. a stopping database)
        raise Unavailable(f"Neo4j cannot serve the request right now ({e.code}); try again shortly") from e
    except neo4j_errors.Neo4jError as e:
        raise GraphMindError(f"Neo4j error {e.code}: {e.message}") from e


def neo4j_lost(error: BaseException | None) -> bool:
    """Whether a driver error says Neo4j or its database could not be reached: it may come
    back restarted, with empty caches."""
    if isinstance(error, neo4j_errors.ServiceUnavailable | neo4j_errors.SessionExpired):
        return True
    return isinstance(error, neo4j_errors.TransientError) and "DatabaseUnavailable" in (error.code or "")


def neo4j_unreachable(error: BaseException | None) -> bool:
    """Whether a driver error says Neo4j or its database could not be reached (`neo4j_lost`),
    or not in time (no pooled connection came free: queries hang); not a refused login, nor
    a deadlock or lock timeout left after the retries."""
    return neo4j_lost(error) or isinstance(error, neo4j_errors.ConnectionAcquisitionTimeoutError)


def _pipelined_begin(session: neo4j.AsyncSession):
    """Sends a transaction's BEGIN with its first query instead of waiting a round trip
    for it, as the driver's own `execute_query` does (its `_pipelined_begin`, private:
    the driver's version is pinned and tests/db/test_database.py checks it is there).
    A BEGIN that fails fails that first query, which the managed retry handles."""
    return session._pipelined_begin


class Transaction:
    """A transaction that runs named queries; see Database.transaction and read_transaction."""

    def __init__(
        self,
        tx: neo4j.AsyncManagedTransaction,
        library: QueryLibrary,
        plans: PlanGate,
        claims: dict[str, asyncio.Future[None]],
    ) -> None:
        self._tx = tx
        self._library = library
        self._plans = plans
        self._claims = claims
        self._at_commit: list[commit_flush.Queued] = []
        self._queued: list[str] = []

    async def run(self, name: str, **params: object) -> list[Row]:
        query = self._library[name]
        bound = parameters(query.bind(params))
        if name in self._claims:  # this transaction's earlier attempt claimed it for its COMMIT
            return await self._run(query.text, bound)
        async with self._plans.first_run(name):
            return await self._run(query.text, bound)

    async def _run(self, text: str, bound: dict[str, object]) -> list[Row]:
        result = await self._tx.run(text, bound)
        return [row(record) async for record in result]

    def run_at_commit(self, name: str, **params: object) -> None:
        """Queues a write whose rows nobody reads: it runs after the transaction's other
        queries, in the order queued, sent with the COMMIT (db/commit_flush.py). If it
        fails, the whole transaction fails."""
        query = self._library[name]
        if query.is_read:
            raise GraphMindError(f"query {name} is read: its rows would be lost at commit")
        if not self._at_commit:
            commit_flush.install(self._tx, self._at_commit)
        self._at_commit.append((query.text, parameters(query.bind(params))))
        self._queued.append(name)

    async def claim_queued(self) -> None:
        """Claims the first run of each queued query that needs one (plan_gate.py);
        the transaction settles the claims once its COMMIT has been answered. Claimed in
        name order, so that two transactions never wait for each other's claims."""
        for name in sorted(set(self._queued)):
            if name not in self._claims and (claim := await self._plans.claim(name)) is not None:
                self._claims[name] = claim


class Database:
    """Runs the Cypher library's queries; reads are routed as reads."""

    def __init__(self, driver: neo4j.AsyncDriver, library: QueryLibrary, name: str) -> None:
        self.driver = driver
        self.library = library
        self.name = name
        self.plans = PlanGate()
        self.behind = WriteBehind(self._write_queued)  # writes nobody waits for (db/write_behind.py)
        self._unreachable_at: float | None = None  # time.monotonic() of the last Unavailable
        self._awaiting_neo4j = False  # noted unreachable, no query has succeeded since

    @contextmanager
    def _translated_errors(self):
        """translated_errors; an unreachable Neo4j or database is noted (`unreachable_within`),
        and one that may come back restarted (`neo4j_lost`, not a pool with no connection free
        in time) also resets the plan gate; a refused login or a deadlock left after the
        retries does neither. The first answer from Neo4j after that, a result or an error
        of its own, wakes the writes queued behind callers."""
        try:
            with translated_errors():
                yield
        except GraphMindError as e:
            cause = e.__cause__  # the driver's error; None when the caller's own code raised
            if neo4j_lost(cause):
                self.plans.forget()
            if neo4j_unreachable(cause):
                self.note_unreachable()
            elif isinstance(cause, neo4j_errors.Neo4jError):  # Neo4j answered: refused the query, a login, …
                self._neo4j_answered()
            raise
        self._neo4j_answered()

    def _neo4j_answered(self) -> None:
        if self._awaiting_neo4j:
            self._awaiting_neo4j = False
            self.behind.neo4j_back()

    def note_unreachable(self) -> None:
        """Notes that Neo4j (or its database) could not be reached by a query of this process
        just now."""
        self._unreachable_at = time.monotonic()
        self._awaiting_neo4j = True

    def unreachable_within(self, seconds: float) -> bool:
        """Whether a query of this process found Neo4j unreachable in the last `seconds`:
        writes queued behind callers (here or in another process) may not be written yet."""
        return self._unreachable_at is not None and time.monotonic() - self._unreachable_at <= seconds

    @classmethod
    def connect(cls, settings: Settings, library: QueryLibrary) -> "Database":
        """Creates the driver (no I/O until the first query); its DATETIMEs are Python
        datetimes (db/temporals.py), and its reads and writes are bounded at less cost
        (db/io_timeouts.py)."""
        temporals.install()
        io_timeouts.install()
        driver = AsyncGraphDatabase.driver(
            settings.bolt_uri,
            auth=(settings.neo4j_user, settings.neo4j_password),
            connection_timeout=settings.neo4j_connect_timeout,
            connection_acquisition_timeout=settings.neo4j_connect_timeout,
            max_transaction_retry_time=settings.neo4j_retry_seconds,  # then UNAVAILABLE: fail fast
            initial_retry_delay=RETRY_FIRST_DELAY_SECONDS,
            retry_delay_multiplier=RETRY_DELAY_MULTIPLIER,
            notifications_min_severity=NotificationMinimumSeverity.OFF,
        )
        return cls(driver, library, settings.neo4j_database)

    async def close(self) -> None:
        """Writes what is queued behind (db/write_behind.py), then closes the driver."""
        try:
            await self.behind.close()
        finally:
            await self.driver.close()

    async def queue_write(self, key: str, owner: str, name: str, **params: object) -> None:
        """Queues write query `name` behind the caller (db/write_behind.py): written soon,
        in a transaction of its own, without the caller waiting; `key` lets a caller claim
        it, `owner` (a user id) wait for it. Wrong parameters are refused here."""
        query = self.library[name]
        if query.is_read:
            raise GraphMindError(f"query {name} is read: nobody would read its rows")
        query.bind(params)
        await self.behind.queue(key, owner, name, **params)

    async def _write_queued(self, batch: list[Queued]) -> None:
        """One transaction for a batch of queued writes, each its own query, all sent with
        the COMMIT (db/commit_flush.py)."""

        async def work(tx: Transaction) -> None:
            for queued in batch:
                tx.run_at_commit(queued.name, **queued.params)

        await self.transaction(work)

    async def read(self, name: str, **params: object) -> list[Row]:
        """Runs a read query in its own transaction."""
        return await self._execute(name, params, RoutingControl.READ)

    async def write(self, name: str, **params: object) -> list[Row]:
        """Runs a write or schema query in its own transaction."""
        return await self._execute(name, params, RoutingControl.WRITE)

    async def write_once(self, name: str, **params: object) -> list[Row]:
        """Runs a write query as one auto-commit transaction: one round trip fewer
        than `write`, but not retried on transient errors (the caller may retry)."""
        query = self.library[name]
        if query.is_read:
            raise GraphMindError(f"query {name} is read; call it accordingly")
        bound = parameters(query.bind(params))
        with self._translated_errors():
            async with self.plans.first_run(name), self.driver.session(database=self.name) as session:
                result = await session.run(query.text, bound)
                return [row(record) async for record in result]

    async def explain(self, name: str, **params: object) -> None:
        """Plans query `name` for these parameters' types without running it: Neo4j caches
        the plan an EXPLAIN makes, and the query's first run then finds it, though it
        parses the query's own text again (docs/benchmarks.md, "A request's API key and
        rate limit")."""
        query = self.library[name]
        bound = parameters(query.bind(params))
        with self._translated_errors():
            async with self.driver.session(database=self.name) as session:
                await (await session.run("EXPLAIN " + query.text, bound)).consume()

    async def clear_query_caches(self) -> None:
        """Empties Neo4j's query caches (parsed queries and their plans); this process's
        plan gate gates each query's next run again, as after a restart."""
        await self.write("system.clear_query_caches")
        self.plans.forget()

    async def _execute(self, name: str, params: dict, routing: RoutingControl) -> list[Row]:
        query = self.library[name]
        if query.is_read != (routing == RoutingControl.READ):
            raise GraphMindError(f"query {name} is {query.mode}; call it accordingly")
        bound = parameters(query.bind(params))
        with self._translated_errors():
            async with self.plans.first_run(name):
                records, _, _ = await self.driver.execute_query(
                    query.text, bound, routing_=routing, database_=self.name
                )
        return [row(record) for record in records]

    async def transaction(self, work: Callable[[Transaction], Awaitable[T]]) -> T:
        """Runs `work` in one write transaction, retried on transient errors."""
        return await self._managed(work, write=True)

    async def read_transaction(self, work: Callable[[Transaction], Awaitable[T]]) -> T:
        """Runs `work` (read queries only) in one read transaction: a consistent view
        across several queries, retried on transient errors."""
        return await self._managed(work, write=False)

    async def _managed(self, work: Callable[[Transaction], Awaitable[T]], write: bool) -> T:
        """Runs `work` as the driver's transaction function. The first runs of queries
        queued for its COMMIT are claimed (plan_gate.py) and settled once it ends."""
        claims: dict[str, asyncio.Future[None]] = {}

        async def transaction_function(tx: neo4j.AsyncManagedTransaction) -> T:
            transaction = Transaction(tx, self.library, self.plans, claims)
            result = await work(transaction)
            await transaction.claim_queued()
            return result

        committed = False
        try:
            with self._translated_errors():
                async with self.driver.session(database=self.name) as session:
                    with _pipelined_begin(session):
                        execute = session.execute_write if write else session.execute_read
                        result = await execute(transaction_function)
            committed = True
            return result
        finally:
            for name, claim in claims.items():
                self.plans.settle(name, claim, committed)
