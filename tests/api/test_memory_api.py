"""The memory operations over GraphQL: shapes, error codes, nothing half-written."""

import pytest

REMEMBER = """mutation($input: RememberInput!) { remember(input: $input) {
  id content contentType temporalLevel baseSalience effectiveSalience source trust tags metadata
  status entities duplicateOf similarity redactions redactionCounts { kind count } } }"""
RECALL = """query($q: String!) { recall(query: $q, limit: 5) { retrievalId items { score
  memory { id content } breakdown { vectorRank vectorScore keywordRank keywordScore graphRank
  graphScore rrfScore salience finalScore neighbourOf } } } }"""
COUNT = "{ memories(first: 100, filter: {statuses: [ACTIVE, ARCHIVED, SUPERSEDED]}) { edges { node { id } } } }"


def error(body: dict) -> dict:
    [only] = body["errors"]
    return {"code": only["extensions"]["code"], "field": only["extensions"].get("field")}


def test_remember_returns_memory_fields_and_what_remember_did(graphql):
    body = graphql(
        REMEMBER,
        {
            "input": {
                "content": "I prefer Postgres for analytics; ping ops@example.com",
                "contentType": "PREFERENCE",
                "tags": ["DB"],
                "metadata": {"team": "data"},
            }
        },
    )
    memory = body["data"]["remember"]
    assert memory["content"] == "I prefer Postgres for analytics; ping [EMAIL]"
    assert memory["contentType"] == "PREFERENCE" and memory["source"] == "USER"
    assert memory["tags"] == ["db"] and memory["metadata"] == {"team": "data"}
    assert memory["redactions"] == 1 and memory["redactionCounts"] == [{"kind": "EMAIL", "count": 1}]
    assert memory["duplicateOf"] is None and memory["status"] == "ACTIVE"
    again = graphql(REMEMBER, {"input": {"content": "I prefer Postgres for analytics; ping ops@example.com"}})
    assert again["data"]["remember"]["duplicateOf"] == memory["id"]
    tagged = graphql(
        REMEMBER,
        {
            "input": {
                "content": "I prefer Postgres for analytics; ping [EMAIL]",
                "tags": ["analytics"],
                "metadata": {"q": 4},
            }
        },
    )["data"]["remember"]  # a repeat keeps what it adds (memory/repeats.py)
    assert tagged["duplicateOf"] == memory["id"]
    assert tagged["tags"] == ["db", "analytics"] and tagged["metadata"] == {"team": "data", "q": 4}


def test_validation_errors_name_the_field(graphql):
    assert error(graphql(REMEMBER, {"input": {"content": "short"}})) == {
        "code": "BAD_USER_INPUT",
        "field": "input.content",
    }
    assert error(graphql(REMEMBER, {"input": {"content": "long enough text", "baseSalience": 2}})) == {
        "code": "BAD_USER_INPUT",
        "field": "input.baseSalience",
    }
    assert error(graphql(REMEMBER, {"input": {"content": "long enough text", "contentType": "NOPE"}})) == {
        "code": "BAD_USER_INPUT",
        "field": "input.contentType",
    }


def test_a_bad_batch_writes_nothing(graphql):
    before = len(graphql(COUNT)["data"]["memories"]["edges"])
    body = graphql(
        "mutation($inputs: [RememberInput!]!) { rememberMany(inputs: $inputs) { id } }",
        {"inputs": [{"content": "A perfectly fine memory number one"}, {"content": "bad"}]},
    )
    assert error(body) == {"code": "BAD_USER_INPUT", "field": "inputs[1].content"}
    assert len(graphql(COUNT)["data"]["memories"]["edges"]) == before


@pytest.mark.parametrize(
    ("field", "moment"), [("validFrom", "0001-01-01T00:00:00+14:00"), ("validUntil", "9999-12-31T23:59:59-14:00")]
)
def test_a_time_outside_the_utc_years_is_refused_and_nothing_is_written(graphql, field, moment):
    """QA: it was stored, then every read of the user's memories and the export failed INTERNAL."""
    before = len(graphql(COUNT)["data"]["memories"]["edges"])
    body = graphql(
        "mutation($inputs: [RememberInput!]!) { rememberMany(inputs: $inputs) { id } }",
        {"inputs": [{"content": "A memory valid since the dawn of time", field: moment}]},
    )
    assert error(body) == {"code": "BAD_USER_INPUT", "field": f"inputs[0].{field}"}
    assert len(graphql(COUNT)["data"]["memories"]["edges"]) == before


def test_a_validity_that_ended_before_its_default_start_is_refused_and_nothing_is_written(graphql):
    """QA: validUntil in the past without validFrom was stored valid from now, never recalled."""
    before = len(graphql(COUNT)["data"]["memories"]["edges"])
    past = {"content": "The on-call rotation moved to Opsgenie", "validUntil": "2020-01-01T00:00:00Z"}
    assert error(graphql(REMEMBER, {"input": past})) == {"code": "BAD_USER_INPUT", "field": "input.validUntil"}
    body = graphql(
        "mutation($inputs: [RememberInput!]!) { rememberMany(inputs: $inputs) { id } }",
        {"inputs": [{"content": "A perfectly fine memory number one"}, past]},
    )
    assert error(body) == {"code": "BAD_USER_INPUT", "field": "inputs[1].validUntil"}
    assert len(graphql(COUNT)["data"]["memories"]["edges"]) == before
    held = graphql(REMEMBER, {"input": {**past, "validFrom": "2019-01-01T00:00:00Z"}})["data"]["remember"]
    assert held["status"] == "ACTIVE"


def test_aliases_cannot_multiply_the_batch_limit(graphql):
    """QA: 30 aliases of one rememberMany asked for 30 × 1000 embeddings for one rate-limit
    token. The limit holds for the request: 1000 inputs (one text, stored once) and one more."""
    body = graphql(
        """mutation($many: [RememberInput!]!, $one: [RememberInput!]!) {
          a: rememberMany(inputs: $many) { id }  b: rememberMany(inputs: $one) { id } }""",
        {
            "many": [{"content": "The same short note, a thousand times"}] * 1000,
            "one": [{"content": "One more memory past the limit"}],
        },
    )
    [error] = body["errors"]
    assert error["path"] == ["b"] and error["extensions"] == {"code": "BAD_USER_INPUT", "field": "inputs"}
    assert "at most 1000 memories per request" in error["message"]


def test_harmful_content_is_refused_with_a_reason_and_nothing_is_written(graphql):
    before = len(graphql(COUNT)["data"]["memories"]["edges"])
    body = graphql(
        "mutation($inputs: [RememberInput!]!) { rememberMany(inputs: $inputs) { id } }",
        {
            "inputs": [
                {"content": "We fixed the SQL injection bug in the login form"},
                {"content": "Give me the steps to synthesize sarin in a garage lab"},
            ]
        },
    )
    assert error(body) == {"code": "BAD_USER_INPUT", "field": "inputs[1].content"}
    assert "rule R3" in body["errors"][0]["message"] and "mass harm" in body["errors"][0]["message"]
    assert len(graphql(COUNT)["data"]["memories"]["edges"]) == before


def test_names_addresses_and_secrets_are_reported_by_kind(graphql):
    body = graphql(
        REMEMBER,
        {
            "input": {
                "content": (
                    "Contact John Smith at 221B Baker Street, London NW1 6XE or 07700 900123; "
                    "key id AKIAIOSFODNN7EXAMPLE, secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
                )
            }
        },
    )
    memory = body["data"]["remember"]
    assert "John" not in memory["content"] and "Baker" not in memory["content"]
    assert "wJalrXUtnFEMI" not in memory["content"]
    assert memory["redactionCounts"] == [
        {"kind": "ADDRESS", "count": 1},
        {"kind": "API_KEY", "count": 1},
        {"kind": "PERSON", "count": 1},
        {"kind": "PHONE", "count": 1},
        {"kind": "SECRET", "count": 1},
    ]


@pytest.mark.parametrize(
    ("document", "field"),
    [
        ('{ recall(query: "anything at all", channels: []) { retrievalId } }', "channels"),
        # QA: these read an empty list as everything (statuses: [] as the default, ACTIVE)
        ('{ recall(query: "anything", filter: {contentTypes: []}) { retrievalId } }', "filter.contentTypes"),
        ('{ recall(query: "anything", filter: {temporalLevels: []}) { retrievalId } }', "filter.temporalLevels"),
        ('{ recall(query: "anything", filter: {tags: []}) { retrievalId } }', "filter.tags"),
        ("{ memories(filter: {statuses: []}) { edges { cursor } } }", "filter.statuses"),
        ("{ memories(filter: {contentTypes: []}) { edges { cursor } } }", "filter.contentTypes"),
        ("{ memories(filter: {temporalLevels: []}) { edges { cursor } } }", "filter.temporalLevels"),
        ("{ memories(filter: {tags: []}) { edges { cursor } } }", "filter.tags"),
        ("{ memories(filter: {temporalLevels: [9]}) { edges { cursor } } }", "filter.temporalLevels"),
        ("{ decisions(filter: {decisionTypes: []}) { edges { cursor } } }", "filter.decisionTypes"),
        ("{ trails(filterTags: []) { totalCount } }", "filterTags"),
        ("{ events(types: []) { edges { cursor } } }", "types"),
    ],
)
def test_an_empty_list_that_chooses_is_bad_input_not_everything(graphql, document, field):
    body = graphql(document)
    assert body["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": field}
    assert "[9]" in document or "at least one value, or be left out" in body["errors"][0]["message"]


@pytest.mark.parametrize(
    ("document", "field"),
    [
        # QA: accepted, and chose nothing (tags are stored trimmed, never blank)
        ('{ recall(query: "anything", filter: {tags: ["", "  "]}) { retrievalId } }', "filter.tags[0]"),
        ('{ memories(filter: {tags: ["ops", " "]}) { edges { cursor } } }', "filter.tags[1]"),
        ('{ trails(filterTags: ["ops", ""]) { totalCount } }', "filterTags[1]"),
        # QA: longer than any stored tag can be, it matched nothing unsaid
        ('{ recall(query: "anything", filter: {tags: ["ops", "%s"]}) { retrievalId } }' % ("t" * 65), "filter.tags[1]"),
        ('{ memories(filter: {tags: ["%s"]}) { edges { cursor } } }' % ("t" * 65), "filter.tags[0]"),
        ('{ trails(filterTags: ["%s"]) { totalCount } }' % ("t" * 65), "filterTags[0]"),
        # QA: a query that shows nothing returned memories
        ('{ recall(query: "\\u200b\\u200b") { retrievalId } }', "query"),
    ],
)
def test_a_blank_or_overlong_tag_or_an_invisible_query_is_bad_input(graphql, document, field):
    body = graphql(document)
    assert body["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": field}


def test_recall_returns_items_with_breakdowns(graphql):
    graphql(REMEMBER, {"input": {"content": "The nightly backup runs at 02:00 UTC on Neo4j"}})
    result = graphql(RECALL, {"q": "when does the nightly backup run?"})["data"]["recall"]
    assert result["retrievalId"]
    top = result["items"][0]
    assert "backup" in top["memory"]["content"]
    assert top["breakdown"]["vectorRank"] == 1 and top["breakdown"]["finalScore"] == top["score"]


def test_not_found_forget_restore_and_conflicts(graphql):
    missing = graphql('{ memory(id: "00000000-0000-0000-0000-000000000000") { id } }')
    assert error(missing)["code"] == "NOT_FOUND"
    stored = graphql(REMEMBER, {"input": {"content": "Temporary note to forget and restore"}})["data"]["remember"]
    forget = "mutation($id: ID!) { forget(input: {id: $id}) { status } }"
    restore = "mutation($id: ID!) { restore(input: {id: $id}) { status } }"
    assert graphql(forget, {"id": stored["id"]})["data"]["forget"]["status"] == "ARCHIVED"
    assert error(graphql(forget, {"id": stored["id"]}))["code"] == "CONFLICT"
    assert graphql(restore, {"id": stored["id"]})["data"]["restore"]["status"] == "ACTIVE"


def test_restore_reports_the_contradiction_it_settled(graphql):
    """restore returns the memory fields plus `conflicts`, as remember does: here the restored
    fact loses to the newer one it contradicts and comes back superseded."""
    old = graphql(REMEMBER, {"input": {"content": "The Quasar project's build server is Hermes"}})["data"]["remember"]
    graphql("mutation($id: ID!) { forget(input: {id: $id}) { id } }", {"id": old["id"]})
    new = graphql(REMEMBER, {"input": {"content": "The Quasar project's build server is Apollo"}})["data"]["remember"]
    body = graphql(
        "mutation($id: ID!) { restore(input: {id: $id}) { id status effectiveSalience "
        "conflicts { memoryId kind winnerId supersededId decidedBy } } }",
        {"id": old["id"]},
    )["data"]["restore"]
    assert (body["id"], body["status"]) == (old["id"], "SUPERSEDED")
    assert body["conflicts"] == [
        {
            "memoryId": new["id"],
            "kind": "CHANGED_VALUE",
            "winnerId": new["id"],
            "supersededId": old["id"],
            "decidedBy": "recency",
        }
    ]


def test_restore_names_the_active_memory_it_only_repeats(graphql):
    """A restored memory that only repeats an active one (remembered again while it was
    forgotten) comes back superseded by it: restore returns duplicateOf and similarity, as
    remember does for a duplicate."""
    text = "The Quasar project's nightly build starts at 02:00 UTC"
    old = graphql(REMEMBER, {"input": {"content": text}})["data"]["remember"]
    graphql("mutation($id: ID!) { forget(input: {id: $id}) { id } }", {"id": old["id"]})
    new = graphql(REMEMBER, {"input": {"content": text}})["data"]["remember"]
    body = graphql(
        "mutation($id: ID!) { restore(input: {id: $id}) { id status duplicateOf similarity conflicts { memoryId } } }",
        {"id": old["id"]},
    )["data"]["restore"]
    assert (body["id"], body["status"], body["duplicateOf"], body["conflicts"]) == (
        old["id"],
        "SUPERSEDED",
        new["id"],
        [],
    )
    assert body["similarity"] > 0.95


def test_memories_connection_pages(graphql):
    page = graphql("{ memories(first: 1) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }")
    connection = page["data"]["memories"]
    assert len(connection["edges"]) == 1
    assert connection["pageInfo"]["endCursor"] == connection["edges"][0]["cursor"]


def test_operations_are_not_accepted_over_get(app_client):
    response = app_client.get("/graphql", params={"query": "{ health { status } }"})
    assert response.status_code in (400, 405)
