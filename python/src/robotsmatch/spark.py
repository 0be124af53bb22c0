"""A URL table joined to a robots.txt archive on Spark, by origin, with the
verdict of every URL for one or several agents.

    from robotsmatch.spark import join_robots
    checked = join_robots(urls, robots, ["GPTBot", "CCBot"], purpose="train-ai")
    kept = checked.filter("allowed")

`urls` has a URL column (``url`` by default) and any other columns, passed
through. `robots` has one capture per row: ``origin`` (``https://host[:port]``),
``status`` (the HTTP status, null when the host could not be reached),
``body`` (text or bytes) and optionally ``location`` (a redirect's target)
and ``fetched_at`` (the latest capture of an origin is used). Each origin's
outcome is decided by robotsmatch.archive, the same rules as the Node
archive join and the live fetch (data/fetch-outcomes.json): 2xx parsed, 4xx
allow everything, 5xx, 429 and unreachable disallow everything, redirects
followed within the archive.

How it runs: the two tables are put in one, partitioned by origin and sorted
within each partition (an origin's capture first, then its URLs), and
``mapInArrow`` reads each partition in order, parsing each origin's
robots.txt once and matching its URLs in batches. Spark sorts out of core,
so an origin with millions of URLs does not have to fit in memory at once,
and no robots.txt body is copied to its URLs' rows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa
from pyspark.sql import DataFrame
from pyspark.sql import functions as F
from pyspark.sql import types as T

from . import archive as _archive
from ._arrow_lines import ArrowLines
from ._bulk import ALLOWED, DISALLOWED, NO_VERDICT
from ._spark_resolve import _BODY, resolve_robots
from .pandas import JOIN_COLUMNS, AgentLike, agent_names, check_join_columns, deciding_lines, verdict_columns
from .robots import DEFAULT_MAX_BYTES, AgentMatcher, Robots, parse

__all__ = ["OUTPUT_COLUMNS", "join_robots", "resolve_robots", "with_origin"]

#: The columns join_robots adds (line with lines=True, opted_out_by with a purpose).
OUTPUT_COLUMNS = JOIN_COLUMNS

#: The outcomes of an origin, as the outcome column holds them.
_OUTCOMES = ("ok", "unavailable", "unreachable", "unknown")

# Internal column names, chosen not to clash with a user's.
_KIND = "__robotsmatch_kind"
_OUTCOME = "__robotsmatch_outcome"


def with_origin(urls: DataFrame, url_col: str = "url", origin_col: str = "origin") -> DataFrame:
    """`urls` with the origin of each URL (as robotsmatch.archive keys
    captures; null for a URL that has none), computed on the executors."""

    def add(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        from robotsmatch.pandas import origin_array

        for batch in batches:
            yield batch.append_column(origin_col, origin_array(batch.column(url_col)))

    schema = T.StructType([*urls.schema.fields, T.StructField(origin_col, T.StringType(), True)])
    return urls.mapInArrow(add, schema)


def join_robots(
    urls: DataFrame,
    robots: DataFrame,
    agents: AgentLike | Sequence[AgentLike],
    *,
    url_col: str = "url",
    purpose: str | None = None,
    mode: str = "google",
    lines: bool = True,
    max_bytes: int = DEFAULT_MAX_BYTES,
    partitions: int | None = None,
) -> DataFrame:
    """`urls` with, for each URL, the verdict of its origin's robots.txt for
    every agent (a product token or a ``robotsmatch.crawler()``):

    - ``origin``: the URL's origin (null when it has none);
    - ``outcome``: ``ok`` (its robots.txt was read), ``unavailable`` (none:
      everything is allowed), ``unreachable`` (everything is disallowed) or
      ``unknown`` (the archive holds no capture of it);
    - ``allowed``: every agent may fetch it (and, with a purpose, it is not
      opted out of it); null when the outcome is unknown;
    - ``line`` (with ``lines=True``, the default): the deciding line, for the
      first agent that may not fetch it, else the first agent; 0 when no
      rule decided; it costs a core call per URL, ``lines=False`` skips it;
    - ``disallowed_by``: the agents that may not fetch it (every agent when
      the robots.txt was unreachable); null when unknown;
    - ``opted_out_by`` (with a purpose): the agents that may fetch it but
      that the file opts it out of `purpose` for.

    Rows come out grouped by origin, not in the input's order."""
    listed, names = agent_names(agents)
    if purpose is not None:
        from .purpose import purpose_names

        purpose_names(purpose)
    if mode not in ("google", "rfc"):
        raise ValueError(f"mode must be 'google' or 'rfc', got {mode!r}")
    check_join_columns(urls.columns, url_col, lines, purpose, "join_robots")

    resolved = resolve_robots(robots)
    keyed = with_origin(urls, url_col, "origin").withColumn(_KIND, F.lit(1))
    captures = resolved.select(
        "origin", F.col("outcome").alias(_OUTCOME), F.col("body").cast("binary").alias(_BODY), F.lit(0).alias(_KIND)
    )
    both = keyed.unionByName(captures, allowMissingColumns=True)
    both = (both.repartition(partitions, "origin") if partitions else both.repartition("origin")).sortWithinPartitions(
        F.col("origin").asc_nulls_first(), _KIND
    )

    user_fields = list(urls.schema.fields)
    out_fields = [
        *user_fields,
        T.StructField("origin", T.StringType(), True),
        T.StructField("outcome", T.StringType(), False),
        T.StructField("allowed", T.BooleanType(), True),
    ]
    if lines:
        out_fields.append(T.StructField("line", T.IntegerType(), True))
    out_fields.append(T.StructField("disallowed_by", T.ArrayType(T.StringType(), False), True))
    if purpose is not None:
        out_fields.append(T.StructField("opted_out_by", T.ArrayType(T.StringType(), False), True))
    schema = T.StructType(out_fields)
    settings = _Settings(
        agents=listed,
        names=names,
        purpose=purpose,
        mode=mode,
        lines=lines,
        max_bytes=max_bytes,
        url_col=url_col,
        user_columns=[f.name for f in user_fields],
    )

    def run(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        from robotsmatch.spark import _Partition

        yield from _Partition(settings).run(batches)

    return both.mapInArrow(run, schema)


@dataclass
class _Settings:
    agents: list[AgentLike]
    names: list[str]
    purpose: str | None
    mode: str
    lines: bool
    max_bytes: int
    url_col: str
    user_columns: list[str]


@dataclass
class _Origin:
    """The origin being read: its outcome, and its robots.txt and matchers once a URL needs them."""

    origin: str | None
    outcome: str
    body: bytes | None = None
    robots: Robots | None = None
    matchers: list[AgentMatcher] | None = None

    def close(self) -> None:
        if self.robots is not None:
            self.robots.close()  # frees its matchers too
            self.robots = None
            self.matchers = None


@dataclass
class _Partition:
    """One partition, read in order: an origin's capture (kind 0), then its URLs (kind 1)."""

    settings: _Settings
    current: _Origin = field(default_factory=lambda: _Origin(None, _archive.NOT_IN_ARCHIVE))

    def run(self, batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        try:
            for batch in batches:
                out = self._batch(batch) if batch.num_rows else None
                if out is not None:
                    yield out
        finally:
            self.current.close()

    def _batch(self, batch: pa.RecordBatch) -> pa.RecordBatch | None:
        s = self.settings
        n = batch.num_rows
        kinds = batch.column(_KIND).to_numpy(zero_copy_only=False)
        url_rows = np.flatnonzero(kinds == 1)
        origin_column = batch.column("origin")
        # Runs of one origin (the partition is sorted by origin): where the dictionary id changes.
        ids = origin_column.dictionary_encode().indices.fill_null(-1).to_numpy(zero_copy_only=False)
        starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
        ends = np.r_[starts[1:], n]
        # A run's capture rows come first (sorted by kind): how many each run has, and their fields, read once for the batch.
        is_capture = kinds == 0
        captured = np.add.reduceat(is_capture.astype(np.int64), starts)
        capture_rows = np.flatnonzero(is_capture)
        capture_outcomes = batch.column(_OUTCOME).take(pa.array(capture_rows)).to_pylist()
        run_origins = origin_column.take(pa.array(starts)).to_pylist()
        urls = ArrowLines(batch.column(s.url_col))
        # The answers of every row, filled run by run; the columns are built once for the batch.
        codes = np.full((n, len(s.agents)), NO_VERDICT, dtype=np.uint8)
        lines = np.zeros(n, dtype=np.int32) if s.lines else None
        outcomes = np.full(n, _OUTCOMES.index(_archive.NOT_IN_ARCHIVE), dtype=np.int8)
        seen = 0  # capture rows of the runs before this one
        for run, (start, end, count) in enumerate(zip(starts.tolist(), ends.tolist(), captured.tolist())):
            if count:
                seen += count
                row = start + count - 1
                self.current.close()
                self.current = _Origin(run_origins[run], capture_outcomes[seen - 1], batch.column(_BODY)[row].as_py())
            elif ids[start] < 0 or self.current.origin != run_origins[run]:
                self.current.close()
                self.current = _Origin(None if ids[start] < 0 else run_origins[run], _archive.NOT_IN_ARCHIVE)
            first = start + count
            if first < end:
                self._answer(urls, first, end, codes, lines, outcomes)
        if not len(url_rows):
            return None
        taken = batch.take(pa.array(url_rows))
        arrays = [taken.column(name) for name in s.user_columns]
        arrays.append(taken.column("origin"))
        arrays.append(
            pa.DictionaryArray.from_arrays(pa.array(outcomes[url_rows]), pa.array(_OUTCOMES)).cast(pa.string())
        )
        missing = taken.column(s.url_col).is_null().to_numpy(zero_copy_only=False)
        columns = verdict_columns(
            codes[url_rows], s.names, s.purpose, None if lines is None else lines[url_rows], missing
        )
        names = [*list(s.user_columns), "origin", "outcome", *list(columns)]
        return pa.RecordBatch.from_arrays(arrays + list(columns.values()), names=names)

    def _answer(
        self, urls: ArrowLines, first: int, end: int, codes: np.ndarray, lines: np.ndarray | None, outcomes: np.ndarray
    ) -> None:
        """The answers of the URL rows first..end, all of the current origin."""
        s = self.settings
        current = self.current
        outcomes[first:end] = (
            _OUTCOMES.index(current.outcome)
            if current.outcome in _OUTCOMES
            else _OUTCOMES.index(_archive.NOT_IN_ARCHIVE)
        )
        if current.outcome == "ok":
            if current.robots is None:
                current.robots = parse(current.body or b"", s.mode, s.max_bytes)
                current.matchers = [current.robots.for_agent(agent, s.purpose) for agent in s.agents]
            found = urls.codes(first, end, current.matchers)  # type: ignore[arg-type]
            codes[first:end] = found
            if lines is not None:
                lines[first:end] = deciding_lines(urls.texts()[first:end], found, current.matchers)  # type: ignore[arg-type]
        elif current.outcome == "unavailable":
            codes[first:end] = ALLOWED  # no robots.txt: everything is allowed
        elif current.outcome == "unreachable":
            codes[first:end] = DISALLOWED  # everything is disallowed
