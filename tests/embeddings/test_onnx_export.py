"""The export is made once, fused, and redone only when the packaged weights or the
export's format change."""

import onnx

from graphmind.embeddings import Embedder, model_dir, onnx_export


def fused_operators(path) -> dict[str, int]:
    counts: dict[str, int] = {}
    for node in onnx.load(str(path)).graph.node:
        if node.domain == "com.microsoft":
            counts[node.op_type] = counts.get(node.op_type, 0) + 1
    return counts


def test_export_writes_the_graph_and_its_weights_stamp(tmp_path):
    path = onnx_export.export(model_dir(), tmp_path / "model.onnx")
    assert path.is_file() and path.stat().st_size > 80_000_000
    assert onnx_export.is_current(model_dir(), path)
    # each of the 6 layers' attention is one operator, and so are the embeddings with their norm
    fused = fused_operators(path)
    assert fused["Attention"] == 6 and fused["EmbedLayerNormalization"] == 1, fused
    path.with_suffix(".sha256").write_text(onnx_export.weights_digest(model_dir()) + "\n")  # an older format
    assert not onnx_export.is_current(model_dir(), path)
    path.with_suffix(".sha256").write_text("other weights\n")
    assert not onnx_export.is_current(model_dir(), path)
    reloaded = Embedder.load(backend="onnx", onnx_path=path)  # re-exported: the stamp did not match
    assert onnx_export.is_current(model_dir(), path) and reloaded.embed(["hello"]).shape == (1, 384)


def test_the_int8_graph_is_derived_from_the_export_beside_it_and_stamped(tmp_path):
    path = tmp_path / "model.onnx"
    quantised = onnx_export.ensure(model_dir(), path, "int8")  # exports the float32 graph first
    assert quantised == tmp_path / "model-int8.onnx" and onnx_export.is_current(model_dir(), path)
    assert onnx_export.is_current(model_dir(), quantised, onnx_export.int8_stamp(model_dir()))
    assert not onnx_export.is_current(model_dir(), quantised)  # the float32 stamp is not the int8 one
    assert quantised.stat().st_size < path.stat().st_size / 3  # a quarter of the weights' bytes
    assert onnx_export.ensure(model_dir(), path, "float32") == path
    quantised.with_suffix(".sha256").write_text(onnx_export.stamp(model_dir()) + "\n")  # not quantised as now
    before = quantised.stat().st_mtime_ns
    assert onnx_export.ensure(model_dir(), path, "int8") == quantised and quantised.stat().st_mtime_ns != before
