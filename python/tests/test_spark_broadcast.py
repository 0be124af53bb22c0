"""The reader of join_robots' broadcast path (robotsmatch._spark_broadcast) on
its own, without Spark: a partition's URL batches, taken in chunks, answered
in the order they came, each row as check() answers it."""

from __future__ import annotations

import random

import pyarrow as pa
import pytest

pytest.importorskip("pyspark")

import robotsmatch
from robotsmatch import _spark_broadcast
from robotsmatch._spark_reader import Settings

BODIES = {
    "https://a.example": "User-agent: *\nDisallow: /private\nAllow: /private/open\n",
    "https://b.example": "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp$\n",
    "http://c.example:8080": "User-agent: Googlebot\nDisallow: /*.pdf$\n",
}
RESOLVED = {
    **{origin: ("ok", body.encode()) for origin, body in BODIES.items()},
    "https://down.example": ("unreachable", None),
    "https://gone.example": ("unavailable", None),
}
AGENTS = ["Googlebot", "GPTBot"]
PATHS = ["/", "/private", "/private/open", "/tmp", "/tmp/x", "/doc.pdf", "/doc.pdf?x=1"]


def _settings(lines: bool) -> Settings:
    return Settings(
        agents=list(AGENTS),
        names=list(AGENTS),
        purpose=None,
        mode="google",
        lines=lines,
        max_bytes=512_000,
        url_col="url",
        user_columns=["id", "url"],
    )


def _batches(rng: random.Random) -> tuple[list[str | None], list[pa.RecordBatch]]:
    """URLs of every origin (and of one the archive lacks, and none), shuffled, in batches of 7."""
    origins = [*RESOLVED, "https://unknown.example"]
    urls: list[str | None] = [o + p for o in origins for p in PATHS] + [None, "ftp://x.example/a", "not a url"]
    rng.shuffle(urls)
    batches = [
        pa.record_batch(
            {"id": pa.array(range(i, min(i + 7, len(urls)))), "url": pa.array(urls[i : i + 7], pa.string())}
        )
        for i in range(0, len(urls), 7)
    ]
    return urls, batches


def _expected(url: str | None, lines: bool) -> tuple[object, ...]:
    origin = None if url is None else robotsmatch.archive.origin_of(url)
    if origin is None:
        return (None, "invalid", None, None if url is None else 0, None) if lines else (None, "invalid", None, None)
    outcome = RESOLVED.get(origin, ("unknown", None))[0]
    if outcome == "unknown":
        return (origin, outcome, None, 0, None) if lines else (origin, outcome, None, None)
    if outcome != "ok":
        blocked = list(AGENTS) if outcome == "unreachable" else []
        return (origin, outcome, not blocked, 0, blocked) if lines else (origin, outcome, not blocked, blocked)
    parsed = robotsmatch.parse(BODIES[origin])
    verdicts = [parsed.check(url, agent) for agent in AGENTS]
    blocked = [a for a, v in zip(AGENTS, verdicts) if not v.allowed]
    line = verdicts[AGENTS.index(blocked[0])].line if blocked else verdicts[0].line
    return (origin, "ok", not blocked, line, blocked) if lines else (origin, "ok", not blocked, blocked)


@pytest.mark.parametrize("lines", [True, False])
@pytest.mark.parametrize("chunk_rows", [1, 5, 1 << 20])
def test_a_partition_in_chunks_of_any_size_is_answered_in_its_order_as_check_answers(monkeypatch, lines, chunk_rows):
    monkeypatch.setattr(_spark_broadcast, "CHUNK_ROWS", chunk_rows)
    urls, batches = _batches(random.Random(chunk_rows))
    out = list(_spark_broadcast.answer_partition(RESOLVED, _settings(lines), iter(batches)))
    # One batch out for each batch in, the same rows, in the same order.
    assert [b.num_rows for b in out] == [b.num_rows for b in batches]
    table = pa.Table.from_batches(out)
    assert table.column("id").to_pylist() == list(range(len(urls)))
    assert table.column("url").to_pylist() == urls
    added = ["origin", "outcome", "allowed", *(["line"] if lines else []), "disallowed_by"]
    assert table.column_names == ["id", "url", *added]
    got = list(zip(*(table.column(name).to_pylist() for name in added)))
    assert got == [_expected(url, lines) for url in urls]


def test_empty_batches_and_an_empty_partition_give_nothing():
    settings = _settings(True)
    empty = pa.record_batch({"id": pa.array([], pa.int64()), "url": pa.array([], pa.string())})
    assert list(_spark_broadcast.answer_partition(RESOLVED, settings, iter([]))) == []
    assert list(_spark_broadcast.answer_partition(RESOLVED, settings, iter([empty, empty]))) == []


def test_a_chunk_ends_at_chunk_bytes_of_urls(monkeypatch):
    """A partition of long URLs is answered before CHUNK_ROWS is reached: memory holds CHUNK_BYTES of URLs."""
    monkeypatch.setattr(_spark_broadcast, "CHUNK_BYTES", 1)
    seen: list[int] = []
    chunk = _spark_broadcast._ResolvedJoin.chunk

    def counting(self, batches):
        seen.append(len(batches))
        return chunk(self, batches)

    monkeypatch.setattr(_spark_broadcast._ResolvedJoin, "chunk", counting)
    _, batches = _batches(random.Random(3))
    out = list(_spark_broadcast.answer_partition(RESOLVED, _settings(False), iter(batches)))
    assert seen == [1] * len(batches) and len(out) == len(batches)
