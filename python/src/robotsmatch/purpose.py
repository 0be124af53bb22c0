"""Purposes (``train-ai``, ``search``, ``ai-input``, any AIPREF label) and the
usage statements they read, as src/rules/purpose.ts and usage-table.ts do.

The core finds the usage lines (Content-Signal, Content-Usage, License),
the groups an agent follows and the Content-Usage rules that decide a path.
Two values are read outside the core, in Node as here: a Content-Signal
value (``search=yes, ai-train=no``: split at commas and ``=``) and a
Content-Usage preference expression, an RFC 9651 Dictionary, which Node
reads with its own strict reader and Python with http-sfv (the reference
implementation of that RFC's parsing algorithms)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import _layout as layout
from ._layout import Export

_KNOWN: dict[str, tuple[str | None, str | None]] = {
    "train-ai": ("train-ai", "ai-train"),
    "ai-train": ("train-ai", "ai-train"),
    "search": ("search", "search"),
    "ai-input": (None, "ai-input"),
}
_LABEL = re.compile(r"[a-z*][a-z0-9_\-.*]*\Z")
SIGNAL_KEYS = ("search", "ai-input", "ai-train", "use")
USE_LEVELS = ("immediate", "reference", "full")


@dataclass(frozen=True)
class PurposeNames:
    """What a purpose is called in each mechanism; None where it has no name."""

    label: str | None
    signal: str | None


def purpose_names(purpose: object) -> PurposeNames:
    if isinstance(purpose, str) and purpose in _KNOWN:
        return PurposeNames(*_KNOWN[purpose])
    if not isinstance(purpose, str) or not _LABEL.match(purpose):
        raise ValueError(
            f"purpose must be train-ai, search, ai-input or another lower-case AIPREF label; got {purpose!r}"
        )
    return PurposeNames(purpose, None)


# ---- Content-Signal values ------------------------------------------------


def stricter(a: str, b: str) -> str:
    """Of two values for one key, the more restrictive: ``no`` over ``yes``, the lesser ``use`` level."""
    if a == "no" or b == "no":
        return "no"
    if a == "yes" or b == "yes":
        return "yes"
    return a if USE_LEVELS.index(a) <= USE_LEVELS.index(b) else b


def parse_content_signal(text: str) -> dict[str, str]:
    """One Content-Signal value's keys (lower-cased) to their values; entries that state nothing usable are left out."""
    values: dict[str, str] = {}
    for part in text.split(","):
        entry = part.strip()
        if not entry or "=" not in entry:
            continue
        key, _, raw = entry.partition("=")
        key = key.strip().lower()
        value = raw.strip().lower()
        if not key or re.search(r"[\s=]", key):
            continue
        valid = value in USE_LEVELS if key == "use" else value in ("yes", "no")
        if valid:
            values[key] = stricter(values[key], value) if key in values else value
    return values


# ---- Content-Usage preferences --------------------------------------------


def parse_preferences(text: str) -> dict[str, str]:
    """Each label of a preference expression to ``y``, ``n`` or ``unknown``; empty when it does not parse."""
    import http_sfv
    from http_sfv.dictionary import Dictionary

    try:
        data = text.encode("ascii")
    except UnicodeEncodeError:
        return {}
    if any((c < 0x20 and c != 0x09) or c > 0x7E for c in data):
        return {}
    dictionary = Dictionary()
    try:
        dictionary.parse(data)
    except Exception:  # http-sfv raises ValueError (and others) on any syntax error
        return {}
    found: dict[str, str] = {}
    for label, member in dictionary.items():
        value = getattr(member, "value", None)
        token = isinstance(value, http_sfv.Token) if hasattr(http_sfv, "Token") else False
        found[label] = str(value) if token and str(value) in ("y", "n") else "unknown"
    return found


# ---- Usage statements of a compiled robots.txt ----------------------------


@dataclass
class UsageRecord:
    line: int
    group: int
    value: str


@dataclass
class UsageStatements:
    signals: list[UsageRecord] = field(default_factory=list)
    licenses: list[UsageRecord] = field(default_factory=list)
    usages: dict[int, UsageRecord] = field(default_factory=dict)
    rule_lines: list[int] = field(default_factory=list)
    parsed: dict[int, dict[str, str]] = field(default_factory=dict)


def usage_statements(compiled) -> UsageStatements:  # type: ignore[no-untyped-def]
    found: UsageStatements | None = getattr(compiled, "usage_statements", None)
    if found is not None:
        return found
    core = compiled.core
    robots = compiled.live()
    arena = robots + core.u32(robots + layout.R_ARENA)
    records = robots + core.u32(robots + layout.R_RECORDS)
    found = UsageStatements()
    for i in range(core.u32(robots + layout.R_RECORD_COUNT)):
        at = records + i * layout.REC_SIZE
        if core.u32(at + layout.REC_KIND) != layout.KIND_OTHER:
            continue
        key_length = core.u32(at + layout.REC_KEY_LENGTH)
        if key_length not in (7, 13, 14):  # license, content-usage, content-signal
            continue
        key = arena + core.u32(at + layout.REC_KEY)
        name = core.text(key, key_length).lower()
        if name not in ("content-signal", "license", "content-usage"):
            continue
        group = core.u32(at + layout.REC_GROUP)
        record = UsageRecord(
            core.u32(at + layout.REC_LINE),
            group - (1 << 32) if group >= 1 << 31 else group,
            core.text(key + key_length, core.u32(at + layout.REC_VALUE_LENGTH)),
        )
        if name == "content-signal":
            found.signals.append(record)
        elif name == "license":
            found.licenses.append(record)
        else:
            found.usages[record.line] = record
    usage = robots + core.u32(robots + layout.R_USAGE)
    for r in range(core.u32(robots + layout.R_USAGE_COUNT)):
        found.rule_lines.append(core.u32(usage + r * layout.RULE_SIZE + layout.RULE_LINE))
    compiled.usage_statements = found
    return found


def usage_path(value: str) -> str:
    """The path a Content-Usage value names (up to a space or tab); '' when it names none."""
    return re.match(r"[^ \t]*", value).group(0) if value.startswith("/") else ""  # type: ignore[union-attr]


def preferences_of(statements: UsageStatements, line: int) -> dict[str, str]:
    parsed = statements.parsed.get(line)
    if parsed is None:
        record = statements.usages.get(line)
        value = record.value if record else ""
        text = value[len(usage_path(value)) :].lstrip(" \t")
        parsed = parse_preferences(text)
        statements.parsed[line] = parsed
    return parsed


def applying_groups(compiled, index: int) -> list[int]:  # type: ignore[no-untyped-def]
    core = compiled.core
    count = core.u32(index + layout.A_GROUP_COUNT)
    first = index + core.u32(index + layout.A_GROUPS)
    return [core.u32(first + 4 * i) for i in range(count)]


def signals_of(compiled, groups: list[int]) -> tuple[dict[str, str], list[int]] | None:  # type: ignore[no-untyped-def]
    """The Content-Signal values of the given groups combined (the most restrictive per key), with their lines."""
    statements = usage_statements(compiled)
    applies = set(groups)
    values: dict[str, str] | None = None
    lines: list[int] = []
    for record in statements.signals:
        if record.group not in applies:
            continue
        if values is None:
            values = {}
        for key, value in parse_content_signal(record.value).items():
            values[key] = stricter(values[key], value) if key in values else value
        lines.append(record.line)
    return (values, lines) if values is not None else None


def prepare_purpose(compiled, index: int, names: PurposeNames) -> int:  # type: ignore[no-untyped-def]
    """Sets the core up to answer a purpose for an index; returns the core's PURPOSE_* mode."""
    if names.signal:
        signals = signals_of(compiled, applying_groups(compiled, index))
        if signals is not None and signals[0].get(names.signal) == "no":
            return layout.PURPOSE_ALL
    statements = usage_statements(compiled)
    rules = statements.rule_lines
    if not names.label or not rules:
        return layout.PURPOSE_NONE
    core = compiled.core
    at = core.fn[Export.purpose_table](index) & 0xFFFFFFFF
    table = bytearray(len(rules))
    for r, line in enumerate(rules):
        preference = preferences_of(statements, line).get(names.label)
        table[r] = 2 if preference == "n" else 1 if preference == "y" else 0
    view = core.view()
    view[at : at + len(table)] = table
    return layout.PURPOSE_TABLE
