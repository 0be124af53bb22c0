"""JSON Lines archives holding bytes that are not UTF-8, read as Node reads them
(test/vectors/jsonl-bytes.json, which Node's tests assert too): one U+FFFD per
maximal invalid sequence, never an error; and a WARC file given as JSON Lines
is refused in a sentence that says so."""

import base64
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
