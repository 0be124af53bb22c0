"""The joins over many origins (robotsmatch.pandas.join_archive and the
partition reader of robotsmatch.spark.join_robots) give each URL's deciding
line from the same core call as its verdicts: one call per run of an
origin's URLs and group of agents, whatever the number of URLs, and the
line robots.check() gives (the first agent that may not fetch the URL, else
the first agent). The Spark reader is fed Arrow batches here as Spark hands
them over (sorted by origin, its capture first), without Spark."""

import pytest

pa = pytest.importorskip("pyarrow")

from robotsmatch import parse
from robotsmatch._core import get_core
from robotsmatch._layout import Export
from robotsmatch.archive import Archive
from robotsmatch.pandas import agent_names, join_archive

AGENTS = ["Googlebot", "GPTBot"]
BODY = "User-agent: *\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: GPTBot\nDisallow: /\nAllow: /open\n"
PATHS = ["/", "/private/x", "/private/ok", "/open/a", "/other", "/private"] * 20


def _count_calls(monkeypatch):
    """Counts the calls of each core export from now on (made through core.fn)."""
    core = get_core()
    calls = {}

    def counted(name, call):
        def run(*args):
            calls[name] = calls.get(name, 0) + 1
            return call(*args)

        return run

    for name, call in list(core.fn.items()):
        monkeypatch.setitem(core.fn, name, counted(name, call))
    return calls


def _expected_lines(urls, body=BODY):
    with parse(body) as robots:
        lines = []
        for url in urls:
            verdicts = [robots.check(url, agent) for agent in AGENTS]
            lines.append(next((v for v in verdicts if not v.allowed), verdicts[0]).line)
        return lines


def test_join_archive_answers_an_origins_lines_in_one_call_per_agent_group(monkeypatch):
    urls = [f"https://a.example{path}" for path in PATHS]
    with Archive([{"url": "https://a.example/robots.txt", "status": 200, "body": BODY}]) as archive:
        calls = _count_calls(monkeypatch)
        got = join_archive(urls, archive, AGENTS)
    assert calls.get(Export.check, 0) == 0
    # Googlebot reads `*`, GPTBot its own group: two groups, one call each for all 120 URLs.
    assert calls[Export.check_lines] == 2
    assert list(got["line"]) == _expected_lines(urls)


def _batch(rows):
    """An Arrow batch as the join hands its reader: url, origin, kind (0 capture, 1 URL), outcome, body."""
    names = ["url", "origin", "__robotsmatch_kind", "__robotsmatch_outcome", "__robotsmatch_body"]
    types = [pa.string(), pa.string(), pa.int32(), pa.string(), pa.binary()]
    return pa.RecordBatch.from_arrays([pa.array(list(c), t) for c, t in zip(zip(*rows), types)], names=names)


def _reader(lines=True):
    from robotsmatch._spark_reader import Partition, Settings

    listed, names = agent_names(AGENTS)
    settings = Settings(listed, names, None, "google", lines, 512_000, "url", ["url"])
    return Partition(settings)


def test_the_spark_reader_answers_an_origins_lines_in_one_call_per_agent_group_across_batches(monkeypatch):
    urls = [f"https://a.example{path}" for path in PATHS]
    capture = (None, "https://a.example", 0, "ok", BODY.encode())
    half = len(urls) // 2
    # The origin's URLs go on in the next batch: its file is compiled once and read by both.
    batches = [
        _batch([capture] + [(url, "https://a.example", 1, None, None) for url in urls[:half]]),
        _batch([(url, "https://a.example", 1, None, None) for url in urls[half:]]),
    ]
    calls = _count_calls(monkeypatch)
    out = pa.Table.from_batches(list(_reader().run(iter(batches))))
    assert calls.get(Export.check, 0) == 0
    assert calls[Export.compile] == 1
    assert calls[Export.check_lines] == 4  # two groups, two batches
    assert out.column("line").to_pylist() == _expected_lines(urls)
    assert out.column("disallowed_by").to_pylist()[:3] == [["GPTBot"], ["Googlebot", "GPTBot"], ["GPTBot"]]


def test_the_spark_reader_answers_origins_with_no_file_and_odd_urls_without_lines_mixed_up():
    batches = [
        _batch(
            [
                (None, None, 1, None, None),
                ("not a url", None, 1, None, None),
                (None, "https://a.example", 0, "ok", BODY.encode()),
                ("https://a.example/private/x", "https://a.example", 1, None, None),
                ("https://a.example/open\nx", "https://a.example", 1, None, None),
                (None, "https://down.example", 0, "unreachable", None),
                ("https://down.example/x", "https://down.example", 1, None, None),
                (None, "https://gone.example", 0, "unavailable", None),
                ("https://gone.example/private", "https://gone.example", 1, None, None),
                ("https://new.example/x", "https://new.example", 1, None, None),
            ]
        )
    ]
    out = pa.Table.from_batches(list(_reader().run(iter(batches)))).to_pylist()
    assert [(r["outcome"], r["allowed"], r["line"], r["disallowed_by"]) for r in out] == [
        ("invalid", None, None, None),  # no URL at all: the CLI's outcome for a row with no "url"
        ("invalid", None, 0, None),  # a URL with no http(s) origin: invalid too, its line 0
        ("ok", False, 2, ["Googlebot", "GPTBot"]),
        # A URL holding a line break is answered on its own, as a string: GPTBot's Allow: /open.
        ("ok", True, _expected_lines(["https://a.example/open\nx"])[0], []),
        ("unreachable", False, 0, ["Googlebot", "GPTBot"]),
        ("unavailable", True, 0, []),
        ("unknown", None, 0, None),
    ]
    without = pa.Table.from_batches(list(_reader(lines=False).run(iter(batches)))).to_pylist()
    assert out == [{**r, "line": o["line"]} for r, o in zip(without, out)]
