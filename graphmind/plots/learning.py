"""Learning curves: precision@5 of good advice per block of rounds, learning on vs off.

The data is the learning benchmark's report (`graphmind/bench/learning.py`): run it
(`load`, which needs Neo4j and the model) or read a report it saved as JSON
(`graphmind bench learning --out REPORT.json`).
"""

import json
from pathlib import Path

from matplotlib.figure import Figure

from graphmind.errors import BadUserInput
from graphmind.plots import new_figure

XLABEL = "block of {block} rounds"
YLABEL = "precision@5 of good advice"


def learning_figure(curves: dict[str, list[float]], block: int) -> Figure:
    """Both curves of a report's `precision_at_5` ({"on": […], "off": […]})."""
    figure = new_figure(7, 4)
    axes = figure.add_subplot()
    for arm, marker in (("on", "o"), ("off", "s")):
        values = curves.get(arm) or []
        axes.plot(range(1, len(values) + 1), values, marker=marker, label=f"learning {arm}")
    blocks = max((len(v) for v in curves.values()), default=0)
    axes.set_xticks(range(1, blocks + 1))
    axes.set_xlabel(XLABEL.format(block=block))
    axes.set_ylabel(YLABEL)
    axes.set_ylim(0, 1)
    axes.set_title("Outcome-weighted salience: learning lift")
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    return figure


def figure_from_report(report: dict) -> Figure:
    try:
        return learning_figure(report["precision_at_5"], report["config"]["block"])
    except (KeyError, TypeError):
        raise BadUserInput("not a learning-benchmark report: it needs precision_at_5.on/off and config.block") from None


def read_report(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except json.JSONDecodeError as e:
        raise BadUserInput(f"{path} is not JSON: {e.msg} (line {e.lineno})") from None


async def load(deps, rounds: int, seed: int) -> dict:
    """Runs the learning benchmark (its own users, deleted afterwards); returns its report."""
    from graphmind.bench import learning

    return await learning.run(deps, learning.Config(seed=seed, rounds=rounds), plot=None)
