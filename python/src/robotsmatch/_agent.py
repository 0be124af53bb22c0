"""Who is asking, as the core compares it (src/rules/agent.ts): one product
token, several (every group naming any of them), or a crawler (its tokens in
fallback order, and whether it obeys the ``*`` group)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple, Protocol, Union, runtime_checkable

from ._layout import HOW_CRAWLER, HOW_IGNORES_GLOBAL

_PLAIN_TOKEN = re.compile(r"[A-Za-z_-]*\Z")


@runtime_checkable
class CrawlerLike(Protocol):
    """Anything with product tokens in fallback order (a registry Crawler is one)."""

    @property
    def tokens(self) -> Sequence[str]: ...


Agent = Union[str, Sequence[str], CrawlerLike]


class AgentTokens(NamedTuple):
    joined: bytes
    size: int
    how: int
    key: tuple[object, ...]
    tokens: tuple[str, ...]


def agent_tokens(agent: object) -> AgentTokens:
    """The caller's tokens as the core compares them: only tokens that could ever
    equal a group's token are kept (``Googlebot/2.1`` names no group, as in Google's parser)."""
    how = 0
    if isinstance(agent, str):
        given: Sequence[object] = (agent,)
    elif isinstance(agent, (list, tuple)):
        given = agent
    elif hasattr(agent, "tokens"):
        given = agent.tokens
        if isinstance(given, str) or not isinstance(given, (list, tuple)):
            raise TypeError(f"agent.tokens must be a list of strings, got {type(given).__name__}")
        how = HOW_CRAWLER
        obeys = getattr(agent, "obeys_global_group", True)
        if obeys is False:
            how |= HOW_IGNORES_GLOBAL
    else:
        raise TypeError(f"agent must be a string, a list of strings or a crawler, got {type(agent).__name__}")
    strings: list[str] = []
    for one in given:
        if not isinstance(one, str):
            raise TypeError(f"agent must be a string, a list of strings or a crawler, got {type(one).__name__}")
        strings.append(one)
    usable = tuple(one for one in strings if _PLAIN_TOKEN.match(one))
    joined = "\n".join(usable)
    return AgentTokens(joined.encode("ascii"), len(usable), how, (how, usable), usable)
