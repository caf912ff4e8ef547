"""Spreading a totalling question's results over episodes, on hand-computed examples."""

from datetime import UTC, datetime, timedelta

import pytest

from graphmind.memory.spread import aggregates, episodes, spread

T0 = datetime(2023, 5, 20, 10, tzinfo=UTC)
WINDOW = timedelta(minutes=10)


def _one_episode_and_another() -> tuple[list[dict], list[datetime]]:
    """a, b, c: one episode (two minutes apart); d: another, five hours later."""
    rows = [
        {"id": "a", "relevance": 1.0, "final": 1.0},
        {"id": "b", "relevance": 0.9, "final": 0.93},
        {"id": "c", "relevance": 0.8, "final": 0.86},
        {"id": "d", "relevance": 0.6, "final": 0.72},
    ]
    return rows, [T0, T0 + timedelta(minutes=2), T0 + timedelta(minutes=4), T0 + timedelta(hours=5)]


@pytest.mark.parametrize(
    ("question", "totals"),
    [
        ("How many times have I worn my new sneakers?", True),
        ("How much did I spend on car wash and parking ticket?", True),
        ("What was the total I raised for charity?", True),
        ("When did Caroline go to the LGBTQ support group?", False),
        ("Was the talk totally new to her?", False),
    ],
)
def test_a_question_totals_when_it_asks_how_many_how_much_or_a_total(question, totals):
    assert aggregates(question) is totals


def test_episodes_chain_steps_within_the_gap_and_split_at_larger_ones():
    minutes = [16, 0, 30, 8]  # sorted: 0, 8, 16 (steps of 8) | 30 (a step of 14)
    assert episodes([T0 + timedelta(minutes=m) for m in minutes], WINDOW) == [0, 0, 1, 0]


def test_each_pick_is_discounted_by_the_picks_before_it_in_its_episode():
    """weight 0.7, factor 0.5; a, b, c one episode, d another (five hours later).
    Pick 1: a (1.0). Pick 2: b 0.93 − 0.7·0.9·(1 − 0.5) = 0.615, c 0.86 − 0.7·0.8·0.5 = 0.58,
    d 0.72 → d. Pick 3: b (0.615 > 0.58). Pick 4: c 0.86 − 0.7·0.8·(1 − 0.25) = 0.44."""
    rows, times = _one_episode_and_another()
    picked = spread(rows, times, 0.5, WINDOW, 0.7)
    assert [r["id"] for r in picked] == ["a", "d", "b", "c"]
    assert [r["spread"] for r in picked] == [1.0, 1.0, 0.5, 0.25]
    assert [r["final"] for r in picked] == pytest.approx([1.0, 0.72, 0.615, 0.44])
    assert [r["relevance"] for r in picked] == pytest.approx([1.0, 0.6, 0.45, 0.2])


def test_equal_scores_keep_their_order_and_factor_one_changes_nothing():
    rows = [{"id": i, "relevance": 0.5, "final": 0.5} for i in "xyz"]
    times = [T0 + timedelta(days=d) for d in (2, 1, 0)]
    assert [r["id"] for r in spread(rows, times, 0.7, WINDOW, 0.7)] == ["x", "y", "z"]
    rows = [{"id": i, "relevance": r, "final": r} for i, r in (("p", 0.9), ("q", 0.8))]
    assert [r["id"] for r in spread(rows, [T0, T0], 1.0, WINDOW, 1.0)] == ["p", "q"]


def test_with_picks_only_the_head_is_spread_and_the_rest_keeps_its_order():
    """factor 0.3, two picks: a first; b (same episode) 0.93 − 0.7·0.9·0.7 = 0.489 loses to
    d (another episode, 0.72), so d is second; b and c follow in their order. No score changes."""
    rows, times = _one_episode_and_another()
    picked = spread(rows, times, 0.3, WINDOW, 0.7, picks=2)
    assert [r["id"] for r in picked] == ["a", "d", "b", "c"]
    assert [r["final"] for r in picked] == pytest.approx([1.0, 0.72, 0.93, 0.86])
    assert [r.get("spread", 1.0) for r in picked] == [1.0, 1.0, 1.0, 1.0]


def test_a_head_pick_from_a_much_weaker_episode_does_not_displace_a_strong_match():
    """b's relevance 0.9 · 0.3 = 0.27 is still above d's 0.2: b stays second."""
    rows = [
        {"id": "a", "relevance": 1.0, "final": 1.0},
        {"id": "b", "relevance": 0.9, "final": 0.9},
        {"id": "d", "relevance": 0.2, "final": 0.2},
    ]
    times = [T0, T0 + timedelta(minutes=2), T0 + timedelta(hours=5)]
    picked = spread(rows, times, 0.3, WINDOW, 1.0, picks=2)
    assert [r["id"] for r in picked] == ["a", "b", "d"]
    assert [(r["final"], r.get("spread", 1.0)) for r in picked] == [(1.0, 1.0), (0.9, 1.0), (0.2, 1.0)]
