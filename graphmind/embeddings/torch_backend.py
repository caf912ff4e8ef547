"""The reference backend: sentence-transformers on torch, exactly as the model card runs it."""

import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np


class TorchEncoder:
    def __init__(self, model_dir: Path, batch_size: int, threads: int) -> None:
        import torch
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()
        if threads > 0:
            torch.set_num_threads(threads)
        self._model = SentenceTransformer(str(model_dir), device="cpu", local_files_only=True)
        self._lock = threading.Lock()
        self.batch_size = batch_size

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if len(texts) == 1:
            return self._encode_one(texts[0])
        with self._lock:
            return self._model.encode(
                list(texts),
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )

    def encode_counting(self, texts: Sequence[str]) -> tuple[np.ndarray, list[int]]:
        return self.encode(texts), [self.count_tokens(text) for text in texts]

    def _encode_one(self, text: str) -> np.ndarray:
        """One text straight through the model: the same vector as `encode`, without its
        batching bookkeeping."""
        import torch

        features = self._model.preprocess([text])
        with self._lock, torch.inference_mode():
            output = self._model(features)["sentence_embedding"]
            vector = torch.nn.functional.normalize(output, p=2, dim=1)
        return vector.numpy()

    def count_tokens(self, text: str) -> int:
        return len(self._model.tokenizer.encode(text, add_special_tokens=False))
