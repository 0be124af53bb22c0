"""A robots.txt parser for Scrapy with Google's reading::

    # settings.py
    ROBOTSTXT_OBEY = True
    ROBOTSTXT_PARSER = "robotsmatch.scrapy.RobotParser"

Scrapy hands the parser the robots.txt bytes and asks ``allowed(url,
user_agent)`` with ROBOTSTXT_USER_AGENT or the request's User-Agent header.
A header that names a known crawler is matched as that crawler (its tokens
in fallback order, ``*`` only if it obeys ``*``); any other header by its
product token (``MyBot/1.0 (+https://...)`` is ``MyBot``), as robots.txt
groups name crawlers.

A parser sees only the body: a robots.txt that answers 503 or 429 would be
read as an empty file (everything allowed). RobotsTxtMiddleware below applies
RFC 9309's outcomes for the status too (docs/pipelines.md, "Scrapy")."""

from __future__ import annotations

import time
from typing import Any

from scrapy.downloadermiddlewares.robotstxt import RobotsTxtMiddleware as _ScrapyRobotsTxtMiddleware
from scrapy.exceptions import IgnoreRequest
from scrapy.robotstxt import RobotParser as _ScrapyRobotParser
from scrapy.utils.httpobj import urlparse_cached
from twisted.internet.defer import Deferred

from ._useragent import agent_from_header
from .archive import fetch_outcomes, status_outcome
from .crawlers import Crawler
from .robots import parse


def _text(value: str | bytes) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


class RobotParser(_ScrapyRobotParser):
    """Scrapy's ROBOTSTXT_PARSER backed by robotsmatch's core (Google mode)."""

    def __init__(self, robotstxt_body: bytes, spider: Any | None = None) -> None:
        self.spider = spider
        # The bytes as fetched: the core reads a byte order mark and any encoding as Google does.
        self.robots = parse(robotstxt_body if robotstxt_body is not None else b"")
        self._agents: dict[str, str | Crawler] = {}

    @classmethod
    def from_crawler(cls, crawler: Any, robotstxt_body: bytes) -> RobotParser:
        spider = None if not crawler else getattr(crawler, "spider", None)
        return cls(robotstxt_body, spider)

    def _agent(self, header: str) -> str | Crawler:
        agent = self._agents.get(header)
        if agent is None:
            agent = agent_from_header(header)
            if len(self._agents) < 64:
                self._agents[header] = agent
        return agent

    def allowed(self, url: str | bytes, user_agent: str | bytes) -> bool:
        return self.robots.is_allowed(_text(url), self._agent(_text(user_agent)))

    def crawl_delay(self, user_agent: str | bytes) -> float | None:
        """The Crawl-delay for the agent, as Scrapy's other parsers give it: the
        record naming the agent, else the ``*`` record (Google ignores the
        delay; robotsmatch's matching is Google's, the delay is Bing's and
        Protego's reading). Scrapy's AutoThrottle and DOWNLOAD_DELAY do not
        read it: a spider that wants it applies it itself."""
        return self.robots.crawl_delay(self._agent(_text(user_agent)))


class RobotsTxtMiddleware(_ScrapyRobotsTxtMiddleware):
    """Scrapy's robots.txt middleware with RFC 9309's outcomes, which a parser
    alone cannot apply (Scrapy hands it only the body). Enable it in place of
    Scrapy's own::

        ROBOTSTXT_OBEY = True
        DOWNLOADER_MIDDLEWARES = {
            "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware": None,
            "robotsmatch.scrapy.RobotsTxtMiddleware": 100,
        }

    The robots.txt response's status decides, as for every robotsmatch fetch
    (``data/fetch-outcomes.json``): 2xx, the body is parsed (the first 500 KiB);
    4xx, everything is allowed; 5xx, 429 or no response at all (a timeout, a
    refused connection), everything is disallowed until the site answers
    again, which is asked after Retry-After seconds when the response gives
    them, else after ROBOTSMATCH_UNREACHABLE_RETRY seconds (default 600).
    Redirects are followed by Scrapy's RedirectMiddleware; a redirect it did
    not follow (too many) allows everything. Rules are read with
    :class:`RobotParser` (Google's reading), whatever ROBOTSTXT_PARSER says."""

    def __init__(self, crawler: Any) -> None:
        super().__init__(crawler)
        self._parserimpl = RobotParser  # type: ignore[assignment]  # Scrapy types the class as an instance
        self._retry_after: float = crawler.settings.getfloat("ROBOTSMATCH_UNREACHABLE_RETRY", 600.0)
        #: netloc -> when to ask an unreachable site's robots.txt again (time.monotonic()).
        self._unreachable_until: dict[str, float] = {}

    async def robot_parser(self, request: Any) -> Any:
        netloc = urlparse_cached(request).netloc
        until = self._unreachable_until.get(netloc)
        if until is not None and time.monotonic() >= until and not isinstance(self._parsers.get(netloc), Deferred):
            del self._unreachable_until[netloc]
            self._parsers.pop(netloc, None)
        return await super().robot_parser(request)

    async def _parse_robots(self, response: Any, netloc: str, request: Any) -> None:
        outcome = status_outcome(response.status)
        if outcome == "ok":
            body = response.body
        else:
            if outcome == "redirect":
                outcome = _RULES["tooManyRedirects"]
            body = _STAND_IN[outcome].encode()
            if outcome == "unreachable":
                self._unreachable_until[netloc] = time.monotonic() + _retry_seconds(response, self._retry_after)
        self._stats.inc_value(f"robotsmatch/outcome/{outcome}")
        await super()._parse_robots(response.replace(body=body), netloc, request)

    def _robots_error(self, exc: Exception, netloc: str) -> None:
        if isinstance(exc, IgnoreRequest):
            super()._robots_error(exc, netloc)
            return
        # No response: RFC 9309's unreachable, everything disallowed until it is asked again.
        self._stats.inc_value(f"robotstxt/exception_count/{type(exc)}")
        self._stats.inc_value("robotsmatch/outcome/unreachable")
        self._unreachable_until[netloc] = time.monotonic() + self._retry_after
        waiting = self._parsers[netloc]
        parser = RobotParser(_STAND_IN["unreachable"].encode())
        self._parsers[netloc] = parser
        if isinstance(waiting, Deferred):
            waiting.callback(parser)


_RULES = fetch_outcomes()
_STAND_IN: dict[str, str] = _RULES["standInBodies"]


def _retry_seconds(response: Any, default: float) -> float:
    """Retry-After in seconds (a number, as 429 and 503 answers give it), else `default`."""
    value = response.headers.get(b"Retry-After")
    try:
        return max(0.0, float(value)) if value else default
    except ValueError:
        return default
