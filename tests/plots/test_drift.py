"""The weight-drift histogram: fixed data, then a real snapshot and drift on the test Neo4j."""

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from click.testing import CliRunner

from graphmind.associative.drift import take_snapshot
from graphmind.cli import cli
from graphmind.core import edges
from graphmind.core.clock import FixedClock
from graphmind.plots.drift import XLABEL, YLABEL, DriftData, drift_figure, load

TAKEN = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_new_strengthened_and_weakened_edges(png):
    data = DriftData(
        "before the sprint",
        TAKEN,
        [(0.0, 0.2), (0.0, 0.1), (0.5, 0.7), (0.9, 0.45)],
        drifted=4,
        node_count_delta=3,
        edge_count_delta=2,
    )
    figure = drift_figure(data)
    [axes] = figure.axes
    assert (axes.get_xlabel(), axes.get_ylabel()) == (XLABEL, YLABEL)
    assert axes.get_xlabel() == "weight change since the snapshot (new − old)"
    assert axes.get_ylabel() == "association edges"
    assert 'since "before the sprint" (2026-03-02 09:00 UTC): 4 edges' in axes.get_title()
    assert [t.get_text() for t in axes.get_legend().get_texts()] == [
        "new edges (2)",
        "strengthened (1)",
        "weakened (1)",
    ]
    png(figure)


def test_more_drifts_than_shown_and_none_at_all(png):
    crowded = drift_figure(DriftData("s", TAKEN, [(0.1, 0.2)] * 3, drifted=900))
    assert crowded.axes[0].get_title().endswith("the 3 largest of 900 changes")
    png(crowded, "crowded.png")
    quiet = drift_figure(DriftData("s", TAKEN))
    [axes] = quiet.axes
    assert axes.get_xlabel() == XLABEL and axes.get_ylabel() == YLABEL
    assert "no edge weight changed" in axes.texts[0].get_text()
    png(quiet, "quiet.png")


async def test_drift_since_a_real_snapshot(remember, deps, user_id, tmp_path):
    ids = [
        (await remember(text)).memory.id
        for text in (
            "The deploy pipeline runs the migrations first",
            "Migrations are reviewed by the database team",
            "The database team owns the backup schedule",
        )
    ]
    clock = FixedClock(datetime.now(UTC) + timedelta(minutes=1))
    timed = replace(deps, clock=clock)

    async def adjust(changes):
        await deps.db.transaction(lambda tx: edges.adjust(tx, user_id, clock.now(), changes))

    await adjust([edges.change(ids[0], ids[1], 0.5, True)])
    snapshot = await take_snapshot(timed, user_id, "before feedback")
    clock.advance(minutes=1)
    await adjust([edges.change(ids[0], ids[1], 0.5, True), edges.change(ids[1], ids[2], 0.3, True)])
    data = await load(timed, user_id, snapshot.id)
    assert data.label == "before feedback" and data.drifted == 2
    assert sorted((round(o, 6), round(n, 6)) for o, n in data.changes) == [(0.0, 0.3), (0.5, 0.75)]

    out = tmp_path / "drift.png"
    result = await asyncio.to_thread(
        CliRunner().invoke, cli, ["plot", "drift", "--user", user_id, "--since", snapshot.id, "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "2 edges moved since 'before feedback'" in result.stdout and out.stat().st_size > 5_000


def test_no_snapshot_is_one_clear_line(db, user_id, tmp_path):
    result = CliRunner().invoke(cli, ["plot", "drift", "--user", user_id, "--out", str(tmp_path / "d.png")])
    assert result.exit_code == 1 and not (tmp_path / "d.png").exists()
    assert result.stderr == "Error: no snapshot for since='last_session'; take one with the snapshot mutation\n"
