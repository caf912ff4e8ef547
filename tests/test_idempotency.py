"""Client request ids: a retry returns the first result and writes nothing new."""

import asyncio

import pytest

from graphmind.errors import BadUserInput, Conflict
from graphmind.idempotency import check
from graphmind.learning.decisions import Contribution, DecisionDraft, DecisionType, decide
from graphmind.learning.outcomes import OutcomeDraft, Signal, observe_outcome
from graphmind.memory.manage import forget
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store import remember_many


async def count(deps, user_id) -> dict:
    return {r["label"]: r["count"] for r in await deps.db.read("system.user_node_counts", userId=user_id)}


async def test_remember_and_remember_many_retries(deps, user_id):
    texts = [
        "The weekly report goes out on Fridays.",
        "Invoices are paid within thirty days.",
        "The weekly report goes out on Fridays!",
    ]  # the third repeats the first
    inputs = [parse_memory_input({"content": t}) for t in texts]
    first = await remember_many(deps, user_id, inputs, request_id="batch-1")
    before = await count(deps, user_id)
    again = await remember_many(deps, user_id, inputs, request_id="batch-1")
    assert [r.memory.id for r in again] == [r.memory.id for r in first]
    assert [r.duplicate_of for r in again] == [r.duplicate_of for r in first] == [None, None, first[0].memory.id]
    assert await count(deps, user_id) == before  # nothing new: no memory, event or retrieval


async def test_concurrent_twins_write_once(deps, user_id):
    item = [parse_memory_input({"content": "Twin requests must write this memory only once."})]
    results = await asyncio.gather(*[remember_many(deps, user_id, item, request_id="twin") for _ in range(4)])
    assert len({r[0].memory.id for r in results}) == 1
    assert (await count(deps, user_id))["Memory"] == 1


async def test_decide_and_observe_outcome_retries(deps, remember, user_id):
    stored = await remember("Deploy with a canary release and watch the error rate.")
    draft = DecisionDraft(DecisionType.ACTION, "Deploy with a canary", memories=[Contribution(stored.memory.id, 1.0)])
    decision = await decide(deps, user_id, draft, request_id="d-1")
    assert (await decide(deps, user_id, draft, request_id="d-1")).trace_id == decision.trace_id
    outcome_draft = OutcomeDraft(decision.trace_id, 0.8, Signal.TASK_COMPLETED)
    outcome = await observe_outcome(deps, user_id, outcome_draft, request_id="o-1")
    before = await count(deps, user_id)
    retried = await observe_outcome(deps, user_id, outcome_draft, request_id="o-1")
    assert retried.outcome_id == outcome.outcome_id and retried.updates == outcome.updates
    assert await count(deps, user_id) == before  # no second outcome, no second salience change
    with pytest.raises(Conflict):  # without the id it is a second outcome: refused as before
        await observe_outcome(deps, user_id, outcome_draft)
    with pytest.raises(Conflict):  # an id belongs to one operation
        await decide(deps, user_id, draft, request_id="o-1")


async def test_a_retry_the_changed_state_would_refuse_still_gets_the_first_response(deps, remember, user_id):
    stored = await remember("Rotate the on-call schedule every Monday morning.")
    draft = DecisionDraft(DecisionType.ACTION, "Rotate on Monday", memories=[Contribution(stored.memory.id, 1.0)])
    decision = await decide(deps, user_id, draft, request_id="d-archived")
    await forget(deps, user_id, stored.memory.id)  # a new decision citing it would now be refused
    before = await count(deps, user_id)
    assert (await decide(deps, user_id, draft, request_id="d-archived")).trace_id == decision.trace_id
    assert await count(deps, user_id) == before


async def test_an_id_reused_for_other_input_is_a_conflict_not_the_first_response(deps, remember, user_id):
    """A client that reuses a request id for new content is told so: before, it got the first
    call's response and its new content was dropped without a word."""
    first = [parse_memory_input({"content": "The staging cluster runs in Frankfurt."})]
    stored = await remember_many(deps, user_id, first, request_id="r-1")
    same = await remember_many(
        deps, user_id, [parse_memory_input({"content": "The staging cluster runs in Frankfurt."})], request_id="r-1"
    )
    assert same[0].memory.id == stored[0].memory.id  # the same input, however sent: a retry
    before = await count(deps, user_id)
    with pytest.raises(Conflict, match="other input"):
        await remember_many(
            deps, user_id, [parse_memory_input({"content": "Batch jobs run at midnight."})], request_id="r-1"
        )
    assert await count(deps, user_id) == before  # nothing of it written
    note = await remember("Ship the fix behind a feature flag.")
    draft = DecisionDraft(DecisionType.ACTION, "Ship behind a flag", memories=[Contribution(note.memory.id, 1.0)])
    decision = await decide(deps, user_id, draft, request_id="d-2")
    with pytest.raises(Conflict, match="other input"):
        await decide(
            deps, user_id, DecisionDraft(DecisionType.ACTION, "Ship it now", memories=draft.memories), request_id="d-2"
        )
    await observe_outcome(deps, user_id, OutcomeDraft(decision.trace_id, 0.5, Signal.TASK_COMPLETED), request_id="o-2")
    with pytest.raises(Conflict, match="other input"):
        await observe_outcome(
            deps, user_id, OutcomeDraft(decision.trace_id, -0.5, Signal.TASK_FAILED), request_id="o-2"
        )


def test_one_instant_written_with_another_offset_is_the_same_request():
    from datetime import UTC, datetime, timedelta, timezone

    from graphmind.idempotency import fingerprint

    at = datetime(2026, 11, 29, 1, 0, tzinfo=timezone(timedelta(hours=1)))
    same = parse_memory_input({"content": "The audit starts at nine.", "validFrom": at.isoformat()})
    utc = parse_memory_input({"content": "The audit starts at nine.", "validFrom": at.astimezone(UTC).isoformat()})
    later = parse_memory_input({"content": "The audit starts at nine.", "validFrom": "2026-11-29T01:00:00Z"})
    assert fingerprint([same]) == fingerprint([utc]) != fingerprint([later])


def test_request_id_checks():
    assert check(None, "f") is None and check("abc-1", "f") == "abc-1"
    for bad in ("", "x" * 129, "tab\there"):
        with pytest.raises(BadUserInput):
            check(bad, "input.requestId")


def test_graphql_retry(graphql):
    query = 'mutation { remember(input: {content: "A GraphQL retry stores this once.", requestId: "g-1"}) { id } }'
    first, second = graphql(query), graphql(query)
    assert first["data"]["remember"]["id"] == second["data"]["remember"]["id"]
    bad = graphql('mutation { rememberMany(inputs: [{content: "Per-input ids are refused.", requestId: "x"}]) { id } }')
    assert bad["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "inputs[0].requestId"}
