"""The client package's own tests (clients/python/tests), run as a user runs them: in a
separate pytest against this suite's server, with a key of a fresh user."""

import os
import subprocess
import sys

from graphmind.settings import PROJECT_ROOT


def test_the_client_packages_own_tests_pass_against_the_server(server, api_key):
    env = {**os.environ, "GRAPHMIND_URL": server.url, "GRAPHMIND_API_KEY": api_key}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            "clients/python",
            "clients/python/tests",
        ],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout[-500:]
