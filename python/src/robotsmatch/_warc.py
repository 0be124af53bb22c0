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
from collections.abc import Iterator
from io import BytesIO
from typing import IO, Any

from warcio.archiveiterator import WARCIterator
from warcio.exceptions import ArchiveLoadFailed
from warcio.statusandheaders import StatusAndHeadersParser

from ._decode_body import Unreadable, decode_body
from .archive import Capture

_HTTP_URL = re.compile(r"https?:", re.IGNORECASE)
_STATUS = re.compile(r"\s*(\d+)\s*")
#: Bytes read from a record's content at a time.
_BLOCK = 1 << 16


class _Broken(Exception):
    """The file's own bytes cannot be read (a cut gzip): not an end of file, which warcio would take it for."""


class _FileEnd:
    """The bytes given to warcio, counted, with the last few of them: what follows the last record."""

    KEEP = 64

    def __init__(self, source: IO[bytes]) -> None:
        self.source = source
        self.length = 0
        self.tail = b""
        #: gzip inside the file's own gzip: warcio inflates it and counts in gzip bytes, so the end is not checked.
        self.inflated: bool | None = None

    def read(self, size: int = -1) -> bytes:
        try:
            data = self.source.read(size)
        except (EOFError, OSError, zlib.error) as error:
            raise _Broken(str(error)) from None
        if self.inflated is None and data:
            self.inflated = data[:2] == b"\x1f\x8b"
        self.length += len(data)
        self.tail = (self.tail + data)[-self.KEEP :]
        return data

    def tell(self) -> int:
        return self.length

    def blank_after(self, end: int) -> bool:
        """Whether the file holds nothing but line ends after byte `end` (the blank lines that close a record)."""
        count = self.length - end
        return bool(self.inflated) or count <= 0 or (count <= self.KEEP and not self.tail[-count:].strip(b"\r\n"))


def read_warc(source: IO[bytes], name: str, limit: int) -> Iterator[tuple[Capture, str]]:
    """The captures of a WARC stream (already ungzipped: a cut gzip member
    must be an error, and warcio would stop at it without one), with where
    each is (``name record N``). A 2xx body is decoded up to `limit` + 1 bytes."""
    file = _FileEnd(source)
    records = WARCIterator(file, no_record_parse=True)
    n = 0
    end = 0  # where the last record's content ends in the file
    while True:
        try:
            record = next(records)
        except StopIteration:
            break
        except _Broken as error:
            raise ValueError(f"{name}: is not valid gzip ({error})") from None
        except ArchiveLoadFailed as error:
            first = str(error).partition("first line: ")[2].rstrip("\r\n")
            raise ValueError(
                f"{name} record {n + 1}: not a WARC record: its first line is {_quoted(first[:40])} where "
                "WARC/1.0 or WARC/1.1 belongs (the file may be cut short)"
            ) from None
        n += 1
        where = f"{name} record {n}"
        headers = record.rec_headers
        url = headers.get_header("WARC-Target-URI")
        capture = record.rec_type == "response" and bool(url) and _HTTP_URL.match(url) is not None
        # Where the record's content starts: what warcio has taken from the file, less what it holds unread.
        start = file.tell() - records.reader.rem_length()
        declared = _declared_length(headers.get_header("Content-Length"), where)
        try:
            content = _content(record, declared, capture, where)
        except _Broken as error:
            raise ValueError(f"{name}: is not valid gzip ({error})") from None
        end = start + declared
        if capture:
            yield _capture_of(record, url, content, where, limit), where
    if not file.blank_after(end):
        raise ValueError(
            f"{name}: the file ends with bytes that are not a WARC record after its last whole one"
            f"{f' (record {n})' if n else ''}: it is cut short, or not all of it is WARC"
        )


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
        else:
            body = decoded
    return Capture(
        url,
        answered,
        header("location"),
        body,
        header("content-type"),
        record.rec_headers.get_header("WARC-Date"),
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
