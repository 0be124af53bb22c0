"""The verdict bytes (and deciding lines) of one origin's run of URLs for
several agents, for the joins over many origins (robotsmatch.pandas's
join_archive, robotsmatch.spark's join_robots): a few URLs per file, so
what a run costs is building the agents' indexes, not matching, and this
module keeps that to the least the core allows.

- Each agent's light index (the groups that apply to it, no rule index) is
  made for the run and read back: agents whose indexes hold the same
  groups give the same answers, so they share one index and one core call
  per run (Googlebot and GPTBot both read ``*`` in
  most files, and the largest files are nearly always one ``*`` group).
- A run whose URLs times the rules of its groups is small is decided by
  scanning the rules, as Google's matcher does; above ``FULL_WORK`` the full
  index is built for the run and freed after it. On the archive bench
  (bench/python/join_archive.py) a full index costs about 25 µs to build
  and a scan about 0.2 µs per rule and URL over a thousand rules, less on
  small files; 400 is where the two met on its files.

Every answer comes from the core's own matching: one check_lines call per
run and group of agents, which with deciding lines answers a u32 per URL
(the verdict and its line), so a line costs no call of its own."""

from __future__ import annotations

import struct
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import numpy as np

from . import _layout as layout
from ._agent import AgentTokens
from ._bulk import ALLOWED, NO_VERDICT, codes_of_strings
from ._compiled import _Compiled
from ._core import Core
from ._layout import Export
from ._lines import LINES_CHUNK

if TYPE_CHECKING:
    from .pandas import AgentLike
    from .purpose import PurposeNames
    from .robots import Robots

#: URLs times rules above which a run is matched through a full index rather than by scanning.
FULL_WORK = 400
#: A light index's kind, group count and where its groups are (A_KIND, A_GROUP_COUNT, A_GROUPS: three u32 in a row).
_HEADER = struct.Struct("<3I")


class RunMatcher:
    """Matches runs of URLs for a fixed list of agents (and purpose)."""

    def __init__(self, core: Core, tokens: Sequence[AgentTokens], purpose_names: PurposeNames | None) -> None:
        self.core = core
        self.tokens = list(tokens)
        self.purpose_names = purpose_names
        fn = core.fn
        self._select = fn[Export.select]
        self._check_lines = fn[Export.check_lines]
        self._verdicts = fn[Export.verdicts]
        self._dispose_index = fn[Export.dispose_index]
        self._compile = fn[Export.compile]
        self._dispose = fn[Export.dispose]

    def compile(self, body: bytes, mode: str) -> int:
        """A file's compiled table, for the caller to free() (no Robots: a join reads each file once).
        The caller holds the core's lock."""
        core = self.core
        if core.garbage:
            core.drain()
        length = core.write(body, "body")
        return self._compile(length, layout.MODE_RFC if mode == "rfc" else layout.MODE_GOOGLE) & 0xFFFFFFFF

    def free(self, robots: int) -> None:
        self._dispose(robots)

    def answer(self, robots: int, compiled: _Compiled | None, data: bytes, count: int, numbered: bool) -> list[bytes]:
        """The answers to the `count` lines of `data`, one bytes object per
        agent (agents that read the same groups share one): a verdict byte
        per URL, or with `numbered` a u32 per URL, the verdict and the
        deciding line above it (read a block of them with
        split_numbered). The caller holds the core's lock and has made sure every URL is one
        line (no CR or LF in it), and that `data` is at most a core call's
        worth (_lines.LINES_CHUNK, or one line). The indexes are made for the
        run and freed after it. `robots`: the file's compiled table;
        `compiled`, the same as a _Compiled, needed with a purpose (its
        Content-Usage statements)."""
        core = self.core
        # With no group naming a product token, which groups apply depends only on obeying `*` or not;
        # and when even all the file's rules would make a run worth a full index, it is built at once.
        unnamed = core.u32(robots + layout.R_TOKEN_COUNT) == 0
        full_at_once = unnamed and count * core.u32(robots + layout.R_RULE_COUNT) > FULL_WORK
        shapes: dict[object, int] = {}
        column_of: list[int] = []  # per agent, its column of distinct answers
        used: list[int] = []  # per column, the index that answers it
        made: list[int] = []
        try:
            for tokens in self.tokens:
                shape: object = tokens.how & layout.HOW_IGNORES_GLOBAL
                if unnamed and shape in shapes:
                    column_of.append(shapes[shape])
                    continue
                index = self._index(robots, tokens, layout.HOW_FULL if full_at_once else 0)
                made.append(index)
                if not unnamed:
                    shape = _groups_of(core, index)
                    if shape in shapes:
                        column_of.append(shapes[shape])
                        continue
                shapes[shape] = len(used)
                column_of.append(len(used))
                if not full_at_once and count * core.u32(index + layout.A_RULE_COUNT) > FULL_WORK:
                    index = self._index(robots, tokens, layout.HOW_FULL)
                    made.append(index)
                used.append(index)
            length = core.write(data, "lines")
            read, check_lines, verdicts = core.read, self._check_lines, self._verdicts
            answers: list[bytes] = []
            at = -1
            for index in used:
                held = check_lines(index, length, self._purpose(compiled, index), int(numbered)) & 0xFFFFFFFF
                if held != count:  # pragma: no cover - would be a core bug
                    raise RuntimeError(f"the core answered {held} lines for {count} URLs")
                if at < 0:
                    at = verdicts() & 0xFFFFFFFF  # as many lines again: the buffer stays where it is
                answers.append(read(at, held * 4 if numbered else held))
        finally:
            for index in made:
                self._dispose_index(index)
        return [answers[column] for column in column_of]

    def _index(self, robots: int, tokens: AgentTokens, full: int) -> int:
        """An agent's index (light, or full with HOW_FULL), for the caller to free."""
        length = self.core.write(tokens.joined, "agent")
        return self._select(robots, length, tokens.size, tokens.how | full) & 0xFFFFFFFF

    def _purpose(self, compiled: _Compiled | None, index: int) -> int:
        if self.purpose_names is None:
            return layout.PURPOSE_NONE
        from .purpose import prepare_purpose

        assert compiled is not None, "a purpose needs the file as a _Compiled"

        return prepare_purpose(compiled, index, self.purpose_names)


def _groups_of(core: Core, index: int) -> bytes:
    """What decides a light index's answers: its kind, the crawler token
    that chose its groups, and the groups themselves."""
    header: tuple[int, int, int] = _HEADER.unpack_from(core.view_to(index + layout.A_HEADER), index + layout.A_KIND)
    kind, count, groups = header
    return kind.to_bytes(4, "little") + core.read(index + layout.A_CHOSEN, 4) + core.read(index + groups, 4 * count)


#: A row of a block of numbered answers that no run answered (split_numbered gives it NO_VERDICT, line 0).
NUMBERED_NONE = b"\xff\xff\xff\xff"


def split_numbered(columns: Sequence[bytes | bytearray], count: int) -> tuple[np.ndarray, np.ndarray]:
    """A block of numbered answers (per agent, a u32 for each of `count`
    URLs; NUMBERED_NONE where none was given) as the verdict bytes, shape
    (count, agents), and each URL's deciding line: the first agent's that
    may not fetch it (or that it is opted out for), else the first agent's."""
    table = np.frombuffer(b"".join(columns), dtype="<u4").reshape(len(columns), count)
    codes = (table & layout.NUMBERED_VERDICT).astype(np.uint8)
    codes[table == 0xFFFFFFFF] = NO_VERDICT
    blocked = codes != ALLOWED
    which = np.where(blocked.any(axis=0), blocked.argmax(axis=0), 0)
    lines = (table[which, np.arange(count)] >> layout.NUMBERED_LINE_SHIFT).astype(np.int32)
    lines[codes[0] == NO_VERDICT] = 0
    return codes.T, lines


def line_runs(offsets: Sequence[int], start: int, end: int) -> Iterator[tuple[int, int]]:
    """Rows start..end of one origin (line i is offsets[i]..offsets[i + 1])
    cut into runs of whole lines of at most a core call's worth each (a line
    longer than that goes alone)."""
    while start < end:
        stop = end
        if offsets[end] - offsets[start] > LINES_CHUNK:
            stop = min(max(bisect_right(offsets, offsets[start] + LINES_CHUNK, start, end) - 1, start + 1), end)
        yield start, stop
        start = stop


def whole_lines(data: bytes, count: int) -> bool:
    """Whether the `count` URLs in `data` (a LF after each) read back as
    `count` lines: none holds a CR or a LF of its own."""
    return data.count(b"\n") == count and b"\r" not in data


def one_by_one(
    robots: Robots, agents: Sequence[AgentLike], purpose: str | None, texts: list[str], numbered: bool
) -> list[bytes]:
    """RunMatcher.answer for a run with a URL holding a line break (not
    whole_lines): each agent's matcher answers the URLs as strings, and
    codes_of_strings sends that one alone."""
    from .pandas import deciding_lines

    matchers = [robots.for_agent(agent, purpose) for agent in agents]
    try:
        run = codes_of_strings(texts, matchers)
        codes = [run[:, column].tobytes() for column in range(len(matchers))]
        if not numbered:
            return codes
        # Every agent's answer carries the reported line: split_numbered reads it back from whichever it picks.
        above = deciding_lines(texts, run, matchers).astype("<u4") << layout.NUMBERED_LINE_SHIFT
        return [(run[:, column].astype("<u4") | above).tobytes() for column in range(len(matchers))]
    finally:
        for matcher in matchers:
            matcher.close()
