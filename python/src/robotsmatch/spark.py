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

from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Sequence, Union

import numpy as np
import pyarrow as pa

from pyspark.sql import DataFrame
from pyspark.sql import functions as F
from pyspark.sql import types as T

from . import archive as _archive
from .pandas import AgentLike, _NULL, agent_names, codes_for, to_url_array, verdict_columns
from .robots import DEFAULT_MAX_BYTES, AgentMatcher, Robots, parse

__all__ = ["join_robots", "resolve_robots", "with_origin", "OUTPUT_COLUMNS"]

#: The columns join_robots adds (line with lines=True, opted_out_by with a purpose).
OUTPUT_COLUMNS = ("origin", "outcome", "allowed", "line", "disallowed_by", "opted_out_by")

# Internal column names, chosen not to clash with a user's.
_KIND = "__robotsmatch_kind"
_OUTCOME = "__robotsmatch_outcome"
_BODY = "__robotsmatch_body"
_NEXT = "__robotsmatch_next"
_FROM = "__robotsmatch_from"


def with_origin(urls: DataFrame, url_col: str = "url", origin_col: str = "origin") -> DataFrame:
    """`urls` with the origin of each URL (as robotsmatch.archive keys
    captures; null for a URL that has none), computed on the executors."""

    def add(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        from robotsmatch.pandas import origins

        for batch in batches:
            yield batch.append_column(origin_col, origins(batch.column(url_col)))

    schema = T.StructType(urls.schema.fields + [T.StructField(origin_col, T.StringType(), True)])
    return urls.mapInArrow(add, schema)


def resolve_robots(robots: DataFrame) -> DataFrame:
    """Each origin's outcome and the body to parse, from its captures:
    columns origin, outcome (ok, unavailable, unreachable or unknown) and
    body (the robots.txt to parse when ok, after any redirects)."""
    missing = {"origin", "status", "body"} - set(robots.columns)
    if missing:
        raise ValueError(f"robots needs the columns origin, status and body (missing: {', '.join(sorted(missing))})")
    location = F.col("location").cast("string") if "location" in robots.columns else F.lit(None).cast("string")
    captures = robots.select(
        F.col("origin").cast("string").alias("origin"),
        F.col("status").cast("int").alias("status"),
        location.alias("location"),
        F.col("body").alias(_BODY),
        (F.col("fetched_at") if "fetched_at" in robots.columns else F.lit(None)).alias("fetched_at"),
    )
    # One capture per origin: the latest by fetched_at (ties and missing dates: the first by status, location, body).
    from pyspark.sql.window import Window

    latest = Window.partitionBy("origin").orderBy(F.col("fetched_at").desc_nulls_last(), "status", "location", _BODY)
    captures = captures.withColumn("__n", F.row_number().over(latest)).filter("__n = 1").drop("__n", "fetched_at")
    captures = captures.filter(F.col("origin").isNotNull())

    hop_schema = "origin string, outcome string, next string, target string"

    def first_hop(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        from robotsmatch.spark import _hops

        for batch in batches:
            yield _hops(batch, 0)

    meta = captures.select("origin", "status", "location")
    state = meta.withColumn(_FROM, F.col("origin")).select(F.col("origin"), F.col("status"), F.col("location"), F.col(_FROM))
    # A hop: (origin, status, location of the capture reached, the origin it was reached from).
    decided = state.select(F.col(_FROM).alias("origin"), "status", "location", F.col("origin").alias("target")).mapInArrow(first_hop, hop_schema)
    finals = [decided.filter(F.col("outcome") != "redirect").select("origin", "outcome", "target")]
    pending = decided.filter(F.col("outcome") == "redirect")
    for redirects in range(1, _archive.MAX_REDIRECTS + 1):
        if pending.isEmpty():
            break
        # The capture each redirect leads to, if the archive holds it (else: out of the archive).
        reached = pending.select("origin", F.col("next")).join(
            meta.select(F.col("origin").alias("target"), "status", "location"),
            pending["next"] == F.col("target"),
            "left",
        )

        def hop_on(batches: Iterator[pa.RecordBatch], redirects: int = redirects) -> Iterator[pa.RecordBatch]:
            from robotsmatch.spark import _hops

            for batch in batches:
                yield _hops(batch, redirects)

        decided = reached.select("origin", "status", "location", "target", "next").mapInArrow(hop_on, hop_schema).localCheckpoint()
        finals.append(decided.filter(F.col("outcome") != "redirect").select("origin", "outcome", "target"))
        pending = decided.filter(F.col("outcome") == "redirect")
    resolved = finals[0]
    for more in finals[1:]:
        resolved = resolved.unionByName(more)
    # The body comes from the capture the chain ended on (its own for most origins).
    bodies = captures.select(F.col("origin").alias("target"), F.col(_BODY).alias("body"))
    return resolved.join(bodies, "target", "left").select(
        "origin", "outcome", F.when(F.col("outcome") == "ok", F.col("body")).alias("body")
    )


def _hops(batch: pa.RecordBatch, redirects: int) -> pa.RecordBatch:
    """One hop for each row (origin, status, location, target[, next]): the
    outcome, or 'redirect' and the origin whose capture to read next."""
    columns = batch.to_pydict()
    origins: List[str] = columns["origin"]
    outcomes: List[str] = []
    nexts: List[Optional[str]] = []
    targets: List[Optional[str]] = []
    for i, origin in enumerate(origins):
        target = columns["target"][i]
        if redirects and target is None:
            # The redirect leads to a URL the archive holds no capture of.
            outcomes.append(_archive.OUT_OF_ARCHIVE)
            nexts.append(None)
            targets.append(None)
            continue
        url = _archive.robots_url(target)
        outcome, following = _archive.hop(columns["status"][i], columns["location"][i], url, redirects)
        outcomes.append(outcome)
        targets.append(target)
        nexts.append(_archive.capture_origin(following) if following is not None else None)
        if outcome == "redirect" and nexts[-1] is None:
            outcomes[-1] = _archive.OUT_OF_ARCHIVE
    return pa.RecordBatch.from_pydict(
        {"origin": origins, "outcome": outcomes, "next": nexts, "target": targets},
        schema=pa.schema([("origin", pa.string()), ("outcome", pa.string()), ("next", pa.string()), ("target", pa.string())]),
    )


def join_robots(
    urls: DataFrame,
    robots: DataFrame,
    agents: Union[AgentLike, Sequence[AgentLike]],
    *,
    url_col: str = "url",
    purpose: Optional[str] = None,
    mode: str = "google",
    lines: bool = True,
    max_bytes: int = DEFAULT_MAX_BYTES,
    partitions: Optional[int] = None,
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
    if url_col not in urls.columns:
        raise ValueError(f"urls has no column {url_col!r} (columns: {', '.join(urls.columns)})")
    added = [c for c in OUTPUT_COLUMNS if (c != "line" or lines) and (c != "opted_out_by" or purpose is not None)]
    clash = [c for c in added if c in urls.columns]
    if clash:
        raise ValueError(f"urls already has the column(s) {', '.join(clash)}, which join_robots adds: rename them first")

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
    out_fields = user_fields + [
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
    agents: List[AgentLike]
    names: List[str]
    purpose: Optional[str]
    mode: str
    lines: bool
    max_bytes: int
    url_col: str
    user_columns: List[str]


@dataclass
class _Origin:
    """The origin being read: its outcome, and its robots.txt and matchers once a URL needs them."""

    origin: Optional[str]
    outcome: str
    body: Optional[bytes] = None
    robots: Optional[Robots] = None
    matchers: Optional[List[AgentMatcher]] = None

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
                out = self._batch(batch)
                if out is not None:
                    yield out
        finally:
            self.current.close()

    def _batch(self, batch: pa.RecordBatch) -> Optional[pa.RecordBatch]:
        s = self.settings
        n = batch.num_rows
        if n == 0:
            return None
        kinds = batch.column(_KIND).to_numpy(zero_copy_only=False)
        origin_column = batch.column("origin")
        # Runs of one origin (the partition is sorted by origin): where the dictionary id changes.
        ids = origin_column.dictionary_encode().indices.fill_null(-1).to_numpy(zero_copy_only=False)
        starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
        ends = np.r_[starts[1:], n]
        url_rows = np.flatnonzero(kinds == 1)
        if not len(url_rows) and not (kinds == 0).any():
            return None
        pieces: Dict[str, List[pa.Array]] = {}
        outcomes: List[pa.Array] = []
        for start, end in zip(starts.tolist(), ends.tolist()):
            origin = origin_column[start].as_py()
            captures = np.flatnonzero(kinds[start:end] == 0)
            if len(captures):
                row = start + int(captures[-1])
                self.current.close()
                body = batch.column(_BODY)[row].as_py()
                self.current = _Origin(origin, batch.column(_OUTCOME)[row].as_py(), body)
            elif self.current.origin != origin or origin is None:
                self.current.close()
                self.current = _Origin(origin, _archive.NOT_IN_ARCHIVE)
            first = start + (int(captures[-1]) + 1 if len(captures) else 0)
            if first >= end:
                continue
            columns = self._verdicts(batch.column(s.url_col).slice(first, end - first))
            for name, column in columns.items():
                pieces.setdefault(name, []).append(column)
            outcomes.append(pa.array([self.current.outcome] * (end - first), pa.string()))
        if not len(url_rows):
            return None
        taken = batch.take(pa.array(url_rows))
        arrays = [taken.column(name) for name in s.user_columns] + [taken.column("origin"), pa.concat_arrays(outcomes)]
        names = list(s.user_columns) + ["origin", "outcome"]
        for name, parts in pieces.items():
            arrays.append(pa.concat_arrays(parts))
            names.append(name)
        return pa.RecordBatch.from_arrays(arrays, names=names)

    def _verdicts(self, urls: pa.Array) -> Dict[str, pa.Array]:
        s = self.settings
        array = to_url_array(urls)
        current = self.current
        k = len(s.agents)
        if current.outcome == "ok":
            if current.robots is None:
                current.robots = parse(current.body or b"", s.mode, s.max_bytes)
                current.matchers = [current.robots.for_agent(agent, s.purpose) for agent in s.agents]
            codes = codes_for(array, current.matchers)
            return verdict_columns(array, codes, s.names, current.matchers, s.purpose, s.lines)
        # No robots.txt to read: one answer for every URL of the origin.
        fill = {"unavailable": 1, "unreachable": 0}.get(current.outcome, _NULL)
        codes = np.full((len(array), k), fill, dtype=np.uint8)
        return verdict_columns(array, codes, s.names, None, s.purpose, s.lines)
