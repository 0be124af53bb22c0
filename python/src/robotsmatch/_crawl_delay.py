"""Crawl-delay as the crawlers that honour it read it (docs/behaviour.md,
"Crawl-delay"): Google ignores it; Bing, Yandex, Scrapy's other parsers and
Protego give a delay to the *record* it is in, the run of User-agent lines
directly above it, where a User-agent line after any other line starts a new
record. Rule grouping stays Google's; this reading is for the delay alone.

The twin of src/report/crawl-delay.ts, held to it by the ``crawlDelay``
cases of test/vectors/conformance.json. The lines are the core's own line
events (the parser every other answer comes from), read from the bytes the
Robots parsed."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from . import _layout as layout
from ._agent import AgentTokens
from ._core import get_core
from ._layout import Export

_LEADING_TOKEN = re.compile(r"[A-Za-z_-]*")
# A number as JavaScript's Number() reads a Crawl-delay value (Node's
# reading): decimal with an optional sign and exponent ("1e3", ".5", "5."),
# or unsigned hexadecimal, octal or binary ("0x1A"); spaces around it allowed.
_DECIMAL = re.compile(r"\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*")
_PREFIXED = re.compile(r"\s*0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)\s*")


@dataclass
class DelayRecord:
    """A record: the product tokens it names (lower-cased), whether it names
    ``*``, and its first valid delay in seconds."""

    tokens: set[str] = field(default_factory=set)
    is_global: bool = False
    seconds: float | None = None


def delay_seconds(value: str) -> float | None:
    """A Crawl-delay value's seconds: a finite number, 0 or more; None for anything else."""
    if _DECIMAL.fullmatch(value):
        seconds = float(value)
    elif _PREFIXED.fullmatch(value):
        seconds = float(int(value.strip(), 0))
    else:
        return None
    return seconds if 0 <= seconds < math.inf else None


def delay_records(source: bytes, mode: str) -> list[DelayRecord]:
    """The records that have rules or a delay under them, in file order (a
    record with nothing under it names nobody)."""
    core = get_core()
    with core.lock:
        length = core.write(source, "body")
        mode_code = layout.MODE_RFC if mode == "rfc" else layout.MODE_GOOGLE
        # lines=2: no events for empty and comment lines, which this never reads.
        count = core.fn[Export.scan](length, mode_code, 2) & 0xFFFFFFFF
        at = core.fn[Export.events]() & 0xFFFFFFFF
        events = core.read(at, count * layout.EV_SIZE)
    text = source  # the events' offsets are into the input, which is these bytes
    out: list[DelayRecord] = []
    record: DelayRecord | None = None
    used = False  # `record` is in `out`
    after_other = True  # the next User-agent line starts a new record
    for i in range(count):
        base = i * layout.EV_SIZE

        def word(offset: int, base: int = base) -> int:
            return int.from_bytes(events[base + offset : base + offset + 4], "little")

        flags = word(layout.EV_KIND)
        kind = flags & layout.KIND_MASK
        if kind not in (
            layout.KIND_USER_AGENT,
            layout.KIND_ALLOW,
            layout.KIND_DISALLOW,
            layout.KIND_SITEMAP,
            layout.KIND_OTHER,
        ):
            continue  # lines with no key and value
        value = text[word(layout.EV_VALUE_START) : word(layout.EV_VALUE_END)].decode("utf-8", "replace")
        if kind == layout.KIND_USER_AGENT:
            if after_other or record is None:
                record = DelayRecord()
                used = False
                after_other = False
            if flags & layout.FLAG_GLOBAL_AGENT:
                record.is_global = True
            else:
                record.tokens.add(_leading_token(value).lower())
            continue
        after_other = True
        key = text[word(layout.EV_KEY_START) : word(layout.EV_KEY_END)].decode("utf-8", "replace")
        delay = kind == layout.KIND_OTHER and key.lower() == "crawl-delay"
        if record is None or not (delay or kind in (layout.KIND_ALLOW, layout.KIND_DISALLOW)):
            continue
        if not used:
            out.append(record)
            used = True
        if delay and record.seconds is None:
            record.seconds = delay_seconds(value)
    return out


def _leading_token(text: str) -> str:
    match = _LEADING_TOKEN.match(text)
    return match.group(0) if match else ""


def delay_for(records: list[DelayRecord], tokens: AgentTokens, from_global: bool) -> float | None:
    """The delay for the caller's tokens: from the records naming one of them
    (the first valid one), else, only when no record names them, from the
    ``*`` records. A crawler follows the first of its tokens that a record
    names, and ``*`` only if it obeys ``*``; with `from_global` (bingbot),
    also when the records naming it have no delay."""
    applying: list[DelayRecord] = []
    if tokens.how & layout.HOW_CRAWLER:
        for name in tokens.tokens:
            lower = name.lower()
            applying = [r for r in records if lower in r.tokens]
            if applying:
                break
        if not tokens.how & layout.HOW_IGNORES_GLOBAL and not any(
            not from_global or r.seconds is not None for r in applying
        ):
            applying = [r for r in records if r.is_global]
    else:
        names = {name.lower() for name in tokens.tokens}
        applying = [r for r in records if names & r.tokens] if names else []
        if not applying:
            applying = [r for r in records if r.is_global]
    return next((r.seconds for r in applying if r.seconds is not None), None)
