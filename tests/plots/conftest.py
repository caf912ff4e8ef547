"""Writing a figure and checking the PNG it leaves."""

import pytest

from graphmind.plots import save


@pytest.fixture
def png(tmp_path):
    """png(figure, name) → the path of a written, non-empty PNG."""

    def write(figure, name: str = "chart.png"):
        path = save(figure, tmp_path / "out" / name)
        data = path.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5_000
        return path

    return write
