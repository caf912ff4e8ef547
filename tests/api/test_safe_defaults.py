"""Issue 72 through the real app: sources by role, runJob a dry run by default with the same
counts every time, improvementCycles per user, the salience floor, an admin's one real cycle."""

from dataclasses import replace

from graphmind.gardener.jobs import COUNTS
from graphmind.improvement.worker import self_improve
from graphmind.job_context import JobContext
from graphmind.memory import manage
from graphmind.memory.model import parse_memory_input
from graphmind.memory.store import remember_many
from graphmind.security import keys

REMEMBER = """mutation($c: String!, $s: Source) { remember(input: {content: $c, source: $s}) { id source trust } }"""
COUNT = """{ memories(first: 100) { edges { node { id } } } }"""


def _as(secure_client, secret: str):
    def post(query: str, variables: dict | None = None) -> dict:
        response = secure_client.post(
            "/graphql",
            json={"query": query, "variables": variables or {}},
            headers={"authorization": f"Bearer {secret}"},
        )
        return response.json()

    return post


async def test_an_agent_key_may_not_claim_axiom_and_nothing_is_written(secure_client, key_for):
    _, agent = await key_for(keys.Role.AGENT)
    post = _as(secure_client, agent)
    refused = post(REMEMBER, {"c": "The production region is eu-west-1", "s": "AXIOM"})
    assert refused["errors"][0]["extensions"] == {"code": "FORBIDDEN", "field": "input.source"}
    many = post(
        """mutation { rememberMany(inputs: [{content: "The staging region is us-east-2"},
        {content: "The production region is eu-west-1", source: AXIOM}]) { id } }"""
    )
    assert many["errors"][0]["extensions"] == {"code": "FORBIDDEN", "field": "inputs[1].source"}
    assert post(COUNT)["data"]["memories"]["edges"] == []
    for source in ("USER", "MODEL", "WEB"):
        assert post(REMEMBER, {"c": f"A fact the agent read from {source.lower()}", "s": source})["data"]["remember"]


async def test_an_admin_key_may_claim_axiom(secure_client, key_for):
    _, admin = await key_for(keys.Role.ADMIN)
    stored = _as(secure_client, admin)(REMEMBER, {"c": "The production region is eu-west-1", "s": "AXIOM"})
    assert stored["data"]["remember"]["source"] == "AXIOM" and stored["data"]["remember"]["trust"] == 1.0


async def test_run_job_without_dry_run_changes_nothing(graphql, deps, settings):
    [faint] = await remember_many(
        deps,
        settings.default_user_id,
        [parse_memory_input({"content": "A passing remark about the lunch queue", "baseSalience": 0.01})],
    )
    run = graphql("mutation { runJob(input: {name: PRUNE}) { dryRun counts } }")["data"]["runJob"]
    assert run["dryRun"] is True and run["counts"]["archived"] >= 1
    assert (await manage.get_memory(deps, settings.default_user_id, faint.memory.id)).status.value == "active"


def test_every_job_reports_the_same_counts_zeros_included(graphql):
    for name, counts in COUNTS.items():
        run = graphql("mutation($n: JobName!) { runJob(input: {name: $n}) { counts } }", {"n": name.upper()})
        assert set(run["data"]["runJob"]["counts"]) == set(counts), name


def test_a_base_salience_below_the_recall_floor_is_refused_naming_it(graphql, settings):
    body = graphql(
        """mutation { remember(input: {content: "A note nobody could ever recall", baseSalience: 0.01}) { id } }"""
    )
    error = body["errors"][0]
    assert error["extensions"] == {"code": "BAD_USER_INPUT", "field": "input.baseSalience"}
    assert f"recall floor {settings.min_salience}" in error["message"]


async def test_improvement_cycles_show_an_agent_its_own_user_only(
    secure_client, key_for, deps, settings, closed_breaker
):
    mine, agent = await key_for(keys.Role.AGENT)
    theirs, other = await key_for(keys.Role.AGENT)
    for user, text in (
        (mine, "the  deploy  script  needs the vault token"),
        (theirs, "the  nightly  backup  runs at two"),
    ):
        await remember_many(deps, user, [parse_memory_input({"content": text})])
    enabled = replace(deps, settings=settings.model_copy(update={"self_improvement_enabled": True}))
    await self_improve(JobContext(enabled, False))  # one cycle across both users
    query = "{ improvementCycles(last: 100) { id candidates acceptedDryRun decisions { sourceIds } } }"
    seen = {}
    for user, secret in ((mine, agent), (theirs, other)):
        cycles = _as(secure_client, secret)(query)["data"]["improvementCycles"]
        assert cycles and all(c["candidates"] == len(c["decisions"]) for c in cycles)
        seen[user] = {i for c in cycles for d in c["decisions"] for i in d["sourceIds"]}
    assert seen[mine] and seen[theirs] and not seen[mine] & seen[theirs]


async def test_an_admin_runs_one_real_cycle_for_one_user(secure_client, key_for, deps, closed_breaker):
    user, agent = await key_for(keys.Role.AGENT)
    looker, _ = await key_for(keys.Role.AGENT)
    _, admin = await key_for(keys.Role.ADMIN)
    text = "the  api  gateway  rate limit is per key"
    [stored] = await remember_many(deps, user, [parse_memory_input({"content": text})])
    await remember_many(deps, looker, [parse_memory_input({"content": text})])
    run = """mutation($u: ID!, $d: Boolean) { runSelfImprovement(input: {userId: $u, dryRun: $d}) {
        dryRun committed acceptedDryRun decisions { outcome sourceIds } } }"""
    forbidden = _as(secure_client, agent)(run, {"u": user, "d": False})
    assert forbidden["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    dry = _as(secure_client, admin)(run, {"u": looker})["data"]["runSelfImprovement"]
    assert dry["dryRun"] is True and (dry["committed"], dry["acceptedDryRun"]) == (0, 1)
    real = _as(secure_client, admin)(run, {"u": user, "d": False})["data"]["runSelfImprovement"]
    assert real["dryRun"] is False and (real["committed"], real["acceptedDryRun"]) == (1, 0)
    assert real["decisions"] == [{"outcome": "COMMITTED", "sourceIds": [stored.memory.id]}]
    listed = _as(secure_client, agent)("{ memories(first: 10) { edges { node { content source } } } }")
    improved = [e["node"] for e in listed["data"]["memories"]["edges"] if e["node"]["source"] == "SELF_IMPROVEMENT"]
    assert improved == [{"content": "The api gateway rate limit is per key.", "source": "SELF_IMPROVEMENT"}]
