"""neo4j.conf and the JVM flags of the managed server."""

from graphmind.neo4j_server.config import browser_url, jvm_flags, render_conf
from graphmind.settings import Settings


def test_conf_binds_loopback_ports_and_browser(tmp_path):
    settings = Settings(neo4j_home=tmp_path, neo4j_bolt_port=1234, neo4j_http_port=2345)
    conf = render_conf(settings)
    assert "server.bolt.listen_address=127.0.0.1:1234" in conf
    assert "server.bolt.advertised_address=127.0.0.1:1234" in conf
    assert "server.http.listen_address=127.0.0.1:2345" in conf
    assert "BROWSER" in conf
    assert f"server.directories.data={tmp_path.resolve() / 'data'}" in conf


def test_jvm_flags_include_the_launchers_add_opens():
    flags = jvm_flags(Settings(neo4j_heap="2g"))
    assert "--add-opens=java.base/java.nio=ALL-UNNAMED" in flags
    assert "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED" in flags
    assert "-Xmx2g" in flags and "-Xms2g" in flags  # the whole heap from the start


def test_conf_turns_off_outgoing_connections_and_usage_data_and_caps_the_tx_logs(tmp_path):
    conf = render_conf(Settings(neo4j_home=tmp_path)).splitlines()
    for line in (
        "client.allow_telemetry=false",
        "browser.remote_content_hostname_whitelist=127.0.0.1,localhost",
        "dbms.usage_report.enabled=false",
        "db.tx_log.rotation.retention_policy=1G size",
    ):
        assert line in conf


def test_conf_merges_vector_index_segments_ten_per_level(tmp_path):
    conf = render_conf(Settings(neo4j_home=tmp_path)).splitlines()
    assert "internal.dbms.index.vector.standard_merge_factor=10" in conf


def test_conf_checks_cached_plans_every_ten_minutes(tmp_path):
    conf = render_conf(Settings(neo4j_home=tmp_path)).splitlines()
    assert "dbms.cypher.min_replan_interval=10m" in conf


def test_conf_caches_a_plan_per_parameter_type_not_per_size(tmp_path):
    conf = render_conf(Settings(neo4j_home=tmp_path)).splitlines()
    assert "internal.cypher.use_parameter_size=false" in conf


def test_conf_shortens_bolts_waits_on_stop(tmp_path):
    conf = render_conf(Settings(neo4j_home=tmp_path)).splitlines()
    assert "internal.server.bolt.connection_shutdown_wait_time=1s" in conf
    assert "internal.server.bolt.thread_pool_shutdown_wait_time=1s" in conf


def test_conf_keeps_bolt_alive_every_five_seconds_and_hints_ten(tmp_path):
    """The driver takes a connection silent for keep-alive × probes (10 s) for dead."""
    conf = render_conf(Settings(neo4j_home=tmp_path)).splitlines()
    assert "server.bolt.connection_keep_alive=5s" in conf
    assert "server.bolt.connection_keep_alive_probes=2" in conf
    assert "server.bolt.connection_keep_alive_streaming_scheduling_interval=1s" in conf


def test_browser_url_fills_the_connection_form():
    settings = Settings(neo4j_bolt_port=1234, neo4j_http_port=2345, neo4j_user="neo4j", neo4j_database="neo4j")
    assert browser_url(settings) == "http://127.0.0.1:2345/browser/?dbms=bolt://neo4j@127.0.0.1:1234&db=neo4j"
