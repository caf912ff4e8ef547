"""Every error carries extensions.code; limits apply; internal errors are masked."""

import json

import pytest
from graphql import GraphQLError

from graphmind.api.errors import coded_error
from graphmind.errors import BadUserInput, NotFound


def codes(body: dict) -> list[str]:
    return [e["extensions"]["code"] for e in body["errors"]]


def test_unknown_field_is_bad_user_input(graphql):
    assert codes(graphql("{ health { nope } }")) == ["BAD_USER_INPUT"]


def test_syntax_error_is_bad_user_input(graphql):
    assert codes(graphql("{ health { ")) == ["BAD_USER_INPUT"]


def test_token_limit(graphql, settings):
    document = "{ health { " + "status " * settings.max_query_tokens + "} }"
    body = graphql(document)
    assert codes(body) == ["BAD_USER_INPUT"] and "token" in body["errors"][0]["message"]


def test_alias_limit(graphql, settings):
    document = "{ " + " ".join(f"a{i}: health {{ status }}" for i in range(settings.max_query_aliases + 1)) + " }"
    assert codes(graphql(document)) == ["BAD_USER_INPUT"]


def test_several_operations_need_the_name_of_the_one_to_run(app_client, graphql):
    """QA: strawberry ran the first operation when none was named, a mutation included."""
    document = 'mutation A { snapshot(input: {label: "from A"}) { id } } query B { health { status } }'
    refused = app_client.post("/graphql", json={"query": document}).json()
    assert refused["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "operationName"}
    assert refused.get("data") is None
    named = app_client.post("/graphql", json={"query": document, "operationName": "B"}).json()
    assert named["data"]["health"]["status"] and "errors" not in named
    assert "errors" not in graphql("query Only { health { status } }")


@pytest.mark.parametrize(
    ("document", "field"),
    [
        ('{ recall(query: "kafka", limit: "ten") { retrievalId } }', "limit"),
        ('mutation { remember(input: {content: "long enough text", contentType: BOGUS}) { id } }', "input.contentType"),
        ("{ memories(filter: {statuses: [ACTIVE, NOPE]}) { edges { cursor } } }", "filter.statuses[1]"),
        ("mutation { remember(input: {}) { id } }", "input.content"),
    ],
)
def test_a_bad_literal_in_the_document_is_named_as_a_variable_would_be(graphql, document, field):
    """QA: written in the document rather than passed as a variable, it had no field."""
    [error] = graphql(document)["errors"]
    assert error["extensions"] == {"code": "BAD_USER_INPUT", "field": field}


def test_graphmind_errors_keep_their_code_and_field():
    error = GraphQLError("x", path=["remember"], original_error=BadUserInput("too short", "content"))
    assert coded_error(error).extensions == {"code": "BAD_USER_INPUT", "field": "content"}
    error = GraphQLError("x", path=["memory"], original_error=NotFound("no memory 1"))
    assert coded_error(error).message == "no memory 1"


def test_unexpected_errors_are_masked_with_a_correlation_id():
    error = GraphQLError("secret detail", path=["health"], original_error=KeyError("secret"))
    masked = coded_error(error)
    assert masked.extensions["code"] == "INTERNAL"
    assert "secret" not in masked.message
    assert masked.extensions["correlationId"] in masked.message


def test_coercion_errors_name_the_variable_field():
    from graphmind.api.errors import _field_of

    assert _field_of("Variable '$input' has invalid value at .contentType: bad") == "input.contentType"
    assert _field_of("Variable '$inputs' has invalid value at [1].content: bad") == "inputs[1].content"
    assert _field_of("Variable '$q' of required type 'String!' was not provided.") == "q"


def test_control_characters_are_refused_before_anything_is_written(app_client, graphql):
    document = "mutation($input: RememberInput!) { remember(input: $input) { id } }"
    response = app_client.post(
        "/graphql",
        json={"query": document, "variables": {"input": {"content": "The door code is 1234\u0000 and more"}}},
    )
    body = response.json()
    assert response.status_code == 400 and codes(body) == ["BAD_USER_INPUT"]
    assert "variables.input.content" in body["errors"][0]["message"]
    # a GraphQL escape in a literal reaches the memory model, which refuses it as well
    inline = graphql('mutation { remember(input: {content: "bell \\u0007 in a literal"}) { id } }')
    assert codes(inline) == ["BAD_USER_INPUT"] and inline["data"] is None
    fine = graphql(document, {"input": {"content": "Tabs\tand\nnewlines are text, not control"}})
    assert "errors" not in fine and fine["data"]["remember"]["id"]


def test_a_lone_surrogate_anywhere_is_bad_input_naming_its_field_not_internal(app_client, graphql):
    """JSON's "\\ud800" escape carries half a UTF-16 pair, which no UTF-8 text holds: the
    tokenizer and Neo4j refuse it (INTERNAL before). Refused like a control character."""
    remember = "mutation($input: RememberInput!) { remember(input: $input) { id } }"
    cases = [
        (remember, {"input": {"content": "lone surrogate \ud800 here, long enough"}}, "input.content"),
        (remember, {"input": {"content": "a tag with half a pair", "tags": ["x\udc00"]}}, "input.tags[0]"),
        (
            remember,
            {"input": {"content": "metadata with half a pair", "metadata": {"k": "\ud800"}}},
            "input.metadata.k",
        ),
        ("query($q: String!) { recall(query: $q) { retrievalId } }", {"q": "bad \udc00 query"}, "q"),
    ]
    for document, variables, field in cases:
        body = json.dumps({"query": document, "variables": variables})  # ASCII: "\\ud800" as JSON escapes it
        response = app_client.post("/graphql", content=body, headers={"content-type": "application/json"})
        [error] = response.json()["errors"]
        assert response.status_code == 400 and error["extensions"] == {"code": "BAD_USER_INPUT", "field": field}
    listed = graphql("{ memories(first: 100) { edges { node { content } } } }")["data"]["memories"]["edges"]
    assert not any("half a pair" in edge["node"]["content"] for edge in listed)  # nothing written


def test_text_that_shows_nothing_is_refused_wherever_text_is_taken(graphql):
    """Zero-width spaces alone: a memory refused them; a session's goal, a decision's summary
    and a trail's label took them (QA)."""
    blank = "\u200b" * 12
    cases = [
        ('mutation($t: String!) { startSession(input: {agentId: "a", goal: $t}) { id } }', "input.goal"),
        (
            "mutation($t: String!) { decide(input: {decisionType: ACTION, summary: $t, memories: []}) { traceId } }",
            "input.summary",
        ),
        ('mutation($t: String!) { saveTrail(input: {agentId: "a", label: $t}) { trailId } }', "input.label"),
    ]
    for document, field in cases:
        body = graphql(document, {"t": blank})
        assert body["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": field}, body


def test_control_characters_in_a_memory_are_refused_by_the_model():
    import pytest

    from graphmind.memory.model import parse_memory_input

    with pytest.raises(BadUserInput) as refused:
        parse_memory_input({"content": "a NUL \u0000 in the middle of a memory"})
    assert refused.value.extensions["field"] == "content"
