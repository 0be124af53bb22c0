"""Captures from a WARC file (.warc or .warc.gz, as Common Crawl's robots.txt
subset and crawlers write them), read with warcio, record by record as
Node's reader reads them (src/archive/read-warc.ts; the shared vectors in
test/vectors/warc-captures.json hold both to the same answers): each
``response`` record of an http(s) URL is a capture (its HTTP status,
Location, and for a 2xx its body with transfer and content encodings
undone). Other records (request, metadata, warcinfo, revisit) say nothing
about the response.

warcio reads the records and their WARC headers; each record's content is
taken as stored (``no_record_parse``), for the reasons Node gives:

- A record is whole only if the file holds as many bytes of it as its WARC
  Content-Length says, which warcio does not check: every record is read to
  its end here and its bytes counted, and what follows the last record must
  be blank lines. A cut file is a ValueError naming the file and the record.
- warcio ends an HTTP head at the first CRLF CRLF: a response with no header
  lines, or with bare LF line ends, would lose its body. Here the head ends
  at the first blank line, CRLF or bare LF (RFC 9112 section 2.2); warcio's
  parser reads its status line and headers.
- A body is decoded by _decode_body up to the archive's limit (a gzip bomb
  is never inflated whole); a body that is cut (WARC-Truncated, a chunk or
  an encoded stream ending early) is a capture with no response (status
  None, unreachable): never read as the site's file."""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from warcio.archiveiterator import WARCIterator
from warcio.exceptions import ArchiveLoadFailed
from warcio.statusandheaders import StatusAndHeadersParser

from ._decode_body import Unreadable, decode_body
from ._gzip_members import Cut, CutTally, Piece
from .archive import Capture

_HTTP_URL = re.compile(r"https?:", re.IGNORECASE)
_STATUS = re.compile(r"\s*(\d+)\s*")
#: Bytes read from a record's content at a time.
_BLOCK = 1 << 16


class _Broken(Exception):
    """The file's own bytes cannot be read: not an end of file, which warcio would take it for."""


class _Segment:
    """A run of the file's bytes up to the next cut or the end, as warcio reads a file (Node's
    src/archive/segments.ts): counted, with the last few of them (what follows the last record), and
    how many are known sound (a member read whole)."""

    KEEP = 64

    def __init__(self, pieces: Iterator[Piece]) -> None:
        self.pieces = pieces
        self.buffer = b""
        self.done = False
        self.position = 0
        self.verified = 0
        #: Where it ends at a cut (once reached, or looked ahead to): the bytes before the cut member.
        self.cut: Cut | None = None
        self.tail = b""
        self.ahead: list[bytes | None] = []  # None: a member read whole
        self.ended = False

    def read(self, size: int = -1) -> bytes:
        while not self.buffer and not self.done:
            piece = self._pull()
            if isinstance(piece, _End):
                self.done = True
                if self.cut is None:
                    self.verified = self.position + len(self.buffer)
            elif piece is None:
                self.verified = self.position
            else:
                self.buffer = piece
        data = self.buffer if size < 0 else self.buffer[:size]
        self.buffer = self.buffer[len(data) :]
        self.position += len(data)
        self.tail = (self.tail + data)[-self.KEEP :]
        return data

    def cut_ahead(self, most: int) -> bool:
        """Whether the segment ends at a cut within the next `most` bytes (read ahead and kept): a record
        that makes no sense just before a cut was inflated from bytes that were never the file's."""
        count = 0
        while not self.ended and count < most:
            piece = self._next()
            if not isinstance(piece, _End):
                self.ahead.append(piece)
                count += len(piece or b"")
        return self.cut is not None

    def _pull(self) -> bytes | _End | None:
        """The next piece: bytes, None for a member read whole, _END at the segment's end."""
        if self.ahead:
            return self.ahead.pop(0)
        return _END if self.ended else self._next()

    def _next(self) -> bytes | _End | None:
        try:
            piece = next(self.pieces, _END)
        except (EOFError, OSError, zlib.error) as error:
            raise _Broken(str(error)) from None
        if isinstance(piece, (Cut, _End)):
            self.ended = True
            if isinstance(piece, Cut):
                self.cut = piece
            return _END
        return piece if isinstance(piece, bytes) else None

    def drain(self) -> None:
        while not self.done:
            self.buffer = b""
            self.read()

    def tell(self) -> int:
        return self.position

    def blank_after(self, end: int) -> bool:
        """Whether the segment holds nothing but line ends after byte `end` (the blank lines that close a record)."""
        count = self.position - end
        return count <= 0 or (count <= self.KEEP and not self.tail[-count:].strip(b"\r\n"))


@dataclass
class _Held:
    """A record read, not yet handed on: its member may yet turn out cut."""

    where: str
    #: Where its WARC header starts and its content ends, in the segment.
    start: int
    end: float
    #: A response record's URL and date: what a cut one is known by.
    url: str | None
    fetched_at: str | None
    #: The capture it gives or the problem it is (None: not a capture, or cut).
    result: Capture | ValueError | None


#: Bytes read past a record after which its member is taken as sound even before its end.
_MARGIN = 1 << 20


class _End:
    """The end of a segment (the file's, or a cut's)."""


_END = _End()
_CUT_MEMBER = (
    "the captured response cannot be read whole: the gzip member of the archive holding its record is cut short"
)


def read_warc(
    pieces: Iterable[Piece], name: str, limit: int, gzipped: bool = False, cuts: CutTally | None = None
) -> Iterator[tuple[Capture, str]]:
    """The captures of a WARC file's bytes (ungzipped by _gzip_members when `gzipped`, with its marks: a
    cut gzip member must not end the file, and warcio would stop at it without a word), with where each
    is (``name record N``). A 2xx body is decoded up to `limit` + 1 bytes. `cuts`, when given, counts the
    gzip members found cut short and keeps where the first fell (the records they lose are not captures:
    nothing else tells)."""
    source = iter(pieces)
    count = [0]
    while True:
        segment = _Segment(source)
        yield from _read_segment(segment, name, limit, count, gzipped, cuts)
        segment.drain()
        if segment.cut is None:
            return


def _read_segment(
    segment: _Segment, name: str, limit: int, count: list[int], gzipped: bool, cuts: CutTally | None
) -> Iterator[tuple[Capture, str]]:
    """The captures of one segment's records. A record is handed on once the member holding it is read
    whole; at a cut, the record the cut member starts is a failed fetch when its header names a
    response's URL (otherwise dropped), and the records after it are not read."""
    records = _QuietWARCIterator(segment, no_record_parse=True)
    held: list[_Held] = []
    end = 0  # where the last record's content ends in the segment

    def release() -> Iterator[tuple[Capture, str]]:
        while held:
            first = held[0]
            if gzipped and first.end > segment.verified and first.end + _MARGIN > segment.position:
                return
            held.pop(0)
            if isinstance(first.result, ValueError):
                raise first.result
            if first.result is not None:
                yield first.result, first.where

    while True:
        try:
            record = next(records)
        except StopIteration:
            break
        except _Broken as error:
            raise ValueError(f"{name}: is not valid gzip ({error})") from None
        except ArchiveLoadFailed as error:
            if gzipped and segment.cut_ahead(_MARGIN):
                break
            first = str(error).partition("first line: ")[2].rstrip("\r\n")
            raise ValueError(
                f"{name} record {count[0] + 1}: not a WARC record: its first line is {_quoted(first[:40])} where "
                "WARC/1.0 or WARC/1.1 belongs (the file may be cut short)"
            ) from None
        count[0] += 1
        where = f"{name} record {count[0]}"
        headers = record.rec_headers
        url = headers.get_header("WARC-Target-URI")
        capture = record.rec_type == "response" and bool(url) and _HTTP_URL.match(url) is not None
        named = url if capture else None
        fetched_at = headers.get_header("WARC-Date")
        header_start = records.offset
        # Where the record's content starts: what warcio has taken from the file, less what it holds unread.
        start = segment.tell() - records.reader.rem_length()
        try:
            declared = _declared_length(headers.get_header("Content-Length"), where)
            content = _content(record, declared, capture, where)
        except _Broken as error:
            raise ValueError(f"{name}: is not valid gzip ({error})") from None
        except ValueError:
            if not (gzipped and segment.cut_ahead(_MARGIN)):
                raise
            held.append(_Held(where, header_start, float("inf"), named, fetched_at, None))
            break
        end = start + declared
        result: Capture | ValueError | None = None
        if capture:
            try:
                result = _capture_of(record, url, content, where, limit)
            except ValueError as error:
                result = error
        held.append(_Held(where, header_start, end, named, fetched_at, result))
        # Past the cut member's start, what follows was inflated from bytes that were never the file's.
        if segment.cut and end > segment.cut.trusted:
            break
        yield from release()
    if segment.cut is not None:
        if cuts is not None:
            cuts.count += 1
            if cuts.first is None:
                cuts.first = _cut_place(held, segment.cut.trusted, name, count[0])
        yield from _at_cut(held, segment.cut.trusted)
        return
    if not segment.blank_after(end):
        raise ValueError(
            f"{name}: the file ends with bytes that are not a WARC record after its last whole one"
            f"{f' (record {count[0]})' if count[0] else ''}: it is cut short, or not all of it is WARC"
        )
    segment.verified = segment.position
    yield from release()


class _QuietWARCIterator(WARCIterator):  # type: ignore[misc]
    """warcio's iterator without the warning it writes to stderr itself ("Record not followed by newline,
    perhaps Content-Length is invalid"): this reader checks where every record ends on its own and says
    what it found in its own words (a cut gzip member is counted and is its site's failed fetch; a file cut
    inside a record is a ValueError)."""

    INC_RECORD = ""


def _cut_place(held: list[_Held], trusted: int, name: str, seen: int) -> str:
    """Where a cut falls, for people: the record the cut member starts, else the last record read before it."""
    for h in held:
        if h.end > trusted:
            return f"in {h.where}"
    return f"after {name} record {seen}" if seen else f"at the start of {name}"


def _at_cut(held: list[_Held], trusted: int) -> Iterator[tuple[Capture, str]]:
    """The held records of a segment that ends at a cut `trusted` bytes in: those before it, then the one
    it starts (as a failed fetch)."""
    for h in held:
        if h.end <= trusted:
            if isinstance(h.result, ValueError):
                raise h.result
            if h.result is not None:
                yield h.result, h.where
            continue
        # The first record not whole before the cut member is the one it starts (or is cut inside).
        if h.start <= trusted and h.url is not None:
            yield Capture(h.url, None, fetched_at=h.fetched_at, error=_CUT_MEMBER), h.where
        return


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _declared_length(value: str | None, where: str) -> int:
    if value is None:
        raise ValueError(
            f"{where}: not a whole WARC record: its header has no Content-Length (the file may be cut short)"
        )
    if not (value.isascii() and value.isdigit()):
        raise ValueError(f"{where}: not a WARC record: its Content-Length is {_quoted(value)}, not a number of bytes")
    return int(value)


def _content(record: Any, declared: int, keep: bool, where: str) -> bytes:
    """A record's content as stored (kept only when `keep`), after checking that the file holds all of it."""
    chunks: list[bytes] = []
    length = 0
    while True:
        chunk = record.raw_stream.read(_BLOCK)
        if not chunk:
            break
        length += len(chunk)
        if keep:
            chunks.append(chunk)
    if length < declared:
        raise ValueError(
            f"{where}: the file ends inside this record ({length} of its {declared} bytes are there): "
            "the archive is cut short"
        )
    return b"".join(chunks)


def _capture_of(record: Any, url: str, content: bytes, where: str, limit: int) -> Capture:
    head_end = _end_of_head(content)
    # With no blank line, every line is the head: a status and headers are all a non-2xx capture needs.
    head = content if head_end < 0 else content[:head_end]
    status = None
    http = None
    try:
        http = StatusAndHeadersParser([], verify=False).parse(BytesIO(head))
        code = _STATUS.fullmatch(http.statusline.split(" ", 1)[0]) if http.protocol else None
        status = int(code.group(1)) if code else None
    except EOFError:
        pass
    if http is None or status is None:
        raise ValueError(f"{where}: the response to {url} has no HTTP status line")

    def header(key: str) -> str | None:
        values = [value for name, value in http.headers if name.lower() == key]
        return ", ".join(values) if values else None

    body: bytes | None = None
    answered: int | None = status
    error: str | None = None
    if 200 <= status < 300:
        # Lines after the status line with no blank line after them may be the body's rules, not headers.
        if head_end < 0:
            raise ValueError(
                f"{where}: the response to {url} has no blank line after its HTTP headers, "
                "so where its body starts is unknown"
            )
        truncated = record.rec_headers.get_header("WARC-Truncated")
        decoded = (
            Unreadable(f"the record is marked WARC-Truncated ({truncated})")
            if truncated
            else decode_body(content[head_end:], header("transfer-encoding"), header("content-encoding"), limit)
        )
        if isinstance(decoded, Unreadable):
            answered = None  # a failed fetch: the site's file is not known whole
            error = f"the captured response cannot be read whole: {decoded}"
        else:
            body = decoded
    return Capture(
        url,
        answered,
        header("location"),
        body,
        header("content-type"),
        record.rec_headers.get_header("WARC-Date"),
        error,
    )


def _end_of_head(content: bytes) -> int:
    """Where a stored HTTP response's head ends: just past the first blank
    line after the status line, whether lines end with CRLF or a bare LF; -1 if none."""
    line = content.find(b"\n") + 1  # the status line's end
    if line == 0:
        return -1
    while True:
        if content[line : line + 1] == b"\n":
            return line + 1
        if content[line : line + 2] == b"\r\n":
            return line + 2
        lf = content.find(b"\n", line)
        if lf < 0:
            return -1
        line = lf + 1
