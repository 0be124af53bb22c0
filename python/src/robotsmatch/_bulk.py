"""Verdict bytes of many URLs for several agents, one core call per agent
for a whole list (the lines route of AgentMatcher.match_lines): what the
pipeline adapters (robotsmatch.pandas, .spark, .datatrove) build on. Needs
numpy only."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ._core import encode_text
from ._lines import has_line_break
from .robots import AgentMatcher

#: The core's verdict bytes (match_lines): 0 disallowed, 1 allowed, 2 allowed but opted out of the purpose.
DISALLOWED, ALLOWED, OPTED_OUT = 0, 1, 2
#: The adapters' mark for no verdict (a missing URL, an origin the archive does not hold).
NO_VERDICT = 255


def codes_of_strings(urls: list[str], matchers: Sequence[AgentMatcher]) -> np.ndarray:
    """Shape (len(urls), len(matchers)): each URL's verdict byte for each
    matcher. The URLs go in as one newline-separated buffer; a URL holding a
    line break (which would read as two lines) goes through match_many."""
    out = np.empty((len(urls), len(matchers)), dtype=np.uint8)
    if not urls:
        return out
    odd = [i for i, url in enumerate(urls) if has_line_break(url)]
    lines = urls
    if odd:
        lines = list(urls)
        for i in odd:
            lines[i] = ""
    # The last URL gets its line break too: a final line break starts no line.
    out[:] = codes_of_lines(encode_text("\n".join(lines) + "\n"), len(urls), matchers)
    if odd:
        answer_one_by_one(out, odd, [urls[i] for i in odd], matchers)
    return out


def answer_one_by_one(out: np.ndarray, rows: Sequence[int], urls: list[str], matchers: Sequence[AgentMatcher]) -> None:
    """The verdict bytes of the URLs that hold a line break (each sent as an
    empty line to match_lines), written into their `rows` of `out`: match_many
    takes them as strings."""
    for column, matcher in enumerate(matchers):
        out[rows, column] = np.frombuffer(matcher.match_many(urls), dtype=np.uint8)


def codes_of_lines(data: bytes | memoryview, count: int, matchers: Sequence[AgentMatcher]) -> np.ndarray:
    """Shape (count, len(matchers)): the verdict byte of each of the `count`
    lines of `data` (UTF-8, a LF after each, none holding a CR) for each matcher."""
    out = np.empty((count, len(matchers)), dtype=np.uint8)
    if not count:
        return out
    for column, matcher in enumerate(matchers):
        codes = np.frombuffer(matcher.match_lines(data), dtype=np.uint8)
        if len(codes) != count:  # pragma: no cover - would be a core bug
            raise RuntimeError(f"the core answered {len(codes)} lines for {count} URLs")
        out[:, column] = codes
    return out
