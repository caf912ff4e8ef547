"""A memory's utility (seed 003 policy 6): a 1-D Kalman estimate of how useful it is.

Recall observes it (a retrieval's rank, `record_retrieval.cypher`), outcomes observe it
strongly (`learning/outcomes.py`); the arithmetic lives here, below both.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Utility:
    """A 1-D Kalman estimate of a memory's usefulness (seed 003 policy 6), fed by two signals:
    outcomes (observed (quality + 1) / 2, measurement noise 0.5 / attribution: strong) and
    retrievals (observed 0.5 + 0.5 / rank, measurement noise GRAPHMIND_UTILITY_RETRIEVAL_NOISE:
    weak, and off by default; cypher/memory/record_retrieval.cypher applies the same update)."""

    estimate: float = 0.5
    variance: float = 1.0


PROCESS_NOISE = 0.01  # Q: how much a memory's true usefulness may drift between observations


def retrieval_observation(rank: int) -> float:
    """What a retrieval at `rank` (1 = first) says of a memory's usefulness: 1 first, 0.75 second, → 0.5."""
    return 0.5 + 0.5 / rank


def kalman_update(
    prior: Utility, observed: float, measurement_noise: float = 0.5, process_noise: float = PROCESS_NOISE
) -> Utility:
    """K = P / (P + R); x̂ += K (observed − x̂); P = (1 − K) P + Q."""
    gain = prior.variance / (prior.variance + measurement_noise)
    estimate = prior.estimate + gain * (observed - prior.estimate)
    return Utility(estimate=estimate, variance=(1 - gain) * prior.variance + process_noise)
