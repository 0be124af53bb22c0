"""robotsmatch.pandas: a Series or an Arrow array of URLs matched for several
agents at once gives, URL by URL, what Node gives (the conformance vectors'
corpus and purpose cases) and what check() gives, with batches of URLs per
core call and no check() at all unless the deciding lines are asked for."""

from __future__ import annotations

import json
import pathlib

import pytest

pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")

import robotsmatch
import robotsmatch.pandas as rp
from robotsmatch.archive import origin_of
from robotsmatch.robots import AgentMatcher

REPO = pathlib.Path(__file__).resolve().parents[2]
VECTORS = json.loads((REPO / "test" / "vectors" / "conformance.json").read_text("utf-8"))

BODY = "User-agent: *\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: GPTBot\nDisallow: /\nContent-Signal: ai-train=no\n"


def _agent(agent):
    """A vector's agent as this API takes it: a token or a registry crawler (None: a token set, which it does not take)."""
    if isinstance(agent, str):
        return agent
    if isinstance(agent, dict):
        return robotsmatch.crawler(agent["crawler"])
    return None


def _corpus_groups():
    groups = {}
    for v in VECTORS["corpus"]:
        agent = _agent(v["agent"])
        if agent is not None:
            groups.setdefault((v["file"], v["mode"]), []).append((agent, v))
    return sorted(groups.items())


@pytest.mark.parametrize(
    "file_mode, cases", _corpus_groups(), ids=lambda x: x[0] + ":" + x[1] if isinstance(x, tuple) else ""
)
def test_the_corpus_vectors_for_every_agent_at_once(file_mode, cases, monkeypatch):
    """Each corpus file's 300 URLs, every agent of its vectors in one call,
    as a Series and as a chunked Arrow array: Node's answers and lines."""
    file, mode = file_mode
    robots = robotsmatch.parse((REPO / file).read_bytes(), mode=mode)
    urls = VECTORS["corpusUrls"]
    agents = [agent for agent, _ in cases]
    names = [a if isinstance(a, str) else a.name for a in agents]
    series = pd.Series(urls, index=[f"u{i}" for i in range(len(urls))])
    chunked = pa.chunked_array([urls[:100], urls[100:]])

    checks = []
    monkeypatch.setattr(
        AgentMatcher, "check", lambda self, url, _check=AgentMatcher.check: checks.append(url) or _check(self, url)
    )
    for given in (series, chunked):
        table = rp.allowed(given, robots, agents)
        assert list(table.columns) == names
        for name, (_, v) in zip(names, cases):
            assert "".join("1" if x else "0" for x in table[name]) == v["allowed"], name
    assert list(table.index) == list(range(len(urls))) and checks == []  # no core call per URL for allowed()
    for agent, v in cases:
        lines = rp.verdicts(series, robots, agent)["line"].tolist()
        assert lines == v["lines"], agent
    robots.close()


@pytest.mark.parametrize(
    "case", [c for c in VECTORS["bulk"] if _agent(c["agent"]) is not None], ids=lambda c: f"{c['agent']}-{c['purpose']}"
)
def test_purposes_as_node_bulk_matching_answers_them(case):
    """The bulk vectors: 1 allowed, 0 disallowed, 2 allowed but opted out of the purpose."""
    robots = robotsmatch.parse(case["body"])
    urls = case["lines"].split("\n")
    if urls and urls[-1] == "":
        urls.pop()
    want = json.loads(case["verdicts"]) if isinstance(case["verdicts"], str) else case["verdicts"]
    agent = _agent(case["agent"])
    name = agent if isinstance(agent, str) else agent.name
    frame = rp.verdicts(urls, robots, agent, purpose=case["purpose"], lines=False)
    got = [2 if name in o else 0 if name in d else 1 for d, o in zip(frame["disallowed_by"], frame["opted_out_by"])]
    assert got == want
    assert rp.allowed(urls, robots, agent, purpose=case["purpose"]).tolist() == [w == 1 for w in want]


def test_several_agents_missing_urls_and_the_index():
    robots = robotsmatch.parse(BODY)
    urls = pd.Series(
        ["https://a.example/", "https://a.example/private/x", None, "https://a.example/private/ok", ""],
        index=list("abcde"),
    )
    frame = rp.verdicts(urls, robots, ["Googlebot", robotsmatch.crawler("GPTBot")], purpose="train-ai")
    assert list(frame.index) == list("abcde")
    assert list(frame.columns) == ["allowed", "line", "disallowed_by", "opted_out_by"]
    assert frame["allowed"].tolist() == [False, False, pd.NA, False, False]
    assert [None if x is None or x is pd.NA else list(x) for x in frame["disallowed_by"]] == [
        ["GPTBot"],
        ["Googlebot", "GPTBot"],
        None,
        ["GPTBot"],
        ["GPTBot"],
    ]
    # The line of the first agent that may not fetch it, else of the first agent.
    assert frame["line"].tolist() == [6, 2, pd.NA, 6, 6]
    one = rp.allowed(urls, robots, "Googlebot")
    assert one.name == "Googlebot" and str(one.dtype) == "boolean"
    assert one.tolist() == [True, False, pd.NA, True, True]


def test_a_cell_that_is_not_a_string_is_answered_na_on_its_own():
    robots = robotsmatch.parse("User-agent: *\nDisallow: /a\n")
    cells = ["https://x.example/a", 5, "https://x.example/b", b"https://x.example/a", float("nan"), None]
    for urls in (pd.Series(cells, dtype=object), cells):
        assert rp.allowed(urls, robots, "Googlebot").tolist() == [False, pd.NA, True, pd.NA, pd.NA, pd.NA]
        assert rp.verdicts(urls, robots, ["Googlebot"])["line"].tolist() == [2, pd.NA, 0, pd.NA, pd.NA, pd.NA]
    assert rp.origins(pd.Series(cells, dtype=object)).tolist()[:3] == [
        "https://x.example",
        None,
        "https://x.example",
    ]


def test_origins_keep_the_series_index_as_the_other_columns_do():
    urls = pd.Series(["https://A.example/x", None, "ftp://b.example/"], index=[10, 20, 30])
    found = rp.origins(urls)
    assert found.index.tolist() == [10, 20, 30]
    assert found.name == "origin"
    assert found.tolist() == ["https://a.example", None, None]
    assert rp.allowed(urls, robotsmatch.parse(""), "bot").index.equals(found.index)


def test_urls_with_line_breaks_are_matched_one_by_one_not_split():
    """A URL holding a line break would be two lines in a joined buffer: such URLs are decided as check() decides them."""
    robots = robotsmatch.parse("User-agent: *\nDisallow: /a\n")
    urls = ["https://x.example/b\n/a", "https://x.example/a\r", "https://x.example/b", "/a\r\n/b"]
    got = rp.allowed(urls, robots, "Googlebot").tolist()
    assert got == [robots.is_allowed(u, "Googlebot") for u in urls]
    with pytest.raises(ValueError, match="line break"):
        rp.allowed(urls, robots, "Googlebot", purpose="train-ai")


def test_blocks_of_urls_give_the_same_answers_as_one(monkeypatch):
    robots = robotsmatch.parse(BODY)
    urls = [f"https://a.example/{'private/' if i % 3 else ''}{i}" for i in range(1000)]
    whole = rp.verdicts(urls, robots, ["Googlebot", "GPTBot"])
    monkeypatch.setattr(rp, "_BLOCK", 7)
    cut = rp.verdicts(urls, robots, ["Googlebot", "GPTBot"])
    pd.testing.assert_frame_equal(whole, cut)
    assert whole["allowed"].sum() == 0 and sum(len(d) == 2 for d in whole["disallowed_by"]) == 666


def test_arrow_inputs_of_every_string_kind():
    robots = robotsmatch.parse("User-agent: *\nDisallow: /a\n")
    urls = ["https://x.example/a", None, "https://x.example/b"]
    want = [False, pd.NA, True]
    for given in (
        pa.array(urls),
        pa.array(urls, pa.large_string()),
        pa.array(urls).dictionary_encode(),
        pd.Series(urls, dtype="string[pyarrow]"),
        pd.Series(urls, dtype="string[python]"),
        pd.Series(urls, dtype="object"),
    ):
        assert rp.allowed(given, robots, "Googlebot").tolist() == want, type(given)
    assert rp.allowed(pa.array([], pa.string()), robots, "Googlebot").tolist() == []


def test_bad_arguments_are_typed_errors():
    robots = robotsmatch.parse("User-agent: *\nDisallow: /a\n")
    with pytest.raises(TypeError, match="strings"):
        rp.allowed(pd.Series([1, 2]), robots, "Googlebot")
    with pytest.raises(TypeError, match="strings"):
        rp.allowed(pa.array([1, 2]), robots, "Googlebot")
    with pytest.raises(TypeError, match="Robots"):
        rp.allowed(["https://x.example/"], "User-agent: *", "Googlebot")
    with pytest.raises(ValueError, match="at least one"):
        rp.allowed(["https://x.example/"], robots, [])
    with pytest.raises(ValueError, match="distinct"):
        rp.allowed(["https://x.example/"], robots, ["GPTBot", robotsmatch.crawler("GPTBot")])
    with pytest.raises(ValueError, match="purpose"):
        rp.allowed(["https://x.example/"], robots, "Googlebot", purpose="AI training")


def test_origins_are_the_archive_s_own():
    urls = [
        "https://A.example/x",
        "HTTP://a.EXAMPLE",
        "http://a.example:80/",
        "https://a.example:8443/",
        "https://u@a.example/",
        "https://a.example?x",
        " https://a.example/",
        "https://bücher.example/",
        "https://[::1]:8080/",
        "ftp://a.example/",
        "nonsense",
        None,
        "https://a.example./",
        "http:///x",
        "https://a.example\t/",
    ]
    assert rp.origins(urls).tolist() == [None if u is None else origin_of(u) for u in urls]


def test_origins_of_large_strings():
    """A Series of pandas 3's default string dtype is Arrow large_string, as
    is a large_string array: the same origins as from plain strings."""
    urls = [
        "https://A.example/x",
        "http://a.example:80/",
        "https://bücher.example/",
        "nonsense",
        None,
        "https://127.1/",
    ]
    expected = [None if u is None else origin_of(u) for u in urls]
    assert rp.origins(pa.array(urls, pa.large_string())).tolist() == expected
    assert rp.origins(pd.Series(urls, dtype=pd.ArrowDtype(pa.large_string()))).tolist() == expected
    assert rp.origins(pd.Series(urls)).tolist() == expected
