"""The redirects of an archive of robots.txt captures followed on the driver,
for robotsmatch.spark.resolve_robots: when the archive holds few captures,
their keys, statuses and Locations come to the driver in one job and every
hop is decided there by the same _hops as the join per hop does on Spark.
Spark's own cost is in its planning and jobs, not in these rows: a join, a
Python pass and a checkpoint per hop cost more CPU than the hops themselves
(a second of it for the 400 redirected origins of bench/python/spark_join.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import pyarrow as pa
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from . import archive as _archive

#: At most this many captures are brought to the driver (their key, status,
#: Location and first hop, not their bodies); a larger archive follows its
#: redirects by a join per hop on Spark.
DRIVER_CAPTURES = 100_000


def followed_on_driver(captures: DataFrame, body: str) -> list[DataFrame] | None:
    """The redirected origins' outcomes and bodies (origin, outcome, body)
    from `captures` (the latest capture of each key, with its first hop), as
    the tables to add to the others' (none when no origin is redirected);
    None when the archive has more than DRIVER_CAPTURES captures (the caller
    follows them on Spark)."""
    if DRIVER_CAPTURES <= 0:
        return None
    columns = ("key", "status", "location", "origin", "outcome", "next")
    rows = captures.select(*columns).limit(DRIVER_CAPTURES + 1).collect()
    if len(rows) > DRIVER_CAPTURES:
        return None
    reached = {row.key: (row.status, row.location) for row in rows}
    finals = follow(
        [(row.origin, row.next) for row in rows if row.origin is not None and row.outcome == "redirect"], reached
    )
    spark = captures.sparkSession
    tables = []
    others = [{"origin": origin, "outcome": outcome} for origin, outcome, _ in finals if outcome != "ok"]
    if others:
        tables.append(
            _table(spark, others, "origin string, outcome string").withColumn("body", F.lit(None).cast("binary"))
        )
    ends = [{"origin": origin, "target": target} for origin, outcome, target in finals if outcome == "ok"]
    if ends:
        # The body of the capture each chain ended on: the (few) chains broadcast, the captures read where they are.
        bodies = captures.select(F.col("key").alias("target"), F.col(body).alias("body"))
        chains = F.broadcast(_table(spark, ends, "origin string, target string"))
        tables.append(bodies.join(chains, "target").select("origin", F.lit("ok").alias("outcome"), "body"))
    return tables


def follow(
    pending: Sequence[tuple[str, str]], reached: Mapping[str, tuple[int | None, str | None]]
) -> list[tuple[str, str, str | None]]:
    """Where each redirected (origin, key of the capture its first hop leads
    to) ends: (origin, outcome, the key of the capture it ended on), every
    hop decided by _hops from `reached` (each capture's status and Location)."""
    finals: list[tuple[str, str, str | None]] = []
    for redirects in range(1, _archive.MAX_REDIRECTS + 1):
        if not pending:
            break
        pending = _hop(pending, reached, redirects, finals)
    return finals


def _table(spark: SparkSession, rows: Sequence[Mapping[str, str | None]], ddl: str) -> DataFrame:
    """A small table of the driver's rows, made in the JVM from one JSON text
    (createDataFrame would send the rows through a Python worker)."""
    return spark.range(1).select(F.inline(F.from_json(F.lit(json.dumps(rows)), f"array<struct<{ddl}>>")))


def _hop(
    pending: Sequence[tuple[str, str]],
    reached: Mapping[str, tuple[int | None, str | None]],
    redirects: int,
    finals: list[tuple[str, str, str | None]],
) -> list[tuple[str, str]]:
    """One hop of every pending (origin, next): the origins decided go to
    `finals` (origin, outcome, the key of the capture it ended on); the rest
    are returned, with the key to read next."""
    from ._spark_resolve import _hops

    captures = [reached.get(key) for _, key in pending]
    batch = pa.RecordBatch.from_arrays(
        [
            pa.array([origin for origin, _ in pending], pa.string()),
            pa.array([None if c is None else c[0] for c in captures], pa.int32()),
            pa.array([None if c is None else c[1] for c in captures], pa.string()),
            pa.array([None if c is None else key for (_, key), c in zip(pending, captures)], pa.string()),
        ],
        names=["origin", "status", "location", "target"],
    )
    decided = _hops(batch, redirects).to_pydict()
    still = []
    for origin, outcome, nxt, target in zip(decided["origin"], decided["outcome"], decided["next"], decided["target"]):
        if outcome == "redirect":
            still.append((origin, nxt))
        else:
            finals.append((origin, outcome, target))
    return still
