"""Rules R1 (temporal level) and R2 (initial salience) as documented in docs/memory.md."""

import pytest

from graphmind.core.enums import ContentType as C
from graphmind.memory.heuristics import initial_salience, temporal_level


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
        # every example sentence of seed 000 at its stated level (R1, the level heuristics, the hierarchy)
        ("User is founder of Acme Robotics", C.FACT, 4),
        ("User values clean code and developer experience", C.FACT, 4),
        ("User values honest feedback over politeness", C.FACT, 4),
        ("User typically reviews pull requests in the morning", C.OBSERVATION, 3),
        ("Every quarter the team plans its roadmap", C.OBSERVATION, 3),
        ("User does major releases before holidays", C.OBSERVATION, 3),
        ("Working on the billing migration", C.OBSERVATION, 2),
        ("Current focus: the recall latency", C.GOAL, 2),
        ("User is working on Mind v5 MCP integration", C.OBSERVATION, 2),
        ("Currently reading the Neo4j docs", C.EVENT, 1),
        ("Right now the build is red", C.OBSERVATION, 1),
        ("User is debugging API latency issue", C.OBSERVATION, 1),
        # identity needs identity content, not a keyword
        ("The staging server is a t3.large instance on AWS", C.FACT, 2),
        ("The nightly build never finished yesterday", C.FACT, 2),
        ("Redis is a key-value store", C.FACT, 2),
        ("I am tired after the offsite", C.FACT, 2),
        ("I am a vegetarian", C.FACT, 4),
        ("My name is Priya", C.FACT, 4),
        ("I never eat meat", C.PREFERENCE, 4),
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
