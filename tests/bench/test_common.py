"""The benches' wait for a quiet machine."""

import time

from graphmind.bench import common


async def test_a_quiet_machine_is_waited_for_at_least_the_minimum():
    started = time.monotonic()
    waited = await common.until_quiet(0.2, 10.0, idle_share=0.0, window=0.1)
    assert 0.2 <= waited < 1.0 and time.monotonic() - started < 1.0


async def test_a_busy_machine_is_waited_for_at_most_the_maximum():
    waited = await common.until_quiet(0.0, 0.5, idle_share=1.01, window=0.1)  # never idle enough
    assert 0.5 <= waited < 1.0


def test_cpu_times_count_idle_within_total():
    idle, total = common._cpu_times()
    assert 0 < idle < total
