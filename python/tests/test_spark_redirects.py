"""robotsmatch.spark.resolve_robots' redirects, followed on the driver for a
small archive and by a join per hop on Spark for a larger one: the same
outcomes and bodies as robotsmatch.archive either way. The SparkSession is
conftest.py's (test_spark.py says how it runs)."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspark")
pytest.importorskip("pyarrow")

from robotsmatch.archive import Archive, capture_origin

AT = ("2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z")


def _chains():
    """Captures (url, status, location, fetched_at) of origins r0 to r10: ok
    after 0, 1, 2 and 5 redirects, 6 redirects, a loop, a redirect out of the
    archive, and several captures of one URL (the latest decides: a redirect
    after a 200, a 200 after a redirect, a redirect to a URL fetched twice)."""
    h, ok = "https://r{}.example", 200
    chains = [[(h.format(0) + "/robots.txt", ok, None, None)], [(h.format(1) + "/robots.txt", 404, None, None)]]
    chains.append([("http://r2.example/robots.txt", 301, h.format(2) + "/robots.txt", None)])
    chains[-1].append((h.format(2) + "/robots.txt", ok, None, None))
    for hops, n in ((2, 3), (5, 4), (6, 5)):
        path = [h.format(n) + "/robots.txt"] + [h.format(n) + f"/r{k}.txt" for k in range(1, hops + 1)]
        chains.append([(a, 301 if k % 2 else 302, b, None) for k, (a, b) in enumerate(zip(path, path[1:]))])
        chains[-1].append((path[-1], ok, None, None))
    chains.append(
        [(h.format(6) + "/robots.txt", 302, "/a.txt", None), (h.format(6) + "/a.txt", 301, "/robots.txt", None)]
    )
    chains.append([(h.format(7) + "/robots.txt", 308, "https://nowhere.example/robots.txt", None)])
    r8, r9, r10 = (h.format(n) for n in (8, 9, 10))
    chains.append([(r8 + "/robots.txt", ok, None, AT[0]), (r8 + "/robots.txt", 301, "/b.txt", AT[1])])
    chains[-1].append((r8 + "/b.txt", ok, None, None))
    chains.append([(r9 + "/robots.txt", 301, "/b.txt", AT[0]), (r9 + "/robots.txt", ok, None, AT[1])])
    chains.append([(r10 + "/robots.txt", 302, "/c.txt", None), (r10 + "/c.txt", 404, None, AT[0])])
    chains[-1].append((r10 + "/c.txt", ok, None, AT[1]))
    body = "User-agent: *\nDisallow: /{}\n"
    return [[(url, status, loc, body.format(url).encode(), at) for url, status, loc, at in c] for c in chains]


SCHEMA = "url string, status int, location string, body binary, fetched_at string"


def _as_the_archive_resolves(captures):
    """robotsmatch.archive's resolution of every origin (outcome, body), and the (outcome, redirects) seen."""
    archive = Archive([dict(zip(("url", "status", "location", "body", "fetched_at"), c)) for c in captures])
    want, seen = {}, set()
    for origin in {capture_origin(url) for url, *_ in captures} - {None}:
        r = archive.resolve(origin + "/")
        want[origin] = (r.outcome, r.capture.body if r.outcome == "ok" else None)
        seen.add((r.outcome, r.redirects))
    archive.close()
    return want, seen


def _resolved_as_the_archive_resolves(spark, captures):
    """resolve_robots' rows against robotsmatch.archive's resolution of every origin; the (outcome, redirects) seen."""
    from robotsmatch.spark import resolve_robots

    rows = resolve_robots(spark.createDataFrame(captures, SCHEMA)).collect()
    got = {r.origin: (r.outcome, None if r.body is None else bytes(r.body)) for r in rows}
    want, seen = _as_the_archive_resolves(captures)
    assert len(rows) == len(got)
    assert got == want
    return seen


def test_a_small_archive_resolved_on_the_driver_for_a_broadcast_resolves_as_the_archive(spark, monkeypatch):
    """join_robots' broadcast path resolves the captures on the driver
    (robotsmatch._spark_broadcast): every chain as robotsmatch.archive
    resolves it, bodies cut at max_bytes; an archive over DRIVER_CAPTURES
    captures or BROADCAST_BYTES of bodies is left to Spark (None)."""
    import robotsmatch._spark_broadcast as broadcast
    import robotsmatch._spark_redirects as redirects

    captures = [c for chain in _chains() for c in chain]
    table = spark.createDataFrame(captures, SCHEMA)
    want, _ = _as_the_archive_resolves(captures)
    assert broadcast.resolve_on_driver(table, 512_000) == want
    cut = {origin: (outcome, None if body is None else body[:10]) for origin, (outcome, body) in want.items()}
    assert broadcast.resolve_on_driver(table, 10) == cut
    monkeypatch.setattr(redirects, "DRIVER_CAPTURES", len(captures) - 1)
    assert broadcast.resolve_on_driver(table, 512_000) is None
    monkeypatch.setattr(redirects, "DRIVER_CAPTURES", len(captures))
    monkeypatch.setattr(broadcast, "BROADCAST_BYTES", sum(len(c[3]) for c in captures) - 1)
    assert broadcast.resolve_on_driver(table, 512_000) is None


@pytest.mark.parametrize("on_driver", [100_000, 3], ids=["on the driver", "on Spark"])
def test_redirects_of_0_to_6_hops_resolve_as_the_archive_resolves_them(spark, monkeypatch, on_driver):
    import robotsmatch._spark_redirects as redirects

    monkeypatch.setattr(redirects, "DRIVER_CAPTURES", on_driver)  # 3: more captures than that, so a join per hop
    seen = _resolved_as_the_archive_resolves(spark, [c for chain in _chains() for c in chain])
    assert {("ok", n) for n in (0, 1, 2, 5)} <= seen
    assert {("unavailable", 5), ("unknown", 1)} <= seen


@pytest.mark.parametrize("on_driver", [100_000, 0], ids=["on the driver", "on Spark"])
def test_an_archive_with_no_redirect_gives_its_origins_alone(spark, monkeypatch, on_driver):
    import robotsmatch._spark_redirects as redirects

    monkeypatch.setattr(redirects, "DRIVER_CAPTURES", on_driver)
    captures = [c for chain in _chains()[:2] for c in chain]
    assert _resolved_as_the_archive_resolves(spark, captures) == {("ok", 0), ("unavailable", 0)}
