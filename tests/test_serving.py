"""Several server processes: the worker count, what the workers inherit, each worker's own
socket on the port (connections spread over the workers), and two real uvicorn processes
on one Neo4j behaving as one service (shared rate limit, revocation within 5 s,
subscriptions fed by the other process, one gardener leader, /metrics summed)."""

import asyncio
import contextlib
import json
import os
import pickle
import signal
import socket
import subprocess
import sys
import time
import uuid
from multiprocessing.reduction import ForkingPickler

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import connect
from websockets.typing import Subprotocol

from graphmind import serving
from graphmind.embeddings import threads_for
from graphmind.security import keys
from graphmind.security.auth import KEY_CACHE_SECONDS
from graphmind.settings import Settings

ME = "{ memories(first: 1) { edges { node { id } } } }"
REMEMBER = "mutation($c: String!) { remember(input: {content: $c}) { id } }"
REVOKE = "mutation($id: ID!) { revokeApiKey(input: {id: $id}) { revokedAt } }"


def test_worker_count_and_embedding_threads(monkeypatch):
    settings = Settings()
    assert serving.worker_count(3, settings) == 3
    assert serving.worker_count(None, settings.model_copy(update={"workers": 2})) == 2
    assert serving.worker_count(None, settings.model_copy(update={"workers": None})) == (os.cpu_count() or 1)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert threads_for(settings.model_copy(update={"workers": 3, "embedding_threads": 0})) == 2
    assert threads_for(settings.model_copy(update={"workers": 16, "embedding_threads": 0})) == 1
    assert threads_for(settings.model_copy(update={"workers": 3, "embedding_threads": 4})) == 4
    assert threads_for(settings.model_copy(update={"workers": None, "embedding_threads": 0})) == 0  # not serving


def test_workers_inherit_the_overrides_and_do_not_migrate_again():
    env = serving.worker_environment(Settings(host="0.0.0.0", port=9001, insecure=True), 4)
    assert env == {
        "GRAPHMIND_HOST": "0.0.0.0",
        "GRAPHMIND_PORT": "9001",
        "GRAPHMIND_INSECURE": "true",
        "GRAPHMIND_WORKERS": "4",
        "GRAPHMIND_MIGRATE_ON_START": "false",
    }
    assert "root" in serving.log_config() and "uvicorn" in serving.log_config()["loggers"]


def test_uvicorn_refuses_a_websocket_message_over_the_body_limit_before_buffering_it():
    """QA: uvicorn buffered websocket messages of up to 16 MiB (its default) whatever
    GRAPHMIND_MAX_BODY_BYTES said."""
    options = serving.uvicorn_options(Settings(max_body_bytes=4096), 2)
    assert options["ws_max_size"] == 4096 and options["workers"] == 2 and options["factory"] is True


def test_metrics_directory(monkeypatch, tmp_path):
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    with serving.metrics_directory(1) as none:
        assert none is None
    with serving.metrics_directory(2) as made:
        assert os.environ["PROMETHEUS_MULTIPROC_DIR"] == made and os.path.isdir(made)
    assert not os.path.exists(made)
    (tmp_path / "counter_1.db").write_bytes(b"stale")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    with serving.metrics_directory(2) as given:
        assert given == str(tmp_path) and not list(tmp_path.glob("*.db"))  # an earlier run's files go


LINUX = sys.platform.startswith("linux")


@pytest.mark.skipif(not LINUX, reason="the kernel spreads connections over sockets sharing a port on Linux")
def test_a_worker_gets_a_socket_of_its_own_on_the_same_port():
    with serving.listener("127.0.0.1", 0) as shared:
        assert isinstance(shared, serving.SharedPort)
        assert shared.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) == 1
        # what multiprocessing hands a worker: a new socket bound to the same address
        with pickle.loads(ForkingPickler.dumps(shared)) as own:
            assert type(own) is socket.socket and own.fileno() != shared.fileno()
            assert own.getsockname() == shared.getsockname()
            assert own.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) == 1


@pytest.mark.skipif(not LINUX, reason="SO_REUSEPORT spreads connections on Linux")
def test_a_port_another_server_listens_on_is_refused():
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        with pytest.raises(OSError):
            serving.listener("127.0.0.1", other.getsockname()[1])


@pytest.mark.parametrize("workers", [1, 2])
def test_a_busy_port_is_refused_before_the_schema_the_export_and_the_warm_up(monkeypatch, workers):
    prepared: list[Settings] = []
    monkeypatch.setattr(serving, "prepare", prepared.append)
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        settings = Settings().model_copy(update={"host": "127.0.0.1", "port": other.getsockname()[1]})
        with pytest.raises(serving.PortUnavailable) as refused:
            serving.serve(settings, workers)
    assert refused.value.message.startswith(f"port {settings.port} on 127.0.0.1 is already in use")
    assert prepared == []


def test_serve_on_a_busy_port_says_so_in_one_line_and_exits_1():
    """QA: it logged `cannot bind …: [Errno 98] …` and exited 3."""
    from click.testing import CliRunner

    from graphmind.cli import cli

    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "1"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: port {port} on 127.0.0.1 is already in use (another graphmind serve?): stop what holds it, "
        "or serve on another port with --port or GRAPHMIND_PORT\n"
    )


def test_an_address_that_cannot_be_bound_is_said_too():
    settings = Settings().model_copy(update={"host": "127.0.0.1", "port": 70000})
    with pytest.raises(serving.PortUnavailable) as refused:
        serving.claim_port(settings, 1)
    assert refused.value.message.startswith("cannot bind 127.0.0.1:70000: ")


def established(port: int) -> set[int]:
    """The socket inodes of this machine's established IPv4 connections whose local port is
    `port` (/proc/net/tcp: state 01)."""
    with open("/proc/net/tcp") as table:
        rows = [line.split() for line in list(table)[1:]]
    return {int(f[9]) for f in rows if int(f[1].split(":")[1], 16) == port and f[3] == "01"}


def connections_held(pid: int, port: int) -> int:
    """How many established connections to `port` process `pid` holds."""
    inodes, held = established(port), 0
    for fd in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(OSError):
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            held += target.startswith("socket:[") and int(target[8:-1]) in inodes
    return held


def children(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        with contextlib.suppress(OSError):
            if entry.isdigit() and open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1] == str(pid):
                kids.append(int(entry))
    return kids


@pytest.mark.skipif(not LINUX, reason="SO_REUSEPORT spreads connections on Linux")
def test_serve_spreads_a_burst_of_connections_over_its_workers(db, tmp_path):
    """32 connections opened at once (agents starting together): each worker accepts some.
    On one shared socket the worker that woke first accepted nearly all of them."""
    port = free_port()
    env = {**os.environ, "GRAPHMIND_MIGRATE_ON_START": "false", "GRAPHMIND_GARDENER_ENABLED": "false"}
    log_path = tmp_path / "serve.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "graphmind", "serve", "--workers", "2", "--host", "127.0.0.1", "--port", str(port)],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    burst: list[socket.socket] = []
    try:
        deadline = time.monotonic() + 180
        while log_path.read_text().count("Application startup complete") < 2:  # both workers serving
            assert process.poll() is None and time.monotonic() < deadline, log_path.read_text()[-3000:]
            time.sleep(0.3)
        burst = [socket.create_connection(("127.0.0.1", port)) for _ in range(32)]
        time.sleep(1.0)  # accepted by then (an idle connection is closed after uvicorn's 5 s)
        held = sorted(n for n in (connections_held(pid, port) for pid in children(process.pid)) if n)
        assert sum(held) == len(burst) and len(held) == 2 and held[0] >= 4, held
    finally:
        for connection in burst:
            connection.close()
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(45)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    assert process.returncode == 0, log_path.read_text()[-3000:]


# --- two real server processes ---------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, env: dict, log_path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        with open(log_path, "wb") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "uvicorn",
                    "--factory",
                    serving.APP_FACTORY,
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--log-level",
                    "warning",
                ],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )

    def post(self, query: str, key: str, variables: dict | None = None) -> httpx.Response:
        return httpx.post(
            f"{self.url}/graphql",
            json={"query": query, "variables": variables or {}},
            headers={"Authorization": f"Bearer {key}"},
            timeout=30,
        )

    def metrics(self, key: str) -> dict:
        """Every sample of /metrics: {(name, labels as sorted tuple): value}."""
        response = httpx.get(f"{self.url}/metrics", headers={"Authorization": f"Bearer {key}"}, timeout=30)
        assert response.status_code == 200, response.text
        return {
            (s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(response.text)
            for s in family.samples
        }


@pytest.fixture(scope="module")
def servers(db, tmp_path_factory):
    """Two uvicorn processes of the app (as `serve --workers 2` or two hosts would run it):
    keys required, 6 requests a minute after a burst of 20, the gardener on with a job every
    second, one metrics directory."""
    folder = tmp_path_factory.mktemp("serving")
    env = {
        **os.environ,
        "GRAPHMIND_API_KEYS": "required",
        "GRAPHMIND_RATE_LIMIT_PER_MINUTE": "6",
        "GRAPHMIND_RATE_LIMIT_BURST": "20",
        "GRAPHMIND_GARDENER_ENABLED": "true",
        "GRAPHMIND_JOB_SCENE_FLUSH_SCHEDULE": "every 1s",
        "GRAPHMIND_MIGRATE_ON_START": "false",
        "GRAPHMIND_WORKERS": "2",
        "PROMETHEUS_MULTIPROC_DIR": str(folder / "metrics"),
    }
    (folder / "metrics").mkdir()
    started = [Server(env, folder / f"server-{n}.log") for n in range(2)]
    try:
        deadline = time.monotonic() + 180
        for server in started:
            while True:
                assert server.process.poll() is None, server.log_path.read_text()[-3000:]
                try:
                    if httpx.get(f"{server.url}/healthz", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, server.log_path.read_text()[-3000:]
                time.sleep(0.3)
        yield started
    finally:
        for server in started:
            server.process.send_signal(signal.SIGTERM)
        for server in started:
            try:
                server.process.wait(45)
            except subprocess.TimeoutExpired:
                server.process.kill()
                server.process.wait()


@pytest.fixture
async def key(deps):
    """key(role) → (key id, secret) of a fresh user; revoked afterwards."""
    made = []

    async def make(role=keys.Role.AGENT):
        record, secret = await keys.create_key(deps, f"workers-{uuid.uuid4().hex[:8]}", role, "test")
        made.append(record.id)
        return record.id, secret

    yield make
    for key_id in made:
        await keys.revoke_key(deps, key_id)


async def test_the_rate_limit_counts_requests_to_both_processes(servers, key):
    a, b = servers
    _, secret = await key()
    statuses = {a.url: [], b.url: []}
    for _ in range(15):
        for server in (a, b):
            statuses[server.url].append(server.post(ME, secret).status_code)
    allowed = sum(s == 200 for answers in statuses.values() for s in answers)
    assert 20 <= allowed <= 21  # the burst of 20 (+ at most one refilled), not 20 per process
    assert all(429 in answers for answers in statuses.values())
    assert all(s in (200, 429) for answers in statuses.values() for s in answers)


async def test_a_key_revoked_through_one_process_is_refused_by_the_other_within_5_s(servers, key):
    a, b = servers
    _, admin = await key(keys.Role.ADMIN)
    key_id, secret = await key()
    assert b.post(ME, secret).status_code == 200  # b caches the verified key now
    assert a.post(REVOKE, admin, {"id": key_id}).json()["data"]["revokeApiKey"]["revokedAt"]
    revoked = time.monotonic()
    assert a.post(ME, secret).status_code == 401  # the process that revoked: at once
    while (status := b.post(ME, secret).status_code) != 401:
        assert status in (200, 429)
        assert time.monotonic() - revoked < KEY_CACHE_SECONDS + 1.0  # + polling (0.25 s) and request time
        await asyncio.sleep(0.25)
    print(f"revocation seen by the other process after {time.monotonic() - revoked:.2f} s")


async def test_a_subscription_on_one_process_receives_an_event_written_through_the_other(servers, key):
    a, b = servers
    _, secret = await key()
    async with connect(
        f"ws://127.0.0.1:{a.port}/graphql",
        subprotocols=[Subprotocol("graphql-transport-ws")],
        additional_headers={"Authorization": f"Bearer {secret}"},
    ) as ws:
        await ws.send(json.dumps({"type": "connection_init"}))
        assert json.loads(await ws.recv())["type"] == "connection_ack"
        await ws.send(
            json.dumps(
                {
                    "id": "1",
                    "type": "subscribe",
                    "payload": {
                        "query": 'subscription { events(after: 0, types: ["memory.stored"]) { seq type payload } }'
                    },
                }
            )
        )
        written = time.monotonic()
        stored = b.post(REMEMBER, secret, {"c": "Written through the other server process"}).json()
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        print(f"event reached the other process's subscriber after {time.monotonic() - written:.2f} s")
    assert message["type"] == "next", message
    event = message["payload"]["data"]["events"]
    assert event["type"] == "memory.stored" and event["payload"]["memoryId"] == stored["data"]["remember"]["id"]


async def test_metrics_sum_both_processes_and_need_an_admin_key(servers, key):
    a, b = servers
    _, admin = await key(keys.Role.ADMIN)
    _, agent = await key()
    assert httpx.get(f"{a.url}/metrics", headers={"Authorization": f"Bearer {agent}"}).status_code == 403
    ok = ("graphmind_requests_total", (("operation", "memories"), ("outcome", "ok")))
    before = a.metrics(admin).get(ok, 0.0)
    for server in (a, a, a, b, b):
        assert server.post(ME, agent).status_code == 200
    assert a.metrics(admin)[ok] - before == 5
    assert b.metrics(admin)[ok] - before == 5


async def test_one_gardener_leader_runs_the_jobs(servers, key, deps):
    from graphmind.gardener.runner import job_states

    a, b = servers
    _, admin = await key(keys.Role.ADMIN)
    deadline = time.monotonic() + 15
    while not {s.name: s.runs for s in await job_states(deps)}.get("scene_flush"):
        assert time.monotonic() < deadline, "scene_flush never ran"
        await asyncio.sleep(0.5)
    await asyncio.sleep(2.5)  # a few more scheduled seconds in both processes
    samples = a.metrics(admin)
    leaders = {
        dict(labels)["pid"]: value for (name, labels), value in samples.items() if name == "graphmind_gardener_leader"
    }
    assert set(leaders) == {str(a.process.pid), str(b.process.pid)}  # both processes report
    assert sorted(leaders.values()) == [0.0, 1.0]  # exactly one leads
    skipped = ("graphmind_job_runs_total", (("job", "scene_flush"), ("outcome", "skipped")))
    assert samples.get(skipped, 0.0) == 0.0  # the follower never tried to run a job
    assert samples[("graphmind_job_runs_total", (("job", "scene_flush"), ("outcome", "ok")))] >= 2


def test_prepare_warms_a_cold_neo4j_only_when_a_warm_up_is_set(monkeypatch):
    from graphmind import warmup

    asked: list[float] = []

    async def warm_if_cold(settings):
        asked.append(settings.warmup_seconds)

    monkeypatch.setattr(warmup, "warm_if_cold", warm_if_cold)
    settings = Settings().model_copy(update={"migrate_on_start": False})
    serving.prepare(settings.model_copy(update={"warmup_seconds": 0}))
    serving.prepare(settings.model_copy(update={"warmup_seconds": 30}))
    assert asked == [30]


def test_a_failed_warm_up_does_not_stop_serve(monkeypatch, caplog):
    from graphmind import warmup
    from graphmind.errors import Unavailable

    async def unreachable(settings):
        raise Unavailable("Neo4j is not reachable right now; try again shortly")

    monkeypatch.setattr(warmup, "warm_if_cold", unreachable)
    serving.prepare(Settings().model_copy(update={"migrate_on_start": False, "warmup_seconds": 30}))
    assert "warm-up of Neo4j failed" in caplog.text
