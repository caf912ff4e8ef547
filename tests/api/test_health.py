"""The health query and /healthz, through the real app, Neo4j and model."""

HEALTH = """{ health { status neo4jVersion neo4jEdition indexes { name type state }
  embedding { model dimension } nodeCounts { label count } } }"""


def test_health_reports_neo4j_indexes_and_model(graphql):
    health = graphql(HEALTH)["data"]["health"]
    assert health["status"] == "ok"
    assert health["neo4jVersion"].startswith("2026.09.")
    assert health["neo4jEdition"] == "community"
    states = {i["name"]: i["state"] for i in health["indexes"]}
    assert states["memory_embedding"] == "ONLINE"
    assert health["embedding"] == {"model": "all-MiniLM-L6-v2", "dimension": 384}
    assert isinstance(health["nodeCounts"], list)


def test_healthz_answers_plain_http(app_client):
    response = app_client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


def test_graphiql_is_served_to_browsers(app_client):
    response = app_client.get("/graphql", headers={"accept": "text/html"})
    assert response.status_code == 200 and "graphiql" in response.text.lower()
