"""learn, activate, why, snapshot, drift and trails over GraphQL; another user's nodes are NOT_FOUND."""

import pytest

REMEMBER = "mutation($c: String!) { remember(input: {content: $c}) { id } }"
LEARN = """mutation($input: LearnInput!) { learn(input: $input) { query feedback seeds edgesAdjusted
  edgesCreated nodesAffected plasticityDelta graphGeneration elapsedMs } }"""
ACTIVATE = """query($q: String, $s: [ID!], $h: Int!) { activate(query: $q, seeds: $s, maxHops: $h) {
  seeds nodes { id kind activation hops seed boosted reachedThrough { fromId relation weight }
  memory { content } } activatedCount elapsedMs } }"""
WHY = """query($s: ID!, $t: ID!) { why(source: $s, target: $t, maxHops: 4) { totalPathsFound truncated
  paths { nodes { id kind label } relations cumulativeStrength hops } } }"""
SAVE = """mutation($input: SaveTrailInput!) { saveTrail(input: $input) { trailId nodesSaved hypothesesSaved
  conclusionsSaved openQuestionsSaved graphGenerationAtCreation trail { summary status
  hypotheses { statement confidence status } visitedNodes { nodeId relevance boost } } } }"""
RESUME = """mutation($input: ResumeTrailInput!) { resumeTrail(input: $input) { stale generationsBehind
  missingNodes nodesReactivated hypothesesDowngraded { statement newConfidence } trail { status } } }"""


@pytest.fixture(scope="module")
def memories(graphql):
    texts = [
        "the search index is rebuilt every night at midnight",
        "rebuilding the search index takes forty minutes",
        "search results are cached for five minutes",
    ]
    return [graphql(REMEMBER, {"c": t})["data"]["remember"]["id"] for t in texts]


def test_learn_then_activate_and_why(graphql, memories):
    query = "search index rebuild schedule"
    graphql("query($q: String!) { recall(query: $q, limit: 1) { retrievalId } }", {"q": query})
    learned = graphql(
        LEARN,
        {
            "input": {
                "query": query,
                "agentId": "agent-1",
                "feedback": "CORRECT",
                "nodeIds": memories[1:],
                "strength": 0.3,
            }
        },
    )["data"]["learn"]
    assert learned["feedback"] == "CORRECT" and learned["edgesAdjusted"] >= 1 and learned["plasticityDelta"] > 0
    seed = learned["seeds"][0]
    active = graphql(ACTIVATE, {"s": [seed], "h": 2})["data"]["activate"]
    assert active["nodes"][0] == {**active["nodes"][0], "id": seed, "seed": True, "hops": 0, "activation": 1.0}
    reached = {n["id"]: n for n in active["nodes"]}
    assert all(m in reached for m in memories if m != seed)
    other = next(m for m in memories if m != seed)
    paths = graphql(WHY, {"s": seed, "t": other})["data"]["why"]
    assert paths["totalPathsFound"] >= 1 and paths["paths"][0]["nodes"][0]["id"] == seed
    strengths = [p["cumulativeStrength"] for p in paths["paths"]]
    assert strengths == sorted(strengths, reverse=True)


def test_bad_input_has_codes_and_fields(graphql, memories):
    bad = graphql(
        LEARN, {"input": {"query": "q", "agentId": "a", "feedback": "WRONG", "nodeIds": memories[:1], "strength": 1.5}}
    )
    assert bad["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "input.strength"}
    assert graphql(ACTIVATE, {"h": 2})["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    assert graphql(WHY, {"s": memories[0], "t": "nope"})["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    drift = graphql('{ drift(since: "not a time") { nodeCountDelta } }')
    assert drift["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "since"}
    a = memories[0]
    for listed, field in (
        (
            {"activationBoosts": [{"nodeId": a, "boost": 0.7}, {"nodeId": a, "boost": 0.2}]},
            "input.activationBoosts[1].nodeId",
        ),
        (
            {"activationBoosts": [{"nodeId": a, "boost": 0.7}, {"nodeId": memories[1], "boost": 1.5}]},
            "input.activationBoosts[1].boost",
        ),
        # QA: the second listing's annotation and relevance silently replaced the first's
        (
            {"visitedNodes": [{"nodeId": a, "annotation": "one"}, {"nodeId": a, "relevance": 0.1}]},
            "input.visitedNodes[1].nodeId",
        ),
        (
            {"conclusions": [{"statement": "it is slow", "fromHypotheses": ["the rebuild is slow", " "]}]},
            "input.conclusions[0].fromHypotheses[1]",
        ),
    ):
        saved = graphql(SAVE, {"input": {"agentId": "agent-1", "label": "listed twice", **listed}})
        assert saved["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": field}


def test_snapshot_then_drift(graphql, memories):
    taken = graphql('mutation { snapshot(input: {label: "before", agentId: "agent-1"}) { id nodeCount edgeCount } }')
    snapshot = taken["data"]["snapshot"]
    graphql(REMEMBER, {"c": "the search cluster moved to three nodes"})
    drift = graphql(
        """query($s: String!) { drift(agentId: "agent-1", since: $s) { since nodeCountDelta
      edgeCountDelta newNodes { kind label } removedNodes { id } topWeightDrifts { edge old new delta }
      baseline { id } elapsedMs } }""",
        {"s": snapshot["id"]},
    )["data"]["drift"]
    assert drift["baseline"]["id"] == snapshot["id"] and drift["nodeCountDelta"] >= 1
    assert "the search cluster moved to three nodes" in [n["label"] for n in drift["newNodes"]]


def test_trails_save_resume_list_merge(graphql, memories):
    a, b, c = memories
    first = graphql(
        SAVE,
        {
            "input": {
                "agentId": "agent-1",
                "label": "index investigation",
                "tags": ["search"],
                "hypotheses": [{"statement": "the rebuild is too slow", "confidence": 0.8, "supportingNodes": [b]}],
                "visitedNodes": [{"nodeId": a, "annotation": "schedule", "relevance": 0.9}],
                "activationBoosts": [{"nodeId": a, "boost": 0.7}],
            }
        },
    )["data"]["saveTrail"]
    assert (first["nodesSaved"], first["hypothesesSaved"], first["trail"]["status"]) == (2, 1, "SAVED")
    assert {"nodeId": a, "relevance": 0.9, "boost": 0.7} in first["trail"]["visitedNodes"]
    resumed = graphql(RESUME, {"input": {"trailId": first["trailId"]}})["data"]["resumeTrail"]
    assert (resumed["stale"], resumed["nodesReactivated"], resumed["trail"]["status"]) == (False, 2, "ACTIVE")
    second = graphql(
        SAVE,
        {
            "input": {
                "agentId": "agent-2",
                "label": "cache investigation",
                "tags": ["cache"],
                "hypotheses": [{"statement": "the rebuild is not too slow", "confidence": 0.2, "supportingNodes": [c]}],
            }
        },
    )["data"]["saveTrail"]
    listed = graphql(
        '{ trails(filterTags: ["search", "cache"], first: 1) { totalCount edges { node { id } } pageInfo { hasNextPage } } }'
    )
    assert listed["data"]["trails"]["totalCount"] >= 2 and listed["data"]["trails"]["pageInfo"]["hasNextPage"]
    merged = graphql(
        """mutation($ids: [ID!]!) { mergeTrails(input: {trailIds: $ids}) { mergedTrailId label
      sourceTrails nodesMerged hypothesesMerged conflicts { hypothesisA hypothesisB resolution winner scoreDelta }
      connectionsDiscovered { type fromNode toNode weight } trail { status mergedFrom } } }""",
        {"ids": [first["trailId"], second["trailId"]]},
    )["data"]["mergeTrails"]
    [conflict] = merged["conflicts"]
    assert conflict["resolution"] == "RESOLVED" and conflict["winner"] == "the rebuild is too slow"
    assert merged["trail"]["mergedFrom"] == [first["trailId"], second["trailId"]]
    assert merged["label"] == "merge: index investigation + cache investigation"
    again = graphql(
        """mutation($ids: [ID!]!) { mergeTrails(input: {trailIds: $ids}) { mergedTrailId } }""",
        {"ids": [first["trailId"], second["trailId"]]},
    )
    assert again["errors"][0]["extensions"]["code"] == "CONFLICT"


async def test_another_users_nodes_and_trails_are_not_found(graphql, deps):
    from graphmind import trails
    from graphmind.associative.drift import take_snapshot
    from graphmind.memory.model import parse_memory_input
    from graphmind.memory.store import remember_many

    [theirs] = await remember_many(
        deps, "another-user", [parse_memory_input({"content": "someone else's secret plan"})]
    )
    their_trail = await trails.save_trail(
        deps, "another-user", trails.TrailDraft("x", "theirs", visited=[trails.VisitDraft(theirs.memory.id)])
    )
    their_snapshot = await take_snapshot(deps, "another-user", "theirs")
    mine = graphql(REMEMBER, {"c": "my own plan for the quarter"})["data"]["remember"]["id"]
    probes = [
        (LEARN, {"input": {"query": "plan", "agentId": "a", "feedback": "CORRECT", "nodeIds": [theirs.memory.id]}}),
        (ACTIVATE, {"s": [theirs.memory.id], "h": 2}),
        (WHY, {"s": mine, "t": theirs.memory.id}),
        (SAVE, {"input": {"agentId": "a", "label": "probe", "visitedNodes": [{"nodeId": theirs.memory.id}]}}),
        (RESUME, {"input": {"trailId": their_trail.trail.id}}),
        ("query($id: ID!) { trail(id: $id) { id } }", {"id": their_trail.trail.id}),
        ("query($s: String!) { drift(since: $s) { nodeCountDelta } }", {"s": their_snapshot.id}),
    ]
    for document, variables in probes:
        body = graphql(document, variables)
        assert body["errors"][0]["extensions"]["code"] == "NOT_FOUND", (document, body)
    mine_only = graphql(ACTIVATE, {"q": "someone else's secret plan", "h": 3})["data"]["activate"]
    assert theirs.memory.id not in {n["id"] for n in mine_only["nodes"]}
