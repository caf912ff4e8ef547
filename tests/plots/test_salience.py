"""A memory's salience over time: fixed history, then the event log of a real decision and outcomes."""

import asyncio
import re
from datetime import UTC, datetime, timedelta

import pytest
from click.testing import CliRunner
from matplotlib.backends.backend_agg import FigureCanvasAgg

from graphmind.cli import cli
from graphmind.learning import decisions, outcomes
from graphmind.memory import manage
from graphmind.plots.salience import (
    XLABEL,
    YLABEL_ADJUSTMENT,
    YLABEL_EFFECTIVE,
    Adjustment,
    Mark,
    SalienceHistory,
    load,
    salience_figure,
)

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def history(**fields) -> SalienceHistory:
    return SalienceHistory(
        **{
            "memory_id": "4f357d0e-26a3-4ed7-aaef-005587aa2d86",
            "content": "User prefers Redis for caching",
            "created_at": T0,
            "now": T0 + timedelta(days=10),
            "base_salience": 0.6,
            "effective_salience": 0.63,
            "adjustments": [
                Adjustment(T0 + timedelta(days=1), 0.0, 0.032, 0.032, "outcome", 0.8),
                Adjustment(T0 + timedelta(days=3), 0.032, 0.012, -0.02, "outcome", -0.5),
                Adjustment(T0 + timedelta(days=4), 0.012, 0.012, 0.0, "outcome", None),
            ],
            "marks": [Mark(T0 + timedelta(days=6), "promoted")],
            **fields,
        }
    )


def test_effective_salience_and_adjustments_with_a_marker_per_outcome(png):
    figure = salience_figure(history())
    top, bottom = figure.axes
    assert top.get_ylabel() == YLABEL_EFFECTIVE == "effective salience"
    assert bottom.get_ylabel() == YLABEL_ADJUSTMENT == "outcome adjustment"
    assert bottom.get_xlabel() == XLABEL == "time (UTC)"
    assert top.get_title().startswith("Salience of memory 4f357d0e: “User prefers Redis")
    legend = [t.get_text() for t in top.get_legend().get_texts()]
    assert legend == [
        "base today + outcome adjustment",
        "stored",
        "good outcome",
        "bad outcome",
        "neutral outcome",
        "now (the value in the database)",
    ]
    step = top.get_lines()[0]
    assert [round(y, 3) for y in step.get_ydata()] == [0.6, 0.632, 0.612, 0.612, 0.612]
    assert "promoted" in [t.get_text() for t in top.texts]
    png(figure)


def test_the_stored_marker_sits_at_the_creation_time():
    top, _ = salience_figure(history()).axes
    markers = {line.get_label(): list(line.get_xdata()) for line in top.get_lines()}
    assert markers["stored"] == [T0] and markers["now (the value in the database)"] == [T0 + timedelta(days=10)]


@pytest.mark.parametrize(
    ("span", "label"),
    [
        (timedelta(seconds=50), r"\d\d:\d\d:\d\d"),  # seconds: every tick HH:MM:SS
        (timedelta(minutes=40), r"\d\d:\d\d"),
        (timedelta(hours=5), r"\d\d:\d\d"),  # hours: never a bare seconds count
    ],
)
def test_time_labels_keep_one_format(span, label):
    start = T0 + timedelta(seconds=17)
    steps = [Adjustment(start + span * f, 0.0, 0.03, 0.03, "outcome", 0.8) for f in (0.1, 0.5, 0.9)]
    figure = salience_figure(history(created_at=start, now=start + span, adjustments=steps, marks=[]))
    FigureCanvasAgg(figure).draw()
    labels = [t.get_text() for t in figure.axes[1].get_xticklabels()]
    assert len(labels) >= 3 and all(re.fullmatch(label, text) for text in labels), labels


def test_a_memory_without_outcomes_is_a_flat_line(png):
    figure = salience_figure(history(adjustments=[], marks=[], content="x" * 200))
    top, bottom = figure.axes
    assert top.get_ylabel() == YLABEL_EFFECTIVE and bottom.get_xlabel() == XLABEL
    assert [round(y, 3) for y in top.get_lines()[0].get_ydata()] == [0.6, 0.6]
    assert top.get_title().endswith("…”")
    png(figure)


async def test_history_from_the_event_log(remember, deps, user_id, tmp_path):
    redis = await remember("User prefers Redis for caching", baseSalience=0.6, temporalLevel=2)
    other = await remember("The cache must survive restarts", baseSalience=0.5, temporalLevel=2)
    for quality in (0.8, -0.6):
        decision = await decisions.decide(
            deps,
            user_id,
            decisions.DecisionDraft(
                decisions.DecisionType.RECOMMENDATION,
                "Use Redis for the cache layer",
                memories=[decisions.Contribution(redis.memory.id, 0.8), decisions.Contribution(other.memory.id, 0.2)],
            ),
        )
        signal = outcomes.Signal.USER_ACCEPTED if quality > 0 else outcomes.Signal.USER_REJECTED
        await outcomes.observe_outcome(deps, user_id, outcomes.OutcomeDraft(decision.trace_id, quality, signal))
    await manage.forget(deps, user_id, redis.memory.id)

    found = await load(deps, user_id, redis.memory.id)
    assert [a.quality for a in found.adjustments] == [0.8, -0.6]
    assert round(found.adjustments[0].delta, 3) == 0.032 and found.adjustments[1].previous == found.adjustments[0].new
    assert [m.label for m in found.marks] == ["forgotten"]
    stored = await manage.get_memory(deps, user_id, redis.memory.id)
    assert found.adjustments[-1].new == stored.outcome_adjustment and found.base_salience == stored.base_salience

    out = tmp_path / "salience.png"
    result = await asyncio.to_thread(
        CliRunner().invoke, cli, ["plot", "salience", redis.memory.id, "--user", user_id, "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {out} (2 outcome adjustments)\n" and out.stat().st_size > 5_000


def test_another_users_memory_is_not_found(db, user_id, tmp_path):
    result = CliRunner().invoke(
        cli,
        [
            "plot",
            "salience",
            "00000000-0000-0000-0000-000000000000",
            "--user",
            user_id,
            "--out",
            str(tmp_path / "s.png"),
        ],
    )
    assert result.exit_code == 1
    assert result.stderr == "Error: no memory 00000000-0000-0000-0000-000000000000\n"
