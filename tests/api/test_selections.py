"""An empty selection set is bad input (graphql-core 3.3 parses one; the depth limiter failed on it)."""


def test_an_empty_selection_set_is_bad_user_input_not_a_python_message(graphql):
    """Found by the fuzz test: `revokeApiKey(input: …) { }` was answered with the uncoded
    error "max() arg is an empty sequence" (strawberry's depth limiter)."""
    for document in (
        "{ memories(first: 1) { } }",
        'mutation { revokeApiKey(input: { id: "40b6645f-eb18-42cf-80e7-e7e4cd5737b5" }) { } }',
        "query { ...F } fragment F on Query { health { } }",
    ):
        body = graphql(document)
        [error] = body["errors"]
        assert error["extensions"]["code"] == "BAD_USER_INPUT", document
        assert error["message"] == "a selection set must select at least one field"
