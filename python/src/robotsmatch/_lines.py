"""Newline-separated URLs, the one rule for the package (src/common/lines.ts
is Node's, and the core's match_lines reads by it): a line ends at LF, and a
CR just before the LF is the line break's, not the line's; a final LF starts
no line. A URL holding a CR or a LF cannot go on a line of its own."""

from __future__ import annotations

#: Bytes of whole lines per core call: enough to amortise the call.
LINES_CHUNK = 1 << 20


def has_line_break(url: str) -> bool:
    """Whether `url` would not read back as one line."""
    return "\n" in url or "\r" in url


def chunk_end(data: bytes, start: int, stop: int) -> int:
    """Where a chunk of whole lines of `data` from `start` ends, about `stop`:
    just after the last LF before `stop`, else just after the first LF from it
    (a line longer than a chunk makes the chunk longer, never two lines); the
    end of `data` when that comes first."""
    if stop >= len(data):
        return len(data)
    cut = data.rfind(b"\n", start, stop)
    if cut >= 0:
        return cut + 1
    after = data.find(b"\n", stop)
    return len(data) if after < 0 else after + 1
