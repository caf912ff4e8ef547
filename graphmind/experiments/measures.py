"""What one trial (an episode of the learning benchmark) scores, per metric.

Every measure is a mean over the episode, so each trial gives one number:
- `outcome_quality`: the outcome quality the simulator reported, averaged over the
  rounds (+q when the advice acted on was good, −q when it was misleading).
- `precision`: the share of good advice in the top k, averaged over the rounds.
- `harmful_share`: the share of misleading advice in the top k, averaged over the
  rounds: the area under the harmful-share curve, so the faster misleading memories
  sink, the lower it is.
- `late_harmful_share`: the same over the second half of the rounds only (misleading
  advice still surfacing after learning had time to act: false positives).
- `salience_drift`: the mean |outcome adjustment| of the episode's memories at its end
  (memories no outcome touched count 0).
"""

from statistics import fmean

from graphmind.bench.learning import Episode


def outcome_quality(episode: Episode) -> float:
    return fmean(r.quality for r in episode.rounds)


def precision(episode: Episode) -> float:
    return fmean(r.precision for r in episode.rounds)


def harmful_share(episode: Episode) -> float:
    return fmean(r.harmful for r in episode.rounds)


def late_harmful_share(episode: Episode) -> float:
    late = episode.rounds[len(episode.rounds) // 2 :]
    return fmean(r.harmful for r in late)


def salience_drift(episode: Episode) -> float:
    total = sum(abs(a) for a in episode.adjustments.values())
    return total / max(episode.memories, len(episode.adjustments), 1)


MEASURES = {
    "outcome_quality": outcome_quality,
    "precision": precision,
    "harmful_share": harmful_share,
    "late_harmful_share": late_harmful_share,
    "salience_drift": salience_drift,
}


def measure_all(episode: Episode) -> dict[str, float]:
    """Every measure of one episode, by name."""
    return {name: measure(episode) for name, measure in MEASURES.items()}
