"""parse(), check(), for_agent() and closing: the API a Python user calls."""

import gc

import pytest

import robotsmatch
from robotsmatch import Rule, Verdict, crawler, parse

BODY = """\
User-agent: *
Disallow: /private
Allow: /private/open$
Disallow: /*.pdf$
Sitemap: https://example.com/sitemap.xml
Crawl-delay: 5

User-agent: Googlebot-Image
Disallow: /images
"""


def test_check_gives_the_deciding_line_and_rule():
    robots = parse(BODY)
    assert robots.check("https://example.com/private/x", "Googlebot") == Verdict(False, 2, Rule("disallow", "/private"))
    # Longest match wins; `$` anchors the end.
    assert robots.check("https://example.com/private/open", "Googlebot") == Verdict(
        True, 3, Rule("allow", "/private/open$")
    )
    assert robots.check("https://example.com/private/open/more", "Googlebot").allowed is False
    assert robots.check("https://example.com/a.pdf", "Googlebot").line == 4
    assert robots.check("https://example.com/a.pdf?x", "Googlebot").allowed is True
    assert robots.check("https://example.com/", "Googlebot") == Verdict(True, 0, None)


def test_is_allowed_and_bytes_bodies():
    robots = parse(BODY.encode())
    assert robots.is_allowed("/private/x", "Bingbot") is False
    assert robots.is_allowed("/public", "Bingbot") is True


def test_percent_encoding_is_the_cores():
    robots = parse("User-agent: *\nDisallow: /naïve\nDisallow: /%7Euser\n")
    # The file's non-ASCII bytes are escaped, as Google does; URLs come escaped, as a crawler sends them.
    assert robots.check("https://example.com/na%C3%AFve", "x").line == 2
    # Google compares escapes as written: %7E in the file is not ~ in the URL...
    assert robots.is_allowed("https://example.com/~user", "x") is True
    # ...and RFC mode decodes escapes of unreserved characters on both sides.
    assert (
        parse("User-agent: *\nDisallow: /%7Euser\n", mode="rfc").is_allowed("https://example.com/~user", "x") is False
    )


def test_records():
    robots = parse(BODY)
    assert robots.sitemaps == ["https://example.com/sitemap.xml"]
    assert [(r.line, r.key, r.value) for r in robots.other_records] == [(6, "Crawl-delay", "5")]
    assert robots.truncated is False
    assert robots.mode == "google"


def test_max_bytes_cuts_the_file():
    robots = parse("User-agent: *\nDisallow: /a\nDisallow: /b\n", max_bytes=27)
    assert robots.truncated is True
    assert robots.is_allowed("/a", "x") is False
    assert robots.is_allowed("/b", "x") is True


def test_a_crawler_falls_back_through_its_tokens():
    robots = parse(BODY)
    image = crawler("Googlebot-Image")
    assert image is not None and image.tokens == ("Googlebot-Image", "Googlebot")
    assert robots.is_allowed("/images/a.png", image) is False
    # Its own group decides: the `*` group's /private does not apply to it.
    assert robots.is_allowed("/private/x", image) is True


def test_crawlers_that_ignore_the_global_group():
    robots = parse("User-agent: *\nDisallow: /\n")
    ads = crawler("AdsBot-Google")
    assert ads is not None and ads.obeys_global_group is False
    assert robots.is_allowed("/landing", ads) is True
    assert robots.is_allowed("/landing", "AdsBot-Google") is False  # a plain token reads `*`


def test_agent_sets_merge_groups():
    robots = parse("User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n")
    assert robots.is_allowed("/a", ["a", "b"]) is False
    assert robots.is_allowed("/b", ["a", "b"]) is False
    assert robots.is_allowed("/b", "a") is True


def test_for_agent_batches():
    robots = parse(BODY)
    matcher = robots.for_agent("Googlebot")
    urls = ["https://example.com/private/x", "https://example.com/", "/private/open", "/x.pdf", "/ünï/çødé"]
    assert matcher.match_many(urls) == bytes([0, 1, 1, 0, 1])
    assert list(matcher.match_many(iter(urls))) == [0, 1, 1, 0, 1]
    assert matcher.match_lines(b"/private/x\r\n/\n/x.pdf\n") == bytes([0, 1, 0])
    assert matcher.match_lines("/private/x\n/") == bytes([0, 1])
    assert matcher.filter(urls) == ["https://example.com/", "/private/open", "/ünï/çødé"]
    # Many batches agree with one check per URL.
    many = [f"/private/{i}" if i % 3 else f"/open/{i}" for i in range(10_000)]
    verdicts = matcher.match_many(many)
    assert verdicts == bytes(1 if robots.is_allowed(u, "Googlebot") else 0 for u in many)


def test_match_many_with_a_nul_in_a_url():
    matcher = parse("User-agent: *\nDisallow: /a\n").for_agent("x")
    assert matcher.match_many(["/a\0b", "/b", "/a"]) == bytes([0, 1, 0])


def test_purposes_mark_opted_out_urls():
    robots = parse("User-agent: *\nDisallow: /private\nContent-Usage: /news train-ai=n\n")
    matcher = robots.for_agent("GPTBot", purpose="train-ai")
    assert matcher.match_lines(b"/private\n/news/1\n/other\n") == bytes([0, 2, 1])
    assert matcher.match_many(["/private", "/news/1", "/other"]) == bytes([0, 2, 1])
    signal = parse("User-agent: *\nContent-Signal: ai-train=no, search=yes\n")
    assert signal.for_agent("GPTBot", purpose="ai-train").match_many(["/a"]) == b"\x02"
    assert signal.for_agent("Googlebot", purpose="search").match_many(["/a"]) == b"\x01"
    with pytest.raises(ValueError, match="purpose must be"):
        robots.for_agent("x", purpose="Train AI")


def test_errors_are_plain():
    with pytest.raises(TypeError, match="body must be a string or bytes"):
        parse(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="mode must be 'google' or 'rfc'"):
        parse("", mode="bing")
    with pytest.raises(ValueError, match="max_bytes"):
        parse("", max_bytes=-1)
    robots = parse("")
    with pytest.raises(TypeError, match="agent must be"):
        robots.check("/", 42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"urls\[1\] must be a string"):
        robots.for_agent("x").match_many(["/", None])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="not a single string"):
        robots.for_agent("x").match_many("/abc")  # type: ignore[arg-type]


def test_close_frees_and_later_use_raises():
    with parse(BODY) as robots:
        matcher = robots.for_agent("x")
        assert robots.byte_size > 0
    assert robots.closed
    with pytest.raises(robotsmatch.RobotsClosedError):
        robots.check("/", "x")
    with pytest.raises(robotsmatch.RobotsClosedError):
        matcher.match_many(["/"])
    robots.close()  # twice is fine


def test_memory_is_reused_after_close_and_collection():
    from robotsmatch._core import get_core

    core = get_core()
    for _ in range(200):
        parse(BODY * 50).for_agent("x").match_many(["/a"] * 100)
    gc.collect()
    size = core.view().nbytes
    for _ in range(2_000):
        with parse(BODY * 50) as robots:
            robots.for_agent("x").match_many(["/a"] * 100)
        parse(BODY * 50).check("/", "y")  # dropped without close: collected
    gc.collect()
    assert core.view().nbytes == size


def _close_from_threads_at_once(closable: robotsmatch.Robots | robotsmatch.AgentMatcher, threads: int = 4) -> None:
    """close() from several threads released together."""
    import threading

    start = threading.Barrier(threads)

    def close() -> None:
        start.wait()
        closable.close()

    running = [threading.Thread(target=close) for _ in range(threads)]
    for t in running:
        t.start()
    for t in running:
        t.join()


def test_threads_closing_one_robots_at_once_free_it_once():
    # A double free would hand the same core memory to two later files: their answers would then mix.
    for _ in range(50):
        robots = parse(BODY)
        robots.check("/private/x", "x")
        _close_from_threads_at_once(robots)
        assert robots.closed
    first, second = parse(BODY), parse("User-agent: *\nAllow: /private\n")
    assert first.check("/private/x", "x").line == 2
    assert second.check("/private/x", "x") == (True, 2, robotsmatch.Rule("allow", "/private"))


def test_a_robots_dropped_unclosed_is_freed_and_others_answer_on():
    from robotsmatch._core import get_core

    core = get_core()
    kept = parse(BODY)
    for _ in range(100):
        parse(BODY * 20).is_allowed("/private/x", "x")  # dropped: its memory is freed at a later parse()
    gc.collect()
    parse(BODY).close()
    assert core.garbage == []
    assert kept.is_allowed("/private/x", "x") is False


def test_matchers_dropped_or_closed_by_threads_at_once_free_their_index_once():
    from robotsmatch._core import get_core

    core = get_core()
    robots = parse(BODY)
    for _ in range(200):
        matcher = robots.for_agent("x")
        assert matcher.is_allowed("/private/x") is False  # the index's own fast path
        assert matcher.check("/private/x").line == 2
    del matcher
    gc.collect()
    parse(BODY).close()  # drains the dropped matchers' indexes
    assert core.garbage == []
    for _ in range(20):
        matcher = robots.for_agent("x")
        _close_from_threads_at_once(matcher)
        with pytest.raises(robotsmatch.RobotsClosedError):
            matcher.is_allowed("/private/x")
    # A double free would give two later indexes the same memory: their answers would mix.
    first, second = robots.for_agent("x"), robots.for_agent("Googlebot")
    assert (first.is_allowed("/private/x"), second.is_allowed("/private/x")) == (False, False)
    assert first.check("/a").line == 0


def test_a_bad_input_leaves_the_core_usable():
    robots = parse(BODY)
    with pytest.raises(ValueError, match="too large"):
        robots.check("/" + "a" * (257 << 20), "x")
    assert robots.check("/private/x", "x").line == 2


def test_url_helpers():
    assert robotsmatch.path_of("https://example.com/a/b?c=d#e") == "/a/b?c=d"
    assert robotsmatch.normalize_url("/foo/bar/%62%61%7A") == "/foo/bar/baz"


def test_match_many_with_line_breaks_and_empty_urls():
    robots = parse("User-agent: *\nDisallow: /a$\nDisallow: /b\n")
    matcher = robots.for_agent("x")
    urls = ["/a", "/a\r", "/a\n", "/b\nx", "", "/c", "/a\0", "\r\n/b"]
    expected = bytes(1 if robots.is_allowed(u, "x") else 0 for u in urls)
    assert expected[:2] == bytes([0, 1])  # `$`: a URL ending in CR is not /a
    assert matcher.match_many(urls) == expected
    for url in urls:
        assert matcher.match_many([url, "/b", ""]) == bytes([expected[urls.index(url)], 0, 1])


def test_private_lines_of_gives_each_urls_check_line():
    robots = parse(BODY + "User-agent: *\nDisallow: /" + "x" * 70000 + "\n")
    matcher = robots.for_agent("Googlebot")
    # Short URLs and ones longer than any input before (the input area grows first), line breaks, NUL, a lone surrogate.
    urls = [
        "/private/x",
        "/private/open",
        "/a.pdf",
        "/",
        "",
        "/a\r",
        "/private\n/x",
        "/\0private",
        "/x\ud800",
        "/" + "x" * 70000,
        "/" + "y" * 300000,
        "/private/y",
    ]
    assert matcher._lines_of(urls) == [matcher.check(url).line for url in urls]
    assert matcher._lines_of(urls)[:4] == [2, 3, 4, 0]
    assert matcher._lines_of([]) == []
    robots.close()
    with pytest.raises(robotsmatch.RobotsClosedError):
        matcher._lines_of(["/"])


def _in_child(robots, queue):
    try:
        fresh = parse("User-agent: *\nDisallow: /child\n")
        queue.put(
            (
                robots.is_allowed("/private/x", "bot"),
                fresh.check("/child/a", "bot").line,
                fresh.for_agent("bot").match_many(["/child", "/x"]),
            )
        )
    except BaseException as error:  # reported to the parent, which asserts
        queue.put(repr(error))


def test_a_forked_worker_matches_with_the_parents_files_and_its_own():
    import multiprocessing

    robots = parse(BODY)
    robots.check("/", "bot")
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_in_child, args=(robots, queue))
    child.start()
    got = queue.get(timeout=60)
    child.join(60)
    assert got == (False, 2, bytes([0, 1]))
    assert robots.is_allowed("/private/x", "bot") is False


def test_match_lines_across_chunks():
    """Lines longer in all than one core call (_lines.LINES_CHUNK), CRLF breaks
    and a line longer than a chunk: each line gets its own verdict."""
    matcher = parse("User-agent: *\nDisallow: /private\n").for_agent("Googlebot")
    urls = [f"/private/{i}" if i % 3 == 0 else f"/open/{i}" for i in range(120000)]
    lines = [*urls[:60000], "/a" + "x" * (1 << 20), *urls[60000:]]
    want = [0 if line.startswith("/private") else 1 for line in lines]
    data = ("\r\n".join(lines) + "\r\n").encode()
    assert len(data) > 2 * (1 << 20)
    assert list(matcher.match_lines(data)) == want


def test_the_core_switches_a_checked_agent_to_its_full_index():
    # The switch from scanning to the full index is the core's (as in Node):
    # Python only ever passes the light index select() gave it.
    from robotsmatch._layout import A_FULL

    body = "User-agent: bot\n" + "".join(f"Disallow: /p{i}/\n" for i in range(9))
    robots = parse(body)
    compiled = robots._compiled
    for i in range(6):
        assert not robots.is_allowed(f"https://a.example/p{i}/x", "bot")
    (index,) = compiled.cached.values()
    assert compiled.core.u32(index + A_FULL) == 0
    assert not robots.is_allowed("https://a.example/p8/x", "bot")
    assert compiled.core.u32(index + A_FULL) != 0
    assert robots.check("https://a.example/q", "bot") == Verdict(True, 0, None)
    robots.close()
