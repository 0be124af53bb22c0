"""Fetching one robots.txt with RFC 9309's rules, as src/fetch/fetch-robots.ts
does in Node: the status decides by data/fetch-outcomes.json (through
archive.hop, the one reading of it), up to five redirects are followed by
hand, the body is read up to a limit, and the answer gets an expiry time.

The rules live in Exchange, which knows nothing of I/O; run_sync and
run_async drive it over an httpx transport, so threads and asyncio give the
same answers. A transport, not a client: the client works out where a
redirect leads even when told not to follow it, and raises on a Location
such as ``mailto:`` that RFC 9309 reads as "no robots.txt"."""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

import httpx

from ._capped_body import ACCEPT_ENCODING, CappedBody
from ._core import MAX_INPUT_BYTES
from ._fetch_policy import DEFAULT_CACHE_SECONDS, RETRY_SECONDS, cache_lifetime, resolve_clock, retry_delay
from .archive import fetch_outcomes, hop
from .robots import Robots, parse


def default_user_agent() -> str:
    """The User-Agent a fetch sends unless told otherwise: the product token, its version, where to read about it."""
    from . import __version__

    return f"robotsmatch/{__version__} (+https://www.npmjs.com/package/robotsmatch)"


FetchOutcome = Literal["ok", "unavailable", "unreachable"]


@dataclass(frozen=True)
class FetchedRobots:
    """One robots.txt fetch and what it comes to.

    ``outcome``: ``ok`` (a 2xx body was parsed), ``unavailable`` (4xx but
    429, or a redirect that leads nowhere: everything allowed) or
    ``unreachable`` (429, 5xx, a timeout or a network error: everything
    disallowed for now). ``robots`` is what to match with: the parsed file,
    an empty file or a disallow-all that no server sent (its verdicts name
    its line 2; RobotsCache.check() reports line 0 and no rule instead).
    Times are seconds since 1970."""

    robots: Robots
    outcome: FetchOutcome
    #: The HTTP status of the last response; None when none came (or the body broke off).
    status: int | None
    #: The last response's Content-Type, as sent (crawlers parse the body whatever it says).
    content_type: str | None
    redirects: int
    #: The robots.txt URL asked about (its rules apply to its origin).
    url: str
    #: Where the body was finally read, after redirects.
    final_url: str
    fetched_at: float
    #: When to fetch again: Cache-Control max-age, else a day; soon for unreachable.
    expires: float
    #: The body as received, decoded, cut at max_bytes; empty unless the outcome is ok.
    body: bytes = field(repr=False)
    #: Why it was unreachable: TimeoutError, the HTTP client's error, or NotImplementedError for ftp:.
    error: BaseException | None = None


def exchange_options(
    mode: str, max_bytes: int, timeout: float, user_agent: str | None, now: Callable[[], float] | None
) -> dict[str, Any]:
    """The options every fetch takes, checked before any I/O."""
    if mode not in ("google", "rfc"):
        raise ValueError(f"mode must be 'google' or 'rfc', got {mode!r}")
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or not 0 <= max_bytes <= 0x7FFFFFFF:
        raise ValueError(f"max_bytes must be a whole number from 0 to 2^31-1, got {max_bytes!r}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not (0 < timeout < math.inf):
        raise ValueError(f"timeout must be a positive number of seconds, got {timeout!r}")
    if user_agent is not None and not isinstance(user_agent, str):
        raise TypeError(f"user_agent must be a string, got {type(user_agent).__name__}")
    return {
        "mode": mode,
        "max_bytes": min(max_bytes, MAX_INPUT_BYTES),
        "timeout": float(timeout),
        "user_agent": default_user_agent() if user_agent is None else user_agent,
        "now": resolve_clock(now),
    }


class Exchange:
    """The requests and responses of one fetch, up to the body to parse."""

    def __init__(
        self,
        robots_url: str,
        *,
        mode: str,
        max_bytes: int,
        timeout: float,
        user_agent: str | None,
        now: Callable[[], float],
    ) -> None:
        self.url = robots_url
        self.current = robots_url
        self.redirects = 0
        self.mode = mode
        # A larger max_bytes reads up to the core's limit, and the Robots says it was cut.
        self.max_bytes = min(max_bytes, MAX_INPUT_BYTES)
        self.timeout = timeout
        self.deadline = time.monotonic() + timeout
        self.fetched_at = now()
        self.headers = {"Accept-Encoding": ACCEPT_ENCODING}
        if user_agent:
            self.headers["User-Agent"] = user_agent
        self.status: int | None = None
        self.content_type: str | None = None
        self.outcome: FetchOutcome = "unreachable"
        self.expires = self.fetched_at
        self.body: CappedBody | None = None
        self.error: BaseException | None = None

    def next_request(self) -> httpx.Request:
        """The next request, with what is left of the time for it (raises TimeoutError when nothing is)."""
        if not self.current.startswith(("http:", "https:")):
            # RFC 9309 names ftp, but httpx speaks only http and https: a file a crawler cannot read.
            raise NotImplementedError(f"robotsmatch fetches only http: and https: URLs, not {self.current}")
        timeout = httpx.Timeout(self.time_left()).as_dict()
        return httpx.Request("GET", self.current, headers=self.headers, extensions={"timeout": timeout})

    def time_left(self) -> float:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no whole answer from {self.current} within {self.timeout:g} s")
        return left

    def on_response(self, status: int, headers: Mapping[str, str]) -> Literal["redirect", "read", "done"]:
        """What a response's status says: follow it, read its body, or stop here."""
        self.status = status
        self.content_type = headers.get("content-type")
        location = headers.get("location") if 300 <= status < 400 else None
        step = hop(status, location, self.current, self.redirects)
        if step.outcome == "redirect" and step.next is not None:
            self.current = step.next
            self.redirects += 1
            return "redirect"
        if step.outcome == "ok":
            self.outcome = "ok"
            self.expires = self.fetched_at + cache_lifetime(headers)
            self.body = CappedBody(headers.get("content-encoding"), self.max_bytes)
            return "read"
        if step.outcome == "unavailable":
            self.outcome = "unavailable"
            # A redirect that leads nowhere holds as long as a missing file: a day.
            lifetime = DEFAULT_CACHE_SECONDS if 300 <= status < 400 else cache_lifetime(headers)
            self.expires = self.fetched_at + lifetime
            return "done"
        self.outcome = "unreachable"
        self.expires = self.fetched_at + retry_delay(headers, self.fetched_at)
        return "done"

    def on_chunk(self, raw: bytes) -> bool:
        """A chunk of the body as received; True once enough is held."""
        assert self.body is not None
        full = self.body.feed(raw)
        self.time_left()
        return full

    def failed(self, error: BaseException) -> None:
        """No whole answer came (a timeout, a network error, a body cut off): unreachable."""
        if isinstance(error, httpx.TimeoutException):
            timeout = TimeoutError(f"no whole answer from {self.current} within {self.timeout:g} s")
            timeout.__cause__ = error
            error = timeout
        self.outcome, self.status, self.body = "unreachable", None, None
        self.expires = self.fetched_at + RETRY_SECONDS
        self.error = error

    def result(self) -> FetchedRobots:
        if self.outcome == "ok":
            assert self.body is not None
            body = self.body.bytes()
            robots = parse(body, self.mode, self.max_bytes)
            body = body[: self.max_bytes]
        else:
            body = b""
            robots = parse(_stand_in(self.outcome), self.mode)
        return FetchedRobots(
            robots,
            self.outcome,
            self.status,
            self.content_type,
            self.redirects,
            self.url,
            self.current,
            self.fetched_at,
            self.expires,
            body,
            self.error,
        )


def _stand_in(outcome: str) -> str:
    """The rules a crawler acts on with no body: an empty file, or a disallow-all."""
    return str(fetch_outcomes()["standInBodies"][outcome])


def run_sync(transport: httpx.BaseTransport, exchange: Exchange) -> FetchedRobots:
    try:
        while _request_sync(transport, exchange):
            pass
    except Exception as error:  # as Node: anything on the way is "unreachable"
        exchange.failed(error)
    # Parsed outside the try: a failure there is ours (the core's memory), raised as it is.
    return exchange.result()


def _request_sync(transport: httpx.BaseTransport, exchange: Exchange) -> bool:
    """One request; True when a redirect is to be followed."""
    response = transport.handle_request(exchange.next_request())
    try:
        action = exchange.on_response(response.status_code, response.headers)
        if action == "read":
            for raw in response.iter_raw():
                if exchange.on_chunk(raw):
                    break
    finally:
        response.close()
    return action == "redirect"


async def run_async(transport: httpx.AsyncBaseTransport, exchange: Exchange) -> FetchedRobots:
    try:
        while await _request_async(transport, exchange):
            pass
    except Exception as error:  # as Node: anything on the way is "unreachable"
        exchange.failed(error)
    return exchange.result()


async def _request_async(transport: httpx.AsyncBaseTransport, exchange: Exchange) -> bool:
    response = await transport.handle_async_request(exchange.next_request())
    try:
        action = exchange.on_response(response.status_code, response.headers)
        if action == "read":
            async for raw in response.aiter_raw():
                if exchange.on_chunk(raw):
                    break
    finally:
        await response.aclose()
    return action == "redirect"
