// Offsets of the records the core writes (mirror of assembly/layout.ts).

export const MODE_GOOGLE = 0;
export const MODE_RFC = 1;

export const KIND_USER_AGENT = 1;
export const KIND_ALLOW = 2;
export const KIND_DISALLOW = 3;
export const KIND_SITEMAP = 4;
export const KIND_OTHER = 5;
export const KIND_EMPTY = 6;
export const KIND_COMMENT = 7;
export const KIND_INVALID = 8;
export const KIND_MASK = 0xff;

export const FLAG_TYPO = 1 << 8;
export const FLAG_MISSING_COLON = 1 << 9;
export const FLAG_TOO_LONG = 1 << 10;
export const FLAG_COMMENT = 1 << 11;
export const FLAG_NUL = 1 << 12;
export const FLAG_NO_GROUP = 1 << 13;
export const FLAG_GLOBAL_AGENT = 1 << 14;

// Line event, in u32 words.
export const EV_LINE = 0;
export const EV_KIND = 1;
export const EV_KEY_START = 2;
export const EV_KEY_END = 3;
export const EV_VALUE_START = 4;
export const EV_VALUE_END = 5;
export const EV_GROUP = 6;
export const EV_LINE_START = 7;
export const EV_LINE_END = 8;
export const EV_WORDS = 9;

// Compiled robots header, in bytes.
export const R_GROUPS = 8;
export const R_TOKENS = 16;
export const R_RULES = 24;
export const R_ARENA = 28;
export const R_RECORD_COUNT = 36;
export const R_RECORDS = 40;

// Group record, in bytes.
export const G_RULE_START = 8;
export const G_RULE_COUNT = 12;
export const G_SIZE = 20;

// Token record (lower-cased product token in the arena), in bytes.
export const T_OFFSET = 0;
export const T_LENGTH = 4;
export const T_SIZE = 8;

// Sitemap/other record, in bytes.
export const REC_KIND = 0;
export const REC_LINE = 4;
export const REC_GROUP = 8;
export const REC_AGENT = 12; // token index; -1 none, -2 '*'
export const REC_KEY = 16;
export const REC_KEY_LENGTH = 20;
export const REC_VALUE_LENGTH = 24;
export const REC_SIZE = 28;

// Rule record, in bytes.
export const RULE_LINE = 0;
export const RULE_PATTERN = 4;
export const RULE_LENGTH = 8; // one word: u16 pattern length, then u16 raw length
export const RULE_FLAGS = 12;
export const RULE_SIZE = 16;
export const RULE_ALLOW = 1;
export const RULE_IMPLIED = 8;
export const RULE_RAW_AFTER = 16;

// Agent index header, in bytes.
export const A_KIND = 4;
export const A_GROUP_COUNT = 8;
export const A_GROUPS = 12;
export const A_RULE_COUNT = 40;
export const SELECT_SPECIFIC = 1;

// Verdict, in bytes.
export const V_ALLOWED = 0;
export const V_LINE = 4;
export const V_RULE = 8;
