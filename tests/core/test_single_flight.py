"""SingleFlight: concurrent callers of one key share one call."""

import asyncio

import pytest

from graphmind.core.single_flight import SingleFlight


async def test_concurrent_callers_of_a_key_share_one_call_and_the_next_caller_calls_again():
    flight: SingleFlight[str, int] = SingleFlight()
    calls: list[str] = []

    async def call(key: str) -> int:
        calls.append(key)
        await asyncio.sleep(0.01)
        return len(calls)

    results = await asyncio.gather(*(flight.run(k, lambda k=k: call(k)) for k in ["a"] * 5 + ["b"] * 3))
    assert sorted(calls) == ["a", "b"] and len(set(results[:5])) == 1 and len(set(results[5:])) == 1
    await flight.run("a", lambda: call("a"))
    assert calls.count("a") == 2


async def test_an_error_reaches_every_waiter_and_a_cancelled_waiter_leaves_the_call_going():
    flight: SingleFlight[None, int] = SingleFlight()

    async def failing() -> int:
        await asyncio.sleep(0.02)
        raise RuntimeError("read failed")

    cancelled = asyncio.ensure_future(flight.run(None, failing))
    waiting = [asyncio.ensure_future(flight.run(None, failing)) for _ in range(3)]
    await asyncio.sleep(0.005)
    cancelled.cancel()
    results = await asyncio.gather(*waiting, return_exceptions=True)
    assert all(isinstance(r, RuntimeError) for r in results)
    with pytest.raises(asyncio.CancelledError):
        await cancelled
