"""robotsmatch.scrapy.RobotsTxtMiddleware in real Scrapy crawls (``scrapy
runspider`` in a child process) against a local server whose robots.txt
answers 200, 404, 429, 503, a redirect chain, or hangs: the pages fetched
are those RFC 9309's outcome allows, where Scrapy's own middleware crawls
everything when robots.txt answers 5xx or 429."""

from __future__ import annotations

import http.server
import subprocess
import sys
import threading
import time
from typing import ClassVar

import pytest

pytest.importorskip("scrapy")

ROBOTS = b"User-agent: *\nDisallow: /private\n"
PAGES = ["/public", "/private/x"]


class Site(http.server.BaseHTTPRequestHandler):
    robots: ClassVar[str] = "200"
    requested: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        if self.path.startswith("/robots") or self.path.startswith("/hop"):
            self.robots_txt()
            return
        Site.requested.append(self.path)
        self.answer(200, b"<html><body>page</body></html>")

    def robots_txt(self) -> None:
        kind = Site.robots
        if kind == "hang":
            time.sleep(5)
            self.answer(200, ROBOTS)
        elif kind == "redirect" and self.path == "/robots.txt":
            self.answer(301, b"", {"Location": "/hop1"})
        elif kind == "redirect" and self.path == "/hop1":
            self.answer(302, b"", {"Location": "/hop2/robots.txt"})
        elif kind in ("200", "redirect"):
            self.answer(200, ROBOTS)
        else:
            self.answer(int(kind), b"<html>error</html>", {"Retry-After": "3600"})

    def answer(self, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture()
def site():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    Site.requested = []
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


SPIDER = """
import scrapy

class Spider(scrapy.Spider):
    name = "outcomes"
    custom_settings = {
        "ROBOTSTXT_OBEY": True,
        "DOWNLOADER_MIDDLEWARES": %(middlewares)r,
        "LOG_LEVEL": "INFO",
        "TELEMETRY_ENABLED": False,
        "RETRY_ENABLED": False,
        "DOWNLOAD_TIMEOUT": 1,
    }

    # One request first, the rest from its callback or errback: requests queued while
    # robots.txt is being fetched would pass unchecked (Scrapy 2.19).
    async def start(self):
        yield scrapy.Request(%(urls)r[0], dont_filter=True, callback=self.rest, errback=self.rest)

    def start_requests(self):  # Scrapy before 2.13
        yield scrapy.Request(%(urls)r[0], dont_filter=True, callback=self.rest, errback=self.rest)

    def rest(self, _):
        for url in %(urls)r[1:]:
            yield scrapy.Request(url, dont_filter=True)

    def parse(self, response):
        pass
"""

OURS = {
    "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware": None,
    "robotsmatch.scrapy.RobotsTxtMiddleware": 100,
}
SCRAPYS: dict[str, int | None] = {}


def crawl(tmp_path, site: str, middlewares: dict[str, int | None]) -> list[str]:
    spider = tmp_path / "spider.py"
    spider.write_text(SPIDER % {"middlewares": middlewares, "urls": [site + p for p in PAGES]})
    done = subprocess.run(
        [sys.executable, "-m", "scrapy", "runspider", str(spider)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return sorted(set(Site.requested))


@pytest.mark.parametrize(
    ("robots", "fetched"),
    [
        ("200", ["/public"]),  # the file's rules
        ("redirect", ["/public"]),  # followed to the file
        ("404", ["/private/x", "/public"]),  # no robots.txt: everything allowed
        ("503", []),  # unreachable: everything disallowed
        ("429", []),
        ("hang", []),  # no answer within DOWNLOAD_TIMEOUT: unreachable
    ],
)
def test_the_middleware_applies_rfc_9309s_outcome_for_the_status(tmp_path, site, robots, fetched):
    Site.robots = robots
    assert crawl(tmp_path, site, OURS) == fetched


@pytest.mark.parametrize("robots", ["503", "429"])
def test_scrapys_own_middleware_crawls_everything_when_robots_txt_answers_5xx_or_429(tmp_path, site, robots):
    # Why the middleware exists: a parser alone sees only the error page's body.
    Site.robots = robots
    assert crawl(tmp_path, site, SCRAPYS) == ["/private/x", "/public"]
