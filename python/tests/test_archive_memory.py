"""An Archive's memory is bounded: parsed files are kept in a cache bounded by
bytes (64 MiB by default, as Node's), the least recently asked origins are
let go and their files closed, and an origin asked about again is parsed
again with the same answers; bodies are kept as bytes, cut where parsing
stops, only for 2xx captures."""

import pickle
import random

import pytest

from robotsmatch.archive import Archive

AGENTS = ["Googlebot", "GPTBot"]


def _captures(count):
    captures = []
    for i in range(count):
        url = f"https://h{i}.example/robots.txt"
        if i % 10 == 7:
            captures.append({"url": url, "status": 404, "body": "<h1>gone</h1>"})
        elif i % 10 == 8:
            captures.append({"url": url, "status": 503})
        else:
            rules = "".join(f"Disallow: /d{i}-{k}/\nAllow: /d{i}-{k}/ok\n" for k in range(i % 5 + 1))
            captures.append(
                {"url": url, "status": 200, "body": f"User-agent: *\n{rules}\nUser-agent: GPTBot\nDisallow: /g{i}\n"}
            )
    return captures


def _urls(count, seed):
    urls = []
    for i in range(count):
        for path in (f"/d{i}-0/x", f"/d{i}-0/ok", f"/g{i}", "/", f"/d{i}-4/y"):
            urls.append(f"https://h{i}.example{path}")
    urls += ["https://absent.example/", "not a url"]
    random.Random(seed).shuffle(urls)
    return urls + urls[: len(urls) // 2]  # half of them asked again, after their origins were let go


def test_more_origins_than_the_cache_holds_give_the_unbounded_answers_within_the_bound():
    origins = 1500
    captures = _captures(origins)
    urls = _urls(origins, seed=45)
    unbounded = Archive(captures, cache_bytes=1 << 40)
    expected = [tuple(unbounded.check(url, agent)) for url in urls for agent in AGENTS]
    assert unbounded.cache_stats["evictions"] == 0
    unbounded.close()

    limit = 256 << 10
    bounded = Archive(captures, cache_bytes=limit)
    got = []
    most = 0
    for url in urls:
        for agent in AGENTS:
            got.append(tuple(bounded.check(url, agent)))
            most = max(most, bounded.cache_stats["bytes"])
    assert got == expected
    stats = bounded.cache_stats
    # Within the bound at every step, holding a fraction of the origins; files were let go and parsed again.
    assert most <= limit
    assert 0 < stats["origins"] < origins / 2
    assert stats["evictions"] > 0
    assert stats["compiles"] > origins * 0.9
    bounded.close()
    assert bounded.cache_stats["bytes"] == 0


def test_a_file_let_go_is_closed_and_asked_again_is_parsed_again():
    archive = Archive(_captures(400), cache_bytes=32 << 10)
    first = archive.robots("https://h0.example/")
    assert first is not None and not first.closed
    for i in range(1, 400):
        archive.check(f"https://h{i}.example/", "Googlebot")
    assert first.closed
    again = archive.robots("https://h0.example/")
    assert again is not first and not again.closed
    assert archive.check("https://h0.example/d0-0/x", "Googlebot").allowed is False


def test_the_default_bound_is_64_mib_and_a_bad_one_is_refused():
    archive = Archive()
    assert archive._cache.limit == 64 << 20
    for bad in (-1, 1.5, True, "64MiB"):
        with pytest.raises(ValueError, match="cache_bytes must be a whole number of bytes"):
            Archive(cache_bytes=bad)


def test_bodies_are_kept_as_bytes_cut_where_parsing_stops_and_only_for_2xx():
    archive = Archive(
        [
            {"url": "https://a.example/robots.txt", "status": 200, "body": "User-agent: *\nDisallow: /caf\u00e9\n"},
            {"url": "https://b.example/robots.txt", "status": 404, "body": "<h1>Not found</h1>" * 1000},
            {"url": "https://c.example/robots.txt", "status": 200, "body": "User-agent: *\nDisallow: /x\n" + "#" * 50},
            {"url": "https://d.example/robots.txt", "status": 200, "body": "\ud800 lone"},
        ],
        max_bytes=40,
    )
    assert archive.capture("https://a.example/robots.txt").body == "User-agent: *\nDisallow: /caf\u00e9\n".encode()
    assert archive.capture("https://b.example/robots.txt").body is None
    assert archive.capture("https://c.example/robots.txt").body == b"User-agent: *\nDisallow: /x\n" + b"#" * 13
    assert archive.capture("https://d.example/robots.txt").body == "\ufffd lone".encode()
    assert archive.check("https://c.example/x", "Googlebot").allowed is False


def test_a_copy_in_another_process_starts_with_an_empty_cache_of_the_same_bound():
    archive = Archive(_captures(20), cache_bytes=1 << 20)
    archive.check("https://h1.example/d1-0/x", "Googlebot")
    copy = pickle.loads(pickle.dumps(archive))
    assert copy.cache_stats["origins"] == 0 and copy._cache.limit == 1 << 20
    assert copy.check("https://h1.example/d1-0/x", "Googlebot") == archive.check(
        "https://h1.example/d1-0/x", "Googlebot"
    )
