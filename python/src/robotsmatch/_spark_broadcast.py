"""robotsmatch.spark.join_robots for an archive small enough to send to every
Python worker. One job counts the captures and their bodies; when they are
few enough, a second brings them to the driver in one Arrow collect (bodies
cut at max_bytes), where they are resolved by the rules resolve_robots
applies on Spark (the same capture keys, latest capture and hops), and each
origin's outcome and body go to the workers as a broadcast. Each worker
then reads its partitions of the URL table as they are, with no shuffle and
no sort on Spark: it takes up to CHUNK_ROWS rows at a time, puts them in
origin order itself, parses each origin's file once per chunk and answers
the rows in their input order (the reader of robotsmatch.pandas.join_archive,
with the resolved archive in place of an Archive).

Why: for such an archive, Spark's own work was most of a join's cost. The
URL rows crossed to Python twice (once for their origins, once for their
verdicts) and were shuffled and sorted by origin in between; the captures
were shuffled for their window, checkpointed and crossed to Python with
their bodies; and a cold JVM spent seconds compiling the operators that did
all this. Here every URL row crosses to Python once and back once. A larger
archive takes the shuffle (robotsmatch.spark), whose memory does not grow
with the archive.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

import pyarrow as pa
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from . import _spark_redirects
from . import archive as _archive
from ._pandas_join import _Join
from ._spark_reader import BODY, Settings
from ._spark_resolve import _capture_keys, capture_columns

#: The archive is resolved on the driver and broadcast when its captures'
#: bodies (each cut at max_bytes) total at most this many bytes (and it has at
#: most _spark_redirects.DRIVER_CAPTURES captures): every Python worker holds one copy.
BROADCAST_BYTES = 64 << 20
#: URL rows (and at most CHUNK_BYTES of them, every column counted) a worker
#: holds and puts in origin order at a time: each origin's file is parsed once
#: per chunk.
CHUNK_ROWS = 1 << 20
CHUNK_BYTES = 256 << 20

#: An origin's outcome and, when it is ok, the body to parse.
Resolved = Mapping[str, "tuple[str, bytes | None]"]


def resolve_on_driver(robots: DataFrame, max_bytes: int) -> dict[str, tuple[str, bytes | None]] | None:
    """Each origin's outcome and body (cut at max_bytes) when the archive has
    at most DRIVER_CAPTURES captures whose bodies, cut at max_bytes, total at
    most BROADCAST_BYTES (one job counts them), resolved on the driver from
    one Arrow collect of the captures, as robotsmatch.spark.resolve_robots
    resolves them on Spark: the same capture keys, the same latest capture
    of each URL, the same hops. None for a larger archive."""
    captures = capture_columns(robots)
    if not hasattr(captures, "toArrow"):
        return None  # PySpark before 4.0 has no Arrow collect: the shuffle answers the same
    most = _spark_redirects.DRIVER_CAPTURES
    size = F.least(F.coalesce(F.length(F.col(BODY)), F.lit(0)), F.lit(max_bytes))
    # At most one capture past the limit is counted: a large archive costs this job little.
    counted = captures.limit(most + 1).select(F.count(F.lit(1)).alias("n"), F.sum(size).alias("size")).first()
    if counted is None or counted.n > most or (counted.size or 0) > BROADCAST_BYTES:
        return None
    table = captures.withColumn(BODY, F.substring(F.col(BODY), 1, max_bytes)).toArrow()
    # The latest capture of each key, as resolve_robots' window orders them: fetched_at, latest first and
    # missing last, then status, location and body, ascending with nulls first.
    latest: dict[str, _Capture] = {}
    for batch in table.to_batches():
        keyed = _capture_keys(batch).to_pydict()
        for row in zip(*(keyed[name] for name in _KEYED)):
            capture = _Capture(*row)
            if capture.key is None:
                continue
            held = latest.get(capture.key)
            if held is None or capture.rank() < held.rank():
                latest[capture.key] = capture
    resolved: dict[str, tuple[str, bytes | None]] = {}
    pending: list[tuple[str, str]] = []
    for capture in latest.values():
        if capture.origin is None or capture.outcome is None:
            continue  # a capture of a page that is no origin's robots.txt: read only as a redirect's target
        if capture.outcome == "redirect":
            # (A redirect with no next leads out of the archive, as Spark's join on a null key finds nothing.)
            pending.append((capture.origin, capture.next or ""))
        else:
            resolved[capture.origin] = (capture.outcome, capture.body if capture.outcome == "ok" else None)
    reached = {key: (capture.status, capture.location) for key, capture in latest.items()}
    for origin, outcome, target in _spark_redirects.follow(pending, reached):
        end = latest.get(target) if target is not None else None
        resolved[origin] = (outcome, end.body if outcome == "ok" and end is not None else None)
    return resolved


#: _capture_keys' columns, in _Capture's order.
_KEYED = ("key", "status", "location", BODY, "at", "origin", "outcome", "next")


class _Capture(NamedTuple):
    """A capture as _capture_keys keys it, with its first hop."""

    key: str | None
    status: int | None
    location: str | None
    body: bytes | None
    at: float | None
    origin: str | None
    outcome: str | None
    next: str | None

    def rank(self) -> tuple[object, ...]:
        """Lower first: the order of resolve_robots' window (Spark orders strings and bytes as Python does)."""
        return (
            self.at is None,
            -self.at if self.at is not None else 0.0,
            self.status is not None,
            self.status or 0,
            self.location is not None,
            self.location or "",
            self.body is not None,
            self.body or b"",
        )


def answer_partition(
    resolved: Resolved, settings: Settings, batches: Iterator[pa.RecordBatch]
) -> Iterator[pa.RecordBatch]:
    """A partition's URL batches with their verdict columns, in the order they came. A chunk holds whole
    rows (every column of the table, not only its URLs) until it is answered: CHUNK_BYTES bounds them all."""
    join = _ResolvedJoin(resolved, settings)
    pending: list[pa.RecordBatch] = []
    rows = size = 0
    for batch in batches:
        if not batch.num_rows:
            continue
        pending.append(batch)
        rows += batch.num_rows
        size += batch.nbytes
        if rows >= CHUNK_ROWS or size >= CHUNK_BYTES:
            yield from join.chunk(pending)
            pending, rows, size = [], 0, 0
    if pending:
        yield from join.chunk(pending)


class _ResolvedJoin(_Join):
    """join_archive's reader, each origin's outcome read from the resolved archive."""

    def __init__(self, resolved: Resolved, settings: Settings) -> None:
        self.resolved = resolved
        self.settings = settings
        self.mode, self.max_bytes = settings.mode, settings.max_bytes
        self._setup(settings.agents, settings.names, settings.purpose, settings.lines)

    def chunk(self, batches: list[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        """The batches with their added columns, answered together (each origin's file parsed once)."""
        s = self.settings
        urls = pa.chunked_array([batch.column(s.url_col) for batch in batches]).combine_chunks()
        added = self.columns(urls).drop_columns(["reason"])
        offset = 0
        for batch in batches:
            part = added.slice(offset, batch.num_rows)
            offset += batch.num_rows
            arrays = [batch.column(name) for name in s.user_columns]
            arrays += [part.column(name).combine_chunks() for name in part.column_names]
            yield pa.RecordBatch.from_arrays(arrays, names=[*s.user_columns, *part.column_names])

    def _origin(self, origin: str) -> tuple[_archive.Resolution, Any]:
        found = self.resolved.get(origin)
        robots_url = _archive.robots_url(origin)
        if found is None:
            return _archive.Resolution(_archive.NOT_IN_ARCHIVE, None, robots_url, 0), None
        outcome, body = found
        capture = _archive.Capture(robots_url, 200, body=body or b"") if outcome == "ok" else None
        return _archive.Resolution(outcome, capture, robots_url, 0), None
