"""The saved Browser queries (cypher/browser/), their favorites file and the graph style.

QueryLibrary skips cypher/browser/, so tests/db does not EXPLAIN these: this file
checks their headers, EXPLAINs each (no scan but the list of users: as
tests/db/test_query_plans.py for the library), and runs each on a small graph of one user.
"""

import asyncio
import zipfile
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from click.testing import CliRunner

from graphmind import trails
from graphmind.associative.drift import take_snapshot
from graphmind.browser import FOLDER, STYLE_FILE, load_favorites, write_favorites
from graphmind.cli import cli
from graphmind.core import edges
from graphmind.core.clock import FixedClock
from graphmind.errors import CypherLibraryError
from graphmind.learning import decisions, outcomes
from graphmind.sessions import journal, promotion
from graphmind.sessions.model import EntryKind
from graphmind.settings import PROJECT_ROOT
from tests.db.test_query_plans import scans

BROWSER = PROJECT_ROOT / "cypher" / "browser"
EXPECTED = {
    "users",
    "start_here",
    "user_graph",
    "decision_trace",
    "top_performers",
    "association_neighbourhood",
    "trail",
    "snapshots",
    "snapshot_drift",
    "session",
    "self_improved",
    "memory_story",
}


def test_every_saved_query_is_a_read_with_declared_params():
    favorites = load_favorites(BROWSER)
    assert {f.query.name.removeprefix("browser.") for f in favorites} == EXPECTED
    for favorite in favorites:
        assert favorite.query.is_read and "name" not in favorite.query.params
        if favorite.query.params:
            assert "userId" in favorite.query.params or favorite.query.name == "browser.users"
            assert favorite.comments and ":param userId" in favorite.comments[0], favorite.query.name


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "// name: q\n// Writes.\n// mode: write\n// params: userId\nMATCH (m {userId: $userId}) SET m.x = 1\n",
            "read",
        ),
        ("// name: q\n// By name.\n// mode: read\n// params: name\nMATCH (m {name: $name}) RETURN m\n", "name"),
        ("// name: other\n// Wrong name.\n// mode: read\n// params:\nRETURN 1\n", "header"),
    ],
)
def test_a_bad_saved_query_is_refused(tmp_path, text, reason):
    (tmp_path / "q.cypher").write_text(text)
    with pytest.raises(CypherLibraryError, match=reason):
        load_favorites(tmp_path)


def test_the_favorites_zip_is_what_browser_imports(tmp_path):
    favorites = load_favorites(BROWSER)
    out = write_favorites(favorites, tmp_path / "favorites.zip")
    with zipfile.ZipFile(out) as archive:
        names = archive.namelist()
        assert names == [f"{FOLDER}/{f.query.path.name}" for f in favorites]
        graph = archive.read(f"{FOLDER}/user_graph.cypher").decode()
    # Browser names a favorite after its first line when that is a // comment
    assert graph.splitlines()[0] == "// user graph"
    assert graph.splitlines()[1].startswith("// A user's memory graph")
    assert ':param userId => "alice"' in graph and graph.rstrip().endswith("RETURN item")
    again = write_favorites(favorites, tmp_path / "again.zip")
    assert again.read_bytes() == out.read_bytes()  # same queries, same bytes
    folder = write_favorites(favorites, tmp_path / "one-by-one")
    assert sorted(p.name for p in folder.iterdir()) == sorted(f.query.path.name for f in favorites)


def test_browser_favorites_and_style_commands(tmp_path):
    out = tmp_path / "fav.zip"
    made = CliRunner().invoke(cli, ["browser", "favorites", str(out)])
    assert made.exit_code == 0, made.output
    assert f"wrote {len(EXPECTED)} favorites to {out}" in made.stdout and zipfile.is_zipfile(out)
    style = CliRunner().invoke(cli, ["browser", "style"])
    assert style.exit_code == 0 and style.stdout == (BROWSER / STYLE_FILE).read_text()


def parse_grass(text: str) -> dict[str, dict[str, str]]:
    """Browser 5's GRASS reader (parseGrass): quotes are dropped and protect braces; a
    property whose text has a second ':' is dropped, so this one fails on it instead."""
    rules, selector, body, quoted, in_rule = {}, "", "", False, False
    for ch in text:
        if ch in "'\"":
            quoted = not quoted
        elif ch == "{" and not quoted:
            in_rule = True
        elif ch == "}" and not quoted:
            rules[selector], selector, body, in_rule = body, "", "", False
        elif in_rule:
            body += ch
        elif not ch.isspace():
            selector += ch
    parsed = {}
    for selector, body in rules.items():
        parsed[selector] = {}
        for part in filter(str.strip, body.split(";")):
            key, value = part.split(":")
            parsed[selector][key.strip()] = value.strip()
    return parsed


def test_the_style_captions_and_colours_every_label():
    text = (BROWSER / STYLE_FILE).read_text()
    assert "/*" not in text and "//" not in text  # Browser's reader has no comments
    rules = parse_grass(text)
    labels = {s.removeprefix("node.") for s in rules if s.startswith("node.")}
    cypher = " ".join(p.read_text() for p in (PROJECT_ROOT / "cypher").rglob("*.cypher"))
    assert labels >= {"Memory", "Entity", "Decision", "Outcome", "Trail", "Session", "Snapshot", "Hypothesis"}
    for label in labels:
        assert f":{label}" in cypher, label
        assert rules[f"node.{label}"]["color"].startswith("#") and rules[f"node.{label}"]["caption"]
    assert rules["node.Memory"]["caption"] == "{content}"
    assert rules["node.Entity"]["caption"] == "{name}"
    assert rules["node.Decision"]["caption"] == "{summary}"
    assert rules["node.Outcome"]["caption"] == "{signal} {quality}"
    assert rules["node.Trail"]["caption"] == "{label}"
    assert rules["node.Session"]["caption"] == "{goal}"
    assert rules["relationship.ASSOCIATED"]["caption"] == "{weight}"


async def test_every_saved_query_explains_on_real_neo4j_without_a_scan(db):
    scanning = {}
    for favorite in load_favorites(BROWSER):
        params = dict.fromkeys(favorite.query.params)
        _, summary, _ = await db.driver.execute_query("EXPLAIN " + favorite.query.text, params, database_=db.name)
        if (found := scans(summary.plan)) and favorite.query.name != "browser.users":  # lists every user
            scanning[favorite.query.name] = found
    assert scanning == {}


async def test_every_saved_query_runs_on_a_small_graph(remember, deps, user_id):
    ids = [
        (await remember(text, baseSalience=0.6, temporalLevel=2)).memory.id
        for text in (
            "Use Redis with a short TTL for the API cache",
            "Invalidate cached API responses on every write",
            "Postgres is the system of record for orders",
        )
    ]
    clock = FixedClock(datetime.now(UTC) + timedelta(minutes=1))
    timed = replace(deps, clock=clock)
    first = await take_snapshot(timed, user_id, "before")
    clock.advance(minutes=1)
    changes = [edges.change(ids[0], ids[1], 0.4, True), edges.change(ids[1], ids[2], 0.2, True)]
    await deps.db.transaction(lambda tx: edges.adjust(tx, user_id, clock.now(), changes))
    second = await take_snapshot(timed, user_id, "after")
    decision = await decisions.decide(
        deps,
        user_id,
        decisions.DecisionDraft(
            decisions.DecisionType.RECOMMENDATION,
            "Cache the API in Redis",
            memories=[decisions.Contribution(ids[0], 0.8), decisions.Contribution(ids[1], 0.2)],
            alternatives=["Cache nothing"],
        ),
    )
    await outcomes.observe_outcome(
        deps, user_id, outcomes.OutcomeDraft(decision.trace_id, 0.9, outcomes.Signal.TASK_COMPLETED)
    )
    trail = await trails.save_trail(
        deps,
        user_id,
        trails.TrailDraft(
            "agent-1",
            "cache investigation",
            hypotheses=[trails.HypothesisDraft("redis is enough", 0.8, supporting=[ids[0]], contradicting=[ids[2]])],
            visited=[trails.VisitDraft(ids[0], "start", 0.9)],
        ),
    )
    session = await journal.start_session(deps, user_id, "agent-1", "Speed up the API")
    await journal.log_entry(
        deps,
        user_id,
        session.id,
        EntryKind.LEARNING,
        "Caching API responses in Redis cut p95 latency by half on the orders endpoint",
    )
    await promotion.end_session(deps, user_id, session.id)

    params = {
        "userId": user_id,
        "traceId": decision.trace_id,
        "memoryId": ids[0],
        "trailId": trail.trail.id,
        "sessionId": session.id,
        "fromSnapshotId": second.id,
        "toSnapshotId": first.id,
    }
    rows = {}
    for favorite in load_favorites(BROWSER):
        result = await deps.db.driver.execute_query(
            favorite.query.text, {p: params[p] for p in favorite.query.params}, database_=deps.db.name
        )
        rows[favorite.query.name.removeprefix("browser.")] = [r.data() for r in result.records]

    assert rows["users"] and set(rows["users"][0]) == {"userId", "memories", "associations", "events", "since"}
    assert {r["kind"] for r in rows["start_here"]} == {"memory", "decision", "trail", "session", "snapshot"}
    assert len(rows["user_graph"]) > len(ids)  # the memories and the paths between them
    assert len(rows["decision_trace"]) >= 6  # decision, 2 influences, alternative, 2 salience updates, …
    top = rows["top_performers"]  # both memories of the decision with a good outcome
    assert sorted(r["memory"] for r in top) == [
        "Invalidate cached API responses on every write",
        "Use Redis with a short TTL for the API cache",
    ]
    assert all(r["successes"] == 1 and len(r["goodDecisions"]) == 1 for r in top)
    # 0.4 learned, then co-use of the good decision: 0.4 + 0.1 × 0.9 × (1 − 0.4)
    assert [r["weights"] for r in rows["association_neighbourhood"]][:2] == [[0.454], [0.454, 0.2]]
    assert len(rows["trail"]) >= 4  # the trail, its visit, its hypothesis and the evidence
    assert [r["label"] for r in rows["snapshots"]][-2:] == ["after", "before"]
    drift = {(r["before"], r["after"]) for r in rows["snapshot_drift"]}
    assert drift == {(0.0, 0.4), (0.0, 0.2)} and rows["snapshot_drift"][0]["between"] == "before -> after"
    assert len(rows["session"]) >= 3  # the session, its entry, the promotion (and its snapshot)
    assert rows["self_improved"] == []
    assert len(rows["memory_story"]) >= 3  # the memory, its decision and outcome with its update


async def test_drift_between_snapshots_with_nothing_moved_still_shows_the_counts(deps, user_id, remember):
    await remember("A memory so the user exists in the graph")
    first = await take_snapshot(deps, user_id, "one")
    await asyncio.sleep(0.01)
    second = await take_snapshot(deps, user_id, "two")
    [favorite] = [f for f in load_favorites(BROWSER) if f.query.name == "browser.snapshot_drift"]
    result = await deps.db.driver.execute_query(
        favorite.query.text,
        {"userId": user_id, "fromSnapshotId": first.id, "toSnapshotId": second.id},
        database_=deps.db.name,
    )
    [row] = [r.data() for r in result.records]
    assert row["between"] == "one -> two" and row["memoryDelta"] == 0 and row["r"] is None
