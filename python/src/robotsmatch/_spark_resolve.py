"""Each origin's outcome and robots.txt body, from a table of captures on
Spark: the first half of robotsmatch.spark.join_robots, usable on its own as
robotsmatch.spark.resolve_robots. Every rule it applies is robotsmatch.archive's
(capture keys, fetched_at, redirect hops), the same as the Node archive join."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator

import pyarrow as pa
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F
from pyspark.sql import types as T
from pyspark.sql.window import Window

from . import archive as _archive

# The body column's name while captures are resolved (out of the way of any column the caller's table has).
from ._spark_reader import BODY as _BODY
from ._spark_redirects import followed_on_driver


def resolve_robots(robots: DataFrame) -> DataFrame:
    """Each origin's outcome and the body to parse, from the captures:
    columns origin, outcome (ok, unavailable, unreachable or unknown) and
    body (the robots.txt to parse when ok, after any redirects).

    A capture is named by ``url`` (any URL, as in a JSON Lines archive: a
    redirect may lead to a page that is not a robots.txt) or by ``origin``
    (its robots.txt); a table with both columns is read by url where it is
    not null. Of several captures of one URL the latest by
    ``fetched_at`` is used: a timestamp, a date (its midnight UTC), epoch
    milliseconds, or text read as archive.fetched_at_ms reads it (RFC 3339,
    UTC when it names no zone, or an HTTP date; a number written as text,
    as Spark's JSON reader writes one in a column that also holds text, is
    milliseconds); a timestamp with no zone is UTC, whatever the session's
    time zone. A capture whose fetched_at is none of these is left out,
    as archive.Archive.add refuses it. Redirects are followed at most
    archive.MAX_REDIRECTS times, each hop decided by archive.hop(): on the
    driver when the archive has at most _spark_redirects.DRIVER_CAPTURES
    captures (their keys, statuses and Locations, not their bodies, come to
    it in one job), else by joins, one per hop. A row
    whose url (or origin) is not http(s) names no capture and is left out
    (archive.Archive.add refuses one with a ValueError): one bad row does
    not stop the job."""
    captures = capture_columns(robots)

    def keys(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        from robotsmatch._spark_resolve import _capture_keys

        for batch in batches:
            yield _capture_keys(batch)

    # Each capture's key and its own first hop come from one pass over the
    # captures (the hop reads the capture's status and location only), so the
    # bodies go through Python once; the latest capture of each key is kept,
    # and the result is checkpointed: the hops and the bodies below read it,
    # not the archive again.
    captures = captures.mapInArrow(
        keys,
        f"key string, status int, location string, {_BODY} binary, at double, origin string, outcome string, next string",
    ).filter(F.col("key").isNotNull())
    # One capture per URL: the latest fetched (ties and missing dates: the first by status, location, body).
    latest = Window.partitionBy("key").orderBy(F.col("at").desc_nulls_last(), "status", "location", _BODY)
    # (n and at stay: every reader below selects its columns.)
    captures = captures.withColumn("n", F.row_number().over(latest)).filter("n = 1").localCheckpoint()

    hop_schema = "origin string, outcome string, next string, target string"
    meta = captures.select("key", "status", "location")

    def hop_from(redirects: int) -> Callable[[Iterator[pa.RecordBatch]], Iterator[pa.RecordBatch]]:
        def run(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
            from robotsmatch._spark_resolve import _hops

            for batch in batches:
                yield _hops(batch, redirects)

        return run

    # An origin starts at the capture of its robots.txt (origin not null): an
    # outcome decided there takes its body from the same row, with no join.
    direct = captures.filter("origin IS NOT NULL AND outcome != 'redirect'").select(
        "origin", "outcome", F.when(F.col("outcome") == "ok", F.col(_BODY)).alias("body")
    )
    # The rest follow redirects: on the driver when the archive is small enough.
    tables = followed_on_driver(captures, _BODY)
    if tables is not None:
        for table in tables:
            direct = direct.unionByName(table)
        return direct
    # Else a join per hop (each row: origin, status and location of the
    # capture reached, its key; target null: the archive holds none).
    pending = captures.filter("origin IS NOT NULL AND outcome = 'redirect'").select("origin", "next")
    if pending.isEmpty():
        return direct
    finals = []
    for redirects in range(1, _archive.MAX_REDIRECTS + 1):
        reached = pending.join(meta, pending["next"] == meta["key"], "left").select(
            "origin", "status", "location", F.col("key").alias("target")
        )
        decided = reached.mapInArrow(hop_from(redirects), hop_schema).localCheckpoint()
        finals.append(decided.filter(F.col("outcome") != "redirect").select("origin", "outcome", "target"))
        pending = decided.filter(F.col("outcome") == "redirect").select("origin", "next")
        if pending.isEmpty():
            break
    followed = finals[0]
    for more in finals[1:]:
        followed = followed.unionByName(more)
    # The body comes from the capture the chain ended on.
    bodies = captures.select(F.col("key").alias("target"), F.col(_BODY).alias("body"))
    followed = followed.join(bodies, "target", "left").select(
        "origin", "outcome", F.when(F.col("outcome") == "ok", F.col("body")).alias("body")
    )
    return direct.unionByName(followed)


def capture_columns(robots: DataFrame) -> DataFrame:
    """The captures as _capture_keys reads them: named (the url, else the
    origin), is_url, status, location, the body (bytes) and fetched_at as
    (at, at_text); a ValueError when the table lacks a column it needs."""
    columns = set(robots.columns)
    if not ({"url", "origin"} & columns) or not {"status", "body"} <= columns:
        raise ValueError(
            "robots needs the columns url (or origin), status and body, and may have location and fetched_at; "
            f"it has {', '.join(robots.columns)}"
        )
    url = F.col("url").cast("string") if "url" in columns else F.lit(None).cast("string")
    origin = F.col("origin").cast("string") if "origin" in columns else F.lit(None).cast("string")
    location = F.col("location").cast("string") if "location" in columns else F.lit(None).cast("string")
    at, at_text = _fetched_at(robots)
    return robots.select(
        F.coalesce(url, origin).alias("named"),
        url.isNotNull().alias("is_url"),
        F.col("status").cast("int").alias("status"),
        location.alias("location"),
        F.col("body").cast("binary").alias(_BODY),
        at.alias("at"),
        at_text.alias("at_text"),
    )


def _fetched_at(robots: DataFrame) -> tuple[Column, Column]:
    """fetched_at as (at, at_text): ms since 1970 to order captures by, or
    the text _capture_keys reads with archive.fetched_at_ms (the grammar Node
    reads); both None when absent. A timestamp is an instant and a number ms;
    text, a date and a timestamp with no zone go to Python as text, so that
    they are UTC as in the archive, not in the session's time zone (which
    casting them to a timestamp would use), and text is read by one grammar,
    not by to_timestamp's."""
    none = F.lit(None)
    if "fetched_at" not in robots.columns:
        return none.cast("double"), none.cast("string")
    kind = robots.schema["fetched_at"].dataType
    if isinstance(kind, T.TimestampType):
        return F.unix_millis(F.col("fetched_at")).cast("double"), none.cast("string")
    if isinstance(kind, T.NumericType):
        return F.col("fetched_at").cast("double"), none.cast("string")
    return none.cast("double"), F.col("fetched_at").cast("string")


# A JSON number as Spark's JSON reader writes it in a text column (a fetched_at
# column holding numbers and strings is read as text): ms, as the number.
_NUMBER_TEXT = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")


def _fetched_at_of_text(text: str | None, at: float | None) -> float | None:
    """A capture's ms from its fetched_at text; NaN when the text is not a date (the capture is left out)."""
    if text is None:
        return at
    if _NUMBER_TEXT.fullmatch(text):
        text = float(text)  # type: ignore[assignment]
    try:
        return _archive.fetched_at_ms(text)
    except ValueError:
        return math.nan


def _capture_keys(batch: pa.RecordBatch) -> pa.RecordBatch:
    """Each capture's key (archive.capture_key of its URL, or of its
    origin's robots.txt) and its first hop (_hops at 0: the origin whose
    robots.txt it is, the outcome read there, the URL a redirect leads to)."""
    named = batch.column("named").to_pylist()
    is_url = batch.column("is_url").to_pylist()
    ats = [
        _fetched_at_of_text(text, at)
        for text, at in zip(batch.column("at_text").to_pylist(), batch.column("at").to_pylist())
    ]
    # A capture whose fetched_at is not a date is left out, as one whose URL is not http(s) (archive.Archive.add refuses both).
    keys = [
        None
        if name is None or (at is not None and math.isnan(at))
        else _archive.capture_key(name if by_url else _archive.robots_url(name.rstrip("/")))
        for name, by_url, at in zip(named, is_url, ats)
    ]
    key_array = pa.array(keys, pa.string())
    first = _hops(
        pa.RecordBatch.from_arrays(
            [key_array, batch.column("status"), batch.column("location"), key_array],
            names=["origin", "status", "location", "target"],
        ),
        0,
    )
    return pa.RecordBatch.from_arrays(
        [
            key_array,
            batch.column("status"),
            batch.column("location"),
            batch.column(_BODY),
            pa.array(ats, pa.float64()),
            first.column("origin"),
            first.column("outcome"),
            first.column("next"),
        ],
        names=["key", "status", "location", _BODY, "at", "origin", "outcome", "next"],
    )


def _hops(batch: pa.RecordBatch, redirects: int) -> pa.RecordBatch:
    """One hop for each row (origin, status, location, target): the final
    outcome, or 'redirect' and the key of the capture to read next. At the
    first hop, `origin` is a capture's key, and becomes its origin (null for a
    capture that is no origin's robots.txt, or that has no key)."""
    columns = batch.to_pydict()
    origins: list[str | None] = []
    outcomes: list[str | None] = []
    nexts: list[str | None] = []
    targets: list[str | None] = columns["target"]
    for origin, status, location, target in zip(columns["origin"], columns["status"], columns["location"], targets):
        if redirects == 0:
            origin = None if origin is None else _archive.capture_origin(origin)
            if origin is None:
                origins.append(None)
                outcomes.append(None)
                nexts.append(None)
                continue
        origins.append(origin)
        if target is None:
            # The redirect leads to a URL the archive holds no capture of.
            outcomes.append(_archive.OUT_OF_ARCHIVE)
            nexts.append(None)
            continue
        step = _archive.hop(status, location, target, redirects)
        outcomes.append(step.outcome)
        nexts.append(None if step.next is None else (_archive.capture_key(step.next) or step.next))
    return pa.RecordBatch.from_arrays(
        [
            pa.array(origins, pa.string()),
            pa.array(outcomes, pa.string()),
            pa.array(nexts, pa.string()),
            pa.array(targets, pa.string()),
        ],
        names=["origin", "outcome", "next", "target"],
    )
