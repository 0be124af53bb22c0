"""RobotsCache and AsyncRobotsCache against local servers, as Node's
RobotsCache tests: one fetch per origin however many threads or tasks ask at
once, answers from memory until they expire, the last good copy while a
server errors, 30 days of unreachable, the bound on origins, filter() over
many hosts, the slow lane (an origin that never answers holds up no other),
close()."""

from __future__ import annotations

import asyncio
import http.server
import threading
import time

import pytest

pytest.importorskip("httpx")

from fetch_server import Server, serving

from robotsmatch import RobotsClosedError
from robotsmatch.fetch import AsyncRobotsCache, RobotsCache

RULES = b"User-agent: *\nDisallow: /private/\n"


def slow(body: bytes) -> object:
    def route(handler: http.server.BaseHTTPRequestHandler) -> None:
        time.sleep(0.3)
        handler.send_response(200)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    return route


def test_fifty_threads_asking_at_once_make_one_fetch(site: Server) -> None:
    site.routes["/robots.txt"] = slow(RULES)
    answers: list[bool] = []
    with RobotsCache() as cache:
        threads = [
            threading.Thread(target=lambda i=i: answers.append(cache.is_allowed(f"{site.origin}/private/{i}", "bot")))
            for i in range(50)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert site.count("/robots.txt") == 1
    assert answers == [False] * 50


def test_a_hundred_asyncio_tasks_asking_at_once_make_one_fetch(site: Server) -> None:
    site.routes["/robots.txt"] = slow(RULES)

    async def run() -> list[bool]:
        async with AsyncRobotsCache() as cache:
            return await asyncio.gather(*(cache.is_allowed(f"{site.origin}/x{i}", "bot") for i in range(100)))

    assert asyncio.run(run()) == [True] * 100
    assert site.count("/robots.txt") == 1


def test_answers_come_from_memory_until_max_age_runs_out(site: Server) -> None:
    clock = [0.0]
    site.routes["/robots.txt"] = (200, {"Cache-Control": "max-age=120"}, RULES)
    with RobotsCache(now=lambda: clock[0]) as cache:
        first = cache.check(site.origin + "/private/a", "bot")
        assert (first.allowed, first.line, first.outcome, first.status) == (False, 2, "ok", 200)
        clock[0] = 119.0
        cache.check(site.origin + "/b", "bot")
        assert site.count("/robots.txt") == 1
        clock[0] = 120.0
        cache.check(site.origin + "/b", "bot")
        assert site.count("/robots.txt") == 2


def test_a_day_without_cache_control(site: Server) -> None:
    clock = [0.0]
    site.routes["/robots.txt"] = (200, {}, RULES)
    with RobotsCache(now=lambda: clock[0]) as cache:
        cache.check(site.origin + "/", "bot")
        clock[0] = 86_399.0
        cache.check(site.origin + "/", "bot")
        assert site.count("/robots.txt") == 1
        clock[0] = 86_400.0
        cache.check(site.origin + "/", "bot")
        assert site.count("/robots.txt") == 2


def test_while_the_server_errors_the_last_good_copy_answers_then_recovery(site: Server) -> None:
    clock = [0.0]
    site.routes["/robots.txt"] = (200, {}, RULES)
    with RobotsCache(now=lambda: clock[0]) as cache:
        cache.check(site.origin + "/", "bot")
        site.routes["/robots.txt"] = (503, {}, b"")
        clock[0] = 86_400.0
        stale = cache.check(site.origin + "/private/x", "bot")
        assert (stale.allowed, stale.line, stale.outcome, stale.status, stale.stale) == (
            False,
            2,
            "unreachable",
            503,
            True,
        )
        assert cache.check(site.origin + "/x", "bot").allowed
        site.routes["/robots.txt"] = (200, {}, b"User-agent: *\nDisallow: /x\n")
        clock[0] += 60.0  # unreachable answers are asked again after a minute
        fresh = cache.check(site.origin + "/x", "bot")
        assert (fresh.allowed, fresh.outcome, fresh.stale) == (False, "ok", False)


def test_unreachable_with_no_good_copy_disallows_all_for_30_days_then_allows_all(site: Server) -> None:
    clock = [0.0]
    site.routes["/robots.txt"] = (500, {}, b"")
    with RobotsCache(now=lambda: clock[0]) as cache:
        verdict = cache.check(site.origin + "/x", "bot")
        assert (verdict.allowed, verdict.line, verdict.rule, verdict.outcome) == (False, 0, None, "unreachable")
        clock[0] = 29 * 86_400.0
        assert not cache.is_allowed(site.origin + "/x", "bot")
        clock[0] = 30 * 86_400.0
        assert cache.is_allowed(site.origin + "/x", "bot")


def test_at_most_max_entries_origins_are_held() -> None:
    with serving() as a, serving() as b, serving() as c, RobotsCache(max_entries=2) as cache:
        for server in (a, b, c):
            server.routes["/robots.txt"] = (200, {}, RULES)
            cache.check(server.origin + "/", "bot")
        assert len(cache) == 2
        cache.check(a.origin + "/", "bot")  # the least recently used was dropped: fetched again
        assert a.count("/robots.txt") == 2


def test_filter_over_many_hosts_keeps_order_and_fetches_each_once() -> None:
    with serving() as a, serving() as b:
        a.routes["/robots.txt"] = (200, {}, RULES)
        b.routes["/robots.txt"] = (503, {}, b"")
        urls = [a.origin + "/private/1", b.origin + "/x", a.origin + "/2", "mailto:x@example.com", a.origin + "/3"]
        with RobotsCache() as cache:
            assert cache.filter(urls, "bot") == [a.origin + "/2", a.origin + "/3"]
        assert asyncio.run(_filter_async(urls)) == [a.origin + "/2", a.origin + "/3"]
        assert (a.count("/robots.txt"), b.count("/robots.txt")) == (2, 2)  # once per cache


async def _filter_async(urls: list[str]) -> list[str]:
    async with AsyncRobotsCache() as cache:
        return await cache.filter(urls, "bot")


def test_fetches_over_all_hosts_stay_within_concurrency() -> None:
    active = [0, 0]
    lock = threading.Lock()

    def counted(handler: http.server.BaseHTTPRequestHandler) -> None:
        with lock:
            active[0] += 1
            active[1] = max(active[1], active[0])
        time.sleep(0.2)
        with lock:
            active[0] -= 1
        handler.send_response(404)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    with serving() as a, serving() as b, serving() as c, serving() as d:
        urls = []
        for server in (a, b, c, d):
            server.routes["/robots.txt"] = counted
            urls.append(server.origin + "/x")
        # No fetch here is slow: slow_after is far off, so none gives its slot up.
        with RobotsCache(concurrency=2, slow_after=60) as cache:
            assert cache.filter(urls, "bot") == urls
    assert active[1] == 2


def test_filter_fetches_the_other_origins_while_one_never_answers() -> None:
    # One slot: the hanging origin's fetch gives it up after slow_after, and filter() has a
    # thread left to fetch the next origin with (not only `concurrency` of them).
    released = threading.Event()

    def hang(handler: http.server.BaseHTTPRequestHandler) -> None:
        released.wait(30)
        handler.send_response(503)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    with serving() as tarpit, serving() as healthy:
        tarpit.routes["/robots.txt"] = hang
        healthy.routes["/robots.txt"] = (200, {}, RULES)
        urls = [tarpit.origin + "/x", healthy.origin + "/private/x", healthy.origin + "/y"]
        with RobotsCache(concurrency=1, slow_after=0.1, max_slow_fetches=1) as cache:
            found: list[list[str]] = []
            thread = threading.Thread(target=lambda: found.append(cache.filter(urls, "bot")))
            thread.start()
            try:
                end = time.monotonic() + 10
                while healthy.count("/robots.txt") == 0:
                    assert time.monotonic() < end, "the healthy origin waited for the one that hangs"
                    time.sleep(0.01)
                assert cache.is_allowed(healthy.origin + "/private/x", "bot") is False  # answered while it hangs
            finally:
                released.set()
            thread.join(10)
        assert found == [[healthy.origin + "/y"]]  # the 503 disallows all of its origin


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"slow_after": 0}, "slow_after must be a positive number of seconds"),
        ({"slow_after": float("inf")}, "slow_after must be a positive number of seconds"),
        ({"slow_after": "1"}, "slow_after must be a positive number of seconds"),
        ({"max_slow_fetches": 0}, "max_slow_fetches must be a whole number from 1"),
        ({"max_slow_fetches": 1.5}, "max_slow_fetches must be a whole number from 1"),
    ],
)
def test_slow_lane_options_are_checked(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RobotsCache(**options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        AsyncRobotsCache(**options)  # type: ignore[arg-type]


def test_close_frees_every_robots_txt_at_once(site: Server) -> None:
    site.routes["/robots.txt"] = (200, {}, RULES)
    cache = RobotsCache()
    robots = cache.fetched(site.origin + "/").robots
    cache.close()
    assert robots.closed
    with pytest.raises(RobotsClosedError):
        cache.check(site.origin + "/", "bot")
