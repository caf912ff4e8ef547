"""Cross-tenant probe: user B calls every id-taking query and mutation with user A's ids.

A (an AGENT key) builds one of everything through GraphQL: memories (one superseded, one
archived), a recall, a decision with an alternative and an outcome, associations (learn),
a snapshot, trails, sessions (open and ended) with entries, a resolved blocker, a client
request id. B (another AGENT key) then calls every query and mutation whose arguments take
an ID (enumerated from the schema: a new one fails the test until it is probed here) with
A's ids, alone and next to B's own ids, and must get NOT_FOUND (FORBIDDEN for the admin-only
ones, where the id is a user's or a key's) every time, never data of A. (A decision on a
retrieval recalled moments ago, anyone's, is told to try again instead; the probe sets that
window to 0.) B's own reads
(recall, activate, memories, events, trails, …) must never return A's objects either, and
A's export afterwards must be what it was before B started.
"""

import json
import uuid
from dataclasses import dataclass, field

import graphql as gql
import pytest

from graphmind.api.schema import schema
from graphmind.learning import decisions
from graphmind.security import keys
from graphmind.security.userdata import delete_user_data

MARK = f"quokka{uuid.uuid4().hex[:6]}"  # a word only A's texts contain
OTHER = "__other__"  # in a probe's kinds: ids of A's objects of other labels
SPECIAL = ("KeyPrefix", "UserId", "RequestId")  # A's strings that are no node id


class Tenant:
    def __init__(self, client, user_id: str, key: str, key_id: str) -> None:
        self.client, self.user_id, self.key, self.key_id = client, user_id, key, key_id

    def post(self, document: str, variables: dict | None = None) -> dict:
        response = self.client.post(
            "/graphql",
            json={"query": document, "variables": variables or {}},
            headers={"Authorization": f"Bearer {self.key}"},
        )
        assert response.status_code == 200, response.text
        return response.json()

    def data(self, document: str, variables: dict | None = None) -> dict:
        body = self.post(document, variables)
        assert not body.get("errors"), body
        return body["data"]

    def export(self) -> dict:
        return self.data("{ exportUserData }")["exportUserData"]


def a_builds_everything(a: Tenant) -> dict:
    """A's objects, made through the API; returns the ids worth naming that the export lacks."""
    m = [
        x["id"]
        for x in a.data(
            """mutation($inputs: [RememberInput!]!) { rememberMany(inputs: $inputs) { id } }""",
            {
                "inputs": [
                    {
                        "content": f"{MARK} Alice prefers green tea in the morning",
                        "contentType": "PREFERENCE",
                        "tags": [MARK],
                        "entities": ["Alice"],
                    },
                    {"content": f"{MARK} The Berlin office moved to Kreuzberg in March", "contentType": "FACT"},
                    {"content": f"{MARK} Deploys on Fridays caused two outages", "contentType": "EVENT"},
                    {"content": f"{MARK} Neo4j needs Java 17 or 21 to start", "contentType": "FACT"},
                    {"content": f"{MARK} Ship the probe before the release", "contentType": "GOAL"},
                ]
            },
        )["rememberMany"]
    ]
    a.data(
        """mutation($o: ID!, $n: ID!) { supersede(input: {oldId: $o, newId: $n}) { superseded { id } } }""",
        {"o": m[3], "n": m[4]},
    )
    a.data("""mutation($id: ID!) { forget(input: {id: $id}) { id } }""", {"id": m[2]})
    a.data(
        """mutation { remember(input: {content: "%s request ids are idempotent", requestId: "req-%s"}) { id } }"""
        % (MARK, MARK)
    )
    retrieval = a.data("""query { recall(query: "%s tea Alice") { retrievalId } }""" % MARK)["recall"]["retrievalId"]
    trace = a.data(
        """mutation($r: ID!) { decide(input: {decisionType: RECOMMENDATION, summary: "%s offer tea",
        retrievalId: $r, alternatives: ["%s offer coffee"], requestId: "dec-%s"}) { traceId } }"""
        % (MARK, MARK, MARK),
        {"r": retrieval},
    )["decide"]["traceId"]
    a.data(
        """mutation($t: ID!) { observeOutcome(input: {traceId: $t, quality: 0.9, signal: USER_ACCEPTED}) {
        outcomeId } }""",
        {"t": trace},
    )
    a.data(
        """mutation($n: [ID!]!) { learn(input: {query: "%s tea", agentId: "a-agent", feedback: CORRECT,
        nodeIds: $n}) { edgesAdjusted } }"""
        % MARK,
        {"n": [m[0], m[1]]},
    )
    a.data("""mutation { snapshot(input: {label: "%s baseline", agentId: "a-agent"}) { id } }""" % MARK)
    trail = """mutation($n: [ID!]!, $v: ID!) { saveTrail(input: {agentId: "a-agent", label: "%s why tea %s",
        hypotheses: [{statement: "%s Alice likes tea", confidence: 0.7, supportingNodes: $n}],
        conclusions: [{statement: "%s offer tea", supportingNodes: $n}], openQuestions: ["%s milk?"],
        visitedNodes: [{nodeId: $v, annotation: "%s"}], activationBoosts: [{nodeId: $v, boost: 0.5}]}) { trailId } }"""
    for i in range(2):
        a.data(trail % (MARK, i, MARK, MARK, MARK, MARK), {"n": [m[0]], "v": m[1]})
    open_session = a.data(
        """mutation { startSession(input: {agentId: "a-agent", goal: "%s find the kettle"}) {
        id } }"""
        % MARK
    )["startSession"]["id"]
    log = """mutation($s: ID!, $k: SessionEntryKind!, $t: String!) { logSession(input: {sessionId: $s, kind: $k,
        text: $t}) { entry { id } } }"""
    blocker = a.data(log, {"s": open_session, "k": "BLOCKER", "t": f"{MARK} the kettle is broken"})
    a.data(log, {"s": open_session, "k": "REJECTED", "t": f"{MARK} boil water in the microwave"})
    a.data(
        """mutation($e: ID!) { resolveBlocker(input: {entryId: $e, solution: "%s a new kettle"}) { id } }""" % MARK,
        {"e": blocker["logSession"]["entry"]["id"]},
    )
    ended = a.data(
        """mutation { startSession(input: {agentId: "a-agent", goal: "%s learn about tea"}) { id } }""" % MARK
    )["startSession"]["id"]
    a.data(log, {"s": ended, "k": "LEARNING", "t": f"{MARK} Alice drinks green tea without sugar every day"})
    a.data("""mutation($s: ID!) { endSession(input: {sessionId: $s}) { session { status } } }""", {"s": ended})
    a.data(
        """mutation($s: String!) { remember(input: {content: "%s joined the open session's scene",
        sessionId: $s}) { id } }"""
        % MARK,
        {"s": open_session},
    )
    return {"requestIds": [f"req-{MARK}", f"dec-{MARK}"]}


def b_builds_its_own(b: Tenant) -> dict:
    memory = b.data("""mutation { remember(input: {content: "Bob prefers black coffee after lunch"}) { id } }""")
    retrieval = b.data("""query { recall(query: "coffee") { retrievalId } }""")["recall"]["retrievalId"]
    decision = b.data(
        """mutation($r: ID!) { decide(input: {decisionType: ACTION, summary: "brew coffee",
        retrievalId: $r}) { traceId } }""",
        {"r": retrieval},
    )["decide"]["traceId"]
    trail = b.data("""mutation { saveTrail(input: {agentId: "b-agent", label: "coffee"}) { trailId } }""")
    session = b.data("""mutation { startSession(input: {agentId: "b-agent", goal: "make coffee"}) { id } }""")
    return {
        "Memory": memory["remember"]["id"],
        "Retrieval": retrieval,
        "Decision": decision,
        "Trail": trail["saveTrail"]["trailId"],
        "Session": session["startSession"]["id"],
    }


def normalised(export: dict) -> list[str]:
    """A's export as comparable lines, less what reading it changes (its key's lastUsedAt)."""

    def node(n: dict) -> dict:
        properties = {k: v for k, v in n["properties"].items() if not ("ApiKey" in n["labels"] and k == "lastUsedAt")}
        return {**n, "properties": properties}

    return sorted(
        [json.dumps(node(n), sort_keys=True) for n in export["nodes"]]
        + [json.dumps(r, sort_keys=True) for r in export["relationships"]]
    )


@pytest.fixture(scope="module")
def world(settings, db):
    from starlette.testclient import TestClient

    from graphmind.app import create_app

    app = create_app(settings.model_copy(update={"api_keys": "required", "rate_limit_per_minute": 0}))
    with TestClient(app, raise_server_exceptions=False) as client:
        deps = client.app_state["deps"]
        tenants = {}
        for name in ("a", "b"):
            user_id = f"probe-{name}-{uuid.uuid4().hex[:8]}"
            record, secret = client.portal.call(keys.create_key, deps, user_id, keys.Role.AGENT, f"probe {name}")
            tenants[name] = Tenant(client, user_id, secret, record.id)
        a, b = tenants["a"], tenants["b"]
        extra = a_builds_everything(a)
        before = a.export()
        ids: dict[str, list[str]] = {}
        for n in before["nodes"]:
            if isinstance(n["properties"].get("id"), str):
                for label in n["labels"]:
                    ids.setdefault(label, []).append(n["properties"]["id"])
        [key] = [n for n in before["nodes"] if "ApiKey" in n["labels"]]
        ids["KeyPrefix"] = [key["properties"]["prefix"]]
        ids["UserId"] = [a.user_id]
        ids["RequestId"] = extra["requestIds"]
        yield {"a": a, "b": b, "ids": ids, "own": b_builds_its_own(b), "before": before, "deps": deps}
        for tenant in (a, b):
            client.portal.call(delete_user_data, deps, tenant.user_id)


# --- the probes ------------------------------------------------------------------------------


@dataclass
class Probe:
    """One way for B to name A's object: `document` takes `$id` (and B's own ids as `$own*`)."""

    covers: tuple[str, ...]  # field.argument paths (as the schema names them) this probe feeds A's ids
    kinds: tuple[str, ...]  # which of A's ids
    document: str
    own: dict = field(default_factory=dict)  # variable -> label of B's own object
    expect: str = "NOT_FOUND"
    wrap: str = ""  # "list": $id is a list of one id


M, ME = ("Memory", OTHER), ("Memory", "Entity", OTHER)
TRAIL = 'saveTrail(input: {agentId: "b-agent", label: "probe", %s}) { trailId trail { visitedNodes { nodeId } } }'
PROBES = [
    Probe(("memory.id",), M, "query($id: ID!) { memory(id: $id) { id content } }"),
    Probe(
        ("counterfactuals.traceId",),
        ("Decision", OTHER),
        "query($id: ID!) { counterfactuals(traceId: $id) { traceId summary } }",
    ),
    Probe(
        ("decision.id",),
        ("Decision", OTHER),
        "query($id: ID!) { decision(id: $id) { traceId summary alternatives { id } outcomes { outcomeId } } }",
    ),
    Probe(
        ("decisions.filter.memoryId",),
        M,
        "query($id: ID!) { decisions(filter: {memoryId: $id}) { edges { node { traceId summary } } } }",
    ),
    Probe(
        ("activate.seeds",),
        ME,
        "query($id: [ID!]) { activate(seeds: $id) { seeds nodes { id entityName } } }",
        wrap="list",
    ),
    Probe(
        ("activate.seeds",),
        ME,
        "query($id: ID!, $own: ID!) { activate(seeds: [$own, $id]) { seeds nodes { id } } }",
        own={"own": "Memory"},
    ),
    Probe(
        ("why.source",),
        ME,
        "query($id: ID!, $own: ID!) { why(source: $id, target: $own) { totalPathsFound } }",
        own={"own": "Memory"},
    ),
    Probe(
        ("why.target",),
        ME,
        "query($id: ID!, $own: ID!) { why(source: $own, target: $id) { totalPathsFound } }",
        own={"own": "Memory"},
    ),
    Probe(("trail.id",), ("Trail", OTHER), "query($id: ID!) { trail(id: $id) { id label } }"),
    Probe(("session.id",), ("Session", OTHER), "query($id: ID!) { session(id: $id) { id goal } }"),
    Probe(
        ("sessionRecall.sessionId",),
        ("Session", OTHER),
        "query($id: ID!) { sessionRecall(sessionId: $id) { memory { id } } }",
    ),
    Probe(("helperBrief.sessionId",), ("Session", OTHER), "query($id: ID!) { helperBrief(sessionId: $id) { goal } }"),
    Probe(("apiKeys.userId",), ("UserId",), "query($id: ID) { apiKeys(userId: $id) { id } }", expect="FORBIDDEN"),
    Probe(
        ("exportUserData.userId",), ("UserId",), "query($id: ID) { exportUserData(userId: $id) }", expect="FORBIDDEN"
    ),
    Probe(("forget.input.id",), M, "mutation($id: ID!) { forget(input: {id: $id}) { id } }"),
    Probe(("restore.input.id",), M, "mutation($id: ID!) { restore(input: {id: $id}) { id } }"),
    Probe(
        ("supersede.input.oldId",),
        M,
        """mutation($id: ID!, $own: ID!) { supersede(input: {oldId: $id,
          newId: $own}) { superseded { id } } }""",
        own={"own": "Memory"},
    ),
    Probe(
        ("supersede.input.newId",),
        M,
        """mutation($id: ID!, $own: ID!) { supersede(input: {oldId: $own,
          newId: $id}) { superseded { id } } }""",
        own={"own": "Memory"},
    ),
    Probe(
        ("decide.input.retrievalId",),
        ("Retrieval", OTHER),
        """mutation($id: ID!) { decide(input:
          {decisionType: ACTION, summary: "probe", retrievalId: $id}) { traceId } }""",
    ),
    Probe(
        ("decide.input.memories.memoryId",),
        M,
        """mutation($id: ID!, $own: ID!) { decide(input:
          {decisionType: ACTION, summary: "probe", memories: [{memoryId: $own}, {memoryId: $id}]}) { traceId } }""",
        own={"own": "Memory"},
    ),
    Probe(
        ("decide.input.memories.memoryId",),
        M,
        """mutation($id: ID!, $own: ID!) { decide(input:
          {decisionType: ACTION, summary: "probe", retrievalId: $own, memories: [{memoryId: $id}]}) { traceId } }""",
        own={"own": "Retrieval"},
    ),
    Probe(
        ("observeOutcome.input.traceId",),
        ("Decision", OTHER),
        """mutation($id: ID!) { observeOutcome(input:
          {traceId: $id, quality: -1, signal: USER_REJECTED}) { outcomeId } }""",
    ),
    Probe(
        ("learn.input.nodeIds",),
        ME,
        """mutation($id: ID!, $own: ID!) { learn(input: {query: "coffee",
          agentId: "b-agent", feedback: WRONG, nodeIds: [$own, $id]}) { edgesAdjusted } }""",
        own={"own": "Memory"},
    ),
    Probe(
        ("saveTrail.input.hypotheses.supportingNodes",),
        ME,
        "mutation($id: ID!) { " + TRAIL % 'hypotheses: [{statement: "h", supportingNodes: [$id]}]' + " }",
    ),
    Probe(
        ("saveTrail.input.hypotheses.contradictingNodes",),
        ME,
        "mutation($id: ID!) { " + TRAIL % 'hypotheses: [{statement: "h", contradictingNodes: [$id]}]' + " }",
    ),
    Probe(
        ("saveTrail.input.conclusions.supportingNodes",),
        ME,
        "mutation($id: ID!) { " + TRAIL % 'conclusions: [{statement: "c", supportingNodes: [$id]}]' + " }",
    ),
    Probe(
        ("saveTrail.input.visitedNodes.nodeId",),
        ME,
        "mutation($id: ID!) { " + TRAIL % "visitedNodes: [{nodeId: $id}]" + " }",
    ),
    Probe(
        ("saveTrail.input.activationBoosts.nodeId",),
        ME,
        "mutation($id: ID!) { " + TRAIL % "activationBoosts: [{nodeId: $id, boost: 1}]" + " }",
    ),
    Probe(
        ("resumeTrail.input.trailId",),
        ("Trail", OTHER),
        """mutation($id: ID!) { resumeTrail(input:
          {trailId: $id, force: true}) { trailId trail { label } } }""",
    ),
    Probe(
        ("mergeTrails.input.trailIds",),
        ("Trail", OTHER),
        """mutation($id: ID!, $own: ID!) { mergeTrails(input:
          {trailIds: [$own, $id]}) { mergedTrailId } }""",
        own={"own": "Trail"},
    ),
    Probe(
        ("logSession.input.sessionId",),
        ("Session", OTHER),
        """mutation($id: ID!) { logSession(input:
          {sessionId: $id, kind: REJECTED, text: "probe"}) { entry { id } } }""",
    ),
    Probe(
        ("resolveBlocker.input.entryId",),
        ("SessionEntry", OTHER),
        """mutation($id: ID!) { resolveBlocker(input:
          {entryId: $id, solution: "probe", rootCause: "probe"}) { id solution } }""",
    ),
    Probe(
        ("endSession.input.sessionId",),
        ("Session", OTHER),
        "mutation($id: ID!) { endSession(input: {sessionId: $id}) { session { id } } }",
    ),
    Probe(
        ("createApiKey.input.userId",),
        ("UserId",),
        "mutation($id: ID!) { createApiKey(input: {userId: $id, role: ADMIN}) { key } }",
        expect="FORBIDDEN",
    ),
    Probe(
        ("revokeApiKey.input.id",),
        ("ApiKey", "KeyPrefix"),
        "mutation($id: ID!) { revokeApiKey(input: {id: $id}) { id } }",
        expect="FORBIDDEN",
    ),
    Probe(
        ("deleteUserData.input.userId",),
        ("UserId",),
        """mutation($id: ID!) { deleteUserData(input:
          {confirm: true, userId: $id}) { deletedNodes } }""",
        expect="FORBIDDEN",
    ),
    Probe(
        ("setSelfImprovement.input.users",),
        ("UserId",),
        """mutation($id: ID!) { setSelfImprovement(input:
          {enabled: true, users: [$id]}) { enabled } }""",
        expect="FORBIDDEN",
    ),
    Probe(
        ("selfImprovementPreview.userId",),
        ("UserId",),
        "query($id: ID!) { selfImprovementPreview(userId: $id) { candidates } }",
        expect="FORBIDDEN",
    ),
    Probe(
        ("runSelfImprovement.input.userId",),
        ("UserId",),
        "mutation($id: ID!) { runSelfImprovement(input: {userId: $id}) { candidates } }",
        expect="FORBIDDEN",
    ),
    # String arguments that name A's objects: another user's snapshot is not found either
    Probe(("drift.since",), ("Snapshot",), "query($id: String!) { drift(since: $id) { baseline { id label } } }"),
]


def id_arguments() -> set[str]:
    """Every `field.argument` path of the schema whose (named) type is ID."""
    built = gql.build_schema(schema.as_str())

    def walk(type_, path: str, seen: frozenset) -> list[str]:
        named = gql.get_named_type(type_)
        if isinstance(named, gql.GraphQLInputObjectType):
            if named.name in seen:
                return []
            return [p for name, f in named.fields.items() for p in walk(f.type, f"{path}.{name}", seen | {named.name})]
        return [path] if named.name == "ID" else []

    return {
        path
        for root in (built.query_type, built.mutation_type)
        for name, f in root.fields.items()
        for argument, a in f.args.items()
        for path in walk(a.type, f"{name}.{argument}", frozenset())
    }


def test_every_id_argument_is_probed():
    covered = {path for probe in PROBES for path in probe.covers}
    assert id_arguments() - covered == set(), "probe these with A's ids in PROBES"


def a_ids_for(number: int, probe: Probe, ids: dict[str, list[str]]) -> list[str]:
    """All of A's ids of the probe's kinds (three of its entities), and for OTHER one id of
    each of three other labels, a different three for each probe (a wrong kind of id must
    be not found too)."""
    named = [x for kind in probe.kinds if kind != OTHER for x in ids.get(kind, [])[: 3 if kind == "Entity" else None]]
    if OTHER in probe.kinds:
        others = [label for label in sorted(ids) if label not in probe.kinds and label not in SPECIAL]
        named += [ids[others[(3 * number + i) % len(others)]][0] for i in range(3)]
    return list(dict.fromkeys(named))


def leaks(body: dict, a_ids: set[str]) -> list[str]:
    """A's ids or text in B's data; A's text in B's error messages (they may echo the id B sent)."""
    data = json.dumps(body.get("data"))
    found = [i for i in a_ids if i in data]
    if MARK in data or any(MARK in e.get("message", "") for e in body.get("errors") or []):
        found.append(MARK)
    return found


def test_b_gets_not_found_for_every_id_of_a(world, monkeypatch):
    # A decision on a retrieval recalled moments ago, A's or one nobody issued, is told to try
    # again (its record may still be queued in another process: tests/learning/test_loop.py);
    # past that window it is NOT_FOUND, which is what B must get for A's.
    monkeypatch.setattr(decisions, "RECORD_GRACE_SECONDS", 0.0)
    b, ids, own = world["b"], world["ids"], world["own"]
    all_a_ids = {x for label, xs in ids.items() if label not in ("RequestId",) for x in xs}
    wrong, calls = [], 0
    for number, probe in enumerate(PROBES):
        for a_id in a_ids_for(number, probe, ids):
            variables = {
                "id": [a_id] if probe.wrap == "list" else a_id,
                **{name: own[label] for name, label in probe.own.items()},
            }
            body = b.post(probe.document, variables)
            calls += 1
            codes = [(e.get("extensions") or {}).get("code") for e in body.get("errors") or []]
            message = (body.get("errors") or [{}])[0].get("message", "")
            named = probe.expect != "NOT_FOUND" or a_id in message  # what was not found is A's object
            if codes != [probe.expect] or not named or leaks(body, all_a_ids - {a_id}):
                wrong.append(f"{probe.covers[0]} with {a_id}: {json.dumps(body)[:400]}")
    print(f"cross-tenant probe: {len(PROBES)} probes, {calls} calls; A's ids: { {k: len(v) for k, v in ids.items()} }")
    assert not wrong, "\n".join(wrong)
    assert calls >= 200


READS = [  # the searches last: B's own retrievals keep their query, which names A's word
    "query { exportUserData }",
    "query { memories(first: 100, filter: {statuses: [ACTIVE, SUPERSEDED, ARCHIVED]}) { edges { node { id } } } }",
    "query { events(first: 500) { edges { node { type payload } } } }",
    "query { decisions(first: 100) { edges { node { traceId summary memories { memory { id } } alternatives { id } "
    "outcomes { outcomeId causedBy { memoryId } } } } } }",
    "query { trails(first: 100) { edges { node { id label summary hypotheses { statement } } } } }",
    "query { topPerformers(limit: 100) { memory { id } } }",
    "query { improvementCycles(last: 100) { decisions { sourceIds proposedContent } } }",
    'query { drift(since: "last_session") { newNodes { id label } removedNodes { id label } } }',
    "query { health { nodeCounts { label count } } }",
    "query { patternSharing { optedIn epsilonSpent } sharedPatterns(first: 100) { edges { node { description } } } }",
    "query($q: String!) { recall(query: $q, limit: 100, filter: {includeHistory: true}) { items { memory { id } } } }",
    "query($q: String!) { activate(query: $q, maxHops: 8, topK: 100) { seeds nodes { id entityName } } }",
]


def test_b_reads_never_return_a_objects(world):
    b, ids = world["b"], world["ids"]
    all_a_ids = {x for xs in ids.values() for x in xs}
    for document in READS:
        body = b.post(document, {"q": f"{MARK} Alice tea Berlin kettle"} if "$q" in document else None)
        codes = {(e.get("extensions") or {}).get("code") for e in body.get("errors") or []}
        assert codes <= {"NOT_FOUND"} and not leaks(body, all_a_ids), (document, body)
    counts = b.data("query { health { nodeCounts { label count } } }")["health"]["nodeCounts"]
    assert sum(c["count"] for c in counts if c["label"] == "Memory") < 10, counts


def test_b_reuses_a_request_id_and_gets_its_own_result(world):
    b, ids = world["b"], world["ids"]
    all_a_ids = {x for xs in ids.values() for x in xs}
    remembered, decided = ids["RequestId"]
    body = b.post(
        """mutation($r: String!) { remember(input: {content: "Bob drinks water after a run",
        requestId: $r}) { id content duplicateOf } }""",
        {"r": remembered},
    )
    assert not body.get("errors") and not leaks(body, all_a_ids), body
    body = b.post(
        """mutation($r: String!, $own: ID!) { decide(input: {decisionType: ACTION, summary: "drink water",
        retrievalId: $own, requestId: $r}) { traceId summary } }""",
        {"r": decided, "own": world["own"]["Retrieval"]},
    )
    assert not body.get("errors") and not leaks(body, all_a_ids), body


def test_b_uses_a_session_id_as_its_own_label(world):
    """`sessionId` of remember and decide is the caller's own label: B's use of A's session id
    files B's memory in B's own scene and tells B nothing about A's session."""
    b, ids = world["b"], world["ids"]
    all_a_ids = {x for xs in ids.values() for x in xs}
    session = ids["Session"][0]
    body = b.post(
        """mutation($s: String!) { remember(input: {content: "Bob keeps his coffee beans in the freezer",
        sessionId: $s}) { id inScene } }""",
        {"s": session},
    )
    assert not body.get("errors") and not leaks(body, all_a_ids - {session}), body
    body = b.post(
        """mutation($s: String!, $own: ID!) { decide(input: {decisionType: ACTION, summary: "freeze beans",
        retrievalId: $own, sessionId: $s}) { traceId } }""",
        {"s": session, "own": world["own"]["Retrieval"]},
    )
    assert not body.get("errors") and not leaks(body, all_a_ids - {session}), body


def test_nothing_of_a_changed(world, library):
    after = world["a"].export()
    assert normalised(after) == normalised(world["before"])
    deps, client = world["deps"], world["a"].client
    from functools import partial

    from graphmind.db.database import Database

    checks = Database(deps.db.driver, library, deps.db.name)  # the app's driver, the tests' queries
    rows = client.portal.call(partial(checks.read, "testing.orphans", userIds=[world["a"].user_id, world["b"].user_id]))
    assert not {r["invariant"]: r["sample"] for r in rows if r["broken"]}
