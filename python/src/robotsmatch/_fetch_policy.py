"""Where a robots.txt is and how long a fetched answer holds (docs/behaviour.md,
section 4), as src/fetch/location.ts and src/fetch/fetch-robots.ts say it in
Node. No HTTP here: robotsmatch.fetch does the I/O."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Mapping
from email.utils import parsedate_to_datetime
from typing import Callable

from ada_url import parse_url as _parse_url

#: How long an answer holds when the server says nothing: a day (seconds, as everywhere in Python).
DEFAULT_CACHE_SECONDS = 86_400.0
#: Cache-Control max-age is held within a minute and a week.
MIN_CACHE_SECONDS = 60.0
MAX_CACHE_SECONDS = 604_800.0
#: An unreachable robots.txt is asked again after a minute, unless Retry-After says otherwise.
RETRY_SECONDS = 60.0
#: Unreachable this long with no good copy: counted as no robots.txt (everything allowed).
UNREACHABLE_LIMIT_SECONDS = 2_592_000.0
#: A fetch (connect, headers, body and redirects) gives up after this long.
DEFAULT_TIMEOUT_SECONDS = 30.0

_SCHEMES = ("http:", "https:", "ftp:")


class RobotsUrlError(ValueError):
    """A URL that has no robots.txt: not absolute, or not http, https or ftp."""

    def __init__(self, url: str, why: str) -> None:
        super().__init__(f"{url!r} has no robots.txt: {why}")
        self.url = url


def robots_txt_url(url: str) -> str:
    """The robots.txt URL for any URL on the same scheme, host and port, as
    the WHATWG URL Standard writes them (lower case, punycode, no default
    port): ``robots_txt_url("https://Example.COM:443/a?b")`` is
    ``"https://example.com/robots.txt"``. Raises RobotsUrlError for a URL
    that has none."""
    if not isinstance(url, str):
        raise TypeError(f"url must be a string, got {type(url).__name__}")
    try:
        parts = _parse_url(url, ("protocol", "host"))
    except ValueError:
        raise RobotsUrlError(url, "it is not an absolute URL") from None
    protocol, host = str(parts["protocol"]), str(parts["host"])
    if protocol not in _SCHEMES:
        raise RobotsUrlError(url, f"{protocol} URLs have none (only http, https and ftp)")
    if not host:
        raise RobotsUrlError(url, "it has no host")
    return f"{protocol}//{host}/robots.txt"


def exact_robots_url(url: str) -> str:
    """`url` itself as the address of a robots.txt (fetch_robots' exact_url), without its fragment."""
    robots_txt_url(url)  # the same refusals
    href = str(_parse_url(url, ("href",))["href"])
    return href.split("#", 1)[0]


_NO_STORE = re.compile(r"(^|,)\s*(no-store|no-cache)\s*(,|$)")
_MAX_AGE = re.compile(r"(^|,)\s*max-age\s*=\s*\"?(\d+)\"?")


def cache_lifetime(headers: Mapping[str, str]) -> float:
    """Seconds an answer holds: Cache-Control max-age within [a minute, a
    week]; no-store and no-cache the minimum; else a day."""
    control = headers.get("cache-control", "").lower()
    if _NO_STORE.search(control):
        return MIN_CACHE_SECONDS
    max_age = _MAX_AGE.search(control)
    if max_age is None:
        return DEFAULT_CACHE_SECONDS
    return min(MAX_CACHE_SECONDS, max(MIN_CACHE_SECONDS, float(max_age.group(2))))


def retry_delay(headers: Mapping[str, str], now: float) -> float:
    """Seconds until an unreachable robots.txt is asked again: Retry-After
    (seconds or an HTTP date) within [a second, a day]; else a minute."""
    value = headers.get("retry-after")
    if value is None:
        return RETRY_SECONDS
    if value.strip().isdigit():
        seconds = float(value.strip())
    else:
        try:
            seconds = parsedate_to_datetime(value).timestamp() - now
        except (TypeError, ValueError, IndexError, OverflowError):
            return RETRY_SECONDS
    return min(DEFAULT_CACHE_SECONDS, max(1.0, seconds))


def resolve_clock(now: Callable[[], float] | None) -> Callable[[], float]:
    """The clock of a `now` option (seconds since 1970; time.time by default),
    called once here so that a broken one fails where it was given."""
    if now is None:
        return time.time
    if not callable(now):
        raise TypeError(f"now must be a function returning seconds since 1970, got {type(now).__name__}")
    probe = now()
    if isinstance(probe, bool) or not isinstance(probe, (int, float)) or not math.isfinite(probe):
        raise ValueError(f"now must return a finite number of seconds, returned {probe!r}")
    return now
