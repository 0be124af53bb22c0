"""What a site says about the use of a URL beyond crawling (src/report/usage.ts):
the Content-Signal values of the crawler's groups, the Content-Usage
preferences of the rules that decide the path (matched in the core, like
allow and disallow) and the file's License lines."""

from __future__ import annotations

from typing import NamedTuple

from ._agent import Agent, agent_tokens
from ._compiled import _Compiled
from ._core import encode_text
from ._layout import Export
from .purpose import applying_groups, preferences_of, signals_of, usage_path, usage_statements
from .robots import AgentMatcher, Robots, Rule


class ContentSignal(NamedTuple):
    """Each key (lower-cased) to ``yes``/``no`` (``use`` to its level), the
    most restrictive across lines; the Content-Signal lines read."""

    values: dict[str, str]
    lines: list[int]


class ContentUsage(NamedTuple):
    """Each AIPREF label to ``y``, ``n`` or ``unknown`` (rules of equal length
    combine: ``n`` over ``y`` over ``unknown``); the deciding lines; their path
    as written ('' for the whole group)."""

    preferences: dict[str, str]
    lines: list[int]
    path: str


class Usage(NamedTuple):
    allowed: bool
    line: int
    rule: Rule | None
    #: None when the crawler's groups have no Content-Signal line.
    content_signal: ContentSignal | None
    #: None when no Content-Usage rule matches the path, or the URL may not be crawled.
    content_usage: ContentUsage | None
    #: The file's License URLs (RSL), as written.
    licenses: list[str]


def usage(target: Robots | AgentMatcher, url: str, agent: Agent | None = None) -> Usage:
    """May the agent crawl `url`, and what does the file say about using it.
    With a matcher from for_agent(), its agent is used and `agent` is not given."""
    if isinstance(target, AgentMatcher):
        compiled = target._compiled
        with compiled.core.lock:
            return _usage_at(compiled, target._live(), url)
    if not isinstance(target, Robots):
        raise TypeError(
            f"usage() takes a Robots from parse() or a matcher from for_agent(), got {type(target).__name__}"
        )
    if agent is None:
        raise TypeError("usage(robots, url, agent) needs an agent")
    tokens = agent_tokens(agent)
    compiled = target._compiled
    with compiled.core.lock:
        compiled.live()
        return _usage_at(compiled, compiled.index_for(tokens), url)


def _usage_at(compiled: _Compiled, index: int, url: str) -> Usage:
    verdict = compiled.verdict(compiled.decide(index, url))
    statements = usage_statements(compiled)
    signals = signals_of(compiled, applying_groups(compiled, index))
    return Usage(
        verdict.allowed,
        verdict.line,
        verdict.rule,
        ContentSignal(*signals) if signals is not None else None,
        _content_usage(compiled, index, url) if verdict.allowed else None,
        [record.value for record in statements.licenses],
    )


def _content_usage(compiled: _Compiled, index: int, url: str) -> ContentUsage | None:
    statements = usage_statements(compiled)
    if not statements.rule_lines:
        return None
    core = compiled.core
    if not isinstance(url, str):
        raise TypeError(f"url must be a string, got {type(url).__name__}")
    # The path as the rules see it (the core's explainPath), then the Content-Usage rules deciding it.
    core.fn[Export.explain_path](compiled.live(), core.write(encode_text(url), "url"))
    count = core.fn[Export.usage_rules](index) & 0xFFFFFFFF
    if not count:
        return None
    at = core.fn[Export.matches]() & 0xFFFFFFFF
    lines = sorted(statements.rule_lines[core.u32(at + 4 * i)] for i in range(count))
    preferences: dict[str, str] = {}
    for line in lines:
        for label, value in preferences_of(statements, line).items():
            before = preferences.get(label)
            preferences[label] = (
                "n" if before == "n" or value == "n" else "y" if before == "y" or value == "y" else "unknown"
            )
    return ContentUsage(preferences, lines, usage_path(statements.usages[lines[0]].value))
