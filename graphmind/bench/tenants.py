"""`graphmind bench tenants`: is recall exact per tenant when other tenants share the index?

The caller is one user holding the LoCoMo dev conversations (loaded through
rememberMany). Every question is asked twice: with the caller alone in the database,
then with N other tenants' memories present, each time of a fresh copy of the caller (so
the first phase's recalls, which review what they return, do not change the second's
ranking; the copy is written after the others, as a new tenant would be). The others are real text (LongMemEval_S haystack turns,
chunked as `bench longmemeval` does, cut to their first `--chars` characters, the
first `--texts` distinct ones, reused round-robin when N exceeds them),
embedded by the same model and written in bulk, `--per-tenant` memories per user.
For each phase: hybrid recall@10 (categories 1-4), the share of recalls whose vector
channel returned min(vectorK, eligible) candidates, the overlap of the vector
channel's top 10 with an exact brute-force cosine top 10 over the caller's active
memories, and hybrid recall p50/p95 (incl. the query embedding). Latency is measured in
steady state, as in `bench latency`: a pause after each bulk write lets Neo4j merge index
segments, and 30 unmeasured recalls (the same ones in both phases) warm the query plans.
Both copies of the caller live on the same fixed clock (written at one instant, each
question a second after the one before), so retrievability, which decays with time since
each memory's last access, is the same in both phases and only the other tenants differ.
The keyword channel's own top 10 (turns and BM25 scores) is compared between phases too.
"""

import asyncio
import json
import time
import uuid
from collections import defaultdict
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
from tqdm import tqdm

from graphmind.bench import locomo, longmemeval
from graphmind.bench.common import Stopwatch, delete_user, percentile
from graphmind.bench.retrieval import ingest
from graphmind.core.clock import FixedClock
from graphmind.core.enums import ContentType
from graphmind.core.terms import index_rows
from graphmind.deps import Deps
from graphmind.memory.model import MemoryInput
from graphmind.memory.recall import Channel, recall

K = 10
WARMUP = 30


def other_texts(path: Path, limit: int | None = None, chars: int | None = None) -> list[str]:
    """The distinct haystack chunks of every LongMemEval question, in file order (at most
    `limit`, each cut to `chars` characters: embedding long chunks is the bench's cost)."""
    seen: dict[str, None] = {}
    for question in json.loads(path.read_text()):
        for memory in longmemeval.haystack(question)[0]:
            seen.setdefault(memory.content[:chars] if chars else memory.content, None)
            if limit and len(seen) >= limit:
                return list(seen)
    return list(seen)


async def _caller(
    deps: Deps, user: str, inputs: list[MemoryInput], dia_ids: list[str], settle_seconds: float
) -> dict[str, set[str]]:
    """Writes the caller's memories; returns the LoCoMo turns each memory holds."""
    with tqdm(total=len(inputs), desc="caller", unit="mem") as bar:
        memory_ids = await ingest(deps, user, inputs, 250, 2, bar)
    turns_of: dict[str, set[str]] = defaultdict(set)
    for memory_id, dia_id in zip(memory_ids, dia_ids, strict=True):
        turns_of[memory_id].add(dia_id)
    await asyncio.sleep(settle_seconds)
    return turns_of


async def _phase(
    deps: Deps, user: str, questions: list, turns_of: dict[str, set[str]], cap: int | None, alone: dict | None = None
) -> dict:
    for question, _, _ in questions[-WARMUP:]:
        await recall(deps, user, question, K)
    rows = await deps.db.read("bench.user_embeddings", userId=user)
    ids = [r["id"] for r in rows]
    matrix = np.asarray([r["embedding"] for r in rows], dtype=np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    vector_k = deps.settings.recall_vector_k
    wanted = min(vector_k, len(ids))
    hits, full, overlaps, latencies = defaultdict(list), [], [], []
    by_channel: dict[str, list[float]] = defaultdict(list)
    keyword_tops: list[list] = []
    for question, evidence, category in tqdm(questions[:cap] if cap else questions, desc="questions", unit="q"):
        if isinstance(deps.clock, FixedClock):
            deps.clock.advance(seconds=1)
        with Stopwatch() as watch:
            result = await recall(deps, user, question, K)
        latencies.append(watch.ms)
        found = set().union(*(turns_of.get(item.memory.id, set()) for item in result.items[:K]))
        hits[category].append(len(evidence & found) / len(evidence))
        vector = await recall(
            deps, user, question, deps.settings.recall_max_limit, channels=(Channel.VECTOR,), neighbours=False
        )
        # only items with a rank are sorted by it (`or 0` never applies)
        ranked = sorted(
            (i for i in vector.items if i.breakdown.vector_rank), key=lambda i: i.breakdown.vector_rank or 0
        )
        keyword = await recall(
            deps, user, question, deps.settings.recall_max_limit, channels=(Channel.KEYWORD,), neighbours=False
        )
        # the keyword channel's own top 10 (BM25 rank), as turns with their scores
        keyword_top = []
        for i in sorted(
            (i for i in keyword.items if i.breakdown.keyword_rank), key=lambda i: i.breakdown.keyword_rank or 0
        )[:K]:
            score = i.breakdown.keyword_score
            assert score is not None  # a channel's rank comes with its score (recall._breakdown sets both)
            keyword_top.append((sorted(turns_of.get(i.memory.id, set())), round(score, 9)))
        keyword_tops.append(keyword_top)
        for channel, items in (("vector", ranked), ("keyword", keyword.items)):
            found = set().union(*(turns_of.get(item.memory.id, set()) for item in items[:K]))
            by_channel[channel].append(len(evidence & found) / len(evidence))
        full.append(len(ranked) == wanted)
        [query] = deps.embedder.embed([question])
        exact = {ids[j] for j in np.argsort(-(matrix @ query))[:K]}
        overlaps.append(len(exact & {i.memory.id for i in ranked[:K]}) / K)
    report = {
        "questions": sum(len(v) for v in hits.values()),
        "recall@10": {f"cat{c}": float(np.mean(v)) for c, v in sorted(hits.items())},
        "recall@10 cat1-4": float(np.mean([x for v in hits.values() for x in v])),
        # each channel alone (no neighbours): which one moves when other tenants arrive
        "channel recall@10": {c: float(np.mean(v)) for c, v in by_channel.items()},
        "vector full k": float(np.mean(full)),
        "vector k wanted": wanted,
        "top10 overlap": float(np.mean(overlaps)),
        "recall_ms": {"p50": percentile(latencies, 50), "p95": percentile(latencies, 95)},
        "keyword top10": keyword_tops,
    }
    if alone is not None:  # the keyword channel is per user: its top 10 and scores must not move
        pairs = list(zip(alone["keyword top10"], keyword_tops, strict=True))
        report["keyword top10 as alone"] = float(np.mean([a == b for a, b in pairs]))
        report["keyword top10 scores as alone"] = float(
            np.mean([sorted(s for _, s in a) == sorted(s for _, s in b) for a, b in pairs])
        )
    return report


async def run(
    deps: Deps,
    path: Path,
    others: Path,
    n: int = 50_000,
    per_tenant: int = 100,
    questions: int | None = None,
    texts: int | None = None,
    chars: int | None = None,
    batch: int = 500,
    settle_seconds: float = 20.0,
) -> dict:
    run_id = uuid.uuid4().hex[:8]
    alone, user = f"bench-tenants-{run_id}-alone", f"bench-tenants-{run_id}"
    conversations = locomo.load(path)
    inputs, dia_ids = [], []
    for conversation in conversations:
        for dia_id, text, when in conversation.turns:
            inputs.append(MemoryInput(content=text, content_type=ContentType.EVENT, valid_from=when))
            dia_ids.append(f"{conversation.sample_id}/{dia_id}")
    asked = []
    for conversation in conversations:
        known = {t[0] for t in conversation.turns}
        for qa in conversation.questions:
            evidence = locomo.normalise_evidence(qa.get("evidence", []), known)
            if evidence and qa["category"] in (1, 2, 3, 4):
                asked.append((qa["question"], {f"{conversation.sample_id}/{e}" for e in evidence}, qa["category"]))
    report: dict = {"caller memories": len(inputs), "others": n, "per tenant": per_tenant}
    try:
        instant = datetime.now(UTC)  # both copies of the caller live on this fixed clock
        copy = replace(deps, clock=FixedClock(instant))
        turns_of = await _caller(copy, alone, inputs, dia_ids, settle_seconds)
        report["alone"] = await _phase(copy, alone, asked, turns_of, questions)
        await delete_user(deps, alone)

        chunks = other_texts(others, texts, chars)
        started = time.perf_counter()
        vectors = np.concatenate(
            [
                deps.embedder.embed(chunks[i : i + 256])
                for i in tqdm(range(0, len(chunks), 256), desc="embed others", unit="batch")
            ]
        )
        report["other texts"] = len(chunks)
        report["embed seconds"] = time.perf_counter() - started
        now = datetime.now(UTC)
        for start in tqdm(range(0, n, batch), desc="load others", unit="batch"):
            rows = []
            for i in range(start, min(n, start + batch)):
                tenant = f"bench-other-{run_id}-{i // per_tenant}"
                rows.append(
                    {
                        "id": f"{run_id}-{i}",
                        "userId": tenant,
                        "content": chunks[i % len(chunks)],
                        "embedding": vectors[i % len(chunks)].tolist(),
                    }
                )
            await deps.db.write("bench.load_tenant_memories", run=run_id, now=now, rows=rows)
            await deps.db.write("memory.index_terms", termRows=index_rows(rows))
        copy = replace(deps, clock=FixedClock(instant))
        turns_of = await _caller(copy, user, inputs, dia_ids, settle_seconds)
        report[f"with {n} others"] = await _phase(copy, user, asked, turns_of, questions, report["alone"])
    finally:
        while (
            await deps.db.write(
                "bench.delete_tenant_memories", run=run_id, tenantPrefix=f"bench-other-{run_id}-", batchSize=5000
            )
        )[0]["deleted"]:
            pass
        await delete_user(deps, alone)
        await delete_user(deps, user)
    return report


def format_report(report: dict) -> str:
    n = report["others"]
    lines = [
        f"tenants bench: caller {report['caller memories']} LoCoMo memories (one user), "
        f"{n} other tenants' memories ({report['per tenant']} per tenant, "
        f"{report.get('other texts', 0)} distinct LongMemEval texts)",
        f"{'':18} {'recall@10 1-4':>14} {'vector full k':>14} {'top10 overlap':>14} {'p50 ms':>8} {'p95 ms':>8}",
    ]
    for name in ("alone", f"with {n} others"):
        if name in report:
            r = report[name]
            lines.append(
                f"{name:18} {r['recall@10 cat1-4']:14.3f} {r['vector full k']:14.2%} "
                f"{r['top10 overlap']:14.3f} {r['recall_ms']['p50']:8.1f} {r['recall_ms']['p95']:8.1f}"
            )
    channels = [
        (name, report[name]["channel recall@10"])
        for name in ("alone", f"with {n} others")
        if "channel recall@10" in report.get(name, {})
    ]
    if channels:
        lines.append(
            "recall@10 of each channel alone: "
            + "; ".join(f"{name}: " + ", ".join(f"{c} {v:.3f}" for c, v in sorted(by.items())) for name, by in channels)
        )
    with_others = report.get(f"with {n} others", {})
    if "keyword top10 as alone" in with_others:
        lines.append(
            f"keyword channel top 10 as alone: the same BM25 scores in "
            f"{with_others['keyword top10 scores as alone']:.1%} of questions, the same turns "
            f"in the same order in {with_others['keyword top10 as alone']:.1%}"
        )
    return "\n".join(lines)
