"""`graphmind bench latency`: recall, decide and observeOutcome latency at N memories,
and rememberMany throughput.

One user gets N memories (turns of the LongMemEval haystacks, in file order;
past the dev file's 17,972 turns (17,457 distinct), as at 100k, the distinct turns'
sentences follow: `sentences`), stored through rememberMany; the raw embedding
throughput of the same model on the same texts with the same batches is measured in
the same run. Then Q
questions (LongMemEval's and LoCoMo's) are recalled one at a time; latency
includes the query embedding; after each recall the agent decides with its
result and reports an outcome, each timed. Latency is measured in
steady state, as a long-running server sees it: after the ingest the bench waits at least
`settle_seconds` and then until the machine is quiet (at most `quiet_seconds`), and every
round (recall, decide, observeOutcome) is run once, unmeasured, first: Neo4j caches a plan
per query text and parameter types, compiles a plan again with generated code once it is
hot, and its JVM compiles the code a query runs once that is hot. With 30 warm-up recalls,
recalls of 0.2-0.7 s were still measured, at the seconds when Neo4j's debug.log shows such
recompiles; with only the recalls warmed, decide's and observeOutcome's p95 right after a
Neo4j start were twice those on a Neo4j that had served for minutes (docs/benchmarks.md).
The warm-up's decisions and outcomes stay: the measured rounds find twice as many, and
salience moved by those outcomes. The user is deleted at the end.
"""

import json
import math
import re
import time
import uuid
from collections import defaultdict
from datetime import timedelta
from pathlib import Path

from tqdm import tqdm

from graphmind.bench.common import Stopwatch, delete_user, percentile, until_quiet
from graphmind.bench.longmemeval import haystack
from graphmind.bench.retrieval import ingest
from graphmind.deps import Deps
from graphmind.learning import decisions, outcomes
from graphmind.memory.model import MemoryInput
from graphmind.memory.recall import recall

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
MIN_SENTENCE_WORDS = 8
RAW_SAMPLE = 10_000  # texts at most that the raw embedding rate is measured on


def sentences(turns: list[MemoryInput], wanted: int) -> list[MemoryInput]:
    """Up to `wanted` more memories from the turns' own text: each sentence of at least
    eight words of a turn that has two or more, once, as the speaker said it (a second
    after the turn, one second apart). Real text at a size the dev file's turns do not
    reach; a sentence's turn is also stored, so its duplicate check and conflict rules
    are exercised as they are when an agent stores a fact it already mentioned."""
    seen = {t.content for t in turns}
    found: list[MemoryInput] = []
    for turn in turns:
        role, _, text = turn.content.partition(": ")
        parts = [x.strip() for x in _SENTENCE_END.split(text) if len(x.split()) >= MIN_SENTENCE_WORDS]
        if len(parts) < 2 or turn.valid_from is None:
            continue
        for offset, part in enumerate(parts, start=1):
            content = f"{role}: {part}"
            if content in seen:
                continue
            seen.add(content)
            when = turn.valid_from + timedelta(seconds=offset)
            found.append(turn.model_copy(update={"content": content, "valid_from": when}))
            if len(found) >= wanted:
                return found
    return found


def load_texts(longmemeval: Path, memories: int) -> tuple[list, list[str]]:
    data = json.loads(longmemeval.read_text())
    inputs, questions = [], [q["question"] for q in data]
    distinct: dict[str, MemoryInput] = {}
    for question in data:
        turns = haystack(question)[0]
        inputs += turns
        for turn in turns:
            distinct.setdefault(turn.content, turn)
        if len(inputs) >= memories:
            break
    if len(inputs) < memories:
        inputs += sentences(list(distinct.values()), memories - len(inputs))
    return inputs[:memories], questions


def raw_batches(texts: list[str], batch: int, sample: int = RAW_SAMPLE) -> list[list[str]]:
    """The batches the raw embedding rate is measured on: the ingest's own batches, or,
    past `sample` texts, `sample / batch` of them spread evenly from the first to the last,
    so that the sample holds the input's kinds of text in their proportions (at 100k, long
    turns and short sentences) and takes minutes, not half an hour."""
    batches = [texts[start : start + batch] for start in range(0, len(texts), batch)]
    wanted = max(1, math.ceil(sample / batch))
    if len(batches) <= wanted:
        return batches
    return [batches[i * len(batches) // wanted] for i in range(wanted)]


async def run(
    deps: Deps,
    longmemeval: Path,
    locomo: Path | None = None,
    memories: int = 10_000,
    queries: int = 300,
    batch: int = 250,
    concurrency: int = 2,
    settle_seconds: float = 20.0,
    quiet_seconds: float = 180.0,
) -> dict:
    inputs, questions = load_texts(longmemeval, memories)
    if locomo:
        questions += [qa["question"] for c in json.loads(locomo.read_text()) for qa in c["qa"]]
    questions = questions[:queries]
    texts = [i.content for i in inputs]

    sampled = raw_batches(texts, batch)
    raw_texts = sum(map(len, sampled))
    started = time.perf_counter()
    for texts_of_batch in sampled:  # raw: the ingest's batches (or a sample of them), model only
        deps.embedder.embed(texts_of_batch)
    raw_rate = raw_texts / (time.perf_counter() - started)

    user = f"bench-latency-{uuid.uuid4().hex[:8]}"
    try:
        with tqdm(total=len(inputs), desc="ingest", unit="mem") as bar:
            started = time.perf_counter()
            await ingest(deps, user, inputs, batch, concurrency, bar)
            ingest_rate = len(inputs) / (time.perf_counter() - started)
        settled = await until_quiet(settle_seconds, quiet_seconds)
        for n, question in enumerate(questions):  # unmeasured: every query planned, compiled and hot
            await run_round(deps, user, n, question)
        latencies: dict[str, list[float]] = {"recall": [], "decide": [], "observeOutcome": []}
        for n, question in enumerate(tqdm(questions, desc="recall, decide, observe", unit="q")):
            await run_round(deps, user, n, question, latencies)
    finally:
        await delete_user(deps, user)
    return {
        "memories": len(inputs),
        "queries": len(questions),
        "raw_embedding_per_second": raw_rate,
        "raw_embedding_texts": raw_texts,
        "ingest_per_second": ingest_rate,
        "settled_seconds": settled,
        "quiet_seconds": quiet_seconds,
        "latency_ms": {
            op: {p: percentile(values, float(p[1:])) for p in ("p50", "p95", "p99")} for op, values in latencies.items()
        },
    }


async def run_round(
    deps: Deps, user: str, n: int, question: str, latencies: dict[str, list[float]] | None = None
) -> None:
    """Recall → decide with its result → observe an outcome (good two times in three);
    each call timed into `latencies` when given."""
    timed = latencies if latencies is not None else defaultdict(list)  # the warm-up's: let go
    with Stopwatch() as watch:
        result = await recall(deps, user, question, 10)
    timed["recall"].append(watch.ms)
    if not result.items:
        return
    with Stopwatch() as watch:
        decision = await decisions.decide(
            deps,
            user,
            decisions.DecisionDraft(
                decisions.DecisionType.RECOMMENDATION, f"Answer: {question[:200]}", retrieval_id=result.retrieval_id
            ),
        )
    timed["decide"].append(watch.ms)
    with Stopwatch() as watch:
        await outcomes.observe_outcome(
            deps,
            user,
            outcomes.OutcomeDraft(decision.trace_id, 0.8 if n % 3 else -0.5, outcomes.Signal.AGENT_FEEDBACK),
        )
    timed["observeOutcome"].append(watch.ms)


def format_report(report: dict) -> str:
    raw = report["raw_embedding_per_second"]
    ratio = report["ingest_per_second"] / raw if raw else 0.0
    lines = [
        f"latency bench: {report['memories']} memories (one user), {report['queries']} rounds "
        "of recall → decide → observeOutcome",
        f"rememberMany {report['ingest_per_second']:.1f} memories/s vs raw embedding "
        f"{raw:.1f} texts/s (on {report['raw_embedding_texts']} of the texts) = {ratio:.0%}",
        f"recalls began {report['settled_seconds']:.0f} s after the ingest (waiting for an idle machine, "
        f"at most {report['quiet_seconds']:.0f} s)",
    ]
    for op, ms in report["latency_ms"].items():
        note = " (limit 10, incl. query embedding)" if op == "recall" else ""
        lines.append(f"{op}{note}: p50 {ms['p50']:.1f} ms, p95 {ms['p95']:.1f} ms, p99 {ms['p99']:.1f} ms")
    return "\n".join(lines)
