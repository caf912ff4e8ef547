"""The load bench (load.py, load_report.py): its ledger check and report on made-up runs, and a short real run
(own server subprocess on the test Neo4j, 2 agents, keys required) that cleans up after itself."""

import math
import os
import subprocess
import time

from graphmind.bench import load, load_report
from graphmind.bench.common import percentile

IMPORTED = time.monotonic()


def ledger() -> load_report.Ledger:
    return load_report.Ledger(
        memories={"m1": ("u", "note one"), "m2": ("u", "note two")},
        decisions={"d1": ("u", "decision one")},
        outcomes={"o1": ("u", "d1")},
    )


def test_verify_passes_when_every_acknowledged_write_is_stored_once():
    result = load_report.verify(
        ledger(),
        [{"id": "m1", "userId": "u", "content": "note one"}, {"id": "m2", "userId": "u", "content": "note two"}],
        [{"id": "d1", "userId": "u", "summary": "decision one"}],
        [{"id": "o1", "userId": "u", "traceId": "d1"}],
    )
    assert result["ok"] and result["memories"] == {
        "acknowledged": 2,
        "lost": 0,
        "altered": 0,
        "duplicated": 0,
        "unacknowledged_stored": 0,
    }


def test_verify_finds_lost_altered_duplicated_and_unacknowledged_writes():
    result = load_report.verify(
        ledger(),
        [
            {"id": "m1", "userId": "u", "content": "note one"},
            {"id": "m9", "userId": "u", "content": "note one"},  # a retry that wrote again
            {"id": "m8", "userId": "u", "content": "note eight"},
        ],  # never acknowledged
        [{"id": "d1", "userId": "v", "summary": "decision one"}],  # another owner
        [{"id": "o1", "userId": "u", "traceId": "d1"}, {"id": "o2", "userId": "u", "traceId": "d1"}],
    )
    assert not result["ok"]
    assert result["memories"] == {
        "acknowledged": 2,
        "lost": 1,
        "altered": 0,
        "duplicated": 1,
        "unacknowledged_stored": 2,
    }
    assert result["decisions"]["altered"] == 1
    assert result["outcomes"]["duplicated"] == 1  # two outcomes for one decision
    assert (result["lost"], result["altered"], result["duplicated"]) == (1, 1, 2)


def made_up_run() -> load.Run:
    run = load.Run(load.Config(agents=2, seconds=60, kill_neo4j_at=20))
    run.duration = 61.0
    run.calls = [
        load_report.Call(1.0, 1.05, 0, "recall", "ok", 200),
        load_report.Call(2.0, 2.2, 1, "remember", "ok", 200),
        load_report.Call(21.0, 24.0, 0, "remember", "UNAVAILABLE", 200),
        load_report.Call(25.0, 25.1, 1, "recall", "UNAVAILABLE", 503),
        load_report.Call(50.0, 50.1, 1, "decide", "INTERNAL", 200),  # after recovery: a server error
        load_report.Call(40.0, 41.0, 0, "remember", "ok", 200),
        load_report.Call(44.0, 45.0, 1, "remember", "ok", 200),
    ]
    run.ledger.acks = [(2.2, 1), (41.0, 0), (45.0, 1)]
    return run


def test_the_report_times_the_recovery_and_splits_outage_errors_from_server_errors():
    verification = load_report.verify(load_report.Ledger(), [], [], [])
    report = load_report.report(
        made_up_run(), "http://x", {"issued_s": 20.0, "down_s": 26.0, "bolt_up_s": 38.0}, {"recall": 3.5}, verification
    )
    restart = report["restart"]
    assert (restart["first_ack_s"], restart["recovery_s"], restart["after_bolt_s"]) == (41.0, 21.0, 3.0)
    assert restart["all_agents_s"] == 45.0
    assert restart["errors_by_code"] == {"UNAVAILABLE": 2} and restart["errors_by_status"] == {"200": 1, "503": 1}
    assert report["errors"]["server_errors"] == 1 and report["errors"]["server_errors_by_code"] == {"200 INTERNAL": 1}
    assert report["operations"] == 4 and report["latency_ms"]["recall"]["server_mean"] == 3.5
    assert math.isclose(report["latency_ms"]["remember"]["p95"], percentile([200.0, 1000.0, 1000.0], 95))
    text = load_report.format_report(report)
    assert "recovery 21.0 s from the restart command (3.0 s after Bolt was back)" in text
    assert "every agent acknowledged again at 45.0 s" in text
    assert "recovery 21.0 s ≤ 30: met" in text and "5xx 0: MISSED" in text


def test_the_report_gives_recalls_p95_minute_by_minute():
    run = load.Run(load.Config(agents=1, seconds=130))
    run.duration = 130.0
    run.calls = [
        *(load_report.Call(t, t + 0.3, 0, "recall", "ok", 200) for t in (1.0, 2.0)),  # minute 0: slow
        *(load_report.Call(t, t + 0.02, 0, "recall", "ok", 200) for t in (61.0, 62.0, 70.0)),
        load_report.Call(63.0, 64.0, 0, "recall", "UNAVAILABLE", 503),  # failures are not latencies
        load_report.Call(65.0, 66.0, 0, "remember", "ok", 200),  # nor other operations
        load_report.Call(125.0, 125.05, 0, "recall", "ok", 200),
    ]
    report = load_report.report(run, "http://x", None, {}, load_report.verify(load_report.Ledger(), [], [], []))
    by_minute = report["timeline"]["recall_p95_ms_by_minute"]
    assert list(by_minute) == [0, 1, 2]
    assert [round(ms) for ms in by_minute.values()] == [300, 20, 50]
    assert "recall p95 by minute of the run: 0: 300, 1: 20, 2: 50" in load_report.format_report(report)


def test_a_process_age_is_counted_from_its_start():
    child = subprocess.Popen(["sleep", "30"])
    try:
        time.sleep(0.5)
        age = load.process_age(child.pid)
        assert age is not None and 0.3 <= age < 5  # read from its start, not the machine's
    finally:
        child.kill()
        child.wait()
    assert (load.process_age(os.getpid()) or 0) >= time.monotonic() - IMPORTED  # this process: older than this module
    assert load.process_age(2**22 + 1) is None  # beyond Linux's pid range: no such process


def test_the_report_says_how_long_neo4j_had_run_and_worked():
    run = load.Run(load.Config(agents=1, seconds=10))
    run.duration = 10.0
    run.calls = [load_report.Call(1.0, 1.02, 0, "recall", "ok", 200)]
    run.neo4j_before = {"up_s": 45.4, "cpu_s": 80.2}
    verification = load_report.verify(load_report.Ledger(), [], [], [])
    report = load_report.report(run, "http://x", None, {}, verification)
    assert report["machine"]["neo4j_before"] == {"up_s": 45.4, "cpu_s": 80.2}
    assert "Neo4j at the start: up 45 s, 80 s of CPU used" in load_report.format_report(report)
    run.neo4j_before = {"up_s": None, "cpu_s": None}  # a Neo4j that `graphmind neo4j` does not run
    report = load_report.report(run, "http://x", None, {}, verification)
    assert "Neo4j at the start: - (not the Neo4j that `graphmind neo4j` runs)" in load_report.format_report(report)


def test_a_warm_up_decision_never_reads_like_one_of_the_run():
    run = load.Run(load.Config(agents=1, seconds=1), run_id="r1")
    warm = load.Run(load.Config(agents=1, seconds=1), run_id="r1w")
    words = (3, "ship", "the search API", "after the library upgrade")
    summaries = {load.Agent(0, "u", None, r).decision_summary(*words) for r in (run, warm)}  # type: ignore[arg-type]
    assert len(summaries) == 2


async def test_a_short_run_against_its_own_server_verifies_and_cleans_up(db, settings):
    report = await load.run(load.Config(agents=2, seconds=4, think_ms=50, warmup_seconds=0), settings)
    assert report["verification"]["ok"], report["verification"]
    assert report["errors"]["server_errors"] == 0
    assert report["ledger"]["memories"] >= 2 and report["latency_ms"]["remember"]["n"] >= 2
    assert report["verification"]["memories"]["acknowledged"] == report["ledger"]["memories"]
    assert "verified: OK" in load_report.format_report(report)
    [left] = await db.read("user.remaining", userId=f"load-{report['run']}-0")
    assert left["count"] == 0
    assert not await db.read("keys.list", userId=f"load-{report['run']}-1")
