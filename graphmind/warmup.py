"""Warms a Neo4j that has just started, before the server takes traffic.

A JVM runs its code interpreted until its JIT has compiled what is hot, and Neo4j's
queries are planned on first use. Measured here (docs/benchmarks.md, 2026-11-28), the
first minute of 32 agents on a Neo4j just started saw every operation's p95 at 2.0-3.6 s
in its first 10 s and 90-120 ms only after 50-60 s, against 54-94 ms on a Neo4j that had
served for minutes. `graphmind serve` therefore first runs the service's own operations
(remember, recall, decide, observeOutcome, learn, activate) for a few throwaway users
for `warmup_seconds`, then deletes those users, when Neo4j's JVM has used less than
`COLD_CPU_SECONDS` of CPU: a Neo4j that has already worked is left alone, so restarting
the server costs nothing. The speed benchmarks run the same warm-up before they measure
(`warm_deps_if_cold`), so they measure the service as `serve` runs it.
"""

import asyncio
import itertools
import logging
import os
import random
import time
import uuid
from dataclasses import dataclass

from graphmind.associative.activation import activate
from graphmind.associative.learn import Feedback, learn
from graphmind.deps import Deps, open_deps
from graphmind.errors import GraphMindError, Unavailable
from graphmind.learning import decisions, outcomes
from graphmind.memory.model import MemoryInput
from graphmind.memory.recall import recall
from graphmind.memory.store import remember_many
from graphmind.security.userdata import delete_user_data
from graphmind.settings import Settings

log = logging.getLogger("graphmind")

# A Neo4j whose JVM has used less CPU than this has not yet compiled its hot code: its
# start alone takes 15-35 s of CPU here, and the load above settled after about 60 s of
# it working on two cores.
COLD_CPU_SECONDS = 120.0
USER_PREFIX = "graphmind-warmup-"  # + a random id; every node of these users is deleted afterwards
SUBJECTS = ("the billing service", "the search API", "the nightly import", "the mobile app", "the auth gateway")
EVENTS = ("ran out of memory", "got faster after the cache change", "needs a review", "moved region", "was rolled back")
CONTEXTS = ("during the sale", "after the upgrade", "at peak traffic", "in Europe", "last night")


@dataclass
class WarmupReport:
    user_ids: list[str]
    rounds: int
    seconds: float
    deleted_nodes: int


async def neo4j_cpu_seconds(deps: Deps) -> float | None:
    """The CPU time Neo4j's JVM has used so far; None where its JMX procedure is refused."""
    try:
        [row] = await deps.db.read("system.jvm_cpu")
    except Unavailable:
        raise
    except GraphMindError as e:  # a Neo4j without dbms.queryJmx, or a user not allowed it
        log.info("warm-up skipped: Neo4j's CPU time is unknown (%s)", e)
        return None
    return None if row["cpuMs"] is None else row["cpuMs"] / 1000


async def run_round(deps: Deps, user_id: str, rng: random.Random, k: int) -> None:
    """One agent's round: remember a note, recall, decide on the retrieval, report the
    outcome, give feedback on the top memories, spread activation."""
    subject, context = rng.choice(SUBJECTS), rng.choice(CONTEXTS)
    note = f"Note {k}: {subject} {rng.choice(EVENTS)} {context}."
    await remember_many(deps, user_id, [MemoryInput(content=note)])
    query = f"what do we know about {subject} {context}?"
    found = await recall(deps, user_id, query, 10)
    decision = await decisions.decide(
        deps,
        user_id,
        decisions.DecisionDraft(
            decisions.DecisionType.RECOMMENDATION, f"Decision {k} on {subject}", retrieval_id=found.retrieval_id
        ),
    )
    await outcomes.observe_outcome(
        deps, user_id, outcomes.OutcomeDraft(decision.trace_id, rng.uniform(-1, 1), outcomes.Signal.AGENT_FEEDBACK)
    )
    if top := [item.memory.id for item in found.items[:3]]:
        await learn(deps, user_id, query, "warmup", rng.choice(list(Feedback)), top)
    await activate(deps, user_id, query)


async def warm(deps: Deps, seconds: float, users: int) -> WarmupReport:
    """`users` throwaway users run rounds back to back for `seconds` (each at least one);
    then every node of theirs is deleted, also when a round fails."""
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

    try:
        await asyncio.gather(*(agent(user_id, seed) for seed, user_id in enumerate(ids)))
    finally:
        elapsed = time.monotonic() - started
        deleted = 0
        for user_id in ids:
            deleted += (await delete_user_data(deps, user_id))[0]
    return WarmupReport(ids, rounds, elapsed, deleted)


async def cold_cpu_seconds(deps: Deps) -> float | None:
    """Neo4j's CPU time when `warmup_seconds` > 0 and its JVM has used less than
    `COLD_CPU_SECONDS`; None when it is not to be warmed."""
    if deps.settings.warmup_seconds <= 0:
        return None
    cpu = await neo4j_cpu_seconds(deps)
    return cpu if cpu is not None and cpu < COLD_CPU_SECONDS else None


async def _warm_logged(deps: Deps, cpu: float) -> WarmupReport:
    seconds = deps.settings.warmup_seconds
    log.info("warming Neo4j for %.0f s (its JVM has used %.0f s of CPU since it started)", seconds, cpu)
    report = await warm(deps, seconds, users=2 * (os.cpu_count() or 1))
    log.info("warmed Neo4j: %d rounds in %.1f s", report.rounds, report.seconds)
    return report


async def warm_if_cold(settings: Settings) -> WarmupReport | None:
    """`serve`'s warm-up: loads the model only when Neo4j is cold (`cold_cpu_seconds`),
    then warms it (`warm`); None when it did not."""
    if settings.warmup_seconds <= 0:
        return None
    async with open_deps(settings, model=False, schema=False) as deps:
        cpu = await cold_cpu_seconds(deps)
    if cpu is None:
        return None
    async with open_deps(settings, schema=False) as deps:
        return await _warm_logged(deps, cpu)


async def warm_deps_if_cold(deps: Deps) -> WarmupReport | None:
    """The same warm-up on services already open (the benches, which measure the service
    as `serve` runs it)."""
    cpu = await cold_cpu_seconds(deps)
    return None if cpu is None else await _warm_logged(deps, cpu)
