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


def kalman_unobserve(
    posterior: Utility, observed: float, measurement_noise: float = 0.5, process_noise: float = PROCESS_NOISE
) -> Utility:
    """The estimate before `kalman_update` took `observed` in, from the one after: exact when
    nothing was observed since, else the information that observation added taken out
    (1/P = 1/(P' − Q) − 1/R). Unchanged when that leaves no information (others since)."""
    before_noise = posterior.variance - process_noise
    if not 0 < before_noise < measurement_noise:
        return posterior
    variance = 1 / (1 / before_noise - 1 / measurement_noise)
    gain = variance / (variance + measurement_noise)
    estimate = (posterior.estimate - gain * observed) / (1 - gain)
    return Utility(estimate=min(1.0, max(0.0, estimate)), variance=variance)
