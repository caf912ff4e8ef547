"""Adaptive budgeting (policy 8): density-aware MMR packing within a token budget."""

import numpy as np
import pytest

from graphmind.memory.budget import Candidate, pack
from graphmind.memory.recall import recall


def vec(*weights: float) -> np.ndarray:
    vector = np.zeros(3, dtype=np.float32)
    vector[: len(weights)] = weights
    return vector / np.linalg.norm(vector)


def test_pack_never_exceeds_the_budget_and_skips_redundant_items():
    candidates = [
        Candidate(1.0, 10, vec(1, 0)),
        Candidate(0.95, 10, vec(1, 0.01)),  # nearly the same as the first
        Candidate(0.6, 10, vec(0, 1)),
        Candidate(0.9, 40, vec(0, 0, 1)),  # relevant but long
    ]
    assert pack(candidates, budget=20, mmr_lambda=0.7, limit=10) == [0, 2]
    assert pack(candidates, budget=60, mmr_lambda=0.7, limit=10) == [0, 2, 3]  # 60 tokens
    assert pack(candidates, budget=9, mmr_lambda=0.7, limit=10) == []
    assert pack(candidates, budget=100, mmr_lambda=0.7, limit=1) == [0]


@pytest.mark.parametrize("budget", [12, 30, 75])
async def test_recall_respects_the_token_budget_exactly(remember, deps, user_id, budget):
    for text in [
        "The on-call rotation changes every Monday at nine",
        "On-call engineers hand over on Mondays at 9 am with a short call",
        "Pager alerts for the payments service go to the on-call engineer first",
        "If the on-call engineer does not answer within 15 minutes the alert escalates to the team lead",
        "The on-call handbook lives in the engineering wiki",
    ]:
        await remember(text)
    result = await recall(deps, user_id, "how does on-call work", 10, token_budget=budget)
    counts = [deps.embedder.count_tokens(i.memory.content) for i in result.items]
    assert [i.tokens for i in result.items] == counts
    assert result.tokens_used == sum(counts) <= budget
    assert result.token_budget == budget and result.items
    scores = [i.score for i in result.items]
    assert scores == sorted(scores, reverse=True)


async def test_recall_reports_stored_token_counts_and_counts_memories_without_one(remember, deps, user_id):
    kept = await remember("The on-call rotation changes every Monday at nine")
    older = await remember("On-call engineers hand over on Mondays at 9 am with a short call")
    # a memory written before token counts were stored
    await deps.db.driver.execute_query("MATCH (m:Memory {id: $id}) REMOVE m.tokenCount", id=older.memory.id)
    result = await recall(deps, user_id, "how does on-call work", 10)
    tokens = {i.memory.id: i.tokens for i in result.items}
    assert tokens == {m.id: deps.embedder.count_tokens(m.content) for m in (kept.memory, older.memory)}


async def test_a_bad_budget_is_refused(deps, user_id):
    from graphmind.errors import BadUserInput

    for budget in (0, deps.settings.max_token_budget + 1):
        with pytest.raises(BadUserInput) as error:
            await recall(deps, user_id, "anything", 10, token_budget=budget)
        assert error.value.field == "tokenBudget"
