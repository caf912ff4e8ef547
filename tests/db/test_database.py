"""Every query file against the real Neo4j, and the handle's routing and errors."""

import uuid
from contextlib import asynccontextmanager

import pytest

from graphmind.errors import CypherLibraryError, GraphMindError

SYSTEM_DATABASE_QUERIES = {"system.change_initial_password"}


async def test_every_query_file_explains_on_real_neo4j(db, library):
    explained = 0
    for query in library:
        database = "system" if query.name in SYSTEM_DATABASE_QUERIES else db.name
        params = dict.fromkeys(query.params)
        await db.driver.execute_query("EXPLAIN " + query.text, params, database_=database)
        explained += 1
    assert explained == len(library)


async def test_read_query_runs_as_read(db):
    [row] = await db.read("system.server_version")
    assert row["version"].startswith("2026.09.")


async def test_mode_mismatch_is_refused(db):
    with pytest.raises(GraphMindError, match="is read"):
        await db.write("system.server_version")


async def test_wrong_parameters_never_reach_neo4j(db):
    with pytest.raises(CypherLibraryError):
        await db.read("system.user_node_counts", user="x")


async def test_explain_plans_a_query_without_running_it(db):
    key = f"explain-{uuid.uuid4()}"
    await db.explain("ratelimit.take", key=key, perSecond=1.0, burst=1, want=1)
    assert await db.write("testing.age_rate_bucket", key=key, seconds=0) == []  # no bucket was taken
    with pytest.raises(CypherLibraryError):
        await db.explain("ratelimit.take", key=key)


async def test_an_unreachable_neo4j_fails_fast_with_unavailable(settings, library):
    import time

    from graphmind.db.database import RETRY_DELAY_MULTIPLIER, RETRY_FIRST_DELAY_SECONDS, Database
    from graphmind.errors import Unavailable
    from graphmind.settings import Settings

    budget = 1.0  # its waits 0.25, 0.375, 0.5625 s (±20%) and at most one more: done within about 2 s
    down = Database.connect(Settings(neo4j_uri="bolt://127.0.0.1:1", neo4j_retry_seconds=budget), library)
    config = down.driver._default_workspace_config  # private; the driver lists the keys as undocumented
    assert (config.initial_retry_delay, config.retry_delay_multiplier, config.max_transaction_retry_time) == (
        RETRY_FIRST_DELAY_SECONDS,
        RETRY_DELAY_MULTIPLIER,
        budget,
    )
    assert not down.unreachable_within(60)
    started = time.monotonic()
    try:
        with pytest.raises(Unavailable):
            await down.read("keys.active_count")
    finally:
        await down.close()
    assert time.monotonic() - started < budget + 2.5  # the driver's own waits (1 s, doubling) took up to 3.2 s
    assert down.unreachable_within(60)  # noted: writes queued behind callers may not be written yet


async def test_a_hung_neo4j_is_unavailable_in_seconds_not_minutes(neo4j_server, settings, library):
    """A Neo4j that stops answering but keeps its connections open (SIGSTOP here: a hung
    JVM, a frozen VM) is UNAVAILABLE once the server's keep-alive hint (10 s) has passed,
    not after Neo4j's default two minutes (neo4j_server/config.py)."""
    import os
    import signal
    import time

    from graphmind.db.database import Database
    from graphmind.errors import Unavailable

    pid = neo4j_server.pid()
    assert pid is not None
    hung = Database.connect(settings.model_copy(update={"neo4j_retry_seconds": 1.0}), library)
    try:
        await hung.read("system.server_version")  # a pooled connection, told the server's hint
        [connection] = hung.driver._pool.connections[next(iter(hung.driver._pool.connections))]  # private
        assert connection.connection_hints["connection.recv_timeout_seconds"] == 10
        os.kill(pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            with pytest.raises(Unavailable):
                await hung.read("system.server_version")
            waited = time.monotonic() - started
        finally:
            os.kill(pid, signal.SIGCONT)
    finally:
        await hung.close()
    assert waited < 20  # the hint, then the 1 s retry budget and a 3 s connect; 2 minutes before


async def mark_planned(db, name: str) -> None:
    """Makes `db`'s plan gate treat query `name` as run since Neo4j was last lost."""
    db.plans.settle(name, await db.plans.claim(name), ran=True)


async def planned(db, name: str) -> bool:
    """Whether `db`'s plan gate lets query `name` run at once (not as a first run)."""
    claim = await db.plans.claim(name)
    if claim is not None:
        db.plans.settle(name, claim, ran=False)
    return claim is None


@asynccontextmanager
async def a_database_whose_one_connection_is_held(settings, library):
    """(database, holder's transaction): a Database on a pool of one connection, which a
    transaction holds until rolled back; the database waits 0.5 s for a connection."""
    from neo4j import AsyncGraphDatabase

    from graphmind.db.database import Database

    driver = AsyncGraphDatabase.driver(
        settings.bolt_uri,
        auth=(settings.neo4j_user, settings.neo4j_password),
        max_connection_pool_size=1,
        connection_acquisition_timeout=0.5,
    )
    busy = Database(driver, library, settings.neo4j_database)
    try:
        async with driver.session(database=settings.neo4j_database) as holder:
            held = await holder.begin_transaction()
            yield busy, held
    finally:
        await busy.close()


async def test_a_pool_with_no_connection_free_in_time_is_unavailable_and_noted(settings, library):
    """Every pooled connection busy (Neo4j hangs, or callers hold them): UNAVAILABLE, not
    INTERNAL, and noted like an unreachable Neo4j."""
    from graphmind.errors import Unavailable

    async with a_database_whose_one_connection_is_held(settings, library) as (busy, held):
        await mark_planned(busy, "keys.active_count")
        with pytest.raises(Unavailable, match="no connection to Neo4j came free"):
            await busy.read("keys.active_count")
        await held.rollback()
        assert busy.unreachable_within(60)
        assert await planned(busy, "keys.active_count")  # Neo4j did not restart: its plans are still cached
        assert await busy.read("keys.active_count")  # the connection is free again


@pytest.mark.parametrize("answer", ["rows", "an error of its own"])
async def test_the_first_answer_from_neo4j_wakes_the_writes_queued_behind(settings, library, monkeypatch, answer):
    """A queued write that met an outage is sent again as soon as Neo4j answers any query of
    the process, with rows or by refusing it, not at the end of its backoff (the outage here:
    the pool's only connection held)."""
    import asyncio
    import time

    monkeypatch.setattr("graphmind.db.write_behind.RETRY_FIRST_SECONDS", 60.0)
    async with a_database_whose_one_connection_is_held(settings, library) as (busy, held):
        await busy.queue_write("k", "u", "testing.set_utility", userId=f"wake-{uuid.uuid4()}", id="m", utility=0.5)
        for _ in range(200):  # the writer meets the held pool (0.5 s) and backs off for 60 s
            if busy.unreachable_within(60):
                break
            await asyncio.sleep(0.05)
        assert busy.unreachable_within(60) and len(busy.behind) == 1
        await held.rollback()
        started = time.monotonic()
        if answer == "rows":
            await busy.read("keys.active_count")
        else:
            with pytest.raises(GraphMindError, match="Neo4j error"):  # LIMIT -1: Neo4j refuses it
                await busy.read("events.page", userId="u", after=0, filters={"types": None}, pageSize=-1)
        await busy.behind.owner_settled("u", limit=10)
        assert len(busy.behind) == 0 and time.monotonic() - started < 5


async def test_only_a_lost_neo4j_makes_the_plan_gate_gate_first_runs_again(settings, library):
    """Neo4j may come back from an outage with empty caches; a refused login leaves them."""
    from graphmind.db.database import Database
    from graphmind.errors import Unavailable
    from graphmind.settings import Settings

    refused = Database.connect(settings.model_copy(update={"neo4j_user": "graphmind-nobody"}), library)
    down = Database.connect(Settings(neo4j_uri="bolt://127.0.0.1:1"), library)
    try:
        for db in (refused, down):
            await mark_planned(db, "keys.active_count")
            with pytest.raises(Unavailable):
                await db.read("keys.active_count")
        assert await planned(refused, "keys.active_count") and not refused.unreachable_within(60)
        assert not await planned(down, "keys.active_count") and down.unreachable_within(60)
    finally:
        await refused.close()
        await down.close()


def test_a_transient_error_left_after_the_retries_is_unavailable_not_internal():
    from neo4j.exceptions import Neo4jError

    from graphmind.db.database import translated_errors
    from graphmind.errors import Unavailable

    stopping = Neo4jError._hydrate_neo4j(code="Neo.TransientError.General.DatabaseUnavailable", message="stopping")
    with pytest.raises(Unavailable, match="DatabaseUnavailable"), translated_errors():
        raise stopping


def test_only_an_unreachable_neo4j_or_database_is_noted_as_unreachable():
    from neo4j.exceptions import (
        AuthError,
        ConnectionAcquisitionTimeoutError,
        Neo4jError,
        ServiceUnavailable,
        SessionExpired,
    )

    from graphmind.db.database import neo4j_lost, neo4j_unreachable

    def transient(code):
        return Neo4jError._hydrate_neo4j(code=f"Neo.TransientError.{code}", message="left after the retries")

    assert neo4j_unreachable(ServiceUnavailable("down")) and neo4j_unreachable(SessionExpired("gone"))
    assert neo4j_unreachable(transient("General.DatabaseUnavailable"))
    assert neo4j_unreachable(ConnectionAcquisitionTimeoutError("no connection free in time"))
    assert not neo4j_lost(ConnectionAcquisitionTimeoutError("no connection free in time"))  # not restarted
    assert neo4j_lost(ServiceUnavailable("down")) and neo4j_lost(transient("General.DatabaseUnavailable"))
    assert not neo4j_unreachable(transient("Transaction.DeadlockDetected"))
    assert not neo4j_unreachable(AuthError("refused")) and not neo4j_unreachable(None)


async def test_rows_are_what_record_data_gives_without_its_per_element_cost(db):
    from graphmind.db.database import row

    async with db.driver.session(database=db.name) as session:
        tx = await session.begin_transaction()
        try:
            result = await tx.run(
                "CREATE (n:RowShapeProbe {a: 1, v: [0.5, 1.5]})-[r:PROBES {w: 2}]->(m:RowShapeProbe) "
                "WITH n, r, m MATCH p = (n)-->(m) "
                "RETURN n, r, p, [n, {k: [m, 1]}] AS mixed, [0.25, 0.75] AS vector, "
                "{when: datetime('2026-11-26T12:00:00Z'), none: null, s: 'x'} AS scalars, "
                "{tags: ['a'], node: m, at: datetime('2026-11-26T12:00:00Z'), x: 1} AS partly, "
                "[1, 'x', n, [m, {r: r}]] AS nested"
            )
            [record] = [record async for record in result]
            assert row(record) == record.data()
            assert row(record)["vector"] == [0.25, 0.75]
            assert row(record)["n"] == {"a": 1, "v": [0.5, 1.5]}
        finally:
            await tx.rollback()


async def test_transactions_send_begin_with_their_first_query_on_the_pinned_driver(db):
    from graphmind.db.database import _pipelined_begin

    async with db.driver.session(database=db.name) as session:
        with _pipelined_begin(session):  # the driver's private flag exists and is a context
            assert session._pipelined_begin
        assert not session._pipelined_begin
    assert await db.read_transaction(lambda tx: tx.run("system.server_version"))


async def test_parameters_reach_neo4j_whole_but_format_short(db):
    import inspect
    from datetime import UTC, datetime

    from neo4j._async.io._bolt._bolt6 import AsyncBolt6x0

    from graphmind.db.database import parameters

    # why: the pinned driver formats every RUN's parameters for its debug log, on or off
    assert "map(repr, fields)" in inspect.getsource(AsyncBolt6x0.run)
    when = datetime(2026, 11, 27, 7, 0, tzinfo=UTC)
    given = {
        "embedding": [0.25] * 384,
        "rows": [{"id": "a", "when": when, "tags": ["x"]}],
        "row": {"n": 1, "nested": {"v": [0.5]}},
        "text": "plain",
        "count": 3,
    }
    sent = parameters(given)
    assert sent == given
    assert (
        repr(sent)
        == "{'embedding': <list of 384>, 'rows': <list of 1>, 'row': <map of 2>, 'text': 'plain', 'count': 3}"
    )
    async with db.driver.session(database=db.name) as session:
        result = await session.run(
            "RETURN $embedding AS embedding, $rows AS rows, $row AS row, valueType($rows[0].when) AS type", sent
        )
        [record] = [record async for record in result]
    assert record["embedding"] == given["embedding"] and record["rows"] == given["rows"]
    assert record["row"] == given["row"] and record["type"] == "ZONED DATETIME NOT NULL"
