"""One robots.txt capture as every archive format yields it (Node's
src/archive/capture.ts), and the captures of JSON Lines records."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

# What Node's reader takes as base64 (src/archive/capture.ts): the alphabet, white space, padding.
_BASE64 = re.compile(r"[A-Za-z0-9+/\s]*={0,2}\s*\Z")

# The first bytes of a gzip stream (a .jsonl.gz or .warc.gz opened "rb" and given as lines).
_GZIP = b"\x1f\x8b"


@dataclass
class Capture:
    """One robots.txt capture: the URL asked for, the status (None: no
    response), a redirect's Location, the body (bytes or text) and when it was fetched."""

    url: str
    status: int | None
    location: str | None = None
    body: bytes | str | None = None
    content_type: str | None = None
    #: When it was fetched: fetched_at_ms() says which values are read, and how.
    fetched_at: str | float | int | datetime | date | None = None
    #: With no status: why no response came (or could be read), in words; an unreachable origin's reason.
    error: str | None = None

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Capture:
        """A JSON Lines record: url, status (or null), location, content_type, body or body_base64, fetched_at."""
        if not isinstance(record.get("url"), str):
            raise ValueError('a capture needs "url", a string')
        status = record.get("status")
        if isinstance(status, float) and status.is_integer():
            status = int(status)  # JSON has one number type: 404.0 is 404, as Node reads it
        if status is not None and (isinstance(status, bool) or not isinstance(status, int) or not 0 <= status <= 999):
            raise ValueError(f'"status" must be an HTTP status (a whole number) or null, got {status!r}')
        for key in ("location", "content_type", "body_base64"):
            if record.get(key) is not None and not isinstance(record[key], str):
                raise ValueError(f'"{key}" must be a string')
        body: bytes | str | None = record.get("body")
        if body is not None and not isinstance(body, (str, bytes)):
            raise ValueError('"body" must be a string')
        if record.get("body_base64") is not None:
            if body is not None:
                raise ValueError('give "body" or "body_base64", not both')
            if not _BASE64.match(record["body_base64"]):
                raise ValueError('"body_base64" is not base64')
            body = base64.b64decode(record["body_base64"], validate=False)
        return cls(
            record["url"], status, record.get("location"), body, record.get("content_type"), record.get("fetched_at")
        )


def json_lines_captures(lines: Iterable[str | bytes]) -> Iterator[tuple[int, Capture]]:
    """The captures of JSON Lines records, with their line numbers; a record that is not one is a
    ValueError naming its line. Bytes that are not UTF-8 are U+FFFD, as Node reads them."""
    for number, line in _numbered(lines):
        if isinstance(line, (bytes, bytearray)):
            if number == 1 and line.startswith(_GZIP):
                raise ValueError(
                    "line 1 starts a gzip stream: this file is compressed, not JSON Lines; "
                    "Archive.open(path) reads .jsonl.gz and .warc.gz files (or pass gzip.open(path, 'rb'))"
                )
            line = bytes(line).decode("utf-8", "replace")
        if number == 1:
            # A byte-order mark, dropped as Node's reader drops it (a line of white space after it is blank).
            line = line.lstrip("\ufeff")
        # A line of JSON's white space only (spaces, tabs, CRs) holds no record, as an empty
        # one: skipped, as Node's reader skips it (other white space is an error in both).
        if line.strip(" \t\r\n"):
            if number == 1 and line.startswith("WARC/"):
                raise ValueError(
                    "line 1 is a WARC record's header: this file is WARC, not JSON Lines "
                    "(one JSON record per line, as docs/pipelines.md describes; Archive.from_warc reads WARC)"
                )
            try:
                capture = Capture.from_record(json.loads(line))
            except ValueError as error:
                raise ValueError(f"line {number}: {error}") from None
            yield number, capture


def _numbered(lines: Iterable[str | bytes]) -> Iterator[tuple[int, str | bytes]]:
    """The lines with their numbers; a text file that cannot decode its bytes says how to read it
    (a text file decodes a block at a time, so which line holds the byte is not known)."""
    number = 0
    iterator = iter(lines)
    while True:
        try:
            line = next(iterator)
        except StopIteration:
            return
        except UnicodeDecodeError as error:
            raise ValueError(
                f"the file is not UTF-8 ({error.reason}; {number} lines were read before it): open it with "
                '"rb", and bytes that are not UTF-8 are read as U+FFFD, as the Node package reads them'
            ) from None
        number += 1
        yield number, line
