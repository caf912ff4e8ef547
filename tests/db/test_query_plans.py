"""Every query of the library, and every saved Browser query, starts from the nodes it names:
planned by Neo4j (EXPLAIN, every parameter null), none scans all nodes, a label, a
relationship type or a whole index, so that one user's request costs the same however many
other users the store holds. Only the queries below, which work across users or on the
system's own few records, may scan (some do only on some stores); each says why.

The planner's choice depends on the store's statistics. These plans were compared on an empty
store, this test database and the bench store of 153,676 nodes: only queries listed here
differed (2026-11-28)."""

from graphmind.browser import load_favorites
from graphmind.settings import PROJECT_ROOT

BROWSER = PROJECT_ROOT / "cypher" / "browser"  # saved Neo4j Browser queries (docs/neo4j-browser.md)

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
    "improvement.cycles": "the worker's cycles, newest first from the startedAt index; stops after `last`",
    "improvement.scan": "self-improvement worker across users",
    "improvement.set_breaker": "the self-improvement worker's one control node",
    "improvement.set_kill_switch": "the self-improvement worker's one control node",
    "improvement.set_schedule": "the self-improvement worker's one control node",
    "improvement.set_sweep": "the self-improvement worker's one control node",
    "keys.active_count": "admin: API keys are few",
    "keys.active_ids": "admin: API keys are few",
    "keys.list": "admin: API keys are few",
    "keys.revoke": "admin: API keys are few",
    "memory.label_improved": "migration, once",
    "memory.terms_missing": "`graphmind backfill`, across users",
    "ratelimit.expire": "housekeeping across buckets",
    "sharing.charge": "opted-in users, across users by design",
    "sharing.shared_page": "the shared catalogue, across users by design",
    "sharing.sharers": "opted-in users, across users by design",
    "system.memory_status_counts": "the /metrics gauge of every user's memories",
}

BROWSER_SCANS_ALLOWED = {"browser.users": "lists every user, by design"}

NOT_PLANNED = ("schema.", "testing.")  # migrations; the tests' own helpers


def scans(plan: dict) -> list[str]:
    """The plan's scan operators with what they read, e.g. "NodeByLabelScan m:Memory"."""
    found = (
        [f"{plan['operatorType'].split('@')[0]} {plan['args'].get('Details', '')}"]
        if "Scan" in plan["operatorType"]
        else []
    )
    return found + [scan for child in plan.get("children", []) for scan in scans(child)]


def explained(text: str) -> str:
    """EXPLAIN goes after a query's CYPHER version, if it has one."""
    version = "CYPHER 25"
    return text.replace(version, f"{version} EXPLAIN", 1) if text.startswith(version) else f"EXPLAIN {text}"


async def test_no_query_outside_the_list_scans(db, library):
    planned, scanning = 0, {}
    for query in library:
        if query.name.startswith(NOT_PLANNED) or query.name in SCANS_ALLOWED:
            continue
        _, summary, _ = await db.driver.execute_query(
            explained(query.text), dict.fromkeys(query.params), database_=db.name
        )
        planned += 1
        if found := scans(summary.plan):
            scanning[query.name] = found
    assert scanning == {}
    assert planned > 100


async def test_no_saved_browser_query_outside_the_list_scans(db):
    scanning = {}
    for favorite in load_favorites(BROWSER):
        if favorite.query.name in BROWSER_SCANS_ALLOWED:
            continue
        params = dict.fromkeys(favorite.query.params)
        _, summary, _ = await db.driver.execute_query(explained(favorite.query.text), params, database_=db.name)
        if found := scans(summary.plan):
            scanning[favorite.query.name] = found
    assert scanning == {}


def test_every_query_allowed_to_scan_exists(library):
    names = {query.name for query in library}
    assert set(SCANS_ALLOWED) - names == set()
    assert set(BROWSER_SCANS_ALLOWED) - {f.query.name for f in load_favorites(BROWSER)} == set()
