"""Weight drift: a histogram of how much each association edge moved since a snapshot.

The data is `graphmind.associative.drift.drift` with its largest list (500 edges,
largest change first); when more edges moved, the title says how many are shown.
"""

from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
from matplotlib.figure import Figure

from graphmind.plots import new_figure

XLABEL = "weight change since the snapshot (new − old)"
YLABEL = "association edges"


@dataclass(frozen=True)
class DriftData:
    label: str  # the snapshot's label
    taken_at: datetime
    changes: list[tuple[float, float]] = field(default_factory=list)  # (old, new) per edge
    drifted: int = 0  # edges whose weight moved (may exceed len(changes))
    node_count_delta: int = 0
    edge_count_delta: int = 0


def drift_figure(data: DriftData) -> Figure:
    figure = new_figure(8, 4.5)
    axes = figure.add_subplot()
    new = [n - o for o, n in data.changes if o == 0.0]
    up = [n - o for o, n in data.changes if o > 0.0 and n > o]
    down = [n - o for o, n in data.changes if n < o]
    groups = [
        (v, label, colour)
        for v, label, colour in (
            (new, f"new edges ({len(new)})", "#57C7E3"),
            (up, f"strengthened ({len(up)})", "#4C8EDA"),
            (down, f"weakened ({len(down)})", "#F16667"),
        )
        if v
    ]
    if groups:
        reach = max(abs(d) for v, _, _ in groups for d in v) or 1.0
        bins = np.linspace(-reach, reach, 31).tolist()  # the bin edges, as matplotlib's stubs type them
        axes.hist(
            [v for v, _, _ in groups],
            bins=bins,
            stacked=True,
            label=[label for _, label, _ in groups],
            color=[c for _, _, c in groups],
        )
        axes.axvline(0.0, color="#444444", linewidth=0.8)
        axes.legend(loc="upper left")
    else:
        axes.text(
            0.5,
            0.5,
            "no edge weight changed since this snapshot",
            ha="center",
            va="center",
            transform=axes.transAxes,
            color="#666666",
        )
    shown = len(data.changes)
    scope = f"{shown} edges" if shown >= data.drifted else f"the {shown} largest of {data.drifted} changes"
    axes.set_title(f'Association weight drift since "{data.label}" ({data.taken_at:%Y-%m-%d %H:%M} UTC): {scope}')
    axes.set_xlabel(XLABEL)
    axes.set_ylabel(YLABEL)
    axes.grid(alpha=0.3)
    figure.supxlabel(
        f"memories and entities {data.node_count_delta:+d}, association edges "
        f"{data.edge_count_delta:+d} since the snapshot",
        fontsize=8,
        color="#666666",
    )
    return figure


async def load(deps, user_id: str, since: str) -> DriftData:
    from graphmind.associative import drift

    found = await drift.drift(deps, user_id, since=since, limit=drift.MAX_LIST)
    return DriftData(
        label=found.baseline.label,
        taken_at=found.baseline.taken_at,
        changes=[(d.old, d.new) for d in found.top_weight_drifts],
        drifted=found.drifted_edge_count,
        node_count_delta=found.node_count_delta,
        edge_count_delta=found.edge_count_delta,
    )
