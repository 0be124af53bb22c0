"""robotsmatch.spark on real Spark, in local-cluster mode: a master and two
workers, each executor a JVM of its own with Python workers of its own,
which import robotsmatch from this virtual environment as a cluster's
executors would from theirs.

pip's pyspark runs local-cluster once SPARK_HOME is a folder with its bin/
and jars/ (the executors are started from SPARK_HOME/jars, and the workers
write their logs under SPARK_HOME/work: a folder of links keeps those out of
site-packages) and the driver binds to 127.0.0.1. Set
ROBOTSMATCH_SPARK_MASTER=local[2] to run the same tests in one JVM.

One SparkSession for the test run (conftest.py); each test is one join."""

from __future__ import annotations

import base64
import json
import os
import pathlib
import random
import time

import pytest

pyspark = pytest.importorskip("pyspark")
pytest.importorskip("pyarrow")

from conftest import SPARK_MASTER as MASTER

import robotsmatch
from robotsmatch.archive import Archive, origin_of

REPO = pathlib.Path(__file__).resolve().parents[2]
VECTORS = REPO / "test" / "vectors" / "archive-outcomes.json"


@pytest.fixture(params=["broadcast", "shuffle"])
def join_path(request, monkeypatch):
    """Both ways join_robots answers: a small archive sent to every Python
    worker (the URL table read as it is), and the shuffle by origin that an
    archive over BROADCAST_BYTES takes (set to -1 here: every archive)."""
    if request.param == "shuffle":
        monkeypatch.setattr("robotsmatch._spark_broadcast.BROADCAST_BYTES", -1)
    return request.param


def test_executors_are_processes_of_their_own_that_import_robotsmatch(spark):
    sc = spark.sparkContext
    seen = sc.parallelize(range(8), 4).map(lambda _: (os.getpid(), __import__("robotsmatch").__file__)).collect()
    if MASTER.startswith("local-cluster"):
        # The driver and two executors, each a JVM started by a worker (they register as they come up).
        deadline = time.monotonic() + 120
        while sc._jsc.sc().getExecutorMemoryStatus().size() < 3 and time.monotonic() < deadline:
            time.sleep(1)
        assert sc._jsc.sc().getExecutorMemoryStatus().size() == 3
    assert os.getpid() not in {pid for pid, _ in seen}
    assert {path for _, path in seen} == {robotsmatch.__file__}


def _body(capture):
    if capture.get("body_base64") is not None:
        return base64.b64decode(capture["body_base64"])
    body = capture.get("body")
    return None if body is None else body.encode("utf-8")


def test_the_archive_vectors_node_asserts(spark, join_path):
    """test/vectors/archive-outcomes.json, the cases Node's archive join and
    robotsmatch.archive answer: every case's captures in one robots table
    (their hosts are distinct), every URL in one URL table, one join."""
    from robotsmatch.spark import join_robots

    vectors = json.loads(VECTORS.read_text("utf-8"))
    cases = vectors["cases"]
    agents = vectors["agents"]
    captures = [
        (c["url"], c.get("status"), c.get("location"), _body(c), c.get("fetched_at"))
        for case in cases
        for c in case["captures"]
    ]
    robots = spark.createDataFrame(captures, "url string, status int, location string, body binary, fetched_at string")
    expected = {}
    for number, case in enumerate(cases):
        for v in case["verdicts"]:
            expected.setdefault(v["url"], {"case": number})[v["agent"]] = v
    urls = spark.createDataFrame([(url, e["case"]) for url, e in expected.items()], "url string, case int")
    rows = join_robots(urls, robots, agents, purpose="train-ai").collect()
    assert sorted(r.url for r in rows) == sorted(expected)
    for row in rows:
        case = cases[row.case]
        want = expected[row.url]
        origin = origin_of(row.url)
        assert row.origin == origin
        if origin in case["origins"]:
            assert row.outcome == case["origins"][origin], (case["name"], row.url)
        reported = None
        for agent in agents:
            v = want.get(agent)
            if v is None:
                continue
            if v["allowed"] is None:
                assert row.outcome == "unknown" and row.allowed is None and row.disallowed_by is None, (
                    case["name"],
                    row,
                )
                assert row.line == 0
                continue
            assert (agent not in row.disallowed_by) == v["allowed"], (case["name"], row.url, agent)
            if "optedOut" in v:
                assert (agent in row.opted_out_by) == v["optedOut"], (case["name"], row.url, agent)
        if row.allowed is not None:
            blocked = [a for a in agents if a in row.disallowed_by or a in row.opted_out_by]
            reported = blocked[0] if blocked else agents[0]
            if reported in want:
                assert row.line == want[reported]["line"], (case["name"], row.url, reported)


def _random_archive(rng: random.Random):
    """Captures of 40 hosts in every state an archive holds, and URLs interleaved over them and 5 hosts it does not hold."""
    paths = [
        "/",
        "/private",
        "/private/x",
        "/a",
        "/a/b",
        "/shop?id=1",
        "/x.pdf",
        "/search",
        "/img/p.png",
        "/%7Euser",
        "/caf%C3%A9",
    ]
    rules = [
        "Disallow: /private",
        "Allow: /private/x",
        "Disallow: /*.pdf$",
        "Disallow: /search",
        "Allow: /",
        "Disallow: /a/",
        "Disallow: /shop?",
        "Disallow: /~user",
        "Content-Signal: ai-train=no",
        "Disallow: /img/",
    ]
    captures = []
    hosts = [f"https://h{i}.example" for i in range(40)]
    for i, host in enumerate(hosts):
        kind = i % 10
        if kind <= 3:
            groups = []
            for agent in rng.sample(["*", "GPTBot", "Googlebot", "CCBot"], rng.randint(1, 3)):
                groups.append(f"User-agent: {agent}\n" + "\n".join(rng.sample(rules, rng.randint(0, 4))) + "\n")
            captures.append({"url": host + "/robots.txt", "status": 200, "body": "\n".join(groups)})
        elif kind == 4:
            captures.append({"url": host + "/robots.txt", "status": rng.choice([404, 410, 403])})
        elif kind == 5:
            captures.append({"url": host + "/robots.txt", "status": rng.choice([500, 503, 429, None])})
        elif kind == 6:
            # http:// redirects to https://, whose capture decides.
            captures.append(
                {
                    "url": host.replace("https:", "http:") + "/robots.txt",
                    "status": 301,
                    "location": host + "/robots.txt",
                }
            )
            captures.append({"url": host + "/robots.txt", "status": 200, "body": "User-agent: *\nDisallow: /a\n"})
            hosts.append(host.replace("https:", "http:"))
        elif kind == 7:
            captures.append({"url": host + "/robots.txt", "status": 302, "location": "/moved/robots.txt"})
            captures.append({"url": host + "/moved/robots.txt", "status": 200, "body": "User-agent: *\nDisallow: /x\n"})
        elif kind == 8:
            captures.append(
                {"url": host + "/robots.txt", "status": 301, "location": "https://nowhere.example/robots.txt"}
            )
        else:
            other = hosts[i - 9]
            captures.append({"url": host + "/robots.txt", "status": 308, "location": other + "/robots.txt"})
    hosts += [f"https://absent{i}.example" for i in range(5)]
    urls = [rng.choice(hosts) + rng.choice(paths) for _ in range(600)]
    urls += ["not a url", None, "ftp://h1.example/a"]
    rng.shuffle(urls)
    return captures, urls


def test_a_random_archive_gives_what_robotsmatch_archive_gives(spark, join_path):
    """Every verdict of the join equals robotsmatch.archive's for the same
    captures (named by origin this time, as a crawl's table would be), for
    three agents and a purpose; the URL table's other columns come through."""
    from pyspark.sql import Row

    from robotsmatch.spark import join_robots

    rng = random.Random(31)
    captures, urls = _random_archive(rng)
    # Captures of a robots.txt named by origin, as a crawl's table would have
    # them; the redirect targets that are other pages named by url.
    rows = []
    for c in captures:
        named_by_origin = c["url"].endswith("/robots.txt") and "/moved/" not in c["url"]
        rows.append(
            (
                None if named_by_origin else c["url"],
                origin_of(c["url"]) if named_by_origin else None,
                c["status"],
                c.get("location"),
                c.get("body"),
            )
        )
    robots = spark.createDataFrame(rows, "url string, origin string, status int, location string, body string")

    agents = ["Googlebot", robotsmatch.crawler("GPTBot"), "CCBot"]
    names = ["Googlebot", "GPTBot", "CCBot"]
    table = spark.createDataFrame(
        [Row(id=i, url=u, meta=Row(depth=i % 3, source="crawl"), tags=[i, i + 1]) for i, u in enumerate(urls)],
        "id long, url string, meta struct<depth:int,source:string>, tags array<int>",
    )
    rows = join_robots(table, robots, agents, purpose="train-ai").collect()
    assert sorted(r.id for r in rows) == list(range(len(urls)))

    archive = Archive(captures)
    for row in rows:
        url = urls[row.id]
        assert (
            row.url == url
            and row.meta.depth == row.id % 3
            and row.meta.source == "crawl"
            and row.tags == [row.id, row.id + 1]
        )
        if url is None or origin_of(url) is None:
            # No usable URL (none, or no http(s) origin): "invalid", as the CLI answers both.
            assert row.origin is None and row.outcome == "invalid"
            assert row.allowed is None
            continue
        verdicts = [archive.check(url, agent) for agent in agents]
        assert row.outcome == verdicts[0].outcome, url
        if row.outcome == "unknown":
            assert row.allowed is None and row.disallowed_by is None and row.line == 0
            continue
        assert row.disallowed_by == [n for n, v in zip(names, verdicts) if v.allowed is False], url
        robots_file = archive.robots(url)
        opted = []
        if robots_file is not None:
            opted = [
                n for n, a in zip(names, agents) if robots_file.for_agent(a, "train-ai").match_many([url]) == b"\x02"
            ]
        assert row.opted_out_by == opted, url
        assert row.allowed == (not row.disallowed_by and not opted)
        blocked = [k for k, n in enumerate(names) if n in row.disallowed_by or n in opted]
        assert row.line == verdicts[blocked[0] if blocked else 0].line, url
    archive.close()


def test_odd_urls_get_the_origins_and_outcomes_node_gives_them(spark, join_path):
    """test/vectors/archive-origins.json in one join: odd capture URLs and
    Locations in the robots table, odd URLs (and ones with no http(s) origin,
    which are unknown) in the URL table; each row as Node's join answers it."""
    from robotsmatch.spark import join_robots

    vectors = json.loads((REPO / "test" / "vectors" / "archive-origins.json").read_text("utf-8"))
    robots = spark.createDataFrame(
        [(c["url"], c["status"], c.get("location"), c.get("body")) for c in vectors["captures"]],
        "url string, status int, location string, body string",
    )
    # Spark strings are UTF-8, which cannot hold a lone surrogate.
    cases = [u for u in vectors["urls"] if "\ud800" not in u["url"]]
    urls = spark.createDataFrame([(i, u["url"]) for i, u in enumerate(cases)], "id int, url string")
    rows = sorted(join_robots(urls, robots, vectors["agent"]).collect(), key=lambda r: r.id)
    assert len(rows) == len(cases)
    for row, u in zip(rows, cases):
        origin = None if u["robotsUrl"] is None else u["robotsUrl"][: -len("/robots.txt")]
        assert (row.origin, row.outcome, row.allowed, row.line) == (origin, u["outcome"], u["allowed"], u["line"]), u[
            "url"
        ]


def test_fetched_at_is_read_as_the_archive_reads_it_whatever_the_session_time_zone(spark, tmp_path, join_path):
    """Captures dated in different spellings (test/vectors/archive-dates.json's
    winners, with a distinct order) pick the capture robotsmatch.archive picks,
    in a session whose time zone is not UTC: text by the archive's grammar (a
    time with no zone is UTC), read by spark.read.json from a JSON Lines file
    whose fetched_at holds numbers and text; a capture whose date is not one
    is left out."""
    from datetime import date, datetime

    from robotsmatch.spark import join_robots

    winners = json.loads((REPO / "test" / "vectors" / "archive-dates.json").read_text("utf-8"))["winners"]
    # Spark has no order of rows: at one instant it takes the first by status, not the last added.
    cases = [w for w in winners if w["outcome"][0] == w["outcome"][1]]
    # A time with no zone that is later in UTC and earlier in Tokyo; then a date that is not one, beside a good one and alone.
    cases.append(
        {
            "captures": [
                {"url": "", "status": 200, "body": "", "fetched_at": "2024-06-01 12:00:00"},
                {"url": "", "status": 404, "fetched_at": "2024-06-01T10:00:00Z"},
            ],
            "outcome": ["ok"],
        }
    )
    cases.append(
        {
            "captures": [
                {"url": "", "status": 200, "body": "", "fetched_at": "2024-02-30"},
                {"url": "", "status": 404, "fetched_at": "2024-01-01"},
            ],
            "outcome": ["unavailable"],
        }
    )
    cases.append(
        {"captures": [{"url": "", "status": 200, "body": "", "fetched_at": "20240601T120000"}], "outcome": ["unknown"]}
    )
    lines = []
    for i, case in enumerate(cases):
        for c in case["captures"]:
            lines.append(json.dumps({**c, "url": f"https://w{i}.test/robots.txt"}))
    path = tmp_path / "captures.jsonl"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    saved = spark.conf.get("spark.sql.session.timeZone")
    spark.conf.set("spark.sql.session.timeZone", "Asia/Tokyo")
    try:
        robots = spark.read.json(str(path))
        assert robots.schema["fetched_at"].dataType.typeName() == "string"
        urls = spark.createDataFrame([(i, f"https://w{i}.test/x") for i in range(len(cases))], "id int, url string")
        rows = sorted(join_robots(urls, robots, "Googlebot").collect(), key=lambda r: r.id)
        assert [r.outcome for r in rows] == [c["outcome"][0] for c in cases]
        with Archive(
            [
                {**c, "url": f"https://w{i}.test/robots.txt"}
                for i, case in enumerate(cases[:-2])
                for c in case["captures"]
            ]
        ) as archive:
            assert [archive.outcome(f"https://w{i}.test/x") for i in range(len(cases) - 2)] == [
                c["outcome"][0] for c in cases[:-2]
            ]

        # A timestamp with no zone and a date still order their captures (each column is read in one zone: UTC).
        for kind, early, late in (
            ("timestamp_ntz", datetime(2024, 6, 1, 10), datetime(2024, 6, 1, 12)),
            ("date", date(2024, 6, 1), date(2024, 6, 2)),
        ):
            robots = spark.createDataFrame(
                [("https://a.test/robots.txt", 200, "", late), ("https://a.test/robots.txt", 404, None, early)],
                f"url string, status int, body string, fetched_at {kind}",
            )
            assert [
                r.outcome
                for r in join_robots(
                    spark.createDataFrame([("https://a.test/x",)], "url string"), robots, "Googlebot"
                ).collect()
            ] == ["ok"], kind
    finally:
        spark.conf.set("spark.sql.session.timeZone", saved)


def test_lines_can_be_left_out_and_the_table_is_checked_first(spark, join_path):
    from robotsmatch.spark import join_robots

    urls = spark.createDataFrame([("https://a.example/x",)], "url string")
    robots = spark.createDataFrame(
        [("https://a.example", 200, "User-agent: *\nDisallow: /x\n")], "origin string, status int, body string"
    )
    out = join_robots(urls, robots, "Googlebot", lines=False)
    assert out.columns == ["url", "origin", "outcome", "allowed", "disallowed_by"]
    row = out.collect()[0]
    assert (row.outcome, row.allowed, row.disallowed_by) == ("ok", False, ["Googlebot"])

    with pytest.raises(ValueError, match="status"):
        join_robots(urls, robots.drop("status"), "Googlebot")
    with pytest.raises(ValueError, match="no column 'link'"):
        join_robots(urls, robots, "Googlebot", url_col="link")
    with pytest.raises(ValueError, match="allowed"):
        join_robots(urls.withColumn("allowed", urls["url"]), robots, "Googlebot")
    with pytest.raises(ValueError, match="purpose"):
        join_robots(urls, robots, "Googlebot", purpose="Train AI")
    # Checked before any job, as parse() checks max_bytes: both plans would cut bodies differently past it.
    for bad in (-1, 1 << 31, 1.5, True):
        with pytest.raises(ValueError, match="max_bytes must be a whole number from 0 to 2\\^31-1"):
            join_robots(urls, robots, "Googlebot", max_bytes=bad)
    for bad in (0, -2, 2.0):
        with pytest.raises(ValueError, match="partitions must be a whole number of at least 1"):
            join_robots(urls, robots, "Googlebot", partitions=bad)


def test_urls_with_line_breaks_and_large_arrow_strings_are_answered_as_check_answers_them(spark, join_path):
    """An origin's URLs go to the core as one buffer of lines unless one holds
    a line break (that run goes URL by URL); both give check()'s verdict and
    line, with Arrow's string columns and with the large ones that
    spark.sql.execution.arrow.useLargeVarTypes makes."""
    from robotsmatch.spark import join_robots

    body = "User-agent: *\nDisallow: /a\nAllow: /a/open\nDisallow: /*b$\n"
    robots = spark.createDataFrame([("https://a.example", 200, body)], "origin string, status int, body string")
    paths = ["/a", "/a/open", "/x", "/a\nb", "/x\rb", "/b", "/x\n", "/a/open\r"]
    urls = spark.createDataFrame([(i, "https://a.example" + p) for i, p in enumerate(paths)], "id int, url string")
    parsed = robotsmatch.parse(body)
    expected = [
        (
            parsed.check("https://a.example" + p, "Googlebot").allowed,
            parsed.check("https://a.example" + p, "Googlebot").line,
        )
        for p in paths
    ]
    saved = spark.conf.get("spark.sql.execution.arrow.useLargeVarTypes", "false")
    try:
        for large in ("false", "true"):
            spark.conf.set("spark.sql.execution.arrow.useLargeVarTypes", large)
            rows = sorted(join_robots(urls, robots, "Googlebot").collect(), key=lambda r: r.id)
            assert [(r.allowed, r.line) for r in rows] == expected, large
            # The run with no line break goes as one buffer: the same answers.
            plain = [i for i, p in enumerate(paths) if "\n" not in p and "\r" not in p]
            rows = sorted(
                join_robots(urls.filter(urls.id.isin(plain)), robots, "Googlebot", lines=False).collect(),
                key=lambda r: r.id,
            )
            assert [r.allowed for r in rows] == [expected[i][0] for i in plain], large
    finally:
        spark.conf.set("spark.sql.execution.arrow.useLargeVarTypes", saved)


def test_a_small_archive_is_joined_with_no_shuffle_and_rows_in_input_order(spark, join_path):
    """A small archive goes to every worker: the URL rows are not shuffled
    (no Exchange in the plan) and come out in the input's order; with the
    shuffle (an archive over BROADCAST_BYTES) they come out by origin, with
    the same answers."""
    from robotsmatch.spark import join_robots

    hosts = [f"https://h{k}.example" for k in range(5)]
    robots = spark.createDataFrame(
        [(h, 200, f"User-agent: *\nDisallow: /{k}\n") for k, h in enumerate(hosts)],
        "origin string, status int, body string",
    )
    rows = [(i, f"{hosts[i % 5]}/{i % 3}") for i in range(60)]
    # Four partitions (the session's default parallelism), hosts interleaved in each.
    urls = spark.createDataFrame(rows, "id int, url string")
    joined = join_robots(urls, robots, "Googlebot")
    plan = joined._jdf.queryExecution().executedPlan().toString()
    got = joined.collect()
    expected = {i: (i % 5) == (i % 3) for i in range(60)}
    assert {r.id: r.allowed for r in got} == {i: not blocked for i, blocked in expected.items()}
    assert urls.rdd.getNumPartitions() > 1
    if join_path == "broadcast":
        assert "Exchange" not in plan
        assert [r.id for r in got] == list(range(60))
    else:
        assert "Exchange hashpartitioning(origin" in plan
    # partitions= spreads the URL rows first (round-robin for a broadcast archive): the same answers.
    spread = join_robots(urls, robots, "Googlebot", partitions=3)
    assert spread.rdd.getNumPartitions() == 3
    assert sorted((r.id, r.allowed) for r in spread.collect()) == sorted((r.id, r.allowed) for r in got)
