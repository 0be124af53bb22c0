"""robotsmatch.pandas.join_archive: URLs over many hosts joined to an archive
of captures, with the columns Spark's join_robots adds, in input order; each
URL answered as Archive.check answers it (test/vectors/archive-outcomes.json,
and thousands of hosts with bad cells among the URLs), within the archive's
bounded cache."""

import json
import random

import pandas as pd
import pytest
from conftest import REPO

pytest.importorskip("pyarrow")

import robotsmatch._origin_run as origin_run
import robotsmatch._pandas_join as pandas_join
from robotsmatch import crawler
from robotsmatch.archive import Archive
from robotsmatch.pandas import join_archive

AGENTS = ["Googlebot", "GPTBot"]
VECTORS = json.loads((REPO / "test" / "vectors" / "archive-outcomes.json").read_text("utf-8"))


@pytest.mark.parametrize("case", VECTORS["cases"], ids=lambda c: c["name"][:60])
def test_the_archive_vectors(case):
    with Archive(case["captures"]) as archive:
        purpose = case.get("purpose")
        for v in case["verdicts"]:
            row = join_archive([v["url"]], archive, [v["agent"]], purpose).iloc[0]
            # With a purpose, a URL the file opts out of it is not allowed, as join_robots has it.
            expected = pd.NA if v["allowed"] is None else v["allowed"] and not v.get("optedOut", False)
            assert (row["allowed"] is pd.NA) if expected is pd.NA else row["allowed"] == expected, v
            assert row["line"] == v["line"], v
            assert row["outcome"] == archive.outcome(v["url"]), v
            if purpose is not None:
                assert (list(row["opted_out_by"]) == [v["agent"]]) == bool(v.get("optedOut")), v


def _captures(count):
    captures = []
    for i in range(count):
        url = f"https://h{i}.example/robots.txt"
        kind = i % 10
        if kind == 7:
            captures.append({"url": url, "status": 404})
        elif kind == 8:
            captures.append({"url": url, "status": 503})
        elif kind == 9:
            captures.append({"url": url, "status": 301, "location": f"https://h{i - 1}.example/robots.txt"})
        else:
            rules = "".join(f"Disallow: /d{k}/\nAllow: /d{k}/ok\n" for k in range(i % 4 + 1))
            captures.append(
                {"url": url, "status": 200, "body": f"User-agent: *\n{rules}\nUser-agent: GPTBot\nDisallow: /g\n"}
            )
    return captures


def _urls(hosts, count, seed):
    rng = random.Random(seed)
    paths = ["/", "/d0/x", "/d0/ok", "/d3/y", "/g/z", "/G/z?q=1"]
    urls = [f"https://h{rng.randrange(hosts + 50)}.example{rng.choice(paths)}" for _ in range(count)]
    # Bad cells and odd URLs among them: each answered on its own.
    for bad in (
        None,
        42,
        "not a url",
        "",
        "ftp://h1.example/d0/x",
        "https://h2.example/d0/x\nnext",
        "HTTPS://H3.EXAMPLE:443/d0/x",
    ):
        urls.insert(rng.randrange(len(urls)), bad)
    return urls


def _expected(archive, url):
    """What Archive.check says, in the join's columns."""
    if not isinstance(url, str):
        return (pd.NA, pd.NA, None, "invalid")  # no URL: the CLI's outcome for a row with no "url"
    verdicts = [archive.check(url, agent) for agent in AGENTS]
    if verdicts[0].allowed is None:
        return (pd.NA, 0, None, verdicts[0].outcome)
    refused = [agent for agent, v in zip(AGENTS, verdicts) if not v.allowed]
    deciding = next((v for v in verdicts if not v.allowed), verdicts[0])
    return (not refused, deciding.line, refused, verdicts[0].outcome)


def test_many_hosts_with_bad_cells_in_input_order_leaving_the_cache_as_it_was(monkeypatch):
    monkeypatch.setattr(pandas_join, "_BLOCK", 4096)  # several blocks, an origin's URLs in more than one
    hosts = 3000
    captures = _captures(hosts)
    urls = _urls(hosts, 20_000, seed=44)
    series = pd.Series(urls, index=[f"row{i}" for i in range(len(urls))], dtype=object)
    limit = 512 << 10
    archive = Archive(captures, cache_bytes=limit)
    got = join_archive(series, archive, AGENTS)
    assert list(got.columns) == ["origin", "outcome", "reason", "allowed", "line", "disallowed_by"]
    assert list(got.index) == list(series.index)
    # A join reads each origin's file once, for its run of URLs, and frees it: the cache is left as it was.
    assert archive.cache_stats == {"origins": 0, "bytes": 0, "compiles": 0, "evictions": 0}
    with Archive(captures, cache_bytes=1 << 40) as reference:
        for i, url in enumerate(urls):
            allowed, line, refused, outcome = _expected(reference, url)
            row = got.iloc[i]
            assert row["outcome"] == outcome, url
            assert (row["allowed"] is pd.NA) if allowed is pd.NA else row["allowed"] == allowed, url
            assert (row["line"] is pd.NA) if line is pd.NA else row["line"] == line, url
            assert (
                (row["disallowed_by"] in (None, pd.NA)) if refused is None else list(row["disallowed_by"]) == refused
            ), url
            origin = reference.resolve(url).final_url if isinstance(url, str) else None
            assert (row["origin"] is None) == (origin is None), url
    archive.close()


def test_a_frame_keeps_its_columns_and_the_added_ones_follow():
    archive = Archive(_captures(20))
    frame = pd.DataFrame(
        {"id": [3, 1, 2], "url": ["https://h1.example/g/x", "https://h7.example/a", None]}, index=[5, 5, 9]
    )
    got = join_archive(frame, archive, AGENTS, purpose="train-ai")
    assert list(got.columns) == [
        "id",
        "url",
        "origin",
        "outcome",
        "reason",
        "allowed",
        "line",
        "disallowed_by",
        "opted_out_by",
    ]
    assert list(got.index) == [5, 5, 9]
    assert got["outcome"].tolist() == ["ok", "unavailable", "invalid"]
    assert got["allowed"].tolist() == [False, True, pd.NA]
    assert list(got["disallowed_by"].iloc[0]) == ["GPTBot"]
    with pytest.raises(ValueError, match="urls already has the column"):
        join_archive(frame.assign(outcome=1), archive, AGENTS)
    with pytest.raises(ValueError, match="urls has no column 'link'"):
        join_archive(frame, archive, AGENTS, url_col="link")
    with pytest.raises(TypeError, match="archive must be"):
        join_archive(frame, {"h1.example": "..."}, AGENTS)
    # lines=False leaves out the one per-URL core call.
    assert "line" not in join_archive(frame, archive, AGENTS, lines=False).columns
    assert len(join_archive([], archive, AGENTS)) == 0


def test_a_path_is_read_as_the_command_line_reads_it():
    pytest.importorskip("warcio")
    warc = REPO / "test" / "vectors" / "warc" / "captures.warc.gz"
    got = join_archive(
        ["https://plain.test/private/x", "https://down.test/", "https://long.test/late"], warc, "Googlebot"
    )
    assert got["allowed"].tolist() == [False, False, True]
    assert got["line"].tolist() == [2, 0, 0]


GROUPS = {
    # No group names a product token: every agent reads `*`, but a crawler that ignores `*` reads nothing.
    "https://star.example/robots.txt": "User-agent: *\nDisallow: /a\nAllow: /a/ok\n",
    # Googlebot and GPTBot each have their own group, Bingbot reads `*`.
    "https://own.example/robots.txt": (
        "User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /b\n\n"
        "User-agent: GPTBot\nDisallow: /\nAllow: /a/ok\n"
    ),
    # One group for two agents, by two user-agent lines.
    "https://both.example/robots.txt": "User-agent: Googlebot\nUser-agent: GPTBot\nDisallow: /b\n",
}
PATHS = ["/", "/a", "/a/ok", "/a/no", "/b", "/b/x", "/c"]


def _assert_as_archive_checks(archive, urls, agents, names, got):
    """Each URL's refusing agents and deciding line are the ones Archive.check gives, agent by agent."""
    for url, refused, line in zip(urls, got["disallowed_by"], got["line"]):
        verdicts = [archive.check(url, agent) for agent in agents]
        assert list(refused) == [n for n, v in zip(names, verdicts) if not v.allowed], url
        assert line == next((v for v in verdicts if not v.allowed), verdicts[0]).line, url


@pytest.mark.parametrize("work", [0, 1 << 40], ids=["full index for every run", "light index for every run"])
def test_agents_that_read_the_same_groups_or_not_each_get_their_own_answers(monkeypatch, work):
    monkeypatch.setattr(origin_run, "FULL_WORK", work)
    agents = ["Googlebot", "GPTBot", "Bingbot", crawler("AdsBot-Google")]
    names = ["Googlebot", "GPTBot", "Bingbot", "AdsBot-Google"]
    captures = [{"url": url, "status": 200, "body": body} for url, body in GROUPS.items()]
    urls = [url.replace("/robots.txt", path) for url in GROUPS for path in PATHS]
    with Archive(captures) as archive:
        _assert_as_archive_checks(archive, urls, agents, names, join_archive(urls, archive, agents))


def test_a_file_the_archive_holds_parsed_is_read_from_its_cache_and_stays_open():
    with Archive(
        [{"url": "https://own.example/robots.txt", "status": 200, "body": GROUPS["https://own.example/robots.txt"]}]
    ) as archive:
        held = archive.robots("https://own.example/")
        got = join_archive(["https://own.example/b/x", "https://own.example/a/ok"], archive, ["Googlebot", "GPTBot"])
        assert [list(refused) for refused in got["disallowed_by"]] == [["Googlebot", "GPTBot"], []]
        assert not held.closed and archive.robots("https://own.example/") is held
        assert archive.cache_stats["compiles"] == 1


def test_an_origin_with_more_urls_than_one_core_call_takes_is_answered_in_pieces(monkeypatch):
    monkeypatch.setattr(origin_run, "LINES_CHUNK", 64)  # a few URLs per call, and one longer than a call alone
    captures = [{"url": url, "status": 200, "body": body} for url, body in GROUPS.items()]
    urls = [url.replace("/robots.txt", path) for url in GROUPS for path in PATHS * 3]
    urls.insert(5, "https://own.example/a/" + "x" * 100)
    with Archive(captures) as archive:
        _assert_as_archive_checks(archive, urls, AGENTS, AGENTS, join_archive(urls, archive, AGENTS))


def test_each_origins_file_is_parsed_once_across_blocks_and_core_calls(monkeypatch):
    """An origin's rows in several blocks and core calls: its file is parsed
    once for all of them (and let go once the next origin's rows come), the
    same answers; a purpose keeps its statements the same way."""
    monkeypatch.setattr(pandas_join, "_BLOCK", 64)
    monkeypatch.setattr(origin_run, "LINES_CHUNK", 16)
    compiles = []
    compile_file = origin_run.RunMatcher.compile

    def counted(self, body, mode):
        compiles.append(body)
        return compile_file(self, body, mode)

    monkeypatch.setattr(origin_run.RunMatcher, "compile", counted)
    captures = [{"url": url, "status": 200, "body": body} for url, body in GROUPS.items()]
    urls = [url.replace("/robots.txt", path) for path in PATHS * 40 for url in GROUPS]
    with Archive(captures) as archive:
        for purpose in (None, "train-ai"):
            compiles.clear()
            got = join_archive(urls, archive, AGENTS, purpose)
            assert len(compiles) == len(GROUPS), purpose
            assert len(got) == len(urls)
        _assert_as_archive_checks(archive, urls, AGENTS, AGENTS, join_archive(urls, archive, AGENTS))


def test_a_url_with_no_http_origin_is_invalid_as_the_cli_answers_it():
    archive = Archive([{"url": "https://a.example/robots.txt", "status": 200, "body": "User-agent: *\nDisallow: /p\n"}])
    urls = pd.Series(["ftp://a.example/p", "not a url", "https://a.example/p", "https://b.example/x", None, "/p"])
    got = join_archive(urls, archive, ["Googlebot"])
    assert got["outcome"].tolist() == ["invalid", "invalid", "ok", "unknown", "invalid", "invalid"]
    assert got["allowed"].tolist() == [pd.NA, pd.NA, False, pd.NA, pd.NA, pd.NA]
