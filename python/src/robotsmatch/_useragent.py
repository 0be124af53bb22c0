"""From a full User-Agent header to what robots.txt groups name, as
src/rules/agent.ts's productToken() does: a known crawler when the header
names one (identify), else the header's product token."""

from __future__ import annotations

import re

from .crawlers import Crawler, identify

_PRODUCT = re.compile(r"(?<![\w.\-/+:])([A-Za-z_][\w-]*)/[^\s;()]*")
_BROWSER = re.compile(
    r"(Mozilla|AppleWebKit|KHTML|Chrome|Chromium|CriOS|Safari|Version|Mobile|Gecko|Firefox|Edge?|Edg|OPR|Opera|Build|Trident)\Z",
    re.I,
)
_CRAWLER_WORDS = re.compile(r"bot|crawl|spider|slurp|fetch|archiver", re.I)
_LEADING = re.compile(r"[A-Za-z_-]*")


def product_token(user_agent_header: str) -> str:
    """The product token of a User-Agent header: among its ``name/version``
    products (browser and platform names skipped) one that looks like a
    crawler, else the first; a header with no product is taken as a token.
    Cut to its leading [A-Za-z_-] run; '' when nothing is left."""
    names = [m.group(1) for m in _PRODUCT.finditer(user_agent_header) if not _BROWSER.match(m.group(1))]
    name = next((n for n in names if _CRAWLER_WORDS.search(n)), names[0] if names else None)
    return _LEADING.match(name if name is not None else user_agent_header.strip()).group(0)  # type: ignore[union-attr]


def agent_from_header(user_agent_header: str) -> str | Crawler:
    """The known crawler a header names first (its tokens in fallback order), else its product token."""
    known = identify(user_agent_header)
    return known[0] if known else product_token(user_agent_header)
