"""The four ways a benchmark question is answered: hybrid recall and three baselines.

`hybrid` is recall as the service runs it. Two baselines use the same memories and recall
path restricted to one channel, ranked purely by that channel (no salience weighting, no
neighbours): plain vector search and plain keyword search. `rrf` is plain fusion outside
the service (`bench/baseline.py`: exact cosine and BM25 over the same memories, reciprocal
rank fusion at k = 60).
"""

import asyncio
from dataclasses import dataclass

from graphmind.bench import baseline
from graphmind.bench.common import Stopwatch
from graphmind.deps import Deps
from graphmind.memory.model import MemoryInput
from graphmind.memory.recall import Channel, recall
from graphmind.memory.store import remember_many

MODES = ("hybrid", "vector", "keyword", "rrf")


@dataclass
class Answer:
    memory_ids: list[str]
    latency_ms: float


async def ask(
    deps: Deps, user_id: str, question: str, mode: str, k: int, read: dict[str, baseline.Collection] | None = None
) -> Answer:
    """The top `k` memory ids for `question` by `mode`; `read` keeps each user's memories as
    plain fusion read them, for a bench that asks one haystack many questions."""
    with Stopwatch() as watch:
        if mode == "hybrid":
            result = await recall(deps, user_id, question, k)
            ids = [item.memory.id for item in result.items]
        elif mode == "rrf":
            read = {} if read is None else read
            if user_id not in read:
                read[user_id] = await baseline.collection(deps, user_id)
            ids = await baseline.plain_rrf(deps, user_id, question, k, read[user_id])
        else:
            channel = Channel(mode)
            result = await recall(
                deps,
                user_id,
                question,
                deps.settings.recall_max_limit,
                channels=(channel,),
                neighbours=False,
            )
            rank_of = lambda item: getattr(item.breakdown, f"{mode}_rank")  # noqa: E731
            ranked = sorted((i for i in result.items if rank_of(i)), key=rank_of)
            ids = [item.memory.id for item in ranked[:k]]
    return Answer(ids, watch.ms)


async def ingest(
    deps: Deps,
    user_id: str,
    inputs: list[MemoryInput],
    batch: int = 100,
    concurrency: int = 2,
    progress=None,
) -> list[str]:
    """rememberMany in batches, `concurrency` batches in flight; returns memory ids in order."""
    ids: list[str | None] = [None] * len(inputs)
    gate = asyncio.Semaphore(concurrency)

    async def one(start: int) -> None:
        async with gate:
            results = await remember_many(deps, user_id, inputs[start : start + batch])
        for offset, result in enumerate(results):
            ids[start + offset] = result.memory.id
        if progress is not None:
            progress.update(len(results))

    await asyncio.gather(*(one(start) for start in range(0, len(inputs), batch)))
    return ids  # type: ignore[return-value]
