"""Shared fixtures: the real test Neo4j, the real model, the app in-process.

Tests use their own Neo4j instance (own ports and data folder): the defaults
below apply unless the environment (`make test`) already says otherwise, so a
bare `pytest` never touches the data of `make run`.
"""

import asyncio
import contextlib
import os
import socket
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from graphmind.settings import PROJECT_ROOT

TEST_INSTANCE = {
    "GRAPHMIND_NEO4J_BOLT_PORT": "17687",
    "GRAPHMIND_NEO4J_HTTP_PORT": "17474",
    "GRAPHMIND_NEO4J_HOME": str(PROJECT_ROOT / ".cache/neo4j/test"),
    "GRAPHMIND_NEO4J_PASSWORD": "graphmind-test",
    "GRAPHMIND_GARDENER_ENABLED": "false",  # tests run jobs themselves, on their own clock
    "GRAPHMIND_WARMUP_SECONDS": "0",  # a server a test starts takes traffic at once
    "GRAPHMIND_API_KEYS": "optional",  # keys other tests create must not lock out the default caller
    "GRAPHMIND_ALLOWED_HOSTS": '["testserver"]',  # the Host of Starlette's TestClient (api/hosts.py)
}
for _name, _value in TEST_INSTANCE.items():
    os.environ.setdefault(_name, _value)

from graphmind.db.database import Database  # noqa: E402
from graphmind.db.migrations import migrate  # noqa: E402
from graphmind.db.queries import QueryLibrary  # noqa: E402
from graphmind.embeddings import Embedder  # noqa: E402
from graphmind.improvement import control  # noqa: E402
from graphmind.neo4j_server import Neo4jServer  # noqa: E402
from graphmind.security import keys  # noqa: E402
from graphmind.settings import Settings  # noqa: E402


@pytest.fixture(scope="session")
def settings() -> Settings:
    return Settings()


@pytest.fixture(scope="session")
def neo4j_server(settings):
    """The test Neo4j; started if needed and then stopped again (no orphan JVM)."""
    server = Neo4jServer(settings)
    started = server.start()
    yield server
    if started:
        server.stop()


@pytest.fixture(scope="session")
def library(settings) -> QueryLibrary:
    return QueryLibrary.load(settings.cypher_dir, testing=True)  # with the tests' own queries


@pytest.fixture(scope="session")
async def db(neo4j_server, settings, library):
    """The test database, emptied first (tests never depend on earlier runs)."""
    assert settings.neo4j_bolt_port != 7687, "tests never run against the make-run Neo4j"
    database = Database.connect(settings, library)
    while (await database.write("testing.wipe_batch", batchSize=10_000))[0]["deleted"]:
        pass
    await migrate(database)
    yield database
    await database.close()


@pytest.fixture
async def closed_breaker(deps):
    """The self-improvement circuit breaker closed, for a test that needs a cycle to run: it is
    one node for the whole store, and other tests' rejected proposals (the API fuzz runs
    cycles over random memories) may have opened it for its cooldown."""
    await control.save_breaker(deps, failures=0, tripped=False)


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return Embedder.load()


@pytest.fixture
def user_id() -> str:
    """A fresh user per test, so tests never see each other's data."""
    return f"test-{uuid.uuid4().hex[:10]}"


@pytest.fixture(scope="session")
def app_client(db, settings):
    """The whole app in-process (lifespan included), through Starlette's TestClient;
    its caller is the default user. Depends on `db`, so the database was emptied first."""
    from starlette.testclient import TestClient

    from graphmind.app import create_app

    with TestClient(create_app(settings)) as client:
        yield client


@pytest.fixture(scope="session")
def secure_client(db, settings):
    """The whole app in-process, requiring an API key of every request."""
    from starlette.testclient import TestClient

    from graphmind.app import create_app

    with TestClient(create_app(settings.model_copy(update={"api_keys": "required"}))) as client:
        yield client


@pytest.fixture
async def key_for(deps):
    """key_for(role) → (user id, secret) of a fresh user; revoked afterwards."""
    made = []

    async def make(role=keys.Role.AGENT, user_id=None):
        record, secret = await keys.create_key(deps, user_id or f"sec-{uuid.uuid4().hex[:8]}", role, "test")
        made.append(record.id)
        return record.user_id, secret

    yield make
    for key_id in made:
        try:
            await keys.revoke_key(deps, key_id)
        except Exception:
            pass


@pytest.fixture(scope="session")
def graphql(app_client):
    """Posts a GraphQL document; returns the decoded JSON body."""

    def post(query: str, variables: dict | None = None, **headers: str) -> dict:
        response = app_client.post("/graphql", json={"query": query, "variables": variables or {}}, headers=headers)
        assert response.status_code == 200, response.text
        return response.json()

    return post


@pytest.fixture
def deps(db, embedder, settings):
    """The services on the test Neo4j with the real model and the wall clock."""
    from graphmind.core.clock import Clock
    from graphmind.deps import Deps

    return Deps(settings=settings, db=db, embedder=embedder, clock=Clock())


@pytest.fixture
def remember(deps, user_id):
    """remember(content, **fields) for the test's user; returns the RememberResult."""
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    async def store(content: str, user: str | None = None, **fields):
        parsed = parse_memory_input({"content": content, **fields})
        [result] = await remember_many(deps, user or user_id, [parsed])
        return result

    return store


# A controllable clock (lifecycle and gardener tests).
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _neo4j_type(value) -> str:
    """A parameter's type as Neo4j's plan cache tells them apart (measured on 2026.09): a
    null is not a string or a map, and a list of strings is not an empty list, which is a
    list of anything like a list of maps; a map is a map whatever its values. A list of
    one other type of item (numbers, datetimes) is counted apart too, to be safe."""
    if isinstance(value, list):
        items = {_neo4j_type(v) for v in value}
        return f"list[{items.pop()}]" if len(items) == 1 and items != {"map"} else "list[any]"
    return "map" if isinstance(value, dict) else type(value).__name__


@pytest.fixture
def parameter_types(monkeypatch) -> dict[str, set[tuple]]:
    """Each query's parameter types as the test's calls bind them (every way a query runs,
    those sent with a COMMIT too): query name -> the distinct sets of (name, type)."""
    from graphmind.db.queries import Query

    seen: dict[str, set[tuple]] = {}
    bind = Query.bind

    def typed(self, params):
        seen.setdefault(self.name, set()).add(tuple(sorted((k, _neo4j_type(v)) for k, v in params.items())))
        return bind(self, params)

    monkeypatch.setattr(Query, "bind", typed)
    return seen


@pytest.fixture
def clock():
    """A FixedClock at START: it moves only when the test says so."""
    from graphmind.core.clock import FixedClock

    return FixedClock(START)


@pytest.fixture
def timed(deps, clock):
    """The services on the test Neo4j with the FixedClock."""
    from dataclasses import replace

    return replace(deps, clock=clock)


@pytest.fixture
def store(timed, user_id):
    """store(content, **fields) → the RememberResult, on the fixed clock."""
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    async def remember(content: str, **fields):
        [result] = await remember_many(timed, user_id, [parse_memory_input({"content": content, **fields})])
        return result

    return remember


@pytest.fixture(scope="session")
def key_deps(db, settings):
    """Enough of Deps to create and revoke keys (no model)."""
    from graphmind.core.clock import Clock
    from graphmind.deps import Deps
    from graphmind.embeddings import Embedder

    return Deps(settings=settings, db=db, embedder=Embedder.unavailable(), clock=Clock())


@dataclass
class RunningServer:
    url: str
    state: dict  # the app's lifespan state: deps, authenticator, rate_limiter


@pytest.fixture(scope="session")
def server(db, settings):
    """uvicorn serving create_app (keys required, gardener off) on a free loopback port, in a
    thread, on the test Neo4j (`db` emptied and migrated it): GraphQL at `url`, MCP next to
    it at /mcp; stopped when the session ends."""
    import uvicorn

    from graphmind.app import create_app

    app_settings = settings.model_copy(
        update={"api_keys": "required", "migrate_on_start": False, "gardener_enabled": False}
    )
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(app_settings), log_level="warning", lifespan="on")
    uvicorn_server = uvicorn.Server(config)
    thread = threading.Thread(
        target=uvicorn_server.run, kwargs={"sockets": [sock]}, name="graphmind-server", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + 120
    while not uvicorn_server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the GraphMind server did not start"
        time.sleep(0.05)
    yield RunningServer(f"http://127.0.0.1:{port}/graphql", uvicorn_server.lifespan.state)
    uvicorn_server.should_exit = True
    thread.join(timeout=60)
    sock.close()


@pytest.fixture
async def other_process_db(neo4j_server, settings, library):
    """A second Database on the same Neo4j: another server process's driver and its own
    write-behind queue (db/write_behind.py), closed after the test."""
    other = Database.connect(settings, library)
    yield other
    await other.close()


@pytest.fixture
def hold_writer():
    """`async with hold_writer(database) as release:` the database's write-behind writer
    (db/write_behind.py) waits before each batch until `release` is set or the block ends,
    so that what is queued meanwhile stays queued. What earlier tests queued is written
    first: a writer still busy with it would take the block's first writes and the next
    together, in one held batch."""

    @contextlib.asynccontextmanager
    async def hold(database):
        behind = database.behind
        if earlier := [q.written for q in behind._pending()]:  # queued or in flight before the hold
            await asyncio.wait(earlier, timeout=10)
            assert all(w.done() for w in earlier), "writes queued before the hold are still pending"
        write = behind._write_batch
        release = asyncio.Event()

        async def held(batch):
            await release.wait()
            await write(batch)

        behind._write_batch = held
        try:
            yield release
        finally:
            release.set()
            behind._write_batch = write

    return hold
