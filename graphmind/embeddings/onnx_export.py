"""Exports the packaged all-MiniLM-L6-v2 to ONNX once: BERT, mean pooling over the
attention mask and L2 normalisation in one graph (sentence-transformers' modules.json:
Transformer → Pooling(mean) → Normalize), float32, dynamic batch and sequence axes.

`torch.onnx.export` (the TorchScript exporter) runs on the packaged weights at setup
(`graphmind embeddings export`, `make setup`) or on the first start; sentence-transformers'
own `onnx` extra cannot be installed beside transformers 5. BERT is exported with its eager
attention, whose pattern onnxruntime's transformer optimizer recognises: each layer's
attention becomes one fused `Attention` operator, and the embeddings and their layer norm
one `EmbedLayerNormalization` (`_fuse`; the default SDPA attention leaves them unfused).
The same vectors (cosine ≥ 0.9999999 against the unfused graph on 1,000 LoCoMo texts), one
query embedded in 6.2 instead of 7.5 ms and batches 11% faster (docs/benchmarks.md). The file
is written next to a stamp of the weights it came from and of this export's format
(`FORMAT`), so a new model package or a new format means a new export.

`quantize` derives the int8 graph (a new store's, docs/architecture.md) from that export
with ONNX Runtime's dynamic quantisation: weights int8 per output channel (7-bit range, as
ONNX Runtime advises for CPUs without VNNI), activations quantised on the fly. A quarter
of the weights to read: one query embedded in 2.4 instead of 6.0 ms on an idle machine
and batches twice as fast, at a cosine of 0.99 (mean; 0.958 at the least) to the float32
vectors (docs/benchmarks.md). Its stamp adds `QUANTISATION`.
"""

import hashlib
import tempfile
from pathlib import Path
from typing import Any

from graphmind.settings import PROJECT_ROOT

OPSET = 17
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
FORMAT = "eager attention, onnxruntime BERT fusions"  # in the stamp: a new format, a new export
QUANTISATION = "dynamic int8, per channel, reduced range"  # the int8 graph's stamp adds this


DEFAULT_PATH = PROJECT_ROOT / ".cache/onnx/all-MiniLM-L6-v2.onnx"


def weights_digest(model_dir: Path) -> str:
    return hashlib.sha256((model_dir / "model.safetensors").read_bytes()).hexdigest()


def stamp(model_dir: Path) -> str:
    """What an export is made from: the weights' digest and the export's format."""
    return f"{weights_digest(model_dir)} {FORMAT}"


def int8_stamp(model_dir: Path) -> str:
    return f"{stamp(model_dir)}; {QUANTISATION}"


def int8_path(path: Path) -> Path:
    """Where the int8 graph derived from the float32 export at `path` lives (beside it)."""
    return path.with_name(f"{path.stem}-int8{path.suffix}")


def is_current(model_dir: Path, path: Path, expected: str | None = None) -> bool:
    written = path.with_suffix(".sha256")
    wanted = stamp(model_dir) if expected is None else expected
    return path.is_file() and written.is_file() and written.read_text().strip() == wanted


def export(model_dir: Path, path: Path) -> Path:
    """Writes the ONNX graph to `path` (atomically) and returns it."""
    import torch
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(
        str(model_dir), device="cpu", local_files_only=True, model_kwargs={"attn_implementation": "eager"}
    )
    # torch types a sub-module attribute as Tensor | Module; auto_model is the transformers model
    bert: Any = model[0].auto_model.eval()  # type: ignore[union-attr]

    class Pooled(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask, token_type_ids):
            tokens = self.bert(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(tokens.dtype)
            mean = (tokens * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, p=2, dim=1)

    sample = model.tokenizer(
        ["an example sentence", "another, longer example sentence"], padding=True, return_tensors="pt"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as scratch:
        partial = Path(scratch) / path.name
        with torch.inference_mode():
            torch.onnx.export(
                Pooled().eval(),
                tuple(sample[name] for name in INPUTS),
                str(partial),
                input_names=list(INPUTS),
                output_names=["sentence_embedding"],
                dynamic_axes={
                    **{name: {0: "batch", 1: "sequence"} for name in INPUTS},
                    "sentence_embedding": {0: "batch"},
                },
                opset_version=OPSET,
                dynamo=False,
            )
        _fuse(partial, heads=bert.config.num_attention_heads, hidden=bert.config.hidden_size)
        partial.replace(path)
    path.with_suffix(".sha256").write_text(stamp(model_dir) + "\n")
    return path


def ensure(model_dir: Path, path: Path, precision: str = "float32") -> Path:
    """The graph of `precision` ("float32": the export at `path`; "int8": the graph
    derived from it), exported or quantised first unless it is current."""
    if precision == "int8":
        target = int8_path(path)
        return target if is_current(model_dir, target, int8_stamp(model_dir)) else quantize(model_dir, path)
    return path if is_current(model_dir, path) else export(model_dir, path)


def quantize(model_dir: Path, path: Path) -> Path:
    """Writes the int8 graph derived from the float32 export at `path` (exported first if
    it is not current) beside it (`int8_path`, atomically) and returns it."""
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    ensure(model_dir, path)
    target = int8_path(path)
    with tempfile.TemporaryDirectory(dir=path.parent) as scratch:
        partial = Path(scratch) / target.name
        quantize_dynamic(
            str(path),
            str(partial),
            weight_type=QuantType.QInt8,
            per_channel=True,
            reduce_range=True,
            # the fused Attention operators' outputs have no inferred type: they are float32
            extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
        )
        partial.replace(target)
    target.with_suffix(".sha256").write_text(int8_stamp(model_dir) + "\n")
    return target


def _fuse(path: Path, heads: int, hidden: int) -> None:
    """Rewrites the graph at `path` with onnxruntime's BERT fusions (its transformer
    optimizer, graph rewriting only: `opt_level=0` leaves the rest to the session)."""
    from onnxruntime.transformers.optimizer import optimize_model

    fused = optimize_model(str(path), model_type="bert", num_heads=heads, hidden_size=hidden, opt_level=0)
    fused.save_model_to_file(str(path))
