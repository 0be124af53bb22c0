"""RFC 9309's outcomes of a live fetch (status, redirects, lifetimes), from
the vectors Node's test/fetch-vectors.test.ts asserts too: each scenario's
routes served by two local servers, fetched by fetch_robots and by
fetch_robots_async, the answer the one Node gives; and the cache scenarios
(origins that never answer, the slow lane) served by three and asked of
RobotsCache from threads and of AsyncRobotsCache from tasks."""

from __future__ import annotations

import asyncio
import http.server
import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("httpx")

from conftest import REPO
from fetch_server import Server, serving

from robotsmatch.fetch import AsyncRobotsCache, FetchedRobots, RobotsCache, fetch_robots, fetch_robots_async

VECTORS: dict[str, Any] = json.loads((REPO / "test/vectors/fetch-scenarios.json").read_text("utf-8"))
SCENARIOS: list[dict[str, Any]] = VECTORS["scenarios"]
CACHE_SCENARIOS: list[dict[str, Any]] = VECTORS["cacheScenarios"]
NOW = 1000.0  # seconds: the vectors' lifetimes are differences, in ms


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[Server, Server]]:
    with serving() as a, serving() as b:
        yield a, b


def place(text: str, a: Server, b: Server) -> str:
    return text.replace("{a}", a.origin).replace("{b}", b.origin)


def serve(scenario: dict[str, Any], a: Server, b: Server) -> None:
    for where, answer in scenario["routes"].items():
        server = b if where.startswith("{b}") else a
        path = where[3:]
        headers = {name: place(value, a, b) for name, value in answer.get("headers", {}).items()}
        server.routes[path] = (answer["status"], headers, answer.get("body", "").encode())


def assert_expected(got: FetchedRobots, expect: dict[str, Any], a: Server, b: Server) -> None:
    assert got.outcome == expect["outcome"], got.error
    if "status" in expect:
        assert got.status == expect["status"]
    if "redirects" in expect:
        assert got.redirects == expect["redirects"]
    if "finalUrl" in expect:
        assert got.final_url == place(expect["finalUrl"], a, b)
    if "contentType" in expect:
        assert got.content_type == expect["contentType"]
    if "lifetimeMs" in expect:
        assert round((got.expires - got.fetched_at) * 1000) == expect["lifetimeMs"]
    assert got.url == f"{a.origin}/robots.txt"
    for path, allowed in expect.get("allowed", {}).items():
        assert got.robots.is_allowed(a.origin + path, "bot") is allowed, path


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_fetch_robots(scenario: dict[str, Any], servers: tuple[Server, Server]) -> None:
    a, b = servers
    serve(scenario, a, b)
    got = fetch_robots(a.origin + "/some/page?q", now=lambda: NOW)
    assert_expected(got, scenario["expect"], a, b)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_fetch_robots_async(scenario: dict[str, Any], servers: tuple[Server, Server]) -> None:
    a, b = servers
    serve(scenario, a, b)
    got = asyncio.run(fetch_robots_async(a.origin + "/some/page?q", now=lambda: NOW))
    assert_expected(got, scenario["expect"], a, b)


class Hanging:
    """Routes that take their request and answer only once released."""

    def __init__(self) -> None:
        self.released = threading.Event()

    def route(self, answer: dict[str, Any]) -> Callable[[http.server.BaseHTTPRequestHandler], None]:
        body = answer.get("body", "").encode()

        def hang(handler: http.server.BaseHTTPRequestHandler) -> None:
            self.released.wait(30)
            handler.send_response(answer["status"])
            handler.send_header("Content-Length", str(len(body)))
            handler.end_headers()
            handler.wfile.write(body)

        return hang


def cache_options(options: dict[str, Any]) -> dict[str, Any]:
    return {
        "concurrency": options["concurrency"],
        "slow_after": options["slowAfterMs"] / 1000,
        "max_slow_fetches": options["maxSlowFetches"],
        "timeout": options["timeoutMs"] / 1000,
    }


def wait_until(done: Callable[[], bool], what: str, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, f"waited {seconds} s for {what}"
        time.sleep(0.01)


class Asker:
    """A cache scenario's servers and answers: each ask is made once the
    robots.txt requests of the earlier asks whose route hangs have reached
    their server (reached())."""

    def __init__(self, scenario: dict[str, Any], servers: dict[str, Server], hanging: Hanging) -> None:
        self.scenario = scenario
        self.servers = servers
        for where, answer in scenario["routes"].items():
            server = servers[where[:3]]
            if answer.get("hang"):
                server.routes[where[3:]] = hanging.route(answer)
            else:
                server.routes[where[3:]] = (answer["status"], {}, answer.get("body", "").encode())
        self.answers: dict[str, bool] = {}

    def url(self, ask: str) -> str:
        return self.servers[ask[:3]].origin + ask[3:]

    def requests(self, ask: str) -> int:
        return self.servers[ask[:3]].count("/robots.txt")

    def reached(self, ask: str) -> None:
        """Waits, when the ask's route hangs, for its request to reach the server."""
        if self.scenario["routes"].get(ask[:3] + "/robots.txt", {}).get("hang"):
            wait_until(lambda: self.requests(ask) > 0, f"the request of {ask}")

    def check_while_hanging(self) -> None:
        """Answers that come while every hanging route hangs; asks that wait with no request made."""
        for ask, allowed in self.scenario.get("whileHanging", {}).items():
            wait_until(lambda: ask in self.answers, f"the answer to {ask} while the others hang")  # noqa: B023
            assert self.answers[ask] is allowed, ask
        waiting = self.scenario.get("waitingWhileHanging", [])
        if waiting:
            time.sleep(10 * self.scenario["options"]["slowAfterMs"] / 1000)
            for ask in waiting:
                assert ask not in self.answers, f"{ask} was answered while the slow lane was full"
                assert self.requests(ask) == 0, ask

    def check_after_release(self) -> None:
        assert {ask: self.answers.get(ask) for ask in self.scenario["afterRelease"]} == self.scenario["afterRelease"]


@pytest.fixture
def three() -> Iterator[dict[str, Server]]:
    with serving() as a, serving() as b, serving() as c:
        yield {"{a}": a, "{b}": b, "{c}": c}


@pytest.mark.parametrize("scenario", CACHE_SCENARIOS, ids=[s["name"] for s in CACHE_SCENARIOS])
def test_robots_cache_from_threads(scenario: dict[str, Any], three: dict[str, Server]) -> None:
    hanging = Hanging()
    asker = Asker(scenario, three, hanging)
    threads: list[threading.Thread] = []

    def ask(cache: RobotsCache, where: str) -> None:
        asker.answers[where] = cache.is_allowed(asker.url(where), "bot")

    with RobotsCache(**cache_options(scenario["options"])) as cache:
        try:
            for where in scenario["asks"]:
                threads.append(threading.Thread(target=ask, args=(cache, where), daemon=True))
                threads[-1].start()
                asker.reached(where)
            asker.check_while_hanging()
        finally:
            hanging.released.set()
        for thread in threads:
            thread.join(10)
        asker.check_after_release()


@pytest.mark.parametrize("scenario", CACHE_SCENARIOS, ids=[s["name"] for s in CACHE_SCENARIOS])
def test_async_robots_cache_from_tasks(scenario: dict[str, Any], three: dict[str, Server]) -> None:
    hanging = Hanging()
    asker = Asker(scenario, three, hanging)

    async def ask(cache: AsyncRobotsCache, where: str) -> None:
        asker.answers[where] = await cache.is_allowed(asker.url(where), "bot")

    async def run() -> None:
        loop = asyncio.get_running_loop()
        async with AsyncRobotsCache(**cache_options(scenario["options"])) as cache:
            tasks = []
            try:
                for where in scenario["asks"]:
                    tasks.append(asyncio.ensure_future(ask(cache, where)))
                    await asyncio.sleep(0)
                    # The waits run in a thread: the loop goes on with the fetches meanwhile.
                    await loop.run_in_executor(None, asker.reached, where)
                await loop.run_in_executor(None, asker.check_while_hanging)
            finally:
                hanging.released.set()
            await asyncio.wait_for(asyncio.gather(*tasks), 10)
            asker.check_after_release()

    asyncio.run(run())
