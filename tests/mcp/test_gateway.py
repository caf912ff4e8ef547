"""The operations behind the tools are valid GraphQL of our schema; errors name the tool's argument."""

import graphql
import pytest

from graphmind.api.schema import schema
from graphmind.mcp.gateway import OPERATIONS, argument_of, load_operations


def test_every_operation_is_valid_against_the_schema():
    document = graphql.parse(OPERATIONS.read_text())
    assert graphql.validate(schema._schema, document) == []
    operations = load_operations()
    for name, text in operations.items():
        assert graphql.validate(schema._schema, graphql.parse(text)) == [], name
    assert "fragment MemoryBrief" in operations["Recall"] and "fragment" not in operations["Remember"]


@pytest.mark.parametrize(
    ("field", "argument"),
    [
        ("input.content", "content"),
        ("input.contentType", "content_type"),
        ("input.memories[0].memoryId", "memories"),
        ("filter.asOf", "as_of"),
        ("query", "query"),
        ("maxHops", "max_hops"),
    ],
)
def test_an_input_path_names_the_tool_argument(field, argument):
    assert argument_of(field) == argument
