"""Errors print one clear line (`Error: …`, exit code 1); --debug or GRAPHMIND_DEBUG=1 shows the traceback."""

from click.testing import CliRunner

import graphmind.browser
from graphmind.cli import cli


def boom(folder):
    raise RuntimeError("the disk\nwas gone")


def test_an_unexpected_error_is_one_line_with_a_hint(monkeypatch, tmp_path):
    monkeypatch.setattr(graphmind.browser, "load_favorites", boom)
    result = CliRunner().invoke(cli, ["browser", "favorites", str(tmp_path / "f.zip")])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (
        "Error: unexpected RuntimeError: the disk was gone (--debug or GRAPHMIND_DEBUG=1 shows the traceback)\n"
    )


def test_debug_shows_the_traceback(monkeypatch, tmp_path):
    monkeypatch.setattr(graphmind.browser, "load_favorites", boom)
    flag = CliRunner().invoke(cli, ["--debug", "browser", "favorites", str(tmp_path / "f.zip")])
    assert flag.exit_code == 1 and isinstance(flag.exception, RuntimeError)
    env = CliRunner().invoke(cli, ["browser", "favorites", str(tmp_path / "f.zip")], env={"GRAPHMIND_DEBUG": "1"})
    assert isinstance(env.exception, RuntimeError)


def test_a_file_problem_is_one_line(tmp_path):
    (tmp_path / "a-file").write_text("")
    result = CliRunner().invoke(cli, ["browser", "favorites", str(tmp_path / "a-file" / "f.zip")])
    assert result.exit_code == 1 and result.stderr == f"Error: File exists: {tmp_path / 'a-file'}\n"


def test_a_bad_setting_is_one_line(tmp_path):
    result = CliRunner().invoke(
        cli, ["browser", "favorites", str(tmp_path / "f.zip")], env={"GRAPHMIND_NEO4J_BOLT_PORT": "seven"}
    )
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: setting GRAPHMIND_NEO4J_BOLT_PORT: Input should be a valid integer")
    assert len(result.stderr.splitlines()) == 1


def test_an_unreachable_neo4j_is_one_line(tmp_path):
    env = {"GRAPHMIND_NEO4J_URI": "bolt://127.0.0.1:1", "GRAPHMIND_NEO4J_RETRY_SECONDS": "0.2"}
    result = CliRunner().invoke(cli, ["export", str(tmp_path / "m.jsonl"), "--user", "nobody"], env=env)
    assert result.exit_code == 1 and result.stderr.startswith("Error: ") and len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.output and not (tmp_path / "m.jsonl").exists()
