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
"per-user queries start from the user's index; a Neo4j restart under load"). The 22
queries of one round of the loop are planned here with the parameters they are sent, too."""

import re

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
    "system.embedding_space": "start-up: whether the store holds any memory (stops at the first)",
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


async def test_the_loops_queries_planned_with_the_parameters_they_are_sent_scan_nothing(deps, user_id, monkeypatch):
    """The test above plans with null parameters; the service sends strings, lists and maps,
    and Neo4j plans each set of parameter types apart. One round of the loop as the warm-up
    runs it (remember, a session's turns, recall, decide, observeOutcome, learn, activate)
    records each query's parameters as they are sent; each query is then planned with them."""
    import random

    from graphmind import warmup
    from graphmind.db import database
    from graphmind.db.queries import Query
    from graphmind.security.userdata import delete_user_data

    sent: dict[str, dict] = {}
    bind = Query.bind

    def recorded(self, params):
        sent[self.name] = bound = bind(self, params)
        return bound

    monkeypatch.setattr(Query, "bind", recorded)
    try:
        await warmup.run_round(deps, user_id, random.Random(7), 1)
    finally:
        monkeypatch.undo()
        await delete_user_data(deps, user_id)
    scanning = {}
    for name, bound in sent.items():
        if name.startswith(NOT_PLANNED) or name in SCANS_ALLOWED.keys() | SYSTEM_DATABASE_QUERIES:
            continue
        text = deps.db.library[name].text
        _, summary, _ = await deps.db.driver.execute_query(
            "EXPLAIN " + text, database.parameters(bound), database_=deps.db.name
        )
        if found := scans(summary.plan):
            scanning[name] = found
    assert scanning == {}
    assert {"memory.create_memories", "memory.rank", "decisions.create", "outcomes.record"} <= sent.keys()


def test_every_query_allowed_to_scan_exists(library):
    assert set(SCANS_ALLOWED) - {query.name for query in library} == set()


# A node looked up by its unique key from a variable (an unwound id, a row's field) beside
# its owner: `MATCH (m:Memory {id: x}) WHERE m.userId = $userId`, or an Entity by
# `{userId: $userId, key: x}`. Both the unique index and the `userId` index can answer it,
# and which one the planner takes follows the store's statistics: on a store of one user,
# or with a plan made on a near-empty store (kept up to 10 minutes: docs/architecture.md,
# "Query plans"), it read the user's whole `userId` index and joined, instead of one seek a
# key (decide's `influences` 86 ms instead of 1.5 ms at 10k memories; recall's keyword and
# graph candidates 16 ms instead of 6). Such a lookup names the unique index, and every
# hint says SEEK: with `USING INDEX` alone Neo4j met it with a scan of the whole index.
UNHINTED_KEY_LOOKUP = re.compile(
    r"MATCH \((\w+):(\w+) \{id: [a-z][\w.]*\}\)\s*WHERE \1\.userId"
    r"|MATCH \((\w+):Entity \{userId: \$userId, key: [a-z][\w.]*\}\)(?! USING INDEX)"
    r"|USING INDEX (?!SEEK )\w+:\w+\([^)]*\)"
)


def test_a_node_looked_up_by_its_unique_key_from_a_variable_beside_its_owner_names_the_keys_index(library):
    unhinted = {
        query.name: match.group(0)
        for query in library
        if not query.name.startswith((*NOT_PLANNED, "bench.")) and (match := UNHINTED_KEY_LOOKUP.search(query.text))
    }
    assert unhinted == {}


NOTES = (
    "Ada keeps her bicycle in the hallway.",
    "The team retro moved to Thursday afternoons.",
    "Bruno is allergic to peanuts and shellfish.",
    "Our staging database runs Postgres 16.",
    "Chen prefers tea over coffee in the morning.",
    "The office wifi password changes every quarter.",
    "Dara plays bass in a jazz trio on weekends.",
    "The invoice service is written in Go.",
    "Eli's flight to Lisbon leaves at seven.",
    "Quarterly planning starts the second week of January.",
    "Fatima grows basil and mint on her balcony.",
    "The CI pipeline caches pip wheels between runs.",
    "Gus adopted a grey cat named Pixel.",
    "Backups of the file server run nightly at two.",
    "Hana is learning Korean with an evening class.",
    "The marketing site is hosted on a static CDN.",
    "Ivan ran the Berlin marathon last autumn.",
    "Support tickets are triaged every morning at nine.",
    "Jade's favourite author is Ursula Le Guin.",
    "The mobile app supports offline mode since version three.",
)


def index_rows(plan) -> int:
    """Rows that the plan's index seeks and scans produced, summed over the plan."""
    operator = plan["operatorType"].split("@")[0]
    own = plan.get("rows", 0) if "Index" in operator and ("Seek" in operator or "Scan" in operator) else 0
    return own + sum(index_rows(child) for child in plan.get("children", []))


async def test_a_page_reads_about_its_own_size_not_the_users_whole_history(timed, clock, user_id, monkeypatch):
    """A page of memories, of decisions and of events is read from an index in the index's
    own order, from the cursor: about the page's size of index entries, not every one of the
    user's (each page had read and sorted all of them: quadratic over a walk). The hints
    name the index; whether the planner takes its order (and the events page, which has no
    hint, its index at all) is what this catches."""
    from graphmind.db import database
    from graphmind.learning import decisions, traces
    from graphmind.learning.event_log import events_after
    from graphmind.memory import manage
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    for note in NOTES:
        clock.advance(seconds=10)
        [stored] = await remember_many(timed, user_id, [parse_memory_input({"content": note})])
        await decisions.decide(
            timed,
            user_id,
            decisions.DecisionDraft(
                decisions.DecisionType.ACTION, f"Act on: {note}", memories=[decisions.Contribution(stored.memory.id, 1)]
            ),
        )
    profiled: dict[str, int] = {}
    execute = database.Database._execute

    async def profile(self, name, params, mode):
        rows = await execute(self, name, params, mode)
        if name in ("memory.list", "decisions.list", "events.page"):
            query = self.library[name]
            _, summary, _ = await self.driver.execute_query(
                "PROFILE " + query.text, database.parameters(query.bind(params)), database_=self.name
            )
            profiled[name] = index_rows(summary.profile)
        return rows

    monkeypatch.setattr(database.Database, "_execute", profile)
    first = await manage.list_memories(timed, user_id, None, 3, None)
    await manage.list_memories(timed, user_id, None, 3, first.end_cursor)
    # a page of 3 and one to tell whether more follow, read from the cursor (its own entry
    # too) and again from their bound: 10; every memory of the user is 20
    assert profiled["memory.list"] <= 12
    page = await traces.list_decisions(timed, user_id, None, 3, None)
    await traces.list_decisions(timed, user_id, None, 3, page.end_cursor)
    assert profiled["decisions.list"] <= 12
    await events_after(timed, user_id, 5, None, 3)
    assert profiled["events.page"] <= 5  # every event after seq 5: 35
