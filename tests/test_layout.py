"""Layout promises: no Cypher text in Python; the package imports without I/O."""

import re
import subprocess
import sys

from graphmind.settings import PROJECT_ROOT


def test_no_cypher_text_in_python_code():
    pattern = re.compile(r"\b(MATCH|MERGE|CREATE)\b")  # Cypher keywords, not MERGED
    offenders = [
        f"{path.relative_to(PROJECT_ROOT)}:{number}"
        for path in (PROJECT_ROOT / "graphmind").rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(line)
    ]
    assert offenders == []


def test_importing_the_app_loads_no_model_and_opens_no_connection():
    code = (
        "import sys, graphmind.app, graphmind.cli;"
        "assert 'sentence_transformers' not in sys.modules;"
        "assert 'torch' not in sys.modules;"
        "print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr
