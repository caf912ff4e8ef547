"""Fuzzing the GraphQL API: over 2,000 generated operations, valid and invalid.

Operations come from the schema the code builds (so new fields are fuzzed without
regenerating anything): hypothesis-graphql's valid queries and mutations, its operations
with one schema violation, textual mutations of valid documents, limit breakers (deep
nesting, many aliases, huge bodies) and raw bodies that are not GraphQL at all. They are
posted as user A (an AGENT key), and some without a key or with a wrong one.

Every answer must be JSON with `data` and/or `errors`; its status 200, or 400/401/413/429
with an error body; every error carries a documented code that is not INTERNAL (an
INTERNAL is a bug: a resolver let an unexpected exception through) and no traceback.
Afterwards A's graph must still hold the invariants of cypher/testing/orphans.cypher.

IDs, strings and scalars are drawn partly from A's real objects, so generated operations
reach the resolvers and Cypher behind validation, not only the validator. Drawing is
derandomized (the same examples every run, up to the ids the server makes) and bounded by
the budgets below: about 2,400 requests, a minute on this 2-core machine.
"""

import hashlib
import json
import os
import re
import string
import uuid
from datetime import UTC, datetime, timedelta, timezone
from functools import partial

import graphql as gql
import hypothesis_graphql as hg
import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from hypothesis_graphql import nodes

from graphmind.api.schema import schema
from graphmind.db.database import Database
from graphmind.errors import ERROR_CODES
from graphmind.security import keys
from graphmind.security.userdata import delete_user_data

# How many examples each test runs (posts per example: 1, plus the no-key variants). The
# suite sends about 2,500 operations; GRAPHMIND_FUZZ_OPERATIONS=N scales every budget to
# send at least N (`graphmind bench fuzz` sends 10,000).
MINIMUM_OPERATIONS = int(os.environ.get("GRAPHMIND_FUZZ_OPERATIONS", "2000"))
SCALE = max(1.0, MINIMUM_OPERATIONS / 2000)
VALID_QUERIES, VALID_MUTATIONS, NEGATIVE, MUTATED, LIMITS, RAW = (
    round(n * SCALE) for n in (400, 400, 400, 300, 150, 200)
)
COUNTS = {"valid": 0, "invalid": 0, "no-key": 0}
RAN: set[str] = set()
ROOT_FIELDS_SENT: set[str] = set()  # root fields of the valid operations sent
EXCLUDED_MUTATIONS = {"deleteUserData"}  # would delete A and A's key: checked on its own below
ADMIN_ONLY = {"createApiKey", "revokeApiKey", "runJob", "setSelfImprovementKillSwitch", "setSelfImprovement"}
REFUSED = {400, 401, 413, 429}
FUZZ = hsettings(
    deadline=None, derandomize=True, database=None, print_blob=False, suppress_health_check=list(HealthCheck)
)


# --- answers -------------------------------------------------------------------------


def problems(response) -> list[str]:
    """Why an answer breaks the contract (empty when it keeps it)."""
    found = []
    if response.status_code != 200 and response.status_code not in REFUSED:
        found.append(f"status {response.status_code}")
    if "Traceback" in response.text:
        found.append("a traceback in the body")
    try:
        body = response.json()
    except ValueError:
        return found + [f"not JSON: {response.text[:200]!r}"]
    if not isinstance(body, dict) or not ({"data", "errors"} & set(body)):
        return found + [f"neither data nor errors: {response.text[:200]!r}"]
    errors = body.get("errors") or []
    if response.status_code != 200 and not errors:
        found.append(f"status {response.status_code} without errors")
    for error in errors:
        code = (error.get("extensions") or {}).get("code")
        if code not in ERROR_CODES or code == "INTERNAL":
            found.append(f"code {code}: {error.get('message')!r} at {error.get('path')}")
    return found


def codes(response) -> list[str]:
    return [(e.get("extensions") or {}).get("code") for e in response.json().get("errors") or []]


# --- the app, user A and A's objects ----------------------------------------------------

SEED = """mutation {
  rememberMany(inputs: [
    {content: "Alice prefers green tea over coffee in the morning", contentType: PREFERENCE, tags: ["drinks"]},
    {content: "The Berlin office moved to Kreuzberg in March 2025", contentType: FACT, entities: ["Berlin"]},
    {content: "Neo4j 5.26 needs Java 17 or 21 to start", contentType: FACT, tags: ["neo4j"]},
    {content: "Deploys on Fridays caused two outages last quarter", contentType: EVENT, temporalLevel: 3},
    {content: "Goal: ship the fuzzing suite before the release", contentType: GOAL}
  ]) { id } }"""
SEED_MORE = """mutation($m: [ID!]!, $retrieval: ID!) {
  decide(input: {decisionType: RECOMMENDATION, summary: "Recommend green tea", retrievalId: $retrieval,
                 alternatives: ["coffee"]}) { traceId }
  learn(input: {query: "tea", agentId: "fuzzer", feedback: CORRECT, nodeIds: $m}) { edgesAdjusted }
  snapshot(input: {label: "before fuzzing", agentId: "fuzzer"}) { id }
  saveTrail(input: {agentId: "fuzzer", label: "why tea", tags: ["t"],
    hypotheses: [{statement: "Alice likes tea", confidence: 0.7, supportingNodes: $m}],
    conclusions: [{statement: "Offer tea", supportingNodes: $m}]}) { trailId }
  startSession(input: {agentId: "fuzzer", goal: "Find out what Alice drinks"}) { id }
}"""


class Tenant:
    """A user with an API key, posting through the shared TestClient."""

    def __init__(self, client, user_id: str, key: str) -> None:
        self.client, self.user_id, self.key = client, user_id, key
        self.ids: dict[str, list[str]] = {}  # A's object ids by label, in creation order
        self.sent = 0

    def refresh(self) -> None:
        """Reads A's object ids again (the fuzz creates, ends and archives objects)."""
        self.ids.clear()
        for node in self.data("{ exportUserData }")["exportUserData"]["nodes"]:
            if isinstance(node["properties"].get("id"), str):
                for label in node["labels"]:
                    self.ids.setdefault(label, []).append(node["properties"]["id"])

    def post(self, document: str, variables: dict | None = None, key: str | None = "own"):
        key = self.key if key == "own" else key
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return self.client.post("/graphql", json={"query": document, "variables": variables or {}}, headers=headers)

    def post_raw(self, body, content_type: str | None = "application/json"):
        headers = {"Authorization": f"Bearer {self.key}", **({"content-type": content_type} if content_type else {})}
        return self.client.post("/graphql", content=body, headers=headers)

    def data(self, document: str, variables: dict | None = None) -> dict:
        body = self.post(document, variables).json()
        assert not body.get("errors"), body
        return body["data"]


@pytest.fixture(scope="module")
def fuzz(settings, db):
    """The app with keys required and no rate limits, neither per key nor on an address's
    wrong keys (it sends hundreds); on the emptied test database (`db`), user A with an
    AGENT key and one of most things."""
    from starlette.testclient import TestClient

    from graphmind.app import create_app

    app = create_app(
        settings.model_copy(update={"api_keys": "required", "rate_limit_per_minute": 0, "auth_failures_per_minute": 0})
    )
    with TestClient(app, raise_server_exceptions=False) as client:
        deps = client.app_state["deps"]
        user_id = f"fuzz-{uuid.uuid4().hex[:10]}"
        _, secret = client.portal.call(keys.create_key, deps, user_id, keys.Role.AGENT, "fuzz A")
        a = Tenant(client, user_id, secret)
        memories = [m["id"] for m in a.data(SEED)["rememberMany"]]
        retrieval = a.data('{ recall(query: "what does Alice drink") { retrievalId } }')["recall"]["retrievalId"]
        made = a.data(SEED_MORE, {"m": memories[:2], "retrieval": retrieval})
        trace, session = made["decide"]["traceId"], made["startSession"]["id"]
        a.data(
            "mutation($t: ID!) { observeOutcome(input: {traceId: $t, quality: 0.8, signal: USER_ACCEPTED}) "
            "{ outcomeId } }",
            {"t": trace},
        )
        blocker = a.data(
            "mutation($s: ID!) { logSession(input: {sessionId: $s, kind: BLOCKER, "
            'text: "The kettle is broken"}) { entry { id } } }',
            {"s": session},
        )
        a.data(
            "mutation($s: ID!) { logSession(input: {sessionId: $s, kind: LEARNING, "
            'text: "Alice drinks tea"}) { entry { id } } }',
            {"s": session},
        )
        a.data(
            'mutation($e: ID!) { resolveBlocker(input: {entryId: $e, solution: "a new kettle"}) { id } }',
            {"e": blocker["logSession"]["entry"]["id"]},
        )
        a.data(
            "mutation($old: ID!, $new: ID!) { supersede(input: {oldId: $old, newId: $new}) { superseded { id } } }",
            {"old": memories[3], "new": memories[4]},
        )
        a.refresh()
        assert all(
            a.ids[label]
            for label in ("Memory", "Entity", "Decision", "Retrieval", "Session", "SessionEntry", "Trail", "Snapshot")
        ), a.ids
        yield a
        client.portal.call(delete_user_data, deps, user_id)


# --- strategies --------------------------------------------------------------------------

WORDS = (
    "tea coffee Alice Berlin Neo4j Java deploy Friday outage release fuzz kettle session trail "
    "memory decision green morning office quarter goal ship suite test broken new"
).split()
EDGE_INTS = (0, 1, -1, 2, 3, 8, 9, 10, 11, 100, 101, 500, 501, 1000, 2**31 - 1, -(2**31), 4000, 32_000, 32_001)
EDGE_FLOATS = (0.0, -0.0, 1.0, -1.0, 0.5, 1.0000001, -1.0000001, 1e308, -1e308, 5e-324, 1e-9, 2.0, 100.0)
ID_LABELS = {  # whose ids a root field's ID (and id-like String) arguments mostly get; default: any of A's
    "memory": ("Memory",),
    "forget": ("Memory",),
    "restore": ("Memory",),
    "supersede": ("Memory",),
    "counterfactuals": ("Decision",),
    "decision": ("Decision",),
    "decisions": ("Memory",),
    "observeOutcome": ("Decision",),
    "decide": ("Retrieval", "Memory"),
    "activate": ("Memory", "Entity"),
    "why": ("Memory", "Entity"),
    "learn": ("Memory", "Entity"),
    "saveTrail": ("Memory", "Entity"),
    "trail": ("Trail",),
    "resumeTrail": ("Trail",),
    "mergeTrails": ("Trail",),
    "drift": ("Snapshot",),
    "session": ("Session",),
    "sessionRecall": ("Session",),
    "helperBrief": ("Session",),
    "logSession": ("Session",),
    "endSession": ("Session",),
    "remember": ("Session",),
    "rememberMany": ("Session",),
    "resolveBlocker": ("SessionEntry",),
    "revokeApiKey": ("ApiKey",),
}
ANY_LABELS = ("Memory", "Entity", "Decision", "Retrieval", "Session", "SessionEntry", "Trail", "Snapshot")


def weighted(*pairs: tuple[int, st.SearchStrategy]) -> st.SearchStrategy:
    return st.one_of(*(strategy for weight, strategy in pairs for _ in range(weight)))


def value_nodes(a: Tenant, labels: tuple[str, ...]) -> dict:
    """custom_scalars for hypothesis-graphql: realistic, boundary and hostile values; ids mostly
    of A's objects of the kinds the field takes (read when drawn: the pool grows as A changes)."""

    def own_id(i: int) -> str:
        pool = [x for label in labels for x in a.ids.get(label, [])]
        return pool[i % len(pool)] if pool else "none"

    own_ids = st.integers(0, 10_000).map(own_id)
    names = st.text(string.ascii_letters + "_", min_size=1, max_size=8)
    sentences = st.lists(st.sampled_from(WORDS), min_size=2, max_size=40).map(" ".join)
    text = weighted(
        (4, sentences),
        (2, st.text(max_size=30)),
        (2, own_ids),
        (1, st.just("last_session")),
        (1, st.text(min_size=1990, max_size=2010, alphabet="ab ")),
        (1, st.sampled_from(["", " ", "\x00" * 12])),
        (1, st.datetimes().map(datetime.isoformat)),
    )
    offsets = st.integers(-23 * 60, 23 * 60).map(lambda minutes: timezone(timedelta(minutes=minutes)))
    moments = st.datetimes(
        min_value=datetime(1, 1, 2),
        max_value=datetime(9999, 12, 30),
        timezones=st.one_of(st.none(), st.just(UTC), offsets),
    )
    numbers = st.floats(allow_nan=False, allow_infinity=False)
    leaf = st.one_of(
        st.just(nodes.Null),
        st.booleans().map(nodes.Boolean),
        text.map(nodes.String),
        st.integers(-(2**31), 2**31 - 1).map(nodes.Int),
        numbers.map(nodes.Float),
    )
    json_value = st.recursive(
        leaf,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4).map(nodes.List),
            st.dictionaries(names, inner, max_size=4).map(
                lambda d: nodes.Object([gql.ObjectFieldNode(name=gql.NameNode(value=k), value=v) for k, v in d.items()])
            ),
        ),
        max_leaves=12,
    )
    return {
        "ID": weighted((3, own_ids), (1, st.text(max_size=40)), (1, st.integers(-5, 2**31 - 1).map(str))).map(
            nodes.String
        ),
        "String": text.map(nodes.String),
        "Int": weighted(
            (2, st.integers(1, 10)), (1, st.sampled_from(EDGE_INTS)), (1, st.integers(-(2**31), 2**31 - 1))
        ).map(nodes.Int),
        "Float": weighted((2, st.floats(0, 1)), (1, st.sampled_from(EDGE_FLOATS)), (1, numbers)).map(nodes.Float),
        "DateTime": moments.map(lambda d: nodes.String(d.isoformat())),
        "JSON": json_value,
    }


def operations(a: Tenant, mode=hg.Mode.POSITIVE) -> dict:
    """Query and mutation strategies; most operations select one root field (small documents are
    quick to generate and to run, and every field gets its turn), a few select several."""
    built = gql.build_schema(schema.as_str())  # the code's schema: new fields are fuzzed at once

    def strategy(make, root) -> st.SearchStrategy[str]:
        fields = sorted(
            name
            for name, f in root.fields.items()
            if name not in EXCLUDED_MUTATIONS and (mode is hg.Mode.POSITIVE or f.args)
        )
        one_each = [
            make(built, fields=[name], custom_scalars=value_nodes(a, ID_LABELS.get(name, ANY_LABELS)), mode=mode)
            for name in fields
        ]
        several = make(built, fields=fields, custom_scalars=value_nodes(a, ANY_LABELS), mode=mode)
        return st.one_of(*one_each, several)

    return {"queries": strategy(hg.queries, built.query_type), "mutations": strategy(hg.mutations, built.mutation_type)}


@pytest.fixture(scope="module")
def valid(fuzz):
    return operations(fuzz)


@pytest.fixture(scope="module")
def negative(fuzz):
    return operations(fuzz, hg.Mode.NEGATIVE)


def send(a: Tenant, document: str, variables: dict | None = None, kind: str = "valid", variant: int = 0):
    """Posts as A (and, for some examples, without a key or with a wrong one) and checks every answer."""
    response = a.post(document, variables)
    COUNTS[kind] += 1
    if kind == "valid":
        for operation in gql.parse(document).definitions:
            ROOT_FIELDS_SENT.update(s.name.value for s in operation.selection_set.selections)
    a.sent += 1
    if a.sent % 100 == 0:
        a.refresh()
    assert not problems(response), (problems(response), document[:3000])
    if variant % 4 == 0:
        anonymous = a.post(document, variables, key=None)
    elif variant % 4 == 1:
        anonymous = a.post(document, variables, key="gm_" + hashlib.sha256(document.encode()).hexdigest()[:43])
    else:
        return response
    COUNTS["no-key"] += 1
    assert anonymous.status_code == 401 and codes(anonymous) == ["UNAUTHENTICATED"], anonymous.text
    return response


# --- the tests ---------------------------------------------------------------------------


@hsettings(FUZZ, max_examples=VALID_QUERIES)
@given(data=st.data())
def test_valid_queries(fuzz, valid, data):
    RAN.add("queries")
    document = data.draw(valid["queries"], label="query")
    send(fuzz, document, variant=data.draw(st.integers(0, 3), label="variant"))


@hsettings(FUZZ, max_examples=VALID_MUTATIONS)
@given(data=st.data())
def test_valid_mutations(fuzz, valid, data):
    RAN.add("mutations")
    document = data.draw(valid["mutations"], label="mutation")
    response = send(fuzz, document, variant=data.draw(st.integers(0, 3), label="variant"))
    [operation] = gql.parse(document).definitions
    if operation.selection_set.selections[0].name.value in ADMIN_ONLY:  # run first: mutations run in order
        assert "FORBIDDEN" in codes(response), response.text


BUILT = gql.build_schema(schema.as_str())
ROOT_FIELDS = [("query", name) for name in sorted(BUILT.query_type.fields)] + [
    ("mutation", name) for name in sorted(BUILT.mutation_type.fields) if name not in EXCLUDED_MUTATIONS
]


@pytest.mark.parametrize(("kind", "name"), ROOT_FIELDS)
@hsettings(FUZZ, max_examples=1)
@given(data=st.data())
def test_every_root_field_is_sent_valid_once(fuzz, kind, name, data):
    """One valid operation per root field for certain: the random draws above reach each field
    only with high probability (which ones they reach moves with the ids the server makes)."""
    RAN.add("each")
    make = hg.queries if kind == "query" else hg.mutations
    custom = value_nodes(fuzz, ID_LABELS.get(name, ANY_LABELS))
    document = data.draw(make(BUILT, fields=[name], custom_scalars=custom), label=name)
    response = send(fuzz, document)
    if name in ADMIN_ONLY:
        assert "FORBIDDEN" in codes(response), response.text


@hsettings(FUZZ, max_examples=NEGATIVE)
@given(data=st.data())
def test_operations_with_a_schema_violation(fuzz, negative, data):
    RAN.add("negative")
    document = data.draw(st.one_of(negative["queries"], negative["mutations"]), label="document")
    response = send(fuzz, document, kind="invalid", variant=2)
    assert codes(response) and set(codes(response)) == {"BAD_USER_INPUT"}, (response.text, document)


MUTATIONS = ("truncate", "delete", "insert", "duplicate", "number", "string", "unknown_field", "enum", "brace")
HOSTILE_NUMBERS = (
    "-1",
    "2147483648",
    "-2147483649",
    "1e309",
    "-1e309",
    "99999999999999999999999",
    "NaN",
    "0x10",
    "1.7976931348623157e308",
    "-0.0",
    "4.9e-324",
    "00",
    "1_000",
)


@st.composite
def mutated_documents(draw, documents):
    document = draw(documents)
    how = draw(st.sampled_from(MUTATIONS))
    i = draw(st.integers(0, len(document)))
    j = draw(st.integers(i, min(len(document), i + 40)))
    if how == "truncate":
        return document[:i]
    if how == "delete":
        return document[:i] + document[j:]
    if how == "insert":
        return document[:i] + draw(st.text(max_size=20)) + document[i:]
    if how == "duplicate":
        return document[:j] + document[i:j] + document[j:]
    if how == "number":
        return re.sub(
            r"(?<![\w.])-?\d+(\.\d+)?([eE][-+]?\d+)?",
            lambda _: draw(st.sampled_from(HOSTILE_NUMBERS)),
            document,
            count=3,
        )
    if how == "string":
        hostile = draw(
            st.sampled_from(
                [
                    '""',
                    '"' + "x" * 50_000 + '"',
                    '"\\u0000"',
                    '"\\ud800"',
                    '"\\"',
                    '"""block"""',
                    '"' + "é" * 3000 + '"',
                ]
            )
        )
        return re.sub(r'"(?:[^"\\]|\\.)*"', lambda _: hostile, document, count=2)
    if how == "unknown_field":
        return document.replace("{", "{ nopeField ", 1 + draw(st.integers(0, 2)))
    if how == "enum":
        return re.sub(r"\b[A-Z][A-Z_]{2,}\b", "NOT_A_VALUE", document, count=1)
    return document.replace("}", "", 1)


@hsettings(FUZZ, max_examples=MUTATED)
@given(data=st.data())
def test_mutated_documents(fuzz, valid, data):
    RAN.add("mutated")
    document = data.draw(mutated_documents(st.one_of(valid["queries"], valid["mutations"])), label="document")
    send(fuzz, document, kind="invalid", variant=2)


def nested(depth: int, opening: str, closing: str, inner: str) -> str:
    return opening * depth + inner + closing * depth


@st.composite
def limit_breakers(draw):
    """Documents (and variables) built to hit the depth, token, alias and size limits."""
    depth = draw(st.sampled_from((13, 50, 200, 300, 1000, 1500, 5000)))
    kind = draw(
        st.sampled_from(
            (
                "selection",
                "list_argument",
                "json_literal",
                "json_variable",
                "json_body",
                "aliases",
                "operations",
                "fragment_cycle",
                "big_string",
                "variables",
            )
        )
    )
    if kind == "selection":
        return nested(depth, "{ health ", "}", "{ status }"), None
    if kind == "list_argument":
        return '{ recall(query: "tea", channels: ' + nested(depth, "[", "]", "VECTOR") + ") { retrievalId } }", None
    if kind == "json_literal":
        return (
            'mutation { remember(input: {content: "Deeply nested metadata for tea", metadata: '
            + nested(depth, "{a: ", "}", "1")
            + "}) { id } }"
        ), None
    if kind == "json_variable":  # variables as JSON text: deeper than json.dumps (or json.loads) recurses
        metadata = nested(draw(st.sampled_from((33, 100, 500, 950, 2000, 100_000))), '{"a": ', "}", "1")
        return (
            "mutation($i: RememberInput!) { remember(input: $i) { id } }",
            '{"i": {"content": "Deeply nested metadata variable", "metadata": ' + metadata + "}}",
        )
    if kind == "json_body":
        return "{ health { status } }", nested(draw(st.sampled_from((1000, 100_000))), "[", "]", "1")
    if kind == "aliases":
        count = draw(st.sampled_from((29, 30, 31, 100, 1000)))
        return "{ " + " ".join(f"a{i}: health {{ status }}" for i in range(count)) + " }", None
    if kind == "operations":
        count = draw(st.integers(2, 50))
        return " ".join(f"query q{i} {{ health {{ status }} }}" for i in range(count)), None
    if kind == "fragment_cycle":
        return "fragment A on Query { ...B } fragment B on Query { ...A } { ...A }", None
    if kind == "big_string":
        size = draw(st.sampled_from((2001, 100_000, 999_000)))
        return '{ recall(query: "' + "t" * size + '") { retrievalId } }', None
    return (
        "query($q: String!, $l: Int) { recall(query: $q, limit: $l) { retrievalId } }",
        {
            "q": draw(st.sampled_from(["tea", "", 5, None, ["x"], {"a": 1}])),
            "l": draw(st.sampled_from([1, -1, 2**31, 1e10, "5", None, [], 1.5])),
        },
    )


@hsettings(FUZZ, max_examples=LIMITS)
@given(breaker=limit_breakers())
@example(
    breaker=(
        "mutation($i: RememberInput!) { remember(input: $i) { id } }",  # 500 deep: it ran out of stack
        '{"i": {"content": "Deeply nested metadata variable", "metadata": %s}}' % nested(500, '{"a": ', "}", "1"),
    )
)
@example(breaker=("{ health { status } }", nested(100_000, "[", "]", "1")))  # a body deeper than json.loads recurses
def test_limits(fuzz, breaker):
    RAN.add("limits")
    document, variables = breaker
    if isinstance(variables, str):  # JSON text, posted as it is
        response = fuzz.post_raw('{"query": %s, "variables": %s}' % (json.dumps(document), variables))
        COUNTS["invalid"] += 1
        assert not problems(response), (problems(response), document, variables[:200])
    else:
        send(fuzz, document, variables, kind="invalid", variant=2)


@st.composite
def raw_bodies(draw):
    """(body bytes, content type): not a GraphQL request, or a broken one."""
    kind = draw(st.sampled_from(("bytes", "json", "shape", "content_type", "batch", "chunked")))
    if kind == "chunked":  # sent without Content-Length: the guard counts the body as it is read
        return ("chunked", draw(st.sampled_from([999_000, 1_000_001, 3_000_000]))), "application/json"
    if kind == "bytes":
        return draw(st.binary(max_size=200)), "application/json"
    if kind == "json":
        value = draw(
            st.recursive(
                st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
            )
        )
        return json.dumps(value).encode(), "application/json"
    if kind == "shape":
        body = draw(
            st.sampled_from(
                [
                    {},
                    {"query": 5},
                    {"query": None},
                    {"query": ["{ health { status } }"]},
                    {"query": "{ health { status } }", "variables": "x"},
                    {"query": "{ health { status } }", "variables": [1]},
                    {"query": "{ health { status } }", "operationName": 5},
                    {"query": "{ health { status } }", "operationName": "nope"},
                    {"query": "{ health { status } }", "extensions": "x"},
                    {"variables": {}},
                    {"query": "subscription { events { seq } }"},
                ]
            )
        )
        return json.dumps(body).encode(), "application/json"
    if kind == "content_type":
        return (
            b"{ health { status } }",
            draw(
                st.sampled_from(
                    [
                        "text/plain",
                        "application/graphql",
                        "application/x-www-form-urlencoded",
                        "multipart/form-data",
                        "application/json; charset=latin-1",
                        "",
                    ]
                )
            ),
        )
    return json.dumps([{"query": "{ health { status } }"}] * draw(st.integers(1, 3))).encode(), "application/json"


@hsettings(FUZZ, max_examples=RAW)
@given(raw=raw_bodies())
@example(raw=(b"null", "application/json"))  # JSON, but no object
@example(raw=(b"\xc3\x28", "application/json"))  # not UTF-8
@example(raw=(b'{"query": "subscription { events { seq } }"}', "application/json"))  # streams over graphql-ws only
@example(raw=(("chunked", 1_000_001), "application/json"))  # too large, without Content-Length
def test_raw_bodies(fuzz, raw):
    RAN.add("raw")
    body, content_type = raw
    if isinstance(body, tuple):
        body = chunks(body[1])
    response = fuzz.post_raw(body, content_type)
    COUNTS["invalid"] += 1
    assert not problems(response), (problems(response), content_type)


def chunks(size: int):
    """A recall whose query makes the body `size` bytes and more, in pieces (no Content-Length)."""
    yield b'{"query": "{ recall(query: \\"'
    for start in range(0, size, 100_000):
        yield b"t" * min(100_000, size - start)
    yield b'\\") { retrievalId } }"}'


# --- dedicated checks and the totals --------------------------------------------------------


def test_delete_user_data(fuzz):
    """Left out of the generated mutations (it would end A): refused unconfirmed or for another
    user; confirmed by a throwaway user C, it deletes C's data and key and verifies it."""
    refused = fuzz.post("mutation { deleteUserData(input: {confirm: false}) { deletedNodes } }")
    assert codes(refused) == ["BAD_USER_INPUT"]
    other = fuzz.post('mutation { deleteUserData(input: {confirm: true, userId: "someone-else"}) { deletedNodes } }')
    assert codes(other) == ["FORBIDDEN"]
    deps = fuzz.client.app_state["deps"]
    c_id = f"fuzz-c-{uuid.uuid4().hex[:8]}"
    _, secret = fuzz.client.portal.call(keys.create_key, deps, c_id, keys.Role.AGENT, "fuzz C")
    c = Tenant(fuzz.client, c_id, secret)
    c.data('mutation { remember(input: {content: "C is about to delete everything it has"}) { id } }')
    done = c.data("mutation { deleteUserData(input: {confirm: true}) { userId deletedNodes remainingNodes } }")
    assert done["deleteUserData"]["userId"] == c_id and done["deleteUserData"]["deletedNodes"] > 2
    assert done["deleteUserData"]["remainingNodes"] == 0
    gone = c.post("{ health { status } }")
    assert gone.status_code == 401 and codes(gone) == ["UNAUTHENTICATED"]
    COUNTS["invalid"] += 2
    COUNTS["valid"] += 2


def test_the_graph_stays_consistent(fuzz, library):
    """After the fuzz, A's graph holds the invariants of cypher/testing/orphans.cypher: every
    session entry hangs off its session (HAS_ENTRY) and a session's entryCount matches; every
    outcome off its decision (RESULTED_IN); every salience update off its outcome (ADJUSTED)
    and onto its memory (OF); every alternative off its chosen decision; every hypothesis and
    conclusion off its trail; memories have a known status, content and an embedding, and a
    superseded one the memory that supersedes it; no relationship joins two users' nodes; the
    user's memoryCount matches its memories and LATEST points at the tail of its timeline;
    the event log runs 1..eventSeq without gaps; no owned node anywhere lacks a userId.
    Entities no memory mentions any more are fine: entities are kept."""
    deps = fuzz.client.app_state["deps"]
    checks = Database(deps.db.driver, library, deps.db.name)  # the app's driver, the tests' queries
    rows = fuzz.client.portal.call(partial(checks.read, "testing.orphans", userIds=[fuzz.user_id]))
    broken = {r["invariant"]: r["sample"] for r in rows if r["broken"]}
    assert not broken, broken


def test_enough_operations_were_sent():
    if RAN != {"queries", "mutations", "each", "negative", "mutated", "limits", "raw"}:
        pytest.skip("only some of the fuzz tests ran")
    built = gql.build_schema(schema.as_str())
    roots = {
        f"{kind}.{name}"
        for kind, root in (("query", built.query_type), ("mutation", built.mutation_type))
        for name in root.fields
    }
    unsent = sorted(r for r in roots if r.split(".")[1] not in ROOT_FIELDS_SENT | EXCLUDED_MUTATIONS)
    print(
        f"fuzz: {COUNTS}, {sum(COUNTS.values())} operations; root fields sent valid: "
        f"{len(roots) - len(unsent)} of {len(roots)}{'; not: ' + ', '.join(unsent) if unsent else ''}"
    )
    assert sum(COUNTS.values()) >= MINIMUM_OPERATIONS, COUNTS
    assert not unsent, unsent
