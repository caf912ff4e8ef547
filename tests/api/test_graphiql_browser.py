"""A person's view of GraphiQL: headless Chromium (Debian's, driven by Playwright) opens
/graphql on the real server, runs the tour's first operation and reads the result.

The server is `graphmind serve` in a subprocess on the test Neo4j with API keys optional.
The screenshot goes to bench-results/graphiql.png (docs/graphiql.png is a copy of one).
"""

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
import uuid

import httpx
import pytest

from graphmind.api import graphiql, graphiql_assets
from graphmind.core.ports import free_port
from graphmind.settings import PROJECT_ROOT

SCREENSHOT = PROJECT_ROOT / "bench-results/graphiql.png"
RESULT = "document.querySelector('.result-window .CodeMirror')?.CodeMirror.getValue() ?? ''"


def chromium() -> str:
    found = os.environ.get("GRAPHMIND_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found or not graphiql_assets.ready():
        message = "needs chromium (make test installs it) and GraphiQL's assets (make setup)"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    return found


@contextlib.contextmanager
def serving(tmp_path, api_keys: str):
    """`graphmind serve` on a free port; stopped (and waited for) at the end."""
    port = free_port()
    env = {
        **os.environ,
        "GRAPHMIND_PORT": str(port),
        "GRAPHMIND_HOST": "127.0.0.1",
        "GRAPHMIND_API_KEYS": api_keys,
        "GRAPHMIND_GARDENER_ENABLED": "false",
        "GRAPHMIND_MIGRATE_ON_START": "false",
        "GRAPHMIND_GRAPHIQL": "true",
    }
    log = tmp_path / "serve.log"
    process = subprocess.Popen(
        [sys.executable, "-c", "from graphmind.cli import main; main()", "serve"],
        env=env,
        cwd=PROJECT_ROOT,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120  # torch and the model load first; slow on a busy machine
        while True:
            assert process.poll() is None, log.read_text()[-2000:]
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not start within 120 s"
            time.sleep(0.25)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def server(db, tmp_path):
    with serving(tmp_path, "optional") as url:
        yield url


async def test_graphiql_runs_the_tours_first_operation(server):
    from playwright.async_api import async_playwright

    executable = chromium()
    variables = json.loads(graphiql.tour()[1])
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=executable)
        try:
            page = await browser.new_page(viewport={"width": 1400, "height": 900})
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            await page.goto(f"{server}/graphql")
            await page.wait_for_selector(".graphiql-query-editor .CodeMirror", timeout=20_000)

            # ▶ with several operations offers them by name; the first is Remember.
            await page.get_by_role("button", name="Execute query (Ctrl-Enter)").click()
            names = await page.get_by_role("menuitem").all_inner_texts()
            assert names == ["Remember", "Recall", "Decide", "ObserveOutcome", "RecallAgain"]
            await page.get_by_role("menuitem", name="Remember", exact=True).click()
            await page.wait_for_function(f"({RESULT}).includes('\"remember\"')", timeout=20_000)
            result = json.loads(await page.evaluate(RESULT))
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(SCREENSHOT))

            # A header typed in the Headers tab goes with the request: a bad key is refused.
            await page.get_by_role("button", name="Headers").click()
            headers = page.locator(".graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror")
            await headers.click()
            await page.keyboard.type('{"Authorization": "Bearer gm_not-a-key"}')
            await page.get_by_role("button", name="Execute query (Ctrl-Enter)").click()
            await page.get_by_role("menuitem", name="Recall", exact=True).click()
            await page.wait_for_function(f"({RESULT}).includes('UNAUTHENTICATED')", timeout=20_000)
            assert errors == []
        finally:
            await browser.close()

    memory = result["data"]["remember"]
    assert memory["content"] == variables["content"]
    assert memory["duplicateOf"] in (None, memory["id"])  # a rerun finds the memory it stored before
    stored = httpx.post(
        f"{server}/graphql",
        json={"query": "query($id: ID!) { memory(id: $id) { content } }", "variables": {"id": memory["id"]}},
    ).json()
    assert stored["data"]["memory"]["content"] == variables["content"]
    assert SCREENSHOT.stat().st_size > 10_000


async def test_the_docs_pane_loads_the_schema_once_a_key_is_entered(db, key_deps, tmp_path):
    """With keys required the schema fetched on opening is refused; typing a key in the
    Headers tab fetches it again, without the hidden re-fetch button."""
    from playwright.async_api import async_playwright

    from graphmind.security.keys import Role, create_key

    executable = chromium()
    _, secret = await create_key(key_deps, f"browser-{uuid.uuid4().hex[:8]}", Role.AGENT, "browser test")
    docs = "document.querySelector('.graphiql-doc-explorer')?.innerText ?? ''"
    with serving(tmp_path, "required") as url:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=executable)
            try:
                page = await browser.new_page(viewport={"width": 1400, "height": 900})
                await page.goto(f"{url}/graphql")
                await page.wait_for_selector(".graphiql-query-editor .CodeMirror", timeout=20_000)
                await page.get_by_role("button", name="Show Documentation Explorer").click()
                await page.wait_for_function(f"({docs}).includes('Error fetching schema')", timeout=20_000)

                await page.get_by_role("button", name="Headers").click()
                headers = page.locator(".graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror")
                await headers.click()
                await page.keyboard.type(f'{{"Authorization": "Bearer {secret}"}}')
                await page.wait_for_function(f"({docs}).includes('Root Types')", timeout=20_000)
                text = await page.evaluate(docs)
            finally:
                await browser.close()
    assert "query: Query" in text and "Error fetching schema" not in text
