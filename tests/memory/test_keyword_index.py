"""Per-user keyword statistics: kept true by every write, and a tenant's keyword ranking
that other tenants' text cannot move."""

from dataclasses import replace

import pytest

from graphmind.core.terms import bm25
from graphmind.db.migrations import backfill_terms
from graphmind.memory.recall import Channel, recall

# unrelated words, so that no memory below is taken for an update of another
WORDS = ["river", "piano", "cloud", "tiger", "lemon", "chess", "ocean", "maple", "violin", "desert", "candle", "rocket"]


async def _stats(db, user_id: str) -> tuple[dict, dict[str, int]]:
    [row] = await db.read("testing.user_keyword_counts", userId=user_id)
    user = row["counts"]
    rows = await db.read("testing.term_stats", userId=user_id)
    return user, {r["term"]: r["docs"] for r in rows}


def _with_settings(deps, **settings):
    return replace(deps, settings=deps.settings.model_copy(update=settings))


async def _keyword_scores(deps, user_id: str, query: str) -> dict[str, float]:
    result = await recall(deps, user_id, query, limit=20, channels=(Channel.KEYWORD,), neighbours=False)
    return {item.memory.content: item.breakdown.keyword_score for item in result.items}


async def test_remember_counts_each_term_once_per_memory(deps, remember, user_id):
    await remember("The cat chased the other cats", baseSalience=0.5)
    await remember("A dog and a cat", baseSalience=0.5)
    user, df = await _stats(deps.db, user_id)
    assert user == {"docs": 2, "tokens": 4 + 2}
    assert df == {"cat": 2, "chase": 1, "other": 1, "dog": 1}


async def test_keyword_score_is_bm25_over_the_callers_own_statistics(deps, remember, user_id):
    texts = ["cat cat dog sat sat sat", "cat and fish swim", "dog with bird song", "bird bird bird bird"]
    for text in texts:
        await remember(text, baseSalience=0.5)
    scores = await _keyword_scores(deps, user_id, "cat dog")
    df, docs, average = {"cat": 2, "dog": 2}, 4, (6 + 3 + 3 + 4) / 4
    expected = {
        "cat cat dog sat sat sat": bm25(["cat", "dog"], {"cat": 2, "dog": 1, "sat": 3}, 6, docs, average, df),
        "cat and fish swim": bm25(["cat", "dog"], {"cat": 1, "fish": 1, "swim": 1}, 3, docs, average, df),
        "dog with bird song": bm25(["cat", "dog"], {"dog": 1, "bird": 1, "song": 1}, 3, docs, average, df),
    }
    assert scores == pytest.approx(expected)


async def test_other_tenants_text_does_not_move_a_tenants_keyword_scores(deps, remember, user_id):
    for text in [
        "the garden party in May",
        "a party for the team",
        "planting the garden",
        "garden tools and seeds",
        "the quarterly report",
    ]:
        await remember(text, baseSalience=0.5)
    alone = await _keyword_scores(deps, user_id, "garden party")
    other = f"{user_id}-other"
    for i in range(60):  # a tenant for whom "party" is common and "garden" unheard of
        await remember(f"party number {i} with friends", user=other, baseSalience=0.5)
    assert await _keyword_scores(deps, user_id, "garden party") == alone


async def test_removing_a_memorys_terms_uncounts_them(deps, remember, user_id):
    from graphmind.memory import keyword_index

    await remember("blue whales sing", baseSalience=0.5)
    gone = await remember("red whales dance", baseSalience=0.5)

    async def remove(tx):
        await keyword_index.remove(tx, [gone.memory.id])

    await deps.db.transaction(remove)
    user, df = await _stats(deps.db, user_id)
    assert user == {"docs": 1, "tokens": 3}
    assert df == {"blue": 1, "whale": 1, "sing": 1}


async def test_the_migration_adds_terms_to_memories_written_before_them(deps, remember, user_id):
    for text in ["old notes about whales", "whales and dolphins", "nothing in common"]:
        await remember(text, baseSalience=0.5)
    before = await _stats(deps.db, user_id)
    scores = await _keyword_scores(deps, user_id, "whales")
    await deps.db.write("testing.clear_keyword_terms", userId=user_id)  # as an older GraphMind left them
    assert await _stats(deps.db, user_id) == ({"docs": 0, "tokens": 0}, {})
    assert await backfill_terms(deps.db) >= 3
    assert await _stats(deps.db, user_id) == before
    assert await _keyword_scores(deps, user_id, "whales") == pytest.approx(scores)


async def test_equal_keyword_scores_rank_the_later_memory_first(deps, remember, user_id):
    await remember("alpha beta gamma delta", validFrom="2026-01-01T00:00:00Z", baseSalience=0.5)
    await remember("alpha epsilon zeta theta", validFrom="2026-02-01T00:00:00Z", baseSalience=0.5)
    result = await recall(deps, user_id, "alpha", limit=5, channels=(Channel.KEYWORD,), neighbours=False)
    ranked = sorted(result.items, key=lambda i: i.breakdown.keyword_rank)
    assert ranked[0].breakdown.keyword_score == ranked[1].breakdown.keyword_score
    assert [i.memory.content for i in ranked] == ["alpha epsilon zeta theta", "alpha beta gamma delta"]


async def test_over_the_postings_budget_commoner_terms_score_only_the_rarer_terms_candidates(deps, remember, user_id):
    texts = ["cat cat dog sat sat sat", "cat and fish swim", "dog with bird song", "bird bird bird bird"]
    for text in texts:
        await remember(text, baseSalience=0.5)
    exact = await _keyword_scores(deps, user_id, "fish cat")
    assert set(exact) == {"cat cat dog sat sat sat", "cat and fish swim"}
    # a budget of one posting: "fish" (in 1 memory) finds the candidates, "cat" (in 2) only scores them
    tight = _with_settings(deps, recall_keyword_postings=1)
    pruned = await _keyword_scores(tight, user_id, "fish cat")
    assert pruned == pytest.approx({"cat and fish swim": exact["cat and fish swim"]})


async def test_keyword_candidates_are_exact_when_the_best_scored_memories_are_not_eligible(deps, remember, user_id):
    # with 2 keyword candidates, only the best-scored head of 8 is read first: all 9 of the
    # best here hide (salience below the floor), so every scored memory must be read
    for word in WORDS[:9]:
        await remember(f"alpha alpha alpha {word}", baseSalience=0.01)
    eligible = ["alpha beta", "alpha beta gamma", "alpha beta gamma delta epsilon"]
    for text in eligible:
        await remember(text, baseSalience=0.5)
    narrow = _with_settings(deps, recall_keyword_k=2)
    scores = await _keyword_scores(narrow, user_id, "alpha")
    assert set(scores) == set(eligible[:2])
    assert scores == pytest.approx(
        {text: s for text, s in (await _keyword_scores(deps, user_id, "alpha")).items() if text in scores}
    )


async def test_keyword_candidates_tied_beyond_the_head_still_rank_the_later_memory_first(deps, remember, user_id):
    # 12 equal scores and a head of 8: the cut's score ties with those outside the head
    # (written latest first: a head cut by score alone leaves them out)
    for month, word in reversed(list(enumerate(WORDS, start=1))):
        await remember(f"alpha {word}", validFrom=f"2025-{month:02d}-01T00:00:00Z", baseSalience=0.5)
    narrow = _with_settings(deps, recall_keyword_k=2)
    result = await recall(narrow, user_id, "alpha", limit=5, channels=(Channel.KEYWORD,), neighbours=False)
    assert sorted(i.memory.content for i in result.items) == sorted(f"alpha {word}" for word in WORDS[-2:])
