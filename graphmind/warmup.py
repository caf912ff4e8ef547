"""Warms a Neo4j that has just started, before the server takes traffic.

A JVM runs its code slowly until its JIT has compiled what is hot, and Neo4j plans each
query on first use: 32 agents right after a start waited seconds in the first minute
(docs/benchmarks.md, "a cold Neo4j against a warm one"). So `graphmind serve` first runs
the service's own operations (remember, recall, decide, observeOutcome, learn, activate)
for a few throwaway users for `warmup_seconds`, then deletes every node of theirs (and
first those of any earlier warm-up that could not delete its own), when
Neo4j's JVM has used less than `COLD_CPU_SECONDS` of CPU and no one has warmed this start
of it yet (`Lease {name: 'neo4j-warmup'}`): a server restarted beside it, or a second
host, starts at once. Its query plans are not kept (`forget_plans`): they were made for
its throwaway users. The speed benchmarks run the same warm-up before they measure
(`warm_deps_if_cold`), so they measure the service as `serve` runs it.
"""

import asyncio
import itertools
import logging
import random
import time
import uuid
from dataclasses import dataclass

from graphmind.associative.activation import activate
from graphmind.associative.learn import Feedback, learn
from graphmind.core.enums import ContentType
from graphmind.deps import Deps, open_deps
from graphmind.errors import GraphMindError, Unavailable
from graphmind.learning import decisions, outcomes
from graphmind.memory.model import MemoryInput
from graphmind.memory.recall import recall
from graphmind.memory.store import remember_many
from graphmind.security import keys
from graphmind.security.ratelimit import RateLimiter
from graphmind.security.userdata import delete_user_data
from graphmind.settings import Settings

log = logging.getLogger("graphmind")

# A Neo4j whose JVM has used less CPU than this has not yet compiled its hot code: its
# start alone took 13 s of CPU here, and 32 agents' load settled after it had worked
# about a minute on two cores.
COLD_CPU_SECONDS = 120.0
USERS = 4  # throwaway users at once: enough to keep two cores busy, few to delete
USER_PREFIX = "graphmind-warmup-"  # + a random id; every node of these users is deleted afterwards
SUBJECTS = ("the billing service", "the search API", "the nightly import", "the mobile app", "the auth gateway")
EVENTS = ("ran out of memory", "got faster after the cache change", "needs a review", "moved region", "was rolled back")
CONTEXTS = ("during the sale", "after the upgrade", "at peak traffic", "in Europe", "last night")
# Each round remembers its note with this many turns of a conversation (one session, so
# that the scene queries are planned too) in one rememberMany, so that a bulk import right
# after a start meets compiled write code too.
TURNS_PER_ROUND = 20
# The rate-limit bucket the warm-up plans a take from (by EXPLAIN: no bucket is taken)
RATE_LIMIT_KEY = USER_PREFIX + "limit"


@dataclass
class WarmupReport:
    user_ids: list[str]
    rounds: int
    seconds: float
    deleted_nodes: int


@dataclass
class JvmState:
    cpu_seconds: float
    started_at_ms: int


async def neo4j_jvm(deps: Deps) -> JvmState | None:
    """When Neo4j's JVM started and how much CPU it has used; None where its JMX procedure
    is refused or answers nothing."""
    try:
        rows = await deps.db.read("system.jvm_state")
    except Unavailable:
        raise
    except GraphMindError as e:  # a Neo4j without dbms.queryJmx, or a user not allowed it
        log.info("warm-up skipped: Neo4j's CPU time is unknown (%s)", e)
        return None
    if not rows or rows[0]["cpuSeconds"] is None or rows[0]["startedAtMs"] is None:
        log.info("warm-up skipped: Neo4j's JMX gave no CPU time")
        return None
    return JvmState(rows[0]["cpuSeconds"], int(rows[0]["startedAtMs"]))


async def claim(deps: Deps, started_at_ms: int) -> bool:
    """True for the first caller for this start of Neo4j (`warmup_claim.cypher`)."""
    [row] = await deps.db.write("system.warmup_claim", startedAtMs=started_at_ms)
    return bool(row["claimed"])


async def run_round(deps: Deps, user_id: str, rng: random.Random, k: int) -> None:
    """One agent's round: remember a note and a session's conversation turns, recall, decide on
    the retrieval, report the outcome, give feedback on the top memories, spread activation."""
    subject, context = rng.choice(SUBJECTS), rng.choice(CONTEXTS)
    note = f"Note {k}: {subject} {rng.choice(EVENTS)} {context}."
    turns = [
        MemoryInput(
            content=f"Turn {k}.{j}: {rng.choice(SUBJECTS)} {rng.choice(EVENTS)} {rng.choice(CONTEXTS)}.",
            content_type=ContentType.EVENT,
            session_id=f"warmup-{k}",
        )
        for j in range(1, TURNS_PER_ROUND + 1)
    ]
    await remember_many(deps, user_id, [MemoryInput(content=note), *turns])
    query = f"what do we know about {subject} {context}?"
    found = await recall(deps, user_id, query, 10)
    decision = await decisions.decide(
        deps,
        user_id,
        decisions.DecisionDraft(
            decisions.DecisionType.RECOMMENDATION, f"Decision {k} on {subject}", retrieval_id=found.retrieval_id
        ),
        request_id=f"warmup-{k}-decide",  # its response is recorded for retries, as a client's may be
    )
    await outcomes.observe_outcome(
        deps,
        user_id,
        outcomes.OutcomeDraft(decision.trace_id, rng.uniform(-1, 1), outcomes.Signal.AGENT_FEEDBACK),
        request_id=f"warmup-{k}-observe",
    )
    if top := [item.memory.id for item in found.items[:3]]:
        await learn(deps, user_id, query, "warmup", rng.choice(list(Feedback)), top)
    await activate(deps, user_id, query)


async def plan_request_path(deps: Deps) -> None:
    """What each request through the API runs before its operation (the rounds call the
    service, not the API), with the types of its real parameters: the API-key reads run
    for a key no one has, and its last-use update for a key id no one has (nothing is
    written), so Neo4j parses and plans them; the rate-limit take, which would write, is
    only planned (EXPLAIN, whose text Neo4j parses apart)."""
    s = deps.settings
    await keys.find_key(deps, USER_PREFIX + "no-such-key")
    await keys.active_key_ids(deps)
    await keys.active_key_count(deps)
    await deps.db.write("keys.touch", keyId=USER_PREFIX + "key", now=deps.clock.now())  # as the Authenticator does
    await RateLimiter(s.rate_limit_per_minute, s.rate_limit_burst, deps.db, s.rate_limit_lease).plan(RATE_LIMIT_KEY)


async def warm(deps: Deps, seconds: float, users: int = USERS) -> WarmupReport:
    """`users` throwaway users run rounds back to back for `seconds` (each at least one);
    then every node of theirs is deleted (and, first, those an earlier warm-up left). When a round fails, the other users stop first,
    then all are deleted, then the error is raised; users that could not be deleted are
    logged by id."""
    await delete_leftovers(deps)
    ids = [USER_PREFIX + uuid.uuid4().hex for _ in range(users)]
    started = time.monotonic()
    rounds = 0

    async def agent(user_id: str, seed: int) -> None:
        nonlocal rounds
        rng = random.Random(seed)
        for k in itertools.count(1):  # at least one round each, however long the first takes
            await run_round(deps, user_id, rng, k)
            rounds += 1
            if time.monotonic() - started >= seconds:
                return

    tasks = [asyncio.create_task(agent(user_id, seed)) for seed, user_id in enumerate(ids)]
    try:
        await plan_request_path(deps)
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)  # nothing writes while we delete
        elapsed = time.monotonic() - started
        deleted = await _delete(deps, ids)
        await forget_plans(deps)
    return WarmupReport(ids, rounds, elapsed, deleted)


async def forget_plans(deps: Deps) -> None:
    """Empties Neo4j's query caches, and this process's plan gate with them: the warm-up's
    plans were made with its throwaway users' statistics. On a new store they were plans
    for a few memories, and Neo4j checks a cached plan against the statistics only every 10
    minutes (docs/architecture.md, "Query plans"): a 10k-memory ingest right after a start
    then recalled at 23.9 / 35.7 ms (p50 / p95) and decided at 30.1 / 35.8 ms, against 16.6 /
    24.2 and 6.9 / 9.8 with the caches emptied. What the warm-up is for, the JVM's compiled
    code, stays: each query's next run is planned again, on a warm JVM."""
    try:
        await deps.db.clear_query_caches()
    except Unavailable:
        raise
    except GraphMindError as e:  # a user not allowed the procedure: the plans age out as before
        log.info("the warm-up's query plans are kept: Neo4j refused to clear its caches (%s)", e)


async def delete_leftovers(deps: Deps) -> list[str]:
    """Deletes the users earlier warm-ups left (killed midway, or their Neo4j stopped under
    them) and returns their ids. One warm-up runs per start of Neo4j (`claim`), so a
    warm-up user in Neo4j when one begins belongs to an earlier one."""
    left = [row["userId"] for row in await deps.db.read("system.warmup_leftovers", prefix=USER_PREFIX)]
    if left:
        log.info("deleting %d users an earlier warm-up left: %s", len(left), ", ".join(left))
        await _delete(deps, left)
    return left


async def _delete(deps: Deps, ids: list[str]) -> int:
    """Deletes every node of each user; tries them all, logs those left, raises the first error."""
    deleted, left = 0, []
    first_error: Exception | None = None
    for user_id in ids:
        try:
            deleted += (await delete_user_data(deps, user_id))[0]
        except Exception as e:  # the others are still deleted; re-raised below
            left.append(user_id)
            first_error = first_error or e
    if first_error is not None:
        log.warning("warm-up users left in Neo4j (delete them with deleteUserData): %s", ", ".join(left))
        raise first_error
    return deleted


async def cpu_seconds_if_cold(deps: Deps) -> float | None:
    """Neo4j's CPU time when `warmup_seconds` > 0, its JVM has used less than
    `COLD_CPU_SECONDS` and this caller claimed the warm-up of this start; else None."""
    if deps.settings.warmup_seconds <= 0:
        return None
    jvm = await neo4j_jvm(deps)
    if jvm is None or jvm.cpu_seconds >= COLD_CPU_SECONDS:
        return None
    if not await claim(deps, jvm.started_at_ms):
        return None
    return jvm.cpu_seconds


async def _warm_logged(deps: Deps, cpu: float) -> WarmupReport:
    seconds = deps.settings.warmup_seconds
    log.info("warming Neo4j for %.0f s (its JVM has used %.0f s of CPU since it started)", seconds, cpu)
    report = await warm(deps, seconds)
    log.info("warmed Neo4j: %d rounds in %.1f s", report.rounds, report.seconds)
    return report


async def warm_if_cold(settings: Settings) -> WarmupReport | None:
    """`serve`'s warm-up: loads the model only when Neo4j is to be warmed
    (`cpu_seconds_if_cold`), then warms it (`warm`); None when it did not."""
    if settings.warmup_seconds <= 0:
        return None
    async with open_deps(settings, model=False, schema=False) as deps:
        cpu = await cpu_seconds_if_cold(deps)
    if cpu is None:
        return None
    async with open_deps(settings, schema=False) as deps:
        return await _warm_logged(deps, cpu)


async def warm_deps_if_cold(deps: Deps) -> WarmupReport | None:
    """The same warm-up on services already open (the benches, which measure the service
    as `serve` runs it)."""
    cpu = await cpu_seconds_if_cold(deps)
    return None if cpu is None else await _warm_logged(deps, cpu)
