// The flat records the core writes into linear memory, declared once: the
// build writes the TypeScript and Python mirrors (src/core/layout.ts,
// python/src/robotsmatch/_layout.py) from this file (scripts/core-interface.mjs),
// and test/core-interface.test.ts holds both to the built core. Keep to
// `export const NAME(: type) = number | 0x.. | 1 << n;  // comment` lines,
// `//` comment lines and blank lines: that is what the generator reads.

// ---- Modes -----------------------------------------------------------------
export const MODE_GOOGLE: u32 = 0;
export const MODE_RFC: u32 = 1;

// ---- Line events: what the parser emits, one per line ----------------------
// Kinds of line.
export const KIND_USER_AGENT: u32 = 1;
export const KIND_ALLOW: u32 = 2;
export const KIND_DISALLOW: u32 = 3;
export const KIND_SITEMAP: u32 = 4;
export const KIND_OTHER: u32 = 5;   // a key we do not interpret (crawl-delay, host, ...)
export const KIND_EMPTY: u32 = 6;
export const KIND_COMMENT: u32 = 7; // nothing but a comment
export const KIND_INVALID: u32 = 8; // text that is not `key: value`

// Flags of a line, bits above the kind.
export const FLAG_TYPO: u32 = 1 << 8;          // an accepted misspelling of the key
export const FLAG_MISSING_COLON: u32 = 1 << 9; // whitespace stood in for ':'
export const FLAG_TOO_LONG: u32 = 1 << 10;     // cut at MAX_LINE_BYTES
export const FLAG_COMMENT: u32 = 1 << 11;      // had a '#' comment
export const FLAG_NUL: u32 = 1 << 12;          // a NUL byte ended the content
export const FLAG_NO_GROUP: u32 = 1 << 13;     // a rule before any user-agent line
export const FLAG_GLOBAL_AGENT: u32 = 1 << 14; // a user-agent line that names the global group (`*`)

export const KIND_MASK: u32 = 0xff;

// One event: nine u32.
export const EV_LINE = 0;       // 1-based line number
export const EV_KIND = 4;       // kind | flags
export const EV_KEY_START = 8;  // byte offsets into the input
export const EV_KEY_END = 12;
export const EV_VALUE_START = 16;
export const EV_VALUE_END = 20;
export const EV_GROUP = 24;     // index of the group the line is in, -1 before the first
export const EV_LINE_START = 28;
export const EV_LINE_END = 32;  // where the raw line ends (before its line break)
export const EV_SIZE: usize = 36;

/** Google keeps the first 2083 * 8 - 1 bytes of a line. */
export const MAX_LINE_BYTES: usize = 16663;

// ---- Compiled robots: one heap block ---------------------------------------
// header | groups | tokens | rules | arena (pattern and token bytes)
export const R_MODE = 0;
export const R_GROUP_COUNT = 4;
export const R_GROUPS = 8;      // offsets from the block start
export const R_TOKEN_COUNT = 12;
export const R_TOKENS = 16;
export const R_RULE_COUNT = 20;
export const R_RULES = 24;
export const R_ARENA = 28;
export const R_SIZE = 32;       // bytes of the whole block
export const R_RECORD_COUNT = 36;
export const R_RECORDS = 40;
export const R_USAGE_COUNT = 44; // Content-Usage rules (AIPREF attach), kept apart from allow/disallow
export const R_USAGE = 48;
export const R_INDEXES = 52;    // the first of the agent indexes select() built on it (0 none): dispose frees them
export const R_HEADER: usize = 56;

// A group: the user-agent lines that open it and the rules that follow.
export const G_TOKEN_START = 0;
export const G_TOKEN_COUNT = 4;
export const G_RULE_START = 8;
export const G_RULE_COUNT = 12;
export const G_GLOBAL = 16;     // 1 when one of its user-agent lines is `*`
export const G_USAGE_START = 20; // its Content-Usage rules, in the usage table
export const G_USAGE_COUNT = 24;
export const G_SIZE: usize = 28;

// A product token named by a user-agent line, lower-cased in the arena.
export const T_OFFSET = 0;
export const T_LENGTH = 4;
export const T_SIZE: usize = 8;

// A record: a sitemap line or a line with another key (crawl-delay, host...),
// kept as written for the TypeScript side to read when asked.
export const REC_KIND = 0;      // KIND_SITEMAP or KIND_OTHER
export const REC_LINE = 4;
export const REC_GROUP = 8;     // -1 before the first user-agent line
export const REC_AGENT = 12;    // token of the nearest user-agent line above; -1 none, -2 for '*'
export const REC_KEY = 16;      // arena offset; the value follows the key
export const REC_KEY_LENGTH = 20;
export const REC_VALUE_LENGTH = 24;
export const REC_SIZE: usize = 28;

// A rule, 16 bytes (allow/disallow in the rule table; Content-Usage rules in
// the usage table, the same record: RULE_ALLOW is never set there, and a
// Content-Usage line without a path has an empty pattern, which matches every
// path with priority 0). Lengths fit u16: a line keeps 16,663 bytes, so a value
// is at most that and its normalised form at most three times that.
export const RULE_LINE = 0;
export const RULE_PATTERN = 4;     // offset in the arena of the normalised pattern: what is matched
export const RULE_LENGTH = 8;      // u16: its length in bytes, which is also its priority
export const RULE_RAW_LENGTH = 10; // u16: length of the value as written in the file
export const RULE_FLAGS = 12;
export const RULE_SIZE: usize = 16;

export const RULE_ALLOW: u32 = 1;     // else disallow
export const RULE_WILDCARD: u32 = 2;  // the pattern has a '*' before its end anchor
export const RULE_ANCHORED: u32 = 4;  // the pattern ends with '$'
export const RULE_IMPLIED: u32 = 8;   // Google's `<dir>/index.htm*` => `<dir>/$` allow; its source rule is the one before
export const RULE_RAW_AFTER: u32 = 16; // the value as written differs, and follows the pattern in the arena

// ---- Agent index: the rules that apply to one set of product tokens --------
// header | applying group indices | keys | extras
export const A_ROBOTS = 0;
export const A_KIND = 4;        // SELECT_*
export const A_GROUP_COUNT = 8;
export const A_GROUPS = 12;     // offsets from the block start
export const A_KEY_COUNT = 16;
export const A_KEYS = 20;
export const A_EXTRA_COUNT = 24;
export const A_EXTRAS = 28;
export const A_WORDS = 32;      // per key its first 16 bytes as two big-endian words, densely, for the search
export const A_SCAN = 36;       // 1: a light index (groups only); decided by scanning their rules
export const A_RULE_COUNT = 40; // rules in the applying groups
export const A_CHOSEN = 44;     // a crawler's token (index) that chose the groups; -1 none (`*` or nothing)
export const A_SCANS_LEFT = 48; // a light index: answers left before check() builds the full one (all ones: never)
export const A_FULL = 52;       // a light index: the full index check() built for it (0 before), freed with it
export const A_NEXT = 56;       // the next and the previous index select() built on the same robots (0 none)
export const A_PREV = 60;
export const A_HEADER: usize = 64;
export const SELECT_NONE: u32 = 0;     // no group applies: everything is allowed
export const SELECT_SPECIFIC: u32 = 1;
export const SELECT_GLOBAL: u32 = 2;
// How to select (select()'s `how`): bits.
export const HOW_FULL: u32 = 1;           // build the full index (else a light one)
export const HOW_CRAWLER: u32 = 2;        // tokens in fallback order: the first that names a group decides
export const HOW_IGNORES_GLOBAL: u32 = 4; // a crawler that never obeys the `*` group

// A key: the literal first segment of one or more rules (the whole pattern of
// a plain prefix rule). Keys are sorted; each carries the best plain prefix
// rules found along its chain of prefix keys, so one lookup decides them all.
// (Its first 16 bytes, for the search, are in the index's A_WORDS array.)
export const K_OFFSET = 0;      // into the robots arena
export const K_LENGTH = 4;
export const K_PARENT = 8;      // the longest key that is a proper prefix of this one, -1 if none
export const K_ALLOW_PRIORITY = 12; // each priority is followed by its rule
export const K_ALLOW_RULE = 16;
export const K_DISALLOW_PRIORITY = 20;
export const K_DISALLOW_RULE = 24;
export const K_EXTRA_START = 28;
export const K_EXTRA_COUNT = 32;
export const K_EXACT_ALLOW_RULE = 36;    // `key$` rules: they match when the path is the key
export const K_EXACT_DISALLOW_RULE = 40;
export const K_SIZE: usize = 44;

// An extra: a wildcard rule, matched in full when its key is a
// prefix of the path. Sorted by priority, highest first, then file order.
export const X_NEEDS = 0;       // masks.ts: byte and pair slots the path must have stamped
export const X_RULE = 36;
export const X_PRIORITY = 40;
export const X_SIZE: usize = 44;

// ---- What a purpose makes of an allowed URL (checkLines' and filterLines' `purpose`) ----
export const PURPOSE_NONE: u32 = 0;  // no purpose asked: allowed is allowed
export const PURPOSE_TABLE: u32 = 1; // opted out when its Content-Usage preference (purposeTable) is n
export const PURPOSE_ALL: u32 = 2;   // every allowed URL is opted out (the crawler's Content-Signal says no)

// ---- checkLines' `numbered` answers: a u32 per line -------------------------
export const NUMBERED_VERDICT = 3;   // the verdict's bits (1 allowed, 0 disallowed, 2 opted out)
export const NUMBERED_LINE_SHIFT = 2; // the deciding line above them (0: no rule decided)

// ---- A verdict --------------------------------------------------------------
export const V_ALLOWED = 0;
export const V_LINE = 4;
export const V_RULE = 8;        // index of the deciding rule, -1 when none
export const V_INDEX = 12;      // selectCheck(): the agent index it built
export const V_SIZE = 16;
