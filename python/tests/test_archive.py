"""Archive outcomes (test/vectors/archive-outcomes.json, which Node's
test/archive-vectors.test.ts asserts too): each origin's outcome from its
captures and redirects, by data/fetch-outcomes.json, and the verdicts."""

import json

import pytest
from conftest import REPO

from robotsmatch.archive import NOT_IN_ARCHIVE, Archive, capture_key, hop, status_outcome

VECTORS_FILE = REPO / "test" / "vectors" / "archive-outcomes.json"
VECTORS = json.loads(VECTORS_FILE.read_text("utf-8")) if VECTORS_FILE.exists() else {"cases": []}


@pytest.mark.skipif(not VECTORS_FILE.exists(), reason="this checkout has no test/vectors/archive-outcomes.json")
@pytest.mark.parametrize("case", VECTORS["cases"], ids=lambda c: c["name"][:60])
def test_archive_vectors(case):
    with Archive(case["captures"]) as archive:
        for origin, outcome in case["origins"].items():
            assert archive.outcome(origin + "/") == outcome, origin
        purpose = case.get("purpose")
        for v in case["verdicts"]:
            got = archive.check(v["url"], v["agent"])
            assert (got.allowed, got.line) == (v["allowed"], v["line"]), v
            if purpose is not None:
                robots = archive.robots(v["url"])
                marks = robots.for_agent(v["agent"], purpose=purpose).match_many([v["url"]]) if robots else b"\0"
                assert (marks == b"\x02") == v["optedOut"], v


def test_the_rules_come_from_fetch_outcomes_json():
    assert [status_outcome(s) for s in (200, 204, 301, 404, 410, 429, 500, 503, 600, None)] == [
        "ok",
        "ok",
        "redirect",
        "unavailable",
        "unavailable",
        "unreachable",
        "unreachable",
        "unreachable",
        "unreachable",
        "unreachable",
    ]
    assert hop(301, "/elsewhere", "https://a.example/robots.txt", 0).next == "https://a.example/elsewhere"
    assert hop(301, "ftp://a.example/robots.txt", "https://a.example/robots.txt", 0).outcome == "unavailable"
    assert hop(301, "/x", "https://a.example/robots.txt", 5).outcome == "unavailable"


def test_capture_keys():
    assert capture_key("HTTPS://S.Example:443/robots.txt#x") == "https://s.example/robots.txt"
    assert capture_key("http://a.example:8080") == "http://a.example:8080/"
    assert capture_key("ftp://a.example/robots.txt") is None


def test_json_lines_and_errors():
    lines = ['{"url": "https://a.example/robots.txt", "status": 200, "body": "User-agent: *\\nDisallow: /x\\n"}', ""]
    archive = Archive.from_jsonl(lines)
    assert archive.check("https://a.example/x", "bot").allowed is False
    with pytest.raises(ValueError, match=r"line 1: .*status"):
        Archive.from_jsonl(['{"url": "https://a.example/robots.txt", "status": "200"}'])


def test_a_status_written_as_a_whole_float_is_that_status():
    """JSON has one number type: a status column with a missing value is
    written as 404.0 by pandas' to_json, and Node reads it as 404."""
    archive = Archive.from_jsonl(
        [
            '{"url": "https://a.example/robots.txt", "status": 404.0}',
            '{"url": "https://b.example/robots.txt", "status": 5e2}',
        ]
    )
    assert archive.check("https://a.example/x", "bot") == (True, 0, "unavailable")
    assert archive.check("https://b.example/x", "bot") == (False, 0, "unreachable")
    assert archive.capture("https://a.example/robots.txt").status == 404
    with pytest.raises(ValueError, match="status"):
        Archive.from_jsonl(['{"url": "https://a.example/robots.txt", "status": 404.5}'])


@pytest.mark.skipif(not hasattr(__import__("time"), "tzset"), reason="time.tzset is POSIX only")
def test_a_fetched_at_with_no_time_zone_is_utc(monkeypatch):
    """Which capture wins must not depend on the machine's zone (Node reads
    a date and time with no zone as UTC too)."""
    import time

    records = [
        '{"url": "https://a.example/robots.txt", "status": 200, "body": "User-agent: *\\nDisallow: /a\\n", "fetched_at": "2024-06-01T12:00:00"}',
        '{"url": "https://a.example/robots.txt", "status": 404, "fetched_at": "2024-06-01T11:00:00Z"}',
        '{"url": "https://b.example/robots.txt", "status": 200, "body": "", "fetched_at": "2024-06-01 12:00"}',
        '{"url": "https://b.example/robots.txt", "status": 404, "fetched_at": "2024-06-01T13:00:00Z"}',
    ]
    try:
        for zone in ("UTC", "Asia/Tokyo", "America/Los_Angeles"):
            monkeypatch.setenv("TZ", zone)
            time.tzset()
            archive = Archive.from_jsonl(records)
            assert [archive.outcome("https://a.example/a"), archive.outcome("https://b.example/a")] == [
                "ok",
                "unavailable",
            ], zone
    finally:
        monkeypatch.undo()
        time.tzset()


def test_json_lines_with_a_byte_order_mark(tmp_path):
    """A file that starts with a byte-order mark, opened as text as the README
    does, is read as Node's archive reader reads it (the mark is not JSON)."""
    path = tmp_path / "robots.jsonl"
    path.write_bytes(
        b'\xef\xbb\xbf{"url": "https://a.example/robots.txt", "status": 200, "body": "User-agent: *\\nDisallow: /x\\n"}\n'
    )
    with open(path, encoding="utf-8") as text, open(path, "rb") as binary:
        for lines in (text, binary):
            assert Archive.from_jsonl(lines).check("https://a.example/x", "bot") == (False, 2, "ok")


def test_origins():
    from robotsmatch.archive import capture_origin, origin_of, robots_url

    assert origin_of("HTTP://Example.COM:80/a?b") == "http://example.com"
    assert origin_of("https://example.com:8443/a") == "https://example.com:8443"
    assert origin_of("mailto:a@example.com") is None
    assert robots_url("https://example.com") == "https://example.com/robots.txt"
    assert capture_origin("https://Example.com/robots.txt") == "https://example.com"
    assert capture_origin("https://example.com/robots.txt?x") is None
    assert capture_origin("https://example.com/other.txt") is None


# test/vectors/archive-origins.json: odd URLs, capture URLs and Locations,
# which Node's test/archive-vectors.test.ts asserts too (one answer in both
# languages: URLs read as the WHATWG URL Standard reads them).
ORIGINS_FILE = REPO / "test" / "vectors" / "archive-origins.json"
ORIGINS = (
    json.loads(ORIGINS_FILE.read_text("utf-8"))
    if ORIGINS_FILE.exists()
    else {"agent": "", "captures": [], "urls": [], "captureKeys": [], "locations": {"base": "", "cases": []}}
)
needs_origins = pytest.mark.skipif(
    not ORIGINS_FILE.exists(), reason="this checkout has no test/vectors/archive-origins.json"
)


def _expected(u):
    return (u["robotsUrl"], u["outcome"], u["allowed"], u["line"])


@needs_origins
@pytest.mark.parametrize("u", ORIGINS["urls"], ids=lambda u: repr(u["url"])[:50])
def test_odd_urls_get_node_s_origin_outcome_and_verdict(u):
    from robotsmatch.archive import robots_url_of

    with Archive(ORIGINS["captures"]) as archive:
        got = archive.check(u["url"], ORIGINS["agent"])
        assert (robots_url_of(u["url"]), got.outcome, got.allowed, got.line) == _expected(u)
        assert archive.outcome(u["url"]) == u["outcome"]
        assert archive.resolve(u["url"]).outcome == u["outcome"]


@needs_origins
def test_a_url_with_no_http_origin_is_invalid_not_an_error():
    with Archive(ORIGINS["captures"]) as archive:
        for url in ("", "   ", "not a url", "ftp://127.0.0.1/private", "javascript:alert(1)", "/relative/path"):
            assert archive.check(url, "Googlebot") == (None, 0, "invalid"), url
            assert archive.robots(url) is None
            assert archive.resolve(url) == ("invalid", None, None, 0)
        # An http(s) URL the archive holds nothing for is unknown, as before.
        assert archive.check("https://nowhere.example/x", "Googlebot") == (None, 0, NOT_IN_ARCHIVE)
        with pytest.raises(TypeError):
            archive.check(None, "Googlebot")  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            archive.check("not a url", 7)  # type: ignore[arg-type]


@needs_origins
@pytest.mark.parametrize("case", ORIGINS["captureKeys"], ids=lambda c: repr(c["url"])[:50])
def test_captures_are_keyed_as_node_keys_them(case):
    assert capture_key(case["url"]) == case["key"]
    archive = Archive()
    if case["key"] is None:
        with pytest.raises(ValueError, match="not an http"):
            archive.add({"url": case["url"], "status": 200, "body": ""})
    else:
        archive.add({"url": case["url"], "status": 200, "body": ""})
        assert archive.capture(case["key"]) is not None


@needs_origins
@pytest.mark.parametrize("case", ORIGINS["locations"]["cases"], ids=lambda c: repr(c["location"])[:50])
def test_redirect_locations_are_resolved_as_node_resolves_them(case):
    step = hop(301, case["location"], ORIGINS["locations"]["base"], 0)
    assert (step.next if step.outcome == "redirect" else None) == case["next"]
    if case["next"] is None:
        assert step.outcome == "unavailable"


@needs_origins
def test_the_origin_fast_path_gives_what_the_parser_gives():
    """origin_of() reads a URL's start once per distinct start, and
    pandas.origins() cuts plain hosts out with Arrow: URLs built from odd
    pieces get what Ada gives the whole URL either way."""
    import itertools

    from robotsmatch import archive as module

    def whole(url):
        module._HEADS.clear()
        return module._origin_of_text(url)

    schemes = ["http://", "HTTPS://", "http:", "http:/", "https:\\\\", " http://", "ftp://"]
    hosts = [
        "a.example",
        "A.Example",
        "127.1",
        "0x7f.0.0.1",
        "[::1]",
        "[::1]:80",
        "bücher.example",
        "xn--bcher-kva.example",
        "a.example.",
        "u:p@a.example",
        "@a.example",
        "a.example:443",
        "a.example:",
        "a.example:99999",
        "%65.example",
        "exa mple",
        "a..b",
        "",
        "a\tb.example",
        ".a.example",
        "a.example..",
        "example.1",
        "example.1.",
        "example.0x1",
        "1e.example",
        "e1",
        "XN--BCHER-KVA.example",
        "-",
        "a.-1",
    ]
    rests = ["", "/", "/x?y#z", "\\x", "?q", "#f", " /x", "  ", "\n", "/\ud800"]
    expected = {}
    for scheme, host, rest in itertools.product(schemes, hosts, rests):
        url = scheme + host + rest
        expected[url] = whole(url)
        assert module.origin_of(url) == expected[url], url
        assert module.origin_of(url) == expected[url], url  # from the cache
    try:
        from robotsmatch.pandas import origins
    except ImportError:  # no pyarrow
        return
    # Arrow's own fast path (plain hosts, cut out for every row at once) too.
    arrow = [u for u in expected if "\ud800" not in u]
    assert origins(arrow).tolist() == [expected[u] for u in arrow]


@needs_origins
def test_pandas_origins_are_the_vectors():
    pytest.importorskip("pyarrow")
    from robotsmatch.pandas import origins

    # Arrow strings are UTF-8, which cannot hold a lone surrogate.
    vectors = [u for u in ORIGINS["urls"] if "\ud800" not in u["url"]]
    urls = [u["url"] for u in vectors]
    expected = [None if u["robotsUrl"] is None else u["robotsUrl"][: -len("/robots.txt")] for u in vectors]
    assert origins(urls).tolist() == expected


def test_records_are_checked_as_node_checks_them():
    """The checks of Node's captureFromRecord (src/archive/capture.ts): a field
    of the wrong type, or base64 that is not, is an error naming it."""
    base = {"url": "https://a.example/robots.txt", "status": 200}
    for field, value in (("location", 7), ("content_type", ["text/plain"]), ("body", 1), ("body_base64", 5)):
        with pytest.raises(ValueError, match=field):
            Archive([{**base, field: value}])
    with pytest.raises(ValueError, match="not base64"):
        Archive([{**base, "body_base64": "not base64!"}])
    with pytest.raises(ValueError, match=r"line 2: .*not an http"):
        Archive.from_jsonl(
            [
                '{"url": "https://a.example/robots.txt", "status": 404}',
                '{"url": "ftp://a.example/robots.txt", "status": 200}',
            ]
        )
    with pytest.raises(TypeError):
        capture_key(None)  # type: ignore[arg-type]
    assert (
        Archive([{**base, "body_base64": "VXNlci1hZ2VudDogKgpEaXNhbGxvdzogLwo=\n"}])
        .check("https://a.example/x", "bot")
        .allowed
        is False
    )
