"""`graphmind bench load`: concurrent agents over HTTP, each with its own user and key, run
remember → recall → decide → observeOutcome (and now and then learn, activate) with a
random think time before each call; writes carry requestIds and are retried until
acknowledged; a Neo4j restart can be injected mid-run. What it checks and reports, and
why: docs/benchmarks.md, "Load and faults".
"""

import asyncio
import contextlib
import itertools
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path

import httpx

from graphmind.bench.load_report import OPERATIONS, Call, Ledger, report, verify
from graphmind.core.ports import free_port
from graphmind.deps import Deps, open_deps
from graphmind.neo4j_server import Neo4jServer
from graphmind.security import keys
from graphmind.security.userdata import delete_user_data
from graphmind.settings import Settings

RETRYABLE = {"TIMEOUT", "TRANSPORT", "UNAVAILABLE", "RATE_LIMITED", "INTERNAL"}
METRIC = re.compile(r'graphmind_request_seconds_(sum|count)\{operation="(\w+)"\} (\S+)')
GRACE = 10.0  # seconds a write already under way may keep retrying after the run's end
DOCUMENTS = {
    "remember": "mutation($input: RememberInput!) { remember(input: $input) { id content duplicateOf } }",
    "recall": "query($q: String!) { recall(query: $q, limit: 10) { retrievalId items { memory { id } } } }",
    "decide": "mutation($input: DecideInput!) { decide(input: $input) { traceId summary } }",
    "observeOutcome": "mutation($input: ObserveOutcomeInput!) { observeOutcome(input: $input) { outcomeId traceId } }",
    "learn": "mutation($input: LearnInput!) { learn(input: $input) { edgesAdjusted } }",
    "activate": "query($q: String!) { activate(query: $q, maxHops: 3) { activatedCount } }",
}
# A note is "<subject> <event> <context>; <detail>." (58,320 combinations), so notes rarely
# come within the server's duplicate threshold (cosine 0.95) of one another.
SUBJECTS = (
    "billing service|staging cluster|nightly ingest job|search API|mobile app|data warehouse|auth gateway|"
    "recommendation model|payment queue|support inbox|build pipeline|analytics dashboard|image resizer|"
    "email sender|feature flag service|inventory sync|onboarding flow|pricing page"
).split("|")
EVENTS = (
    "ran out of memory|got much faster after the cache change|needs a review before Friday|moved to the "
    "new region|failed its health check twice|should keep sessions in Redis|was rolled back after the "
    "incident|doubled its error rate|now belongs to the platform team|needs more integration tests|hit the "
    "connection limit|was upgraded without downtime|shows stale data to some users|costs too much at night|"
    "is blocked on a vendor fix|passed the load test|lost a batch of events|needs a clearer runbook"
).split("|")
CONTEXTS = (
    "during the spring sale|after the library upgrade|when evening traffic peaked|in the European region|"
    "for enterprise customers|on the Tuesday deploy|while the database was reindexing|after the team "
    "reshuffle|under the new pricing|since the queue was split|at the end of the quarter|when the cache "
    "was cold|on weekends|after the security audit|for the beta testers"
).split("|")
DETAILS = (
    "Alice wants a written summary|the fix is behind a feature flag|latency matters more than cost here|"
    "the vendor promised a patch|we agreed to revisit it next quarter|Bob is on call for it|nobody has "
    "reproduced it locally|the dashboard confirms it|customers noticed first|a rollback plan is ready|"
    "it affects only old clients|the metrics are still noisy"
).split("|")
ACTIONS = ["prioritise", "postpone work on", "add monitoring to", "write a postmortem for", "scale up", "simplify"]
SIGNALS = [
    "USER_ACCEPTED",
    "USER_REJECTED",
    "USER_MODIFIED",
    "TASK_COMPLETED",
    "TASK_FAILED",
    "TASK_PARTIAL",
    "AGENT_FEEDBACK",
]


@dataclass
class Config:
    agents: int = 32
    seconds: float = 300.0
    kill_neo4j_at: float | None = None
    url: str | None = None
    think_ms: float = 1000.0
    warmup_seconds: float = 10.0
    keep: bool = False
    seed: int = 7
    timeout: float = 30.0


class Over(Exception):
    """The call failed for good (its code), or the run is over."""


class Agent:
    def __init__(self, number: int, user_id: str, client: httpx.AsyncClient, run: "Run") -> None:
        self.number, self.user_id, self.client, self.run = number, user_id, client, run
        self.rng = random.Random(f"{run.config.seed}-{run.id}-{number}")

    async def call(self, op: str, variables: dict, retry: bool = True) -> dict:
        backoff, run = 0.2, self.run
        while True:
            begun, status = run.now(), None
            try:
                response = await self.client.post("/graphql", json={"query": DOCUMENTS[op], "variables": variables})
                status = response.status_code
                json_body = response.headers.get("content-type", "").startswith("application/json")
                errors = (response.json() if json_body else {}).get("errors")
                if status == 200 and not errors:
                    run.calls.append(Call(begun, run.now(), self.number, op, "ok", status))
                    return response.json()["data"][op]
                code = ((errors or [{}])[0].get("extensions") or {}).get("code", f"HTTP {status}")
            except ValueError:  # a body that is not the JSON it says it is
                code = f"HTTP {status}"
            except httpx.TimeoutException:
                code = "TIMEOUT"
            except httpx.TransportError:
                code = "TRANSPORT"
            run.calls.append(Call(begun, run.now(), self.number, op, code, status))
            if not retry or not (code in RETRYABLE or (status or 0) >= 500 or status == 429):
                raise Over(code)
            if run.now() + backoff > run.config.seconds + GRACE:
                raise Over("run over")
            await asyncio.sleep(backoff * self.rng.uniform(0.5, 1.5))
            backoff = min(backoff * 2, 2.0)

    async def write(self, op: str, request_id: str, fields: dict) -> dict | None:
        """A write with its requestId, retried until acknowledged; None if it never was."""
        try:
            result = await self.call(op, {"input": {**fields, "requestId": request_id}})
        except Over as over:
            if str(over) == "run over":
                self.run.ledger.unacknowledged.append(request_id)
            else:
                self.run.ledger.rejected += 1
            return None
        self.run.ledger.acks.append((self.run.now(), self.number))
        return result

    async def think(self) -> None:
        """Waits like an agent between calls; raises Over once the run is over."""
        await asyncio.sleep(self.rng.uniform(0, 2 * self.run.config.think_ms / 1000))
        if self.run.now() >= self.run.config.seconds:
            raise Over("run over")

    def decision_summary(self, k: int, action: str, subject: str, context: str) -> str:
        """Unique to the run: the warm-up's agent n drew the same words for its decision k
        once, and verification counted the two as one decision stored twice."""
        return f"Decision {k} of agent {self.number} in run {self.run.id}: {action} {subject} {context}"

    async def loop(self) -> None:
        for k in itertools.count(1):
            with contextlib.suppress(Over):
                await self.iteration(k)
            if self.run.now() >= self.run.config.seconds:
                return

    async def iteration(self, k: int) -> None:
        rng, ledger, tag = self.rng, self.run.ledger, f"{self.run.id}-a{self.number}"
        subject, context = "the " + rng.choice(SUBJECTS), rng.choice(CONTEXTS)
        content = (
            f"{self.run.label} {k} from agent {self.number}: {subject} {rng.choice(EVENTS)} {context}; "
            f"{rng.choice(DETAILS)}."
        )
        await self.think()
        if memory := await self.write("remember", f"{tag}-m{k}", {"content": content, "tags": ["load"]}):
            ledger.memories[memory["id"]] = (self.user_id, memory["content"])
            ledger.deduplicated += memory["duplicateOf"] is not None
        query = f"what do we know about {subject} {context}?"
        await self.think()
        recalled = await self.call("recall", {"q": query})
        await self.think()
        summary = self.decision_summary(k, rng.choice(ACTIONS), subject, context)
        if decision := await self.write(
            "decide",
            f"{tag}-d{k}",
            {"decisionType": "RECOMMENDATION", "summary": summary, "retrievalId": recalled["retrievalId"]},
        ):
            ledger.decisions[decision["traceId"]] = (self.user_id, decision["summary"])
            await self.think()
            if outcome := await self.write(
                "observeOutcome",
                f"{tag}-o{k}",
                {
                    "traceId": decision["traceId"],
                    "quality": round(rng.uniform(-1, 1), 3),
                    "signal": rng.choice(SIGNALS),
                },
            ):
                ledger.outcomes[outcome["outcomeId"]] = (self.user_id, outcome["traceId"])
        top = [item["memory"]["id"] for item in recalled["items"][:3]]
        if top and rng.random() < 0.25:
            await self.think()
            await self.call(
                "learn",
                {
                    "input": {
                        "query": query,
                        "agentId": f"agent-{self.number}",
                        "nodeIds": top,
                        "feedback": rng.choice(["CORRECT", "WRONG", "PARTIAL"]),
                    }
                },
                retry=False,
            )
        if rng.random() < 0.25:
            await self.think()
            await self.call("activate", {"q": query})


class Run:
    def __init__(self, config: Config, run_id: str | None = None, label: str = "Note") -> None:
        self.config, self.label = config, label
        self.id = run_id or uuid.uuid4().hex[:8]
        self.ledger = Ledger()
        self.calls: list[Call] = []
        self.load_start = os.getloadavg()
        self.started = time.perf_counter()
        self.duration = 0.0
        self.cpu: dict[str, float | None] = {}
        self.neo4j_before: dict[str, float | None] = {}  # Neo4j's age and CPU time when the run began

    def now(self) -> float:
        return time.perf_counter() - self.started


@contextlib.asynccontextmanager
async def database(settings: Settings) -> AsyncIterator[Deps]:
    """Deps on the configured Neo4j without the embedding model (keys, checks, cleanup)."""
    async with open_deps(settings, model=False, schema=False) as deps:
        yield deps


def _proc_stat_fields(pid: int | None) -> list[str] | None:
    """A process's /proc/<pid>/stat fields after its name (the 3rd field is index 0); None if it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pid: int | None, children: bool = False) -> float | None:
    """CPU time (user + system) a process has used so far, with `children` that of its live
    child processes too (the server's workers); None if it is gone."""
    if (fields := _proc_stat_fields(pid)) is None:
        return None
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    if not children:
        return own
    try:
        kids = [
            int(kid) for task in Path(f"/proc/{pid}/task").iterdir() for kid in (task / "children").read_text().split()
        ]
    except OSError:
        kids = []
    return own + sum(cpu_seconds(kid, True) or 0.0 for kid in kids)


def process_age(pid: int | None) -> float | None:
    """Seconds since a process started; None if it is gone."""
    if (fields := _proc_stat_fields(pid)) is None:
        return None
    since_boot = float(Path("/proc/uptime").read_text().split()[0])
    return since_boot - int(fields[19]) / os.sysconf("SC_CLK_TCK")


@contextlib.asynccontextmanager
async def own_server(log_path: Path, start_timeout: float = 300.0) -> AsyncIterator[tuple[str, int]]:
    """`python -m graphmind serve` on a free loopback port: keys required, rate limit off,
    gardener off, /metrics open to this machine, the same Neo4j settings as this process;
    stopped with SIGTERM."""
    port = free_port()
    env = {
        **os.environ,
        "GRAPHMIND_API_KEYS": "required",
        "GRAPHMIND_RATE_LIMIT_PER_MINUTE": "0",
        "GRAPHMIND_GARDENER_ENABLED": "false",
        "GRAPHMIND_METRICS_ALLOW": '["127.0.0.1"]',
    }  # the bench reads /metrics with an agent key
    with open(log_path, "ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "graphmind", "serve", "--host", "127.0.0.1", "--port", str(port)],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + start_timeout
        async with httpx.AsyncClient(timeout=2.0) as client:
            while True:
                if process.poll() is not None:
                    raise RuntimeError(f"the server exited with {process.returncode}; see {log_path}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get(f"{url}/healthz")).status_code == 200:
                        break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not become healthy in time; see {log_path}")
                await asyncio.sleep(0.5)
        yield url, process.pid
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.to_thread(process.wait, 45)
            except subprocess.TimeoutExpired:
                process.kill()
                await asyncio.to_thread(process.wait)


async def restart_neo4j(settings: Settings, run: Run) -> dict:
    """At kill_neo4j_at: stops the managed Neo4j, then starts it again at once."""
    assert run.config.kill_neo4j_at is not None  # drive() starts this task only when it is set
    await asyncio.sleep(max(0.0, run.config.kill_neo4j_at - run.now()))
    server = Neo4jServer(settings)
    issued = run.now()
    if not await asyncio.to_thread(server.stop):
        raise RuntimeError(f"no managed Neo4j runs in {server.home}: --kill-neo4j-at needs it")
    down = run.now()
    await asyncio.to_thread(server.start)
    return {"issued_s": issued, "down_s": down, "bolt_up_s": run.now()}


async def server_totals(client: httpx.AsyncClient) -> dict[tuple[str, str], float]:
    """The server's resolve-time sums and counts per operation, from its /metrics."""
    try:
        text = (await client.get("/metrics")).text
    except httpx.HTTPError:
        return {}
    return {(kind, op): float(v) for kind, op, v in METRIC.findall(text)}


def server_means(before: dict, after: dict) -> dict[str, float]:
    """Mean resolve time per operation inside the server (ms) between two readings."""

    def delta(key):
        return after.get(key, 0.0) - before.get(key, 0.0)

    return {op: 1000 * delta(("sum", op)) / delta(("count", op)) for op in OPERATIONS if delta(("count", op)) > 0}


async def drive(
    run: Run, url: str, server_pid: int | None, secrets: dict[str, str], settings: Settings
) -> tuple[dict | None, dict]:
    clients = [
        httpx.AsyncClient(
            base_url=url, timeout=run.config.timeout, headers={"Authorization": f"Bearer {secrets[user]}"}
        )
        for user in secrets
    ]
    try:
        if run.config.warmup_seconds > 0:  # unmeasured: model, query plans, key caches; writes verified too
            warm = Run(replace(run.config, seconds=run.config.warmup_seconds, think_ms=0), f"{run.id}w", "Warm-up note")
            warm.ledger = run.ledger
            await asyncio.gather(*(Agent(n, user, clients[n], warm).loop() for n, user in enumerate(secrets)))
            run.ledger.acks.clear()
        run.load_start = os.getloadavg()
        pids = {"server": server_pid, "neo4j": Neo4jServer(settings).pid(), "bench": os.getpid()}
        cpu = {name: cpu_seconds(pid, name == "server") for name, pid in pids.items()}
        # a JVM compiles its hot code over its first minutes of work: how warm Neo4j is
        run.neo4j_before = {"up_s": process_age(pids["neo4j"]), "cpu_s": cpu["neo4j"]}
        before = await server_totals(clients[0])
        run.started = time.perf_counter()
        restart = asyncio.create_task(restart_neo4j(settings, run)) if run.config.kill_neo4j_at is not None else None
        await asyncio.gather(*(Agent(n, user, clients[n], run).loop() for n, user in enumerate(secrets)))
        run.duration = run.now()
        run.cpu = {
            name: used - start
            if (start := cpu[name]) is not None and (used := cpu_seconds(pid, name == "server")) is not None
            else None
            for name, pid in pids.items()
        }  # Neo4j: None after a restart (new process)
        outage = await restart if restart else None
        return outage, server_means(before, await server_totals(clients[0]))
    finally:
        for client in clients:
            await client.aclose()


async def run(config: Config, settings: Settings | None = None) -> dict:
    settings = settings or Settings()
    if config.kill_neo4j_at is not None and not 0 < config.kill_neo4j_at < config.seconds:
        raise ValueError("--kill-neo4j-at must fall inside the run")
    bench = Run(config)
    users = [f"load-{bench.id}-{n}" for n in range(config.agents)]
    log_path = Path(tempfile.gettempdir()) / f"graphmind-load-{bench.id}.log"
    async with database(settings) as deps, contextlib.AsyncExitStack() as stack:
        url, pid = (config.url, None) if config.url else await stack.enter_async_context(own_server(log_path))
        created = [await keys.create_key(deps, user, keys.Role.AGENT, f"bench load {bench.id}") for user in users]
        try:
            outage, means = await drive(bench, url, pid, {r.user_id: s for r, s in created}, settings)
            rows = {
                name: await deps.db.read(f"bench.load_{name}", userIds=users)
                for name in ("memories", "decisions", "outcomes")
            }
            verification = verify(bench.ledger, rows["memories"], rows["decisions"], rows["outcomes"])
        finally:
            await stack.aclose()  # the server stops before its users' data goes
            if not config.keep:
                for record, _ in created:
                    await keys.revoke_key(deps, record.id)
                for user in users:
                    await delete_user_data(deps, user)
    return report(bench, url if config.url else f"{url} (own server, log {log_path})", outage, means, verification)
