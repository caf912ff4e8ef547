"""Settings come from GRAPHMIND_ environment variables."""

from graphmind.settings import Settings


def test_environment_variables_with_prefix(monkeypatch):
    monkeypatch.setenv("GRAPHMIND_NEO4J_BOLT_PORT", "9999")
    monkeypatch.setenv("GRAPHMIND_PORT", "8123")
    monkeypatch.delenv("GRAPHMIND_NEO4J_URI", raising=False)
    settings = Settings()
    assert settings.bolt_uri == "bolt://127.0.0.1:9999"
    assert settings.port == 8123


def test_explicit_uri_wins(monkeypatch):
    monkeypatch.setenv("GRAPHMIND_NEO4J_URI", "neo4j://db.example:7687")
    assert Settings().bolt_uri == "neo4j://db.example:7687"


def test_every_setting_is_documented_in_readme():
    from graphmind.settings import PROJECT_ROOT

    readme = (PROJECT_ROOT / "README.md").read_text()
    missing = [n for n in Settings.model_fields if f"`GRAPHMIND_{n.upper()}`" not in readme]
    assert missing == []


def test_a_port_outside_1_to_65535_is_refused_when_read(monkeypatch):
    """Not at bind time, where Neo4j said 'port out of range' and serve raised OverflowError."""
    import pytest
    from pydantic import ValidationError

    for name, value in (
        ("GRAPHMIND_NEO4J_BOLT_PORT", "77687"),
        ("GRAPHMIND_NEO4J_HTTP_PORT", "0"),
        ("GRAPHMIND_PORT", "70000"),
    ):
        with monkeypatch.context() as m:
            m.setenv(name, value)
            with pytest.raises(ValidationError, match=name.removeprefix("GRAPHMIND_").lower()):
                Settings()


def test_a_metrics_network_that_is_not_one_is_refused_when_read(monkeypatch):
    """QA: 'localhost' was taken, then every scrape of /metrics failed with a 500."""
    import pytest
    from pydantic import ValidationError

    monkeypatch.setenv("GRAPHMIND_METRICS_ALLOW", '["10.0.0.0/8", "localhost"]')
    with pytest.raises(ValidationError, match="'localhost' is not an IP address or network"):
        Settings()
    monkeypatch.setenv("GRAPHMIND_METRICS_ALLOW", '["10.0.0.0/8", "::1"]')
    assert Settings().metrics_allow == ["10.0.0.0/8", "::1"]
