"""The development update table (dev_updates.py: written blind to lifecycle/, for building
and tuning a detector; held_out_updates.py judges one) through the contradiction rules
alone, no database: the rates are printed (run with -s), and the floors keep them from
falling. Measured 2026-12-07: 0/100 updates found, 83/85 non-updates left alone."""

from graphmind.lifecycle.conflicts import contradiction
from tests.lifecycle.dev_updates import NON_UPDATES, UPDATES

UPDATE_FLOOR = 0.0
LEFT_ALONE_FLOOR = 0.97


def test_dev_update_rates():
    found = sum(contradiction(old, new) is not None for old, new, _ in UPDATES)
    flagged = [(old, new, c) for old, new, c in NON_UPDATES if contradiction(old, new) is not None]
    print(
        f"\ndev updates found: {found}/{len(UPDATES)}; non-updates left alone: {len(NON_UPDATES) - len(flagged)}/{len(NON_UPDATES)}"
    )
    for case in flagged:
        print("  flagged:", case)
    assert found / len(UPDATES) >= UPDATE_FLOOR
    assert 1 - len(flagged) / len(NON_UPDATES) >= LEFT_ALONE_FLOOR
