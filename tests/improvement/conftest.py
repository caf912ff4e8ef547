"""A SourceMemory factory for the pure tests of the worker's selection, proposals and gates."""

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from graphmind.improvement.model import Candidate, CandidateKind, SourceMemory

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def unit(*values: float) -> np.ndarray:
    vector = np.zeros(8, dtype=np.float32)
    vector[: len(values)] = values
    return vector / np.linalg.norm(vector)


@pytest.fixture
def source():
    counter = iter(range(1000))

    def make(content: str, vector=None, **fields) -> SourceMemory:
        n = next(counter)
        values = dict(
            id=f"m{n:03d}",
            user_id="u1",
            content=content,
            content_type="fact",
            temporal_level=2,
            tags=[],
            metadata={},
            trust=0.8,
            source="user",
            effective_salience=0.6,
            access_count=0,
            utility=0.5,
            outcome_adjustment=0.0,
            valid_from=T0 + timedelta(days=n),
            valid_until=None,
            created_at=T0 + timedelta(days=n),
            entities=[],
            embedding=vector if vector is not None else unit(1.0, 0.01 * n),
        )
        values.update(fields)
        return SourceMemory(**values)

    return make


def single(memory: SourceMemory, kind: CandidateKind = CandidateKind.WEAK_STRUCTURE) -> Candidate:
    return Candidate(kind, [memory], "topic", 0.5)
