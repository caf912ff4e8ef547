"""Privacy operations: export everything of the caller; delete it and verify zero."""

import json
import re

from graphmind.security import keys
from graphmind.settings import Settings

DELETE = "mutation { deleteUserData(input: {confirm: true}) { userId deletedNodes remainingNodes } }"


async def test_export_then_delete(call, key_for, deps):
    user, key = await key_for()
    session = call('mutation { startSession(input: {agentId: "a", goal: "Plan the garden"}) { id } }', key)[1]
    remember = 'mutation($s: String) { remember(input: {content: "Carol grows tomatoes on her balcony.", sessionId: $s}) { id } }'
    call(remember, key, {"s": session["data"]["startSession"]["id"]})
    exported = call("{ exportUserData }", key)[1]["data"]["exportUserData"]
    labels = {label for node in exported["nodes"] for label in node["labels"]}
    assert {"Memory", "Session", "Scene", "User", "ApiKey", "Event"} <= labels and exported["userId"] == user
    # what is derived from a memory's text stays behind: its embedding, and a scene's sum of them (QA)
    derived = {"embedding", "centroidSum", "hash"}
    assert not any(derived & n["properties"].keys() for n in exported["nodes"])
    assert any(
        r["type"] == "MENTIONS" or r["type"] == "NEXT" or r["type"] == "LATEST" for r in exported["relationships"]
    )
    refused = call("mutation { deleteUserData(input: {confirm: false}) { userId } }", key)[1]
    assert refused["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "input.confirm"}
    [anywhere] = await deps.db.read("testing.nodes_of_user_anywhere", userId=user)
    # found label by label, none missed; the keyword postings, derived from the text, left out
    assert anywhere["terms"] > 0 and len(exported["nodes"]) == anywhere["count"] - anywhere["terms"]
    assert not any("Term" in n["labels"] for n in exported["nodes"])
    assert not any(r["type"] == "HAS_TERM" for r in exported["relationships"])
    [joined] = await deps.db.read("testing.relationships_of_user", userId=user)
    assert len(exported["relationships"]) == joined["count"] > 0  # each relationship among them, once
    done = call(DELETE, key)[1]["data"]["deleteUserData"]
    assert done["userId"] == user and done["deletedNodes"] >= 5 and done["remainingNodes"] == 0
    assert (await deps.db.read("testing.nodes_of_user_anywhere", userId=user))[0]["count"] == 0
    assert call("{ exportUserData }", key)[0] == 401  # the key went with the data


async def test_admins_act_on_other_users(call, key_for):
    user, key = await key_for()
    _, admin = await key_for(keys.Role.ADMIN)
    call('mutation { remember(input: {content: "Dave speaks three languages fluently."}) { id } }', key)
    body = call("query($u: ID!) { exportUserData(userId: $u) }", admin, {"u": user})[1]
    assert any("Memory" in n["labels"] for n in body["data"]["exportUserData"]["nodes"])
    gone = call(
        "mutation($u: ID!) { deleteUserData(input: {confirm: true, userId: $u}) { remainingNodes } }",
        admin,
        {"u": user},
    )[1]
    assert gone["data"]["deleteUserData"]["remainingNodes"] == 0


async def erin_and_frank(remember, user_id: str) -> str:
    """Three memories of Erin's for the test's user and one of Frank's for another user,
    whose id it returns."""
    other = f"{user_id}-other"
    for text in (
        "Erin bakes sourdough every Sunday morning.",
        "Erin's starter is called Bubbles.",
        "Erin bought a new Dutch oven for the bread.",
    ):
        await remember(text)
    await remember("Frank bakes bagels on Saturdays.", user=other)
    return other


async def test_deletion_goes_in_batches_and_keeps_other_users(deps, remember, user_id, monkeypatch):
    """Relationships first, then bare nodes, each in batches (postings made one
    transaction per 5,000 nodes outgrow Neo4j's transaction memory); nobody else's go."""
    from graphmind.learning import decisions, outcomes
    from graphmind.memory.recall import recall
    from graphmind.security import userdata

    other = await erin_and_frank(remember, user_id)
    result = await recall(deps, user_id, "What does Erin bake?", 3)
    decision = await decisions.decide(
        deps,
        user_id,
        decisions.DecisionDraft(
            decisions.DecisionType.RECOMMENDATION, "Bring Erin flour", retrieval_id=result.retrieval_id
        ),
    )
    await outcomes.observe_outcome(
        deps, user_id, outcomes.OutcomeDraft(decision.trace_id, 0.8, outcomes.Signal.USER_ACCEPTED)
    )
    [owned] = await deps.db.read("user.remaining", userId=user_id)
    [anywhere] = await deps.db.read("testing.nodes_of_user_anywhere", userId=user_id)
    assert owned["count"] == anywhere["count"]  # retrievals, decisions, outcomes, salience updates too
    monkeypatch.setattr(userdata, "BATCH", 2)
    monkeypatch.setattr(userdata, "RELATIONSHIP_BATCH", 3)
    deleted, remaining = await userdata.delete_user_data(deps, user_id)
    assert deleted == anywhere["count"] and remaining == 0
    assert (await deps.db.read("testing.nodes_of_user_anywhere", userId=user_id))[0]["count"] == 0
    assert (await deps.db.read("user.remaining", userId=other))[0]["count"] > 0
    await userdata.delete_user_data(deps, other)


async def test_an_export_read_in_small_batches_is_the_same_and_holds_nobody_elses_data(
    deps, remember, user_id, monkeypatch
):
    """Nodes are read a batch at a time, each with the relationships that start at it:
    those between nodes of different batches are kept, and nothing of another user comes in."""
    from graphmind.security import userdata

    other = await erin_and_frank(remember, user_id)
    whole = await userdata.export_user_data(deps, user_id)
    monkeypatch.setattr(userdata, "EXPORT_BATCH", 2)
    batched = await userdata.export_user_data(deps, user_id)

    def contents(export: dict) -> tuple[list, list]:
        nodes = {n["ref"]: json.dumps([n["labels"], n["properties"]], sort_keys=True) for n in export["nodes"]}
        relationships = [
            (r["type"], nodes[r["start"]], nodes[r["end"]], json.dumps(r["properties"], sort_keys=True))
            for r in export["relationships"]
        ]
        return sorted(nodes.values()), sorted(relationships)

    assert len(whole["nodes"]) > 4 and len(whole["relationships"]) > 2  # three batches of two at least
    assert contents(batched) == contents(whole)
    assert {n["properties"].get("userId", n["properties"].get("id")) for n in whole["nodes"]} == {user_id}
    await userdata.delete_user_data(deps, other)


def test_every_label_written_with_a_user_id_is_among_the_owned_nodes():
    """A query that creates nodes of a new label carrying userId must add the label to
    user/owned_nodes.cypher, or exports and health's node counts would leave those nodes out
    and deletions fail."""
    cypher = Settings().cypher_dir
    owned = set(re.findall(r"MATCH \(n:(\w+) \{", (cypher / "user" / "owned_nodes.cypher").read_text()))
    written = set()
    for path in cypher.rglob("*.cypher"):
        text = path.read_text()
        for found in re.finditer(r"(?:CREATE|MERGE)\s*\((\w*):(\w+)[^)]*?(\{[^}]*\})?\)", text):
            variable, label, properties = found.groups()
            if "userId" in (properties or "") or (variable and re.search(rf"\b{variable}\.userId\s*=", text)):
                written.add(label)
    written.discard("User")  # found by its id
    assert len(written) > 10 and written <= owned, written - owned
    assert "ImprovementDecision" in owned  # written as a map with its userId (improvement/record_cycle)


async def test_a_node_deleted_during_the_export_leaves_no_relationship_to_it_in_the_document(
    deps, remember, user_id, monkeypatch
):
    """Each batch is its own read: the stream may name a node deleted after a relationship
    to it was read (the gardener deletes archived memories meanwhile), and
    `export_user_data`, which holds the whole export, leaves that relationship out."""
    from graphmind.security import userdata

    await erin_and_frank(remember, user_id)
    streamed = userdata.export_records
    monkeypatch.setattr(userdata, "EXPORT_BATCH", 1)

    async def deleting_a_node_once_named(deps, user_id):
        """The records, with a node deleted right after a relationship to it that is read
        before the node itself is (refs follow element ids: which relationships point
        forward depends on the store, so any node of the user with an id will do)."""
        whole = [record async for record in streamed(deps, user_id)]
        nodes = [r["node"] for r in whole if "node" in r]
        order = [n["ref"] for n in nodes]
        ids = {n["ref"]: n["properties"]["id"] for n in nodes if "id" in n["properties"] and "User" not in n["labels"]}
        forward = [
            r["relationship"]
            for r in whole
            if r.get("relationship", {}).get("end") in ids
            and order.index(r["relationship"]["start"]) < order.index(r["relationship"]["end"])
        ]
        assert forward, "no relationship of the user is read before the node it ends at"
        async for record in streamed(deps, user_id):
            yield record
            if record.get("relationship") == forward[0]:
                await deps.db.write("testing.delete_owned_node", userId=user_id, id=ids[forward[0]["end"]])
                deleted.append(forward[0]["end"])

    deleted: list[str] = []
    stream = [record async for record in deleting_a_node_once_named(deps, user_id)]
    assert any(record.get("relationship", {}).get("end") == deleted[0] for record in stream)
    assert not any(record.get("node", {}).get("ref") == deleted[0] for record in stream)

    monkeypatch.setattr(userdata, "export_records", deleting_a_node_once_named)
    document = await userdata.export_user_data(deps, user_id)
    refs = {n["ref"] for n in document["nodes"]}
    assert len(deleted) == 2 and deleted[1] not in refs
    assert all(r["start"] in refs and r["end"] in refs for r in document["relationships"])


async def test_requests_running_while_the_data_is_deleted_leave_nothing_behind(server, key_for, deps):
    """Four agents of one user keep remembering while it deletes its data: the requests
    admitted before finish first, later ones are refused (409 while the deletion runs, 401
    after), and nothing of the user is left once the deletion answers (before, remembers
    admitted just before it wrote after it, for good: the user had no key left to delete them)."""
    import asyncio

    import httpx

    user, key = await key_for()
    headers = {"Authorization": f"Bearer {key}"}
    remember = "mutation($c: String!) { remember(input: {content: $c}) { id } }"
    answered: list[int] = []
    started, deleted = asyncio.Event(), asyncio.Event()

    async def keep_remembering(client: httpx.AsyncClient, agent: int) -> None:
        for n in range(1000):
            text = f"Agent {agent} note {n}: Hanna keeps the billing migration on track."
            response = await client.post(
                server.url, json={"query": remember, "variables": {"c": text}}, headers=headers
            )
            answered.append(response.status_code)
            if answered.count(200) >= 8:
                started.set()
            if response.status_code in (401, 409) or deleted.is_set():
                return

    async with httpx.AsyncClient(timeout=120) as client:
        agents = [asyncio.create_task(keep_remembering(client, agent)) for agent in range(4)]
        await started.wait()
        done = (await client.post(server.url, json={"query": DELETE}, headers=headers)).json()
        deleted.set()
        await asyncio.gather(*agents)

    assert done["data"]["deleteUserData"]["remainingNodes"] == 0
    assert set(answered) <= {200, 401, 409}
    assert (await deps.db.read("testing.nodes_of_user_anywhere", userId=user))[0]["count"] == 0
