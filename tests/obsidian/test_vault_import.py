"""An edited memory note becomes a new version of its memory (graphmind/obsidian/vault_import.py),
seen through GraphQL: belief time (`asOf`) before the edit answers with the old text, after
it with the new one."""

import asyncio
from datetime import UTC, datetime

from graphmind.obsidian.export import export_vault
from graphmind.obsidian.notes import split
from graphmind.obsidian.vault_import import import_vault

REMEMBER = """mutation($input: RememberInput!) { remember(input: $input) { id } }"""
RECALL = """query($q: String!, $at: DateTime) { recall(query: $q, limit: 10, filter: {asOf: $at}) {
  items { memory { id content } } } }"""
MEMORY = """query($id: ID!) { memory(id: $id) {
  id content status source trust tags metadata retiredAt validUntil } }"""
OLD = "The reporting cluster runs its nightly backup at two in the morning"
NEW = "The reporting cluster runs its nightly backup at four in the morning"
QUESTION = "When does the reporting cluster run its nightly backup?"


async def test_an_edited_memory_note_is_a_new_version_and_as_of_answers_with_the_text_of_then(
    graphql, key_for, deps, tmp_path
):
    user, key = await key_for()
    auth = {"Authorization": f"Bearer {key}"}

    def data(document: str, variables: dict) -> dict:
        body = graphql(document, variables, **auth)
        assert not body.get("errors"), body
        return body["data"]

    def recalled(at: datetime | None) -> dict[str, str]:
        items = data(RECALL, {"q": QUESTION, "at": at.isoformat() if at else None})["recall"]["items"]
        return {i["memory"]["id"]: i["memory"]["content"] for i in items}

    old_id = data(
        REMEMBER, {"input": {"content": OLD, "source": "MODEL", "tags": ["ops"], "metadata": {"team": "data"}}}
    )["remember"]["id"]
    root = tmp_path / "vault"
    await export_vault(deps.db, deps.settings, user, root)
    [note] = (root / "memories").glob("*.md")
    note.write_text(note.read_text().replace("at two in", "at four in"))
    await asyncio.sleep(0.01)
    before = datetime.now(UTC)
    await asyncio.sleep(0.01)

    report = await import_vault(deps, user, root)
    after = datetime.now(UTC)
    assert report.skipped == [] and report.updated == [note.relative_to(root).with_suffix("").as_posix()]
    new_id = split(note.read_text())[0]["id"]  # the note now names the new version
    assert new_id != old_id

    assert recalled(before) == {old_id: OLD}
    assert recalled(after) == {new_id: NEW}
    assert recalled(None) == {new_id: NEW}
    old, new = data(MEMORY, {"id": old_id})["memory"], data(MEMORY, {"id": new_id})["memory"]
    assert (old["content"], old["status"], new["content"], new["status"]) == (OLD, "SUPERSEDED", NEW, "ACTIVE")
    assert old["retiredAt"] is not None and old["validUntil"] is not None
    assert before < datetime.fromisoformat(old["retiredAt"]) < after
    assert (new["source"], new["trust"], new["tags"], new["metadata"]) == ("MODEL", 0.6, ["ops"], {"team": "data"})
    assert new["retiredAt"] is None

    # The next import changes nothing; an export writes both versions, and then nothing changes.
    again = await import_vault(deps, user, root)
    assert (again.changes, again.skipped) == (0, [])
    exported = await export_vault(deps.db, deps.settings, user, root)
    assert len([p for p in exported.written if p.startswith("memories/")]) == 2 and exported.removed == []
    notes = {split(p.read_text())[0]["id"]: p.read_text() for p in (root / "memories").glob("*.md")}
    assert set(notes) == {old_id, new_id} and "> [!warning] Superseded by" in notes[old_id]
    assert (await import_vault(deps, user, root)).changes == 0
    assert (await export_vault(deps.db, deps.settings, user, root)).written == []
