// Generated from assembly/layout.ts and assembly/index.ts by scripts/core-interface.mjs (run by the build): do not edit.
// biome-ignore-all lint/suspicious/noDuplicateEnumValues: one namespace of numbers from separate records
// The records the core writes into linear memory: offsets and sizes in bytes.

export enum Layout {
  // Modes
  MODE_GOOGLE = 0,
  MODE_RFC = 1,

  // Line events: what the parser emits, one per line
  // Kinds of line.
  KIND_USER_AGENT = 1,
  KIND_ALLOW = 2,
  KIND_DISALLOW = 3,
  KIND_SITEMAP = 4,
  KIND_OTHER = 5, // a key we do not interpret (crawl-delay, host, ...)
  KIND_EMPTY = 6,
  KIND_COMMENT = 7, // nothing but a comment
  KIND_INVALID = 8, // text that is not `key: value`

  // Flags of a line, bits above the kind.
  FLAG_TYPO = 1 << 8, // an accepted misspelling of the key
  FLAG_MISSING_COLON = 1 << 9, // whitespace stood in for ':'
  FLAG_TOO_LONG = 1 << 10, // cut at MAX_LINE_BYTES
  FLAG_COMMENT = 1 << 11, // had a '#' comment
  FLAG_NUL = 1 << 12, // a NUL byte ended the content
  FLAG_NO_GROUP = 1 << 13, // a rule before any user-agent line
  FLAG_GLOBAL_AGENT = 1 << 14, // a user-agent line that names the global group (`*`)

  KIND_MASK = 0xff,

  // One event: nine u32.
  EV_LINE = 0, // 1-based line number
  EV_KIND = 4, // kind | flags
  EV_KEY_START = 8, // byte offsets into the input
  EV_KEY_END = 12,
  EV_VALUE_START = 16,
  EV_VALUE_END = 20,
  EV_GROUP = 24, // index of the group the line is in, -1 before the first
  EV_LINE_START = 28,
  EV_LINE_END = 32, // where the raw line ends (before its line break)
  EV_SIZE = 36,

  // Google keeps the first 2083 * 8 - 1 bytes of a line.
  MAX_LINE_BYTES = 16663,

  // Compiled robots: one heap block
  // header | groups | tokens | rules | arena (pattern and token bytes)
  R_MODE = 0,
  R_GROUP_COUNT = 4,
  R_GROUPS = 8, // offsets from the block start
  R_TOKEN_COUNT = 12,
  R_TOKENS = 16,
  R_RULE_COUNT = 20,
  R_RULES = 24,
  R_ARENA = 28,
  R_SIZE = 32, // bytes of the whole block
  R_RECORD_COUNT = 36,
  R_RECORDS = 40,
  R_USAGE_COUNT = 44, // Content-Usage rules (AIPREF attach), kept apart from allow/disallow
  R_USAGE = 48,
  R_INDEXES = 52, // the first of the agent indexes select() built on it (0 none): dispose frees them
  R_HEADER = 56,

  // A group: the user-agent lines that open it and the rules that follow.
  G_TOKEN_START = 0,
  G_TOKEN_COUNT = 4,
  G_RULE_START = 8,
  G_RULE_COUNT = 12,
  G_GLOBAL = 16, // 1 when one of its user-agent lines is `*`
  G_USAGE_START = 20, // its Content-Usage rules, in the usage table
  G_USAGE_COUNT = 24,
  G_SIZE = 28,

  // A product token named by a user-agent line, lower-cased in the arena.
  T_OFFSET = 0,
  T_LENGTH = 4,
  T_SIZE = 8,

  // A record: a sitemap line or a line with another key (crawl-delay, host...),
  // kept as written for the TypeScript side to read when asked.
  REC_KIND = 0, // KIND_SITEMAP or KIND_OTHER
  REC_LINE = 4,
  REC_GROUP = 8, // -1 before the first user-agent line
  REC_AGENT = 12, // token of the nearest user-agent line above; -1 none, -2 for '*'
  REC_KEY = 16, // arena offset; the value follows the key
  REC_KEY_LENGTH = 20,
  REC_VALUE_LENGTH = 24,
  REC_SIZE = 28,

  // A rule, 16 bytes (allow/disallow in the rule table; Content-Usage rules in
  // the usage table, the same record: RULE_ALLOW is never set there, and a
  // Content-Usage line without a path has an empty pattern, which matches every
  // path with priority 0). Lengths fit u16: a line keeps 16,663 bytes, so a value
  // is at most that and its normalised form at most three times that.
  RULE_LINE = 0,
  RULE_PATTERN = 4, // offset in the arena of the normalised pattern: what is matched
  RULE_LENGTH = 8, // u16: its length in bytes, which is also its priority
  RULE_RAW_LENGTH = 10, // u16: length of the value as written in the file
  RULE_FLAGS = 12,
  RULE_SIZE = 16,

  RULE_ALLOW = 1, // else disallow
  RULE_WILDCARD = 2, // the pattern has a '*' before its end anchor
  RULE_ANCHORED = 4, // the pattern ends with '$'
  RULE_IMPLIED = 8, // Google's `<dir>/index.htm*` => `<dir>/$` allow; its source rule is the one before
  RULE_RAW_AFTER = 16, // the value as written differs, and follows the pattern in the arena

  // Agent index: the rules that apply to one set of product tokens
  // header | applying group indices | keys | extras
  A_ROBOTS = 0,
  A_KIND = 4, // SELECT_*
  A_GROUP_COUNT = 8,
  A_GROUPS = 12, // offsets from the block start
  A_KEY_COUNT = 16,
  A_KEYS = 20,
  A_EXTRA_COUNT = 24,
  A_EXTRAS = 28,
  A_WORDS = 32, // per key its first 16 bytes as two big-endian words, densely, for the search
  A_SCAN = 36, // 1: a light index (groups only); decided by scanning their rules
  A_RULE_COUNT = 40, // rules in the applying groups
  A_CHOSEN = 44, // a crawler's token (index) that chose the groups; -1 none (`*` or nothing)
  A_SCANS_LEFT = 48, // a light index: answers left before check() builds the full one (all ones: never)
  A_FULL = 52, // a light index: the full index check() built for it (0 before), freed with it
  A_NEXT = 56, // the next and the previous index select() built on the same robots (0 none)
  A_PREV = 60,
  A_HEADER = 64,
  SELECT_NONE = 0, // no group applies: everything is allowed
  SELECT_SPECIFIC = 1,
  SELECT_GLOBAL = 2,
  // How to select (select()'s `how`): bits.
  HOW_FULL = 1, // build the full index (else a light one)
  HOW_CRAWLER = 2, // tokens in fallback order: the first that names a group decides
  HOW_IGNORES_GLOBAL = 4, // a crawler that never obeys the `*` group

  // A key: the literal first segment of one or more rules (the whole pattern of
  // a plain prefix rule). Keys are sorted; each carries the best plain prefix
  // rules found along its chain of prefix keys, so one lookup decides them all.
  // (Its first 16 bytes, for the search, are in the index's A_WORDS array.)
  K_OFFSET = 0, // into the robots arena
  K_LENGTH = 4,
  K_PARENT = 8, // the longest key that is a proper prefix of this one, -1 if none
  K_ALLOW_PRIORITY = 12, // each priority is followed by its rule
  K_ALLOW_RULE = 16,
  K_DISALLOW_PRIORITY = 20,
  K_DISALLOW_RULE = 24,
  K_EXTRA_START = 28,
  K_EXTRA_COUNT = 32,
  K_EXACT_ALLOW_RULE = 36, // `key$` rules: they match when the path is the key
  K_EXACT_DISALLOW_RULE = 40,
  K_SIZE = 44,

  // An extra: a wildcard rule, matched in full when its key is a
  // prefix of the path. Sorted by priority, highest first, then file order.
  X_NEEDS = 0, // masks.ts: byte and pair slots the path must have stamped
  X_RULE = 36,
  X_PRIORITY = 40,
  X_SIZE = 44,

  // What a purpose makes of an allowed URL (checkLines' and filterLines' `purpose`)
  PURPOSE_NONE = 0, // no purpose asked: allowed is allowed
  PURPOSE_TABLE = 1, // opted out when its Content-Usage preference (purposeTable) is n
  PURPOSE_ALL = 2, // every allowed URL is opted out (the crawler's Content-Signal says no)

  // checkLines' `numbered` answers: a u32 per line
  NUMBERED_VERDICT = 3, // the verdict's bits (1 allowed, 0 disallowed, 2 opted out)
  NUMBERED_LINE_SHIFT = 2, // the deciding line above them (0: no rule decided)

  // A verdict
  V_ALLOWED = 0,
  V_LINE = 4,
  V_RULE = 8, // index of the deciding rule, -1 when none
  V_INDEX = 12, // selectCheck(): the agent index it built
  V_SIZE = 16,
}
