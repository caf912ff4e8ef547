"""One real GraphMind server for the client's tests (keys required), and a key per test."""

import socket
import threading
import time
import uuid
from dataclasses import dataclass

import pytest


@dataclass
class RunningServer:
    url: str
    state: dict  # the app's lifespan state: deps, authenticator, rate_limiter


@pytest.fixture(scope="session")
def server(db, settings):
    """uvicorn serving create_app on a free loopback port, in a thread, on the test Neo4j
    (`db` emptied and migrated it); stopped when the session ends."""
    import uvicorn

    from graphmind.api.app import create_app

    app_settings = settings.model_copy(update={"api_keys": "required", "migrate_on_start": False,
                                               "gardener_enabled": False})
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(app_settings), log_level="warning", lifespan="on")
    uvicorn_server = uvicorn.Server(config)
    thread = threading.Thread(target=uvicorn_server.run, kwargs={"sockets": [sock]}, name="graphmind-server",
                              daemon=True)
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
async def new_key(key_deps):
    """new_key(role=AGENT) → the secret of a key for a fresh user; revoked after the test."""
    from graphmind.security.keys import Role, create_key, revoke_key

    made = []

    async def make(role: Role = Role.AGENT) -> str:
        record, secret = await create_key(key_deps, f"client-{uuid.uuid4().hex[:10]}", role, "client tests")
        made.append(record.id)
        return secret

    yield make
    for key_id in made:
        await revoke_key(key_deps, key_id)


@pytest.fixture
async def api_key(new_key) -> str:
    """An AGENT key of a fresh user: each test sees only its own memories."""
    return await new_key()
