"""decide, observeOutcome, events (query and subscription), insights over GraphQL."""

REMEMBER = "mutation($c: String!) { remember(input: {content: $c, baseSalience: 0.6, temporalLevel: 2}) { id } }"
RECALL = "query($q: String!) { recall(query: $q, limit: 3) { retrievalId items { memory { id } } } }"
DECIDE = """mutation($input: DecideInput!) { decide(input: $input) { traceId confidence
  confidenceEstimated memoryScores { memoryId score } alternatives { id summary } } }"""
OBSERVE = """mutation($input: ObserveOutcomeInput!) { observeOutcome(input: $input) { outcomeId
  quality signal revisionOf updates { memoryId reason attribution delta newEffectiveSalience utility } } }"""


def test_the_loop_over_graphql(graphql):
    memory = graphql(REMEMBER, {"c": "Prefer Kafka for the event pipeline at scale"})["data"]["remember"]["id"]
    retrieval = graphql(RECALL, {"q": "event pipeline choice"})["data"]["recall"]
    decision = graphql(
        DECIDE,
        {
            "input": {
                "decisionType": "RECOMMENDATION",
                "summary": "Use Kafka for events",
                "retrievalId": retrieval["retrievalId"],
                "alternatives": ["Use RabbitMQ"],
            }
        },
    )["data"]["decide"]
    assert decision["confidenceEstimated"] and decision["alternatives"][0]["summary"] == "Use RabbitMQ"
    assert memory in {s["memoryId"] for s in decision["memoryScores"]}
    result = graphql(OBSERVE, {"input": {"traceId": decision["traceId"], "quality": 0.8, "signal": "USER_ACCEPTED"}})[
        "data"
    ]["observeOutcome"]
    assert result["signal"] == "USER_ACCEPTED" and result["revisionOf"] is None
    assert all(u["reason"] == "positive_outcome" and u["delta"] > 0 for u in result["updates"])
    again = graphql(OBSERVE, {"input": {"traceId": decision["traceId"], "quality": 0.1, "signal": "AGENT_FEEDBACK"}})
    assert again["errors"][0]["extensions"]["code"] == "CONFLICT"
    bad = graphql(OBSERVE, {"input": {"traceId": decision["traceId"], "quality": 3, "signal": "AGENT_FEEDBACK"}})
    assert bad["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "input.quality"}


def test_events_are_paged_in_sequence(graphql):
    graphql(REMEMBER, {"c": "An event log entry should appear for this memory"})
    page = graphql(
        "{ events(first: 3) { edges { cursor node { seq type payload } } pageInfo { hasNextPage endCursor } } }"
    )
    connection = page["data"]["events"]
    seqs = [e["node"]["seq"] for e in connection["edges"]]
    assert seqs == sorted(seqs) and len(seqs) == 3
    after = int(connection["pageInfo"]["endCursor"])
    following = graphql("query($a: Int) { events(after: $a, first: 1) { edges { node { seq } } } }", {"a": after})
    assert following["data"]["events"]["edges"][0]["node"]["seq"] == after + 1
    stored = graphql('{ events(types: ["memory.stored"], first: 500) { edges { node { type payload } } } }')
    assert {e["node"]["type"] for e in stored["data"]["events"]["edges"]} == {"memory.stored"}
    unknown = graphql('{ events(types: ["nope"]) { edges { cursor } } }')
    assert unknown["errors"][0]["extensions"]["field"] == "types"
    none = graphql("{ events(types: []) { edges { cursor } } }")  # not every type (QA)
    assert none["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "types"}


def test_events_subscription_over_graphql_ws(app_client, graphql):
    # from the log's last seq now: a subscription from "now" could start after the write below
    # (graphql-transport-ws does not acknowledge a subscribe)
    page = graphql("{ events(first: 500) { edges { node { seq } } pageInfo { endCursor } } }")["data"]["events"]
    last = 0
    while page["pageInfo"]["endCursor"] is not None:
        last = int(page["pageInfo"]["endCursor"])
        query = "query($a: Int) { events(after: $a, first: 500) { edges { node { seq } } pageInfo { endCursor } } }"
        page = graphql(query, {"a": last})["data"]["events"]
    with app_client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json(
            {
                "id": "1",
                "type": "subscribe",
                "payload": {
                    "query": 'subscription($a: Int) { events(after: $a, types: ["memory.stored"]) { seq type payload } }',
                    "variables": {"a": last},
                },
            }
        )
        stored = graphql(REMEMBER, {"c": "A memory stored while someone listens"})["data"]["remember"]["id"]
        message = ws.receive_json()
        assert message["type"] == "next"
        event = message["payload"]["data"]["events"]
        assert event["type"] == "memory.stored" and event["payload"]["memoryId"] == stored
        ws.send_json({"id": "1", "type": "complete"})


def test_over_the_websocket_only_subscriptions_run(app_client, graphql):
    """A mutation or query sent over graphql-transport-ws is refused without running: it
    would skip the rate limit, the body check and the count deleteUserData waits for."""
    with app_client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init"})
        assert ws.receive_json()["type"] == "connection_ack"
        for n, document in enumerate(
            [
                'mutation { remember(input: {content: "Sent over the socket, never stored"}) { id } }',
                "{ health { neo4j } }",
            ]
        ):
            ws.send_json({"id": str(n), "type": "subscribe", "payload": {"query": document}})
            message = ws.receive_json()
            assert message["type"] == "error" and message["id"] == str(n)
    listed = graphql("{ memories(first: 100) { edges { node { content } } } }")["data"]["memories"]["edges"]
    assert not any(edge["node"]["content"].startswith("Sent over the socket") for edge in listed)


def test_insights_over_graphql(graphql):
    memory = graphql(REMEMBER, {"c": "Use connection pooling for the Neo4j driver"})["data"]["remember"]["id"]
    traces = []
    for quality in (0.9, 0.8, 0.7):
        trace = graphql(
            DECIDE,
            {
                "input": {
                    "decisionType": "ACTION",
                    "summary": "Pool connections",
                    "memories": [{"memoryId": memory, "contribution": 1}],
                }
            },
        )["data"]["decide"]["traceId"]
        graphql(OBSERVE, {"input": {"traceId": trace, "quality": quality, "signal": "TASK_COMPLETED"}})
        traces.append(trace)
    top = graphql("{ topPerformers { memory { id } successes averageQuality } }")["data"]["topPerformers"]
    assert any(t["memory"]["id"] == memory and t["successes"] == 3 for t in top)
    failed = graphql(
        DECIDE,
        {
            "input": {
                "decisionType": "ACTION",
                "summary": "Pool connections again",
                "memories": [{"memoryId": memory, "contribution": 1}],
            }
        },
    )["data"]["decide"]["traceId"]
    graphql(OBSERVE, {"input": {"traceId": failed, "quality": -0.6, "signal": "TASK_FAILED"}})
    found = graphql(
        "query($t: ID!) { counterfactuals(traceId: $t) { traceId decisionType quality difference overlap } }",
        {"t": failed},
    )["data"]["counterfactuals"]
    assert {c["traceId"] for c in found} == set(traces)
    assert {c["decisionType"] for c in found} == {"ACTION"}  # the enum, as Decision.decisionType
    assert all(c["overlap"] == 1.0 and c["difference"] > 1.0 for c in found)
    missing = graphql('{ counterfactuals(traceId: "nope") { traceId } }')
    assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"


DECISION = """query($id: ID!) { decision(id: $id) { traceId decisionType summary confidence memoryScores { memoryId score }
  memories { score memory { id content status } } alternatives { id summary } retrievalId
  outcome { outcomeId status } outcomes { outcomeId quality signal status revisionOf revisedAt
  updates { memoryId reason delta utility } causedBy { memoryId confidence } } } }"""
DECISIONS = """query($filter: DecisionFilter, $first: Int, $after: String) { decisions(filter: $filter, first: $first,
  after: $after) { edges { cursor node { traceId summary outcome { quality } } } pageInfo { hasNextPage endCursor } } }"""


def test_decisions_read_back_over_graphql(graphql):
    memory = graphql(REMEMBER, {"c": "Use blue-green deploys for the billing API"})["data"]["remember"]["id"]
    made = graphql(
        DECIDE,
        {
            "input": {
                "decisionType": "ACTION",
                "summary": "Deploy billing blue-green",
                "memories": [{"memoryId": memory}],
                "alternatives": ["Deploy in place"],
            }
        },
    )
    trace = made["data"]["decide"]["traceId"]
    first = graphql(OBSERVE, {"input": {"traceId": trace, "quality": 0.6, "signal": "TASK_COMPLETED"}})
    graphql(OBSERVE, {"input": {"traceId": trace, "quality": -0.2, "signal": "TASK_PARTIAL", "revision": True}})
    decision = graphql(DECISION, {"id": trace})["data"]["decision"]
    assert decision["memoryScores"] == [{"memoryId": memory, "score": 1.0}]
    assert (
        decision["memories"][0]["memory"]["id"] == memory
        and decision["alternatives"][0]["summary"] == "Deploy in place"
    )
    assert [(o["status"], o["quality"]) for o in decision["outcomes"]] == [("REVISED", 0.6), ("ACTIVE", -0.2)]
    assert decision["outcomes"][1]["revisionOf"] == first["data"]["observeOutcome"]["outcomeId"]
    assert decision["outcome"]["outcomeId"] == decision["outcomes"][1]["outcomeId"]
    assert [u["reason"] for u in decision["outcomes"][1]["updates"]] == ["revision_reversal", "negative_outcome"]
    assert decision["outcomes"][0]["causedBy"][0]["memoryId"] == memory
    mine = graphql(DECISIONS, {"filter": {"memoryId": memory}, "first": 1})["data"]["decisions"]
    assert [e["node"]["traceId"] for e in mine["edges"]] == [trace] and not mine["pageInfo"]["hasNextPage"]
    page = graphql(DECISIONS, {"filter": {"hasOutcome": True, "maxQuality": 0}, "first": 100})["data"]["decisions"]
    assert trace in {e["node"]["traceId"] for e in page["edges"]}
    assert all(e["node"]["outcome"]["quality"] <= 0 for e in page["edges"])
    for variables in ({"filter": {"memoryId": "nope"}}, {}):
        query = DECISIONS if variables else '{ decision(id: "nope") { traceId } }'
        assert graphql(query, variables)["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    bad = graphql(DECISIONS, {"filter": {"minQuality": 2}})
    assert bad["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "filter.minQuality"}
    alternatives = graphql(
        "query($t: ID!) { counterfactuals(traceId: $t) { traceId alternative quality } }", {"t": trace}
    )["data"]["counterfactuals"]
    assert alternatives[0] == {"traceId": decision["alternatives"][0]["id"], "alternative": True, "quality": None}


def test_decide_refuses_a_forgotten_memory_over_graphql(graphql):
    memory = graphql(REMEMBER, {"c": "The staging database is rebuilt every Sunday"})["data"]["remember"]["id"]
    graphql("mutation($id: ID!) { forget(input: {id: $id}) { id } }", {"id": memory})
    refused = graphql(
        DECIDE,
        {
            "input": {
                "decisionType": "ACTION",
                "summary": "Rebuild staging on Sunday",
                "memories": [{"memoryId": memory}],
            }
        },
    )
    assert refused["errors"][0]["extensions"]["code"] == "CONFLICT" and memory in refused["errors"][0]["message"]
    none = graphql(DECISIONS, {"filter": {"memoryId": memory}})["data"]["decisions"]
    assert none == {"edges": [], "pageInfo": {"hasNextPage": False, "endCursor": None}}
