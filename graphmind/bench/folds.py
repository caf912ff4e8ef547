"""Two fixed folds of a dev set (issue 20): a constant is chosen on one fold and reported on
the other, and kept only when it helps on both. The split depends only on the ids: sorted,
the first half (rounded up) is fold A, the rest fold B, so it is the same on every run."""

import math
from collections.abc import Iterable, Sequence

FOLDS = ("A", "B")


def split(ids: Iterable[str]) -> dict[str, str]:
    """id → "A" or "B"."""
    ordered = sorted(set(ids))
    first = (len(ordered) + 1) // 2
    return {item: FOLDS[0] if n < first else FOLDS[1] for n, item in enumerate(ordered)}


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def table(
    folds: dict, metrics: Sequence[str], modes: Sequence[str] = ("hybrid", "vector", "keyword", "rrf")
) -> list[str]:
    """Lines of a per-fold table: each metric per mode, hybrid's margin over the best
    baseline (one channel or plain fusion), and the spread between the folds. `folds`: fold → {"members", "questions",
    "recall": mode → metric → value}."""
    lines = [f"{'fold':4} {'metric':16} " + " ".join(f"{m:>8}" for m in modes) + "  hybrid−best"]
    for fold, part in folds.items():
        for metric in metrics:
            values = [part["recall"].get(mode, {}).get(metric, float("nan")) for mode in modes]
            baselines = [v for v in values[1:] if not math.isnan(v)]
            margin = values[0] - max(baselines) if baselines else float("nan")
            lines.append(f"{fold:4} {metric:16} " + " ".join(f"{v:8.3f}" for v in values) + f"  {margin * 100:+6.1f}")
    for metric in metrics:
        hybrid = [part["recall"].get("hybrid", {}).get(metric, float("nan")) for part in folds.values()]
        lines.append(f"spread of hybrid {metric}: {abs(max(hybrid) - min(hybrid)) * 100:.1f} points")
    for fold, part in folds.items():
        lines.append(f"fold {fold}: {part['questions']} questions of {', '.join(part['members'])}")
    return lines
