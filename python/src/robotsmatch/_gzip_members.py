"""A gzip file ungzipped member by member, as Node's reader does it
(src/archive/gzip-members.ts), so that one member cut short (a crawler that
died writing a record and went on appending after a restart) costs only what
it held: a Cut is yielded where its bytes stop, and reading goes on at the
next member, found by its header and checked by inflating its start. A file
gzipped again, as a whole (a download saved with its Content-Encoding) or
member by member, is ungzipped by a second pass over the first's bytes.

Only the outermost layer is the file: a member it ends inside is the file
cut short, a ValueError, as is anything after its last member but zero
padding. Inside a whole outer member, a cut inner member is a record written
cut: a Cut, and reading goes on."""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Union


class _Whole:
    """After a member read whole (its CRC-32 and length checked): every byte so far is as written."""


WHOLE = _Whole()


@dataclass(frozen=True)
class Cut:
    """Where a member's bytes stop short: the `trusted` bytes before that member (counted from the
    last cut) are as written; its own may end in bytes inflated from the next member's."""

    trusted: int


Piece = Union[bytes, _Whole, Cut]

#: Compressed bytes handed to the inflater at a time, and the most it gives back for them at once.
_STEP = 1 << 16
_OUT = 1 << 20
#: A failed member's last compressed bytes kept: the next member's start is looked for in them.
_KEPT = 1 << 20
#: Bytes a candidate member's start is checked with.
_PROBE = 1 << 16
#: Output bytes a failed member's start is inflated to, at most, to hand on what it holds.
_BEFORE_FAILURE = 1 << 22
_GZIP = 16 + zlib.MAX_WBITS


def ungzip_all(pieces: Iterable[Piece], name: str) -> Iterator[Piece]:
    """The file's bytes ungzipped, once or again while the result is itself gzip."""
    layer: Iterator[Piece] = ungzip(pieces, name, outermost=True)
    for depth in range(1, 4):
        first, layer = _peek(layer)
        if depth == 3 or first[:2] != b"\x1f\x8b":
            break
        layer = ungzip(layer, name, outermost=False)
    yield from layer


def _peek(pieces: Iterator[Piece]) -> tuple[bytes, Iterator[Piece]]:
    """The first bytes of a stream (b"" if a cut or the end comes first), and the whole stream from its start."""
    taken: list[Piece] = []
    first = b""
    for piece in pieces:
        taken.append(piece)
        if isinstance(piece, bytes):
            if piece:
                first = piece
                break
        elif isinstance(piece, Cut):
            break

    def whole() -> Iterator[Piece]:
        yield from taken
        yield from pieces

    return first, whole()


def ungzip(pieces: Iterable[Piece], name: str, outermost: bool) -> Iterator[Piece]:
    """One layer of gzip undone: each member's bytes, WHOLE after each whole one, a Cut after one that ends short."""
    source = _Input(pieces)
    out = 0  # bytes yielded since the last cut
    while True:
        if not source.fill(1):
            if not source.take_cut():
                return
            yield Cut(out)  # the layer below's, between members here: what follows starts anew
            out = 0
            continue
        # Zero bytes pad some files' ends (Node's gunzip and Python's gzip allow them).
        if source.pending[0] == 0:
            rest = bytes(source.pending)
            source.take(len(rest) - len(rest.lstrip(b"\0")))
            source.forget()
            continue
        trusted = out
        member = _Member(source)
        for data in member.inflate():
            out += len(data)
            yield data
        if member.outcome == "whole":
            yield WHOLE
            continue
        # Cut short or broken: what follows, if anything, starts at the next member's header.
        found = source.resync()
        if not found and outermost:
            raise ValueError(f"{name}: is not valid gzip ({member.why})")
        yield Cut(trusted)
        out = 0
        if not found:
            return


class _Input:
    """The bytes of the layer below, consumed from the front, with the last _KEPT of them kept since the
    current member began (the next member is looked for in them if it fails)."""

    def __init__(self, pieces: Iterable[Piece]) -> None:
        self.source = iter(pieces)
        self.buffer = b""
        self.at = 0  # where the pending bytes start in the buffer
        self.kept: list[memoryview] = []
        self.kept_length = 0
        self.kept_from_start = True
        self.ended = False
        self.cut = False

    @property
    def pending(self) -> memoryview:
        return memoryview(self.buffer)[self.at :]

    def fill(self, count: int) -> bool:
        """Reads until `count` bytes are pending or no more come before the end or a Cut; whether `count` are."""
        while len(self.buffer) - self.at < count and not (self.ended or self.cut):
            piece = next(self.source, None)
            if piece is None:
                self.ended = True
            elif isinstance(piece, Cut):
                self.cut = True
            elif isinstance(piece, bytes) and piece:
                self.buffer = self.buffer[self.at :] + piece if self.at < len(self.buffer) else piece
                self.at = 0
        return len(self.buffer) - self.at >= count

    def take(self, count: int) -> None:
        self.kept.append(memoryview(self.buffer)[self.at : self.at + count])
        self.at += count
        self.kept_length += count
        while len(self.kept) > 1 and self.kept_length - len(self.kept[0]) >= _KEPT:
            self.kept_length -= len(self.kept.pop(0))
            self.kept_from_start = False

    def kept_member(self) -> bytes | None:
        """The bytes kept, when they go back to the current member's start."""
        return b"".join(self.kept) if self.kept_from_start else None

    def forget(self) -> None:
        self.kept = []
        self.kept_length = 0
        self.kept_from_start = True

    def take_cut(self) -> bool:
        """Whether the layer below's Cut was reached (then what follows it is read next)."""
        cut, self.cut = self.cut, False
        return cut

    def resync(self) -> bool:
        """After a member that failed: the pending bytes made to start at the next member's header (looked
        for from the failed member's second byte on); False when none comes before the end."""
        data = b"".join([*self.kept, self.pending])
        start = 1 if self.kept_length else 0  # the failed member's first byte starts no other
        self.forget()
        while True:
            self.buffer, self.at = data, 0
            self.fill(len(data) + _PROBE)
            data = self.buffer
            at = _member_start(data, start)
            if at >= 0:
                self.at = at
                return True
            self.buffer = b""
            if self.ended:
                return False
            if self.cut:
                self.cut = False  # the layer below's next member starts anew
                return True
            # A header may start in the last bytes looked at: they are looked at again with more.
            data = data[-16:]
            start = 0


class _Member:
    """One member inflated from the front of the pending bytes; then `outcome` says whether it was whole."""

    def __init__(self, source: _Input) -> None:
        self.source = source
        self.outcome = "whole"
        self.why = ""
        self.yielded = 0
        #: Most members are one small record: the first call is given a few of its bytes, not a whole step.
        self.step = 1 << 12

    def inflate(self) -> Iterator[bytes]:
        source = self.source
        inflater = zlib.decompressobj(_GZIP)
        while True:
            if not source.fill(1):
                yield from self._failed("cut", "unexpected end of file")
                return
            step = source.pending[: self.step]
            self.step = _STEP
            try:
                data = inflater.decompress(step, _OUT)
                while True:
                    self.yielded += len(data)
                    yield data
                    if not inflater.unconsumed_tail or inflater.eof:
                        break
                    data = inflater.decompress(inflater.unconsumed_tail, _OUT)
            except zlib.error as error:
                source.take(len(step))
                yield from self._failed("broken", str(error).partition(": ")[2] or str(error))
                return
            source.take(len(step) - len(inflater.unconsumed_tail) - len(inflater.unused_data))
            if inflater.eof:
                source.forget()
                return

    def _failed(self, outcome: str, why: str) -> Iterator[bytes]:
        """A member that failed: the rest of what its bytes inflate to before the failure (zlib drops the
        output of the call that fails)."""
        self.outcome, self.why = outcome, why
        kept = self.source.kept_member()
        before = _inflated_before_failure(kept) if kept is not None else b""
        if len(before) > self.yielded:
            yield before[self.yielded :]


def _inflate_start(data: bytes, most: int) -> bytes | None:
    """What a gzip member's start inflates to (at most `most` bytes), None if its bytes make no sense."""
    try:
        return zlib.decompressobj(_GZIP).decompress(data, most)
    except zlib.error:
        return None


def _inflated_before_failure(member: bytes) -> bytes:
    """What the longest start of a failed member that inflates without error inflates to."""
    best = _inflate_start(member, _BEFORE_FAILURE)
    if best is not None:
        return best
    good, bad, best = 0, len(member), b""
    while bad - good > 1:
        middle = (good + bad) // 2
        inflated = _inflate_start(member[:middle], _BEFORE_FAILURE)
        if inflated is None:
            bad = middle
        else:
            good, best = middle, inflated
    return best


def _member_start(data: bytes, start: int) -> int:
    """Where in `data`, at or after `start`, a gzip member starts whose deflate data inflates without error; -1 if nowhere."""
    at = data.find(b"\x1f\x8b\x08", start)
    while at >= 0:
        if len(data) - at >= 10 and not data[at + 3] & 0xE0 and _inflate_start(data[at : at + _PROBE], _PROBE * 16):
            return at
        at = data.find(b"\x1f\x8b\x08", at + 1)
    return -1


def first_member(data: bytes) -> bytes | None:
    """What the start of the first gzip member of `data` inflates to; None if they do not start one."""
    return _inflate_start(data, len(data) * 1032 + 1024)


@dataclass
class CutTally:
    """The gzip members of a WARC file found cut short: how many, and where the first fell (a count, not a
    list: a hostile file may hold millions)."""

    count: int = 0
    first: str | None = None
