"""The core memory behind one parsed robots.txt and its agent indexes, and
the answers read back from it: the twin of src/rules/compiled.ts. Robots and
AgentMatcher (robots.py) hold one; nothing here is public but the types."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from . import _layout as layout
from ._agent import AgentTokens
from ._core import SLOT_WORDS, Core, encode_text
from ._layout import Export

#: Agent sets whose indexes a Robots keeps for its own check()/is_allowed().
_MAX_CACHED_AGENT_SETS = 16


class RobotsClosedError(RuntimeError):
    """A Robots (or a matcher made from it) was used after close()."""

    def __init__(self, message: str = "this robots.txt was closed: parse it again") -> None:
        super().__init__(message)


class Rule(NamedTuple):
    type: Literal["allow", "disallow"]
    pattern: str


class Verdict(NamedTuple):
    """May the crawler fetch the URL; the 1-based line of the deciding rule (0
    when no rule decided) and the rule as written (None when none)."""

    allowed: bool
    line: int
    rule: Rule | None


try:  # the C module makes Verdicts itself (check()'s path): it is told the type
    from . import _crossing

    _crossing.set_verdict_type(Verdict)
except ImportError:  # a wheel built without it
    pass


@dataclass(frozen=True)
class OtherRecord:
    line: int
    key: str
    value: str


#: A verdict's allowed word when it is 0, as the memory holds it.
_FALSE = bytes(4)


def _url_bytes(url: object) -> bytes:
    if isinstance(url, str):
        return encode_text(url)
    if isinstance(url, (bytes, bytearray, memoryview)):
        return bytes(url)
    raise TypeError(f"url must be a string, got {type(url).__name__}")


class _Compiled:
    """The core memory behind one parsed robots.txt and its indexes."""

    def __init__(self, core: Core, robots: int) -> None:
        self.core = core
        self.robots = robots
        #: check's two-argument call, and its raw call whose slots decide_url() fills itself (None
        #: without the fast route): one URL per call is the hot path.
        self._check: Any = core.check2
        self._raw: Any = core.check_raw
        #: The C module that makes one URL's check call (None: the ctypes route of decide_url).
        self.crossing: Any = core.crossing
        self.closed = False
        self.cached: dict[str, int] = {}  # agent set -> its index
        self.owned: set[int] = set()
        self.rules: dict[int, Rule | None] = {}
        self.usage_statements = None  # purpose.usage_statements() fills it once

    def live(self) -> int:
        if self.closed:
            raise RobotsClosedError()
        return self.robots

    def build(self, tokens: AgentTokens, full: bool) -> int:
        core = self.core
        length = core.write(tokens.joined, "agent")
        return (
            core.fn[Export.select](self.live(), length, tokens.size, tokens.how | (layout.HOW_FULL if full else 0))
            & 0xFFFFFFFF
        )

    def index_for(self, tokens: AgentTokens) -> int:
        """The agent set's light index (cached); the core switches it to the
        full index after its first few answers (assembly/build.ts, answering())."""
        index = self.cached.get(tokens.key)
        if index is None:
            if len(self.cached) >= _MAX_CACHED_AGENT_SETS:
                oldest = next(iter(self.cached))
                self.core.fn[Export.dispose_index](self.cached.pop(oldest))
            index = self.cached[tokens.key] = self.build(tokens, False)
        return index

    def own_index(self, tokens: AgentTokens) -> int:
        index = self.build(tokens, True)
        self.owned.add(index)
        return index

    def release_index(self, index: int) -> None:
        if index in self.owned:
            self.owned.discard(index)
            self.core.fn[Export.dispose_index](index)

    def decide_url(self, tokens: AgentTokens, url: object) -> int:
        """The verdict record of one URL for `tokens`; the caller holds the lock.

        check() and is_allowed() in one function, with the core's input
        written in place and check's raw call made here: on this path each
        Python call and each ctypes field costs about what the matching itself
        does, so the steps of index_for(), Core.write() and _RawCall are
        inlined for the common case and fall back to them."""
        if self.closed:
            raise RobotsClosedError()
        index = self.cached.get(tokens.key)
        if index is None:
            if len(self.cached) < _MAX_CACHED_AGENT_SETS:
                return self._first_for(tokens, _url_bytes(url))
            index = self.index_for(tokens)
        crossing = self.crossing
        if crossing is not None:
            verdict = crossing.check(index, url)
            if verdict is not None:
                self.core.stale = True  # the call may have grown memory
                return verdict  # type: ignore[no-any-return]
        if url.__class__ is str:
            try:
                data = url.encode()
            except UnicodeEncodeError:
                data = encode_text(url)
        else:
            data = _url_bytes(url)
        core = self.core
        size = len(data)
        at = core._input_at
        if size <= core._input_room and at + size <= core._length and not core._moves:
            core._view[at : at + size] = data  # type: ignore[index]
        else:
            core.write(data, "url")
        raw = self._raw
        if raw is None:
            return self._check(index, size) & 0xFFFFFFFF  # type: ignore[no-any-return]
        words = raw.words
        words[0] = index
        words[SLOT_WORDS] = size
        error = raw._call(*raw._args)
        core.stale = True  # the call may have grown memory
        if error or raw.trapped[0]:
            return raw._again((index, size)) & 0xFFFFFFFF  # type: ignore[no-any-return]
        return words[0]  # type: ignore[no-any-return]

    def allowed_url(self, tokens: AgentTokens, url: object) -> bool:
        """May `tokens` fetch `url`: decide_url() and the verdict's allowed
        word. The caller holds the lock (is_allowed's path when the C module
        did not answer)."""
        core = self.core
        at = self.decide_url(tokens, url) + layout.V_ALLOWED
        if at + 4 > core._length or at & 3 or core._moves or not core.words_ok:
            return core.u32(at) != 0
        return core._words[at >> 2] != 0  # type: ignore[index]

    def _first_for(self, tokens: AgentTokens, url: bytes) -> int:
        """decide_url() for an agent set with no index yet: the core builds the
        light index and decides the URL in one call (select_check), the agents
        and the URL written as one input; the index is cached from the verdict."""
        core = self.core
        agents = tokens.joined
        core.write(agents + url, "url")
        verdict = core.fn[Export.select_check](self.robots, len(agents), tokens.size, tokens.how, len(url)) & 0xFFFFFFFF
        self.cached[tokens.key] = core.u32(verdict + layout.V_INDEX)
        return verdict

    def decide(self, index: int, url: object) -> int:
        return self._check(index, self.core.write(_url_bytes(url), "url")) & 0xFFFFFFFF  # type: ignore[no-any-return]

    def allowed(self, verdict: int) -> bool:
        core = self.core
        at = verdict + layout.V_ALLOWED
        view = core._view
        if view is None or at + 4 > core._length or core._moves:
            return core.u32(at) != 0
        return view[at : at + 4] != _FALSE

    def verdict(self, verdict: int) -> Verdict:
        core = self.core
        if verdict + 12 <= core._length and not verdict & 3 and not core._moves and core.words_ok:
            words = core._words
            at = verdict >> 2
            rule = words[at + 2]  # type: ignore[index]
            return Verdict(words[at] != 0, words[at + 1], self.rule(rule - 0x100000000 if rule >> 31 else rule))  # type: ignore[index]
        view = core.view_to(verdict + 12)
        allowed = int.from_bytes(view[verdict : verdict + 4], "little") != 0
        line = int.from_bytes(view[verdict + 4 : verdict + 8], "little")
        rule = int.from_bytes(view[verdict + 8 : verdict + 12], "little", signed=True)
        return Verdict(allowed, line, self.rule(rule))

    def rule(self, index: int) -> Rule | None:
        if index < 0:
            return None
        if index in self.rules:
            return self.rules[index]
        core = self.core
        robots = self.robots
        rules = robots + core.u32(robots + layout.R_RULES)
        arena = robots + core.u32(robots + layout.R_ARENA)
        record = rules + index * layout.RULE_SIZE
        # An implied index.html rule reports the rule it came from, just before it.
        if core.u32(record + layout.RULE_FLAGS) & layout.RULE_IMPLIED:
            record -= layout.RULE_SIZE
        flags = core.u32(record + layout.RULE_FLAGS)
        lengths = core.u32(record + layout.RULE_LENGTH)
        length, raw_length = lengths & 0xFFFF, lengths >> 16
        pattern = arena + core.u32(record + layout.RULE_PATTERN)
        raw = pattern + length if flags & layout.RULE_RAW_AFTER else pattern
        found = Rule("allow" if flags & layout.RULE_ALLOW else "disallow", core.text(raw, raw_length))
        self.rules[index] = found
        return found

    def records(self) -> tuple[list[str], list[OtherRecord]]:
        core = self.core
        robots = self.live()
        arena = robots + core.u32(robots + layout.R_ARENA)
        records = robots + core.u32(robots + layout.R_RECORDS)
        sitemaps: list[str] = []
        others: list[OtherRecord] = []
        for i in range(core.u32(robots + layout.R_RECORD_COUNT)):
            at = records + i * layout.REC_SIZE
            key = arena + core.u32(at + layout.REC_KEY)
            key_length = core.u32(at + layout.REC_KEY_LENGTH)
            value = core.text(key + key_length, core.u32(at + layout.REC_VALUE_LENGTH))
            if core.u32(at + layout.REC_KIND) == layout.KIND_SITEMAP:
                sitemaps.append(value)
            else:
                others.append(OtherRecord(core.u32(at + layout.REC_LINE), core.text(key, key_length), value))
        return sitemaps, others

    def free(self) -> None:
        if self.closed:
            return
        with self.core.lock:
            if self.closed:  # another thread closed it meanwhile
                return
            self.closed = True
            # Emptied, not replaced: the C module looks an index up in this very dict (under the lock).
            self.cached.clear()
            self.owned = set()
            # The core frees every index built on the table with it.
            self.core.fn[Export.dispose](self.robots)
