"""The conformance vectors (test/vectors/conformance.json), which Node's
test/conformance-vectors.test.ts asserts too: the same verdicts, deciding
lines, bulk bytes, usage answers and crawler lookups in both languages."""

import json

import pytest
from conftest import REPO

import robotsmatch
from robotsmatch import crawler, identify, normalize_url, parse, path_of, product_token, usage

VECTORS = json.loads((REPO / "test" / "vectors" / "conformance.json").read_text("utf-8"))


def agent_of(agent):
    if isinstance(agent, dict) and "crawler" in agent:
        found = crawler(agent["crawler"])
        assert found is not None, f"no crawler {agent['crawler']} in the registry"
        return found
    if isinstance(agent, dict):
        return robotsmatch.Crawler(
            name=agent["tokens"][0],
            tokens=tuple(agent["tokens"]),
            obeys_global_group=agent.get("obeysGlobalGroup", True),
        )
    return agent


def rule_text(verdict):
    return f"{verdict.rule.type}:{verdict.rule.pattern}" if verdict.rule else None


@pytest.mark.parametrize(
    "case", VECTORS["checks"], ids=lambda c: f"{c['mode']}-{c['about'][:30]}-{json.dumps(c['agent'])}"
)
def test_spec_cases_and_crawler_precedence(case):
    robots = parse(case["body"], mode=case["mode"])
    agent = agent_of(case["agent"])
    got = []
    for url, *_ in case["cases"]:
        v = robots.check(url, agent)
        got.append([url, v.allowed, v.line, rule_text(v)])
    assert got == case["cases"]


CORPUS_URLS = VECTORS["corpusUrls"]


@pytest.mark.parametrize(
    "case", VECTORS["corpus"], ids=lambda c: f"{c['file'].split('/')[-1]}-{c['mode']}-{json.dumps(c['agent'])}"
)
def test_corpus_in_both_modes(case):
    body = (REPO / case["file"]).read_bytes()
    with parse(body, mode=case["mode"]) as robots:
        agent = agent_of(case["agent"])
        verdicts = [robots.check(url, agent) for url in CORPUS_URLS]
        assert "".join("1" if v.allowed else "0" for v in verdicts) == case["allowed"]
        assert [v.line for v in verdicts] == case["lines"]
        matcher = robots.for_agent(agent)
        assert "".join(map(str, matcher.match_many(CORPUS_URLS))) == case["allowed"]
        lines = ("\n".join(CORPUS_URLS) + "\n").encode()
        assert "".join(map(str, matcher.match_lines(lines))) == case["allowed"]


@pytest.mark.parametrize("case", VECTORS["usage"], ids=lambda c: f"{c['url']}-{c['body'][:40]}")
def test_usage(case):
    u = usage(parse(case["body"]), case["url"], agent_of(case["agent"]))
    got = {
        "allowed": u.allowed,
        "line": u.line,
        "contentSignal": u.content_signal and {"values": u.content_signal.values, "lines": u.content_signal.lines},
        "contentUsage": u.content_usage
        and {"preferences": u.content_usage.preferences, "lines": u.content_usage.lines, "path": u.content_usage.path},
        "licenses": u.licenses,
    }
    expected = {k: v for k, v in case.items() if k not in ("body", "agent", "url")}
    assert got == expected


@pytest.mark.parametrize("case", VECTORS["bulk"], ids=lambda c: f"{c['purpose']}-{c['body'][:40]}")
def test_purposes_in_bulk(case):
    matcher = parse(case["body"]).for_agent(agent_of(case["agent"]), purpose=case["purpose"])
    assert list(matcher.match_lines(case["lines"].encode())) == case["verdicts"]
    urls = case["lines"].rstrip("\n").split("\n")
    assert list(matcher.match_many(urls)) == case["verdicts"]


@pytest.mark.parametrize("case", VECTORS["lineBreaks"], ids=lambda c: repr(c["lines"]))
def test_line_breaks(case):
    matcher = parse(case["body"]).for_agent(agent_of(case["agent"]))
    assert list(matcher.match_lines(case["lines"].encode())) == case["verdicts"]
    assert list(matcher.match_lines(case["lines"])) == case["verdicts"]


@pytest.mark.parametrize("case", VECTORS["crawlDelay"], ids=lambda c: f"{c['mode']}-{c['body'][:30]!r}")
def test_crawl_delay_by_record(case):
    with parse(case["body"], case["mode"]) as robots:
        for agent, seconds in case["delays"]:
            assert robots.crawl_delay(agent_of(agent)) == seconds, json.dumps(agent)


def test_crawler_lookup():
    for case in VECTORS["crawler"]:
        found = crawler(case["name"])
        got = (
            {"name": found.name, "tokens": list(found.tokens), "obeysGlobalGroup": found.obeys_global_group}
            if found
            else None
        )
        assert got == case["found"], case["name"]


def test_identify():
    for case in VECTORS["identify"]:
        assert [c.name for c in identify(case["header"])] == case["names"], case["header"]


def test_product_tokens():
    for case in VECTORS["productToken"]:
        assert product_token(case["header"]) == case["token"], case["header"]


def test_url_helpers():
    for case in VECTORS["urls"]:
        assert [normalize_url(case["url"]), path_of(case["url"])] == [case["normalized"], case["path"]], case["url"]
