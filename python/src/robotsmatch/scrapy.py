"""A robots.txt parser for Scrapy with Google's reading::

    # settings.py
    ROBOTSTXT_OBEY = True
    ROBOTSTXT_PARSER = "robotsmatch.scrapy.RobotParser"

Scrapy hands the parser the robots.txt bytes and asks ``allowed(url,
user_agent)`` with ROBOTSTXT_USER_AGENT or the request's User-Agent header.
A header that names a known crawler is matched as that crawler (its tokens
in fallback order, ``*`` only if it obeys ``*``); any other header by its
product token (``MyBot/1.0 (+https://...)`` is ``MyBot``), as robots.txt
groups name crawlers. Crawl-delay is not read here (Scrapy's own
DOWNLOAD_DELAY applies), as Google does not read it either."""

from __future__ import annotations

from typing import Any

from scrapy.robotstxt import RobotParser as _ScrapyRobotParser

from ._useragent import agent_from_header
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

    def allowed(self, url: str | bytes, user_agent: str | bytes) -> bool:
        header = _text(user_agent)
        agent = self._agents.get(header)
        if agent is None:
            agent = agent_from_header(header)
            if len(self._agents) < 64:
                self._agents[header] = agent
        return self.robots.is_allowed(_text(url), agent)
