"""The database's thread runs what it is given in order, in one thread, and answers each caller."""

from __future__ import annotations

import threading

import pytest
import trio

from cardtable.server.storage.db_thread import DatabaseThread


async def test_jobs_run_in_one_thread_in_order_and_answer_their_callers() -> None:
    thread = DatabaseThread()
    seen: list[tuple[int, int]] = []

    def job(number: int) -> int:
        seen.append((number, threading.get_ident()))
        return number * 10

    async with trio.open_nursery() as nursery:
        answers: dict[int, int] = {}

        async def ask(number: int) -> None:
            answers[number] = await thread.run(lambda: job(number))

        for number in range(20):
            nursery.start_soon(ask, number)
            await trio.lowlevel.checkpoint()
    thread.stop()
    assert answers == {number: number * 10 for number in range(20)}
    assert [number for number, _ in seen] == list(range(20))
    assert len({ident for _, ident in seen}) == 1 != threading.get_ident()


async def test_an_exception_reaches_the_caller_and_the_thread_carries_on() -> None:
    thread = DatabaseThread()

    def fail() -> None:
        raise ValueError("no such table")

    with pytest.raises(ValueError, match="no such table"):
        await thread.run(fail)
    assert await thread.run(lambda: 7) == 7
    thread.stop()


async def test_a_cancelled_caller_waits_for_its_job_and_gets_its_result() -> None:
    thread = DatabaseThread()
    started, release = threading.Event(), threading.Event()
    finished: list[bool] = []
    seen_when_returned: list[list[bool]] = []

    def slow() -> str:
        started.set()
        release.wait(10)
        finished.append(True)
        return "stored"

    answers: list[str] = []

    async def call() -> None:
        try:
            answers.append(await thread.run(slow))
        finally:
            seen_when_returned.append(list(finished))

    async def release_later() -> None:
        for _ in range(20):  # rounds of scheduling: a caller that did not wait has returned
            await trio.lowlevel.checkpoint()
        release.set()

    async with trio.open_nursery() as outer:
        with trio.CancelScope() as scope:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(call)
                await trio.to_thread.run_sync(started.wait, 10)
                outer.start_soon(release_later)
                scope.cancel()  # the caller is cancelled while its job runs
    assert seen_when_returned == [[True]]  # it returned only once its job was done...
    assert answers == ["stored"]  # ...with what the job did (the journal needs to know)
    assert scope.cancel_called
    thread.stop()
