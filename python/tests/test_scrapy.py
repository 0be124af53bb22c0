"""robotsmatch.scrapy.RobotParser in a real Scrapy crawl (``scrapy runspider``
in a child process) against a local HTTP server: the pages Scrapy fetches are
exactly those Google's reading allows, where Scrapy's default (Protego) reads
this file differently."""

import http.server
import subprocess
import sys
import threading
from typing import ClassVar

import pytest

pytest.importorskip("scrapy")

from protego import Protego

import robotsmatch

ROBOTS = """\
User-agent: *
Disallow: /

User-agent: MyBot
Disallow: /private
Allow: /private/open$
Disallow: /*.pdf$
Disallow: /%7Euser
Allow: /dir/index.html
Disallow: /dir/
"""

PATHS = [
    "/",
    "/page",
    "/private/x",
    "/private/open",
    "/private/open/x",
    "/a.pdf",
    "/a.pdf?x=1",
    "/~user",
    "/%7Euser",
    "/dir/",
    "/dir/index.html",
    "/dir/x",
]


class Site(http.server.BaseHTTPRequestHandler):
    requested: ClassVar[list[str]] = []

    def do_GET(self):
        if self.path == "/robots.txt":
            body = ROBOTS.encode()
        else:
            Site.requested.append(self.path)
            body = b"<html><body>page</body></html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain" if self.path == "/robots.txt" else "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
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
    name = "tricky"
    custom_settings = {
        "ROBOTSTXT_OBEY": True,
        "ROBOTSTXT_PARSER": %(parser)r,
        "USER_AGENT": %(user_agent)r,
        "LOG_LEVEL": "INFO",
        "TELEMETRY_ENABLED": False,
        "RETRY_ENABLED": False,
    }

    # One request first, the rest from its callback or errback: Scrapy (2.19) lets requests
    # queued while robots.txt is being fetched through unchecked, whatever the parser.
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


def crawl(tmp_path, site, user_agent, parser="robotsmatch.scrapy.RobotParser"):
    spider = tmp_path / "spider.py"
    spider.write_text(SPIDER % {"user_agent": user_agent, "urls": [site + p for p in PATHS], "parser": parser})
    done = subprocess.run(
        [sys.executable, "-m", "scrapy", "runspider", str(spider)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]

    return sorted(set(Site.requested))


@pytest.mark.parametrize("user_agent", ["MyBot/1.0 (+http://127.0.0.1/bot)", "MyBot-News/1.0"])
def test_a_real_crawl_fetches_what_google_allows(tmp_path, site, user_agent):
    fetched = crawl(tmp_path, site, user_agent)
    robots = robotsmatch.parse(ROBOTS)
    token = user_agent.split("/")[0]
    google = sorted(p for p in PATHS if robots.is_allowed(site + p, token))
    protego = Protego.parse(ROBOTS)
    by_protego = sorted(p for p in PATHS if protego.can_fetch(site + p, user_agent))
    assert fetched == google
    # What makes the file tricky: Scrapy's default parser would have fetched something else.
    assert by_protego != google
    # ...and does, in the same crawl with Scrapy's default parser.
    Site.requested = []
    assert crawl(tmp_path, site, user_agent, "scrapy.robotstxt.ProtegoRobotParser") == by_protego


def test_the_expected_pages_by_hand(tmp_path, site):
    # The answers themselves, not only agreement: longest match, `$`, escapes as written, index.html.
    assert crawl(tmp_path, site, "MyBot/1.0") == sorted(
        ["/", "/page", "/private/open", "/a.pdf?x=1", "/~user", "/dir/", "/dir/index.html"]
    )
    Site.requested = []
    # MyBot-News is not MyBot: no group names it, so `*` (Disallow: /) applies and nothing is fetched.
    assert crawl(tmp_path, site, "MyBot-News/1.0") == []


def test_the_parser_alone():
    from robotsmatch.scrapy import RobotParser

    parser = RobotParser.from_crawler(None, ROBOTS.encode())
    assert parser.allowed(b"http://e.com/private/open", b"MyBot/1.0") is True
    assert parser.allowed("http://e.com/private/open/x", "Mozilla/5.0 (compatible; MyBot/1.0)") is False
    # A known crawler's header is matched as that crawler (Googlebot-Image falls back to Googlebot, then `*`).
    assert parser.allowed("http://e.com/page", "Googlebot-Image/1.0") is False


# A shape seen on real sites: a delay for everyone, a stricter one for a named
# bot, and bingbot's own group without a delay of its own.
DELAYS = """\
User-agent: *
Crawl-delay: 10
Disallow: /search

User-agent: MyBot
Crawl-delay: 2.5
Disallow: /private

User-agent: bingbot
Disallow: /cart
"""


def test_the_parser_gives_the_crawl_delay_as_scrapys_other_parsers_do():
    from scrapy.robotstxt import ProtegoRobotParser

    from robotsmatch.scrapy import RobotParser

    ours = RobotParser.from_crawler(None, DELAYS.encode())
    protego = ProtegoRobotParser.from_crawler(None, DELAYS.encode())
    for header in ("MyBot/1.0 (+https://example.com/bot)", b"OtherBot/2.0", "Mozilla/5.0"):
        assert ours.crawl_delay(header) == protego.crawl_delay(header), header
    assert ours.crawl_delay("MyBot/1.0 (+https://example.com/bot)") == 2.5
    assert ours.crawl_delay(b"OtherBot/2.0") == 10
    # Bing says a `*` delay applies to bingbot also when its own group sets none
    # (the registry's crawlDelayFromGlobal); Protego gives None there.
    assert ours.crawl_delay("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)") == 10
    # No delay anywhere: None, as Scrapy's parsers answer.
    assert RobotParser.from_crawler(None, b"User-agent: *\nDisallow: /x\n").crawl_delay("MyBot") is None
