"""How many robots.txt fetches a cache runs at once, as Node's
src/fetch/limit.ts: at most ``concurrency`` fetches hold a slot, the others
wait their turn in the order they asked; a fetch still under way after
``slow_after`` seconds gives its slot up and goes on as a slow fetch (until it
answers or times out), so origins that accept a connection and never answer
cannot hold up the rest; at most ``max_slow`` slow fetches run at once, so
the fetches at once stay bounded (concurrency + max_slow). With the slow
lane full, a fetch past its time keeps its slot.

Node moves a fetch to the slow lane from a timer; here the fetches waiting
for a slot do it when they look (a fetch past its time, while the lane has
room), which gives a waiting fetch its slot at the same moment with no
timer per fetch. Lanes is the bookkeeping (no locks, no waiting);
SlotLimit waits with threads, AsyncSlotLimit in an asyncio loop."""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Callable

#: A fetch still under way after this long gives its slot up (Node's slowAfterMs: 1,000 ms).
DEFAULT_SLOW_AFTER_SECONDS = 1.0


class Lanes:
    def __init__(self, concurrency: int, slow_after: float, max_slow: int) -> None:
        self.concurrency = concurrency
        self.slow_after = slow_after
        self.max_slow = max_slow
        #: Fetches holding a slot, in the order they got it: when each gives it up if still running.
        self.active: dict[int, float] = {}
        #: Fetches that gave their slot up and still run.
        self.slow: set[int] = set()
        #: Fetches waiting for a slot, first asked first.
        self.waiting: deque[int] = deque()
        self._tickets = 0

    def ask(self) -> int:
        """A new fetch, waiting for a slot; its ticket."""
        self._tickets += 1
        self.waiting.append(self._tickets)
        return self._tickets

    def admit(self, ticket: int, now: float) -> tuple[bool, float | None]:
        """Whether the fetch holding `ticket` may start now; if not, how long
        to wait before looking again (None: until another fetch ends)."""
        self._slow_down(now)
        if self.waiting[0] == ticket and len(self.active) < self.concurrency:
            self.waiting.popleft()
            self.active[ticket] = now + self.slow_after
            return True, None
        if len(self.slow) < self.max_slow and self.active:
            return False, max(0.0, min(self.active.values()) - now)
        return False, None

    def waits(self, ticket: int, clock: Callable[[], float]) -> Iterator[float | None]:
        """How long to wait each time before looking again (None: until
        another fetch ends), until the fetch holding `ticket` may start."""
        while True:
            admitted, wait = self.admit(ticket, clock())
            if admitted:
                return
            yield wait

    def _slow_down(self, now: float) -> None:
        """Fetches past their time give their slots up, oldest first, while the slow lane has room."""
        for ticket, until in list(self.active.items()):
            if len(self.slow) >= self.max_slow:
                return
            if until <= now:
                del self.active[ticket]
                self.slow.add(ticket)

    def leave(self, ticket: int) -> None:
        """The fetch holding `ticket` ended (or stopped waiting)."""
        if self.active.pop(ticket, None) is None:
            self.slow.discard(ticket)
        if ticket in self.waiting:
            self.waiting.remove(ticket)


class SlotLimit:
    """Lanes for threads: ``with limit.slot(): fetch``."""

    def __init__(
        self, concurrency: int, slow_after: float, max_slow: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._lanes = Lanes(concurrency, slow_after, max_slow)
        self._changed = threading.Condition()
        self._clock = clock

    @contextmanager
    def slot(self) -> Iterator[None]:
        lanes = self._lanes
        with self._changed:
            ticket = lanes.ask()
            try:
                for wait in lanes.waits(ticket, self._clock):
                    self._changed.wait(wait)
            except BaseException:
                lanes.leave(ticket)
                raise
            finally:
                self._changed.notify_all()  # the next in line may start too, or may be first now
        try:
            yield
        finally:
            with self._changed:
                lanes.leave(ticket)
                self._changed.notify_all()


class AsyncSlotLimit:
    """Lanes for one asyncio loop: ``async with limit.slot(): await fetch``."""

    def __init__(
        self, concurrency: int, slow_after: float, max_slow: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._lanes = Lanes(concurrency, slow_after, max_slow)
        self._clock = clock
        self._sleepers: set[asyncio.Future[None]] = set()

    def _wake(self) -> None:
        for sleeper in self._sleepers:
            if not sleeper.done():
                sleeper.set_result(None)

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        lanes = self._lanes
        ticket = lanes.ask()
        try:
            for wait in lanes.waits(ticket, self._clock):
                sleeper: asyncio.Future[None] = asyncio.get_running_loop().create_future()
                self._sleepers.add(sleeper)
                try:
                    await asyncio.wait({sleeper}, timeout=wait)
                finally:
                    self._sleepers.discard(sleeper)
        except BaseException:
            lanes.leave(ticket)
            raise
        finally:
            self._wake()
        try:
            yield
        finally:
            lanes.leave(ticket)
            self._wake()
