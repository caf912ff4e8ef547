"""`graphmind bench scenes`: how often the scene (working memory, seed 003 policy 2) shifts
topic inside real conversations, and how often it notices a turn from another one.

Offline, no database: each LoCoMo dev session's turns are embedded and placed in order by
`lifecycle/scene.plan` (capacity and threshold as configured). A session's turns should
mostly stay in one scene (capacity flushes aside); a turn from another conversation put
after a session's turns should flush it. Reported per threshold, the configured one marked.
Embedded at the precision a new store embeds at (GRAPHMIND_EMBEDDING_PRECISION, auto: the
backend's new-store precision), since there is no store to read one from.
"""

import random
import re
from pathlib import Path

from graphmind.embeddings import NEW_STORE_PRECISION, Embedder
from graphmind.lifecycle import scene
from graphmind.settings import Settings

THRESHOLDS = (0.6, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25)


def sessions(path: Path) -> list[tuple[str, list[str]]]:
    import json

    found = []
    for sample in json.loads(path.read_text()):
        talk = sample["conversation"]
        for key, turns in talk.items():
            if re.fullmatch(r"session_\d+", key) and isinstance(turns, list) and turns:
                found.append((sample["sample_id"], [f"{t['speaker']} said: {t['text']}" for t in turns]))
    return found


def run(path: Path, settings: Settings | None = None, seed: int = 7) -> dict:
    settings = settings or Settings()
    precision: str = settings.embedding_precision
    if precision == "auto":
        precision = NEW_STORE_PRECISION[settings.embedding_backend]
    embedder = Embedder.from_settings(settings, precision)
    found = sessions(path)
    vectors = embedder.embed([t for _, turns in found for t in turns])
    embedded, start = [], 0
    for conversation, turns in found:
        embedded.append((conversation, vectors[start : start + len(turns)]))
        start += len(turns)
    rng = random.Random(seed)
    rows = []
    for threshold in sorted({*THRESHOLDS, settings.scene_topic_threshold}, reverse=True):
        shifts, n_turns, single, noticed = 0, 0, 0, 0
        for conversation, session in embedded:
            plan = scene.plan(None, [(str(i), v) for i, v in enumerate(session)], settings.scene_capacity, threshold)
            session_shifts = sum(1 for _, reason in plan.flushed if reason == scene.TOPIC_SHIFT)
            shifts, n_turns, single = shifts + session_shifts, n_turns + len(session), single + (session_shifts == 0)
            _, other = rng.choice([s for s in embedded if s[0] != conversation])
            tail = session[-(settings.scene_capacity - 1) :]
            probe = scene.plan(
                None,
                [(str(i), v) for i, v in enumerate(tail)] + [("x", other[rng.randrange(len(other))])],
                settings.scene_capacity,
                threshold,
            )
            noticed += any(reason == scene.TOPIC_SHIFT for _, reason in probe.flushed)
        rows.append(
            {
                "threshold": threshold,
                "configured": threshold == settings.scene_topic_threshold,
                "shiftsPerSession": shifts / len(embedded),
                "shiftsPerTurn": shifts / n_turns,
                "sessionsWithoutShift": single / len(embedded),
                "otherConversationNoticed": noticed / len(embedded),
            }
        )
    return {
        "sessions": len(embedded),
        "turns": int(sum(len(s) for _, s in embedded)),
        "capacity": settings.scene_capacity,
        "precision": precision,
        "rows": rows,
    }


def format_report(report: dict) -> str:
    lines = [
        f"scenes on LoCoMo dev: {report['sessions']} sessions, {report['turns']} turns, capacity {report['capacity']}, "
        f"embedded at {report['precision']}",
        "threshold  shifts/session  shifts/turn  sessions w/o shift  other conversation noticed",
    ]
    for r in report["rows"]:
        mark = " *" if r["configured"] else "  "
        lines.append(
            f"{r['threshold']:>8.2f}{mark} {r['shiftsPerSession']:>14.2f} {r['shiftsPerTurn']:>12.3f}"
            f" {r['sessionsWithoutShift']:>19.3f} {r['otherConversationNoticed']:>27.3f}"
        )
    lines.append("* the configured GRAPHMIND_SCENE_TOPIC_THRESHOLD")
    return "\n".join(lines)
