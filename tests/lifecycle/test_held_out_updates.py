"""The held-out update table (held_out_updates.py, written by someone who had not read
lifecycle/) through `remember` twice, a fresh user per pair (real model, real Neo4j).

An update is settled when the old memory is superseded and recall, asked about the new
text, puts the new memory first; a non-update is left alone when the old memory stays
active. The rates are printed (run with -s); the assertions hold today's floors so that no
change lowers them. Issue 73's target is 95% on both.
"""

from graphmind.core.enums import MemoryStatus
from graphmind.memory import manage
from graphmind.memory.model import parse_memory_input
from graphmind.memory.recall import recall
from graphmind.memory.store import remember_many
from tests.lifecycle.held_out_updates import NON_UPDATES, UPDATES

# Measured when the table was written, before any rule changed (2026-12-07): 0/87 settled,
# 74/75 left alone. The floors guard against a fall; issue 73 raises them to 0.95.
UPDATE_FLOOR = 0.0
LEFT_ALONE_FLOOR = 0.95


async def _pair(deps, owner: str, old_text: str, new_text: str):
    [old] = await remember_many(deps, owner, [parse_memory_input({"content": old_text})])
    deps.clock.advance(minutes=1)
    [new] = await remember_many(deps, owner, [parse_memory_input({"content": new_text})])
    return old, new, await manage.get_memory(deps, owner, old.memory.id)


async def test_held_out_updates_are_settled(timed, user_id):
    missed = []
    for n, (old_text, new_text, category) in enumerate(UPDATES):
        owner = f"{user_id}-u{n}"
        old, new, before = await _pair(timed, owner, old_text, new_text)
        first = (await recall(timed, owner, new_text, 5)).items
        settled = before.status is MemoryStatus.SUPERSEDED and first and first[0].memory.id == new.memory.id
        if not settled:
            missed.append((category, old_text, new_text, before.status.value))
    rate = 1 - len(missed) / len(UPDATES)
    print(f"\nheld-out updates settled: {len(UPDATES) - len(missed)}/{len(UPDATES)} ({rate:.1%})")
    assert rate >= UPDATE_FLOOR


async def test_held_out_non_updates_are_left_alone(timed, user_id):
    touched = []
    for n, (old_text, new_text, category) in enumerate(NON_UPDATES):
        _, _, before = await _pair(timed, f"{user_id}-n{n}", old_text, new_text)
        if before.status is not MemoryStatus.ACTIVE:
            touched.append((category, old_text, new_text, before.status.value))
    rate = 1 - len(touched) / len(NON_UPDATES)
    print(f"\nheld-out non-updates left alone: {len(NON_UPDATES) - len(touched)}/{len(NON_UPDATES)} ({rate:.1%})")
    for case in touched:
        print("  touched:", case)
    assert rate >= LEFT_ALONE_FLOOR
