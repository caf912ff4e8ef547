"""Time is part of the truth (issue 73's audit): facts whose validity periods do not overlap
are history, both true; recall at a moment of the past finds the fact of that moment."""

REMEMBER = """mutation($input: RememberInput!) { remember(input: $input) {
  id status conflicts { memoryId kind } } }"""
RECALL = """query($q: String!, $at: DateTime) { recall(query: $q, limit: 5, filter: {validAt: $at}) {
  items { memory { id content } } } }"""


def test_a_backfilled_fact_of_another_period_is_history_not_a_contradiction(graphql):
    current = graphql(REMEMBER, {"input": {"content": "The billing ledger database runs PostgreSQL 16"}})
    past = graphql(
        REMEMBER,
        {
            "input": {
                "content": "The billing ledger database ran PostgreSQL 14",
                "validFrom": "2020-01-01T00:00:00Z",
                "validUntil": "2021-06-01T00:00:00Z",
            }
        },
    )["data"]["remember"]
    assert past["conflicts"] == [] and past["status"] == "ACTIVE"
    question = "Which PostgreSQL does the billing ledger database run?"
    then = graphql(RECALL, {"q": question, "at": "2020-06-01T00:00:00Z"})["data"]["recall"]["items"]
    assert [i["memory"]["id"] for i in then][:1] == [past["id"]]
    now = graphql(RECALL, {"q": question, "at": None})["data"]["recall"]["items"]
    assert now[0]["memory"]["id"] == current["data"]["remember"]["id"]
    assert past["id"] not in [i["memory"]["id"] for i in now]


def test_a_variant_in_case_and_punctuation_only_is_the_same_memory(graphql):
    first = graphql(REMEMBER, {"input": {"content": "We use PostgreSQL 15 (not MySQL) for OLTP."}})["data"]["remember"]
    variant = graphql(
        """mutation($input: RememberInput!) { remember(input: $input) { id duplicateOf conflicts { memoryId } } }""",
        {"input": {"content": "we use postgresql 15 - not mysql - for oltp"}},
    )["data"]["remember"]
    assert variant["duplicateOf"] == first["id"] and variant["conflicts"] == []


def test_one_time_written_two_ways_is_one_value(graphql):
    first = graphql(REMEMBER, {"input": {"content": "The nightly backup runs at 14:00 UTC"}})["data"]["remember"]
    variant = graphql(
        """mutation($input: RememberInput!) { remember(input: $input) { id duplicateOf conflicts { memoryId } } }""",
        {"input": {"content": "The nightly backup runs at 2pm UTC"}},
    )["data"]["remember"]
    assert variant["conflicts"] == [] and variant["duplicateOf"] == first["id"]
    memories = graphql("query { memories(first: 50) { edges { node { id content status } } } }")["data"]["memories"]
    backups = [e["node"] for e in memories["edges"] if "nightly backup" in e["node"]["content"]]
    assert backups == [{"id": first["id"], "content": "The nightly backup runs at 14:00 UTC", "status": "ACTIVE"}]
