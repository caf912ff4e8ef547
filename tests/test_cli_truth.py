"""Time and value as part of the truth through the CLI (`graphmind import`, issue 73's audit):
facts of periods that do not overlap are both kept, and one value written two ways (case,
punctuation, clock times) is one memory, not a contradiction."""

import json

from tests.test_cli_import_export import invoke, read_lines


async def _import(tmp_path, user_id: str, name: str, lines: list[dict]):
    source = tmp_path / f"{name}.jsonl"
    source.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    result = await invoke("import", str(source), "--user", user_id, "--batch", "1")
    assert result.exit_code == 0, result.output
    return result.stdout


async def _active(tmp_path, user_id: str) -> list[str]:
    exported = tmp_path / "export.jsonl"
    assert (await invoke("export", str(exported), "--user", user_id)).exit_code == 0
    return sorted(r["content"] for r in read_lines(exported))


async def test_a_backfilled_fact_of_another_period_stays_active(deps, user_id, tmp_path):
    now = "The billing ledger database runs PostgreSQL 16"
    then = {
        "content": "The billing ledger database ran PostgreSQL 14",
        "validFrom": "2020-01-01T00:00:00Z",
        "validUntil": "2021-06-01T00:00:00Z",
    }
    await _import(tmp_path, user_id, "now", [{"content": now}])
    report = await _import(tmp_path, user_id, "then", [then])
    assert "1 stored, 0 duplicates, 0 contradictions settled" in report
    assert await _active(tmp_path, user_id) == [then["content"], now]


async def test_case_punctuation_and_clock_variants_are_duplicates(deps, user_id, tmp_path):
    originals = [
        {"content": "WE USE POSTGRESQL 15 WITH PGBOUNCER"},
        {"content": "The nightly backup runs at 14:00 UTC"},
    ]
    await _import(tmp_path, user_id, "first", originals)
    variants = [
        {"content": "We use PostgreSQL 15 with PgBouncer."},
        {"content": "The nightly backup runs at 2 p.m. UTC"},
    ]
    report = await _import(tmp_path, user_id, "variants", variants)
    assert "0 stored, 2 duplicates, 0 contradictions settled" in report
    assert await _active(tmp_path, user_id) == sorted(o["content"] for o in originals)
