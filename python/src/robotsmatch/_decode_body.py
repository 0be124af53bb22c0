"""A captured 2xx body with its transfer and content encodings undone, read
only as far as the archive keeps it, as Node's reader does it
(src/archive/decode-body.ts): decoding stops once `limit` + 1 bytes have
come out (a gzip bomb costs what a live fetch's cut costs, not its inflated
size), and a body that ends early (a chunk cut short, a gzip or deflate
stream with no end) is said to be cut, never taken for the site's file: the
caller makes it a failed fetch."""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any, Union

#: Bytes handed to the decoder at a time: it stops between them once it has given enough.
_PIECE = 1 << 16


class Unreadable(str):
    """Why a body cannot be read whole (a sentence)."""


#: The body as kept (at most limit + 1 bytes), or why it cannot be read whole.
Decoded = Union[bytes, Unreadable]


def decode_body(stored: bytes, transfer: str | None, content: str | None, limit: int) -> Decoded:
    """`stored` with the Transfer-Encoding `transfer` and the Content-Encoding `content` undone."""
    data = stored
    for coding in _codings(transfer):
        if coding != "chunked":
            return Unreadable(f"its Transfer-Encoding {coding} is not one robots.txt readers undo")
        body = _dechunked(data)
        if body is None:
            return Unreadable("its chunked body is cut short")
        data = body
    # Content codings, the last applied first.
    for coding in reversed(_codings(content)):
        decoded = _capped(coding, data, limit)
        if isinstance(decoded, Unreadable):
            return decoded
        data = decoded
    return data[: limit + 1] if len(data) > limit + 1 else data


def _codings(value: str | None) -> list[str]:
    return [c for c in (part.strip().lower() for part in (value or "").split(",")) if c not in ("", "identity")]


def _capped(coding: str, data: bytes, limit: int) -> Decoded:
    """What the decoder of `coding` makes of `data`, stopping once more than `limit` bytes have come out."""
    if coding in ("gzip", "x-gzip"):
        return _inflated(data, limit, zlib.MAX_WBITS | 16, members=True)
    if coding == "deflate":
        return _inflated(data, limit, zlib.MAX_WBITS, members=False)
    if coding == "br":
        return _unbrotli(data, limit)
    return Unreadable(f"its Content-Encoding {coding} is not one robots.txt readers undo")


def _inflated(data: bytes, limit: int, wbits: int, *, members: bool) -> Decoded:
    out = bytearray()
    decoder: Any = zlib.decompressobj(wbits)
    pending = memoryview(data)  # input not yet given to the decoder
    try:
        while True:
            while len(pending) or decoder.unconsumed_tail:
                if decoder.unconsumed_tail:
                    piece = decoder.unconsumed_tail
                else:
                    piece, pending = pending[:_PIECE], pending[_PIECE:]
                # No more comes out than would pass the limit: a bomb is never inflated whole.
                out += decoder.decompress(piece, limit + 2 - len(out))
                if len(out) > limit:
                    # More than the limit: the rest is cut as a live fetch cuts it.
                    return bytes(out[: limit + 1])
                if decoder.eof:
                    break
            if not decoder.eof:
                return Unreadable("its encoded body cannot be read whole (unexpected end of file)")
            # Another gzip member after this one is read on, as Node's gunzip reads it.
            rest = decoder.unused_data + bytes(pending)
            if not (members and rest[:2] == b"\x1f\x8b"):
                return bytes(out)
            decoder, pending = zlib.decompressobj(wbits), memoryview(rest)
    except zlib.error as error:
        return Unreadable(f"its encoded body cannot be read whole ({error})")


def _unbrotli(data: bytes, limit: int) -> Decoded:
    try:
        import brotli
    except ImportError:
        return Unreadable(
            "its Content-Encoding br needs the brotli package (pip install brotli; the package's warc extra brings it)"
        )
    decoder = brotli.Decompressor()
    parts: list[bytes] = []
    length = 0
    try:
        for at in range(0, len(data), _PIECE):
            piece = decoder.process(data[at : at + _PIECE])
            parts.append(piece)
            length += len(piece)
            if length > limit:
                return b"".join(parts)[: limit + 1]
    except brotli.error as error:
        return Unreadable(f"its encoded body cannot be read whole ({error})")
    if not decoder.is_finished():
        return Unreadable("its encoded body cannot be read whole (unexpected end of file)")
    return b"".join(parts)


def _dechunked(data: bytes) -> bytes | None:
    """A chunked body's data, or None when it ends before its last (zero-length) chunk."""
    parts: list[bytes] = []
    at = 0
    while True:
        line_end = data.find(b"\n", at)
        if line_end < 0:
            return None
        size = _hex(data[at:line_end].decode("latin-1").split(";")[0].strip())
        if size is None:
            return None
        at = line_end + 1
        if size == 0:
            return b"".join(parts)
        if at + size > len(data):
            return None
        parts.append(data[at : at + size])
        at += size
        if data[at : at + 1] == b"\r":
            at += 1
        if data[at : at + 1] == b"\n":
            at += 1


def _hex(text: str) -> int | None:
    """A chunk size as JavaScript's parseInt(text, 16) reads it: the hex digits it starts with."""
    digits = 0
    while digits < len(text) and text[digits] in "0123456789abcdefABCDEF":
        digits += 1
    if digits == 0:
        return None
    return int(text[:digits], 16)


__all__: Sequence[str] = ["Decoded", "Unreadable", "decode_body"]
