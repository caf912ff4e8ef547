"""Privacy operations: export everything of the caller; delete it and verify zero."""

from graphmind.security import keys

DELETE = "mutation { deleteUserData(input: {confirm: true}) { userId deletedNodes remainingNodes } }"


async def test_export_then_delete(call, key_for, deps):
    user, key = await key_for()
    call('mutation { remember(input: {content: "Carol grows tomatoes on her balcony."}) { id } }', key)
    call('mutation { startSession(input: {agentId: "a", goal: "Plan the garden"}) { id } }', key)
    exported = call("{ exportUserData }", key)[1]["data"]["exportUserData"]
    labels = {label for node in exported["nodes"] for label in node["labels"]}
    assert {"Memory", "Session", "User", "ApiKey", "Event"} <= labels and exported["userId"] == user
    assert all("embedding" not in n["properties"] and "hash" not in n["properties"] for n in exported["nodes"])
    assert any(
        r["type"] == "MENTIONS" or r["type"] == "NEXT" or r["type"] == "LATEST" for r in exported["relationships"]
    )
    refused = call("mutation { deleteUserData(input: {confirm: false}) { userId } }", key)[1]
    assert refused["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "input.confirm"}
    done = call(DELETE, key)[1]["data"]["deleteUserData"]
    assert done["userId"] == user and done["deletedNodes"] >= 5 and done["remainingNodes"] == 0
    assert (await deps.db.read("user.remaining", userId=user))[0]["count"] == 0
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


async def test_deletion_goes_in_batches_and_keeps_other_users(deps, remember, user_id, monkeypatch):
    """Relationships first, then bare nodes, each in batches (postings made one
    transaction per 5,000 nodes outgrow Neo4j's transaction memory); nobody else's go."""
    from graphmind.security import userdata

    other = f"{user_id}-other"
    for text in (
        "Erin bakes sourdough every Sunday morning.",
        "Erin's starter is called Bubbles.",
        "Erin bought a new Dutch oven for the bread.",
    ):
        await remember(text)
    await remember("Frank bakes bagels on Saturdays.", user=other)
    monkeypatch.setattr(userdata, "BATCH", 2)
    monkeypatch.setattr(userdata, "RELATIONSHIP_BATCH", 3)
    deleted, remaining = await userdata.delete_user_data(deps, user_id)
    assert deleted >= 10 and remaining == 0  # memories, terms, entities, events, the user
    assert (await deps.db.read("user.remaining", userId=user_id))[0]["count"] == 0
    assert (await deps.db.read("user.remaining", userId=other))[0]["count"] > 0
    await userdata.delete_user_data(deps, other)
