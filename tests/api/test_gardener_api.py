"""jobs and runJob through the real app."""


def test_run_job_then_jobs_shows_its_last_run(graphql):
    run = graphql(
        "mutation { runJob(input: {name: SCENE_FLUSH, dryRun: true}) { name dryRun status durationMs counts } }"
    )["data"]["runJob"]
    assert run["name"] == "SCENE_FLUSH" and run["dryRun"] and run["status"] == "ok"
    assert "flushed" in run["counts"]
    jobs = graphql("{ jobs { name schedule running runs lastRun { dryRun counts durationMs } } }")["data"]["jobs"]
    by_name = {j["name"]: j for j in jobs}
    assert set(by_name) == {
        "DECAY",
        "PRUNE",
        "CONSOLIDATE",
        "PATTERNS",
        "SCENE_FLUSH",
        "SELF_IMPROVE",
        "SHARE_PATTERNS",
    }
    assert by_name["DECAY"]["schedule"] == "@daily" and by_name["PRUNE"]["schedule"] == "@weekly"
    flush = by_name["SCENE_FLUSH"]
    assert flush["runs"] >= 1 and not flush["running"] and flush["lastRun"]["dryRun"]


def test_run_job_with_an_unknown_name_is_a_validation_error(graphql):
    body = graphql("mutation { runJob(input: {name: WEEDING}) { status } }")
    assert body["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
