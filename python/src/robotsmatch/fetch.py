"""Live robots.txt fetching with RFC 9309's rules (docs/behaviour.md, section
4), as Node's ``fetchRobots`` and ``RobotsCache`` do it, over httpx (the
``fetch`` extra: ``pip install './python[fetch]'``)::

    from robotsmatch.fetch import RobotsCache

    with RobotsCache() as cache:
        cache.check("https://example.com/a", "MyBot")
        # CachedVerdict(allowed=True, line=0, rule=None, robots_url='https://example.com/robots.txt',
        #               outcome='unavailable', status=404, stale=False)

The status decides what a crawler may fetch (data/fetch-outcomes.json): 2xx,
what the body's rules allow (its first 500 KiB); 4xx but 429, everything;
429, 5xx, a timeout or a network error, nothing for now (asked again after a
minute, or as Retry-After says). Up to five redirects are followed, to any
host; the rules apply to the host asked about. AsyncRobotsCache and
fetch_robots_async are the same for asyncio."""

from __future__ import annotations

try:
    import httpx
except ImportError as missing:  # pragma: no cover - the extra's absence is tested in a bare venv
    raise ImportError(
        "robotsmatch.fetch needs httpx, which the 'fetch' extra installs: pip install './python[fetch]' "
        "from a clone, or pip install httpx"
    ) from missing

from typing import Any, Callable

from ._fetch_exchange import Exchange, FetchedRobots, FetchOutcome, exchange_options, run_async, run_sync
from ._fetch_policy import DEFAULT_TIMEOUT_SECONDS, RobotsUrlError, exact_robots_url, robots_txt_url
from ._origin_table import CachedVerdict
from ._robots_cache import AsyncRobotsCache, RobotsCache
from .robots import DEFAULT_MAX_BYTES

__all__ = [
    "AsyncRobotsCache",
    "CachedVerdict",
    "FetchOutcome",
    "FetchedRobots",
    "RobotsCache",
    "RobotsUrlError",
    "fetch_robots",
    "fetch_robots_async",
    "robots_txt_url",
]


def fetch_robots(
    url: str,
    *,
    mode: str = "google",
    max_bytes: int = DEFAULT_MAX_BYTES,
    timeout: float = DEFAULT_TIMEOUT_SECONDS,
    user_agent: str | None = None,
    exact_url: bool = False,
    transport: httpx.BaseTransport | None = None,
    now: Callable[[], float] | None = None,
) -> FetchedRobots:
    """Fetches and parses the robots.txt of `url`'s scheme, host and port
    (with ``exact_url``, `url` itself). Never raises for HTTP or network
    trouble: the outcome says what a crawler does. ``timeout``: seconds for
    the whole fetch, redirects included; ``user_agent``: the User-Agent
    header (default ``robotsmatch/<version> (+...)``; ``""`` sends httpx's
    own); ``transport``: an httpx transport of yours
    (``httpx.HTTPTransport(proxy=..., verify=...)``), left open; ``now``: the clock for ``fetched_at`` and ``expires``."""
    exchange = _exchange(url, exact_url, exchange_options(mode, max_bytes, timeout, user_agent, now))
    if transport is not None:
        return run_sync(transport, exchange)
    with httpx.HTTPTransport() as own:
        return run_sync(own, exchange)


async def fetch_robots_async(
    url: str,
    *,
    mode: str = "google",
    max_bytes: int = DEFAULT_MAX_BYTES,
    timeout: float = DEFAULT_TIMEOUT_SECONDS,
    user_agent: str | None = None,
    exact_url: bool = False,
    transport: httpx.AsyncBaseTransport | None = None,
    now: Callable[[], float] | None = None,
) -> FetchedRobots:
    """fetch_robots() for asyncio (``transport``: an httpx.AsyncHTTPTransport)."""
    exchange = _exchange(url, exact_url, exchange_options(mode, max_bytes, timeout, user_agent, now))
    if transport is not None:
        return await run_async(transport, exchange)
    async with httpx.AsyncHTTPTransport() as own:
        return await run_async(own, exchange)


def _exchange(url: str, exact_url: bool, options: dict[str, Any]) -> Exchange:
    """The fetch of `url`'s robots.txt (with exact_url, of `url` itself), its options checked."""
    return Exchange(exact_robots_url(url) if exact_url else robots_txt_url(url), **options)
