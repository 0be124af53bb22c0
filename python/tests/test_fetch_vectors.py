"""RFC 9309's outcomes of a live fetch (status, redirects, lifetimes), from
the vectors Node's test/fetch-vectors.test.ts asserts too: each scenario's
routes served by two local servers, fetched by fetch_robots and by
fetch_robots_async, the answer the one Node gives."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("httpx")

from conftest import REPO
from fetch_server import Server, serving

from robotsmatch.fetch import FetchedRobots, fetch_robots, fetch_robots_async

SCENARIOS: list[dict[str, Any]] = json.loads((REPO / "test/vectors/fetch-scenarios.json").read_text("utf-8"))[
    "scenarios"
]
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
