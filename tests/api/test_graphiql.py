"""GraphiQL on GET /graphql: local assets, the tour document, and the loop it teaches."""

import json
import os

import pytest
from graphql import OperationDefinitionNode, parse, validate

from graphmind.api import graphiql, graphiql_assets
from graphmind.api.schema import schema

TOUR_OPERATIONS = ["Remember", "Recall", "Decide", "ObserveOutcome", "RecallAgain"]


def need_assets():
    if not graphiql_assets.ready():
        message = "GraphiQL's assets are missing: make setup"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)


def tour_operations():
    document, variables = graphiql.tour()
    operations = [d for d in parse(document).definitions if isinstance(d, OperationDefinitionNode)]
    return document, json.loads(variables), operations


def test_the_tour_is_five_named_operations_valid_against_the_schema():
    document, variables, operations = tour_operations()
    assert [o.name.value for o in operations] == TOUR_OPERATIONS
    assert validate(schema._schema, parse(document)) == []
    declared = {v.variable.name.value for o in operations for v in o.variable_definitions}
    assert declared <= set(variables), "every variable the tour declares has an example value"
    assert '{"Authorization": "Bearer' in document


def test_get_graphql_serves_our_page_from_local_assets(app_client):
    need_assets()
    response = app_client.get("/graphql", headers={"accept": "text/html"})
    assert response.status_code == 200
    page = response.text
    assert "unpkg.com" not in page and "https://" not in page
    assert 'src="/graphiql/graphiql.min.js"' in page and 'href="/graphiql/graphiql.min.css"' in page
    assert "mutation Remember(" in page and "paste the traceId from Decide here" in page
    assert "shouldPersistHeaders: false" in page
    for package in graphiql_assets.PACKAGES:
        for _, served in package.files:
            asset = app_client.get(f"/graphiql/{served}")
            assert asset.status_code == 200 and len(asset.content) > 0


def test_the_script_literals_cannot_close_the_script_element():
    assert graphiql._script_literal("</script><b>&") == '"\\u003c/script\\u003e\\u003cb\\u003e\\u0026"'


def test_without_assets_the_page_says_how_to_get_them(tmp_path):
    response = graphiql.page(tmp_path / "nothing-here")
    assert response.status_code == 503
    assert b"make setup" in response.body and b"graphmind.api.graphiql_assets" in response.body


def test_the_asset_pins_are_checked(tmp_path):
    with pytest.raises(ValueError, match="integrity mismatch"):
        graphiql_assets.verify(b"not the tarball", graphiql_assets.PACKAGES[0].integrity)
    assert not graphiql_assets.ready(tmp_path)


def test_post_graphql_is_unchanged(graphql):
    assert graphql("{ health { status } }")["data"]["health"]["status"]


async def test_the_tour_runs_as_written_and_moves_the_salience(app_client, deps, user_id):
    """The five operations with the tour's own variables, ids copied as its comments say."""
    from graphmind.security.keys import create_key

    _, secret = await create_key(deps, user_id)  # a fresh user: the tour's memory is new to it
    document, variables, _ = tour_operations()

    def run(name: str) -> dict:  # as GraphiQL sends it: the whole document and an operationName
        response = app_client.post(
            "/graphql",
            json={"query": document, "variables": variables, "operationName": name},
            headers={"Authorization": f"Bearer {secret}"},
        )
        assert response.status_code == 200 and "errors" not in response.json(), response.text
        return response.json()["data"]

    remembered = run("Remember")["remember"]
    assert remembered["duplicateOf"] is None and remembered["content"] == variables["content"]
    recall = run("Recall")["recall"]
    before = {i["memory"]["id"]: i["memory"] for i in recall["items"]}
    assert remembered["id"] in before
    variables["retrievalId"] = recall["retrievalId"]
    variables["traceId"] = run("Decide")["decide"]["traceId"]
    updates = run("ObserveOutcome")["observeOutcome"]["updates"]
    assert any(u["memoryId"] == remembered["id"] and u["delta"] > 0 for u in updates)
    after = {i["memory"]["id"]: i["memory"] for i in run("RecallAgain")["recall"]["items"]}
    assert after[remembered["id"]]["outcomeAdjustment"] > before[remembered["id"]]["outcomeAdjustment"]
    assert after[remembered["id"]]["effectiveSalience"] > before[remembered["id"]]["effectiveSalience"]
