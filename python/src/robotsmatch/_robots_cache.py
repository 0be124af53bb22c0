"""Many hosts (docs/behaviour.md, section 4), as Node's RobotsCache: one
robots.txt per origin, fetched once and answered from memory until it
expires; askers of an origin that is being fetched wait for that one fetch;
at most ``concurrency`` fetches at once over all origins, and a fetch that
has not answered after ``slow_after`` seconds gives its place up (the slow
lane, _fetch_lanes.py); while a server errors, the last good copy keeps
answering. RobotsCache serves threads,
AsyncRobotsCache the tasks of one asyncio loop."""

from __future__ import annotations

import asyncio
import math
import threading
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Generic, TypeVar

import httpx

from ._agent import Agent
from ._fetch_exchange import Exchange, FetchedRobots, exchange_options, run_async, run_sync
from ._fetch_lanes import DEFAULT_SLOW_AFTER_SECONDS, AsyncSlotLimit, SlotLimit
from ._fetch_policy import DEFAULT_TIMEOUT_SECONDS, RobotsUrlError, robots_txt_url
from ._origin_table import Answer, CachedVerdict, Entry, OriginTable, verdict
from .robots import DEFAULT_MAX_BYTES, RobotsClosedError

T = TypeVar("T")


def _whole(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 0x7FFFFFFF:
        raise ValueError(f"{name} must be a whole number from 1 to 2^31-1, got {value!r}")
    return value


def _groups(urls: Iterable[str]) -> tuple[list[str], dict[str, list[int]]]:
    """The URLs, and their indexes by robots.txt URL (URLs that cannot have one are in no group)."""
    if isinstance(urls, (str, bytes)):
        raise TypeError("urls must be an iterable of strings, not a single string")
    batch = list(urls)
    groups: dict[str, list[int]] = {}
    for i, url in enumerate(batch):
        if not isinstance(url, str):
            raise TypeError(f"urls[{i}] must be a string, got {type(url).__name__}")
        try:
            key = robots_txt_url(url)
        except RobotsUrlError:
            continue  # no robots.txt for it: left out
        groups.setdefault(key, []).append(i)
    return batch, groups


def _allowed(answer: Answer, urls: list[str], agent: Agent) -> bytes:
    entry = answer.entry
    if answer.robots is entry.latest.robots and entry.latest.outcome == "unreachable":
        return bytes(len(urls))  # the stand-in disallows all
    with answer.robots.for_agent(agent) as matcher:
        return matcher.match_many(urls)


class _CacheBase(Generic[T]):
    """The options and table both caches share; `transport` is the subclass's kind of httpx transport."""

    def __init__(
        self,
        *,
        mode: str = "google",
        max_bytes: int = DEFAULT_MAX_BYTES,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        user_agent: str | None = None,
        now: Callable[[], float] | None = None,
        max_entries: int = 10_000,
        concurrency: int = 16,
        slow_after: float = DEFAULT_SLOW_AFTER_SECONDS,
        max_slow_fetches: int | None = None,
        transport: T | None = None,
    ) -> None:
        self._options = exchange_options(mode, max_bytes, timeout, user_agent, now)
        self._now: Callable[[], float] = self._options["now"]
        self._table = OriginTable(_whole("max_entries", max_entries))
        self._concurrency = _whole("concurrency", concurrency)
        if isinstance(slow_after, bool) or not isinstance(slow_after, (int, float)) or not 0 < slow_after < math.inf:
            raise ValueError(f"slow_after must be a positive number of seconds, got {slow_after!r}")
        self._slow_after = float(slow_after)
        self._max_slow = (
            min(4 * self._concurrency, 0x7FFFFFFF)
            if max_slow_fetches is None
            else _whole("max_slow_fetches", max_slow_fetches)
        )
        self._closed = False
        self._setup()
        self._transport: T = transport if transport is not None else self._new_transport()
        self._own_transport = transport is None

    def _setup(self) -> None:
        """The subclass's own state: how it waits for fetches."""

    def _new_transport(self) -> T:
        raise NotImplementedError

    def __len__(self) -> int:
        """Origins held."""
        return len(self._table)

    def _live(self) -> None:
        if self._closed:
            raise RobotsClosedError("this robots.txt cache was closed: make a new one")

    def _close_held(self) -> None:
        for robots in self._table.clear():
            robots.close()


class _Pending:
    """One origin's fetch under way, which other threads wait for."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.entry: Entry | None = None
        self.error: BaseException | None = None

    def wait(self) -> Entry:
        self.done.wait()
        if self.entry is None:
            raise self.error or RuntimeError("the fetch ended with no answer")
        return self.entry


class RobotsCache(_CacheBase[httpx.BaseTransport]):
    """Robots.txt answers for many origins, for threads. Options as
    fetch_robots() takes them, and ``max_entries`` (origins kept, least
    recently used dropped first; default 10,000), ``concurrency`` (most
    fetches at once over all origins; default 16), ``slow_after`` (seconds:
    a fetch still waiting for its server after this long gives its place
    among the ``concurrency`` up and goes on as a slow fetch, so that origins
    that never answer cannot hold up the rest; default 1.0) and
    ``max_slow_fetches`` (most slow fetches at once, beyond ``concurrency``;
    default 4 x concurrency). ``transport``: an httpx
    transport of yours (``httpx.HTTPTransport(proxy=...)``), left open;
    without one the cache makes its own and close() closes it. close() (or leaving a ``with`` block) frees every robots.txt at
    once; the cache cannot be used after it."""

    def _setup(self) -> None:
        self._lock = threading.Lock()
        self._inflight: dict[str, _Pending] = {}
        self._slots = SlotLimit(self._concurrency, self._slow_after, self._max_slow)

    def _new_transport(self) -> httpx.BaseTransport:
        return httpx.HTTPTransport()

    def check(self, url: str, agent: Agent) -> CachedVerdict:
        """The verdict for `url`, with the robots.txt that gave it and how its
        fetch went; fetches the origin's robots.txt first if needed."""
        return verdict(self._answer(robots_txt_url(url)), url, agent)

    def is_allowed(self, url: str, agent: Agent) -> bool:
        """May `agent` fetch `url`?"""
        return self.check(url, agent).allowed

    def fetched(self, url: str) -> FetchedRobots:
        """The latest fetch of `url`'s origin (fetched if missing or expired).
        Its robots belongs to the cache: do not close it."""
        return self._answer(robots_txt_url(url)).entry.latest

    def filter(self, urls: Iterable[str], agent: Agent) -> list[str]:
        """The URLs `agent` may fetch, in order: grouped by origin, each
        robots.txt fetched once (``concurrency`` at a time), each group
        matched in one batch. URLs that cannot have a robots.txt are left out."""
        batch, groups = _groups(urls)
        allowed = bytearray(len(batch))
        keys = list(groups)
        # A thread per fetch at once: the slow fetches hold theirs while the others go on.
        with ThreadPoolExecutor(max(1, min(self._concurrency + self._max_slow, len(keys)))) as pool:
            answers = list(pool.map(self._answer, keys))
        for key, answer in zip(keys, answers):
            indexes = groups[key]
            for i, v in zip(indexes, _allowed(answer, [batch[i] for i in indexes], agent)):
                allowed[i] = v
        return [url for url, v in zip(batch, allowed) if v == 1]

    def _answer(self, key: str) -> Answer:
        with self._lock:
            self._live()
            entry = self._table.fresh(key, self._now())
            pending = None if entry is not None else self._inflight.get(key)
            fetcher = entry is None and pending is None
            if fetcher:
                pending = self._inflight[key] = _Pending()
        if entry is None:
            assert pending is not None
            entry = self._fetch(key, pending) if fetcher else pending.wait()
        return self._table.answer(entry, self._now())

    def _fetch(self, key: str, pending: _Pending) -> Entry:
        try:
            with self._slots.slot():
                latest = run_sync(self._transport, Exchange(key, **self._options))
            with self._lock:
                self._live()
                pending.entry = self._table.store(key, latest)
            return pending.entry
        except BaseException as error:
            pending.error = error
            raise
        finally:
            with self._lock:
                self._inflight.pop(key, None)
            pending.done.set()

    def clear(self) -> None:
        """Forgets every origin (their robots are freed once no check in another thread still matches with them)."""
        with self._lock:
            self._table.clear()

    def close(self) -> None:
        """Frees every robots.txt and the cache's own connections now."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._close_held()
        if self._own_transport:
            self._transport.close()

    def __enter__(self) -> RobotsCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncRobotsCache(_CacheBase[httpx.AsyncBaseTransport]):
    """RobotsCache for asyncio: the same options (``transport``:
    an httpx.AsyncHTTPTransport), ``await cache.check(url, agent)``, ``async with``.
    Use it from one event loop."""

    def _setup(self) -> None:
        self._inflight: dict[str, asyncio.Task[Entry]] = {}
        self._slots = AsyncSlotLimit(self._concurrency, self._slow_after, self._max_slow)

    def _new_transport(self) -> httpx.AsyncBaseTransport:
        return httpx.AsyncHTTPTransport()

    async def check(self, url: str, agent: Agent) -> CachedVerdict:
        """The verdict for `url`, with the robots.txt that gave it and how its fetch went."""
        return verdict(await self._answer(robots_txt_url(url)), url, agent)

    async def is_allowed(self, url: str, agent: Agent) -> bool:
        """May `agent` fetch `url`?"""
        return (await self.check(url, agent)).allowed

    async def fetched(self, url: str) -> FetchedRobots:
        """The latest fetch of `url`'s origin. Its robots belongs to the cache: do not close it."""
        return (await self._answer(robots_txt_url(url))).entry.latest

    async def filter(self, urls: Iterable[str], agent: Agent) -> list[str]:
        """RobotsCache.filter() for asyncio: the origins are fetched concurrently."""
        batch, groups = _groups(urls)
        allowed = bytearray(len(batch))
        keys = list(groups)
        answers = await asyncio.gather(*(self._answer(key) for key in keys))
        for key, answer in zip(keys, answers):
            indexes = groups[key]
            for i, v in zip(indexes, _allowed(answer, [batch[i] for i in indexes], agent)):
                allowed[i] = v
        return [url for url, v in zip(batch, allowed) if v == 1]

    async def _answer(self, key: str) -> Answer:
        self._live()
        entry = self._table.fresh(key, self._now())
        if entry is None:
            task = self._inflight.get(key)
            if task is None:
                task = self._inflight[key] = asyncio.ensure_future(self._fetch(key))
            # One asker cancelled does not cancel the fetch the others wait for.
            entry = await asyncio.shield(task)
        return self._table.answer(entry, self._now())

    async def _fetch(self, key: str) -> Entry:
        try:
            async with self._slots.slot():
                latest = await run_async(self._transport, Exchange(key, **self._options))
            self._live()
            return self._table.store(key, latest)
        finally:
            self._inflight.pop(key, None)

    def clear(self) -> None:
        """Forgets every origin (their robots are freed once no check still matches with them)."""
        self._table.clear()

    async def aclose(self) -> None:
        """Frees every robots.txt and the cache's own connections now."""
        if self._closed:
            return
        self._closed = True
        for task in list(self._inflight.values()):
            task.cancel()
        self._close_held()
        if self._own_transport:
            await self._transport.aclose()

    async def __aenter__(self) -> AsyncRobotsCache:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
