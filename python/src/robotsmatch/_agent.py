"""Who is asking, as the core compares it (src/rules/agent.ts): one product
token, several (every group naming any of them), or a crawler (its tokens in
fallback order, and whether it obeys the ``*`` group)."""

from __future__ import annotations

import re
import sys
import threading
import warnings
from collections.abc import Sequence
from typing import NamedTuple, Protocol, Union, runtime_checkable

from ._layout import HOW_CRAWLER, HOW_IGNORES_GLOBAL

_PLAIN_TOKEN = re.compile(r"[A-Za-z_-]*\Z")


class AgentNotTokenWarning(UserWarning):
    """An agent string that is not a product token: no group can name it, so only the ``*`` rules apply."""


# Each string is warned about once per process; past this many distinct strings (full User-Agent headers
# built per request, say) no more are remembered or warned about, so memory stays bounded.
_WARNED_LIMIT = 1000
_warned: set[str] = set()
_warned_lock = threading.Lock()


def _warn_not_token(agent: str) -> None:
    with _warned_lock:
        if agent in _warned or len(_warned) >= _WARNED_LIMIT:
            return
        _warned.add(agent)
    from ._useragent import product_token  # imports the crawler registry: only when there is something to say

    token = product_token(agent)
    hint = (
        f"; its product token is {token!r} (robotsmatch.product_token() finds it)" if token and token != agent else ""
    )
    warnings.warn(
        f"agent {agent!r} is not a product token (letters, - and _ only), so no group can name it and only "
        f"the * rules apply, as Google's parser reads it{hint}. See the Agents section of python/README.md.",
        AgentNotTokenWarning,
        stacklevel=_caller_level(),
    )


def _caller_level() -> int:
    """The stack level of the first frame outside this package: the warning names the user's line."""
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and frame.f_globals.get("__name__", "").startswith("robotsmatch"):
        frame, level = frame.f_back, level + 1
    return level


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
    #: The agent set as the indexes of a file are cached by (a str: its hash is kept, unlike a tuple's).
    key: str
    tokens: tuple[str, ...]


#: agent_tokens() of the strings seen last: a first answer per file (parse, one check, close) would
#: otherwise read the same agent again for every file. Emptied when full.
_STRING_TOKENS: dict[str, AgentTokens] = {}
_STRING_TOKENS_MAX = 1024


def agent_tokens(agent: object) -> AgentTokens:
    """The caller's tokens as the core compares them: only tokens that could ever
    equal a group's token are kept (``Googlebot/2.1`` names no group, as in Google's parser)."""
    if agent.__class__ is str:
        known = _STRING_TOKENS.get(agent)
        if known is None:
            if len(_STRING_TOKENS) >= _STRING_TOKENS_MAX:
                _STRING_TOKENS.clear()
            known = _STRING_TOKENS[agent] = _read_tokens(agent)
        return known
    return _read_tokens(agent)


def _read_tokens(agent: object) -> AgentTokens:
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
    if len(usable) != len(strings):
        for one in strings:
            if one != "*" and not _PLAIN_TOKEN.match(one):
                _warn_not_token(one)
    joined = "\n".join(usable)
    return AgentTokens(joined.encode("ascii"), len(usable), how, f"{how}\n{joined}", usable)
