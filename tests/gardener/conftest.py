"""Gardener tests run on a controllable clock."""

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from graphmind.clock import FixedClock
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store import remember_many

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(START)


@pytest.fixture
def timed(deps, clock):
    """The services on the test Neo4j with the FixedClock."""
    return replace(deps, clock=clock)


@pytest.fixture
def store(timed, user_id):
    """store(content, **fields) → the RememberResult, on the fixed clock."""

    async def remember(content: str, **fields):
        [result] = await remember_many(timed, user_id, [parse_memory_input({"content": content, **fields})])
        return result

    return remember
