"""How an archive's captures are read, the same as in Node
(test/archive-captures.test.ts asserts the same cases): which lines of a
JSON Lines archive hold no record, and (test/vectors/archive-dates.json)
which fetched_at values are dates and the instant each one names."""

import json

import pytest
from conftest import REPO

from robotsmatch.archive import Archive, fetched_at_ms


def _record(host):
    return json.dumps({"url": f"https://{host}/robots.txt", "status": 404})


WHITE_SPACE_LINES = ["  ", _record("a.test"), "\t", " \t\r", "", "\r\r", _record("b.test"), " "]
# JSON's white space is space, tab, CR and LF: a line of any other white space
# is not a record, and not blank (str.strip and JavaScript's trim() each skipped some).
OTHER_SPACES = ["\f", "\v", "\u00a0", "\u2028", "\u0085", "\u001c", "\ufeff"]


def _read_each_way(tmp_path, lines):
    """The archive from `lines` given as text, as bytes, and as a file opened in binary and in text mode."""
    text = "\n".join(lines) + "\n"
    path = tmp_path / "a.jsonl"
    path.write_bytes(text.encode("utf-8"))
    yield Archive.from_jsonl(text.split("\n"))
    yield Archive.from_jsonl(text.encode("utf-8").split(b"\n"))
    with open(path, "rb") as f:
        yield Archive.from_jsonl(f)
    with open(path, encoding="utf-8") as f:
        yield Archive.from_jsonl(f)


def test_a_line_of_spaces_tabs_or_crs_only_is_skipped_as_an_empty_line_is(tmp_path):
    for archive in _read_each_way(tmp_path, WHITE_SPACE_LINES):
        assert [archive.outcome(f"https://{h}/") for h in ("a.test", "b.test", "c.test")] == [
            "unavailable",
            "unavailable",
            "unknown",
        ]


@pytest.mark.parametrize("space", OTHER_SPACES, ids=lambda s: f"U+{ord(s):04X}")
def test_a_line_of_other_white_space_is_not_json(tmp_path, space):
    lines = [_record("a.test"), space, _record("b.test")]
    with pytest.raises(ValueError, match=r"^line 2: "):
        Archive.from_jsonl(lines)
    with pytest.raises(ValueError, match=r"^line 2: "):
        Archive.from_jsonl([line.encode("utf-8") for line in lines])


# test/vectors/archive-dates.json: fetched_at values and the instant each names
# (or "error"), which Node's test/archive-captures.test.ts asserts too.
DATES_FILE = REPO / "test" / "vectors" / "archive-dates.json"
DATES = (
    json.loads(DATES_FILE.read_text("utf-8")) if DATES_FILE.exists() else {"message": "", "cases": [], "winners": []}
)
needs_dates = pytest.mark.skipif(not DATES_FILE.exists(), reason="this checkout has no test/vectors/archive-dates.json")


def _refusal(value):
    return DATES["message"].replace("{value}", json.dumps(value, ensure_ascii=False, separators=(",", ":")))


@needs_dates
@pytest.mark.parametrize("case", DATES["cases"], ids=lambda c: json.dumps(c["fetchedAt"])[:40])
def test_fetched_at_is_read_as_node_reads_it(case):
    value = case["fetchedAt"]
    line = json.dumps({"url": "https://a.test/robots.txt", "status": 404, "fetched_at": value})
    if case["ms"] == "error":
        with pytest.raises(ValueError) as refused:
            fetched_at_ms(value)
        assert str(refused.value) == _refusal(value)
        with pytest.raises(ValueError) as refused:
            Archive.from_jsonl([_record("b.test"), "", line])
        assert str(refused.value) == "line 3: " + _refusal(value)
    else:
        assert fetched_at_ms(value) == case["ms"]
        assert Archive.from_jsonl([line]).outcome("https://a.test/") == "unavailable"


@needs_dates
def test_the_machine_s_time_zone_plays_no_part(monkeypatch):
    import time

    if not hasattr(time, "tzset"):
        pytest.skip("time.tzset is POSIX only")
    try:
        for zone in ("Asia/Tokyo", "America/Los_Angeles"):
            monkeypatch.setenv("TZ", zone)
            time.tzset()
            for case in DATES["cases"]:
                try:
                    got = fetched_at_ms(case["fetchedAt"])
                except ValueError:
                    got = "error"
                assert got == case["ms"], (zone, case)
    finally:
        monkeypatch.undo()
        time.tzset()


def test_python_values_json_cannot_carry():
    """A datetime is its instant (UTC when naive, to the millisecond, as a
    JavaScript Date holds it), a date its midnight UTC; infinities and NaN
    (which Python's json reads and JavaScript's does not) are refused."""
    from datetime import date, datetime, timedelta, timezone

    assert fetched_at_ms(datetime(2024, 6, 1, 12, tzinfo=timezone.utc)) == 1717243200000
    assert fetched_at_ms(datetime(2024, 6, 1, 14, tzinfo=timezone(timedelta(hours=2)))) == 1717243200000
    assert fetched_at_ms(datetime(2024, 6, 1, 12)) == 1717243200000
    assert fetched_at_ms(datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=timezone.utc)) == -1
    assert fetched_at_ms(date(2024, 6, 1)) == 1717200000000
    for value in (float("inf"), float("-inf"), float("nan"), 10**400):
        with pytest.raises(ValueError, match="is not a date: give an RFC 3339 date and time"):
            fetched_at_ms(value)
    with pytest.raises(ValueError, match=r"^line 1: fetched_at nan is not a date"):
        Archive.from_jsonl(['{"url": "https://a.test/robots.txt", "status": 404, "fetched_at": NaN}'])


@needs_dates
@pytest.mark.parametrize("case", DATES["winners"], ids=lambda w: w["why"][:50])
def test_two_captures_dated_in_different_spellings_the_later_wins_as_in_node(case, tmp_path):
    for order, captures in ((0, case["captures"]), (1, case["captures"][::-1])):
        path = tmp_path / f"winner-{order}.jsonl"
        path.write_text("".join(json.dumps(c) + "\n" for c in captures), "utf-8")
        with open(path, encoding="utf-8") as f, Archive.from_jsonl(f) as archive:
            assert archive.outcome("https://a.test/x") == case["outcome"][order], order
        with Archive(captures) as archive:
            assert archive.outcome("https://a.test/x") == case["outcome"][order], order
