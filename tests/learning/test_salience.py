"""Rules R15-R18, by hand."""

import pytest

from graphmind.learning.salience import (
    apply_delta,
    attribution,
    decayed_learning_rate,
    normalise_scores,
    salience_delta,
    surprise,
)


def test_seed_worked_example_to_three_decimals():
    delta = salience_delta(quality=0.8, attribution=0.8, temporal_level=2)
    change = apply_delta(base=0.6, adjustment=0.0, delta=delta)
    assert round(delta, 3) == 0.032
    assert round(change.new_adjustment, 3) == 0.032
    assert round(change.new_effective, 3) == 0.632


@pytest.mark.parametrize(("level", "dampening"), [(1, 1.0), (2, 0.5), (3, 0.25), (4, 0.1)])
def test_temporal_dampening_per_level(level, dampening):
    assert salience_delta(0.5, 0.5, level) == pytest.approx(0.5 * 0.5 * 0.1 * dampening)


def test_single_change_is_capped_at_a_tenth():
    assert salience_delta(1.0, 1.0, 1, learning_rate=0.5) == 0.1
    assert salience_delta(-1.0, 1.0, 1, learning_rate=0.5) == -0.1


def test_loss_aversion_doubles_a_negative_delta_within_the_cap():
    assert salience_delta(-0.8, 0.8, 2, negative_weight=2.0) == pytest.approx(-0.064)  # 2 × −0.032
    assert salience_delta(0.8, 0.8, 2, negative_weight=2.0) == pytest.approx(0.032)  # positive: unchanged
    assert salience_delta(-1.0, 1.0, 1, negative_weight=2.0) == -0.1  # −0.2 capped (R16)


def test_a_dampening_table_override():
    steeper = (1.0, 0.3, 0.1, 0.03)
    assert salience_delta(0.5, 0.5, 2, dampening=steeper) == pytest.approx(0.5 * 0.5 * 0.1 * 0.3)
    assert salience_delta(0.5, 0.5, 4, dampening=steeper) == pytest.approx(0.5 * 0.5 * 0.1 * 0.03)


def test_learning_rate_decays_with_a_memorys_outcomes():
    assert decayed_learning_rate(0.1, 0.1, 10, 50) == 0.1  # minimum = rate: no decay
    assert decayed_learning_rate(0.1, 0.01, 10, 0) == pytest.approx(0.1)
    assert decayed_learning_rate(0.1, 0.01, 10, 10) == pytest.approx(0.055)  # halfway after a half-life
    assert decayed_learning_rate(0.1, 0.01, 10, 20) == pytest.approx(0.0325)
    assert decayed_learning_rate(0.1, 0.01, 10, 1000) == pytest.approx(0.01)


def test_total_adjustment_stays_within_half():
    change = apply_delta(base=0.5, adjustment=0.45, delta=0.1)
    assert change.new_adjustment == 0.5 and change.delta == pytest.approx(0.05)
    change = apply_delta(base=0.5, adjustment=-0.45, delta=-0.1)
    assert change.new_adjustment == -0.5


def test_effective_salience_stays_within_zero_and_one():
    assert apply_delta(base=0.95, adjustment=0.0, delta=0.1).new_effective == 1.0
    assert apply_delta(base=0.05, adjustment=0.0, delta=-0.1).new_effective == 0.0


def test_attribution_bounds():
    assert attribution(0.001) == 0.01 and attribution(1.7) == 1.0 and attribution(0.3) == 0.3


def test_r10_normalisation_drops_tiny_scores():
    scores = normalise_scores({"a": 0.9, "b": 0.3, "c": 0.001, "d": 0.0})
    assert scores == pytest.approx({"a": 0.75, "b": 0.25})
    assert normalise_scores({}) == {}


def test_surprise_is_the_outcome_minus_what_the_memories_predicted():
    assert surprise(0.8, {}) == pytest.approx(0.8)
    # shares 0.75 / 0.25 of adjustments +0.4 / -0.2 predict (0.3 - 0.05) / 0.5 = 0.5
    assert surprise(0.8, {"a": (0.75, 0.4), "b": (0.25, -0.2)}) == pytest.approx(0.3)
    assert surprise(-1.0, {"a": (1.0, 0.5)}) == pytest.approx(-2.0)  # a sure thing failed


def test_shared_credit_blames_the_memory_that_causes_the_failures():
    """Two memories always recalled together; the agent acts on the first. Whenever B ranks
    first the decision fails, whenever A does it succeeds (hand-made history, alternating
    ranks, recall scores 1.0 and 0.9). Inferred attribution (1/rank prior) and surprise
    must blame B and credit A."""
    from graphmind.learning.decisions import position_prior

    adjustment = {"A": 0.0, "B": 0.0}
    for round_ in range(20):
        order = ["B", "A"] if round_ % 2 == 0 else ["A", "B"]
        quality = -0.8 if order[0] == "B" else 0.8
        shares = normalise_scores(
            {m: score * position_prior(rank) for rank, (m, score) in enumerate(zip(order, (1.0, 0.9)), start=1)}
        )
        taught = surprise(quality, {m: (attribution(s), adjustment[m]) for m, s in shares.items()})
        for m, share in shares.items():
            delta = salience_delta(taught, attribution(share), 2)
            adjustment[m] = apply_delta(0.5, adjustment[m], delta).new_adjustment
    assert adjustment["B"] < -0.1 and adjustment["A"] > 0.1
