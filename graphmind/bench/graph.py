"""`graphmind bench graph`: learn, activate, why and trail merge on large associative graphs.

For each size, a synthetic user gets that many memories (a conversation: one every
5 minutes, so a few temporal neighbours each; 1-2 entity mentions from a Zipf-like
pool) and about 10 association edges per memory (5 created per memory, mostly to
memories nearby in time, one in five anywhere; weights Beta(2, 5), as small learned
weights dominate). The fixture is written by `cypher/bench/` queries (no embeddings:
none of the timed operations reads them). Then, through the same services the
GraphQL resolvers call:

- learn: feedback (CORRECT, PARTIAL or WRONG) on 2 nodes for a query whose recorded
  retrieval names 5 seeds;
- activate: 3 hops from one seed (decay 0.5, threshold 0.01, top 20);
- why: 4 hops between a memory and one a random walk of 2-4 edges away;
- trail merge: two trails of 10 visited nodes and 2 hypotheses each (saving is not timed).

The first 30 calls of each operation warm the caches (and the JIT of a freshly
started Neo4j) and are not counted.
"""

import random
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from graphmind import trails
from graphmind.associative.activation import Spreading, activate
from graphmind.associative.learn import Feedback, learn
from graphmind.associative.paths import why
from graphmind.bench.common import Stopwatch, delete_user, percentile
from graphmind.core.events import content_hash
from graphmind.deps import Deps

WARMUP = 30
EDGES_PER_MEMORY = 5  # each edge has two ends: ~10 edges per memory
LOCAL_SPAN = 50
TOPICS = [
    "deploy",
    "billing",
    "search index",
    "cache",
    "onboarding",
    "payments queue",
    "auth tokens",
    "mobile release",
    "data warehouse",
    "incident review",
    "pricing page",
    "support backlog",
]
VERBS = ["blocked", "sped up", "broke", "needs", "was discussed with", "depends on", "replaced", "fixed"]


@dataclass
class Config:
    sizes: tuple[int, ...] = (10_000, 100_000)
    samples: int = 200
    merge_samples: int = 50
    seed: int = 7


def _content(rng: random.Random, i: int) -> str:
    a, b = rng.sample(TOPICS, 2)
    return f"note {i}: the {a} work {rng.choice(VERBS)} the {b} work"


async def build(deps: Deps, user_id: str, size: int, rng: random.Random) -> dict[str, list[str]]:
    """Writes the fixture; returns each memory's association neighbours."""
    start = datetime(2025, 1, 1, tzinfo=UTC)
    ids = [str(uuid.uuid4()) for _ in range(size)]
    entity_pool = [f"entity{k}" for k in range(max(50, size // 50))]
    weights = [1 / (k + 1) ** 0.8 for k in range(len(entity_pool))]
    now = deps.clock.now()
    previous = None
    for lo in range(0, size, 5000):
        rows = [
            {
                "id": ids[i],
                "content": _content(rng, i),
                "validFrom": start + timedelta(minutes=5 * i),
                "entities": list(set(rng.choices(entity_pool, weights, k=rng.choice((1, 2))))),
            }
            for i in range(lo, min(size, lo + 5000))
        ]
        await deps.db.write("bench.graph_memories", userId=user_id, memories=rows, previousId=previous, now=now)
        previous = rows[-1]["id"]
    neighbours: dict[str, list[str]] = {i: [] for i in ids}
    pairs: dict[tuple[str, str], float] = {}
    for i in range(size):
        for _ in range(EDGES_PER_MEMORY):
            j = rng.randrange(size) if rng.random() < 0.2 else min(size - 1, i + rng.randint(1, LOCAL_SPAN))
            if j == i:
                continue
            a, b = sorted((ids[i], ids[j]))
            if (a, b) not in pairs:
                pairs[(a, b)] = round(rng.betavariate(2, 5), 4)
                neighbours[a].append(b)
                neighbours[b].append(a)
    edges = [{"a": a, "b": b, "weight": w} for (a, b), w in pairs.items()]
    for lo in range(0, len(edges), 10_000):
        await deps.db.write("bench.graph_edges", userId=user_id, edges=edges[lo : lo + 10_000], now=now)
    return neighbours


def _walk(rng: random.Random, neighbours: dict[str, list[str]], start: str, steps: int) -> str:
    node = start
    for _ in range(steps):
        node = rng.choice(neighbours[node]) if neighbours[node] else node
    return node


def _stats(times: list[float]) -> dict:
    counted = times[WARMUP:]
    return {
        "n": len(counted),
        "p50": percentile(counted, 50),
        "p95": percentile(counted, 95),
        "max": max(counted) if counted else float("nan"),
    }


async def bench_size(deps: Deps, size: int, config: Config) -> dict:
    rng = random.Random(config.seed + size)
    user_id = f"bench-graph-{size}-{uuid.uuid4().hex[:8]}"
    try:
        with Stopwatch() as built:
            neighbours = await build(deps, user_id, size, rng)
        memory_ids = list(neighbours)
        count = config.samples + WARMUP

        queries = [f"bench query {k}" for k in range(count)]
        seeds = [rng.sample(memory_ids, 5) for _ in queries]
        await deps.db.write(
            "bench.graph_retrievals",
            userId=user_id,
            now=deps.clock.now(),
            retrievals=[{"query": q, "queryHash": content_hash(q), "memoryIds": s} for q, s in zip(queries, seeds)],
        )
        learn_ms, edges_adjusted = [], []
        for q, s in zip(queries, seeds):
            reported = [_walk(rng, neighbours, s[0], 1), _walk(rng, neighbours, s[1], 2)]
            with Stopwatch() as watch:
                learned = await learn(deps, user_id, q, "bench", rng.choice(list(Feedback)), reported, 0.2)
            learn_ms.append(watch.ms)
            edges_adjusted.append(learned.edges_adjusted)

        activate_ms, activated = [], []
        for _ in range(count):
            with Stopwatch() as watch:
                activation = await activate(
                    deps,
                    user_id,
                    seeds=[rng.choice(memory_ids)],
                    spreading=Spreading(max_hops=3, decay=0.5, threshold=0.01, top_k=20),
                )
            activate_ms.append(watch.ms)
            activated.append(activation.activated_count)

        why_ms, found, truncated = [], [], 0
        for _ in range(count):
            source = rng.choice(memory_ids)
            target = _walk(rng, neighbours, source, rng.randint(2, 4))
            if target == source:
                target = _walk(rng, neighbours, source, 1)
            with Stopwatch() as watch:
                paths = await why(deps, user_id, source, target, max_hops=4)
            why_ms.append(watch.ms)
            found.append(paths.total_paths_found)
            truncated += paths.truncated

        merge_ms, conflicts = [], []
        for _ in range(config.merge_samples + WARMUP):
            ids = []
            for side in range(2):
                centre = rng.choice(memory_ids)
                area = list(dict.fromkeys([centre] + [_walk(rng, neighbours, centre, k % 3 + 1) for k in range(12)]))[
                    :10
                ]
                saved = await trails.save_trail(
                    deps,
                    user_id,
                    trails.TrailDraft(
                        "bench",
                        f"trail {side}",
                        visited=[trails.VisitDraft(n) for n in area],
                        hypotheses=[
                            trails.HypothesisDraft("the cache is the cause", rng.random(), supporting=area[:2]),
                            trails.HypothesisDraft(
                                "the queue is not the cause" if side else "the queue is the cause",
                                rng.random(),
                                supporting=area[2:4],
                            ),
                        ],
                    ),
                )
                ids.append(saved.trail.id)
            with Stopwatch() as watch:
                merged = await trails.merge_trails(deps, user_id, ids)
            merge_ms.append(watch.ms)
            conflicts.append(len(merged.conflicts))
        counted = lambda values: values[WARMUP:]  # noqa: E731
        return {
            "memories": size,
            "edges": sum(len(v) for v in neighbours.values()) // 2,
            "build_s": built.seconds,
            "learn": {**_stats(learn_ms), "mean_edges_adjusted": sum(counted(edges_adjusted)) / config.samples},
            "activate": {**_stats(activate_ms), "mean_activated": sum(counted(activated)) / config.samples},
            "why": {
                **_stats(why_ms),
                "mean_paths": sum(counted(found)) / config.samples,
                "truncated_share": truncated / count,
            },
            "merge": {**_stats(merge_ms), "mean_conflicts": sum(counted(conflicts)) / config.merge_samples},
        }
    finally:
        await delete_user(deps, user_id)


async def run(deps: Deps, config: Config) -> dict:
    started = time.perf_counter()
    results = [await bench_size(deps, size, config) for size in config.sizes]
    return {"config": config.__dict__, "results": results, "seconds": time.perf_counter() - started}


def format_report(report: dict) -> str:
    lines = [
        "graph bench: p50 / p95 in ms (first 30 calls of each not counted)",
        f"{'memories':>9} {'edges':>8}  {'learn':>13}  {'activate 3h':>13}  {'why 4h':>13}  {'trail merge':>13}",
    ]
    for r in report["results"]:
        cells = [f"{r[k]['p50']:5.1f} / {r[k]['p95']:5.1f}" for k in ("learn", "activate", "why", "merge")]
        lines.append(f"{r['memories']:>9} {r['edges']:>8}  " + "  ".join(f"{c:>13}" for c in cells))
    for r in report["results"]:
        lines.append(
            f"{r['memories']} memories: built in {r['build_s']:.0f} s; learn adjusted {r['learn']['mean_edges_adjusted']:.1f} "
            f"edges, activate reached {r['activate']['mean_activated']:.0f} nodes, why found "
            f"{r['why']['mean_paths']:.1f} paths ({r['why']['truncated_share']:.0%} truncated by the beam), "
            f"merge found {r['merge']['mean_conflicts']:.1f} conflicts (means)"
        )
    lines.append("targets: activate and why p95 <= 50 ms at 100k memories; learn p95 <= 10 ms")
    return "\n".join(lines)
