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


def test_neo4j_class_archive_is_built_once_and_its_failure_does_not_fail_setup(monkeypatch, neo4j_server):
    from graphmind.errors import Neo4jServerError
    from graphmind.neo4j_server import class_archive_build

    result = CliRunner().invoke(cli, ["neo4j", "class-archive"])
    assert result.exit_code == 0 and result.output == "class archive already there\n"  # make setup built it

    def fails(settings, say):
        raise Neo4jServerError("the class archive could not be written: (the JVM's message)")

    monkeypatch.setattr(class_archive_build, "build", fails)
    result = CliRunner().invoke(cli, ["neo4j", "class-archive"])
    assert result.exit_code == 0
    assert "warning: no class archive, Neo4j will start without one" in result.stderr


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
