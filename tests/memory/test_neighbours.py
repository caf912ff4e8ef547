"""The candidates a new text is judged against: vector neighbours and subject matches."""

from graphmind.memory import manage, neighbours

TEXTS = ["cat cat dog sat sat sat", "cat and fish swim", "dog with bird song", "bird bird bird bird"]


async def _by_subject(deps, embedder, user_id: str, text: str, **settings) -> set[str]:
    """The contents of `text`'s candidates under these settings (the vector neighbours too,
    which for these unrelated texts are none)."""
    tuned = deps.settings.model_copy(update=settings)
    [found] = await neighbours.near(deps.db.read, tuned, user_id, [text], embedder.embed([text]))
    return {claim.content for claim, _ in found}


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


async def test_texts_not_searched_by_subject_cost_no_subject_query(remember, deps, embedder, user_id):
    frankfurt = await remember("Our primary datacenter region is Frankfurt")
    texts = ["Our primary datacenter region is Dublin", "the the the", "Our datacenter region is Frankfurt"]
    queries: list[str] = []

    async def read(name: str, **params):
        queries.append(name)
        return await deps.db.read(name, **params)

    found = await neighbours.near(
        read, deps.settings, user_id, texts, embedder.embed(texts), by_subject=[True, True, False]
    )
    # the first by its subject terms, the second has none, the third only by its vector
    assert queries == ["memory.nearest_active", "memory.subject_candidates"]
    assert [[claim.id for claim, _ in f] for f in found] == [[frankfurt.memory.id], [], [frankfurt.memory.id]]

    queries.clear()
    await neighbours.near(read, deps.settings, user_id, texts[2:], embedder.embed(texts[2:]), by_subject=[False])
    assert queries == ["memory.nearest_active"]


async def test_subject_candidates_share_the_rarest_terms_best_first(remember, deps, embedder, user_id):
    for text in TEXTS:
        await remember(text, baseSalience=0.5)
    # BM25 over the caller's postings: "fish" is in one memory, "dog" in two, the shorter first
    assert await _by_subject(deps, embedder, user_id, "fish and dog", subject_candidates=1) == {"cat and fish swim"}
    assert await _by_subject(deps, embedder, user_id, "fish and dog", subject_candidates=2) == {
        "cat and fish swim",
        "dog with bird song",
    }
    # over a budget of one posting, only the rarest term's memories are candidates
    assert await _by_subject(
        deps, embedder, user_id, "fish and dog", subject_candidates=2, recall_keyword_postings=1
    ) == {"cat and fish swim"}


async def test_other_tenants_text_does_not_change_a_tenants_subject_candidates(remember, deps, embedder, user_id):
    """With statistics over every tenant's text, another tenant's many "fish" memories would
    make "fish" common and "dog with bird song" the best candidate."""
    for text in TEXTS:
        await remember(text, baseSalience=0.5)
    other = user_id + "-other"
    for word in ["river", "piano", "cloud", "tiger", "lemon", "chess", "ocean", "maple", "violin", "desert"]:
        await remember(f"fish near the {word}", user=other, baseSalience=0.5)
    assert await _by_subject(deps, embedder, user_id, "fish and dog", subject_candidates=1) == {"cat and fish swim"}


async def test_a_forgotten_memory_is_no_subject_candidate(remember, deps, embedder, user_id):
    stored = {text: await remember(text, baseSalience=0.5) for text in TEXTS}
    await manage.forget(deps, user_id, stored["cat and fish swim"].memory.id)
    assert await _by_subject(deps, embedder, user_id, "fish and dog", subject_candidates=1) == {"dog with bird song"}


def test_earlier_inputs_of_a_batch_are_found_as_stored_ones_would_be_and_as_few(deps, embedder):
    """A later text's candidates among the batch's earlier texts: the nearest by cosine and
    those sharing its rarest subject terms, at most dedup_candidates + subject_candidates."""
    texts = [
        "Our primary datacenter region is Frankfurt",
        "The coffee machine on the third floor is broken",
        *[f"The datacenter in rack {n} runs backups" for n in range(12)],
        "Our primary datacenter region is Dublin",
    ]
    found = neighbours.earlier_in_batch(deps.settings, texts, embedder.embed(texts))
    assert found[0] == []  # the first text has nothing before it
    dublin = found[-1]
    assert 0 in [q for q, _ in dublin]  # cosine under the floor, found by its subject terms
    assert 1 not in [q for q, _ in dublin]  # nothing in common
    assert len(dublin) <= deps.settings.dedup_candidates + deps.settings.subject_candidates
    assert [s for _, s in dublin] == sorted((s for _, s in dublin), reverse=True)
