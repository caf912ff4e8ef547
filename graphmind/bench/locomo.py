"""`graphmind bench locomo`: evidence recall@k on LoCoMo (../shared/bench/locomo).

Each conversation is one user; each turn one memory ("Speaker said: text", with the
image caption), dated at its session's time plus one minute per turn (LoCoMo
dates sessions, not turns). All conversations are loaded through rememberMany,
then every question is asked through recall: hybrid, and the vector-only and
keyword-only baselines on the same memories, and plain fusion (`bench/baseline.py`). Evidence recall@k: the fraction of
a question's evidence turns among the top k, averaged over questions.
"""

import json
import re
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tqdm import tqdm

from graphmind.bench import folds
from graphmind.bench.common import delete_user, percentile
from graphmind.bench.retrieval import MODES, ask, ingest
from graphmind.core.enums import ContentType
from graphmind.core.limits import CONTENT_MAX
from graphmind.deps import Deps
from graphmind.memory.model import MemoryInput

KS = (5, 10, 20)
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
_EVIDENCE = re.compile(r"D:?(\d+):0*(\d+)")


@dataclass
class Conversation:
    sample_id: str
    turns: list[tuple[str, str, datetime]]  # dia_id, text, validFrom
    questions: list[dict] = field(default_factory=list)


def parse_session_time(text: str) -> datetime:
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def normalise_evidence(raw: list[str], known: set[str]) -> set[str]:
    found = set()
    for item in raw:
        for part in re.split(r"[;\s]+", str(item)):
            match = _EVIDENCE.fullmatch(part.strip())
            if match:
                dia_id = f"D{int(match.group(1))}:{int(match.group(2))}"
                if dia_id in known:
                    found.add(dia_id)
    return found


def load(path: Path) -> list[Conversation]:
    conversations = []
    for sample in json.loads(path.read_text()):
        talk = sample["conversation"]
        turns = []
        sessions = sorted(
            (int(k.split("_")[1]), v)
            for k, v in talk.items()
            if re.fullmatch(r"session_\d+", k) and isinstance(v, list)
        )
        for number, session in sessions:
            start = parse_session_time(talk[f"session_{number}_date_time"])
            for index, turn in enumerate(session):
                text = f"{turn['speaker']} said: {turn['text']}"
                if turn.get("blip_caption"):
                    text += f" [shared an image: {turn['blip_caption']}]"
                turns.append((turn["dia_id"], text[:CONTENT_MAX], start + timedelta(minutes=index)))
        conversations.append(Conversation(sample["sample_id"], turns, sample["qa"]))
    return conversations


async def run(deps: Deps, path: Path, batch: int = 250, concurrency: int = 2) -> dict:
    conversations = load(path)
    run_id = uuid.uuid4().hex[:8]
    all_texts = [text for c in conversations for _, text, _ in c.turns]

    # Raw embedding throughput: the same model on the same texts in the same batches.
    started = time.perf_counter()
    for conversation in conversations:
        texts = [text for _, text, _ in conversation.turns]
        for start in range(0, len(texts), batch):
            deps.embedder.embed(texts[start : start + batch])
    raw_rate = len(all_texts) / (time.perf_counter() - started)

    users, turn_memory = {}, {}
    with tqdm(total=len(all_texts), desc="ingest", unit="mem") as bar:
        started = time.perf_counter()
        for conversation in conversations:
            user = users[conversation.sample_id] = f"bench-locomo-{conversation.sample_id}-{run_id}"
            inputs = [
                MemoryInput(content=text, content_type=ContentType.EVENT, valid_from=when)
                for _, text, when in conversation.turns
            ]
            ids = await ingest(deps, user, inputs, batch, concurrency, bar)
            turn_memory[conversation.sample_id] = dict(zip([t[0] for t in conversation.turns], ids))
        ingest_seconds = time.perf_counter() - started

    hits: dict[str, dict[int, dict[int, list[float]]]] = {
        mode: defaultdict(lambda: defaultdict(list)) for mode in MODES
    }
    fold_of = folds.split(c.sample_id for c in conversations)
    by_fold: dict[str, dict[str, dict[int, list[float]]]] = {
        fold: {mode: defaultdict(list) for mode in MODES} for fold in folds.FOLDS
    }
    latencies = []
    read: dict = {}  # each conversation as plain fusion reads it, once
    questions = [(c, q) for c in conversations for q in c.questions]
    try:
        for conversation, qa in tqdm(questions, desc="questions", unit="q"):
            memory_turns: dict[str, set[str]] = defaultdict(set)
            for dia_id, memory_id in turn_memory[conversation.sample_id].items():
                memory_turns[memory_id].add(dia_id)
            evidence = normalise_evidence(qa.get("evidence", []), set(turn_memory[conversation.sample_id]))
            if not evidence:
                continue
            for mode in MODES:
                answer = await ask(deps, users[conversation.sample_id], qa["question"], mode, max(KS), read)
                if mode == "hybrid":
                    latencies.append(answer.latency_ms)
                for k in KS:
                    found = set().union(*(memory_turns[m] for m in answer.memory_ids[:k]))
                    hits[mode][k][qa["category"]].append(len(evidence & found) / len(evidence))
                    if qa["category"] in (1, 2, 3, 4):
                        by_fold[fold_of[conversation.sample_id]][mode][k].append(len(evidence & found) / len(evidence))
    finally:
        for user in users.values():
            await delete_user(deps, user)

    def mean(values: list[float]) -> float:
        return sum(values) / len(values) if values else float("nan")

    report: dict = {"memories": len(all_texts), "questions": {}, "recall": {}}
    for mode in MODES:
        report["recall"][mode] = {}
        for k in KS:
            by_category = hits[mode][k]
            row = {f"cat{c}": mean(by_category[c]) for c in sorted(CATEGORIES)}
            row["cat1-4"] = mean([v for c in (1, 2, 3, 4) for v in by_category[c]])
            report["recall"][mode][k] = row
    report["questions"] = {f"cat{c}": len(hits["hybrid"][KS[0]][c]) for c in sorted(CATEGORIES)}
    report["folds"] = {
        fold: {
            "members": sorted(c for c, f in fold_of.items() if f == fold),
            "questions": len(by_fold[fold]["hybrid"][KS[0]]),
            "recall": {mode: {f"recall@{k}": folds.mean(by_fold[fold][mode][k]) for k in KS} for mode in MODES},
        }
        for fold in folds.FOLDS
    }
    report["ingest_per_second"] = len(all_texts) / ingest_seconds
    report["raw_embedding_per_second"] = raw_rate
    report["recall_ms"] = {"p50": percentile(latencies, 50), "p95": percentile(latencies, 95)}
    return report


def format_report(report: dict) -> str:
    lines = [f"LoCoMo dev: {report['memories']} memories, questions per category {report['questions']}"]
    header = f"{'mode':8} {'k':>3} " + " ".join(f"{c:>8}" for c in ["cat1-4", "cat1", "cat2", "cat3", "cat4", "cat5"])
    lines.append(header)
    for mode, by_k in report["recall"].items():
        for k, row in by_k.items():
            cells = [row["cat1-4"]] + [row[f"cat{c}"] for c in range(1, 6)]
            lines.append(f"{mode:8} {k:>3} " + " ".join(f"{v:8.3f}" for v in cells))
    best = max(row[10]["cat1-4"] for mode, row in report["recall"].items() if mode != "hybrid")
    hybrid = report["recall"]["hybrid"][10]["cat1-4"]
    lines.append(
        f"recall@10 cat1-4: hybrid {hybrid:.3f} vs best baseline {best:.3f} ({(hybrid - best) * 100:+.1f} points)"
    )
    if "folds" in report:
        lines.append("per fold (cat 1-4; conversations split by sample id):")
        lines += folds.table(report["folds"], [f"recall@{k}" for k in KS])
    ratio = report["ingest_per_second"] / report["raw_embedding_per_second"]
    lines.append(
        f"ingest {report['ingest_per_second']:.1f} memories/s; raw embedding "
        f"{report['raw_embedding_per_second']:.1f} texts/s ({ratio:.0%})"
    )
    lines.append(
        f"recall latency (hybrid, incl. embedding): p50 {report['recall_ms']['p50']:.1f} ms, p95 {report['recall_ms']['p95']:.1f} ms"
    )
    return "\n".join(lines)
