"""neo4j.conf and the JVM flags of the managed server."""

from graphmind.neo4j_server.config import jvm_flags, render_conf
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
    assert "-Xmx2g" in flags
