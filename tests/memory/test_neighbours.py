"""The candidates a new text is judged against: vector neighbours and subject matches."""

from graphmind.memory import neighbours


async def test_subject_terms_find_what_cosine_misses_and_only_the_callers(remember, deps, embedder, user_id):
    frankfurt = await remember("Our primary datacenter region is Frankfurt")
    await remember("Our primary datacenter region is Frankfurt", user=user_id + "-other")
    text = "Our primary datacenter region is Dublin"
    [found] = await neighbours.near(deps.db.read, deps.settings, user_id, [text], embedder.embed([text]))
    [(claim, similarity)] = found
    assert claim.id == frankfurt.memory.id and claim.content == frankfurt.memory.content
    assert 0.6 < similarity < deps.settings.conflict_similarity  # under the vector neighbours' floor


async def test_no_texts_no_queries(deps, user_id):
    assert await neighbours.near(deps.db.read, deps.settings, user_id, [], []) == []
