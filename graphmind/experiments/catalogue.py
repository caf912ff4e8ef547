"""Seed 000's active hypotheses H1-H6 as experiments on the learning benchmark.

Each arm is settings overrides (applied with `Settings.model_copy`) and overrides of
the benchmark's `Config`; `bench` overrides apply to both arms. The metric is one
of `measures.MEASURES`, scored per trial.
"""

from dataclasses import dataclass, field

from graphmind.errors import BadUserInput


@dataclass(frozen=True)
class Arm:
    description: str
    settings: dict = field(default_factory=dict)
    bench: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"settings": self.settings, "bench": self.bench}


@dataclass(frozen=True)
class Hypothesis:
    key: str
    slug: str
    title: str
    statement: str
    metric: str  # a name in measures.MEASURES
    metric_description: str
    higher_is_better: bool
    control: Arm
    treatment: Arm
    bench: dict = field(default_factory=dict)  # Config overrides of both arms

    @property
    def label(self) -> str:
        return f"{self.key}: {self.title}"


CATALOGUE = (
    Hypothesis(
        "H1",
        "temporal-dampening",
        "Temporal Dampening Rates",
        "Steeper dampening [1.0, 0.3, 0.1, 0.03] prevents identity drift",
        "salience_drift",
        "identity drift: mean |outcome adjustment| of the episode's memories at its end, "
        "all remembered at temporal level 4 (identity)",
        higher_is_better=False,
        control=Arm("dampening [1.0, 0.5, 0.25, 0.1]", {"temporal_dampening": (1.0, 0.5, 0.25, 0.1)}),
        treatment=Arm("dampening [1.0, 0.3, 0.1, 0.03]", {"temporal_dampening": (1.0, 0.3, 0.1, 0.03)}),
        bench={"temporal_level": 4},
    ),
    Hypothesis(
        "H2",
        "rrf-k",
        "RRF K-Parameter",
        "k=30 favors top results more strongly",
        "outcome_quality",
        "decision quality: mean outcome quality over the episode's rounds (+0.8 good advice acted on, -0.8 misleading)",
        higher_is_better=True,
        control=Arm("rrf_k=60", {"recall_fusion": "rrf", "rrf_k": 60}),
        treatment=Arm("rrf_k=30", {"recall_fusion": "rrf", "rrf_k": 30}),
    ),
    Hypothesis(
        "H3",
        "learning-rate-decay",
        "Learning Rate Decay",
        "Decay learning rate over time (0.1 → 0.01)",
        "late_harmful_share",
        "false positives: mean share of misleading advice in the top k over the second half of the episode",
        higher_is_better=False,
        control=Arm("fixed learning rate 0.1", {"learning_rate": 0.1, "learning_rate_min": 0.1}),
        treatment=Arm(
            "learning rate 0.1 → 0.01, half-life 10 outcomes per memory",
            {"learning_rate": 0.1, "learning_rate_min": 0.01, "learning_rate_half_life": 10.0},
        ),
    ),
    Hypothesis(
        "H4",
        "negative-weighting",
        "Negative Outcome Weighting",
        "Negative outcomes should weight 2x (loss aversion)",
        "harmful_share",
        "harmful memory suppression speed: mean share of misleading advice in the top k over the episode "
        "(the area under its curve: the faster misleading memories sink, the lower)",
        higher_is_better=False,
        control=Arm("symmetric: negative_outcome_weight=1.0", {"negative_outcome_weight": 1.0}),
        treatment=Arm("loss-averse: negative_outcome_weight=2.0", {"negative_outcome_weight": 2.0}),
    ),
    Hypothesis(
        "H5",
        "retrieval-count",
        "Retrieval Count Impact",
        "Fewer memories (5) lead to more focused decisions",
        "outcome_quality",
        "outcome quality: mean outcome quality over the episode's rounds (the agent decides with the top k)",
        higher_is_better=True,
        control=Arm("top_k=10 memories per decision", bench={"top_k": 10}),
        treatment=Arm("top_k=5 memories per decision", bench={"top_k": 5}),
    ),
    Hypothesis(
        "H6",
        "fusion-weights",
        "Multi-Modal Fusion Weights",
        "Vector 0.5, Keyword 0.3, Graph 0.2",
        "precision",
        "retrieval relevance: mean share of good advice in the top k over the episode",
        higher_is_better=True,
        control=Arm(
            "vector/keyword/graph 1/1/1", {"rrf_weight_vector": 1.0, "rrf_weight_keyword": 1.0, "rrf_weight_graph": 1.0}
        ),
        treatment=Arm(
            "vector/keyword/graph 0.5/0.3/0.2",
            {"rrf_weight_vector": 0.5, "rrf_weight_keyword": 0.3, "rrf_weight_graph": 0.2},
        ),
    ),
)


def find(name: str) -> Hypothesis:
    """A hypothesis by key (`H2`, any case) or slug (`rrf-k`)."""
    for hypothesis in CATALOGUE:
        if name.upper() == hypothesis.key or name.lower() == hypothesis.slug:
            return hypothesis
    names = ", ".join(f"{h.key} ({h.slug})" for h in CATALOGUE)
    raise BadUserInput(f"no experiment {name!r}; known: {names}", field="name")
