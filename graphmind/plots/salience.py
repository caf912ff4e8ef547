"""A memory's salience over time, from the event log.

What the log records per memory: `memory.stored` (when), `salience.adjusted` (each
outcome's change of the outcome adjustment: previous, new, delta, reason), with the
`outcome.observed` it came from (quality, signal), and status changes (superseded,
forgotten, restored, archived, promoted). What it does not record: the memory's base
salience and the decay job's gradual decay of it (`core/events.py`). So the
effective salience drawn is `clamp(today's base + adjustment)`: exact in its steps,
and shifted by whatever decay took from the base (the figure says so). A diamond marks
when the memory was stored (its creation time), a star the value in the database now.
"""

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from matplotlib import dates
from matplotlib.figure import Figure

from graphmind.memory.model import effective_salience
from graphmind.plots import new_figure

XLABEL = "time (UTC)"
YLABEL_EFFECTIVE = "effective salience"
YLABEL_ADJUSTMENT = "outcome adjustment"
STATUS_EVENTS = {
    "memory.superseded": "superseded",
    "memory.forgotten": "forgotten",
    "memory.restored": "restored",
    "memory.archived": "archived",
    "memory.promoted": "promoted",
}
TYPES = ["memory.stored", "salience.adjusted", "outcome.observed", *STATUS_EVENTS]
MIN_SPAN = timedelta(minutes=1)


@dataclass(frozen=True)
class Adjustment:
    at: datetime
    previous: float  # outcome adjustment before
    new: float  # and after
    delta: float
    reason: str
    quality: float | None = None  # of the outcome, when the log has it


@dataclass(frozen=True)
class Mark:
    at: datetime
    label: str


@dataclass
class SalienceHistory:
    memory_id: str
    content: str
    created_at: datetime
    now: datetime
    base_salience: float  # today's (decay included)
    effective_salience: float  # stored today
    adjustments: list[Adjustment] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)


def _outcome_style(quality: float | None) -> tuple[str, str, str]:
    if quality is None or quality == 0:
        return "o", "#888888", "neutral outcome"
    return ("^", "#2E9E5B", "good outcome") if quality > 0 else ("v", "#D64545", "bad outcome")


def salience_figure(history: SalienceHistory) -> Figure:
    figure = new_figure(9, 6)
    top, bottom = figure.subplots(2, 1, sharex=True, height_ratios=[2, 1])
    base = history.base_salience
    times = [history.created_at] + [a.at for a in history.adjustments] + [history.now]
    adjustment = [0.0] + [a.new for a in history.adjustments]
    adjustment.append(adjustment[-1])
    top.step(
        times,
        [effective_salience(base, a) for a in adjustment],
        where="post",
        color="#4C8EDA",
        label="base today + outcome adjustment",
    )
    top.plot(
        [history.created_at],
        [effective_salience(base, 0.0)],
        marker="D",
        color="#4C8EDA",
        markersize=8,
        linestyle="none",
        label="stored",
    )
    seen: set[str] = set()
    for a in history.adjustments:
        marker, colour, label = _outcome_style(a.quality)
        top.plot(
            [a.at],
            [effective_salience(base, a.new)],
            marker=marker,
            color=colour,
            markersize=9,
            linestyle="none",
            label=None if label in seen else label,
        )
        seen.add(label)
    top.plot(
        [history.now],
        [history.effective_salience],
        marker="*",
        color="#F79767",
        markersize=14,
        linestyle="none",
        label="now (the value in the database)",
    )
    for mark in history.marks:
        for axes in (top, bottom):
            axes.axvline(mark.at, color="#999999", linestyle="--", linewidth=0.8)
        top.annotate(
            mark.label, (mark.at, 1.0), xytext=(3, -12), textcoords="offset points", fontsize=8, color="#666666"
        )
    top.set_ylim(-0.02, 1.05)
    top.set_ylabel(YLABEL_EFFECTIVE)
    top.legend(loc="lower left", fontsize=8)
    top.grid(alpha=0.3)
    text = history.content if len(history.content) <= 70 else history.content[:69] + "…"
    top.set_title(f"Salience of memory {history.memory_id[:8]}: “{text}”", fontsize=10)

    bottom.step(times, adjustment, where="post", color="#6C757D")
    for a in history.adjustments:
        _, colour, _ = _outcome_style(a.quality)
        bottom.vlines(a.at, a.previous, a.new, color=colour, linewidth=3)
    bottom.axhline(0.0, color="#444444", linewidth=0.6)
    bottom.set_ylabel(YLABEL_ADJUSTMENT)
    bottom.set_xlabel(XLABEL)
    bottom.grid(alpha=0.3)
    _time_axis(bottom, history.created_at, history.now)
    figure.supxlabel(
        f"From the event log: {len(history.adjustments)} salience.adjusted events. Decay of the base "
        f"salience is not in the log, so the line uses today's base ({base:.3f}) throughout.",
        fontsize=7,
        color="#666666",
    )
    return figure


def _time_axis(axes, start: datetime, end: datetime) -> None:
    """Ticks labelled one way per scale: days as dates, hours and minutes as HH:MM, seconds as
    HH:MM:SS (matplotlib's concise default writes "20", "30", "09:01" for seconds), the date in
    the offset; at least MIN_SPAN wide, so no tick falls between seconds."""
    span = max(end - start, MIN_SPAN)
    axes.set_xlim(start - span * 0.03, start + span * 1.03)
    locator = dates.AutoDateLocator()
    axes.xaxis.set_major_locator(locator)
    axes.xaxis.set_major_formatter(
        dates.ConciseDateFormatter(
            locator,
            formats=["%Y", "%b", "%d", "%H:%M", "%H:%M", "%H:%M:%S"],
            zero_formats=["", "%Y", "%b", "%b %d", "%H:%M", "%H:%M:%S"],
            offset_formats=["", "%Y", "%Y %b", "%Y %b %d", "%Y %b %d", "%Y %b %d"],
        )
    )


async def load(deps, user_id: str, memory_id: str) -> SalienceHistory:
    """The memory (NOT_FOUND if it is not the user's) and its events, read page by page."""
    from graphmind.learning import event_log
    from graphmind.memory import manage

    memory = await manage.get_memory(deps, user_id, memory_id)
    qualities: dict[str, float] = {}
    adjustments: list[Adjustment] = []
    marks: list[Mark] = []
    after = 0
    while True:
        page = await event_log.events_after(deps, user_id, after, TYPES, event_log.MAX_PAGE)
        for e in page:
            if e.type == "outcome.observed":
                qualities[e.payload["outcomeId"]] = e.payload["quality"]
            elif e.payload.get("memoryId") != memory_id:
                continue
            elif e.type == "salience.adjusted":
                outcome_id = e.payload.get("outcomeId")
                quality = qualities.get(outcome_id) if outcome_id is not None else None
                adjustments.append(
                    Adjustment(
                        e.at, e.payload["previous"], e.payload["new"], e.payload["delta"], e.payload["reason"], quality
                    )
                )
            elif e.type in STATUS_EVENTS:
                marks.append(Mark(e.at, STATUS_EVENTS[e.type]))
        if len(page) < event_log.MAX_PAGE:
            break
        after = page[-1].seq
    return SalienceHistory(
        memory.id,
        memory.content,
        memory.created_at,
        deps.clock.now(),
        memory.base_salience,
        memory.effective_salience,
        adjustments,
        marks,
    )
