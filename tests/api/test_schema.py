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


def test_documents_are_validated_once_and_the_limits_still_apply():
    from strawberry.extensions.validation_cache import _get_validate_cache

    from graphmind.api.schema import DOCUMENT_CACHE_SIZE, build_schema
    from graphmind.settings import Settings

    limited = build_schema(Settings(max_query_depth=1, max_query_aliases=1))
    validations = _get_validate_cache(DOCUMENT_CACHE_SIZE)
    for document, refusal in (
        ("{ health { indexes { name } } }", "exceeds maximum operation depth"),
        ("{ a: health { status } b: health { status } }", "aliases"),
    ):
        hits = validations.cache_info().hits
        for _ in range(3):
            result = limited.execute_sync(document)
            assert result.errors and refusal in result.errors[0].message
        assert validations.cache_info().hits == hits + 2  # validated once, reused twice


def test_documents_are_parsed_once_and_a_bad_one_is_still_refused_with_its_code():
    from strawberry.extensions.parser_cache import _get_parse_cache

    from graphmind.api.schema import DOCUMENT_CACHE_SIZE, build_schema
    from graphmind.settings import Settings

    limited = build_schema(Settings(max_query_tokens=50))
    parses = _get_parse_cache(DOCUMENT_CACHE_SIZE)
    document = "{ noSuchField }"  # parses, then fails validation
    hits = parses.cache_info().hits
    for _ in range(3):
        [error] = limited.execute_sync(document).errors
        assert "Cannot query field" in error.message
    assert parses.cache_info().hits == hits + 2  # parsed once, reused twice
    for bad, refusal in (("{ health { status }", "Syntax Error"), ("{ " + "health " * 60 + "}", "tokens")):
        for _ in range(2):
            [error] = limited.execute_sync(bad).errors
            assert refusal in error.message
            assert error.extensions["code"] == "BAD_USER_INPUT"
