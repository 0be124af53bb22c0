"""WARC archives (test/vectors/warc-captures.json and test/vectors/warc/,
written by scripts/make-warc-vectors.mjs; Node's test/warc-vectors.test.ts
asserts the same files): Archive.from_warc yields each capture as Node's
reader does, gives each origin its outcome and each URL its verdict, and
refuses the files Node refuses, with the same words; Archive.open tells the
formats apart as ``--robots-archive`` does."""

import gzip
import hashlib
import io
import json
import re

import pytest
from conftest import REPO

pytest.importorskip("warcio")

from robotsmatch._archive_files import read_path, read_warc_path
from robotsmatch.archive import Archive

VECTORS_DIR = REPO / "test" / "vectors"
VECTORS = json.loads((VECTORS_DIR / "warc-captures.json").read_text("utf-8"))
READ = [f for f in VECTORS["files"] if "refused" not in f]
REFUSED = [f for f in VECTORS["files"] if "refused" in f]


def _seen(capture):
    seen = {
        "url": capture.url,
        "status": capture.status,
        "location": capture.location,
        "content_type": capture.content_type,
        "fetched_at": capture.fetched_at,
    }
    if capture.body is not None:
        seen["body_length"] = len(capture.body)
        seen["body_sha256"] = hashlib.sha256(capture.body).hexdigest()
    return seen


@pytest.mark.parametrize("case", READ, ids=[f["file"] for f in READ])
def test_each_capture_is_read_as_node_reads_it(case):
    path = VECTORS_DIR / case["file"]
    got = [_seen(capture) for capture, _ in read_warc_path(path, VECTORS["limit"])]
    assert got == case["captures"]


@pytest.mark.parametrize("case", READ, ids=[f["file"] for f in READ])
def test_each_origin_gets_its_outcome_and_each_url_its_verdict(case):
    path = VECTORS_DIR / case["file"]
    # A path, and an open binary file (gzip undone by the caller or not).
    with open(path, "rb") as raw:
        archives = [Archive.from_warc(path), Archive.from_warc(str(path)), Archive.from_warc(raw), Archive.open(path)]
    for archive in archives:
        with archive:
            for origin, outcome in case["origins"].items():
                assert archive.outcome(origin + "/") == outcome, origin
                assert archive.check(origin + "/", "Googlebot").reason == case["reasons"].get(origin), origin
            for v in case["verdicts"]:
                got = archive.check(v["url"], v["agent"])
                assert (got.allowed, got.line) == (v["allowed"], v["line"]), v


@pytest.mark.parametrize("case", REFUSED, ids=[f["file"] for f in REFUSED])
def test_the_files_node_refuses_are_refused_with_the_same_words(case):
    path = VECTORS_DIR / case["file"]
    for read in (Archive.from_warc, Archive.open):
        with pytest.raises(ValueError) as caught:
            read(path)
        message = str(caught.value)
        assert message.startswith(str(path)), message
        assert re.search(case["refused"], message), message


def test_the_vectors_hold_what_a_warc_reader_must_get_right():
    outcomes = {o for f in READ for o in f["origins"].values()}
    assert outcomes == {"ok", "unavailable", "unreachable"}
    assert any(c.get("body_length") == VECTORS["limit"] + 1 for f in READ for c in f["captures"])
    assert {"warc/cut-in-body.warc", "warc/cut-gzip.warc.gz", "warc/cut-before-content-length.warc"} <= {
        f["file"] for f in REFUSED
    }


def test_a_body_is_decoded_only_up_to_the_limit_the_archive_keeps(tmp_path):
    # The gzip bomb of the vectors, read with a smaller limit: limit + 1 bytes come out, never the 16 MiB.
    captures = {c.url: c for c, _ in read_warc_path(VECTORS_DIR / "warc" / "captures.warc", 1000)}
    assert len(captures["https://bomb.test/robots.txt"].body) == 1001
    with Archive.from_warc(VECTORS_DIR / "warc" / "captures.warc", max_bytes=20) as archive:
        # "User-agent: *\nDisallow: /private\n" cut at 20 bytes keeps no rule.
        assert archive.check("https://plain.test/private/x", "Googlebot").allowed is True


def test_open_tells_the_formats_apart_by_name_or_first_bytes(tmp_path):
    warc = (VECTORS_DIR / "warc" / "captures.warc").read_bytes()
    hidden = tmp_path / "robots.dat"
    hidden.write_bytes(gzip.compress(warc))
    jsonl = tmp_path / "captures"
    jsonl.write_bytes(
        b'{"url": "https://j.test/robots.txt", "status": 200, "body": "User-agent: *\\nDisallow: /x\\n"}\n'
    )
    hosts = tmp_path / "hosts"
    hosts.mkdir()
    (hosts / "d.test.txt").write_bytes(b"User-agent: *\nDisallow: /d\n")
    (hosts / ".hidden").write_bytes(b"not a host")
    with Archive.open([hidden, jsonl, hosts]) as archive:
        assert archive.check("https://plain.test/private/x", "Googlebot").line == 2
        assert archive.check("https://j.test/x", "Googlebot").allowed is False
        assert archive.check("http://d.test/d", "Googlebot").allowed is False
        assert archive.outcome("https://nowhere.test/") == "unknown"
    other = tmp_path / "notes.txt"
    other.write_bytes(b"hello\n")
    with pytest.raises(ValueError, match=r"notes\.txt: is not an archive robotsmatch reads"):
        Archive.open(other)
    (hosts / "a b").write_bytes(b"")
    with pytest.raises(ValueError, match=r'"a b" is not a host name'):
        Archive.open(hosts)


def test_errors_in_json_lines_name_the_file_and_line(tmp_path):
    path = tmp_path / "robots.jsonl"
    path.write_bytes(
        b'{"url": "https://a.test/robots.txt", "status": 200}\n{"url": "ftp://a.test/robots.txt"}\nnot json\n'
    )
    with pytest.raises(ValueError, match=r"robots\.jsonl: line 2: 'ftp://a\.test/robots\.txt' is not an http\(s\) URL"):
        Archive.open(path)
    assert [where for _, where in read_path(VECTORS_DIR / "warc" / "captures.warc", 512_000)][:2] == [
        f"{VECTORS_DIR / 'warc' / 'captures.warc'} record 2",
        f"{VECTORS_DIR / 'warc' / 'captures.warc'} record 5",
    ]


def test_a_warc_stream_that_is_not_a_file_is_read_once_from_its_start():
    data = (VECTORS_DIR / "warc" / "captures.warc.gz").read_bytes()
    with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream, Archive.from_warc(stream) as archive:
        assert archive.outcome("https://long.test/") == "ok"
