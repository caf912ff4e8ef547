"""GraphiQL on GET /graphql: our own page, from local assets, opening on a tour of the loop.

The page (graphiql.html) loads React and GraphiQL from `/graphiql/…`, the files
`make setup` fetched into `.cache/graphiql/` (graphiql_assets.py), and opens on the
document graphiql_tour.graphql with the variables of graphiql_tour.json: Remember,
Recall, Decide, ObserveOutcome, RecallAgain. Without the assets the page says how to
get them. POST /graphql is untouched.
"""

import json
from pathlib import Path

from starlette.responses import HTMLResponse
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from graphmind.api import graphiql_assets

HERE = Path(__file__).parent
TEMPLATE = HERE / "graphiql.html"
TOUR = HERE / "graphiql_tour.graphql"
TOUR_VARIABLES = HERE / "graphiql_tour.json"
ASSETS_URL = "/graphiql"

MISSING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>GraphMind GraphiQL</title></head>
<body style="font-family: sans-serif; max-width: 42em; margin: 3em auto">
<h1>GraphiQL's assets are not installed</h1>
<p>GraphMind serves GraphiQL from local files, not from a CDN. Fetch them (about 4 MB, pinned
versions from the npm registry) with</p>
<pre>make setup</pre>
<p>or <code>.venv/bin/python -m graphmind.api.graphiql_assets</code>, then reload this page.</p>
<p>The API itself works: POST GraphQL requests to this URL.</p>
</body></html>
"""


def _script_literal(value) -> str:
    """A JSON value that is safe inside a <script> element."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def tour() -> tuple[str, str]:
    """The default document and its variables (as the text of the variables editor)."""
    return TOUR.read_text(), TOUR_VARIABLES.read_text()


def render(assets_url: str = ASSETS_URL) -> str:
    document, variables = tour()
    return (
        TEMPLATE.read_text()
        .replace("__ASSETS__", assets_url)
        .replace("__TOUR_VARIABLES__", _script_literal(variables))
        .replace("__TOUR__", _script_literal(document))
    )


def page(assets_dir: Path = graphiql_assets.ASSETS_DIR) -> HTMLResponse:
    if not graphiql_assets.ready(assets_dir):
        return HTMLResponse(MISSING, status_code=503)
    return HTMLResponse(render())


class _Assets(StaticFiles):
    async def check_config(self) -> None:
        """A missing folder answers 404 per file (the page explains), not 500."""


def assets_mount(assets_dir: Path = graphiql_assets.ASSETS_DIR) -> Mount:
    return Mount(ASSETS_URL, app=_Assets(directory=assets_dir, check_dir=False), name="graphiql")
