"""Archive outcomes (test/vectors/archive-outcomes.json, which Node's
test/archive-vectors.test.ts asserts too): each origin's outcome from its
captures and redirects, by data/fetch-outcomes.json, and the verdicts."""

import json

import pytest

from robotsmatch.archive import Archive, capture_key, hop, status_outcome
from conftest import REPO

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
        "ok", "ok", "redirect", "unavailable", "unavailable", "unreachable", "unreachable", "unreachable", "unreachable", "unreachable",
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
    with pytest.raises(ValueError, match="line 1: .*status"):
        Archive.from_jsonl(['{"url": "https://a.example/robots.txt", "status": "200"}'])


def test_origins():
    from robotsmatch.archive import capture_origin, origin_of, robots_url

    assert origin_of("HTTP://Example.COM:80/a?b") == "http://example.com"
    assert origin_of("https://example.com:8443/a") == "https://example.com:8443"
    assert origin_of("mailto:a@example.com") is None
    assert robots_url("https://example.com") == "https://example.com/robots.txt"
    assert capture_origin("https://Example.com/robots.txt") == "https://example.com"
    assert capture_origin("https://example.com/robots.txt?x") is None
    assert capture_origin("https://example.com/other.txt") is None
