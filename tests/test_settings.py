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
