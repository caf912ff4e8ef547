"""A whole agent session through GraphQL, as docs/sessions.md shows it."""

START = """mutation($goal: String!) { startSession(input: {agentId: "coder-1", goal: $goal}) { id status } }"""
LOG = """mutation($id: ID!, $kind: SessionEntryKind!, $text: String!) {
  logSession(input: {sessionId: $id, kind: $kind, text: $text}) {
    entry { id kind position } signal message recalled { memory { content } }
    loopWarning { similarity attempt message checklist suggestHelper helperSuggestion }
  } }"""


def test_a_whole_session(graphql):
    graphql(
        """mutation { remember(input: {content: "Neo4j refuses to start when port 7687 is taken by another JVM; stop the stray JVM first.", tags: ["neo4j"]}) { id } }"""
    )
    session = graphql(START, {"goal": "Make the integration suite pass"})["data"]["startSession"]
    assert session["status"] == "OPEN"

    def log(kind, text):
        body = graphql(LOG, {"id": session["id"], "kind": kind, "text": text})
        assert "errors" not in body, body
        return body["data"]["logSession"]

    first = log("EXPERIENCE", "Neo4j did not start for the integration suite: port 7687 is taken")
    assert first["signal"] == "first_experience" and first["recalled"]
    log("ASSUMPTION", "The failures come from a timing problem")
    blocker = log("BLOCKER", "Neo4j will not start because port 7687 is taken")
    assert blocker["signal"] == "blocker" and blocker["recalled"]
    log("REJECTED", "Increase the startup timeout to sixty seconds")
    second = log("REJECTED", "Increase the startup timeout to ninety seconds")
    assert second["loopWarning"]["attempt"] == 2 and not second["loopWarning"]["suggestHelper"]
    third = log("REJECTED", "Increase the startup timeout to two minutes")
    assert third["loopWarning"]["suggestHelper"]
    brief = graphql(
        """query($id: ID!) { helperBrief(sessionId: $id) { problem tried assumptions markdown } }""",
        {"id": session["id"]},
    )["data"]["helperBrief"]
    assert brief["problem"] == "Neo4j will not start because port 7687 is taken" and len(brief["tried"]) == 3
    resolved = graphql(
        """mutation($id: ID!) { resolveBlocker(input: {entryId: $id,
        rootCause: "a stray JVM from an earlier run held port 7687", solution: "stop stray JVMs before the suite"})
        { resolved } }""",
        {"id": blocker["entry"]["id"]},
    )
    assert resolved["data"]["resolveBlocker"]["resolved"]
    log("LEARNING", "The suite's Neo4j gets its own ports, 17687 and 17474, apart from the dev server")
    found = graphql(
        """query($id: ID!) { sessionRecall(sessionId: $id) { similarity memory { content } } }""", {"id": session["id"]}
    )["data"]["sessionRecall"]
    assert found and found[0]["similarity"] >= 0.7
    end = graphql(
        """mutation($id: ID!) { endSession(input: {sessionId: $id}) {
        session { status snapshotId } promotions { kind action reason memoryId signals } snapshot { id kind label } } }""",
        {"id": session["id"]},
    )["data"]["endSession"]
    assert end["session"]["status"] == "ENDED" and end["snapshot"]["kind"] == "session"
    assert [(p["kind"], p["action"]) for p in end["promotions"]][0][0] == "BLOCKER"
    assert all(p["action"] in ("PROMOTED", "LINKED", "SUPERSEDED") for p in end["promotions"])


def test_errors(graphql):
    bad = graphql(START, {"goal": ""})
    assert bad["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "input.goal"}
    missing = graphql(LOG, {"id": "nope", "kind": "LEARNING", "text": "x"})
    assert missing["errors"][0]["extensions"]["code"] == "NOT_FOUND"
    gone = graphql("""query { session(id: "nope") { id } }""")
    assert gone["errors"][0]["extensions"]["code"] == "NOT_FOUND"
