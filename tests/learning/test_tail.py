"""The event tail: one poll per process for every subscription, fed by the log in Neo4j."""

import asyncio

from graphmind.learning.tail import EventTail


async def test_the_tail_wakes_the_watchers_of_a_user_whose_log_moved(db, remember, user_id):
    tail = EventTail(db, interval=0.05)
    try:
        other_user = f"{user_id}-other"  # a user nobody wrote for (a fixed id may have a log from other tests)
        async with tail.watch(user_id), tail.watch(other_user):
            start = await tail.latest(user_id)
            waiting = asyncio.create_task(tail.past(user_id, start))
            other = asyncio.create_task(tail.past(other_user, 0))
            await asyncio.sleep(0.2)
            assert not waiting.done()
            await remember("A memory written while the tail watches")  # memory.stored (and more)
            assert await asyncio.wait_for(waiting, 5) > start
            assert not other.done()  # that user's log did not move
            other.cancel()
        await asyncio.sleep(0.1)
        assert tail._task.done()  # nobody watches: no more polling
    finally:
        await tail.close()
