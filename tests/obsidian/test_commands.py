"""`graphmind obsidian import / export` through click's CliRunner, on the test Neo4j."""

import asyncio
from datetime import UTC, datetime

from click.testing import CliRunner

from graphmind.cli import cli
from graphmind.core.enums import MemoryStatus
from graphmind.memory import manage
from graphmind.memory.recall import RecallFilter, recall
from graphmind.obsidian.notes import split


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


def invoke(*args: str):
    """The commands run `asyncio.run` themselves, so async tests call them in a thread."""
    return asyncio.to_thread(CliRunner().invoke, cli, list(args))


async def test_an_edited_memory_note_imported_is_a_new_version(deps, remember, user_id, tmp_path):
    old = (await remember("The staging database is restored from backup every night", tags=["ops"])).memory
    vault = tmp_path / "vault"
    exported = await invoke("obsidian", "export", str(vault), "--user", user_id)
    assert exported.exit_code == 0, exported.output
    [note] = (vault / "memories").glob("*.md")
    note.write_text(note.read_text().replace("every night", "every Sunday"))
    await asyncio.sleep(0.01)
    before = datetime.now(UTC)
    await asyncio.sleep(0.01)

    done = await invoke("obsidian", "import", str(vault), "--user", user_id)
    assert done.exit_code == 0 and "1 updated, 0 linked, 0 created, 0 skipped" in done.output, done.output
    new_id = split(note.read_text())[0]["id"]
    assert new_id != old.id
    previous = await manage.get_memory(deps, user_id, old.id)
    assert (previous.content, previous.status) == (old.content, MemoryStatus.SUPERSEDED)
    assert previous.retired_at is not None and previous.retired_at > before
    new = await manage.get_memory(deps, user_id, new_id)
    assert (new.content, new.status, new.tags) == (
        "The staging database is restored from backup every Sunday",
        MemoryStatus.ACTIVE,
        ["ops"],
    )

    async def recalled(at: datetime | None) -> list[str]:
        found = await recall(deps, user_id, "when is the staging database restored", 10, RecallFilter(as_of=at))
        return [i.memory.content for i in found.items]

    assert await recalled(before) == [old.content]
    assert await recalled(None) == [new.content]
    again = await invoke("obsidian", "import", str(vault), "--user", user_id)
    assert again.exit_code == 0 and "0 updated, 0 linked, 0 created, 0 skipped" in again.output, again.output
