"""patternSharing, setPatternSharing and sharedPatterns through the real app (the caller
is the default user; cross-user sharing is tested in tests/sharing)."""

import random
import string
import uuid
from datetime import UTC, datetime, timedelta

import pytest

SHARING = "{ patternSharing { optedIn epsilonSpent epsilonBudget epsilonRemaining updatedAt } }"
SET = (
    "mutation($input: SetPatternSharingInput!) { setPatternSharing(input: $input) "
    "{ optedIn epsilonSpent epsilonBudget epsilonRemaining updatedAt } }"
)
PAGE = (
    "query($first: Int, $after: String) { sharedPatterns(first: $first, after: $after) { totalCount "
    "edges { cursor node { id description keywords instances users meanQuality epsilon releases "
    "createdAt publishedAt } } pageInfo { hasNextPage endCursor } } }"
)


def test_set_pattern_sharing_round_trip(graphql):
    opted_in = graphql(SET, {"input": {"optIn": True}})["data"]["setPatternSharing"]
    assert opted_in["optedIn"] and opted_in["updatedAt"]
    assert opted_in["epsilonBudget"] == 1.0
    assert opted_in["epsilonRemaining"] == pytest.approx(1.0 - opted_in["epsilonSpent"])
    assert graphql(SHARING)["data"]["patternSharing"] == opted_in
    opted_out = graphql(SET, {"input": {"optIn": False}})["data"]["setPatternSharing"]
    assert not opted_out["optedIn"] and opted_out["updatedAt"] >= opted_in["updatedAt"]
    assert graphql(SHARING)["data"]["patternSharing"]["optedIn"] is False


def test_set_pattern_sharing_needs_opt_in(graphql):
    body = graphql(SET, {"input": {}})
    assert body["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"


@pytest.fixture
async def shared_ids(db):
    """Three shared patterns with a made-up keyword, first published a day apart (in the
    future, so they lead the list); removed afterwards. Newest first."""
    keyword = "zq" + "".join(random.choices(string.ascii_lowercase, k=8))
    ids = [str(uuid.uuid4()) for _ in range(3)]
    start = datetime(2031, 1, 1, tzinfo=UTC)
    for i, shared_id in enumerate(ids):
        await db.write(
            "testing.create_shared_pattern",
            id=shared_id,
            keywords=["retry", keyword],
            createdAt=start + timedelta(days=i),
        )
    yield list(reversed(ids))
    await db.write("testing.delete_shared_patterns", keyword=keyword)


def test_shared_patterns_are_paged_newest_first(graphql, shared_ids):
    seen, after = [], None
    while True:
        page = graphql(PAGE, {"first": 2, "after": after})["data"]["sharedPatterns"]
        assert len(page["edges"]) <= 2 and page["totalCount"] >= 3
        seen += [edge["node"]["id"] for edge in page["edges"]]
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
        assert after == page["edges"][-1]["cursor"]
    assert len(seen) == len(set(seen))
    assert seen[:3] == shared_ids
    first = graphql(PAGE, {"first": 1})["data"]["sharedPatterns"]["edges"][0]["node"]
    assert first["keywords"][0] == "retry" and first["releases"] == 1 and first["epsilon"] == 0.1


@pytest.mark.parametrize("first", [0, 101, -1])
def test_shared_patterns_refuse_a_bad_page_size(graphql, first):
    body = graphql(PAGE, {"first": first})
    assert body["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "first"}


def test_shared_patterns_refuse_a_forged_cursor(graphql):
    body = graphql(PAGE, {"first": 1, "after": "bm90IGEgY3Vyc29y"})
    assert body["errors"][0]["extensions"] == {"code": "BAD_USER_INPUT", "field": "after"}
