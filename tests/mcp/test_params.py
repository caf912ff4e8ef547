"""The tools' enum parameters list exactly what GraphQL accepts; arguments become variables."""

from datetime import UTC, datetime
from typing import get_args

import pytest

from graphmind.api.schema import schema
from graphmind.mcp import params


@pytest.mark.parametrize(
    ("literal", "enum", "left_out"),
    [
        (params.ContentTypeName, "ContentType", set()),
        (params.SourceName, "Source", {"SELF_IMPROVEMENT"}),
        (params.DecisionTypeName, "DecisionType", set()),
        (params.SignalName, "OutcomeSignal", set()),
        (params.FeedbackName, "Feedback", set()),
        (params.TrailStatusName, "TrailStatus", set()),
        (params.EntryKindName, "SessionEntryKind", set()),
    ],
)
def test_enum_parameters_are_the_graphql_enums(literal, enum, left_out):
    assert set(get_args(literal)) == set(schema._schema.type_map[enum].values) - left_out


def test_arguments_become_graphql_variables():
    hypothesis = params.Hypothesis(statement="exports land in the archive", supporting_nodes=["m1"])
    values = params.variables(
        input=params.variables(
            label="x", hypotheses=[hypothesis], summary=None, validFrom=datetime(2026, 3, 2, 9, tzinfo=UTC)
        )
    )
    assert values == {
        "input": {
            "label": "x",
            "validFrom": "2026-03-02T09:00:00+00:00",
            "hypotheses": [{"statement": "exports land in the archive", "supportingNodes": ["m1"]}],
        }
    }


def test_a_callers_metadata_keeps_its_nulls():
    metadata = {"owner": None, "nested": {"reviewer": None, "n": 1}, "list": [1, None]}
    values = params.variables(input=params.variables(content="x", metadata=params.verbatim(metadata), tags=None))
    assert values == {"input": {"content": "x", "metadata": metadata}}
    assert params.variables(metadata=params.verbatim(None)) == {}
