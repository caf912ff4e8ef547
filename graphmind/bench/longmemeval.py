"""`graphmind bench longmemeval`: session recall on LongMemEval_S (../shared/bench/longmemeval).

Each question's haystack (~48 sessions of real chats) is loaded as its own user
through rememberMany, one memory per turn ("role: text"; turns over 2000
characters are split into several memories of the same session), dated at the
session's time plus one minute per turn. The question is asked through recall
(hybrid, vector-only, keyword-only) and by plain fusion (`bench/baseline.py`); the
haystack is deleted afterwards. Turn level: recall_any@k, any answer session among the
sessions of the top k memories; recall_all@k, all of them. Session level, as published
LongMemEval figures count (sessions ranked by their best turn, `SESSION_DEPTH` turns
deep): session_any@k, session_all@k and ndcg@10 (binary relevance: an answer session).
Abstention (`_abs`) questions are skipped.
"""

import json
import math
import time
import uuid
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pydantic import ValidationError
from tqdm import tqdm

from graphmind.bench import folds
from graphmind.bench.common import delete_user, percentile
from graphmind.bench.retrieval import MODES, ask, ingest
from graphmind.core.enums import ContentType
from graphmind.core.limits import CONTENT_MAX, CONTENT_MIN
from graphmind.core.visible import CONTROL
from graphmind.deps import Deps
from graphmind.memory.model import MemoryInput

KS = (5, 10)
SESSION_DEPTH = 50  # turns read to rank sessions by their best turn
NDCG_K = 10


def parse_date(text: str) -> datetime:
    return datetime.strptime(text.split(" (")[0] + " " + text.split(") ")[1], "%Y/%m/%d %H:%M").replace(tzinfo=UTC)


def chunks(text: str, size: int = CONTENT_MAX) -> list[str]:
    """Splits text into pieces of at most `size` characters, at white space where possible;
    a control character (a few dev200 turns carry one), which remember refuses, becomes a space."""
    text = " ".join(CONTROL.sub(" ", text).split())
    pieces = []
    while len(text) > size:
        cut = text.rfind(" ", 0, size)
        cut = cut if cut > size // 2 else size
        pieces.append(text[:cut])
        text = text[cut:].strip()
    pieces.append(text)
    return [p for p in pieces if len(p) >= CONTENT_MIN]


def haystack(question: dict, refused: list[str] | None = None) -> tuple[list[MemoryInput], list[str]]:
    """The memories of a question's haystack and the session id of each; a turn remember
    refuses is left out and its reason added to `refused`, so the run reports it instead of
    ending (without `refused`, the refusal is raised)."""
    inputs, sessions = [], []
    for session_id, date, turns in zip(
        question["haystack_session_ids"], question["haystack_dates"], question["haystack_sessions"]
    ):
        start = parse_date(date)
        for index, turn in enumerate(turns):
            for piece in chunks(f"{turn['role']}: {turn['content']}"):
                try:
                    memory = MemoryInput(
                        content=piece, content_type=ContentType.EVENT, valid_from=start + timedelta(minutes=index)
                    )
                except ValidationError as refusal:
                    if refused is None:
                        raise
                    refused.append(f"{session_id}: {refusal.errors()[0]['msg']}")
                    continue
                inputs.append(memory)
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
    by_type: dict[str, dict[str, dict[str, list[float]]]] = defaultdict(lambda: {m: defaultdict(list) for m in MODES})
    latencies, stored, ingest_seconds = [], 0, 0.0
    refused: list[str] = []
    for question in tqdm(data, desc="questions", unit="q"):
        user = f"bench-lme-{question['question_id']}-{run_id}"
        inputs, sessions = haystack(question, refused)
        try:
            started = time.perf_counter()
            ids = await ingest(deps, user, inputs, batch=100, concurrency=2)
            ingest_seconds += time.perf_counter() - started
            stored += len(ids)
            session_of: dict[str, str] = {}
            for memory_id, session_id in zip(ids, sessions):
                session_of.setdefault(memory_id, session_id)
            answers = set(question["answer_session_ids"])
            read: dict = {}
            for mode in MODES:
                deep = await ask(deps, user, question["question"], mode, SESSION_DEPTH, read)
                # hybrid's top k is its own call (the limit shapes recall); the others' is a prefix
                answer = await ask(deps, user, question["question"], mode, max(KS), read) if mode == "hybrid" else deep
                if mode == "hybrid":
                    latencies.append(answer.latency_ms)
                found = metrics(answer.memory_ids, deep.memory_ids, session_of, answers)
                kind = question.get("question_type", "?")
                for table in (scores[mode], by_fold[fold_of[question["question_id"]]][mode], by_type[kind][mode]):
                    for metric, value in found.items():
                        table[metric].append(value)
        finally:
            await delete_user(deps, user)
    return {
        "questions": len(data),
        "memories": stored,
        "refused": refused,
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
        "types": {
            kind: {
                "questions": len(modes["hybrid"]["recall_all@5"]),
                "recall": {m: {k: folds.mean(v) for k, v in s.items()} for m, s in modes.items()},
            }
            for kind, modes in sorted(by_type.items())
        },
        "recall_ms": {"p50": percentile(latencies, 50), "p95": percentile(latencies, 95)},
    }


def metrics(top: list[str], deep: list[str], session_of: dict[str, str], answers: set[str]) -> dict[str, float]:
    """One question's turn-level metrics over `top` and session-level ones over `deep`."""
    found: dict[str, float] = {}
    for k in KS:
        sessions = {session_of[m] for m in top[:k]}
        found[f"recall_any@{k}"] = float(bool(answers & sessions))
        found[f"recall_all@{k}"] = float(answers <= sessions)
    ranked = list(dict.fromkeys(session_of[m] for m in deep))
    for k in KS:
        found[f"session_any@{k}"] = float(bool(answers & set(ranked[:k])))
        found[f"session_all@{k}"] = float(answers <= set(ranked[:k]))
    found[f"ndcg@{NDCG_K}"] = ndcg([s in answers for s in ranked[:NDCG_K]], len(answers), NDCG_K)
    return found


def ndcg(relevant: list[bool], relevant_count: int, k: int) -> float:
    """Binary-relevance NDCG@k of a ranking's top k (`relevant[i]`: whether rank i+1 is
    relevant) when `relevant_count` items are relevant in all."""
    gain = sum(1 / math.log2(rank + 2) for rank, hit in enumerate(relevant[:k]) if hit)
    ideal = sum(1 / math.log2(rank + 2) for rank in range(min(relevant_count, k)))
    return gain / ideal if ideal else 0.0


TURN_METRICS = [f"recall_{kind}@{k}" for kind in ("any", "all") for k in KS]
SESSION_METRICS = [f"session_{kind}@{k}" for kind in ("any", "all") for k in KS] + [f"ndcg@{NDCG_K}"]


def format_report(report: dict) -> str:
    metrics = TURN_METRICS + SESSION_METRICS
    lines = [
        f"LongMemEval_S dev: {report['questions']} questions (abstention skipped), "
        f"{report['memories']} memories loaded, {len(report.get('refused', []))} turns refused by remember; "
        "turn level, then session level",
        f"{'mode':8} " + " ".join(f"{m:>15}" for m in metrics),
    ]
    for mode, row in report["recall"].items():
        lines.append(f"{mode:8} " + " ".join(f"{row.get(m, float('nan')):15.3f}" for m in metrics))
    if "folds" in report:
        lines.append("per fold (questions split by question id):")
        lines += folds.table(report["folds"], metrics)
    by_type = ["recall_any@5", "recall_all@5", "session_any@5"]
    lines.append(f"by question type (hybrid / rrf): {', '.join(by_type)}")
    for kind, part in report.get("types", {}).items():
        cells = [f"{part['recall']['hybrid'][m]:.3f}/{part['recall']['rrf'][m]:.3f}" for m in by_type]
        lines.append(f"  {kind:28} {part['questions']:4} questions  " + "  ".join(cells))
    lines.append(
        f"ingest {report['ingest_per_second']:.1f} memories/s; recall latency (hybrid, incl. "
        f"embedding): p50 {report['recall_ms']['p50']:.1f} ms, p95 {report['recall_ms']['p95']:.1f} ms"
    )
    return "\n".join(lines)
