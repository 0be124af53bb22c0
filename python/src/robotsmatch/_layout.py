"""The core's export names and record offsets: mirrors of src/core/exports.ts
and src/core/layout.ts (which mirror assembly/). Kept in step by the
conformance vectors: a wrong offset gives wrong verdicts or lines there."""


class X:
    """Exports by what they do, under the one-letter names the .wasm gives them."""

    input = "a"
    scan = "b"
    events = "c"
    compile = "d"
    dispose = "e"
    select = "f"
    check = "g"
    check_batch16 = "h"
    check_lines = "i"
    verdicts = "j"
    filter_lines = "k"
    output = "l"
    filter_counts = "m"
    normalize_input = "n"
    normalized = "o"
    path_of_input = "p"
    path = "q"
    explain_path = "r"
    matched_path_at = "s"
    matching_rules = "t"
    matches = "u"
    usage_rules = "v"
    purpose_table = "w"


MODE_GOOGLE = 0
MODE_RFC = 1

KIND_SITEMAP = 4
KIND_OTHER = 5

# Compiled robots header, in bytes.
R_RULES = 24
R_ARENA = 28
R_RECORD_COUNT = 36
R_RECORDS = 40
R_USAGE_COUNT = 44
R_USAGE = 48
R_SIZE = 32

# Sitemap/other record, in bytes.
REC_KIND = 0
REC_LINE = 4
REC_GROUP = 8
REC_KEY = 16
REC_KEY_LENGTH = 20
REC_VALUE_LENGTH = 24
REC_SIZE = 28

# Rule record, in bytes.
RULE_LINE = 0
RULE_PATTERN = 4
RULE_LENGTH = 8
RULE_FLAGS = 12
RULE_SIZE = 16
RULE_ALLOW = 1
RULE_IMPLIED = 8
RULE_RAW_AFTER = 16

# Agent index header, in bytes.
A_GROUP_COUNT = 8
A_GROUPS = 12
A_RULE_COUNT = 40
A_EXTRA_COUNT = 24
A_EXTRAS = 28
X_SIZE = 44
HOW_FULL = 1
HOW_CRAWLER = 2
HOW_IGNORES_GLOBAL = 4

PURPOSE_NONE = 0
PURPOSE_TABLE = 1
PURPOSE_ALL = 2

# Verdict, in bytes.
V_ALLOWED = 0
V_LINE = 4
V_RULE = 8
