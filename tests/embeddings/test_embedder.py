"""The real all-MiniLM-L6-v2 from its package: shape, norm, meaning."""

import numpy as np
import pytest

from graphmind.embeddings import DIMENSION, MODEL_NAME, Embedder
from graphmind.errors import GraphMindError


def test_embeds_unit_vectors_of_384_dimensions(embedder):
    vectors = embedder.embed(["Neo4j stores graphs", "the cat sleeps"])
    assert vectors.shape == (2, DIMENSION) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert embedder.model_name == MODEL_NAME and embedder.dimension == DIMENSION


def test_similar_texts_are_closer(embedder):
    query, near, far = embedder.embed(
        ["Which database holds the graph?", "The graph lives in Neo4j.", "I like green tea."]
    )
    assert float(query @ near) > float(query @ far) + 0.2


def test_empty_batch(embedder):
    assert embedder.embed([]).shape == (0, DIMENSION)
    vectors, counts = embedder.embed_counting([])
    assert vectors.shape == (0, DIMENSION) and counts == []


def test_counts_tokens_with_the_models_tokenizer(embedder):
    assert embedder.count_tokens("hello world") == 2


def test_one_text_takes_the_direct_path_with_the_same_vector(embedder):
    texts = ["When did Caroline go to the support group?", "a second text to make a batch"]
    batch = embedder.embed(texts)
    one = embedder.embed(texts[:1])
    assert one.shape == (1, DIMENSION)
    assert np.allclose(one[0], batch[0], atol=1e-5)


def test_a_process_without_the_model_says_so_when_asked_to_embed():
    embedder = Embedder.unavailable()
    with pytest.raises(GraphMindError, match="without the embedding model"):
        embedder.embed(["hello"])
    with pytest.raises(GraphMindError, match="without the embedding model"):
        embedder.count_tokens("hello")


class _CountingEncoder:
    """Records how many encodes run at once."""

    def __init__(self) -> None:
        import threading

        self.running = self.most = 0
        self._lock = threading.Lock()

    def encode(self, texts):
        import time

        with self._lock:
            self.running += 1
            self.most = max(self.most, self.running)
        time.sleep(0.05)
        with self._lock:
            self.running -= 1
        return np.zeros((len(texts), DIMENSION), dtype=np.float32)


@pytest.mark.parametrize(("slots", "most"), [(1, 1), (2, 2)])
async def test_no_more_embeddings_run_at_once_than_the_slots(slots, most):
    import asyncio

    encoder = _CountingEncoder()
    embedder = Embedder(encoder, "counting", slots)
    await asyncio.gather(*(embedder.embed_async([f"text {i}"]) for i in range(4)))
    assert encoder.most == most


def test_slots_are_the_cores_over_the_threads_of_one_embedding():
    import os

    from graphmind.embeddings import cores_for
    from graphmind.settings import Settings

    cores = os.cpu_count() or 1
    assert cores_for(Settings(workers=None)) == cores
    assert cores_for(Settings(workers=cores * 4)) == 1  # at least one
    assert Embedder.load(threads=0)._slots._value == 1  # one embedding on every core
    assert Embedder.load(threads=1, cores=cores)._slots._value == cores
