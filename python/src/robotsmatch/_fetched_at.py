"""When a capture was fetched, read by one grammar in Python and in Node
(src/archive/fetched-at.ts; test/vectors/archive-dates.json holds the cases
both assert), so that the same archive picks the same capture of a URL in
both. ``datetime.fromisoformat`` is not used: it takes forms Node refuses
(basic ``20240601T120000``, week dates, any separator) and refuses some it
takes (year 0000, HTTP dates)."""

from __future__ import annotations

import json
import math
import numbers
import re
from datetime import date, datetime, timedelta, timezone
from typing import Any

#: What a refused value's error says is accepted (Node's message says the same).
FETCHED_AT_GRAMMAR = (
    "give an RFC 3339 date and time (2024-06-01T12:00:00Z; UTC when it names no zone), "
    "an HTTP date (Sat, 01 Jun 2024 12:00:00 GMT) or milliseconds since 1970 (a number)"
)

# The farthest instant from 1970 a JavaScript Date holds, in ms.
_MAX_MS = 8.64e15
# [0-9], not \d: \d takes any script's digits in Python, none but ASCII in JavaScript.
_RFC3339 = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]+))?)?([Zz]|([+-])([0-9]{2}):([0-9]{2}))?)?"
)
_HTTP_DATE = re.compile(
    r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), ([0-9]{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([0-9]{4}) ([0-9]{2}):([0-9]{2}):([0-9]{2}) GMT"
)
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def fetched_at_ms(value: str | float | int | datetime | date | None) -> float | None:
    """The instant a capture's ``fetched_at`` names, in milliseconds since
    1970-01-01T00:00:00Z (None when not given). Of two captures of one URL
    the later wins. Accepted, and nothing else (a ValueError says so):

    - a number: milliseconds since 1970, at most 8.64e15 either way (what a
      JavaScript Date holds);
    - an RFC 3339 date and time in extended form: ``YYYY-MM-DD``, then
      optionally ``T`` (or ``t``, or a space) and ``HH:MM[:SS[.fraction]]``,
      then optionally ``Z`` (``z``) or ``+HH:MM`` / ``-HH:MM``. UTC when it
      names no zone; a date alone is its midnight UTC; years 0000-9999; a
      fraction is read to the millisecond (further digits dropped); 24:00
      and a leap second (``:60``) are refused;
    - an HTTP date (RFC 9110 IMF-fixdate): ``Sun, 06 Nov 1994 08:49:37 GMT``,
      as written (case counts); the day name is not checked against the date;
    - a ``datetime`` (UTC when naive; to the millisecond, as a JavaScript
      Date holds it) or a ``date`` (its midnight UTC).

    Impossible dates (2024-02-30, hour 25) are refused."""
    if value is None:
        return None
    ms = _instant_of(value)
    if ms is None:
        raise ValueError(f"fetched_at {_shown(value)} is not a date: {FETCHED_AT_GRAMMAR}")
    return ms


def _instant_of(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, numbers.Real):
        number = float(value) if not isinstance(value, numbers.Integral) or abs(int(value)) <= _MAX_MS else math.inf
        return number if math.isfinite(number) and abs(number) <= _MAX_MS else None
    if isinstance(value, datetime):
        at = value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)
        return float((at - _EPOCH) // timedelta(milliseconds=1))
    if isinstance(value, date):
        return float((value - date(1970, 1, 1)).days * 86_400_000)
    if not isinstance(value, str):
        return None
    m = _RFC3339.fullmatch(value)
    if m is not None:
        y, mo, d, h, mi, s, fraction, zone, sign, oh, om = m.groups()
        offset = 0
        if zone is not None and sign is not None:
            if int(oh) > 23 or int(om) > 59:
                return None
            offset = (-1 if sign == "-" else 1) * (int(oh) * 60 + int(om))
        ms = _instant(
            int(y), int(mo), int(d), int(h or 0), int(mi or 0), int(s or 0), int((fraction or "")[:3].ljust(3, "0"))
        )
        return None if ms is None else float(ms - offset * 60_000)
    m = _HTTP_DATE.fullmatch(value)
    if m is not None:
        d, mo, y, h, mi, s = m.groups()
        ms = _instant(int(y), _MONTHS.index(mo) + 1, int(d), int(h), int(mi), int(s), 0)
        return None if ms is None else float(ms)
    return None


def _instant(y: int, mo: int, d: int, h: int, mi: int, s: int, ms: int) -> int | None:
    """The UTC instant of a date and time in the proleptic Gregorian calendar, in ms; None when no such date or time exists."""
    if not (1 <= mo <= 12 and 1 <= d <= _days_in(y, mo) and h <= 23 and mi <= 59 and s <= 59):
        return None
    return (((_days_from_civil(y, mo, d) * 24 + h) * 60 + mi) * 60 + s) * 1000 + ms


def _days_in(y: int, mo: int) -> int:
    if mo == 2:
        return 29 if y % 4 == 0 and (y % 100 != 0 or y % 400 == 0) else 28
    return 30 if mo in (4, 6, 9, 11) else 31


def _days_from_civil(y: int, mo: int, d: int) -> int:
    """Days from 1970-01-01 to y-mo-d (H. Hinnant's days_from_civil, as Node's reader counts them; datetime has no year 0)."""
    year = y - 1 if mo <= 2 else y
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (mo - 3 if mo > 2 else mo + 9) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _shown(value: Any) -> str:
    """The value as Node's message shows it: as JSON when it is JSON."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return repr(value)
