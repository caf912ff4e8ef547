"""Memories as JSON lines: `graphmind import FILE.jsonl` and `graphmind export FILE.jsonl`.

A line is one JSON object with remember's input fields in camelCase (`content`,
`contentType`, `temporalLevel`, `baseSalience`, `validFrom`, `validUntil`, `source`,
`tags`, `metadata`, `entities`, `sessionId`; `contentType` and `source` as GraphQL spells
them, `FACT`, or as stored, `fact`), validated like `remember` (R3; a line's text is
stored text, whose redaction placeholders count as one character each in the limits); blank
lines are skipped. Valid lines are stored in batches through `remember_many` (one
transaction each; duplicates and contradictions are settled as in `rememberMany`), and
invalid ones are reported with their line numbers. Export writes what import reads:
the memory's fields, oldest first; what the graph learned about a memory (outcome
adjustment, utility, edges) and its status stay behind, and a self-improved memory's
source becomes `model` (callers may not claim `self_improvement`). A line's `entities`
are those `remember` would not find again in the content (it extracts the others itself),
so that a memory mentioning more entities than `remember` takes (MAX_ENTITIES) imports
with all of them; entities a line cannot carry (more than that many not in the text, or
longer than MAX_ENTITY_LENGTH) are reported, not dropped unsaid. A memory whose world time
closed before it opened (superseded before its validFrom came) is written valid for one
microsecond (`NEVER_VALID`), the shortest validity `remember` takes.
"""

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import timedelta

from graphmind.core.enums import MemoryStatus, Source
from graphmind.deps import Deps
from graphmind.errors import BadUserInput
from graphmind.memory import manage
from graphmind.memory.entities import entity_key, extract_entities
from graphmind.memory.model import (
    MAX_ENTITIES,
    MAX_ENTITY_LENGTH,
    Memory,
    MemoryInput,
    check_open_validity,
    parse_memory_input,
)
from graphmind.memory.store import MAX_BATCH, remember_many


@dataclass
class ImportReport:
    lines: int = 0
    stored: int = 0
    duplicates: int = 0
    contradictions: int = 0  # settled with an existing memory (docs/lifecycle.md)
    redactions: int = 0
    invalid: list[tuple[int, str]] = field(default_factory=list)  # (line number, why)


def parse_line(text: str) -> MemoryInput:
    """One line as remember's validated input; BAD_USER_INPUT says what is wrong. A line read
    with `errors="surrogateescape"` (the CLI's) that held bytes not UTF-8 says where."""
    undecoded = next((i for i, c in enumerate(text) if "\udc80" <= c <= "\udcff"), None)
    if undecoded is not None:
        raise BadUserInput(f"not UTF-8: byte 0x{ord(text[undecoded]) - 0xDC00:02x} at column {undecoded + 1}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadUserInput(f"not JSON: {e.msg} at column {e.colno}") from None
    except RecursionError:  # nested deeper than the parser goes (QA: the whole import stopped)
        raise BadUserInput("not JSON this service reads: nested too deeply") from None
    except ValueError as e:  # an integer of more digits than Python converts (QA)
        raise BadUserInput(f"not JSON this service reads: {e}") from None
    if not isinstance(data, dict):
        raise BadUserInput("a line must be a JSON object")
    parsed = parse_memory_input(data, stored=True)  # an export's redacted text: limits as first written
    if parsed.source is Source.SELF_IMPROVEMENT:
        raise BadUserInput("source: self_improvement is reserved for the self-improvement worker", field="source")
    return parsed


async def import_lines(
    deps: Deps, user_id: str, lines: Iterable[str], batch: int = 500, progress: Callable[[int], None] | None = None
) -> ImportReport:
    """Validates each line and stores the valid ones in batches of `batch`; `progress(n)`
    is told how many more lines are done after each batch."""
    if not 1 <= batch <= MAX_BATCH:
        raise BadUserInput(f"batch must be 1-{MAX_BATCH}", field="batch")
    report = ImportReport()
    pending: list[MemoryInput] = []
    done = 0

    async def flush() -> None:
        nonlocal done
        if pending:
            for result in await remember_many(deps, user_id, pending):
                if result.duplicate_of:
                    report.duplicates += 1
                else:
                    report.stored += 1
                report.contradictions += len(result.conflicts)
                report.redactions += sum(result.redactions.values())
            pending.clear()
        if progress:
            progress(report.lines - done)
        done = report.lines

    for number, text in enumerate(lines, 1):
        report.lines = number
        if not text.strip():
            continue
        try:
            pending.append(check_open_validity(parse_line(text), deps.clock.now()))
        except BadUserInput as e:
            report.invalid.append((number, e.message))
        if len(pending) >= batch:
            await flush()
    await flush()
    return report


# A memory superseded before it became valid keeps no world time at all (validUntil =
# validFrom: memory.supersede); remember takes only a validUntil after validFrom, so its line
# says the shortest validity remember takes: one microsecond, never valid in practice.
NEVER_VALID = timedelta(microseconds=1)


@dataclass
class Export:
    rows: list[dict]  # the lines, oldest memory first
    left_out: dict[str, list[str]] = field(default_factory=dict)  # memory id -> entities no line can carry


def carried_entities(memory: Memory) -> tuple[list[str], list[str]]:
    """The entities a line names (those `remember` would not extract from the content again),
    and those left out because `remember` takes no more of them or none that long."""
    in_text = {e.key for e in extract_entities(memory.content)}
    extra = sorted(e for e in memory.entities if entity_key(e) not in in_text)
    fits = [e for e in extra if len(e) <= MAX_ENTITY_LENGTH]
    return fits[:MAX_ENTITIES], [e for e in extra if len(e) > MAX_ENTITY_LENGTH] + fits[MAX_ENTITIES:]


def export_row(memory: Memory, entities: list[str]) -> dict:
    """A memory as a line `import` accepts, naming `entities` (`carried_entities`)."""
    valid_from, valid_until = memory.valid_from, memory.valid_until
    if valid_until:
        try:
            valid_until = max(valid_until, valid_from + NEVER_VALID)
        except OverflowError:  # validFrom the last instant there is: valid for the microsecond before it (QA)
            valid_from -= NEVER_VALID
    row = {
        "content": memory.content,
        "contentType": memory.content_type.value,
        "temporalLevel": memory.temporal_level,
        "baseSalience": memory.base_salience,
        "validFrom": valid_from.isoformat(),
        "source": Source.MODEL.value if memory.source is Source.SELF_IMPROVEMENT else memory.source.value,
        "tags": memory.tags,
        "metadata": memory.metadata,
        "entities": entities,
    }
    if valid_until:
        row["validUntil"] = valid_until.isoformat()
    return row


async def export_memories(deps: Deps, user_id: str, every_status: bool = False) -> Export:
    """The user's memories (active ones, or all with `every_status`), oldest first."""
    statuses = list(MemoryStatus) if every_status else [MemoryStatus.ACTIVE]
    memories: list[Memory] = []
    after = None
    while True:
        page = await manage.list_memories(
            deps, user_id, manage.MemoryFilter(statuses=statuses), manage.MAX_PAGE_SIZE, after
        )
        memories += page.memories
        if not page.has_next_page:
            break
        after = page.end_cursor
    export = Export([])
    for memory in reversed(memories):
        carried, left_out = carried_entities(memory)
        export.rows.append(export_row(memory, carried))
        if left_out:
            export.left_out[memory.id] = left_out
    return export
