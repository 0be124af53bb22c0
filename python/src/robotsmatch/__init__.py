"""robotsmatch: a Google-exact robots.txt parser and matcher. The same
WebAssembly core as the Node package, run by wasmtime: the same verdicts
and deciding lines, byte for byte.

>>> import robotsmatch
>>> robots = robotsmatch.parse("User-agent: *\\nDisallow: /private\\n")
>>> robots.check("https://example.com/private/x", "Googlebot")
Verdict(allowed=False, line=2, rule=Rule(type='disallow', pattern='/private'))
"""

from importlib import metadata as _metadata

from ._agent import AgentNotTokenWarning
from ._core import MAX_INPUT_BYTES, CoreError
from ._fetch_policy import RobotsUrlError, robots_txt_url
from ._useragent import product_token
from .crawlers import AI_PURPOSES, Crawler, crawler, crawlers, identify, select_crawlers
from .robots import DEFAULT_MAX_BYTES, AgentMatcher, OtherRecord, Robots, RobotsClosedError, Rule, Verdict, parse
from .url import normalize_url, path_of
from .usage import ContentSignal, ContentUsage, Usage, usage

try:
    #: The installed distribution's version (python/pyproject.toml's).
    __version__ = _metadata.version("robotsmatch")
except _metadata.PackageNotFoundError:  # run from python/src without installing
    __version__ = "0+unknown"

__all__ = [
    "AI_PURPOSES",
    "DEFAULT_MAX_BYTES",
    "MAX_INPUT_BYTES",
    "AgentMatcher",
    "AgentNotTokenWarning",
    "ContentSignal",
    "ContentUsage",
    "CoreError",
    "Crawler",
    "OtherRecord",
    "Robots",
    "RobotsClosedError",
    "RobotsUrlError",
    "Rule",
    "Usage",
    "Verdict",
    "crawler",
    "crawlers",
    "identify",
    "normalize_url",
    "parse",
    "path_of",
    "product_token",
    "robots_txt_url",
    "select_crawlers",
    "usage",
]
