"""`graphmind bench longmemeval`: session recall on LongMemEval_S (../shared/bench/longmemeval).

Each question's haystack (~48 sessions of real chats) is loaded as its own user
through rememberMany, one memory per turn ("role: text"; turns over 2000
characters are split into several memories of the same session), dated at the
session's time plus one minute per turn. The question is asked through recall
(hybrid, vector-only, keyword-only); the haystack is deleted afterwards.
recall_any@k: any answer session among the sessions of the top k memories;
recall_all@k: all of them. Abstention (`_abs`) questions are skipped.
"""

import json
import time
import uuid
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tqdm import tqdm

from graphmind.bench import folds
from graphmind.bench.common import delete_user, percentile
from graphmind.bench.retrieval import MODES, ask, ingest
from graphmind.core.enums import ContentType
from graphmind.core.limits import CONTENT_MAX, CONTENT_MIN
from graphmind.deps import Deps
from graphmind.memory.model import MemoryInput

KS = (5, 10)


def parse_date(text: str) -> datetime:
    return datetime.strptime(text.split(" (")[0] + " " + text.split(") ")[1], "%Y/%m/%d %H:%M").replace(tzinfo=UTC)


def chunks(text: str, size: int = CONTENT_MAX) -> list[str]:
    """Splits text into pieces of at most `size` characters, at white space where possible."""
    text = " ".join(text.split())
    pieces = []
    while len(text) > size:
        cut = text.rfind(" ", 0, size)
        cut = cut if cut > size // 2 else size
        pieces.append(text[:cut])
        text = text[cut:].strip()
    pieces.append(text)
    return [p for p in pieces if len(p) >= CONTENT_MIN]


def haystack(question: dict) -> tuple[list[MemoryInput], list[str]]:
    """The memories of a question's haystack and the session id of each."""
    inputs, sessions = [], []
    for session_id, date, turns in zip(
        question["haystack_session_ids"], question["haystack_dates"], question["haystack_sessions"]
    ):
        start = parse_date(date)
        for index, turn in enumerate(turns):
            for piece in chunks(f"{turn['role']}: {turn['content']}"):
                inputs.append(
                    MemoryInput(
                        content=piece,
                        content_type=ContentType.EVENT,
                        valid_from=start + timedelta(minutes=index),
                    )
                )
                sessions.append(session_id)
    return inputs, sessions


async def run(deps: Deps, path: Path, questions: int | None = None) -> dict:
    data = [q for q in json.loads(path.read_text()) if not q["question_id"].endswith("_abs")]
    data = data[:questions] if questions else data
    run_id = uuid.uuid4().hex[:8]
    scores: dict[str, dict[str, list[float]]] = {m: defaultdict(list) for m in MODES}
    fold_of = folds.split(q["question_id"] for q in data)
    by_fold: dict[str, dict[str, dict[str, list[float]]]] = {
        fold: {m: defaultdict(list) for m in MODES} for fold in folds.FOLDS
    }
    latencies, stored, ingest_seconds = [], 0, 0.0
    for question in tqdm(data, desc="questions", unit="q"):
        user = f"bench-lme-{question['question_id']}-{run_id}"
        inputs, sessions = haystack(question)
        try:
            started = time.perf_counter()
            ids = await ingest(deps, user, inputs, batch=100, concurrency=2)
            ingest_seconds += time.perf_counter() - started
            stored += len(ids)
            session_of: dict[str, str] = {}
            for memory_id, session_id in zip(ids, sessions):
                session_of.setdefault(memory_id, session_id)
            answers = set(question["answer_session_ids"])
            for mode in MODES:
                answer = await ask(deps, user, question["question"], mode, max(KS))
                if mode == "hybrid":
                    latencies.append(answer.latency_ms)
                for k in KS:
                    found = {session_of[m] for m in answer.memory_ids[:k]}
                    for table in (scores[mode], by_fold[fold_of[question["question_id"]]][mode]):
                        table[f"recall_any@{k}"].append(float(bool(answers & found)))
                        table[f"recall_all@{k}"].append(float(answers <= found))
        finally:
            await delete_user(deps, user)
    return {
        "questions": len(data),
        "memories": stored,
        "ingest_per_second": stored / ingest_seconds if ingest_seconds else 0.0,
        "recall": {m: {k: sum(v) / len(v) for k, v in s.items()} for m, s in scores.items()},
        "folds": {
            fold: {
                "members": sorted(q for q, f in fold_of.items() if f == fold),
                "questions": len(by_fold[fold]["hybrid"][f"recall_all@{KS[0]}"]),
                "recall": {m: {k: folds.mean(v) for k, v in s.items()} for m, s in by_fold[fold].items()},
            }
            for fold in folds.FOLDS
        },
        "recall_ms": {"p50": percentile(latencies, 50), "p95": percentile(latencies, 95)},
    }


def format_report(report: dict) -> str:
    metrics = [f"recall_{kind}@{k}" for kind in ("any", "all") for k in KS]
    lines = [
        f"LongMemEval_S dev: {report['questions']} questions (abstention skipped), "
        f"{report['memories']} memories loaded, session-level",
        f"{'mode':8} " + " ".join(f"{m:>14}" for m in metrics),
    ]
    for mode, row in report["recall"].items():
        lines.append(f"{mode:8} " + " ".join(f"{row[m]:14.3f}" for m in metrics))
    if "folds" in report:
        lines.append("per fold (questions split by question id):")
        lines += folds.table(report["folds"], metrics)
    lines.append(
        f"ingest {report['ingest_per_second']:.1f} memories/s; recall latency (hybrid, incl. "
        f"embedding): p50 {report['recall_ms']['p50']:.1f} ms, p95 {report['recall_ms']['p95']:.1f} ms"
    )
    return "\n".join(lines)
