"""The agent of docs/agents.md runs against the real server, as written."""

import os
import re
import subprocess
import sys

from graphmind.settings import PROJECT_ROOT


def test_the_learning_loop_agent_runs(server, api_key):
    text = (PROJECT_ROOT / "docs/agents.md").read_text()
    section = text.split("## The learning loop as an agent", 1)[1]
    agent = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    env = {**os.environ, "GRAPHMIND_URL": server.url, "GRAPHMIND_API_KEY": api_key}
    done = subprocess.run([sys.executable, "-c", agent], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rounds = re.findall(r"^round \d: (accepted|rejected) ", done.stdout, re.M)
    print(done.stdout)
    assert rounds[0] == "rejected" and rounds[-2:] == ["accepted", "accepted"]  # it learned which advice works
    assert "path(s) link the two" in done.stdout
