"""The command line, through click's CliRunner."""

from click.testing import CliRunner

from graphmind.api.schema import schema
from graphmind.cli import cli


def test_export_schema_to_stdout():
    result = CliRunner().invoke(cli, ["export-schema", "--output", "-"])
    assert result.exit_code == 0 and result.output == schema.as_str() + "\n"


def test_neo4j_status_of_the_running_test_instance(neo4j_server):
    result = CliRunner().invoke(cli, ["neo4j", "status"])
    assert result.exit_code == 0 and "running" in result.output


def test_help_lists_the_commands():
    result = CliRunner().invoke(cli, ["--help"])
    for command in ("serve", "migrate", "export-schema", "neo4j"):
        assert command in result.output


def test_serve_refuses_a_public_address_without_keys(monkeypatch, db):
    from click.testing import CliRunner

    from graphmind.cli import cli

    monkeypatch.setenv("GRAPHMIND_API_KEYS", "optional")  # keys not required: anyone could call
    result = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--port", "1"])
    assert result.exit_code != 0 and "refusing to bind 0.0.0.0" in result.output


def test_keys_list_says_when_there_are_none(db):
    result = CliRunner().invoke(cli, ["keys", "list", "--user", "a-user-without-keys"])
    assert result.exit_code == 0 and result.output == "no API keys for user a-user-without-keys\n"
