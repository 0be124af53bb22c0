"""JSON Lines archives holding bytes that are not UTF-8, read as Node reads them
(test/vectors/jsonl-bytes.json, which Node's tests assert too): one U+FFFD per
maximal invalid sequence, never an error; and a WARC file given as JSON Lines
is refused in a sentence that says so, as are a gzip stream and a path."""

import base64
import gzip
import io
import json

import pytest
from conftest import REPO

from robotsmatch.archive import Archive, capture_key

VECTORS = json.loads((REPO / "test" / "vectors" / "jsonl-bytes.json").read_text("utf-8"))["cases"]


@pytest.mark.parametrize("case", VECTORS, ids=[c["name"] for c in VECTORS])
def test_bytes_that_are_not_utf8_are_read_as_node_reads_them(case):
    line = base64.b64decode(case["line_base64"])
    archive = Archive.from_jsonl(io.BytesIO(line + b"\n"))
    capture = archive.capture(capture_key("https://example.com/robots.txt"))
    assert capture is not None and capture.body == case["body"].encode()


def test_a_text_file_that_is_not_utf8_says_how_to_read_it(tmp_path):
    path = tmp_path / "robots.jsonl"
    good = b'{"url": "https://a.example/robots.txt", "status": 404}\n'
    path.write_bytes(good * 3 + base64.b64decode(VECTORS[0]["line_base64"]) + b"\n")
    with (
        open(path, encoding="utf-8") as text,
        pytest.raises(ValueError, match=r'the file is not UTF-8 .*open it with "rb"'),
    ):
        Archive.from_jsonl(text)
    with open(path, "rb") as raw:
        archive = Archive.from_jsonl(raw)
    assert archive.capture(capture_key("https://example.com/robots.txt")).body == VECTORS[0]["body"].encode()


def test_a_warc_file_given_as_json_lines_is_refused_in_a_sentence(tmp_path):
    warc = b"WARC/1.1\r\nWARC-Type: warcinfo\r\nContent-Length: 0\r\n\r\n\r\n\r\n"
    for lines in (io.BytesIO(warc), io.StringIO(warc.decode())):
        with pytest.raises(ValueError, match="line 1 is a WARC record's header: this file is WARC, not JSON Lines"):
            Archive.from_jsonl(lines)


def test_a_path_given_as_json_lines_is_a_type_error_that_names_archive_open(tmp_path):
    path = tmp_path / "robots.jsonl"
    path.write_bytes(b'{"url": "https://a.example/robots.txt", "status": 404}\n')
    for wrong in (str(path), path, path.read_bytes()):
        with pytest.raises(TypeError, match=r"Archive\.from_jsonl: lines must be .*Archive\.open\(path\) reads a path"):
            Archive.from_jsonl(wrong)


def test_a_gzip_file_given_as_json_lines_says_it_is_compressed(tmp_path):
    jsonl = b'{"url": "https://a.example/robots.txt", "status": 404}\n'
    warc = (REPO / "test" / "vectors" / "warc" / "captures.warc.gz").read_bytes()
    for data in (gzip.compress(jsonl), warc):
        with pytest.raises(ValueError, match=r"line 1 starts a gzip stream: .*Archive\.open\(path\) reads \.jsonl\.gz"):
            Archive.from_jsonl(io.BytesIO(data))
    with gzip.open(io.BytesIO(gzip.compress(jsonl)), "rb") as unzipped:
        assert Archive.from_jsonl(unzipped).capture(capture_key("https://a.example/robots.txt")) is not None
