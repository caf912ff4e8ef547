"""The export is made once and redone only when the packaged weights change."""

from graphmind.embeddings import Embedder, model_dir, onnx_export


def test_export_writes_the_graph_and_its_weights_stamp(tmp_path):
    path = onnx_export.export(model_dir(), tmp_path / "model.onnx")
    assert path.is_file() and path.stat().st_size > 80_000_000
    assert onnx_export.is_current(model_dir(), path)
    path.with_suffix(".sha256").write_text("other weights\n")
    assert not onnx_export.is_current(model_dir(), path)
    reloaded = Embedder.load(backend="onnx", onnx_path=path)  # re-exported: the stamp did not match
    assert onnx_export.is_current(model_dir(), path) and reloaded.embed(["hello"]).shape == (1, 384)
