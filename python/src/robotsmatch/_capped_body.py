"""A response body read as a crawler reads it: decoded (gzip or deflate) and
kept only up to a limit. Decoding is capped too: zlib is asked for no more
than the bytes still wanted, so a small compressed body that would inflate to
gigabytes (a gzip bomb) costs the limit and no more. The HTTP client's own
decoders inflate a whole network chunk at once (a 64 KiB chunk of zeros is
64 MiB), which is why the raw bytes come here."""

from __future__ import annotations

import zlib

#: The codings a fetch asks for (Accept-Encoding): the ones the standard library decodes with a cap.
ACCEPT_ENCODING = "gzip, deflate"

_GZIP = 16 + zlib.MAX_WBITS
_ZLIB = zlib.MAX_WBITS
_RAW_DEFLATE = -zlib.MAX_WBITS


class UnreadableBody(ValueError):
    """A body in a coding that was not asked for (br, zstd, several at once), or not decodable."""


class CappedBody:
    """Takes raw chunks; keeps at most `limit` + 1 decoded bytes (one more
    than the limit, so that the parser can say the file was cut)."""

    def __init__(self, content_encoding: str | None, limit: int) -> None:
        codings = [c.strip().lower() for c in (content_encoding or "").split(",")]
        codings = [c for c in codings if c and c != "identity"]
        if len(codings) > 1 or (codings and codings[0] not in ("gzip", "x-gzip", "deflate")):
            raise UnreadableBody(f"the body is encoded as {content_encoding!r}; robotsmatch asks for {ACCEPT_ENCODING}")
        self._wbits = _ZLIB if codings == ["deflate"] else _GZIP
        self._inflate = zlib.decompressobj(self._wbits) if codings else None
        self._wanted = limit + 1
        self._chunks: list[bytes] = []
        self._total = 0
        self._started = False
        self._members = 0
        self._ended = False

    @property
    def full(self) -> bool:
        return self._total >= self._wanted

    def feed(self, raw: bytes) -> bool:
        """Adds a chunk as received; True once enough is held (stop reading)."""
        if self._ended:
            return True
        if self._inflate is None:
            self._keep(raw[: self._wanted - self._total])
            return self.full
        data = raw
        while data and not self.full:
            try:
                out = self._inflate.decompress(data, self._wanted - self._total)
            except zlib.error as error:
                if self._members:
                    # Bytes after a whole member that are no member (padding): the file is what came before.
                    self._ended = True
                    return True
                if self._wbits != _ZLIB or self._started:
                    raise UnreadableBody(
                        f"the body is not valid {'deflate' if self._wbits == _ZLIB else 'gzip'}"
                    ) from error
                # "deflate" sent without its zlib wrapper, as some servers do: read it raw.
                self._wbits = _RAW_DEFLATE
                self._inflate = zlib.decompressobj(self._wbits)
                continue
            self._started = True
            self._keep(out)
            if self._inflate.eof:
                self._members += 1
                # gzip allows several members one after another: the next starts afresh.
                data = self._inflate.unused_data
                self._inflate = zlib.decompressobj(self._wbits)
            else:
                data = self._inflate.unconsumed_tail
        return self.full

    def _keep(self, data: bytes) -> None:
        if data:
            self._chunks.append(data)
            self._total += len(data)

    def bytes(self) -> bytes:
        """What was decoded (at most the limit + 1 bytes)."""
        return b"".join(self._chunks)
