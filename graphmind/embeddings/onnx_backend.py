"""The serving backend: the exported graph on ONNX Runtime, the packaged tokenizer from
`tokenizers` (truncation at 256 tokens, padding to the longest text of a batch, as
sentence-transformers does). Texts are embedded in batches sorted by length, so short
texts are not padded to a long one. No torch is imported. `encode_counting` also
returns each text's token count, read off that same tokenization (`_tokens`).

Threads: by default one per core (a batch of 250 LongMemEval turns embeds at 41/s on
two threads, 24/s on one), and idle threads sleep rather than spin, so Neo4j keeps its
share of a small machine. Under `graphmind serve --workers N` each process gets
max(1, cores // N) (`threads_for` in `__init__.py`)."""

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from graphmind.embeddings.onnx_export import INPUTS

BATCH = 32


class OnnxEncoder:
    def __init__(self, model_dir: Path, onnx_path: Path, batch_size: int, threads: int, max_length: int) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self._tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self._tokenizer.enable_truncation(max_length)
        self._tokenizer.enable_padding(pad_id=0, pad_type_id=0, pad_token="[PAD]")
        self._counter = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self._counter.no_truncation()
        self._counter.no_padding()
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads if threads > 0 else (os.cpu_count() or 1)
        options.inter_op_num_threads = 1
        # Idle threads sleep instead of spinning: the cores are shared with Neo4j.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        self._session = ort.InferenceSession(str(onnx_path), options, providers=["CPUExecutionProvider"])
        self.batch_size = min(batch_size, BATCH) if batch_size > 0 else BATCH

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return self.encode_counting(texts)[0]

    def encode_counting(self, texts: Sequence[str]) -> tuple[np.ndarray, list[int]]:
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        vectors = np.empty((len(texts), 384), dtype=np.float32)
        counts = [0] * len(texts)
        for start in range(0, len(order), self.batch_size):
            chunk = order[start : start + self.batch_size]
            vectors[chunk], chunk_counts = self._run([texts[i] for i in chunk])
            for i, count in zip(chunk, chunk_counts, strict=True):
                counts[i] = count
        return vectors, counts

    def _run(self, texts: list[str]) -> tuple[np.ndarray, list[int]]:
        encodings = self._tokenizer.encode_batch(texts)
        feed = {
            "input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encodings], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64),
        }
        return self._session.run(None, {name: feed[name] for name in INPUTS})[0], [_tokens(e) for e in encodings]

    def count_tokens(self, text: str) -> int:
        return len(self._counter.encode(text, add_special_tokens=False).ids)


def _tokens(encoding) -> int:
    """A text's tokens as `count_tokens` counts them, read off the encoding the model ran:
    the window it kept plus the overflow windows truncation cut off (stride 0: they tile
    the rest), each without its padding, [CLS] and [SEP]."""
    return sum(sum(window.attention_mask) - 2 for window in (encoding, *encoding.overflowing))
