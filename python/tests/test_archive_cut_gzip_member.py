"""A .warc.gz with one gzip member cut short inside it (a writer that died in
the middle of a record and went on after a restart), as it is and gzipped
again (as a whole, or member by member): the cut record's site gets a failed
fetch (unreachable, with why), and every record after it is still read, as
Node's reader gives them (test/archive-cut-gzip-member.test.ts). warcio alone
stops at a cut inner member without a word; Python's reader undoes the gzip
itself, member by member (_gzip_members.py), and hands warcio plain WARC."""

import gzip

import pytest

pytest.importorskip("warcio")

from robotsmatch._archive_files import read_warc_path
from robotsmatch.archive import Archive

RULES = b"User-agent: *\nDisallow: /private\n"
LONG = b"User-agent: *\nDisallow: /private\n" + b"".join(b"Disallow: /part-%d\n" % (i * 104_729) for i in range(60))
REASON = "the captured response cannot be read whole: the gzip member of the archive holding its record is cut short"


def _record(host, body=RULES):
    content = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n" + body
    head = (
        f"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: https://{host}/robots.txt\r\n"
        f"WARC-Date: 2026-01-01T00:00:00Z\r\nWARC-Record-ID: <urn:uuid:{host}>\r\n"
        f"Content-Length: {len(content)}\r\n\r\n"
    )
    return head.encode() + content + b"\r\n\r\n"


def _member(host, body=RULES):
    return gzip.compress(_record(host, body), mtime=0)


CUTS = {
    "inside its body": lambda whole: whole[: int(len(whole) * 0.6)],
    # Only the last deflate bytes and the trailer gone: what is left inflates (with the next member's bytes) to a record of the right length.
    "in its last bytes": lambda whole: whole[:-10],
}
SHAPES = {
    "a .warc.gz": b"".join,
    "a .warc.gz gzipped again as a whole": lambda members: gzip.compress(b"".join(members), mtime=0),
    "a .warc.gz gzipped again member by member": lambda members: b"".join(gzip.compress(m, mtime=0) for m in members),
}
EXPECTED = [
    ("before.test", 200, None, RULES),
    ("cut.test", None, REASON, None),
    ("after.test", 200, None, RULES),
    ("last.test", 200, None, RULES),
]


def _captures(path):
    return [(c.url.split("/")[2], c.status, c.error, c.body) for c, _ in read_warc_path(path, 512_000)]


@pytest.mark.parametrize("how", list(CUTS))
@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_cut_member_is_its_sites_failed_fetch_and_every_other_record_is_read(tmp_path, shape, how):
    members = [
        _member("before.test"),
        CUTS[how](_member("cut.test", LONG)),
        _member("after.test"),
        _member("last.test"),
    ]
    path = tmp_path / "captures.warc.gz"
    path.write_bytes(SHAPES[shape](members))
    assert _captures(path) == EXPECTED
    with Archive.open(path) as archive:
        # The cut is counted, and placed at the record it starts (the second of the file), as Node places it.
        assert (archive.cut_members, archive.first_cut) == (1, f"in {path} record 2")
        assert archive.outcome("https://cut.test/") == "unreachable"
        assert archive.check("https://cut.test/public", "Googlebot").allowed is False
        assert archive.check("https://after.test/private", "Googlebot").allowed is False
        assert archive.check("https://last.test/public", "Googlebot").allowed is True


def test_a_record_whose_member_is_cut_inside_its_warc_header_names_no_site(tmp_path):
    path = tmp_path / "header.warc.gz"
    path.write_bytes(_member("before.test") + _member("cut.test", LONG)[:40] + _member("after.test"))
    assert [c[0] for c in _captures(path)] == ["before.test", "after.test"]
    # Nothing else tells of the lost record: the archive counts the cut, and says where it fell.
    with Archive.from_warc(path) as archive:
        assert (archive.cut_members, archive.first_cut) == (1, f"after {path} record 1")


def test_warcios_own_warning_about_the_cut_is_held_back(tmp_path, capsys):
    """warcio writes "Record not followed by newline" to stderr itself; the reader says what it found in
    its own words (the cut counted, the site's failed fetch), so nothing else reaches stderr."""
    path = tmp_path / "quiet.warc.gz"
    path.write_bytes(
        _member("before.test") + CUTS["in its last bytes"](_member("cut.test", LONG)) + _member("after.test")
    )
    with Archive.open(path) as archive:
        assert archive.cut_members == 1
        assert archive.outcome("https://cut.test/") == "unreachable"
    assert capsys.readouterr().err == ""


def test_two_cut_members_are_counted_and_the_first_is_named(tmp_path):
    cut = CUTS["inside its body"]
    path = tmp_path / "two-cuts.warc.gz"
    path.write_bytes(
        _member("a.test")
        + cut(_member("b.test", LONG))
        + _member("c.test")
        + cut(_member("d.test", LONG))
        + _member("e.test")
    )
    with Archive.open(path) as archive:
        assert (archive.cut_members, archive.first_cut) == (2, f"in {path} record 2")


def test_an_archive_with_no_cut_member_counts_none(tmp_path):
    path = tmp_path / "whole.warc.gz"
    path.write_bytes(_member("before.test") + _member("after.test"))
    with Archive.open(path) as archive:
        assert (archive.cut_members, archive.first_cut) == (0, None)


def test_a_cut_member_holding_many_records_is_a_failed_fetch_for_the_first(tmp_path):
    many = gzip.compress(_record("cut.test", LONG) + _record("lost.test"), mtime=0)
    path = tmp_path / "many.warc.gz"
    path.write_bytes(_member("before.test") + many[: len(many) // 2] + _member("after.test"))
    assert [c[:2] for c in _captures(path)] == [("before.test", 200), ("cut.test", None), ("after.test", 200)]


@pytest.mark.parametrize(
    "write",
    [
        lambda m: b"".join(m)[:-10],
        lambda m: gzip.compress(b"".join(m), mtime=0)[:-10],
        lambda m: b"".join(m) + b"<html>\n",
    ],
    ids=["in its last member", "in the outer gzip of a file gzipped twice", "after bytes that are not gzip"],
)
def test_the_file_itself_cut_short_is_still_refused(tmp_path, write):
    path = tmp_path / "refused.warc.gz"
    path.write_bytes(write([_member("before.test"), _member("after.test")]))
    with pytest.raises(ValueError, match="is not valid gzip"):
        Archive.open(path)
