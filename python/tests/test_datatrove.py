"""robotsmatch.datatrove.RobotsFilter in real datatrove pipelines run by
LocalPipelineExecutor: JSON Lines documents read by JsonlReader, filtered
against an archive of robots.txt captures (a JSON Lines file each task reads
for itself), written by JsonlWriter, dropped documents by the exclusion
writer; what is kept is what robotsmatch.archive says of each URL."""

from __future__ import annotations

import gzip
import json
import pathlib
import random

import pytest

pytest.importorskip("datatrove")

from conftest import REPO
from datatrove.executor import LocalPipelineExecutor
from datatrove.pipeline.readers import JsonlReader
from datatrove.pipeline.writers import JsonlWriter

import robotsmatch
from robotsmatch.archive import Archive
from robotsmatch.datatrove import RobotsFilter

CAPTURES = [
    {
        "url": "https://ok.example/robots.txt",
        "status": 200,
        "body": "User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /news/\n\nUser-agent: CCBot\nDisallow: /\n",
    },
    {
        "url": "https://signal.example/robots.txt",
        "status": 200,
        "body": "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\nDisallow: /admin\n",
    },
    {"url": "https://missing.example/robots.txt", "status": 404},
    {"url": "https://down.example/robots.txt", "status": 503},
    {"url": "https://busy.example/robots.txt", "status": 429},
    {"url": "http://moved.example/robots.txt", "status": 301, "location": "https://moved.example/robots.txt"},
    {"url": "https://moved.example/robots.txt", "status": 200, "body": "User-agent: GPTBot\nDisallow: /gpt\n"},
    # "GPTBot/1.0": a parser reading as Google does takes the token up to the "/", so this group is GPTBot's.
    {
        "url": "https://token.example/robots.txt",
        "status": 200,
        "body": "User-agent: GPTBot/1.0\nDisallow: /\n\nUser-agent: *\nDisallow: /t\n",
    },
]
HOSTS = [
    "https://ok.example",
    "https://signal.example",
    "https://missing.example",
    "https://down.example",
    "https://busy.example",
    "http://moved.example",
    "https://token.example",
    "https://absent.example",
]
PATHS = ["/", "/private/a", "/news/today", "/admin/x", "/gpt/page", "/t", "/blog/post?id=3"]
AGENTS = ["GPTBot", "CCBot"]


def _documents(count=240, seed=7):
    rng = random.Random(seed)
    docs = [
        {"id": f"d{i}", "text": f"document {i}", "url": rng.choice(HOSTS) + rng.choice(PATHS)} for i in range(count)
    ]
    docs += [{"id": "no-url", "text": "no url"}, {"id": "not-http", "text": "x", "url": "ftp://ok.example/"}]
    return docs


def _write(tmp_path: pathlib.Path, docs):
    archive = tmp_path / "robots.jsonl.gz"
    with gzip.open(archive, "wt", encoding="utf-8") as f:
        for capture in CAPTURES:
            f.write(json.dumps(capture) + "\n")
    source = tmp_path / "in"
    source.mkdir()
    # Two input files, so that two tasks each read one.
    for part in range(2):
        with open(source / f"part{part}.jsonl", "w", encoding="utf-8") as f:
            for doc in docs[part::2]:
                f.write(json.dumps(doc) + "\n")
    return archive, source


def _read(folder: pathlib.Path):
    docs = {}
    for path in sorted(folder.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                doc = json.loads(line)
                docs[doc["id"]] = doc
    return docs


def _expected(docs, purpose):
    """What each document's fate should be, from robotsmatch.archive (the per-URL reference) and a per-URL purpose check."""
    archive = Archive(CAPTURES)
    agents = AGENTS
    fate = {}
    for doc in docs:
        url = doc.get("url")
        if url is None or not url.startswith("http"):
            fate[doc["id"]] = "robots_invalid"  # no usable URL
            continue
        verdicts = [archive.check(url, a) for a in agents]
        if verdicts[0].outcome == "unknown":
            fate[doc["id"]] = "robots_unknown"
        elif any(v.allowed is False for v in verdicts):
            fate[doc["id"]] = "robots_disallowed"
        elif (
            purpose
            and archive.robots(url) is not None
            and any(archive.robots(url).for_agent(a, purpose).match_many([url]) == b"\x02" for a in agents)
        ):
            fate[doc["id"]] = "robots_opted_out"
        else:
            fate[doc["id"]] = "kept"
    archive.close()
    return fate


def test_documents_the_crawlers_may_not_fetch_are_dropped_in_parallel_tasks(tmp_path):
    docs = _documents()
    archive, source = _write(tmp_path, docs)
    kept_dir, dropped_dir = tmp_path / "kept", tmp_path / "dropped"
    LocalPipelineExecutor(
        pipeline=[
            JsonlReader(str(source)),
            RobotsFilter(
                str(archive), AGENTS, purpose="train-ai", batch_size=16, exclusion_writer=JsonlWriter(str(dropped_dir))
            ),
            JsonlWriter(str(kept_dir)),
        ],
        tasks=2,
        workers=2,
        logging_dir=str(tmp_path / "logs"),
    ).run()
    fate = _expected(docs, "train-ai")
    kept, dropped = _read(kept_dir), _read(dropped_dir)
    assert sorted(kept) == sorted(i for i, f in fate.items() if f == "kept")
    assert {i: d["metadata"]["filter_reason"] for i, d in dropped.items()} == {
        i: f for i, f in fate.items() if f != "kept"
    }
    # Every way out is taken: the test data reaches each of them.
    assert set(fate.values()) == {"kept", "robots_disallowed", "robots_opted_out", "robots_unknown", "robots_invalid"}
    stats = json.loads((tmp_path / "logs" / "stats.json").read_text())
    step = next(s for s in stats if "robots.txt" in s["name"])
    assert step["stats"]["dropped_robots_disallowed"] == sum(f == "robots_disallowed" for f in fate.values())


def test_tagging_keeps_every_document_and_says_why(tmp_path):
    docs = _documents(60, seed=8)
    _archive, source = _write(tmp_path, docs)
    out = tmp_path / "out"
    LocalPipelineExecutor(
        pipeline=[
            JsonlReader(str(source)),
            RobotsFilter(Archive(CAPTURES), [robotsmatch.crawler("GPTBot"), "CCBot"], action="tag", cache_size=2),
            JsonlWriter(str(out)),
        ],
        tasks=1,
        workers=1,
        logging_dir=str(tmp_path / "logs"),
    ).run()
    tagged = _read(out)
    assert sorted(tagged) == sorted(d["id"] for d in docs)
    fate = _expected(docs, None)
    reference = Archive(CAPTURES)
    for doc_id, doc in tagged.items():
        meta = doc["metadata"]
        if fate[doc_id] in ("robots_unknown", "robots_invalid"):
            assert meta["robots_allowed"] is None and meta["robots_disallowed_by"] is None
            assert meta["robots_outcome"] == fate[doc_id].removeprefix("robots_")
            continue
        url = meta["url"]
        assert meta["robots_outcome"] == reference.outcome(url)
        assert meta["robots_allowed"] == (fate[doc_id] == "kept")
        assert meta["robots_disallowed_by"] == [
            a
            for a, agent in zip(AGENTS, (robotsmatch.crawler("GPTBot"), "CCBot"))
            if reference.check(url, agent).allowed is False
        ]
    reference.close()


def test_unknown_sites_can_be_kept_and_arguments_are_checked(tmp_path):
    archive, _ = _write(tmp_path, [])
    docs = [
        robotsmatch_doc("https://absent.example/a"),
        robotsmatch_doc("https://ok.example/"),
        robotsmatch_doc("https://ok.example/news/x"),
    ]
    keep = RobotsFilter(str(archive), "GPTBot", unknown="keep")
    assert keep.filter_batch(docs) == [True, True, (False, "robots_disallowed")]
    drop = RobotsFilter(str(archive), "GPTBot")
    assert drop.filter(docs[0]) == (False, "robots_unknown")
    with pytest.raises(ValueError, match="action"):
        RobotsFilter(str(archive), "GPTBot", action="remove")
    with pytest.raises(ValueError, match="unknown"):
        RobotsFilter(str(archive), "GPTBot", unknown="allow")
    with pytest.raises(ValueError, match="purpose"):
        RobotsFilter(str(archive), "GPTBot", purpose="AI")
    with pytest.raises(TypeError, match="archive"):
        RobotsFilter({"https://ok.example": "..."}, "GPTBot")


def test_a_warc_archive_is_read_as_the_command_line_reads_it(tmp_path):
    """test/vectors/warc-captures.json through RobotsFilter: the WARC files
    --robots-archive reads (plain and gzip) give each document its verdict."""
    pytest.importorskip("warcio")
    vectors_dir = REPO / "test" / "vectors"
    vectors = json.loads((vectors_dir / "warc-captures.json").read_text("utf-8"))
    for case in (f for f in vectors["files"] if "refused" not in f):
        robots_filter = RobotsFilter(str(vectors_dir / case["file"]), "Googlebot", action="tag")
        docs = [robotsmatch_doc(v["url"]) for v in case["verdicts"]]
        assert robots_filter.filter_batch(docs) == [True] * len(docs)
        assert [d.metadata["robots_allowed"] for d in docs] == [v["allowed"] for v in case["verdicts"]], case["file"]
        robots_filter.close()


def test_a_cut_warc_archive_is_refused_naming_the_file_and_record(tmp_path):
    pytest.importorskip("warcio")
    warc = b"WARC/1.1\r\nWARC-Type: warcinfo\r\nContent-Length: 10\r\n\r\nabc"
    named = tmp_path / "robots.warc.gz"
    named.write_bytes(gzip.compress(warc))
    robots_filter = RobotsFilter(str(named), "GPTBot")
    with pytest.raises(ValueError, match=r"robots\.warc\.gz record 1: the file ends inside this record \(3 of its 10"):
        robots_filter.filter(robotsmatch_doc("https://ok.example/"))


def test_a_warc_file_named_as_json_lines_is_refused_in_a_sentence_not_a_json_error(tmp_path):
    warc = b"WARC/1.1\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n"
    hidden = tmp_path / "robots.jsonl"
    hidden.write_bytes(warc)
    robots_filter = RobotsFilter(str(hidden), "GPTBot")
    with pytest.raises(ValueError, match=r"robots\.jsonl: line 1 is a WARC record's header"):
        robots_filter.filter(robotsmatch_doc("https://ok.example/"))


def test_an_archive_with_bytes_that_are_not_utf8_is_read(tmp_path):
    path = tmp_path / "robots.jsonl.gz"
    with gzip.open(path, "wb") as f:
        f.write(
            b'{"url": "https://ok.example/robots.txt", "status": 200, "body": "User-agent: *\\nDisallow: /private # caf\xe9\\n"}\n'
        )
    robots_filter = RobotsFilter(str(path), "GPTBot")
    assert robots_filter.filter(robotsmatch_doc("https://ok.example/private/a")) == (False, "robots_disallowed")
    assert robots_filter.filter(robotsmatch_doc("https://ok.example/other")) is True


def robotsmatch_doc(url):
    from datatrove.data import Document

    return Document(text="t", id=url, metadata={"url": url})


def test_odd_urls_get_the_outcomes_node_gives_them():
    """test/vectors/archive-origins.json through RobotsFilter: each document's
    outcome and verdict are the ones Node's archive join gives its URL (a URL
    with no http(s) origin is invalid, and dropped as such)."""
    vectors = json.loads(
        (pathlib.Path(__file__).resolve().parents[2] / "test" / "vectors" / "archive-origins.json").read_text("utf-8")
    )
    docs = [robotsmatch_doc(u["url"]) for u in vectors["urls"]]
    tag = RobotsFilter(Archive(vectors["captures"]), vectors["agent"], action="tag")
    assert tag.filter_batch(docs) == [True] * len(docs)
    for doc, u in zip(docs, vectors["urls"]):
        assert (doc.metadata["robots_outcome"], doc.metadata["robots_allowed"]) == (u["outcome"], u["allowed"]), u[
            "url"
        ]
    drop = RobotsFilter(Archive(vectors["captures"]), vectors["agent"])
    expected = [
        True if u["allowed"] else (False, f"robots_{u['outcome']}" if u["allowed"] is None else "robots_disallowed")
        for u in vectors["urls"]
    ]
    assert drop.filter_batch([robotsmatch_doc(u["url"]) for u in vectors["urls"]]) == expected
