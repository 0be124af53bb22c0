// When a capture was fetched, read by one grammar in Node and in Python
// (python/src/robotsmatch/_fetched_at.py; test/vectors/archive-dates.json
// holds the cases both assert), so that the same archive picks the same
// capture of a URL in both. Date.parse is not used: it reads free-form text
// as the engine likes, and a date with no zone in the machine's zone.
//
// Accepted, and nothing else:
// - a number: milliseconds since 1970-01-01T00:00:00Z, at most 8.64e15
//   either way (what a JavaScript Date holds);
// - an RFC 3339 date and time, extended form: YYYY-MM-DD, then optionally
//   T (or t, or a space) and HH:MM[:SS[.fraction]], then optionally Z (z)
//   or +HH:MM / -HH:MM; UTC when it names no zone; a date alone is its
//   midnight UTC; years 0000-9999; a fraction read to the millisecond
//   (further digits dropped); 24:00 and a leap second (:60) refused;
// - an HTTP date (RFC 9110 IMF-fixdate): `Sun, 06 Nov 1994 08:49:37 GMT`,
//   as written (case counts); the day name is not checked against the date.
// Impossible dates (2024-02-30, hour 25) are refused.

/** What a refused value's error says is accepted. */
export const FETCHED_AT_GRAMMAR =
  'give an RFC 3339 date and time (2024-06-01T12:00:00Z; UTC when it names no zone), an HTTP date (Sat, 01 Jun 2024 12:00:00 GMT) or milliseconds since 1970 (a number)';

/** The farthest instant from 1970 a JavaScript Date holds, in ms. */
const MAX_MS = 8.64e15;

const RFC3339 =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]+))?)?([Zz]|([+-])([0-9]{2}):([0-9]{2}))?)?$/;
const HTTP_DATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), ([0-9]{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([0-9]{4}) ([0-9]{2}):([0-9]{2}):([0-9]{2}) GMT$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The instant `value` names, in ms since the epoch; undefined when it is not one the grammar above accepts. */
export function fetchedAtMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MAX_MS ? value : undefined;
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isFinite(ms) ? ms : undefined;
  }
  if (typeof value !== 'string') return undefined;
  let m = RFC3339.exec(value);
  if (m !== null) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone, sign, oh = '0', om = '0'] = m;
    const offset =
      zone === undefined || sign === undefined
        ? 0
        : Number(oh) <= 23 && Number(om) <= 59
          ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om))
          : NaN;
    const ms = instant(
      Number(y),
      Number(mo),
      Number(d),
      Number(h),
      Number(mi),
      Number(s),
      Number(fraction.slice(0, 3).padEnd(3, '0')),
    );
    return ms === undefined || Number.isNaN(offset) ? undefined : ms - offset * 60_000;
  }
  m = HTTP_DATE.exec(value);
  if (m !== null) {
    const [, d, mo, y, h, mi, s] = m;
    return instant(Number(y), MONTHS.indexOf(mo!) + 1, Number(d), Number(h), Number(mi), Number(s), 0);
  }
  return undefined;
}

/** The UTC instant of a date and time in the proleptic Gregorian calendar, in ms; undefined when no such date or time exists. */
function instant(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number | undefined {
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  return (((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60 + s) * 1000 + ms;
}

function daysIn(y: number, mo: number): number {
  if (mo === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to y-mo-d (H. Hinnant's days_from_civil; Date.UTC would read years 0-99 as 1900-1999). */
function daysFromCivil(y: number, mo: number, d: number): number {
  const year = mo <= 2 ? y - 1 : y;
  const era = Math.floor(year / 400);
  const yoe = year - era * 400;
  const doy = Math.floor((153 * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
