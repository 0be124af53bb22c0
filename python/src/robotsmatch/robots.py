"""A parsed robots.txt and matching for any agent: a thin layer over the
core, as src/rules/{parse,robots,compiled,matcher,bulk}.ts are in Node."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import _layout as layout
from ._agent import Agent, AgentTokens, agent_tokens
from ._compiled import OtherRecord, RobotsClosedError, Rule, Verdict, _Compiled, _url_bytes
from ._core import encode_text, get_core
from ._crawl_delay import DelayRecord, delay_for, delay_records
from ._layout import Export
from ._lines import LINES_CHUNK, chunk_end, has_line_break

__all__ = [
    "DEFAULT_MAX_BYTES",
    "AgentMatcher",
    "OtherRecord",
    "Robots",
    "RobotsClosedError",
    "Rule",
    "Verdict",
    "parse",
]

DEFAULT_MAX_BYTES = 512_000

#: URLs per core call in match_many (match_lines: _lines.LINES_CHUNK bytes of lines per call).
_BATCH = 4096


def parse(
    body: str | bytes | bytearray | memoryview, mode: str = "google", max_bytes: int = DEFAULT_MAX_BYTES
) -> Robots:
    """Parses a robots.txt (text, or bytes as fetched) for matching.

    ``mode``: ``"google"`` (byte for byte what Googlebot does) or ``"rfc"``
    (RFC 9309's text where Google is lenient). Only the first ``max_bytes``
    bytes are parsed (``truncated`` says when the file was longer)."""
    if mode not in ("google", "rfc"):
        raise ValueError(f"mode must be 'google' or 'rfc', got {mode!r}")
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or not 0 <= max_bytes <= 0x7FFFFFFF:
        raise ValueError(f"max_bytes must be a whole number from 0 to 2^31-1, got {max_bytes!r}")
    if isinstance(body, str):
        data = encode_text(body)
    elif isinstance(body, (bytes, bytearray, memoryview)):
        data = bytes(body)
    else:
        raise TypeError(f"body must be a string or bytes, got {type(body).__name__}")
    cut = len(data) > max_bytes
    if cut:
        data = data[:max_bytes]
    return Robots(compile_bytes(data, mode), mode, cut, data)


def compile_bytes(data: bytes, mode: str) -> _Compiled:
    """The core's compiled table of a robots.txt's bytes (all of them: parse() cuts at max_bytes first)."""
    core = get_core()
    with core.lock:
        if core.garbage:
            core.drain()
        length = core.write(data, "body")
        robots = core.fn[Export.compile](length, layout.MODE_RFC if mode == "rfc" else layout.MODE_GOOGLE) & 0xFFFFFFFF
        return _Compiled(core, robots)


class Robots:
    """A parsed robots.txt. Use parse(). Frees its core memory on close(), at
    the end of a ``with`` block, or when it is collected."""

    __slots__ = (
        "__weakref__",
        "_compiled",
        "_delays",
        "_last_agent",
        "_last_tokens",
        "_records",
        "_source",
        "mode",
        "truncated",
    )

    def __init__(self, compiled: _Compiled, mode: str, truncated: bool, source: bytes = b"") -> None:
        if not isinstance(compiled, _Compiled):
            raise TypeError("use parse() to make a Robots")
        self._compiled = compiled
        # The bytes parsed (the caller's own bytes object when given one): crawl_delay() reads their lines.
        self._source: bytes | None = source
        self._delays: list[DelayRecord] | None = None
        self.mode = mode
        #: True when the file was longer than max_bytes and only its start was parsed.
        self.truncated = truncated
        self._records: tuple[list[str], list[OtherRecord]] | None = None
        self._last_agent: str | None = None
        self._last_tokens: AgentTokens | None = None

    def _tokens(self, agent: Agent) -> AgentTokens:
        if agent.__class__ is str and agent == self._last_agent and self._last_tokens is not None:
            return self._last_tokens
        tokens = agent_tokens(agent)
        if isinstance(agent, str):
            self._last_agent, self._last_tokens = agent, tokens
        return tokens

    def check(self, url: str, agent: Agent) -> Verdict:
        """The verdict for `url` with the rule and line that decided it.

        `agent`: one product token; several (every group naming any of them);
        or a crawler (``crawler("GPTBot")``: its tokens in fallback order,
        and ``*`` only if it obeys ``*``)."""
        tokens = self._tokens(agent)
        compiled = self._compiled
        crossing = compiled.crossing
        if crossing is not None:  # the C module: one call, the lock taken inside (None: Python answers)
            answer = crossing.verdict(compiled.cached, tokens.key, url, compiled.rules)
            if answer is not None:
                return answer  # type: ignore[no-any-return]
        with compiled.core.lock:
            return compiled.verdict(compiled.decide_url(tokens, url))

    def is_allowed(self, url: str, agent: Agent) -> bool:
        """May `agent` fetch `url`?"""
        # The hot path of crawlers: the last agent's tokens are read here rather
        # than through _tokens(), a call of which costs about what the matching does.
        if agent.__class__ is str and agent == self._last_agent and self._last_tokens is not None:
            tokens = self._last_tokens
        else:
            tokens = self._tokens(agent)
        compiled = self._compiled
        crossing = compiled.crossing
        if crossing is not None:  # the C module: one call, the lock taken inside (None: Python answers)
            answer = crossing.allowed(compiled.cached, tokens.key, url)
            if answer is not None:
                return answer  # type: ignore[no-any-return]
        with compiled.core.lock:
            return compiled.allowed_url(tokens, url)

    def for_agent(self, agent: Agent, purpose: str | None = None) -> AgentMatcher:
        """A matcher for one agent (or agent set, or crawler), its rules indexed
        once: the fast path for many URLs. With a purpose (``"train-ai"``,
        ``"search"``, ``"ai-input"`` or another AIPREF label), match_lines and
        match_many mark allowed URLs the file opts out of it (2)."""
        return AgentMatcher(self, agent, purpose)

    def crawl_delay(self, agent: Agent) -> float | None:
        """The Crawl-delay in seconds for `agent`, as the crawlers that honour
        it read it (Google does not): from the record naming the agent (the
        User-agent lines directly above the delay), else from a ``*`` record,
        else None (docs/behaviour.md, "Crawl-delay")."""
        tokens = self._tokens(agent)
        if self._delays is None:
            self._compiled.live()
            self._delays = delay_records(self._source or b"", self.mode)
        return delay_for(self._delays, tokens, getattr(agent, "crawl_delay_from_global", False) is True)

    @property
    def sitemaps(self) -> list[str]:
        """Sitemap URLs, in file order, as written."""
        return list(self._read_records()[0])

    @property
    def other_records(self) -> list[OtherRecord]:
        """Lines with keys that do not affect matching (crawl-delay, host, ...), in file order."""
        return list(self._read_records()[1])

    def _read_records(self) -> tuple[list[str], list[OtherRecord]]:
        if self._records is None:
            with self._compiled.core.lock:
                self._records = self._compiled.records()
        return self._records

    @property
    def byte_size(self) -> int:
        """Bytes of core memory this robots.txt's compiled table uses."""
        compiled = self._compiled
        with compiled.core.lock:
            return compiled.core.u32(compiled.live() + layout.R_SIZE)

    @property
    def closed(self) -> bool:
        return self._compiled.closed

    def close(self) -> None:
        """Frees the core memory now (and every matcher's); later use raises RobotsClosedError."""
        self._compiled.free()
        self._source = self._delays = None

    def __del__(self) -> None:
        # Collected without close(): freed at the next parse() (Core.drain), not here, as a collection
        # may run in the middle of another thread's core call. (__del__, not weakref.finalize: a
        # finalizer costs a fifth of a first answer.)
        compiled = getattr(self, "_compiled", None)
        if compiled is not None and not compiled.closed:
            compiled.core.garbage.append(compiled)

    def __enter__(self) -> Robots:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"{self.mode} mode"
        return f"<Robots {state}{', truncated' if self.truncated else ''}>"


class AgentMatcher:
    """One agent's view of a robots.txt, rules resolved and indexed once."""

    def __init__(self, robots: Robots, agent: Agent, purpose: str | None = None) -> None:
        if not isinstance(robots, Robots):
            raise TypeError("use robots.for_agent()")
        from .purpose import purpose_names  # checks the name before anything is built

        self.robots = robots
        self.purpose = purpose
        self._purpose_names = purpose_names(purpose) if purpose is not None else None
        self._tokens = agent_tokens(agent)
        compiled = robots._compiled
        self._compiled = compiled
        with compiled.core.lock:
            compiled.core.drain()
            self._index = compiled.own_index(self._tokens)
        self._released = False

    def _live(self) -> int:
        self._compiled.live()
        if self._released:
            raise RobotsClosedError("this matcher was closed: call for_agent() again")
        return self._index

    def _purpose(self) -> int:
        """The core's PURPOSE_* mode for this matcher, set up in the core before each bulk call."""
        if self._purpose_names is None:
            return layout.PURPOSE_NONE
        from .purpose import prepare_purpose

        return prepare_purpose(self._compiled, self._index, self._purpose_names)

    # One URL at a time: the Robots' own path (its light index for these tokens, the
    # call inlined), which costs less per URL than this matcher's full index would.
    def check(self, url: str) -> Verdict:
        if self._released:
            self._live()
        compiled = self._compiled
        crossing = compiled.crossing
        if crossing is not None:  # as Robots.check
            answer = crossing.verdict(compiled.cached, self._tokens.key, url, compiled.rules)
            if answer is not None:
                return answer  # type: ignore[no-any-return]
        with compiled.core.lock:
            return compiled.verdict(compiled.decide_url(self._tokens, url))

    def is_allowed(self, url: str) -> bool:
        if self._released:
            self._live()
        compiled = self._compiled
        crossing = compiled.crossing
        if crossing is not None:  # the C module: one call, the lock taken inside (None: Python answers)
            answer = crossing.allowed(compiled.cached, self._tokens.key, url)
            if answer is not None:
                return answer  # type: ignore[no-any-return]
        with compiled.core.lock:
            return compiled.allowed_url(self._tokens, url)

    def _lines_of(self, urls: Sequence[str]) -> list[int]:
        """The deciding line of each URL, as ``check(url).line`` gives it (0
        when no rule decided), from the same core call per URL with nothing
        else read back: what a line column of many URLs needs (the batch
        calls answer without lines). Internal to the package (pandas and
        Spark): the public API stays the one Node has."""
        inputs = [_url_bytes(url) for url in urls]
        core = self._compiled.core
        with core.lock:
            return core.u32_after_each(Export.check, self._live(), inputs, layout.V_LINE)

    def match_lines(self, lines: bytes | bytearray | memoryview | str) -> bytes:
        """One byte per line of newline-separated URLs (LF or CRLF; a final line
        break starts no line): 1 allowed, 0 disallowed, and with a purpose 2
        for an allowed URL the file opts out of it. The fast path for URL
        files: no Python object per URL."""
        if isinstance(lines, str):
            data = encode_text(lines)
        elif isinstance(lines, (bytes, bytearray, memoryview)):
            data = bytes(lines)
        else:
            raise TypeError(f"lines must be bytes or a string, got {type(lines).__name__}")
        core = self._compiled.core
        parts: list[bytes] = []
        with core.lock:
            index = self._live()
            purpose = self._purpose()
            check_lines = core.fn[Export.check_lines]
            verdicts = core.fn[Export.verdicts]
            start = 0
            end = len(data)
            while start < end:
                stop = chunk_end(data, start, start + LINES_CHUNK)
                length = core.write(data[start:stop], "lines")
                count = check_lines(index, length, purpose, 0) & 0xFFFFFFFF
                at = verdicts() & 0xFFFFFFFF
                parts.append(core.read(at, count))
                start = stop
        return b"".join(parts)

    def match_many(self, urls: Iterable[str]) -> bytes:
        """A byte per URL, in order: 1 allowed, 0 disallowed (with a purpose, 2
        for an allowed URL the file opts out of it). Thousands of URLs go in
        one core call; ``bytes`` reads as a list of ints, and
        ``numpy.frombuffer(result, numpy.uint8)`` views it as an array."""
        if isinstance(urls, (str, bytes)):
            raise TypeError("urls must be an iterable of strings, not a single string")
        batch = urls if isinstance(urls, list) else list(urls)
        for i, url in enumerate(batch):
            if not isinstance(url, str):
                raise TypeError(f"urls[{i}] must be a string, got {type(url).__name__}")
        if self._purpose_names is not None:
            # The purpose's verdicts come from the line route; a URL with a line break goes alone.
            return self._match_many_as_lines(batch)
        core = self._compiled.core
        out = bytearray(len(batch))
        with core.lock:
            index = self._live()
            check_batch = core.fn[Export.check_batch16]
            check_lines = core.fn[Export.check_lines]
            verdicts = core.fn[Export.verdicts]
            for start in range(0, len(batch), _BATCH):
                chunk = batch[start : start + _BATCH]
                count = len(chunk)
                # As UTF-8 lines, the core's line route (encoding in C is cheaper than
                # the UTF-16 route here); a URL with a CR or LF would not be one line,
                # so those batches take Node's route: UTF-16 units joined by NUL.
                joined = "\n".join(chunk)
                held = -1
                if "\r" not in joined:
                    data = encode_text(joined + "\n")
                    held = check_lines(index, core.write(data, "urls"), layout.PURPOSE_NONE, 0) & 0xFFFFFFFF
                if held != count:
                    units = "\0".join(chunk).encode("utf-16-le", "surrogatepass") + b"\0\0"
                    core.write(units, "urls")
                    held = check_batch(index, (len(units) - 2) // 2, count) & 0xFFFFFFFF
                if held == count:
                    at = verdicts() & 0xFFFFFFFF
                    out[start : start + held] = core.read(at, held)
                else:
                    # A URL held a NUL and a line break: this batch one URL at a time.
                    compiled = self._compiled
                    for i, url in enumerate(chunk):
                        out[start + i] = 1 if compiled.allowed(compiled.decide(index, url)) else 0
        return bytes(out)

    def _match_many_as_lines(self, urls: list[str]) -> bytes:
        for i, url in enumerate(urls):
            if has_line_break(url):
                raise ValueError(f"urls[{i}] contains a line break: with a purpose, URLs are read one per line")
        return self.match_lines("\n".join(urls) + "\n") if urls else b""

    def filter(self, urls: Iterable[str]) -> list[str]:
        """The allowed URLs, in order."""
        batch = list(urls)
        verdicts = self.match_many(batch)
        return [u for u, v in zip(batch, verdicts) if v == 1]

    def close(self) -> None:
        """Frees this matcher's index now (the robots stays usable)."""
        compiled = self._compiled
        with compiled.core.lock:  # two threads closing one matcher free its index once
            if self._released:
                return
            self._released = True
            if not compiled.closed:
                compiled.release_index(self._index)

    def __del__(self) -> None:
        # Collected without close(): freed at the next core call that drains (Core.drain), as Robots is.
        if not getattr(self, "_released", True):
            compiled = self._compiled
            if not compiled.closed:
                compiled.core.garbage.append((compiled, self._index))

    def __enter__(self) -> AgentMatcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
