"""The client mirrors schema.graphql and stays light: valid documents, models with every
field of their types, inputs and enums as the schema has them, no server imports."""

import inspect
import subprocess
import sys
from enum import StrEnum

import pytest
from graphmind_client import (
    AsyncGraphMind,
    GraphMind,
    calls,
    decision_models,
    graph_models,
    inputs,
    models,
    session_models,
)
from graphmind_client.methods import NAMES
from graphmind_client.operations import DOCUMENTS
from graphql import GraphQLEnumType, GraphQLInputObjectType, GraphQLObjectType, build_schema, parse, validate
from pydantic import BaseModel

from graphmind.settings import PROJECT_ROOT

SCHEMA = build_schema((PROJECT_ROOT / "schema.graphql").read_text())
INPUT_NAMES = {"MemoryInput": "RememberInput", "MemoryContribution": "MemoryContributionInput"}


def classes(base: type, *modules) -> list[type]:
    return [
        value
        for module in modules
        for value in vars(module).values()
        if inspect.isclass(value)
        and issubclass(value, base)
        and value.__module__ == module.__name__
        and value not in (models.Model, inputs.Input)
    ]


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_every_document_is_valid_against_the_schema(name):
    assert validate(SCHEMA, parse(DOCUMENTS[name])) == []


@pytest.mark.parametrize(
    "model", classes(BaseModel, models, graph_models, session_models, decision_models), ids=lambda m: m.__name__
)
def test_every_result_model_has_every_field_of_its_type(model):
    graphql_type = SCHEMA.get_type(model.__name__)
    assert isinstance(graphql_type, GraphQLObjectType)
    assert {info.alias for info in model.model_fields.values()} == set(graphql_type.fields)


@pytest.mark.parametrize("model", classes(inputs.Input, inputs), ids=lambda m: m.__name__)
def test_every_input_model_has_the_fields_of_its_input_type(model):
    graphql_type = SCHEMA.get_type(INPUT_NAMES.get(model.__name__, model.__name__))
    assert isinstance(graphql_type, GraphQLInputObjectType)
    expected = set(graphql_type.fields) - ({"requestId"} if model is inputs.MemoryInput else set())
    assert {info.alias for info in model.model_fields.values()} == expected


@pytest.mark.parametrize(
    "enum", classes(StrEnum, models, graph_models, session_models, decision_models), ids=lambda e: e.__name__
)
def test_every_enum_has_the_values_of_its_type(enum):
    graphql_type = SCHEMA.get_type(enum.__name__)
    assert isinstance(graphql_type, GraphQLEnumType) and set(enum) == set(graphql_type.values)


def test_both_clients_have_every_method_with_the_same_signature():
    public = {
        name
        for name, value in vars(calls).items()
        if inspect.isfunction(value) and value.__module__ == calls.__name__ and not name.startswith("_")
    }
    assert public == set(NAMES)
    for name in NAMES:
        expected = inspect.signature(getattr(calls, name))
        for client in (AsyncGraphMind, GraphMind):
            method = getattr(client, name)
            assert list(inspect.signature(method).parameters)[1:] == list(expected.parameters), (client, name)
            assert method.__doc__ == getattr(calls, name).__doc__
        assert inspect.iscoroutinefunction(getattr(AsyncGraphMind, name))


def test_importing_the_client_loads_nothing_of_the_server():
    code = (
        "import sys, graphmind_client;"
        "heavy = [m for m in ('neo4j', 'torch', 'sentence_transformers', 'strawberry', 'starlette',"
        " 'graphmind.settings', 'graphmind.api', 'graphmind.db') if m in sys.modules];"
        "print(heavy)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr
