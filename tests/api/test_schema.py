"""schema.graphql is exported from the code and must not drift from it."""

from graphmind.api.schema import schema
from graphmind.settings import PROJECT_ROOT


def test_schema_graphql_matches_the_code():
    exported = (PROJECT_ROOT / "schema.graphql").read_text()
    assert exported == schema.as_str() + "\n", "run `graphmind export-schema`"


def test_every_type_field_and_argument_has_a_description():
    from graphql import GraphQLEnumType, GraphQLInputObjectType, GraphQLInterfaceType, GraphQLObjectType

    missing = []
    for name, graphql_type in schema._schema.type_map.items():
        if name.startswith("__"):
            continue
        if isinstance(
            graphql_type, GraphQLEnumType | GraphQLObjectType | GraphQLInputObjectType | GraphQLInterfaceType
        ):
            if not graphql_type.description:
                missing.append(name)
        if isinstance(graphql_type, GraphQLObjectType | GraphQLInputObjectType | GraphQLInterfaceType):
            for field_name, field in graphql_type.fields.items():
                if not field.description:
                    missing.append(f"{name}.{field_name}")
                for arg_name, argument in getattr(field, "args", {}).items():
                    if not argument.description:
                        missing.append(f"{name}.{field_name}({arg_name})")
    assert missing == []
