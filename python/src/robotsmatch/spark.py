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

How it runs: an archive small enough to broadcast is resolved on the driver
and goes to every Python worker (robotsmatch._spark_broadcast), and each
worker answers its partitions of the URL table as they are, with no
shuffle, in the input's order. A larger one is resolved on Spark
(robotsmatch._spark_resolve) and put in one table with the URLs,
partitioned by origin and sorted within each partition (an origin's capture
first, then its URLs), and ``mapInArrow`` reads each partition in order
(robotsmatch._spark_reader), parsing each origin's robots.txt once and
matching its URLs in batches. Spark sorts out of core, so an origin with
millions of URLs does not have to fit in memory at once, and no robots.txt
body is copied to its URLs' rows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pyarrow as pa
from pyspark import Broadcast, SparkContext
from pyspark.sql import DataFrame
from pyspark.sql import functions as F
from pyspark.sql import types as T

from . import _spark_broadcast
from ._spark_reader import BODY, KIND, OUTCOME, Settings
from ._spark_resolve import resolve_robots
from .pandas import JOIN_COLUMNS, AgentLike, agent_names, check_join_columns
from .robots import DEFAULT_MAX_BYTES

__all__ = ["OUTPUT_COLUMNS", "join_robots", "resolve_robots", "with_origin"]

#: The columns join_robots adds (line with lines=True, opted_out_by with a purpose).
OUTPUT_COLUMNS = JOIN_COLUMNS


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
      rule decided (it comes from the same core calls as the verdicts);
    - ``disallowed_by``: the agents that may not fetch it (every agent when
      the robots.txt was unreachable); null when unknown;
    - ``opted_out_by`` (with a purpose): the agents that may fetch it but
      that the file opts it out of `purpose` for.

    Rows come out in the input's order when the archive is small enough to
    broadcast (at most 100,000 captures, whose bodies, cut at max_bytes,
    total 64 MiB at most) and `partitions` is not given, else grouped by
    origin (the shuffle; also under Spark Connect, which has no broadcast,
    and with PySpark before 4.0, which has no Arrow collect). `partitions`:
    how many partitions the URL rows are spread over first (round-robin for
    a broadcast archive, by origin for the shuffle); by default the URL
    table's own (broadcast) or spark.sql.shuffle.partitions (shuffle)."""
    listed, names = agent_names(agents)
    if purpose is not None:
        from .purpose import purpose_names

        purpose_names(purpose)
    if mode not in ("google", "rfc"):
        raise ValueError(f"mode must be 'google' or 'rfc', got {mode!r}")
    # As parse() checks it: here, before any job, so that both plans cut bodies the same way.
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or not 0 <= max_bytes <= 0x7FFFFFFF:
        raise ValueError(f"max_bytes must be a whole number from 0 to 2^31-1, got {max_bytes!r}")
    if partitions is not None and (isinstance(partitions, bool) or not isinstance(partitions, int) or partitions < 1):
        raise ValueError(f"partitions must be a whole number of at least 1, or None, got {partitions!r}")
    check_join_columns(urls.columns, url_col, lines, purpose, "join_robots")
    rows, schema, settings, shared = _plan(
        urls, robots, listed, names, url_col, purpose, mode, lines, max_bytes, partitions
    )
    if shared is not None:

        def each(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
            from robotsmatch._spark_broadcast import answer_partition

            yield from answer_partition(shared.value, settings, batches)

        return rows.mapInArrow(each, schema)

    def run(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        from robotsmatch._spark_reader import Partition

        yield from Partition(settings).run(batches)

    return rows.mapInArrow(run, schema)


def _plan(
    urls: DataFrame,
    robots: DataFrame,
    listed: list[AgentLike],
    names: list[str],
    url_col: str,
    purpose: str | None,
    mode: str,
    lines: bool,
    max_bytes: int,
    partitions: int | None,
) -> tuple[DataFrame, T.StructType, Settings, Broadcast[dict[str, tuple[str, bytes | None]]] | None]:
    """What join_robots' partition reader reads, the schema it answers in,
    its settings and the broadcast of the resolved archive: either the URL
    table as it is and the broadcast (an archive of at most BROADCAST_BYTES,
    see robotsmatch._spark_broadcast), or the URLs and each origin's capture
    in one table, partitioned and sorted by origin, and None. Apart so that
    bench/python/spark_join.py can time Spark's own work with a reader that
    does nothing."""
    context = _spark_context(urls)
    small = _spark_broadcast.resolve_on_driver(robots, max_bytes) if context is not None else None
    shared = None if context is None or small is None else context.broadcast(small)
    if shared is not None:
        both = urls if partitions is None else urls.repartition(partitions)
    else:
        resolved = resolve_robots(robots)
        keyed = with_origin(urls, url_col, "origin").withColumn(KIND, F.lit(1))
        captures = resolved.select(
            "origin",
            F.col("outcome").alias(OUTCOME),
            F.col("body").cast("binary").alias(BODY),
            F.lit(0).alias(KIND),
        )
        both = keyed.unionByName(captures, allowMissingColumns=True)
        both = (
            both.repartition(partitions, "origin") if partitions else both.repartition("origin")
        ).sortWithinPartitions(F.col("origin").asc_nulls_first(), KIND)

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
    settings = Settings(
        agents=listed,
        names=names,
        purpose=purpose,
        mode=mode,
        lines=lines,
        max_bytes=max_bytes,
        url_col=url_col,
        user_columns=[f.name for f in user_fields],
    )
    return both, schema, settings, shared


def _spark_context(urls: DataFrame) -> SparkContext | None:
    """The session's SparkContext, to broadcast with; None under Spark Connect, which has none (the shuffle
    answers the same)."""
    try:
        return urls.sparkSession.sparkContext
    except Exception:
        return None
