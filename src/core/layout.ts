// Offsets of the records the core writes (mirror of assembly/layout.ts).
// An enum, so that bundlers write the numbers in place of the names.

export enum L {
  MODE_GOOGLE = 0,
  MODE_RFC = 1,

  // biome-ignore lint/suspicious/noDuplicateEnumValues: one namespace of numbers from separate records (modes, kinds, flags)
  KIND_USER_AGENT = 1,
  KIND_ALLOW = 2,
  KIND_DISALLOW = 3,
  KIND_SITEMAP = 4,
  KIND_OTHER = 5,
  KIND_EMPTY = 6,
  KIND_COMMENT = 7,
  KIND_INVALID = 8,
  KIND_MASK = 0xff,

  FLAG_TYPO = 1 << 8,
  FLAG_MISSING_COLON = 1 << 9,
  FLAG_TOO_LONG = 1 << 10,
  FLAG_COMMENT = 1 << 11,
  FLAG_NUL = 1 << 12,
  FLAG_NO_GROUP = 1 << 13,
  FLAG_GLOBAL_AGENT = 1 << 14,

  // Line event, in u32 words.
  EV_LINE = 0,
  EV_KIND = 1,
  EV_KEY_START = 2,
  EV_KEY_END = 3,
  EV_VALUE_START = 4,
  EV_VALUE_END = 5,
  EV_GROUP = 6,
  EV_LINE_START = 7,
  EV_LINE_END = 8,
  EV_WORDS = 9,

  // Compiled robots header, in bytes.
  R_GROUPS = 8,
  R_TOKENS = 16,
  R_RULES = 24,
  R_ARENA = 28,
  R_RECORD_COUNT = 36,
  R_RECORDS = 40,
  R_USAGE_COUNT = 44,
  R_USAGE = 48,

  // Group record, in bytes.
  G_RULE_START = 8,
  G_RULE_COUNT = 12,
  G_GLOBAL = 16,
  G_USAGE_START = 20,
  G_USAGE_COUNT = 24,
  G_SIZE = 28,

  // Token record (lower-cased product token in the arena), in bytes.
  T_OFFSET = 0,
  T_LENGTH = 4,
  T_SIZE = 8,

  // Sitemap/other record, in bytes.
  REC_KIND = 0,
  REC_LINE = 4,
  REC_GROUP = 8,
  REC_AGENT = 12, // token index, -1 none, -2 '*'
  REC_KEY = 16,
  REC_KEY_LENGTH = 20,
  REC_VALUE_LENGTH = 24,
  REC_SIZE = 28,

  // Rule record, in bytes.
  RULE_LINE = 0,
  RULE_PATTERN = 4,
  RULE_LENGTH = 8, // one word: u16 pattern length, then u16 raw length
  RULE_FLAGS = 12,
  RULE_SIZE = 16,
  RULE_ALLOW = 1,
  RULE_IMPLIED = 8,
  RULE_RAW_AFTER = 16,

  // Agent index header, in bytes.
  R_SIZE = 32,
  A_KIND = 4,
  A_GROUP_COUNT = 8,
  A_GROUPS = 12,
  A_EXTRA_COUNT = 24,
  A_EXTRAS = 28,
  X_SIZE = 44,
  A_RULE_COUNT = 40,
  A_CHOSEN = 44,
  HOW_FULL = 1,
  HOW_CRAWLER = 2,
  HOW_IGNORES_GLOBAL = 4,
  SELECT_SPECIFIC = 1,

  A_ROBOTS = 0,

  // What a purpose makes of an allowed URL in checkLines/filterLines.
  PURPOSE_NONE = 0,
  PURPOSE_TABLE = 1, // opted out where the Content-Usage preference (purposeTable) is n
  PURPOSE_ALL = 2, // every allowed URL is opted out

  // Verdict, in bytes.
  V_ALLOWED = 0,
  V_LINE = 4,
  V_RULE = 8,
}
