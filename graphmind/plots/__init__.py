"""PNG charts people would rather look at than read: `graphmind plot learning | drift | salience`.

Each module keeps a pure function that draws a matplotlib Figure from plain data (the
tests call it with fixed data) apart from the code that loads that data. Figures are
built without pyplot (no global state, no display needed) and written with `save`.
"""

from pathlib import Path

from matplotlib.figure import Figure


def new_figure(width: float = 8.0, height: float = 4.5) -> Figure:
    return Figure(figsize=(width, height), layout="constrained")


def save(figure: Figure, path: Path) -> Path:
    """Writes the figure as a PNG (parent folders created); returns the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="png", dpi=120)
    return path
