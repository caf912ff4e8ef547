"""GraphQL: the worker's state and kill switch, its decision logs, the reserved source."""

from dataclasses import replace

from graphmind.improvement.worker import self_improve
from graphmind.job_context import JobContext
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store import remember_many


def test_kill_switch_round_trip(graphql):
    engage = graphql("""mutation { setSelfImprovementKillSwitch(input: {engaged: true, reason: "audit"}) {
        killSwitch killSwitchReason enabled dryRun safetyMode } }""")
    assert engage["data"]["setSelfImprovementKillSwitch"] == {
        "killSwitch": True,
        "killSwitchReason": "audit",
        "enabled": False,
        "dryRun": True,
        "safetyMode": "strict",
    }
    state = graphql("{ selfImprovement { killSwitch consecutiveFailures breakerOpenUntil } }")
    assert state["data"]["selfImprovement"]["killSwitch"] is True
    release = graphql("mutation { setSelfImprovementKillSwitch(input: {engaged: false}) { killSwitch } }")
    assert release["data"]["setSelfImprovementKillSwitch"]["killSwitch"] is False


async def test_improvement_cycles_show_the_callers_decisions(graphql, deps, settings):
    caller = settings.default_user_id
    [stored] = await remember_many(
        deps, caller, [parse_memory_input({"content": "the  api  gateway  rate limit is per key"})]
    )
    enabled = replace(deps, settings=settings.model_copy(update={"self_improvement_enabled": True}))
    await self_improve(JobContext(enabled, False), caller)  # dry run by default
    body = graphql("""{ improvementCycles(last: 5) { dryRun candidates acceptedDryRun
        decisions { candidateKind sourceIds type outcome proposedContent validatorScores diff } } }""")
    cycle = next(c for c in body["data"]["improvementCycles"] if c["decisions"])
    [decision] = [d for d in cycle["decisions"] if d["sourceIds"] == [stored.memory.id]]
    assert cycle["dryRun"] and decision["outcome"] == "ACCEPTED_DRY_RUN" and decision["type"] == "NORMALIZE"
    assert decision["proposedContent"] == "The api gateway rate limit is per key."
    assert decision["validatorScores"]["drift"] > 0.82 and decision["diff"]["content"]


def test_bad_last(graphql):
    body = graphql("{ improvementCycles(last: 0) { id } }")
    assert body["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "last"}


def test_callers_cannot_claim_the_workers_source(graphql):
    body = graphql("""mutation { remember(input: {content: "A memory pretending to be improved",
        source: SELF_IMPROVEMENT}) { id } }""")
    assert body["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "input.source"}


async def test_an_admin_schedules_and_previews_self_improvement(graphql, deps, settings):
    caller = settings.default_user_id
    await remember_many(deps, caller, [parse_memory_input({"content": "the  build  cache  lives on the ci runner"})])
    body = graphql(
        """mutation { setSelfImprovement(input: {enabled: true, users: ["%s"], reason: "pilot"}) {
        enabled enabledBy users scheduleReason } }"""
        % caller
    )
    assert body["data"]["setSelfImprovement"] == {
        "enabled": True,
        "enabledBy": "admin",
        "users": [caller],
        "scheduleReason": "pilot",
    }
    shown = graphql(
        """query($u: ID!) { selfImprovementPreview(userId: $u) { dryRun acceptedDryRun
        decisions { outcome proposedContent } } }""",
        {"u": caller},
    )["data"]["selfImprovementPreview"]
    assert shown["dryRun"] and any(
        d["proposedContent"] == "The build cache lives on the ci runner." for d in shown["decisions"]
    )
    refused = graphql("mutation { setSelfImprovement(input: {users: []}) { enabled } }")
    assert refused["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "input.users"}
    back = graphql("mutation { setSelfImprovement(input: {}) { enabled enabledBy users } }")
    assert back["data"]["setSelfImprovement"] == {"enabled": False, "enabledBy": "setting", "users": None}
