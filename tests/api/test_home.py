"""`GET /` points to GraphQL and the docs instead of a 404."""


def test_root_links_to_graphql_and_the_docs(app_client):
    data = app_client.get("/").json()
    assert data["graphql"] == "/graphql" and data["health"] == "/healthz"
    assert data["export"].startswith("/export")
    assert data["docs"]["cookbook"].startswith("docs/graphql.md")
    page = app_client.get("/", headers={"accept": "text/html,application/xhtml+xml"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<a href="/graphql">' in page.text and "docs/graphql.md" in page.text
