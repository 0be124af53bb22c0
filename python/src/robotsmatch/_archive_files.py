"""Opening archives by path, as Node's ``openArchive`` and the command line's
``--robots-archive`` do (src/archive/open.ts): a directory, a WARC file or a
JSON Lines file, told by the name (.warc, .warc.gz, .jsonl, .jsonl.gz,
.ndjson) or else by the first bytes (gzip is looked into)."""

from __future__ import annotations

import errno
import gzip
import io
import os
import stat
import zlib
from collections.abc import Iterator
from typing import IO, Any, cast

from ._gzip_members import CutTally, first_member, ungzip_all
from .archive import Capture, _parse

#: Bytes looked at to tell the format.
_HEAD = 65536
_NOT_AN_ARCHIVE = (
    "is not an archive robotsmatch reads: a WARC file, JSON Lines of captures, or a directory of one file per host"
)


def read_path(path: str | os.PathLike[str], limit: int, cuts: CutTally | None = None) -> Iterator[tuple[Capture, str]]:
    """The captures of one path, in the order it holds them, with where each is
    (WARC bodies decoded up to `limit` + 1 bytes). Its problems are ValueErrors
    naming the file (and the line or record). `cuts`: see _warc.read_warc."""
    name = os.fspath(path)
    if os.path.isdir(name):
        yield from _read_directory(name, limit)
        return
    with open(name, "rb") as raw:
        head, whole = _opened(raw)
        zipped = head[:2] == _GZIP
        form = _format_of(name, head, zipped)
        if form == "warc":
            yield from _warc_captures(whole, zipped, name, limit, cuts)
        else:
            yield from _read_jsonl(cast(IO[bytes], gzip.GzipFile(fileobj=whole, mode="rb")) if zipped else whole, name)


def read_warc_path(
    warc: str | os.PathLike[str] | IO[bytes], limit: int, cuts: CutTally | None = None
) -> Iterator[tuple[Capture, str]]:
    """The captures of a WARC file: a path or an open binary file, plain or gzip."""
    if not isinstance(warc, (str, os.PathLike)):
        head, whole = _opened(warc)
        name = str(getattr(warc, "name", "the WARC file"))
        yield from _warc_captures(whole, head[:2] == _GZIP, name, limit, cuts)
        return
    name = os.fspath(warc)
    with open(name, "rb") as raw:
        head, whole = _opened(raw)
        yield from _warc_captures(whole, head[:2] == _GZIP, name, limit, cuts)


def _warc_captures(
    whole: IO[bytes], zipped: bool, name: str, limit: int, cuts: CutTally | None
) -> Iterator[tuple[Capture, str]]:
    """A WARC file's captures; a .warc.gz is ungzipped member by member here, not by warcio: warcio stops
    without an error at a cut gzip member, and the records after it would be lost in silence."""
    read_warc = _warc_reader()
    chunks: Iterator[bytes] = iter(lambda: whole.read(1 << 20), b"")
    yield from read_warc(ungzip_all(chunks, name) if zipped else chunks, name, limit, zipped, cuts)


_GZIP = b"\x1f\x8b"


def _warc_reader() -> Any:
    try:
        from ._warc import read_warc
    except ImportError as error:
        raise ImportError(
            f"reading a WARC file needs warcio, which is not installed ({error}): "
            "pip install warcio brotli (the package's warc extra)"
        ) from None
    return read_warc


def _opened(raw: IO[bytes]) -> tuple[bytes, IO[bytes]]:
    """The first bytes of a file (up to _HEAD) and all of its bytes as stored, read once from its start
    (never sought: a pipe is read the same way)."""
    head = raw.read(_HEAD)
    return head, io.BufferedReader(_Prefixed(head, raw), 1 << 20)


class _Prefixed(io.RawIOBase):
    """`prefix`, then the rest of `source`: a file's start, read to tell its format, given back."""

    def __init__(self, prefix: bytes, source: IO[bytes]) -> None:
        self.prefix = prefix
        self.source = source

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = len(buffer)
        if self.prefix:
            data, self.prefix = self.prefix[:size], self.prefix[size:]
        else:
            data = self.source.read(size)
        buffer[: len(data)] = data
        return len(data)


def _format_of(name: str, start: bytes, zipped: bool) -> str:
    lower = name.lower()
    if lower.endswith((".warc", ".warc.gz")):
        return "warc"
    if lower.endswith((".jsonl", ".ndjson", ".jsonl.gz", ".ndjson.gz")):
        return "jsonl"
    head = start
    # The start of the first member (a later one may be cut), and of the one inside it for a file gzipped twice.
    for _ in range(3):
        if not (zipped and head[:2] == _GZIP):
            break
        inflated = first_member(head)
        if inflated is None:
            raise ValueError(f"{name}: is not valid gzip")
        head = inflated
    text = head.decode("latin-1").lstrip()
    if text.startswith("WARC/"):
        return "warc"
    if text.startswith("{") or text == "":
        return "jsonl"
    raise ValueError(f"{name}: {_NOT_AN_ARCHIVE}")


def _read_jsonl(source: IO[bytes], name: str) -> Iterator[tuple[Capture, str]]:
    """JSON Lines records as captures (Archive.from_jsonl's reading), each with ``name:line``."""
    from .archive import json_lines_captures

    try:
        yield from ((capture, f"{name}: line {line}") for line, capture in json_lines_captures(source))
    except (EOFError, OSError, zlib.error) as error:
        raise ValueError(f"{name}: is not valid gzip ({error})") from None
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


def _read_directory(path: str, limit: int) -> Iterator[tuple[Capture, str]]:
    """One file per host, named by the host (``example.com`` or ``example.com.txt``), holding the
    robots.txt it served with status 200, for https and http, as Node's readDirectory reads it: hidden
    files skipped, a symbolic link followed (to anything but a regular file, skipped), each file read
    only up to `limit` + 1 bytes, and a file that cannot be read (no permission, a link to nothing) its
    host's failed fetch, with why, not the run's end."""
    for entry in sorted(os.scandir(path), key=lambda e: e.name):
        if entry.name.startswith(".") or not (entry.is_file(follow_symlinks=False) or entry.is_symlink()):
            continue
        where = os.path.join(path, entry.name)
        host = entry.name[:-4] if entry.name.lower().endswith(".txt") else entry.name
        parts = _parse(f"https://{host}/robots.txt", ("pathname", "username", "search", "host"))
        if parts is None or parts["pathname"] != "/robots.txt" or parts["username"] or parts["search"]:
            raise ValueError(
                f"{where}: {_quoted(entry.name)} is not a host name (a directory archive holds one file per host, named by it)"
            )
        status: int | None = 200
        body: bytes | None = None
        error: str | None = None
        try:
            # Following a link: a directory or a pipe behind it is no host's file (a pipe's open would wait for a writer).
            if not stat.S_ISREG(os.stat(where).st_mode):
                continue
            with open(where, "rb") as file:
                body = file.read(limit + 1)
        except OSError as failure:
            code = errno.errorcode.get(failure.errno or 0, str(failure))
            status, error = None, f"the archive's file {where} cannot be read ({code})"
        for scheme in ("https", "http"):
            yield Capture(f"{scheme}://{parts['host']}/robots.txt", status, body=body, error=error), where


def _quoted(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)
