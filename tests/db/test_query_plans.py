"""Every query of the library starts from the nodes it names: planned by Neo4j (EXPLAIN,
every parameter null), none scans all nodes, a label, a relationship type or a whole index,
so none reads other users' data by a scan. Only the queries below, which work across users
or on the system's own few records, may scan (some do only on some stores, or only when
planned with null parameters); each says why. tests/test_browser.py checks the saved
Browser queries the same way.

The planner's choice depends on the store's statistics, which the other tests change, and
on the parameters' types, so the service's plans can differ from these. Planned on an empty
store, this test database and the bench store of 153,676 nodes, with null parameters and
with those the test suite binds, no query outside the list scanned (docs/benchmarks.md,
"per-user queries start from the user's index; a Neo4j restart under load")."""

from tests.db.test_database import SYSTEM_DATABASE_QUERIES

SCANS_ALLOWED = {
    "bench.delete_tenant_memories": "bench cleanup of a run's tenants",
    "events.salience_adjustments": "`graphmind replay`, of one user or all",
    "events.stored_adjustments": "`graphmind replay`, every memory's stored adjustments",
    "experiments.start": "numbers the experiment after the few recorded so far",
    "gardener.consolidation_due": "gardener job across users",
    "gardener.high_performers": "gardener job across users",
    "gardener.idle_scenes": "gardener job across users",
    "gardener.job_list": "the gardener's few jobs",
    "gardener.promotion_candidates": "gardener job across users",
    "improvement.control": "the self-improvement worker's one control node",
    "improvement.cycles": "the worker's cycles (one per run, for all users), newest first from the startedAt index",
    "improvement.scan": "self-improvement worker across users",
    "improvement.set_breaker": "the self-improvement worker's one control node",
    "improvement.set_kill_switch": "the self-improvement worker's one control node",
    "improvement.set_schedule": "the self-improvement worker's one control node",
    "improvement.set_sweep": "the self-improvement worker's one control node",
    "keys.active_count": "admin: API keys are few",
    "keys.active_ids": "admin: API keys are few",
    "keys.list": "admin: API keys are few",
    "keys.revoke": "admin: API keys are few",
    "memory.label_improved": "start-up migration (db/migrations.py), across users",
    "memory.terms_missing": "start-up migration (db/migrations.py): memories without keyword terms, across users",
    "ratelimit.expire": "housekeeping across buckets",
    "sharing.charge": "with null charges it may scan opted-in users; with a list it seeks each user by id",
    "sharing.shared_page": "the shared catalogue, across users by design",
    "sharing.sharers": "opted-in users, across users by design",
    "system.memory_status_counts": "the /metrics gauge of every user's memories",
}

NOT_PLANNED = ("schema.", "testing.")  # migrations; the tests' own helpers


def scans(plan: dict) -> list[str]:
    """The plan's scan operators with what they read, e.g. "NodeByLabelScan m:Memory"."""
    operator = plan["operatorType"].split("@")[0]
    found = [f"{operator} {plan['args'].get('Details', '')}"] if "Scan" in operator else []
    return found + [scan for child in plan.get("children", []) for scan in scans(child)]


async def test_no_query_outside_the_list_scans(db, library):
    checked = [
        query
        for query in library
        if not query.name.startswith(NOT_PLANNED) and query.name not in SCANS_ALLOWED.keys() | SYSTEM_DATABASE_QUERIES
    ]
    scanning = {}
    for query in checked:
        params = dict.fromkeys(query.params)
        _, summary, _ = await db.driver.execute_query("EXPLAIN " + query.text, params, database_=db.name)
        if found := scans(summary.plan):
            scanning[query.name] = found
    assert scanning == {}
    assert len(checked) > 100


def test_every_query_allowed_to_scan_exists(library):
    assert set(SCANS_ALLOWED) - {query.name for query in library} == set()
