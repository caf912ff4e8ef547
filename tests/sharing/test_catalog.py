"""The public catalog of shared patterns: pages."""

from datetime import UTC, datetime

from graphmind.cursors import encode_cursor
from graphmind.sharing.catalog import list_shared


async def test_the_first_page_and_the_next_share_one_plan(deps, parameter_types):
    first = await list_shared(deps, 5)
    after = await list_shared(deps, 5, encode_cursor(datetime.now(UTC), "~"))
    assert after.total_count == first.total_count
    # one cached plan for the first page and the next (db/database.py, `nullable`)
    assert len(parameter_types["sharing.shared_page"]) == 1
