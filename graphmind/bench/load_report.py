"""The load bench's records and what they prove: the ledger of acknowledged writes, every
call made, the check against Neo4j, and the report (docs/benchmarks.md, "Load and faults")."""

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from graphmind.bench.common import percentile

if TYPE_CHECKING:
    from graphmind.bench.load import Run

OPERATIONS = ("remember", "recall", "decide", "observeOutcome", "learn", "activate")


@dataclass
class Ledger:
    """Acknowledged writes, and the ones still unacknowledged when the run ended."""

    memories: dict[str, tuple[str, str]] = field(default_factory=dict)  # id → (user, content)
    deduplicated: int = 0  # remember answered with an existing memory (duplicateOf)
    decisions: dict[str, tuple[str, str]] = field(default_factory=dict)  # traceId → (user, summary)
    outcomes: dict[str, tuple[str, str]] = field(default_factory=dict)  # outcomeId → (user, traceId)
    acks: list[tuple[float, int]] = field(default_factory=list)  # (seconds into the run, agent)
    unacknowledged: list[str] = field(default_factory=list)  # requestIds
    rejected: int = 0  # writes refused for good (an error that is not retried)


class Call(NamedTuple):
    start: float  # seconds into the run
    end: float
    agent: int
    op: str
    code: str  # "ok", an extensions.code, "HTTP <status>", TIMEOUT or TRANSPORT
    status: int | None  # HTTP status (None: no response)

    @property
    def ms(self) -> float:
        """How long the call took, in milliseconds."""
        return 1000 * (self.end - self.start)


def verify(ledger: Ledger, memories: list[dict], decisions: list[dict], outcomes: list[dict]) -> dict:
    """The acknowledged writes against what Neo4j holds for the run's users (rows: id, userId
    and content, summary or traceId): lost, altered, stored twice, stored unacknowledged."""

    def check(acknowledged: dict[str, tuple[str, str]], rows: list[dict], value: str) -> dict:
        stored = {r["id"]: (r["userId"], r[value]) for r in rows}
        copies = list(Counter(r["id"] for r in rows).values()) + list(Counter(stored.values()).values())
        return {
            "acknowledged": len(acknowledged),
            "lost": sum(i not in stored for i in acknowledged),
            "altered": sum(i in stored and stored[i] != v for i, v in acknowledged.items()),
            "duplicated": sum(n - 1 for n in copies),
            "unacknowledged_stored": len(stored.keys() - acknowledged),
        }

    result = {
        "memories": check(ledger.memories, memories, "content"),
        "decisions": check(ledger.decisions, decisions, "summary"),
        "outcomes": check(ledger.outcomes, outcomes, "traceId"),
    }
    totals = {k: sum(r[k] for r in result.values()) for k in ("lost", "altered", "duplicated")}
    return result | totals | {"ok": not any(totals.values())}


def report(bench: "Run", url: str, outage: dict | None, means: dict, verification: dict) -> dict:
    calls, ledger, config = bench.calls, bench.ledger, bench.config
    ok = [c for c in calls if c.code == "ok"]
    errors = [c for c in calls if c.code != "ok"]
    window = (float("inf"), float("inf"))
    if outage:
        after = sorted((t, agent) for t, agent in ledger.acks if t > outage["down_s"])
        first = after[0][0] if after else None
        firsts = {agent: t for t, agent in reversed(after)}  # each agent's first
        window = (outage["issued_s"], first or float("inf"))
        during = [c for c in errors if window[0] <= c.end <= window[1]]
        outage |= {
            "first_ack_s": first,
            "recovery_s": first - outage["issued_s"] if first else None,
            "after_bolt_s": first - outage["bolt_up_s"] if first else None,
            "all_agents_s": max(firsts.values()) if len(firsts) == config.agents else None,
            "errors_by_code": dict(Counter(c.code for c in during)),
            "errors_by_status": {str(k): v for k, v in Counter(c.status for c in during if c.status).items()},
            "calls": [c for c in calls if c.end >= window[0] - 5 and c.start <= window[1] + 5],
        }
    server_errors = [
        c for c in errors if ((c.status or 0) >= 500 or c.code == "INTERNAL") and not window[0] <= c.end <= window[1]
    ]
    return {
        "run": bench.id,
        "url": url,
        "agents": config.agents,
        "seconds": config.seconds,
        "think_ms": config.think_ms,
        "warmup_s": config.warmup_seconds,
        "duration_s": bench.duration,
        "machine": {
            "cpus": os.cpu_count(),
            "load_average_start": bench.load_start,
            "load_average": os.getloadavg(),
            "cpu_seconds": bench.cpu,
            "neo4j_before": bench.neo4j_before,
        },
        "operations": len(ok),
        "per_second": len(ok) / bench.duration,
        "latency_ms": {
            op: {
                "n": len(ms),
                **{p: percentile(ms, float(p[1:])) for p in ("p50", "p95", "p99")},
                "server_mean": means.get(op),
            }
            for op in OPERATIONS
            for ms in [[c.ms for c in ok if c.op == op]]
        },
        "errors": {
            "total": len(errors),
            "rejected_writes": ledger.rejected,
            "by_code": dict(Counter(c.code for c in errors)),
            "by_status": {str(k): v for k, v in Counter(c.status for c in errors if c.status).items()},
            "by_operation": dict(Counter(c.op for c in errors)),
            "server_errors": len(server_errors),  # outside a restart's outage
            "server_errors_by_code": dict(Counter(f"{c.status} {c.code}" for c in server_errors)),
        },
        "ledger": {
            "memories": len(ledger.memories),
            "deduplicated": ledger.deduplicated,
            "decisions": len(ledger.decisions),
            "outcomes": len(ledger.outcomes),
            "unacknowledged": len(ledger.unacknowledged),
        },
        "verification": verification,
        "restart": outage,
        "timeline": {
            "bucket_s": 10,
            "ok": Counter(int(c.end // 10) * 10 for c in ok),
            "errors": Counter(int(c.end // 10) * 10 for c in errors),
            # where the tail sits: warm-up, a restart, or all along
            "recall_p95_ms_by_minute": {
                minute: percentile(ms, 95.0) for minute, ms in sorted(_recall_ms_by_minute(ok).items())
            },
        },
    }


def _recall_ms_by_minute(ok: list[Call]) -> dict[int, list[float]]:
    """Each successful recall's latency (ms), by the minute of the run it ended in."""
    by_minute: dict[int, list[float]] = {}
    for c in ok:
        if c.op == "recall":
            by_minute.setdefault(int(c.end // 60), []).append(c.ms)
    return by_minute


def _neo4j_warmth(before: dict) -> str:
    """How long Neo4j had run, and worked, when the run began: its JIT compiles the hot code
    in the first minutes of load after a start, and those minutes are slower
    (docs/benchmarks.md)."""
    up, cpu = before.get("up_s"), before.get("cpu_s")
    if up is None or cpu is None:
        return "Neo4j at the start: - (not the Neo4j that `graphmind neo4j` runs)"
    return f"Neo4j at the start: up {up:.0f} s, {cpu:.0f} s of CPU used (a JVM is slower until its JIT has compiled the hot code)"


def format_report(r: dict) -> str:
    e, v, led = r["errors"], r["verification"], r["ledger"]
    lines = [
        f"load bench: {r['agents']} agents × {r['seconds']:.0f} s after {r['warmup_s']:.0f} s of warm-up, "
        f"think {r['think_ms']:.0f} ms (mean) before each call",
        f"server {r['url']}",
        f"machine: {r['machine']['cpus']} CPU cores shared with other work (1-min load average "
        f"{r['machine']['load_average_start'][0]:.1f} at the start, {r['machine']['load_average'][0]:.1f} at the end); "
        "server, Neo4j and agents on the same cores",
        _neo4j_warmth(r["machine"].get("neo4j_before") or {}),
        "CPU used meanwhile: "
        + (
            ", ".join(
                f"{name} {s:.0f} s ({s / r['duration_s']:.2f} cores)" if s is not None else f"{name} -"
                for name, s in r["machine"]["cpu_seconds"].items()
            )
            or "-"
        ),
        f"{r['operations']} operations in {r['duration_s']:.1f} s = {r['per_second']:.1f}/s",
        f"{'operation':<15}{'n':>7}{'p50':>9}{'p95':>9}{'p99':>9}{'server mean':>13}  (ms, successful calls)",
    ]
    for op, ms in r["latency_ms"].items():
        mean = f"{ms['server_mean']:.1f}" if ms["server_mean"] is not None else "-"
        lines.append(f"{op:<15}{ms['n']:>7}{ms['p50']:>9.1f}{ms['p95']:>9.1f}{ms['p99']:>9.1f}{mean:>13}")
    if by_minute := r["timeline"].get("recall_p95_ms_by_minute"):
        lines.append(
            "recall p95 by minute of the run: " + ", ".join(f"{int(m)}: {ms:.0f}" for m, ms in by_minute.items())
        )
    lines.append(
        f"errors {e['total']} (writes refused for good {e['rejected_writes']}): "
        f"by code {e['by_code'] or '{}'}, by HTTP status {e['by_status'] or '{}'}; "
        f"server errors (5xx or INTERNAL{', outside the outage' if r['restart'] else ''}) "
        f"{e['server_errors']} {e['server_errors_by_code'] or ''}".rstrip()
    )
    lines.append(
        f"acknowledged: {led['memories']} memories ({led['deduplicated']} answered as duplicates), "
        f"{led['decisions']} decisions, {led['outcomes']} outcomes; "
        f"{led['unacknowledged']} writes unacknowledged at the end"
    )
    for kind in ("memories", "decisions", "outcomes"):
        c = v[kind]
        lines.append(
            f"  {kind:<10} in Neo4j: {c['acknowledged'] - c['lost']}/{c['acknowledged']} found, "
            f"{c['lost']} lost, {c['altered']} altered, {c['duplicated']} duplicated, "
            f"{c['unacknowledged_stored']} stored without an acknowledgement"
        )
    lines.append(
        f"verified: {'OK' if v['ok'] else 'FAILED'}: {v['lost']} acknowledged writes lost, "
        f"{v['altered']} altered, {v['duplicated']} duplicated"
    )
    if o := r["restart"]:
        first = f"{o['first_ack_s']:.1f} s" if o["first_ack_s"] is not None else "never"
        lines.append(
            f"Neo4j restart at {o['issued_s']:.1f} s: down at {o['down_s']:.1f} s, Bolt back at "
            f"{o['bolt_up_s']:.1f} s, first acknowledged write at {first}"
        )
        if o["recovery_s"] is not None:
            every = f"{o['all_agents_s']:.1f} s" if o["all_agents_s"] is not None else "never"
            lines.append(
                f"  recovery {o['recovery_s']:.1f} s from the restart command "
                f"({o['after_bolt_s']:.1f} s after Bolt was back); every agent acknowledged again at {every}"
            )
            lines.append(
                f"  errors meanwhile: by code {o['errors_by_code']}, by HTTP status {o['errors_by_status'] or '{}'}"
            )
    recall = r["latency_ms"]["recall"]["p95"]
    targets = [
        f"lost/duplicated 0: {'met' if v['ok'] else 'MISSED'}",
        f"5xx 0: {'met' if not e['server_errors'] else 'MISSED'}",
        f"p95 recall {recall:.0f} ms ≤ 100: {'met' if recall <= 100 else 'MISSED'}",
    ]
    if o and o["recovery_s"] is not None:
        targets.append(f"recovery {o['recovery_s']:.1f} s ≤ 30: {'met' if o['recovery_s'] <= 30 else 'MISSED'}")
    lines.append("targets: " + "; ".join(targets))
    return "\n".join(lines)
