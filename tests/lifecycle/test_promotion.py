"""The promotion rule (docs/lifecycle.md): enough good outcomes, spread over the level's span."""

from datetime import UTC, datetime, timedelta

from graphmind.lifecycle.promotion import should_promote

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def outcomes(qualities: list[float], every: timedelta) -> list[tuple[float, datetime]]:
    return [(q, T0 + i * every) for i, q in enumerate(qualities)]


def test_level_1_needs_three_good_outcomes_over_a_day():
    assert should_promote(1, outcomes([0.9, 0.8, 0.9], timedelta(hours=12)))
    assert not should_promote(1, outcomes([0.9, 0.8, 0.9], timedelta(hours=6)))  # too quick
    assert not should_promote(1, outcomes([0.9, 0.8], timedelta(days=1)))  # too few


def test_bad_recent_outcomes_or_a_low_share_block_promotion():
    assert not should_promote(1, outcomes([0.9, 0.9, 0.9, -0.5], timedelta(days=1)))
    assert not should_promote(2, outcomes([0.9] * 5 + [0.1] * 2, timedelta(days=2)))  # share 5/7


def test_higher_levels_need_more_and_level_4_is_the_top():
    assert should_promote(2, outcomes([0.9] * 5, timedelta(days=2)))
    assert not should_promote(3, outcomes([0.9] * 5, timedelta(days=10)))
    assert should_promote(3, outcomes([0.9] * 8, timedelta(days=5)))
    assert not should_promote(4, outcomes([1.0] * 50, timedelta(days=30)))
