"""What one live fetch reads, and when it gives up (docs/behaviour.md, section
4), against a local server: the 500 KiB limit cut as a crawler cuts it, a
body that never ends, a gzip bomb (decoded bytes capped, never inflated
whole), a server that hangs or drips, a connection cut mid-body; and the
inputs fetch_robots refuses before any I/O."""

from __future__ import annotations

import asyncio
import functools
import gzip
import http.server
import time
import tracemalloc
import zlib
from collections.abc import Iterator

import pytest

pytest.importorskip("httpx")

from fetch_server import Server, serving

import robotsmatch
from robotsmatch.fetch import RobotsUrlError, fetch_robots, fetch_robots_async

RULES = b"User-agent: *\nDisallow: /private/\n"


def streamed(status: int, headers: dict[str, str], chunks: Iterator[bytes]) -> object:
    """A route that sends `chunks` with no Content-Length (HTTP/1.0: the body ends when the connection does)."""

    def route(handler: http.server.BaseHTTPRequestHandler) -> None:
        handler.send_response(status)
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.end_headers()
        for chunk in chunks:
            handler.wfile.write(chunk)
            handler.wfile.flush()

    return route


def test_a_2_mb_body_rules_before_the_500_kib_mark_apply_rules_after_it_do_not(site: Server) -> None:
    body = b"User-agent: *\nDisallow: /before/\n#" + b"x" * 600_000 + b"\nDisallow: /after/\n" + b"#" * 1_400_000
    site.routes["/robots.txt"] = (200, {}, body)
    got = fetch_robots(site.origin)
    assert got.outcome == "ok"
    assert got.robots.truncated
    assert len(got.body) == robotsmatch.DEFAULT_MAX_BYTES == 512_000
    assert not got.robots.is_allowed(site.origin + "/before/x", "bot")
    assert got.robots.is_allowed(site.origin + "/after/x", "bot")


def endless() -> Iterator[bytes]:
    yield b"User-agent: *\nDisallow: /x/\n"
    while True:
        yield b"#" + b"y" * 65_534 + b"\n"


def test_a_body_that_never_ends_is_read_only_up_to_the_limit(site: Server) -> None:
    site.routes["/robots.txt"] = streamed(200, {}, endless())
    got = fetch_robots(site.origin, max_bytes=100_000)
    assert (got.outcome, got.robots.truncated, len(got.body)) == ("ok", True, 100_000)
    assert not got.robots.is_allowed(site.origin + "/x/1", "bot")


@functools.lru_cache(maxsize=1)
def gzip_bomb() -> bytes:
    """The rules, then 256 MiB of zeros, as one gzip stream: 255 KiB sent. (httpx's own
    decoder, reading it, held 142 MiB at its peak.)"""
    deflate = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    zeros = bytes(1 << 20)
    parts = [deflate.compress(b"User-agent: *\nDisallow: /bomb/\n")]
    parts += [deflate.compress(zeros) for _ in range(256)]
    return b"".join([*parts, deflate.flush()])


def test_a_gzip_bomb_is_inflated_only_up_to_the_limit() -> None:
    bomb = gzip_bomb()
    assert len(bomb) < 1 << 20
    with serving() as site:
        site.routes["/robots.txt"] = (200, {"Content-Encoding": "gzip"}, bomb)
        tracemalloc.start()
        try:
            got = fetch_robots(site.origin)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert (got.outcome, got.robots.truncated, len(got.body)) == ("ok", True, 512_000)
    assert not got.robots.is_allowed(site.origin + "/bomb/x", "bot")
    # The limit and its chunks, not a network chunk inflated whole (a 64 KiB one is 64 MiB of zeros).
    assert peak < 8 << 20, peak


def test_the_same_cap_in_asyncio() -> None:
    with serving() as site:
        site.routes["/robots.txt"] = (200, {"Content-Encoding": "gzip"}, gzip_bomb())
        got = asyncio.run(fetch_robots_async(site.origin, max_bytes=1000))
    assert (got.outcome, got.robots.truncated, len(got.body)) == ("ok", True, 1000)


@pytest.mark.parametrize(
    ("coding", "encoded"),
    [
        ("gzip", gzip.compress(RULES)),
        ("gzip", gzip.compress(RULES[:9]) + gzip.compress(RULES[9:])),  # two members, one after the other
        ("deflate", zlib.compress(RULES)),
        ("deflate", zlib.compress(RULES)[2:-4]),  # raw deflate, without zlib's wrapper, as some servers send it
        ("identity", RULES),
    ],
)
def test_gzip_and_deflate_bodies_are_decoded(site: Server, coding: str, encoded: bytes) -> None:
    site.routes["/robots.txt"] = (200, {"Content-Encoding": coding}, encoded)
    got = fetch_robots(site.origin)
    assert (got.outcome, got.body) == ("ok", RULES)
    assert not got.robots.is_allowed(site.origin + "/private/x", "bot")


def test_a_coding_not_asked_for_cannot_be_read_unreachable(site: Server) -> None:
    site.routes["/robots.txt"] = (200, {"Content-Encoding": "br"}, b"\x1b\x03")
    got = fetch_robots(site.origin)
    assert (got.outcome, got.status) == ("unreachable", None)
    assert "br" in str(got.error)


def test_a_server_that_never_answers_is_unreachable_after_the_timeout(site: Server) -> None:
    site.routes["/robots.txt"] = lambda handler: site.stopping.wait(30)
    started = time.monotonic()
    got = fetch_robots(site.origin, timeout=0.5)
    assert time.monotonic() - started < 5
    assert (got.outcome, got.status) == ("unreachable", None)
    assert isinstance(got.error, TimeoutError)
    assert not got.robots.is_allowed(site.origin + "/x", "bot")


def drip() -> Iterator[bytes]:
    yield b"User-agent: *\n"
    while True:
        time.sleep(0.1)
        yield b"#"


def test_a_server_that_drips_is_cut_off_when_the_whole_fetch_runs_out_of_time(site: Server) -> None:
    # Each byte comes well within the timeout: only a limit on the whole fetch ends it.
    site.routes["/robots.txt"] = streamed(200, {}, drip())
    started = time.monotonic()
    got = asyncio.run(fetch_robots_async(site.origin, timeout=1))
    assert time.monotonic() - started < 5
    assert (got.outcome, type(got.error)) == ("unreachable", TimeoutError)


def test_a_connection_cut_mid_body_is_unreachable(site: Server) -> None:
    def cut(handler: http.server.BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Length", "100000")
        handler.end_headers()
        handler.wfile.write(b"User-agent: *\nAllow: /\n")
        handler.wfile.flush()
        handler.close_connection = True

    site.routes["/robots.txt"] = cut
    got = fetch_robots(site.origin)
    assert (got.outcome, got.status) == ("unreachable", None)
    assert not got.robots.is_allowed(site.origin + "/x", "bot")


def test_a_refused_connection_is_unreachable() -> None:
    with serving() as gone:
        origin = gone.origin
    got = fetch_robots(origin, now=lambda: 0.0)
    assert (got.outcome, got.status, got.expires) == ("unreachable", None, 60.0)


def test_an_ftp_robots_txt_is_unreachable_with_a_reason_that_says_so() -> None:
    got = fetch_robots("ftp://ftp.example.com/pub/file")
    assert got.url == "ftp://ftp.example.com/robots.txt"
    assert got.outcome == "unreachable"
    assert isinstance(got.error, NotImplementedError)
    assert "http" in str(got.error)


def test_the_user_agent_sent_and_exact_url(site: Server) -> None:
    site.routes["/staging/robots.txt"] = (200, {}, RULES)
    got = fetch_robots(site.origin + "/staging/robots.txt#top", exact_url=True)
    assert (got.outcome, got.url) == ("ok", site.origin + "/staging/robots.txt")
    assert site.user_agents[-1] == f"robotsmatch/{robotsmatch.__version__} (+https://www.npmjs.com/package/robotsmatch)"
    fetch_robots(site.origin, user_agent="MyBot/1.0")
    assert site.user_agents[-1] == "MyBot/1.0"


def test_bad_input_is_refused_before_any_fetch() -> None:
    for bad in ["mailto:a@example.com", "/relative/path", "example.com/x", "file:///etc/passwd", ""]:
        with pytest.raises(RobotsUrlError, match=r"has no robots\.txt"):
            fetch_robots(bad)
    with pytest.raises(TypeError):
        fetch_robots(42)  # type: ignore[arg-type]
    for options in [{"timeout": 0}, {"max_bytes": -1}, {"mode": "bing"}]:
        with pytest.raises(ValueError):
            fetch_robots("http://127.0.0.1:9/", **options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="now"):
        fetch_robots("http://127.0.0.1:9/", now=lambda: float("nan"))
