"""Rules R1 (temporal level) and R2 (initial salience) as documented in docs/memory.md."""

import pytest

from graphmind.memory.heuristics import initial_salience, temporal_level
from graphmind.memory.model import ContentType as C


@pytest.mark.parametrize(
    ("text", "content_type", "level"),
    [
        ("User always prefers tabs over spaces", C.PREFERENCE, 4),
        ("User values clean code above all", C.FACT, 4),
        ("User typically ships releases every quarter", C.OBSERVATION, 3),
        ("Working on the Neo4j migration this week", C.GOAL, 2),
        ("Currently debugging the API latency issue", C.EVENT, 1),
        ("Deployed version 2 to production", C.EVENT, 1),
        ("The staging database runs on port 7687", C.FACT, 2),
    ],
)
def test_r1_temporal_level(text, content_type, level):
    assert temporal_level(text, content_type) == level


@pytest.mark.parametrize(
    ("text", "content_type", "salience"),
    [
        ("I prefer Redis for caching layers", C.PREFERENCE, 1.0),
        ("Redis measured 3x faster than Memcached here", C.OBSERVATION, 0.8),
        ("The team uses Neo4j for the graph store", C.FACT, 0.6),
        ("Maybe the cache is stale again", C.OBSERVATION, 0.4),
        ("ok, sounds good!!", C.EVENT, 0.2),
        ("Caroline said: I love painting sunsets", C.EVENT, 0.6),
        ("Mel said: maybe we could go camping", C.EVENT, 0.6),
    ],
)
def test_r2_initial_salience(text, content_type, salience):
    assert initial_salience(text, content_type) == salience
