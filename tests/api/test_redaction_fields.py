"""Every text a caller stores goes through the same redaction: a memory's content, metadata
and tags, a session entry, a trail's label, notes and tags, an outcome's feedback, a
decision's summary. One secret and one password sentence per field, read back through GraphQL."""

import json
import random
import string

import pytest

KEY = "sk_live_" + "".join(random.Random(72).choice(string.ascii_letters + string.digits) for _ in range(99))
TAG = "ghp_" + "".join(random.Random(73).choice(string.ascii_letters + string.digits) for _ in range(36))
PASSWORD = "Qm8#vLz2!rT"
SENTENCE = f"the admin console password is {PASSWORD}, key {KEY}"


def _clean(text: str) -> bool:
    return PASSWORD not in text and not any(
        secret[i : i + 8].lower() in text.lower() for secret in (KEY, TAG) for i in range(len(secret) - 7)
    )


@pytest.fixture(scope="module")
def memory(graphql):
    body = graphql(
        """mutation($c: String!, $m: JSON, $t: [String!]) { remember(input: {content: $c, metadata: $m, tags: $t}) {
        id content metadata tags redactions } }""",
        {"c": f"Note: {SENTENCE}", "m": {"note": SENTENCE, KEY: "as a key"}, "t": ["billing", TAG]},
    )
    assert "errors" not in body, body
    return body["data"]["remember"]


def test_a_memorys_content_is_redacted(memory):
    assert _clean(memory["content"]) and "[PASSWORD]" in memory["content"] and "[API_KEY]" in memory["content"]


def test_a_memorys_metadata_values_and_keys_are_redacted(memory):
    assert _clean(json.dumps(memory["metadata"])) and memory["metadata"]["note"].count("[") == 2


def test_a_tag_holding_a_secret_is_dropped_and_counted(memory):
    assert memory["tags"] == ["billing"] and memory["redactions"] >= 6


def test_a_session_entry_is_redacted(graphql):
    session = graphql('mutation { startSession(input: {agentId: "ops-1", goal: "Rotate keys"}) { id } }')
    entry = graphql(
        """mutation($id: ID!, $t: String!) { logSession(input: {sessionId: $id, kind: EXPERIENCE, text: $t}) {
        entry { text } } }""",
        {"id": session["data"]["startSession"]["id"], "t": SENTENCE},
    )["data"]["logSession"]["entry"]
    assert _clean(entry["text"])


def test_a_trails_label_notes_and_tags_are_redacted(graphql, memory):
    saved = graphql(
        """mutation($input: SaveTrailInput!) { saveTrail(input: $input) { trail { label tags
        visitedNodes { annotation } hypotheses { statement } } } }""",
        {
            "input": {
                "agentId": "ops-1",
                "label": f"rotation, new password {PASSWORD}",
                "tags": [TAG],
                "hypotheses": [{"statement": SENTENCE, "confidence": 0.5}],
                "visitedNodes": [{"nodeId": memory["id"], "annotation": SENTENCE}],
            }
        },
    )["data"]["saveTrail"]["trail"]
    assert _clean(json.dumps(saved))


def test_a_decision_summary_and_an_outcomes_feedback_are_redacted(graphql, memory):
    decision = graphql(
        """mutation($s: String!, $m: ID!) { decide(input: {decisionType: ACTION, summary: $s,
        memories: [{memoryId: $m, contribution: 1}]}) { traceId } }""",
        {"s": f"Rotate: {SENTENCE}", "m": memory["id"]},
    )["data"]["decide"]
    graphql(
        """mutation($id: ID!, $f: String!) { observeOutcome(input: {traceId: $id, quality: 0.5,
        signal: AGENT_FEEDBACK, feedback: $f}) { outcomeId } }""",
        {"id": decision["traceId"], "f": SENTENCE},
    )
    read = graphql(
        "query($id: ID!) { decision(id: $id) { summary outcome { feedback } } }", {"id": decision["traceId"]}
    )["data"]["decision"]
    assert (
        _clean(read["summary"]) and _clean(read["outcome"]["feedback"]) and "[PASSWORD]" in read["outcome"]["feedback"]
    )
