"""Known crawlers, from the same registry data as the Node package
(``robotsmatch/crawlers``): the wheel carries it as JSON generated from the
repository's one source at build time."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

#: The AI purposes, for the selection ``"ai"``.
AI_PURPOSES: tuple[str, ...] = ("ai-training", "ai-search", "ai-assistant")


@dataclass(frozen=True)
class Crawler:
    """A registry entry. ``tokens`` are its robots.txt product tokens in fallback
    order (the first that names a group decides); ``obeys_global_group`` is
    False for crawlers that skip the ``*`` group (Google's AdsBot)."""

    name: str
    tokens: tuple[str, ...]
    obeys_global_group: bool = True
    operator: str = ""
    purpose: str = "other"
    #: Every purpose it serves, its main one first (CCBot archives and feeds AI training).
    purposes: tuple[str, ...] = ()
    reads_robots_txt: str = "yes"
    sent_in_requests: bool = True
    user_agent_tokens: tuple[str, ...] = ()
    description: str = ""
    source: str = ""
    #: True where the operator says a ``*`` record's Crawl-delay applies also
    #: when a record names the crawler without a delay of its own (bingbot).
    crawl_delay_from_global: bool = False


def _entry(raw: dict[str, Any]) -> Crawler:
    # Read field by field, with defaults: the registry may gain fields.
    tokens = tuple(raw.get("tokens") or ())
    purpose = str(raw.get("purpose", "other"))
    return Crawler(
        name=str(raw.get("name") or (tokens[0] if tokens else "")),
        tokens=tokens,
        obeys_global_group=raw.get("obeysGlobalGroup", True) is not False,
        operator=str(raw.get("operator", "")),
        purpose=purpose,
        purposes=tuple(raw.get("purposes") or (purpose,)),
        reads_robots_txt=str(raw.get("readsRobotsTxt", "yes")),
        sent_in_requests=raw.get("sentInRequests", True) is not False,
        user_agent_tokens=tuple(raw.get("userAgentTokens") or ()),
        description=str(raw.get("description", "")),
        source=str(raw.get("source", "")),
        crawl_delay_from_global=raw.get("crawlDelayFromGlobal") is True,
    )


@lru_cache(maxsize=1)
def crawlers() -> tuple[Crawler, ...]:
    """Every registry entry, in registry order."""
    text = resources.files("robotsmatch").joinpath("_data").joinpath("crawlers.json").read_text("utf-8")
    data = json.loads(text)
    entries = data.get("crawlers", data.get("entries")) if isinstance(data, dict) else data
    return tuple(_entry(raw) for raw in entries or ())


@lru_cache(maxsize=1)
def _lookup() -> tuple[dict[str, Crawler], dict[str, Crawler]]:
    by_name: dict[str, Crawler] = {}
    by_token: dict[str, Crawler] = {}
    for entry in crawlers():
        by_name[entry.name.lower()] = entry
    # A token names the entry whose first token it is (Googlebot is Googlebot,
    # not Googlebot-Image, which falls back to it).
    for entry in crawlers():
        if entry.tokens:
            by_token.setdefault(entry.tokens[0].lower(), entry)
    return by_name, by_token


def crawler(name: str) -> Crawler | None:
    """The entry named `name` (its name or its first robots.txt token), case-insensitively; None if none."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a string, got {type(name).__name__}")
    key = name.strip().lower()
    by_name, by_token = _lookup()
    return by_name.get(key) or by_token.get(key)


def select_crawlers(selection: str | Sequence[str | Crawler] = "all") -> list[Crawler]:
    """``"all"``, ``"ai"`` (every crawler with an AI purpose among its purposes:
    AI training, search or assistants), a purpose (``"search"``,
    ``"ai-training"``, ...: every crawler that has it) or a list of names; an
    unknown name is a ValueError."""
    if not isinstance(selection, str):
        chosen = []
        for one in selection:
            if isinstance(one, Crawler):
                chosen.append(one)
                continue
            found = crawler(one)
            if found is None:
                raise ValueError(f"no known crawler is named {json.dumps(one)} (robotsmatch crawlers lists them)")
            chosen.append(found)
        return chosen
    if selection == "all":
        return list(crawlers())
    if selection == "ai":
        return [c for c in crawlers() if any(p in AI_PURPOSES for p in c.purposes)]
    picked = [c for c in crawlers() if selection in c.purposes]
    if not picked:
        raise ValueError(f"crawlers must be 'all', 'ai', a purpose or a list of names, got {json.dumps(selection)}")
    return picked


_WORD = re.compile(r"[A-Za-z0-9_-]+")
# what follows `_` in bedrockbot_<UUID>: an id, not a word (Slurp_Test is no Slurp)
_ID = re.compile(r"[0-9A-Fa-f]{8}")


@lru_cache(maxsize=1)
def _by_user_agent_token() -> dict[str, Crawler]:
    found: dict[str, Crawler] = {}
    for entry in crawlers():
        if not entry.sent_in_requests:
            continue
        for token in entry.user_agent_tokens:
            found.setdefault(token.lower(), entry)
    return found


def identify(user_agent_header: str) -> list[Crawler]:
    """The known crawlers a User-Agent header names, in the order their tokens
    first appear in it: a token counts where it stands whole (bounded by
    characters outside [A-Za-z0-9_-]), case-insensitively. Browsers and unknown
    clients: an empty list. Nothing here verifies the claim."""
    if not isinstance(user_agent_header, str):
        raise TypeError(f"user_agent_header must be a string, got {type(user_agent_header).__name__}")
    known = _by_user_agent_token()
    found: list[Crawler] = []
    # A token right after "like" (or "compatible with"), with only spaces
    # between, is a comparison, not a claim: FreshRSS says "like Googlebot",
    # TelegramBot "(like TwitterBot)"; neither is the crawler it names.
    after_like = after_compatible = False
    previous_end = 0
    for match in _WORD.finditer(user_agent_header):
        if user_agent_header[previous_end : match.start()].strip(" "):
            after_like = after_compatible = False
        previous_end = match.end()
        word = match.group(0)
        lower = word.lower()
        compared = after_like
        after_like = lower == "like" or (after_compatible and lower == "with")
        after_compatible = lower == "compatible"
        if compared:
            continue
        entry = known.get(lower)
        cut = lower.find("_")
        if entry is None and cut > 0 and _ID.match(lower, cut + 1):
            # a word joined to an id by `_` is read up to it too: bedrockbot_<UUID> (AWS's Bedrock crawler)
            entry = known.get(lower[:cut])
        if entry is not None and entry not in found:
            found.append(entry)
    return found
