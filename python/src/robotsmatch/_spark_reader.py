"""The partition reader of robotsmatch.spark.join_robots: each partition
comes sorted by origin, an origin's capture (kind 0) before its URLs (kind
1), and is read one Arrow batch at a time. Each origin's robots.txt is
compiled once, when its first URL comes, and kept until the next origin (its
URLs may go on in the next batch); each run of an origin's URLs in a batch
goes to the core as robotsmatch._origin_run matches it: one call per agent
group (agents that read the same groups share one), the deciding lines in
the same call. An origin with no file to read costs no core call."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa

from . import archive as _archive
from ._agent import agent_tokens
from ._arrow_lines import ArrowLines
from ._bulk import ALLOWED, DISALLOWED, NO_VERDICT
from ._compiled import _Compiled
from ._core import get_core
from ._origin_run import NUMBERED_NONE, RunMatcher, line_runs, one_by_one, split_numbered, whole_lines
from .pandas import AgentLike, verdict_columns
from .robots import parse

#: The outcomes of an origin, as the outcome column holds them.
# "invalid": a row with no usable URL (null, or no http(s) origin), as the CLI answers it.
OUTCOMES = ("ok", "unavailable", "unreachable", "unknown", "invalid")
_UNKNOWN = OUTCOMES.index(_archive.NOT_IN_ARCHIVE)
_INVALID = OUTCOMES.index("invalid")
#: What every URL of an origin with no file to read gets: allowed with no robots.txt, disallowed when unreachable
#: (as verdict bytes, and as numbered answers: line 0).
_FILLS = {"unavailable": bytes([ALLOWED]), "unreachable": bytes([DISALLOWED])}
_NUMBERED_FILLS = {outcome: fill + bytes(3) for outcome, fill in _FILLS.items()}

# Internal column names, chosen not to clash with a user's.
KIND = "__robotsmatch_kind"
OUTCOME = "__robotsmatch_outcome"
BODY = "__robotsmatch_body"


@dataclass
class Settings:
    agents: list[AgentLike]
    names: list[str]
    purpose: str | None
    mode: str
    lines: bool
    max_bytes: int
    url_col: str
    user_columns: list[str]


@dataclass
class _Origin:
    """The origin being read: its outcome and body, and its compiled file once a URL needs it."""

    origin: str | None
    outcome: str
    body: bytes | None = None
    table: int = 0
    compiled: _Compiled | None = None

    def close(self, runs: RunMatcher) -> None:
        if self.compiled is not None:
            self.compiled.free()
        elif self.table:
            with runs.core.lock:
                runs.free(self.table)
        self.table, self.compiled = 0, None


@dataclass
class Partition:
    settings: Settings
    current: _Origin = field(default_factory=lambda: _Origin(None, _archive.NOT_IN_ARCHIVE))
    runs: RunMatcher = field(init=False)

    def __post_init__(self) -> None:
        s = self.settings
        names_of_purpose = None
        if s.purpose is not None:
            from .purpose import purpose_names

            names_of_purpose = purpose_names(s.purpose)
        self.runs = RunMatcher(get_core(), [agent_tokens(agent) for agent in s.agents], names_of_purpose)

    def run(self, batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        try:
            for batch in batches:
                out = self._batch(batch) if batch.num_rows else None
                if out is not None:
                    yield out
        finally:
            self.current.close(self.runs)

    def _batch(self, batch: pa.RecordBatch) -> pa.RecordBatch | None:
        s = self.settings
        n = batch.num_rows
        kinds = batch.column(KIND).to_numpy(zero_copy_only=False)
        url_rows = np.flatnonzero(kinds == 1)
        if not len(url_rows):
            self._captures_only(batch, kinds)
            return None
        origin_column = batch.column("origin")
        # Runs of one origin (the partition is sorted by origin): where the dictionary id changes.
        ids = origin_column.dictionary_encode().indices.fill_null(-1).to_numpy(zero_copy_only=False)
        starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
        ends = np.r_[starts[1:], n]
        # A run's capture rows come first (sorted by kind): how many each run has, and their fields, read once.
        is_capture = kinds == 0
        captured = np.add.reduceat(is_capture.astype(np.int64), starts)
        capture_rows = np.flatnonzero(is_capture)
        capture_outcomes = batch.column(OUTCOME).take(pa.array(capture_rows)).to_pylist()
        run_origins = origin_column.take(pa.array(starts)).to_pylist()
        urls = ArrowLines(batch.column(s.url_col))
        offsets: list[int] = urls.offsets.tolist()
        # The answers of every row, a bytes column per agent (numbered with lines), filled run by run and
        # read once for the batch.
        columns = [bytearray((NUMBERED_NONE if s.lines else bytes([NO_VERDICT])) * n) for _ in s.agents]
        outcomes = np.full(n, _UNKNOWN, dtype=np.int8)
        seen = 0  # capture rows of the runs before this one
        bodies = batch.column(BODY)
        for run, (start, end, count) in enumerate(zip(starts.tolist(), ends.tolist(), captured.tolist())):
            if count:
                seen += count
                self._switch(run_origins[run], capture_outcomes[seen - 1], bodies[start + count - 1].as_py())
            elif ids[start] < 0 or self.current.origin != run_origins[run]:
                self._switch(None if ids[start] < 0 else run_origins[run], _archive.NOT_IN_ARCHIVE, None)
            first = start + count
            if first < end:
                self._answer(urls, offsets, first, end, columns, outcomes)
        lines = None
        if s.lines:
            codes, lines = split_numbered(columns, n)
        else:
            codes = np.frombuffer(b"".join(columns), dtype=np.uint8).reshape(len(columns), n).T
        taken = batch.take(pa.array(url_rows))
        arrays = [taken.column(name) for name in s.user_columns]
        arrays.append(taken.column("origin"))
        missing = taken.column(s.url_col).is_null().to_numpy(zero_copy_only=False)
        no_origin = taken.column("origin").is_null().to_numpy(zero_copy_only=False)
        arrays.append(
            pa.DictionaryArray.from_arrays(
                pa.array(np.where(missing | no_origin, _INVALID, outcomes[url_rows])), pa.array(OUTCOMES)
            ).cast(pa.string())
        )
        added = verdict_columns(
            codes[url_rows], s.names, s.purpose, None if lines is None else lines[url_rows], missing
        )
        names = [*s.user_columns, "origin", "outcome", *added]
        return pa.RecordBatch.from_arrays(arrays + list(added.values()), names=names)

    def _captures_only(self, batch: pa.RecordBatch, kinds: np.ndarray) -> None:
        """A batch of captures alone: the last one is the origin whose URLs may come in the next batch."""
        last = batch.num_rows - 1
        if kinds[last] == 0:
            self._switch(
                batch.column("origin")[last].as_py(),
                batch.column(OUTCOME)[last].as_py(),
                batch.column(BODY)[last].as_py(),
            )

    def _switch(self, origin: str | None, outcome: str, body: bytes | None) -> None:
        self.current.close(self.runs)
        self.current = _Origin(origin, outcome, body)

    def _answer(
        self,
        urls: ArrowLines,
        offsets: list[int],
        first: int,
        end: int,
        columns: Sequence[bytearray],
        outcomes: np.ndarray,
    ) -> None:
        """The answers of the URL rows first..end, all of the current origin."""
        current = self.current
        outcome = current.outcome
        outcomes[first:end] = OUTCOMES.index(outcome) if outcome in OUTCOMES else _UNKNOWN
        width = 4 if self.settings.lines else 1
        if outcome != "ok":
            fill = (_NUMBERED_FILLS if self.settings.lines else _FILLS).get(outcome)
            if fill is not None:
                for column in columns:
                    column[first * width : end * width] = fill * (end - first)
            return
        for start, stop in line_runs(offsets, first, end):
            for column, answer in zip(columns, self._run(urls, offsets, start, stop)):
                column[start * width : stop * width] = answer

    def _run(self, urls: ArrowLines, offsets: list[int], start: int, end: int) -> list[bytes]:
        """The answers (per agent; numbered with lines) to rows start..end, of an origin whose outcome is ok."""
        s = self.settings
        current = self.current
        body = current.body or b""
        data = bytes(urls.data[offsets[start] : offsets[end]])
        if not whole_lines(data, end - start):
            texts: list[str] = urls.texts()[start:end]  # type: ignore[assignment]
            with parse(body, s.mode, s.max_bytes) as robots:
                return one_by_one(robots, s.agents, s.purpose, texts, s.lines)
        runs = self.runs
        with runs.core.lock:
            if not current.table:
                current.table = runs.compile(body[: s.max_bytes], s.mode)
                # A _Compiled only when a purpose reads the file's statements.
                current.compiled = _Compiled(runs.core, current.table) if s.purpose is not None else None
            return runs.answer(current.table, current.compiled, data, end - start, s.lines)
