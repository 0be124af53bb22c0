"""The bookkeeping of a cache of origins (docs/behaviour.md, section 4), as
src/fetch/cache.ts keeps it in Node: the latest fetch of each origin, the
last good one, since when it has been unreachable; least recently used
dropped first. No locks and no I/O: RobotsCache (threads) and
AsyncRobotsCache (asyncio) guard it and fetch."""

from __future__ import annotations

from collections import OrderedDict
from typing import NamedTuple

from ._agent import Agent
from ._fetch_exchange import FetchedRobots, FetchOutcome
from ._fetch_policy import UNREACHABLE_LIMIT_SECONDS
from .robots import Robots, Rule, parse


class CachedVerdict(NamedTuple):
    """check()'s answer: the verdict (as Robots.check gives it: allowed,
    line, rule), the robots.txt that gave it and how its latest fetch went.
    While it is unreachable with no good copy, every URL is disallowed by no
    rule of any file: line 0, rule None. ``stale``: the answer came from the
    last good copy, because the latest fetch was unreachable."""

    allowed: bool
    line: int
    rule: Rule | None
    robots_url: str
    outcome: FetchOutcome
    status: int | None
    stale: bool


class Entry:
    __slots__ = ("last_good", "latest", "unreachable_since")

    def __init__(self, latest: FetchedRobots, previous: Entry | None) -> None:
        self.latest = latest
        #: The latest answer that was not "unreachable" (ok or unavailable).
        self.last_good: FetchedRobots | None = latest
        #: When the run of unreachable fetches began.
        self.unreachable_since: float | None = None
        if latest.outcome == "unreachable":
            self.last_good = previous.last_good if previous else None
            since = previous.unreachable_since if previous else None
            self.unreachable_since = latest.fetched_at if since is None else since


class Answer(NamedTuple):
    robots: Robots
    entry: Entry
    stale: bool


class OriginTable:
    def __init__(self, max_entries: int) -> None:
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._max_entries = max_entries
        self._allow_all: Robots | None = None

    def __len__(self) -> int:
        return len(self._entries)

    def fresh(self, key: str, now: float) -> Entry | None:
        """The origin's entry while it has not expired (touched: most recently used)."""
        entry = self._entries.get(key)
        if entry is None or now >= entry.latest.expires:
            return None
        self._entries.move_to_end(key)
        return entry

    def store(self, key: str, latest: FetchedRobots) -> Entry:
        entry = Entry(latest, self._entries.get(key))
        # Replaced and evicted copies are not closed here: a check in another
        # thread may still be matching with one; the finalizer frees it once none is.
        self._entries[key] = entry
        self._entries.move_to_end(key)
        while len(self._entries) > self._max_entries:
            self._entries.popitem(last=False)
        return entry

    def answer(self, entry: Entry, now: float) -> Answer:
        """What to match with for an origin: the latest answer; while it is
        unreachable, the last good copy if there is one; else disallow all,
        until 30 days of it make the robots.txt count as missing."""
        latest = entry.latest
        if latest.outcome != "unreachable":
            return Answer(latest.robots, entry, False)
        if entry.last_good is not None:
            return Answer(entry.last_good.robots, entry, True)
        assert entry.unreachable_since is not None
        if now - entry.unreachable_since >= UNREACHABLE_LIMIT_SECONDS:
            if self._allow_all is None:
                self._allow_all = parse("")
            return Answer(self._allow_all, entry, False)
        return Answer(latest.robots, entry, False)

    def clear(self) -> list[Robots]:
        """Forgets every origin; returns the robots that were held, to close."""
        held = {id(r): r for e in self._entries.values() for r in _robots_of(e)}
        if self._allow_all is not None:
            held[id(self._allow_all)] = self._allow_all
            self._allow_all = None
        self._entries.clear()
        return list(held.values())


def _robots_of(entry: Entry) -> list[Robots]:
    return [entry.latest.robots] + ([entry.last_good.robots] if entry.last_good is not None else [])


def verdict(answer: Answer, url: str, agent: Agent) -> CachedVerdict:
    latest = answer.entry.latest
    allowed, line, rule = answer.robots.check(url, agent)
    if answer.robots is latest.robots and latest.outcome == "unreachable":
        allowed, line, rule = False, 0, None  # a stand-in no server sent: no line of any file
    return CachedVerdict(allowed, line, rule, latest.url, latest.outcome, latest.status, answer.stale)
