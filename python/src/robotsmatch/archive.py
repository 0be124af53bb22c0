"""Robots.txt answers from an archive of captures (the archive join of docs/pipelines.md, as
src/archive/ and src/fetch/outcome.ts do it in Node): each origin's outcome
from its robots.txt capture and the redirects from it, hop by hop, by the
rules of data/fetch-outcomes.json (RFC 9309 2.3.1), which the wheel carries:

- ``ok``: the body is parsed (whatever its Content-Type);
- ``unavailable`` (404, 410, ...): no robots.txt, everything is allowed;
- ``unreachable`` (429, 5xx, no response): everything is disallowed;
- ``unknown``: the archive holds no capture for the origin, or a redirect
  leads to a URL it holds none of: nobody knows what the server said, so
  the verdict is None, neither allowed nor disallowed.

A redirect is followed to an http(s) Location (relative ones resolved
against the URL) at most ``maxRedirects`` (5) times, across hosts; a loop
ends as too many redirects. Of two captures of one URL the one fetched later
wins (``fetched_at``: a number of milliseconds since 1970, an RFC 3339 date
and time, UTC when it names no zone, or an HTTP date; ``fetched_at_ms``
gives the grammar, the one Node reads); when either has no date, the one
added later.

URLs are read as the WHATWG URL Standard reads them, as Node's ``new URL``
does for robotsmatch/archive: by Ada (the ``ada-url`` package, the parser
Node itself is built with), so both give every URL the same origin. A URL's
origin is its scheme (http or https) and host, written as WHATWG writes
them (lower case, punycode, an IPv4 address in dotted decimal, IPv6
compressed), with the port when it is not the scheme's default; user info,
path, query and fragment play no part. A URL with no http(s) origin (blank,
not a URL, relative, ftp:, mailto:, a host WHATWG rejects) gets the outcome
``unknown`` like an origin the archive holds nothing for."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from typing import IO, Any, Callable, NamedTuple

from ada_url import join_url as _join_url
from ada_url import parse_url as _parse_url

from ._agent import Agent, agent_tokens
from ._capture import Capture as Capture
from ._capture import json_lines_captures as json_lines_captures
from ._compiled_cache import DEFAULT_CACHE_BYTES, CompiledCache, OriginEntry
from ._core import encode_text
from ._fetched_at import fetched_at_ms as fetched_at_ms
from ._gzip_members import CutTally
from .robots import DEFAULT_MAX_BYTES, Robots, parse


@lru_cache(maxsize=1)
def fetch_outcomes() -> dict[str, Any]:
    """data/fetch-outcomes.json, as the wheel carries it."""
    rules: dict[str, Any] = json.loads(
        resources.files("robotsmatch").joinpath("_data").joinpath("fetch-outcomes.json").read_text("utf-8")
    )
    return rules


_RULES = fetch_outcomes()
#: Redirects followed at most (fetch-outcomes.json's maxRedirects).
MAX_REDIRECTS: int = _RULES["maxRedirects"]
#: The outcome of a redirect to a URL the archive holds no capture of, and of an origin it holds none for.
OUT_OF_ARCHIVE: str = _RULES["redirectOutOfArchive"]
NOT_IN_ARCHIVE: str = _RULES["notInArchive"]


def status_outcome(status: int | None) -> str:
    """What a status says: ``ok``, ``redirect``, ``unavailable`` or ``unreachable`` (None: no response)."""
    rules = fetch_outcomes()
    if status is None:
        return str(rules["noResponse"])
    for r in rules["statusRanges"]:
        if r["from"] <= status <= r["to"]:
            return str(r["outcome"])
    return str(rules["otherStatus"])


_HTTP = ("http:", "https:")


def _usv(text: str) -> str:
    """`text` as JavaScript hands a string to ``new URL``: a lone surrogate
    (which JSON may carry, and UTF-8 cannot) becomes U+FFFD."""
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def _parse(url: str, attributes: Sequence[str]) -> dict[str, str] | None:
    """The WHATWG reading of an absolute URL (the attributes asked for), or None when it is not one."""
    try:
        return _parse_url(url, attributes)  # type: ignore[return-value]
    except ValueError:
        fixed = _usv(url)
        if fixed == url:
            return None
    try:
        return _parse_url(fixed, attributes)  # type: ignore[return-value]
    except ValueError:
        return None


def _http_url(location: str, base: str) -> str | None:
    """Where a redirect's Location leads from `base`, as ``new URL(location, base)`` reads it; None unless http(s)."""
    try:
        joined = _join_url(base, location)
    except ValueError:
        try:
            joined = _join_url(_usv(base), _usv(location))
        except ValueError:
            return None
    return joined if joined.startswith(_HTTP) else None


class Hop(NamedTuple):
    outcome: str
    next: str | None = None


def hop(status: int | None, location: str | None, url: str, redirects: int) -> Hop:
    """One response of a chain (``redirects`` followed before it): a final outcome, or the URL to request next."""
    rules = fetch_outcomes()
    outcome = status_outcome(status)
    if outcome != "redirect":
        return Hop(outcome)
    if location is not None and not isinstance(location, str):
        raise TypeError(f"location must be a string or None, got {type(location).__name__}")
    nxt = None if location is None else _http_url(location, url)
    if nxt is None:
        return Hop(rules["redirectWithoutUsableLocation"])
    if redirects >= rules["maxRedirects"]:
        return Hop(rules["tooManyRedirects"])
    return Hop("redirect", nxt)


def capture_key(url: str) -> str | None:
    """The key a capture is stored under: the URL as the WHATWG URL Standard
    writes it (``new URL(url).href`` in Node), without its fragment; None
    for a URL that is not an absolute http(s) URL."""
    if not isinstance(url, str):
        raise TypeError(f"url must be a string, got {type(url).__name__}")
    parts = _parse(url, ("protocol", "href", "hash"))
    if parts is None or parts["protocol"] not in _HTTP:
        return None
    href, fragment = parts["href"], parts["hash"]
    if fragment:
        return href[: len(href) - len(fragment)]
    return href[:-1] if href.endswith("#") else href  # an empty fragment


def _origin_of_text(url: str) -> str | None:
    parts = _parse(url, ("protocol", "host"))
    if parts is None or parts["protocol"] not in _HTTP:
        return None
    return parts["protocol"] + "//" + parts["host"]


# The start of most URLs of a crawl: http(s)://, then an authority with no
# space, control character or tab, ended by '/', '?', '#', '\\' or the
# URL's end. WHATWG reads the scheme and authority of such a URL the same
# with or without the rest, so its origin is looked up by that start, and
# Ada parses each start once (a URL table has far fewer origins than URLs).
_HEAD = re.compile(r"[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\\x00-\x20]+(?=[/?#\\]|\Z)")
_HEADS: dict[str, str | None] = {}
_HEADS_HELD = 65536


def origin_of(url: str) -> str | None:
    """A URL's origin as the archive keys it (``https://example.com``, a port
    only when not the default; scheme and host as WHATWG writes them); None
    when it has no http(s) origin."""
    if not isinstance(url, str):
        raise TypeError(f"url must be a string, got {type(url).__name__}")
    head = _HEAD.match(url)
    if head is None:
        return _origin_of_text(url)
    start = head.group()
    try:
        return _HEADS[start]
    except KeyError:
        pass
    origin = _origin_of_text(start)
    if len(_HEADS) >= _HEADS_HELD:
        _HEADS.clear()
    _HEADS[start] = origin
    return origin


def robots_url(origin: str) -> str:
    """The robots.txt URL of an origin from origin_of()."""
    return origin + "/robots.txt"


def robots_url_of(url: str) -> str | None:
    """The robots.txt URL of a page's origin; None when it has no http(s) origin."""
    origin = origin_of(url)
    return None if origin is None else robots_url(origin)


def capture_origin(url: str) -> str | None:
    """The origin whose robots.txt `url` is (its key is the origin's
    ``/robots.txt``: no query, no user info); None for any other URL."""
    key = capture_key(url)
    if key is None:
        return None
    origin = _origin_of_text(key)
    return origin if origin is not None and key == robots_url(origin) else None


class _Resolution(NamedTuple):
    outcome: str
    capture: Capture | None
    final_url: str | None
    redirects: int


class Resolution(_Resolution):
    """outcome; the capture whose body is parsed (outcome ok); final_url, the
    URL that answered last or the one missing from the archive (None for a
    URL with no http(s) origin); the redirects followed. And, not among the
    tuple's four fields, reason: for outcome unreachable, why, in the live
    fetch's words for a status or no answer, or the capture reader's for a
    response that cannot be read whole (Node's "reason"); else None."""

    reason: str | None

    def __new__(
        cls, outcome: str, capture: Capture | None, final_url: str | None, redirects: int, reason: str | None = None
    ) -> Resolution:
        resolution = super().__new__(cls, outcome, capture, final_url, redirects)
        resolution.reason = reason
        return resolution

    def __getnewargs__(self) -> tuple[str, Capture | None, str | None, int, str | None]:
        return (self.outcome, self.capture, self.final_url, self.redirects, self.reason)


def resolve_origin(robots_url: str, lookup: Callable[[str], Capture | None]) -> Resolution:
    """An origin's outcome from its robots.txt capture, following redirects within what `lookup` holds."""
    rules = fetch_outcomes()
    url = robots_url
    capture = lookup(url)
    if capture is None:
        return Resolution(rules["notInArchive"], None, url, 0)
    redirects = 0
    while True:
        step = hop(capture.status, capture.location, url, redirects)
        if step.outcome != "redirect":
            reason = _unreachable_reason(capture) if step.outcome == "unreachable" else None
            return Resolution(step.outcome, capture if step.outcome == "ok" else None, url, redirects, reason)
        nxt = step.next or ""
        url = capture_key(nxt) or nxt
        capture = lookup(url)
        redirects += 1
        if capture is None:
            return Resolution(rules["redirectOutOfArchive"], None, url, redirects)


def _unreachable_reason(capture: Capture) -> str:
    """Why a capture makes its origin unreachable, in the words of Node's src/fetch/reason.ts."""
    if capture.status is None:
        return capture.error or "no answer"
    kind = "too many requests" if capture.status == 429 else "a server error"
    return f"HTTP {capture.status} ({kind})"


#: The outcome of a row with no usable URL: no URL, or one with no http(s) origin (as the CLI answers it).
INVALID = "invalid"

#: What a URL with no http(s) origin gets: invalid, with no robots.txt URL (final_url None).
_NO_ORIGIN = OriginEntry(Resolution(INVALID, None, None, 0), None)


class _Verdict(NamedTuple):
    allowed: bool | None
    line: int
    outcome: str


class ArchiveVerdict(_Verdict):
    """allowed: True, False, or None when the outcome is unknown; line: the deciding line (0 when none);
    and, not among the tuple's three fields (which compare and unpack as before), reason: why the
    origin is unreachable, as Node's check() says it (None for any other outcome)."""

    reason: str | None

    def __new__(cls, allowed: bool | None, line: int, outcome: str, reason: str | None = None) -> ArchiveVerdict:
        verdict = super().__new__(cls, allowed, line, outcome)
        verdict.reason = reason
        return verdict

    def __getnewargs__(self) -> tuple[bool | None, int, str, str | None]:
        return (self.allowed, self.line, self.outcome, self.reason)

    def __repr__(self) -> str:
        return f"{super().__repr__()[:-1]}, reason={self.reason!r})"


class Archive:
    """Captures of robots.txt files, and the verdicts they give page URLs.

    Bodies are kept as bytes (text encoded as UTF-8), only for 2xx captures,
    cut at ``max_bytes``; nothing is parsed until a URL of its origin is asked
    about. Parsed files are kept in a cache bounded by ``cache_bytes`` (64 MiB
    by default, as Node's ArchiveMatcher): the core memory of each file and
    its agent indexes, its body and an estimate of the Python objects. The
    least recently asked origins are let go first (their files closed) and
    parsed again when asked about again, with the same answers."""

    def __init__(
        self,
        captures: Iterable[Capture | Mapping[str, Any]] = (),
        mode: str = "google",
        max_bytes: int = DEFAULT_MAX_BYTES,
        cache_bytes: int = DEFAULT_CACHE_BYTES,
    ) -> None:
        self.mode = mode
        self.max_bytes = max_bytes
        #: Gzip members of the WARC files read (from_warc, open) found cut short inside the file: the record
        #: each starts is its site's failed fetch when its header names the site; the member's other records
        #: are not read. first_cut: where the first falls (``in f.warc.gz record 4``, ``after ... record 3``).
        self.cut_members = 0
        self.first_cut: str | None = None
        self._captures: dict[str, tuple[Capture, float | None]] = {}
        self._cache = CompiledCache(cache_bytes)
        for capture in captures:
            self.add(capture)

    @classmethod
    def from_jsonl(cls, lines: Iterable[str | bytes], **options: Any) -> Archive:
        """An archive from JSON Lines records (an open file, or lines). Lines given
        as bytes (a file opened ``"rb"``) are read as Node reads them: a byte
        that is not UTF-8 is U+FFFD, one per maximal invalid sequence. A path
        (str or PathLike) or one bytes object is a TypeError that names
        ``Archive.open``, which reads paths; a gzip stream is a ValueError that
        says so."""
        if isinstance(lines, (str, bytes, bytearray, os.PathLike)):
            raise TypeError(
                f"Archive.from_jsonl: lines must be an open file or an iterable of lines, "
                f"not {type(lines).__name__} {lines!r:.60}; Archive.open(path) reads a path "
                "(JSON Lines plain or gzip, WARC, or a directory)"
            )
        archive = cls(**options)
        for number, capture in json_lines_captures(lines):
            try:
                archive.add(capture)
            except ValueError as error:
                raise ValueError(f"line {number}: {error}") from None
        return archive

    @classmethod
    def from_warc(cls, warc: str | os.PathLike[str] | IO[bytes], **options: Any) -> Archive:
        """An archive from a WARC file (a path, ``.warc`` or ``.warc.gz``, or a
        binary file), read as Node's ``--robots-archive`` reads it: each
        response record of an http(s) URL is a capture; a 2xx body is decoded
        (chunked, gzip, deflate, br) up to ``max_bytes``; a body that is cut
        (WARC-Truncated, a short gzip stream or chunk) is a fetch that got no
        response (unreachable). A file cut inside a record, a record with no
        Content-Length, or a 2xx response with no blank line after its head is
        a ValueError naming the file and the record. Needs warcio
        (the ``warc`` extra, or ``pip install warcio brotli``)."""
        from ._archive_files import read_warc_path

        archive = cls(**options)
        cuts = CutTally()
        archive._add_all(read_warc_path(warc, archive.max_bytes, cuts))
        archive._note_cuts(cuts)
        return archive

    @classmethod
    def open(cls, paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], **options: Any) -> Archive:
        """An archive from paths, as the command line's ``--robots-archive``
        reads them: a WARC file, JSON Lines of captures (plain or gzip), or a
        directory of one file per host (``example.com.txt``: its robots.txt,
        status 200), told by the name or else by the first bytes. Of two
        captures of one URL in different paths, the later path's wins when undated."""
        from ._archive_files import read_path

        archive = cls(**options)
        for path in [paths] if isinstance(paths, (str, os.PathLike)) else paths:
            cuts = CutTally()
            archive._add_all(read_path(path, archive.max_bytes, cuts))
            archive._note_cuts(cuts)
        return archive

    def _note_cuts(self, cuts: CutTally) -> None:
        self.cut_members += cuts.count
        if self.first_cut is None:
            self.first_cut = cuts.first

    def _add_all(self, captures: Iterable[tuple[Capture, str]]) -> None:
        for capture, where in captures:
            try:
                self.add(capture)
            except ValueError as error:
                raise ValueError(f"{where}: {error}") from None

    def add(self, capture: Capture | Mapping[str, Any]) -> None:
        """Adds a capture. Of two captures of one URL the one fetched later wins;
        when either has no date, the one added later. A capture whose URL is not
        http(s) is a ValueError (Node's RobotsArchive.add: an ArchiveError)."""
        if not isinstance(capture, Capture):
            capture = Capture.from_record(capture)
        key = capture_key(capture.url)
        if key is None:
            raise ValueError(f"{capture.url!r} is not an http(s) URL")
        at = fetched_at_ms(capture.fetched_at)
        old = self._captures.get(key)
        if old is not None and at is not None and old[1] is not None and at < old[1]:
            return
        body = capture.body
        if body is not None:
            # Kept compactly: bytes, cut where parsing stops, and only where a body is read (2xx).
            if capture.status is None or not 200 <= capture.status < 300:
                body = None
            elif isinstance(body, str):
                body = encode_text(body[: self.max_bytes])[: self.max_bytes]
            elif len(body) > self.max_bytes:
                body = bytes(body[: self.max_bytes])
            if body is not capture.body:
                capture = replace(capture, body=body)
        self._captures[key] = (capture, at)
        if len(self._cache):
            self._cache.clear()  # an origin's answer may change

    def capture(self, key: str) -> Capture | None:
        """The capture stored under `key` (a capture_key()), if any: the lookup
        resolve_origin() takes, for callers that keep parsed files themselves
        (robotsmatch.datatrove's bounded cache)."""
        found = self._captures.get(key)
        return None if found is None else found[0]

    def __getstate__(self) -> dict[str, Any]:
        # Parsed files live in the core's memory, which does not travel: a
        # copy (in another process: datatrove's tasks) parses them again.
        state = self.__dict__.copy()
        state["_cache"] = CompiledCache(self._cache.limit)
        return state

    @property
    def cache_stats(self) -> dict[str, int]:
        """What the bounded cache holds and has done: origins, bytes, files compiled, files let go."""
        c = self._cache
        return {"origins": len(c), "bytes": c.bytes, "compiles": c.compiles, "evictions": c.evictions}

    def _entry(self, url: str) -> OriginEntry:
        robots_url = robots_url_of(url)
        if robots_url is None:
            return _NO_ORIGIN
        entry = self._cache.get(robots_url)
        if entry is None:
            resolution = resolve_origin(robots_url, lambda key: (self._captures.get(key) or (None,))[0])
            robots = None
            if resolution.outcome == "ok":
                body = resolution.capture.body if resolution.capture else None
                robots = parse(body if body is not None else b"", mode=self.mode, max_bytes=self.max_bytes)
            entry = OriginEntry(resolution, robots)
            self._cache.set(robots_url, entry)
        return entry

    def resolve(self, url: str) -> Resolution:
        """The outcome of a URL's origin, with the capture that answered and the
        redirects followed (for a URL with no http(s) origin: invalid, final_url None)."""
        resolution: Resolution = self._entry(url).resolution
        return resolution

    def outcome(self, url: str) -> str:
        return self.resolve(url).outcome

    def robots(self, url: str) -> Robots | None:
        """The parsed robots.txt of a URL's origin (outcome ok); None for any other
        outcome. The archive closes it when its cache lets the origin go: use it
        before asking about many other origins, or parse the capture yourself."""
        return self._entry(url).robots

    def check(self, url: str, agent: Agent) -> ArchiveVerdict:
        entry = self._entry(url)
        resolution, robots = entry.resolution, entry.robots
        if robots is not None:
            verdict = robots.check(url, agent)
            self._cache.measure(entry)  # a new agent's index costs memory too
            return ArchiveVerdict(verdict.allowed, verdict.line, "ok")
        agent_tokens(agent)  # the same argument errors as for a file
        outcome = resolution.outcome
        allowed = True if outcome == "unavailable" else False if outcome == "unreachable" else None
        return ArchiveVerdict(allowed, 0, outcome, resolution.reason)

    def close(self) -> None:
        """Frees every parsed file's core memory."""
        self._cache.clear()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
