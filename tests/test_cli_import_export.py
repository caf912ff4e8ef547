"""`graphmind import` and `graphmind export` (graphmind/memory/transfer.py) through click's CliRunner.

The commands run `asyncio.run` themselves, so async tests call them in a thread.
"""

import asyncio
import json
from datetime import UTC, datetime, timedelta

from click.testing import CliRunner

from graphmind.cli import cli
from graphmind.core.enums import MemoryStatus
from graphmind.memory import manage, transfer
from graphmind.memory.model import Memory

LINES = [
    {
        "content": "The staging database is restored every night",
        "contentType": "fact",
        "tags": ["Ops", "db"],
        "metadata": {"origin": "runbook"},
        "validFrom": "2025-06-01T08:00:00Z",
        "temporalLevel": 3,
        "baseSalience": 0.7,
        "source": "axiom",
    },
    {"content": "I prefer short standup meetings on Mondays", "contentType": "preference", "entities": ["Standup"]},
    {
        "content": "Deploy freeze starts on Friday at noon",
        "contentType": "event",
        "validUntil": "2030-01-01T00:00:00+00:00",
    },
]
BAD = [
    "",  # blank lines are skipped, not errors
    "not json",
    json.dumps({"content": "short"}),
    json.dumps([1, 2]),
    json.dumps({"content": "A memory the worker would write itself", "source": "self_improvement"}),
    json.dumps({"content": "Unknown fields are refused outright", "colour": "blue"}),
]


def invoke(*args: str):
    return asyncio.to_thread(CliRunner().invoke, cli, list(args))


def read_lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


async def test_import_reports_bad_lines_and_export_round_trips(deps, user_id, tmp_path):
    source = tmp_path / "memories.jsonl"
    source.write_text("\n".join([json.dumps(x) for x in LINES] + BAD) + "\n")
    imported = await invoke("import", str(source), "--user", user_id, "--batch", "2")
    assert imported.exit_code == 1, imported.output  # the valid lines are stored; the bad ones make it fail
    assert imported.stdout.splitlines() == [
        f"imported {source} for {user_id}: 9 lines, 3 stored, 0 duplicates, 0 contradictions settled, "
        "0 redactions, 5 invalid lines skipped",
        "  line 5: not JSON: Expecting value at column 1",
        "  line 6: content: content must be 10-2000 characters, got 5",
        "  line 7: a line must be a JSON object",
        "  line 8: source: self_improvement is reserved for the self-improvement worker",
        "  line 9: colour: Extra inputs are not permitted",
    ]

    exported = tmp_path / "export.jsonl"
    result = await invoke("export", str(exported), "--user", user_id)
    assert result.exit_code == 0 and result.stdout == f"exported 3 active memories of {user_id} to {exported}\n"
    rows = {r["content"]: r for r in read_lines(exported)}
    assert set(rows) == {x["content"] for x in LINES}
    staging = rows["The staging database is restored every night"]
    assert staging | {"entities": []} == {
        "content": "The staging database is restored every night",
        "contentType": "fact",
        "temporalLevel": 3,
        "baseSalience": 0.7,
        "validFrom": "2025-06-01T08:00:00+00:00",
        "source": "axiom",
        "tags": ["ops", "db"],
        "metadata": {"origin": "runbook"},
        "entities": [],
    }
    assert "Standup" in rows["I prefer short standup meetings on Mondays"]["entities"]
    assert rows["Deploy freeze starts on Friday at noon"]["validUntil"] == "2030-01-01T00:00:00+00:00"

    # what export writes, import reads back unchanged
    copy = f"{user_id}-copy"
    again = await invoke("import", str(exported), "--user", copy)
    assert again.exit_code == 0 and "3 lines, 3 stored, 0 duplicates" in again.stdout, again.output
    exported_copy = tmp_path / "copy.jsonl"
    assert (await invoke("export", str(exported_copy), "--user", copy)).exit_code == 0
    by_content = lambda rows: sorted(rows, key=lambda r: r["content"])  # noqa: E731
    assert by_content(read_lines(exported_copy)) == by_content(read_lines(exported))

    # importing the same lines again stores nothing new
    repeat = await invoke("import", str(exported), "--user", copy)
    assert "3 lines, 0 stored, 3 duplicates" in repeat.stdout, repeat.output


async def test_export_all_statuses_and_to_stdout(deps, user_id, remember):
    kept = await remember("The build cache lives on the shared volume")
    gone = await remember("The old build server was retired in March")
    await manage.forget(deps, user_id, gone.memory.id)
    active = await invoke("export", "-", "--user", user_id)
    assert active.exit_code == 0
    assert [json.loads(line)["content"] for line in active.stdout.splitlines()] == [kept.memory.content]
    every = await invoke("export", "-", "--user", user_id, "--all")
    assert [json.loads(line)["content"] for line in every.stdout.splitlines()] == [
        kept.memory.content,
        gone.memory.content,
    ]  # oldest first


def test_import_refuses_a_missing_file_and_a_bad_batch(tmp_path):
    missing = CliRunner().invoke(cli, ["import", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2 and "does not exist" in missing.stderr
    (tmp_path / "m.jsonl").write_text("{}\n")
    too_big = CliRunner().invoke(cli, ["import", str(tmp_path / "m.jsonl"), "--batch", "5000"])
    assert too_big.exit_code == 2 and "--batch" in too_big.stderr


async def test_import_accepts_the_graphql_enum_spelling(deps, user_id, tmp_path):
    source = tmp_path / "cookbook.jsonl"
    source.write_text(
        "\ufeff"  # a byte order mark, as some editors on Windows write (QA: line 1 was invalid)
        + json.dumps({"content": "The on-call rota changes every Monday", "contentType": "FACT", "source": "USER"})
        + "\n"
        + json.dumps({"content": "The datacentre move happens in May", "contentType": "EVENT"})
        + "\n",
        encoding="utf-8",
    )
    imported = await invoke("import", str(source), "--user", user_id)
    assert imported.exit_code == 0 and "2 stored" in imported.stdout and "0 invalid" in imported.stdout, imported.output
    exported = await invoke("export", "-", "--user", user_id)
    assert sorted(json.loads(line)["contentType"] for line in exported.stdout.splitlines()) == ["event", "fact"]


async def test_export_of_a_user_without_memories_says_so(deps, tmp_path):
    target = tmp_path / "nobody.jsonl"
    result = await invoke("export", str(target), "--user", "nobody-has-this-id")
    assert result.exit_code == 1 and not target.exists()
    assert "user nobody-has-this-id has no active memories: nothing written" in result.stderr
    to_stdout = await invoke("export", "-", "--user", "nobody-has-this-id", "--all")
    assert to_stdout.exit_code == 1 and to_stdout.stdout == "" and "has no memories" in to_stdout.stderr


async def memories_of(deps, user_id: str) -> dict[str, Memory]:
    every = manage.MemoryFilter(statuses=list(MemoryStatus))
    page = await manage.list_memories(deps, user_id, every, manage.MAX_PAGE_SIZE, None)
    return {m.content: m for m in page.memories}


async def test_a_memory_with_more_entities_than_remember_takes_imports_with_all_of_them(
    deps, user_id, remember, tmp_path
):
    """QA: the line named the first 50 entities in sorted order, so entities given to remember
    beyond them were lost; remember takes at most 50, but finds those in the text itself."""
    services = ", ".join(f"svc_{i:02d}" for i in range(60))  # 60 entities in the text
    given = ["zeta team", "zulu project"]  # sorted after them
    original = await remember(f"The migration touched these services: {services}", entities=given)
    assert len(original.memory.entities) > 60 and set(given) <= set(original.memory.entities)
    exported = tmp_path / "export.jsonl"
    result = await invoke("export", str(exported), "--user", user_id)
    assert result.exit_code == 0 and result.stderr == "", result.output
    [line] = read_lines(exported)
    assert line["entities"] == given  # the text's own entities come back from the text
    copy = f"{user_id}-copy"
    imported = await invoke("import", str(exported), "--user", copy)
    assert imported.exit_code == 0 and "1 stored" in imported.stdout, imported.output
    [back] = (await memories_of(deps, copy)).values()
    assert sorted(back.entities) == sorted(original.memory.entities)


async def test_entities_a_line_cannot_carry_are_said(deps, user_id, remember, monkeypatch):
    monkeypatch.setattr(transfer, "MAX_ENTITIES", 1)  # as a memory linked to 51 entities (Obsidian) would be
    stored = await remember("The release notes are drafted by the docs team", entities=["alpha crew", "beta crew"])
    result = await invoke("export", "-", "--user", user_id)
    assert result.exit_code == 0 and json.loads(result.stdout)["entities"] == ["alpha crew"]
    assert result.stderr == f"warning: memory {stored.memory.id}: entities a line cannot carry, left out: beta crew\n"


async def test_a_memory_superseded_before_it_became_valid_imports_back(deps, user_id, remember, tmp_path):
    """QA: superseding closes a future memory's world time where it opens (validUntil =
    validFrom), which remember refuses; its line says one microsecond of validity instead."""
    start = (datetime.now(UTC) + timedelta(days=30)).replace(microsecond=0)
    planned = await remember("The team offsite will be held in Lisbon", validFrom=start.isoformat())
    newer = await remember("Quarterly planning uses the shared spreadsheet")
    old, _ = await manage.supersede(deps, user_id, planned.memory.id, newer.memory.id)
    assert old.valid_until == old.valid_from == start  # what memory.supersede stores
    exported = tmp_path / "all.jsonl"
    assert (await invoke("export", str(exported), "--user", user_id, "--all")).exit_code == 0
    copy = f"{user_id}-copy"
    imported = await invoke("import", str(exported), "--user", copy)
    assert imported.exit_code == 0 and "2 stored" in imported.stdout and "0 invalid" in imported.stdout, imported.output
    line = {r["content"]: r for r in read_lines(exported)}[planned.memory.content]
    assert line["validFrom"] == start.isoformat()
    assert line["validUntil"] == (start + timedelta(microseconds=1)).isoformat()
    back = (await memories_of(deps, copy))[planned.memory.content]
    assert (back.valid_from, back.valid_until) == (start, start + timedelta(microseconds=1))


async def test_export_into_a_directory_that_does_not_exist_fails_and_creates_nothing(deps, user_id, remember, tmp_path):
    """QA: the directories were created silently; a mistyped path now fails as import's does."""
    await remember("The nightly backup runs at two in the morning")
    target = tmp_path / "no" / "such" / "export.jsonl"
    result = await invoke("export", str(target), "--user", user_id)
    assert result.exit_code == 2 and not (tmp_path / "no").exists()
    assert f"Invalid value for 'FILE': directory '{target.parent}' does not exist" in result.stderr
    (tmp_path / "a-file").write_text("")
    under_a_file = await invoke("export", str(tmp_path / "a-file" / "export.jsonl"), "--user", user_id)
    assert under_a_file.exit_code == 2 and "is not a directory" in under_a_file.stderr


async def test_a_memory_redaction_made_longer_than_the_limit_imports_back(deps, user_id, remember, tmp_path):
    """QA: a 2000-character input with short e-mail addresses is stored longer ('a@b.io', 6
    characters, becomes '[EMAIL]', 7), and import refused its line as over 2000 characters.
    The limit is on what the writer wrote: a line's placeholder counts as one character."""
    head = "Contacts for the rollout: " + " ".join(["a@b.io"] * 10) + ". "
    content = head + "x" * (2000 - len(head))
    stored = await remember(content, metadata={"owner": "o@b.io " + "y" * 4076})  # 4096 bytes as JSON
    assert len(content) == 2000 and len(stored.memory.content) == 2010  # ten e-mails, one character longer each
    exported = tmp_path / "export.jsonl"
    assert (await invoke("export", str(exported), "--user", user_id)).exit_code == 0
    copy = f"{user_id}-copy"
    imported = await invoke("import", str(exported), "--user", copy)
    assert imported.exit_code == 0 and "1 stored" in imported.stdout, imported.output
    [back] = (await memories_of(deps, copy)).values()
    assert (back.content, back.metadata) == (stored.memory.content, stored.memory.metadata)


async def test_a_line_json_cannot_read_is_one_invalid_line_not_a_failed_import(deps, user_id, tmp_path):
    """QA: a line nested too deeply, an integer of 5,000 digits or a byte that is not UTF-8
    stopped the whole import with an unexpected error, no line reported."""
    source = tmp_path / "odd.jsonl"
    good = [json.dumps({"content": f"A perfectly ordinary memory number {n}"}).encode() for n in range(3)]
    deep = b"[" * 100_000 + b"]" * 100_000
    huge = b'{"content": "Line with a huge integer", "metadata": {"n": ' + b"1" * 5000 + b"}}"
    latin = '{"content": "Caf\u00e9 opens at nine every morning"}'.encode("latin-1")
    source.write_bytes(b"\n".join([good[0], deep, huge, good[1], latin, good[2]]) + b"\n")
    result = await invoke("import", str(source), "--user", user_id)
    assert result.exit_code == 1, result.output
    assert "6 lines, 3 stored" in result.stdout and "3 invalid lines skipped" in result.stdout
    assert "  line 2: not JSON this service reads: nested too deeply" in result.stdout
    assert "  line 3: not JSON this service reads: " in result.stdout
    assert "  line 5: not UTF-8: byte 0xe9 at column 17" in result.stdout
    assert len(await memories_of(deps, user_id)) == 3


async def test_a_short_memory_whose_redaction_shortened_it_imports_back(deps, user_id, remember, tmp_path):
    """QA: 'ping a@b.io' is stored as 'ping [EMAIL]', and import measured it as 6 characters."""
    stored = await remember("ping a@b.io")
    exported = tmp_path / "export.jsonl"
    assert (await invoke("export", str(exported), "--user", user_id)).exit_code == 0
    imported = await invoke("import", str(exported), "--user", f"{user_id}-copy")
    assert imported.exit_code == 0 and "1 stored" in imported.stdout, imported.output
    assert list(await memories_of(deps, f"{user_id}-copy")) == [stored.memory.content] == ["ping [EMAIL]"]


async def test_a_blank_or_empty_user_is_refused_before_anything_is_read_or_written(tmp_path):
    """QA: --user "" imported for the default user, --user "   " for a user no API can reach."""
    source = tmp_path / "one.jsonl"
    source.write_text(json.dumps({"content": "A memory for nobody in particular"}) + "\n")
    for user in ("", "   ", "two words"):
        for args in (["import", str(source)], ["export", str(tmp_path / "out.jsonl")]):
            result = await invoke(*args, "--user", user)
            assert result.exit_code == 2 and "Invalid value for '--user'" in result.stderr, (args, result.output)
    assert not (tmp_path / "out.jsonl").exists()


async def test_a_memory_valid_from_the_last_instant_exports_and_imports(deps, user_id, remember, tmp_path):
    """QA: superseded, its line's validUntil (one microsecond later) overflowed: export --all failed."""
    last = "9999-12-31T23:59:59.999999+00:00"
    planned = await remember("The time capsule opens at the end of the calendar", validFrom=last)
    newer = await remember("Quarterly planning uses the shared spreadsheet")
    await manage.supersede(deps, user_id, planned.memory.id, newer.memory.id)
    exported = tmp_path / "all.jsonl"
    assert (await invoke("export", str(exported), "--user", user_id, "--all")).exit_code == 0
    line = {r["content"]: r for r in read_lines(exported)}[planned.memory.content]
    assert (line["validFrom"], line["validUntil"]) == ("9999-12-31T23:59:59.999998+00:00", last)
    imported = await invoke("import", str(exported), "--user", f"{user_id}-copy")
    assert imported.exit_code == 0 and "2 stored" in imported.stdout, imported.output
