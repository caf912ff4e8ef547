"""`graphmind bench learning`: does outcome learning lift good advice to the top?

A seeded simulated agent works through a stream of tasks from several topics
(shuffled rounds of every topic, so each block sees the same mix). Each topic
has good advice and plausible but misleading advice worded alike, remembered a
day apart over two months (so no two are temporal neighbours). Each round the
agent recalls for the topic's question, decides with the top 5 and acts on what
its policy picks: `random` one of the five, the `top` one, or the `top3` together
(the decision succeeds when at least two of the three are good). The simulator
reports +quality when the decision succeeded and -quality otherwise, flipped with
probability `noise`. Credit: `acted` names the memories acted on (contribution
1.0, the others 0.1), `shared` passes only the retrievalId (the natural call of an
LLM agent: GraphMind infers the attribution), `none` reports no outcomes.
Scenario `binary`: good advice always works, misleading advice never does. Scenario
`graded`: in each topic one good advice (drawn from the seed) is the best and works
with probability 0.95, the other good advice is adequate (0.6), the misleading advice
works with probability 0.1; a majority of the acted-on advice must work. Here an agent
that always acts on the top result settles on adequate advice unless recall explores
(`explore`: the exploration bound of memory/exploration.py; None: the server's setting).
The same stream runs twice in one process, learning on (outcomes reported) and
off (no outcomes), each on its own user with the same memories (`none`: only the
latter). Reported: precision@5 of good memories and decision success per block of
rounds, and a PNG of the curves.
`run_episode` runs one stream and returns its rounds; experiments
(`graphmind/experiments/`) run it once per trial.
"""

import random
import uuid
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tqdm import tqdm

from graphmind.bench.common import Stopwatch, delete_user, percentile
from graphmind.bench.retrieval import ingest
from graphmind.core.enums import ContentType
from graphmind.deps import Deps
from graphmind.learning import decisions, outcomes
from graphmind.memory.model import MemoryInput
from graphmind.memory.recall import recall

# topic: (question, good advice, misleading advice)
TOPICS = {
    "caching": (
        "How should we cache the API responses?",
        [
            "Cache API responses in Redis with a short TTL and invalidate them on every write.",
            "Cache the API responses with an expiry of minutes and purge keys when data changes.",
            "Put a TTL on every cached API response and evict entries when the record is updated.",
            "API response caching works best with explicit invalidation when the source changes.",
            "Use cache keys that include the version so updated records never serve stale responses.",
        ],
        [
            "Cache API responses in process memory forever and never invalidate them on writes.",
            "Cache the API responses without any expiry; stale data is fine for every client.",
            "Never evict cached API responses, even when the underlying record is updated.",
            "API response caching should ignore writes entirely and keep the first answer forever.",
            "Use one global cache key for all responses so every client shares the same answer.",
        ],
    ),
    "database migrations": (
        "How do we run database schema migrations safely?",
        [
            "Run database migrations in a transaction and test the rollback before deploying.",
            "Make schema migrations backwards compatible so old and new code both keep working.",
            "Apply database migrations ahead of the deploy and keep them small and reversible.",
            "Back up the database before a schema migration and rehearse it on a staging copy.",
            "Add new columns as nullable first and backfill them before adding constraints.",
        ],
        [
            "Run database migrations by hand on production and skip testing the rollback.",
            "Make schema migrations in one big batch that drops old columns immediately.",
            "Apply database migrations during peak traffic without any backup of the data.",
            "Edit the production schema directly and fix the application code afterwards.",
            "Add new columns as NOT NULL right away and let existing rows fail to load.",
        ],
    ),
    "deployment": (
        "What is the safest way to deploy the service?",
        [
            "Deploy the service with a canary release and roll back automatically on errors.",
            "Use blue-green deployment so the previous version stays ready for an instant rollback.",
            "Deploy small changes often behind feature flags and watch the error rate closely.",
            "Run the full test suite in CI before every deploy and block on failing checks.",
            "Deploy the service gradually region by region while monitoring latency and errors.",
        ],
        [
            "Deploy the service to all servers at once on Friday evening without a rollback plan.",
            "Skip the staging environment and deploy straight from a developer laptop.",
            "Deploy large batches of changes rarely and disable monitoring during the rollout.",
            "Ignore failing tests in CI and deploy anyway when the release date is near.",
            "Deploy the service everywhere simultaneously and delete the previous version first.",
        ],
    ),
    "password storage": (
        "How should we store user passwords?",
        [
            "Store user passwords hashed with Argon2 or bcrypt and a unique salt per user.",
            "Hash passwords with a slow adaptive function and never keep them in plain text.",
            "Use a vetted library for password hashing and rehash when the cost factor rises.",
            "Keep password hashes separate from other user data and rate limit login attempts.",
            "Salt every password hash individually and store only the hash and its parameters.",
        ],
        [
            "Store user passwords in plain text so support staff can read them to users.",
            "Hash passwords with a single unsalted MD5 round because it is fast.",
            "Encrypt passwords with one shared key stored next to the database.",
            "Keep user passwords in the application logs to help debug login problems.",
            "Reuse one global salt for every password hash to keep the code simple.",
        ],
    ),
    "logging": (
        "How should the service write its logs?",
        [
            "Write structured JSON logs with a correlation id on every request.",
            "Log at info level by default and keep debug logs off in production.",
            "Redact secrets and personal data from log lines before they are written.",
            "Ship logs to a central store with retention limits and useful indexes.",
            "Include the request id, user id hash and latency in each access log line.",
        ],
        [
            "Write free-form log lines without any request or correlation identifier.",
            "Log everything at debug level in production, including request bodies.",
            "Print secrets and tokens in the logs so failures are easier to reproduce.",
            "Keep logs only on the local disk of each server and never rotate them.",
            "Log the full user record, passwords included, on every single request.",
        ],
    ),
    "testing": (
        "How should we test changes to the service?",
        [
            "Write unit tests for each module and integration tests against real dependencies.",
            "Run the whole test suite in CI on every pull request before merging.",
            "Test the failure paths as well as the happy path, including bad input.",
            "Keep tests fast and deterministic so a failure always means a real problem.",
            "Add a regression test for every bug before fixing it in the code.",
        ],
        [
            "Test only the happy path and trust that bad input never reaches the service.",
            "Run the test suite once a month and merge pull requests without checks.",
            "Mock every dependency, including the database, so tests never hit real systems.",
            "Retry flaky tests until they pass instead of finding out why they fail.",
            "Delete failing tests when a deadline is near so the build turns green.",
        ],
    ),
}


@dataclass
class Config:
    seed: int = 7
    rounds: int = 600
    block: int = 50
    top_k: int = 5
    quality: float = 0.8
    acted_contribution: float = 1.0
    other_contribution: float = 0.1
    temporal_level: int = 2
    base_salience: float = 0.6
    days_between_memories: int = 1
    credit: str = "acted"  # acted | shared | none (no outcomes: only the learning-off arm)
    policy: str = "random"  # random | top | top3
    noise: float = 0.0  # probability that the reported outcome is flipped
    scenario: str = "binary"  # binary | graded
    explore: float | None = None  # recall's exploration bound (None: the server's setting)
    best_success: float = 0.95  # graded: the best advice of a topic works this often
    adequate_success: float = 0.6  # graded: the other good advice
    misleading_success: float = 0.1  # graded: the misleading advice


@dataclass(frozen=True)
class Round:
    """One round of an episode: what the top k held and what the simulator reported."""

    topic: str
    precision: float  # share of good advice in the top k
    harmful: float  # share of misleading advice in the top k
    acted_good: bool | None  # the decision succeeded (None when nothing was recalled)
    quality: float  # the outcome reported (0.0 when learning is off or nothing was recalled)


@dataclass
class Episode:
    """A stream of rounds on one user; `adjustments`: each memory's last outcome adjustment."""

    rounds: list[Round] = field(default_factory=list)
    adjustments: dict[str, float] = field(default_factory=dict)
    memories: int = 0


def success_rates(config: Config) -> dict[str, float]:
    """How often each advice works when acted on: 1/0 (binary), or best/adequate/misleading
    (graded; each topic's best drawn from the seed)."""
    if config.scenario == "binary":
        return {t: 1.0 for topic in TOPICS.values() for t in topic[1]} | {
            t: 0.0 for topic in TOPICS.values() for t in topic[2]
        }
    best = random.Random(config.seed + 3)
    rates = {t: config.misleading_success for topic in TOPICS.values() for t in topic[2]}
    for _, good, _ in TOPICS.values():
        winner = best.choice(good)
        rates |= {t: config.best_success if t == winner else config.adequate_success for t in good}
    return rates


def build_stream(config: Config) -> tuple[list[str], list[tuple[str, bool]]]:
    """The topics of the rounds (shuffled rounds of every topic: balanced blocks) and the
    memories as (text, is good), shuffled, both from the config's seed."""
    rng = random.Random(config.seed)
    stream: list[str] = []
    while len(stream) < config.rounds:
        stream += rng.sample(sorted(TOPICS), len(TOPICS))
    texts = [(t, True) for topic in TOPICS.values() for t in topic[1]] + [
        (t, False) for topic in TOPICS.values() for t in topic[2]
    ]
    rng.shuffle(texts)
    return stream[: config.rounds], texts


async def run_episode(
    deps: Deps, user: str, config: Config, learn: bool, timings: dict | None = None, progress: bool = True
) -> Episode:
    """Remembers the memories for `user` and runs the stream (the caller deletes the user)."""
    stream, texts = build_stream(config)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    inputs = [
        MemoryInput(
            content=t,
            content_type=ContentType.FACT,
            temporal_level=config.temporal_level,
            base_salience=config.base_salience,
            valid_from=start + timedelta(days=n * config.days_between_memories),
        )
        for n, (t, _) in enumerate(texts)
    ]
    ids = await ingest(deps, user, inputs, batch=len(inputs), concurrency=1)
    content_of: dict[str, str] = {}
    for memory_id, (text, _) in zip(ids, texts):
        content_of.setdefault(memory_id, text)  # a duplicate keeps the first text
    good = {t for t, is_good in texts if is_good}
    rates = success_rates(config)
    timings = timings if timings is not None else {"decide": [], "observeOutcome": []}
    episode = Episode(memories=len(content_of))
    choices = random.Random(config.seed + 1)  # the same draws with learning on and off
    noise = random.Random(config.seed + 2)
    works = random.Random(config.seed + 4)  # graded: whether each acted-on advice worked
    label = "learning on" if learn else "learning off"
    for topic in tqdm(stream, desc=label, unit="round", disable=not progress):
        result = await recall(deps, user, TOPICS[topic][0], config.top_k, explore=config.explore)
        top = [content_of[i.memory.id] for i in result.items]
        precision = sum(text in good for text in top) / config.top_k
        harmful = sum(text not in good for text in top) / config.top_k
        if not result.items:
            episode.rounds.append(Round(topic, precision, harmful, None, 0.0))
            continue
        acted = _acted(config.policy, len(result.items), choices)
        named = (
            [
                decisions.Contribution(
                    i.memory.id, config.acted_contribution if n in acted else config.other_contribution
                )
                for n, i in enumerate(result.items)
            ]
            if config.credit == "acted"
            else []
        )
        with Stopwatch() as watch:
            decision = await decisions.decide(
                deps,
                user,
                decisions.DecisionDraft(
                    decisions.DecisionType.ACTION,
                    f"Follow the advice on {topic}",
                    retrieval_id=result.retrieval_id,
                    memories=named,
                    confidence=0.5,
                ),
            )
        timings["decide"].append(watch.ms)
        worked = [top[n] in good if config.scenario == "binary" else works.random() < rates[top[n]] for n in acted]
        succeeded = 2 * sum(worked) > len(acted)  # a majority (the one, when one)
        quality = config.quality if succeeded else -config.quality
        if noise.random() < config.noise:
            quality = -quality
        if learn:
            with Stopwatch() as watch:
                outcome = await outcomes.observe_outcome(
                    deps,
                    user,
                    outcomes.OutcomeDraft(
                        decision.trace_id,
                        quality,
                        outcomes.Signal.TASK_COMPLETED if quality > 0 else outcomes.Signal.TASK_FAILED,
                    ),
                )
            timings["observeOutcome"].append(watch.ms)
            episode.adjustments.update({u.memory_id: u.new_adjustment for u in outcome.updates})
        episode.rounds.append(Round(topic, precision, harmful, succeeded, quality if learn else 0.0))
    return episode


def _acted(policy: str, returned: int, rng: random.Random) -> list[int]:
    """The ranks (0-based) the agent acts on."""
    if policy == "top":
        return [0]
    if policy == "top3":
        return list(range(min(3, returned)))
    return [rng.randrange(returned)]


def _blocks(values: list[float], size: int) -> list[float]:
    return [sum(values[i : i + size]) / len(values[i : i + size]) for i in range(0, len(values), size)]


async def run(deps: Deps, config: Config | None = None, plot: Path | None = None) -> dict:
    config = config or Config()
    run_id = uuid.uuid4().hex[:8]
    curves: dict[str, list[float]] = {}
    success: dict[str, list[float]] = {}
    timings: dict[str, list[float]] = {"decide": [], "observeOutcome": []}
    for learn in (True, False) if config.credit != "none" else (False,):
        user = f"bench-learning-{'on' if learn else 'off'}-{run_id}"
        try:
            episode = await run_episode(deps, user, config, learn, timings)
            curves["on" if learn else "off"] = _blocks([r.precision for r in episode.rounds], config.block)
            success["on" if learn else "off"] = _blocks(
                [float(bool(r.acted_good)) for r in episode.rounds], config.block
            )
        finally:
            await delete_user(deps, user)
    report = {
        "config": asdict(config),
        "topics": len(TOPICS),
        "good_per_topic": 5,
        "misleading_per_topic": 5,
        "precision_at_5": curves,
        "success": success,
        "lift_on": curves["on"][-1] - curves["on"][0] if "on" in curves else None,
        "drift_off": curves["off"][-1] - curves["off"][0],
        "latency_ms": {op: {"p50": percentile(v, 50), "p95": percentile(v, 95)} for op, v in timings.items()},
    }
    if plot:
        report["plot"] = str(write_plot(curves, config, plot, success))
    return report


def write_plot(curves: dict, config: Config, path: Path, success: dict | None = None) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path.parent.mkdir(parents=True, exist_ok=True)
    panels = [("precision@5 of good advice", curves)] + ([("decision success", success)] if success else [])
    figure, axes = plt.subplots(1, len(panels), figsize=(7 * len(panels), 4), squeeze=False)
    blocks = list(range(1, len(curves["off"]) + 1))
    for ax, (label, values) in zip(axes[0], panels):
        if "on" in values:
            ax.plot(blocks, values["on"], marker="o", label=f"outcomes reported ({config.credit} credit)")
        ax.plot(blocks, values["off"], marker="s", label="no outcomes")
        ax.set_xlabel(f"block of {config.block} rounds")
        ax.set_xticks(blocks)
        ax.set_ylabel(label)
        ax.set_ylim(0, 1.02)
        ax.grid(alpha=0.3)
        ax.legend()
    explore = "" if not config.explore else f", exploration {config.explore}"
    figure.suptitle(
        f"Outcome learning ({config.scenario}): policy {config.policy}, {config.credit} credit, "
        f"noise {config.noise:.0%}{explore}"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def format_report(report: dict) -> str:
    config, precision, success = report["config"], report["precision_at_5"], report["success"]
    lines = [
        f"learning bench ({config.get('scenario', 'binary')}): {report['topics']} topics × (5 good + 5 misleading), "
        f"{config['rounds']} rounds, seed {config['seed']}, credit {config['credit']}, "
        f"policy {config['policy']}, noise {config['noise']}, exploration {config.get('explore')}",
        "block             " + " ".join(f"{i + 1:>6}" for i in range(len(precision["off"]))),
    ]
    for label, curves in (("precision@5", precision), ("success", success)):
        for arm, name in (("on", "on  "), ("off", "none")):
            if arm in curves:
                lines.append(f"{label + ' ' + name:<18}" + " ".join(f"{v:6.3f}" for v in curves[arm]))
    lift = "" if report["lift_on"] is None else f"with learning: {report['lift_on'] * 100:+.1f} points; "
    lines.append(f"precision@5 lift {lift}without: {report['drift_off'] * 100:+.1f} points")
    for op, ms in report["latency_ms"].items():
        lines.append(f"{op}: p50 {ms['p50']:.1f} ms, p95 {ms['p95']:.1f} ms")
    if "plot" in report:
        lines.append(f"plot: {report['plot']}")
    return "\n".join(lines)
