"""`graphmind obsidian import / export` through click's CliRunner, on the test Neo4j."""

from click.testing import CliRunner

from graphmind.cli import cli


def test_a_new_note_imported_then_exported(db, user_id, tmp_path):
    inbox = tmp_path / "inbox"
    (inbox / "memories").mkdir(parents=True)
    (inbox / "memories" / "idea.md").write_text("---\ntags: [ops]\n---\nThe staging database is restored every night\n")
    dry = CliRunner().invoke(cli, ["obsidian", "import", str(inbox), "--user", user_id, "--dry-run"])
    assert dry.exit_code == 0 and "would import" in dry.output and "1 created" in dry.output, dry.output
    done = CliRunner().invoke(cli, ["obsidian", "import", str(inbox), "--user", user_id])
    assert done.exit_code == 0 and "1 created, 0 skipped" in done.output, done.output
    assert '\nid: "' in (inbox / "memories" / "idea.md").read_text()

    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "Memories.md").write_text("my own list of memories")
    refused = CliRunner().invoke(cli, ["obsidian", "export", str(vault), "--user", user_id])
    assert refused.exit_code == 1 and "files in the way" in refused.output and "Memories" in refused.output
    (vault / "Memories.md").unlink()
    exported = CliRunner().invoke(cli, ["obsidian", "export", str(vault), "--user", user_id])
    assert exported.exit_code == 0 and "0 removed" in exported.output, exported.output
    [note] = (vault / "memories").glob("*.md")
    assert note.name.startswith("the-staging-database-is-restored-every-") and '"ops"' in note.read_text()
