"""Learning curves from a fixed report; a saved report through `graphmind plot learning --from-json`."""

import json

import pytest
from click.testing import CliRunner

from graphmind.cli import cli
from graphmind.errors import BadUserInput
from graphmind.plots.learning import figure_from_report, learning_figure

REPORT = {
    "config": {"block": 50, "rounds": 200, "seed": 7},
    "precision_at_5": {"on": [0.5, 0.62, 0.74, 0.8], "off": [0.5, 0.5, 0.49, 0.51]},
}


def test_both_curves_with_their_axes(png):
    figure = learning_figure(REPORT["precision_at_5"], 50)
    [axes] = figure.axes
    assert axes.get_xlabel() == "block of 50 rounds"
    assert axes.get_ylabel() == "precision@5 of good advice"
    assert axes.get_title() == "Outcome-weighted salience: learning lift"
    on, off = axes.get_lines()
    assert list(on.get_ydata()) == [0.5, 0.62, 0.74, 0.8] and on.get_label() == "learning on"
    assert list(off.get_xdata()) == [1, 2, 3, 4] and off.get_label() == "learning off"
    png(figure)


def test_a_report_without_curves_is_refused():
    with pytest.raises(BadUserInput, match="precision_at_5"):
        figure_from_report({"config": {"block": 50}})


def test_plot_a_saved_report_without_neo4j(tmp_path):
    report = tmp_path / "learning.json"
    report.write_text(json.dumps(REPORT))
    out = tmp_path / "plots" / "learning.png"
    result = CliRunner().invoke(cli, ["plot", "learning", "--from-json", str(report), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {out}\n" and out.stat().st_size > 5_000


def test_a_broken_report_is_one_line(tmp_path):
    report = tmp_path / "learning.json"
    report.write_text("{not json")
    result = CliRunner().invoke(cli, ["plot", "learning", "--from-json", str(report)])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and "is not JSON" in result.stderr
    assert "Traceback" not in result.output and len(result.stderr.splitlines()) == 1


def test_plot_a_short_run_of_the_learning_benchmark(db, tmp_path):
    out = tmp_path / "learning.png"
    result = CliRunner().invoke(cli, ["plot", "learning", "--rounds", "12", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {out}\n" and out.stat().st_size > 5_000
