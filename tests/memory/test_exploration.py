"""Exploration: the bonus arithmetic, its seeded draws, and what it lets recall show."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from graphmind.core.clock import FixedClock
from graphmind.errors import BadUserInput
from graphmind.memory import exploration
from graphmind.memory.model import parse_memory_input
from graphmind.memory.recall import Channel, recall
from graphmind.memory.store import remember_many
from tests.memory.test_recall import TableEmbedder, unit

NOW = datetime(2025, 3, 1, 12, tzinfo=UTC)


def test_bonus_is_the_bound_times_the_spread_times_the_draw():
    assert exploration.bonus(0.2, 0.25, 0.5) == pytest.approx(0.2 * 0.5 * 0.5)  # c·√P·u = 0.05
    assert exploration.bonus(0.2, None, 0.5) == pytest.approx(0.1)  # never scored: P = 1
    assert exploration.bonus(0.2, 4.0, 0.5) == pytest.approx(0.1)  # P above 1 counts as 1
    assert exploration.bonus(0.0, 1.0, 0.9) == 0.0  # switched off


def test_draws_are_uniform_seeded_and_depend_on_every_input():
    draw = exploration.draw(3, "u", "q", NOW, "m")
    assert 0 <= draw < 1
    assert draw == exploration.draw(3, "u", "q", NOW, "m")
    others = {
        exploration.draw(4, "u", "q", NOW, "m"),
        exploration.draw(3, "v", "q", NOW, "m"),
        exploration.draw(3, "u", "r", NOW, "m"),
        exploration.draw(3, "u", "q", NOW + timedelta(seconds=1), "m"),
        exploration.draw(3, "u", "q", NOW, "n"),
    }
    assert draw not in others and len(others) == 5
    many = [exploration.draw(0, "u", "q", NOW, str(i)) for i in range(2000)]
    assert 0.45 < sum(many) / len(many) < 0.55


async def _two_near_tied(deps, user_id, bound):
    """A (vector rank 1, well tried: P = 0.01) and B (rank 2, never scored: P = 1)."""
    a, b, query = "advice tried many times", "advice never tried yet", "which advice"
    fake = replace(
        deps,
        clock=FixedClock(NOW),
        embedder=TableEmbedder({a: unit(1, 0.1), b: unit(1, 0.3), query: unit(1, 0)}),
        settings=deps.settings.model_copy(
            update={
                # near-tied by rank fusion (min-max scores would put the second at 0)
                "recall_fusion": "rrf",
                "rrf_k": 10,
                "rank_weight_similarity": 1.0,
                "rank_weight_retrievability": 0.0,
                "rank_weight_utility": 0.0,
                "exploration": bound,
                "exploration_seed": 11,
                "coretrieval_rate": 0.0,
            }
        ),
    )
    stored = await remember_many(
        fake,
        user_id,
        [
            parse_memory_input({"content": a, "validFrom": NOW - timedelta(days=10)}),
            parse_memory_input({"content": b, "validFrom": NOW - timedelta(days=20)}),
        ],
    )
    tried, untried = (s.memory.id for s in stored)
    await deps.db.write_once("testing.set_evidence", userId=user_id, id=tried, utility=0.5, variance=0.01)
    return fake, tried, untried, query


async def test_exploration_off_keeps_the_ranking(deps, user_id):
    fake, tried, untried, query = await _two_near_tied(deps, user_id, 0.0)
    for minute in range(10):
        fake.clock.set(NOW + timedelta(minutes=minute))
        result = await recall(fake, user_id, query, limit=1, channels=(Channel.VECTOR,), neighbours=False)
        assert [i.memory.id for i in result.items] == [tried]
        assert result.items[0].breakdown.exploration == 0.0


async def test_the_bonus_on_a_hand_computed_example(deps, user_id):
    fake, tried, untried, query = await _two_near_tied(deps, user_id, 0.5)
    result = await recall(fake, user_id, query, limit=2, channels=(Channel.VECTOR,), neighbours=False)
    by_id = {i.memory.id: i for i in result.items}
    u_tried = exploration.draw(11, user_id, query, NOW, tried)
    u_untried = exploration.draw(11, user_id, query, NOW, untried)
    # relevance: RRF 1/11 and 1/12 relative to the best, so 1 and 11/12
    expected = {tried: 1.0 + 0.5 * 0.1 * u_tried, untried: 11 / 12 + 0.5 * 1.0 * u_untried}
    for memory_id, score in expected.items():
        assert by_id[memory_id].score == pytest.approx(score, abs=1e-6)
        assert by_id[memory_id].breakdown.final_score == pytest.approx(score, abs=1e-6)
    assert by_id[untried].breakdown.exploration == pytest.approx(0.5 * u_untried)
    assert [i.memory.id for i in result.items] == sorted(expected, key=lambda m: -expected[m])


async def test_the_untried_memory_is_sometimes_shown_first(deps, user_id):
    fake, tried, untried, query = await _two_near_tied(deps, user_id, 0.5)
    firsts = []
    for minute in range(30):
        fake.clock.set(NOW + timedelta(minutes=minute))
        result = await recall(fake, user_id, query, limit=1, channels=(Channel.VECTOR,), neighbours=False)
        firsts.append(result.items[0].memory.id)
    # P(0.5·u_B − 0.05·u_A > 1/12) ≈ 0.79: the untried one is often seen, the tried one still is
    assert 0 < firsts.count(untried) < 30
    # a per-call bound overrides the setting
    result = await recall(fake, user_id, query, limit=1, channels=(Channel.VECTOR,), neighbours=False, explore=0.0)
    assert result.items[0].memory.id == tried


async def test_a_bound_out_of_range_is_refused(deps, user_id):
    with pytest.raises(BadUserInput) as refused:
        await recall(deps, user_id, "anything", explore=0.9)
    assert refused.value.field == "exploration"
