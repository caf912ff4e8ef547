"""`GET /`: where to go instead (GraphQL, GraphiQL, the data export, health, metrics, the
docs), not a 404."""

from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from graphmind import __version__

DOCS = {
    "cookbook": "docs/graphql.md",
    "agents": "docs/agents.md",
    "cli": "docs/cli.md",
    "neo4jBrowser": "docs/neo4j-browser.md",
}


def links(graphiql: bool) -> dict:
    return {
        "service": "GraphMind",
        "version": __version__,
        "graphql": "/graphql",
        "graphiql": "/graphql (open it in a browser)" if graphiql else None,
        "export": "/export (your data as NDJSON; send your API key)",
        "health": "/healthz",
        "metrics": "/metrics",
        "docs": {
            "schema": "GraphiQL's Docs pane, or schema.graphql in the repository",
            **{k: f"{v} in the repository" for k, v in DOCS.items()},
        },
    }


def endpoint(graphiql: bool):
    """JSON for programs, a small page for browsers (Accept: text/html)."""

    async def home(request: Request) -> Response:
        if "text/html" not in request.headers.get("accept", ""):
            return JSONResponse(links(graphiql))
        ide = (
            '<li><a href="/graphql">GraphiQL</a>: the API in your browser, with a tour and the schema '
            "in its Docs pane</li>"
            if graphiql
            else "<li>POST GraphQL to <code>/graphql</code></li>"
        )
        docs = "".join(f"<li><code>{escape(path)}</code></li>" for path in DOCS.values())
        return HTMLResponse(
            f"<!doctype html><title>GraphMind</title><h1>GraphMind {escape(__version__)}</h1><ul>{ide}"
            '<li><a href="/export">/export</a>: your data as NDJSON (send your API key)</li>'
            '<li><a href="/healthz">/healthz</a> and <a href="/metrics">/metrics</a></li></ul>'
            f"<p>Docs in the repository:</p><ul>{docs}</ul>"
        )

    return home
