"""The GraphQL cookbook, docs/graphql.md: every query, mutation and subscription with a
request and the real response, captured from the running service so the page cannot go
stale.

`python -m graphmind.docgen.cookbook --write docs/graphql.md` runs the examples of
cookbook_examples.py in order against the app in-process (Starlette's TestClient: the real
app and lifespan on the Neo4j of the `GRAPHMIND_` settings, started if it is not running),
as two fresh users with API keys required, an agent and an admin, and writes the page.
`--check` compares instead: tests/api/test_cookbook.py does the same, comparing the
shapes (keys and value types) of the page's responses with a new capture's.
"""

import argparse
import json
import re
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path

from graphql import FieldNode, GraphQLObjectType, OperationDefinitionNode, get_named_type, parse

from graphmind.docgen.cookbook_example import Example, Ref
from graphmind.docgen.cookbook_examples import EXAMPLES
from graphmind.settings import PROJECT_ROOT, Settings

PAGE = PROJECT_ROOT / "docs/graphql.md"
INTRO = Path(__file__).with_name("cookbook_intro.md")
TRIM_LIST, TRIM_TEXT = 3, 400
WIDTH = 88
SUBSCRIPTION_TIMEOUT = 30.0
SECRET = re.compile(r"^gm_[A-Za-z0-9_-]{43}$")


class CaptureError(Exception):
    pass


@dataclass
class Captured:
    example: Example
    kind: str  # query, mutation or subscription
    name: str  # the operation's name
    fields: list[str]  # the root fields it calls
    variables: dict
    response: dict


def operation(document: str) -> tuple[str, str, list[str]]:
    [op] = [d for d in parse(document).definitions if isinstance(d, OperationDefinitionNode)]
    assert op.name is not None  # the examples are named operations (capture() keys the responses by name)
    fields = []
    for selection in op.selection_set.selections:
        assert isinstance(selection, FieldNode)  # the examples select root fields, never fragments
        fields.append(selection.name.value)
    return op.operation.value, op.name.value, fields


def resolve(value, responses: dict, users: dict):
    """Replaces every Ref with the value it points to."""
    if isinstance(value, Ref):
        if value.operation == "$":
            return users[value.path]
        found = responses[value.operation]["data"]
        for step in value.path.split("."):
            found = found[int(step)] if isinstance(found, list) else found[step]
        return found
    if isinstance(value, dict):
        return {k: resolve(v, responses, users) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, responses, users) for v in value]
    return value


def capture(settings: Settings | None = None) -> list[Captured]:
    """Runs every example against the app in-process; the responses, in order."""
    from starlette.testclient import TestClient

    from graphmind.app import create_app
    from graphmind.security.keys import Role, create_key

    names = [operation(e.document)[1] for x in EXAMPLES for e in (x, x.trigger) if e]
    if len(set(names)) != len(names):
        raise CaptureError(f"operation names must be unique: {sorted(n for n in names if names.count(n) > 1)}")
    settings = (settings or Settings()).model_copy(update={"api_keys": "required", "gardener_enabled": False})
    suffix = uuid.uuid4().hex[:8]
    users = {"user": f"cookbook-{suffix}", "admin": f"cookbook-admin-{suffix}"}
    captured: list[Captured] = []
    responses: dict[str, dict] = {}
    # addressed as the local server it is (api/hosts.py refuses TestClient's `testserver`)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        deps = client.app_state["deps"]
        assert client.portal is not None  # the client's `with` block runs it
        keys = {
            who: client.portal.call(create_key, deps, users[who], role)[1]
            for who, role in (("user", Role.AGENT), ("admin", Role.ADMIN))
        }

        def run(example: Example) -> Captured:
            kind, name, fields = operation(example.document)
            variables = resolve(example.variables, responses, users)
            headers = {"Authorization": f"Bearer {keys['admin' if example.admin else 'user']}"}
            if kind == "subscription":
                response = subscribe(client, example, name, variables, headers, run)
            else:
                body = {"query": example.document, "variables": variables, "operationName": name}
                response = client.post("/graphql", json=body, headers=headers).json()
            if response.get("errors") or not response.get("data"):
                raise CaptureError(f"{name} failed: {json.dumps(response)[:1000]}")
            responses[name] = response
            return Captured(example, kind, name, fields, variables, response)

        for example in EXAMPLES:
            captured.append(run(example))
    return captured


def subscribe(client, example: Example, name: str, variables: dict, headers: dict, run) -> dict:
    """The first message of a graphql-ws subscription after its trigger ran over HTTP."""
    url = str(client.base_url.join("/graphql")).replace("http", "ws", 1)  # its host: a relative URL's is testserver
    with client.websocket_connect(url, subprotocols=["graphql-transport-ws"], headers=headers) as ws:
        ws.send_json({"type": "connection_init"})
        if ws.receive_json()["type"] != "connection_ack":
            raise CaptureError(f"{name}: no connection_ack")
        ws.send_json(
            {
                "id": "1",
                "type": "subscribe",
                "payload": {"query": example.document, "variables": variables, "operationName": name},
            }
        )
        if example.trigger:
            run(example.trigger)
        with ThreadPoolExecutor(1) as pool:
            try:
                message = pool.submit(ws.receive_json).result(timeout=SUBSCRIPTION_TIMEOUT)
            except FutureTimeout as e:
                raise CaptureError(f"{name}: nothing arrived in {SUBSCRIPTION_TIMEOUT:.0f} s") from e
            finally:
                ws.send_json({"id": "1", "type": "complete"})
        if message.get("type") != "next":
            raise CaptureError(f"{name}: {message}")
        return message["payload"]


def trim(value):
    """What the page shows: lists cut to their first items, long texts cut, key secrets redacted."""
    if isinstance(value, dict):
        return {k: trim(v) for k, v in value.items()}
    if isinstance(value, list):
        return [trim(v) for v in value[:TRIM_LIST]]
    if isinstance(value, str):
        if SECRET.match(value):
            return "gm_…(the secret, shown once; redacted here)"
        return value if len(value) <= TRIM_TEXT else value[:TRIM_TEXT] + "…"
    return value


# Shapes: keys and value types. JSON scalars are opaque, null and [] match anything.


def json_fields() -> set[str]:
    from graphmind.api.schema import schema

    return {
        name
        for t in schema._schema.type_map.values()
        if isinstance(t, GraphQLObjectType) and not t.name.startswith("__")
        for name, f in t.fields.items()
        if get_named_type(f.type).name == "JSON"
    }


def shape(value, opaque: frozenset = frozenset(), key: str | None = None):
    if key in opaque:
        return "json"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return [shape(value[0], opaque)] if value else []
    return {k: shape(v, opaque, k) for k, v in value.items()}


def differences(a, b, path: str = "") -> list[str]:
    if a == "null" or b == "null" or a == b:
        return []
    if isinstance(a, list) and isinstance(b, list):
        return differences(a[0], b[0], f"{path}[0]") if a and b else []
    if isinstance(a, dict) and isinstance(b, dict):
        found = [f"{path}.{k}: only in the page" for k in a.keys() - b.keys()]
        found += [f"{path}.{k}: only in the capture" for k in b.keys() - a.keys()]
        for k in a.keys() & b.keys():
            found += differences(a[k], b[k], f"{path}.{k}")
        return found
    return [f"{path}: {json.dumps(a)} in the page, {json.dumps(b)} in the capture"]


# The page.


def descriptions() -> dict[tuple[str, str], str]:
    from graphmind.api.schema import schema

    roots = {
        "query": schema._schema.query_type,
        "mutation": schema._schema.mutation_type,
        "subscription": schema._schema.subscription_type,
    }
    found: dict[tuple[str, str], str] = {}
    for kind, root in roots.items():
        assert root is not None  # the schema has queries, mutations and subscriptions
        found.update({(kind, name): " ".join((f.description or "").split()) for name, f in root.fields.items()})
    return found


def dumps(value, indent: int = 0, column: int = 0) -> str:
    """JSON, indented, with the objects and lists that fit in a line kept on one line
    (`column`: where the value starts on its line)."""
    flat = json.dumps(value, ensure_ascii=False)
    if not value or not isinstance(value, dict | list) or column + len(flat) <= WIDTH:
        return flat
    inner = indent + 2
    if isinstance(value, dict):
        items = [
            f"{' ' * inner}{json.dumps(k, ensure_ascii=False)}: "
            f"{dumps(v, inner, inner + len(json.dumps(k, ensure_ascii=False)) + 2)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + f"\n{' ' * indent}}}"
    return "[\n" + ",\n".join(" " * inner + dumps(v, inner, inner) for v in value) + f"\n{' ' * indent}]"


def render(captured: list[Captured]) -> str:
    described = descriptions()
    shown = [c for c in captured if c.example.shown]
    sections = list(dict.fromkeys(c.example.section for c in shown))
    out = [INTRO.read_text().strip(), "", "## Contents", ""]
    for section in sections:
        names = ", ".join(f"`{f}`" for c in shown if c.example.section == section for f in c.fields)
        out.append(f"- [{section}](#{anchor(section)}): {names}")
    for section in sections:
        out += ["", f"## {section}"]
        for c in (c for c in shown if c.example.section == section):
            title = ", ".join(f"`{f}`" for f in c.fields)
            out += ["", f"### {title} ({c.kind}{', admin key' if c.example.admin else ''})", ""]
            out += [described[(c.kind, f)] for f in c.fields]
            if c.example.note:
                out += ["", c.example.note]
            out += ["", "```graphql", c.example.document, "```"]
            if c.variables:
                out += ["", "Variables:", "", "```json", dumps(c.variables), "```"]
            out += ["", "Response:", "", f"<!-- response: {c.name} -->", "```json", dumps(trim(c.response)), "```"]
    return "\n".join(out) + "\n"


def anchor(heading: str) -> str:
    return re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")


BLOCK = re.compile(
    r"```graphql\n(?P<document>.*?)\n```\n(?:\nVariables:\n\n```json\n(?P<variables>.*?)\n```\n)?"
    r"\nResponse:\n\n<!-- response: (?P<name>\w+) -->\n```json\n(?P<response>.*?)\n```",
    re.S,
)


def read_page(text: str) -> dict[str, dict]:
    """The page's examples by operation name: document, variables, response."""
    return {
        m["name"]: {
            "document": m["document"],
            "variables": json.loads(m["variables"] or "{}"),
            "response": json.loads(m["response"]),
        }
        for m in BLOCK.finditer(text)
    }


def compare(page_text: str, captured: list[Captured]) -> list[str]:
    """What differs between the page and a capture: examples, documents, shapes."""
    opaque = frozenset(json_fields())
    page = read_page(page_text)
    shown = {c.name: c for c in captured if c.example.shown}
    problems = [f"{name}: on the page, not in the examples" for name in page.keys() - shown.keys()]
    problems += [f"{name}: in the examples, not on the page" for name in shown.keys() - page.keys()]
    for name in shown.keys() & page.keys():
        c, p = shown[name], page[name]
        if p["document"] != c.example.document:
            problems.append(f"{name}: the page's document differs from the example's")
        for what, new in (("variables", c.variables), ("response", c.response)):
            problems += [f"{name} {what}{d}" for d in differences(shape(p[what], opaque), shape(trim(new), opaque))]
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Capture the GraphQL cookbook from the running service.")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, metavar="PAGE", help="write the page (docs/graphql.md)")
    group.add_argument("--check", type=Path, metavar="PAGE", help="compare the page's shapes with a new capture")
    args = parser.parse_args(argv)

    from graphmind.neo4j_server import Neo4jServer

    settings = Settings()
    server = Neo4jServer(settings)
    started = server.start() if settings.neo4j_uri is None else False  # a Neo4j of your own: yours to run
    try:
        captured = capture(settings)
    finally:
        if started:
            server.stop()
    if args.write:
        args.write.write_text(render(captured))
        print(f"wrote {args.write}: {sum(c.example.shown for c in captured)} examples")
        return 0
    problems = compare(args.check.read_text(), captured)
    print("\n".join(problems) or f"{args.check} matches the service")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
