"""schema.graphql is exported from the code and must not drift from it."""

from graphmind.api.schema import schema
from graphmind.settings import PROJECT_ROOT


def test_schema_graphql_matches_the_code():
    exported = (PROJECT_ROOT / "schema.graphql").read_text()
    assert exported == schema.as_str() + "\n", "run `graphmind export-schema`"


def test_every_type_and_field_has_a_description():
    from graphql import GraphQLObjectType

    missing = []
    for name, graphql_type in schema._schema.type_map.items():
        if name.startswith("__") or not isinstance(graphql_type, GraphQLObjectType):
            continue
        if not graphql_type.description:
            missing.append(name)
        missing += [
            f"{name}.{field}" for field, f in graphql_type.fields.items() if not f.description
        ]
    assert missing == []
