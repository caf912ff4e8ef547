"""The H1-H6 catalogue, finding an experiment by name, and `graphmind experiment list`."""

import dataclasses

import pytest
from click.testing import CliRunner

from graphmind.bench.learning import Config
from graphmind.cli import cli
from graphmind.errors import BadUserInput
from graphmind.experiments.catalogue import CATALOGUE, find
from graphmind.experiments.measures import MEASURES
from graphmind.experiments.runner import arm_settings
from graphmind.settings import Settings


def test_the_six_hypotheses_of_seed_000():
    assert [h.key for h in CATALOGUE] == ["H1", "H2", "H3", "H4", "H5", "H6"]
    assert len({h.slug for h in CATALOGUE}) == 6
    assert find("H2").control.settings == {"recall_fusion": "rrf", "rrf_k": 60}
    assert find("H2").treatment.settings == {"recall_fusion": "rrf", "rrf_k": 30}
    assert find("h4").treatment.settings == {"negative_outcome_weight": 2.0}
    assert not find("H4").higher_is_better and find("H2").higher_is_better
    assert find("retrieval-count").control.bench == {"top_k": 10}


@pytest.mark.parametrize("hypothesis", CATALOGUE, ids=lambda h: h.key)
def test_every_arm_is_valid(hypothesis):
    assert hypothesis.metric in MEASURES
    config_fields = {f.name for f in dataclasses.fields(Config)}
    for arm in (hypothesis.control, hypothesis.treatment):
        settings = arm_settings(Settings(), arm)
        assert all(getattr(settings, k) == v for k, v in arm.settings.items())
        assert set(arm.bench) | set(hypothesis.bench) <= config_fields
    assert hypothesis.control.as_dict() != hypothesis.treatment.as_dict()


def test_an_unknown_name_lists_the_known_ones():
    with pytest.raises(BadUserInput, match="H1 \\(temporal-dampening\\).*H6 \\(fusion-weights\\)"):
        find("H7")


def test_experiment_list_prints_the_catalogue():
    result = CliRunner().invoke(cli, ["experiment", "list"])
    assert result.exit_code == 0
    for h in CATALOGUE:
        assert f"{h.key} {h.slug}: {h.statement}" in result.output


def test_experiment_run_refuses_an_unknown_name_before_connecting():
    result = CliRunner().invoke(cli, ["experiment", "run", "H9", "--bench", "learning"])
    assert result.exit_code == 2 and "known: H1 (temporal-dampening)" in result.output
