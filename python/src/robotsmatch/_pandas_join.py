"""robotsmatch.pandas.join_archive: a column of URLs over many hosts joined to
an Archive, with the columns Spark's join_robots adds, in input order.

Each URL's origin is found for the whole column at once (Arrow), and the
rows are put in origin order (a stable sort of their origin ids, so an
origin's rows keep their input order). The sorted rows are then read a
block at a time (``_BLOCK`` rows): the block's URLs are joined into one
buffer of lines in that order, and each origin's run of lines goes to the
core as robotsmatch._origin_run matches it (agents that read the same
groups share one index and one call). An origin with no file to read
(unavailable, unreachable, unknown) costs no core call: its rows are
filled at the end, by origin, with numpy. Each origin's file is parsed once,
when its first rows come, kept while its rows go on (into the next block
too), and freed after them (a join reads each file once, so it neither fills
nor empties the Archive's cache of parsed files; a file that cache already
holds is read from it), so memory stays bounded whatever the number of
hosts: the column's origin ids and answers, one block of URLs, one file."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from . import archive as _archive
from ._agent import agent_tokens
from ._arrow_lines import ArrowLines
from ._bulk import ALLOWED, DISALLOWED, NO_VERDICT
from ._compiled import _Compiled
from ._core import get_core
from ._origin_run import NUMBERED_NONE, RunMatcher, line_runs, one_by_one, split_numbered, whole_lines
from .pandas import (
    AgentLike,
    agent_names,
    check_join_columns,
    origin_array,
    to_pandas,
    to_url_array,
    verdict_columns,
)
from .robots import Robots, parse

#: URL rows read at a time.
_BLOCK = 1 << 16
# "invalid": a row with no usable URL (null, a cell that is not a string, no http(s) origin), as the CLI answers it.
_OUTCOMES = ("ok", "unavailable", "unreachable", "unknown", "invalid")
_UNKNOWN = _OUTCOMES.index("unknown")
_INVALID = _OUTCOMES.index("invalid")
#: What every URL of an origin with no file to read gets: allowed with no robots.txt, disallowed when unreachable.
_FILLS = {"unavailable": ALLOWED, "unreachable": DISALLOWED}
_NO_VERDICTS = bytes([NO_VERDICT])


def join_archive(
    urls: object,
    archive: _archive.Archive | str | os.PathLike[str],
    agents: AgentLike | Sequence[AgentLike],
    purpose: str | None = None,
    *,
    url_col: str = "url",
    lines: bool = True,
) -> pd.DataFrame:
    if isinstance(archive, (str, os.PathLike)):
        archive = _archive.Archive.open(archive)
    if not isinstance(archive, _archive.Archive):
        raise TypeError(
            f"archive must be a robotsmatch.archive.Archive or the path of an archive, got {type(archive).__name__}"
        )
    listed, names = agent_names(agents)
    frame = urls if isinstance(urls, pd.DataFrame) else None
    if frame is not None:
        check_join_columns(list(frame.columns), url_col, lines, purpose, "join_archive")
        if "reason" in frame.columns:
            raise ValueError("urls already has the column(s) reason, which join_archive adds: rename them first")
        column: object = frame[url_col]
    else:
        column = urls
    array = to_url_array(column)
    index = column.index if isinstance(column, (pd.Series, pd.DataFrame)) else pd.RangeIndex(len(array))
    table = _Join(archive, listed, names, purpose, lines).columns(array)
    answers = to_pandas({name: table.column(name).combine_chunks() for name in table.column_names}, index)
    if frame is None:
        return answers
    # The frame's own columns, then the added ones, row for row (an index with repeated labels too).
    joined: pd.DataFrame = frame.copy(deep=False)
    for name in answers.columns:
        joined[name] = answers[name].array
    return joined


class _Join:
    def __init__(
        self, archive: _archive.Archive, agents: list[Any], names: list[str], purpose: str | None, lines: bool
    ) -> None:
        self.archive = archive
        self.mode, self.max_bytes = archive.mode, archive.max_bytes
        self._setup(agents, names, purpose, lines)

    def _setup(self, agents: list[Any], names: list[str], purpose: str | None, lines: bool) -> None:
        """What every join reads: the agents, their names, the purpose and the core's run matcher."""
        self.agents = agents
        self.names = names
        self.purpose = purpose
        self.lines = lines
        names_of_purpose = None
        if purpose is not None:
            from .purpose import purpose_names

            names_of_purpose = purpose_names(purpose)
        self.runs = RunMatcher(get_core(), [agent_tokens(agent) for agent in agents], names_of_purpose)
        #: The origin whose file is parsed now (its id), its compiled table, and its _Compiled with a purpose.
        self._held: tuple[int, int, _Compiled | None] | None = None

    def columns(self, array: pa.Array) -> pa.Table:
        """The added columns for a column of URLs, in its order."""
        n = len(array)
        found = origin_array(array)
        encoded = pc.dictionary_encode(found)
        ids = encoded.indices.fill_null(-1).to_numpy(zero_copy_only=False)
        distinct = encoded.dictionary.to_pylist()
        # Per distinct origin (and a last slot for rows with none): its outcome, and the verdict every
        # row of it gets when it has no file to read (_FILLS).
        outcome_of = np.full(len(distinct) + 1, _UNKNOWN, dtype=np.int8)
        self.reason_of: list[str | None] = [None] * (len(distinct) + 1)
        fill_of = np.full(len(distinct) + 1, NO_VERDICT, dtype=np.uint8)
        codes = np.full((n, len(self.agents)), NO_VERDICT, dtype=np.uint8)
        lines = np.zeros(n, dtype=np.int32) if self.lines else None
        # The rows of each origin together, in input order within it; rows with no origin (-1) first, left out.
        order = np.argsort(ids, kind="stable")
        first = int(np.searchsorted(ids[order], 0))
        try:
            for start in range(first, n, _BLOCK):
                rows = order[start : start + _BLOCK]
                self._block(array, rows, ids[rows], distinct, outcome_of, fill_of, codes, lines)
        finally:
            self._let_go()
        filled = fill_of[ids]
        unread = filled != NO_VERDICT
        codes[unread] = filled[unread, None]
        missing = array.is_null().to_numpy(zero_copy_only=False)
        # No usable URL: none (null), or one with no http(s) origin (id -1), as the CLI answers both.
        outcomes = np.where(missing | (ids < 0), _INVALID, outcome_of[ids])
        added = {
            "origin": found.cast(pa.string()),
            "outcome": pa.DictionaryArray.from_arrays(pa.array(outcomes), pa.array(_OUTCOMES)).cast(pa.string()),
            # Why an unreachable origin is (Node's "reason"), null for any other outcome.
            "reason": pa.DictionaryArray.from_arrays(
                pa.array(np.where(ids < 0, len(distinct), ids)), pa.array(self.reason_of, pa.string())
            ).cast(pa.string()),
            **verdict_columns(codes, self.names, self.purpose, lines, missing),
        }
        return pa.table(added)

    def _block(
        self,
        array: pa.Array,
        rows: np.ndarray,
        ids: np.ndarray,
        distinct: list[str],
        outcome_of: np.ndarray,
        fill_of: np.ndarray,
        codes: np.ndarray,
        lines: np.ndarray | None,
    ) -> None:
        """Answers a block of rows sorted by origin: a run per origin (an
        origin's rows may go on in the next block, as a run of their own).
        The answers of the runs go into a bytes column per agent, in the
        block's order, and into `codes` once for the whole block."""
        starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
        ends = np.r_[starts[1:], len(ids)]
        urls: ArrowLines | None = None
        offsets: list[int] = []
        # Numbered answers (a u32 per URL: the verdict and its deciding line) when lines are asked.
        width = 4 if self.lines else 1
        columns = [bytearray((NUMBERED_NONE if self.lines else _NO_VERDICTS) * len(ids)) for _ in self.agents]
        for start, end, origin_id in zip(starts.tolist(), ends.tolist(), ids[starts].tolist()):
            resolution, robots = self._origin(distinct[origin_id])
            outcome = resolution.outcome
            outcome_of[origin_id] = _OUTCOMES.index(outcome) if outcome in _OUTCOMES else _UNKNOWN
            if outcome != "ok":
                fill_of[origin_id] = _FILLS.get(outcome, NO_VERDICT)
                self.reason_of[origin_id] = resolution.reason
                continue
            if urls is None:
                urls = ArrowLines(array.take(pa.array(rows)))
                offsets = urls.offsets.tolist()
            for run_start, stop in line_runs(offsets, start, end):
                answers = self._run(origin_id, resolution, robots, urls, offsets, run_start, stop)
                for column, answer in zip(columns, answers):
                    column[run_start * width : stop * width] = answer
        if urls is None:
            return
        if lines is not None:
            codes[rows], lines[rows] = split_numbered(columns, len(ids))
        else:
            codes[rows] = np.frombuffer(b"".join(columns), dtype=np.uint8).reshape(len(columns), len(ids)).T

    def _origin(self, origin: str) -> tuple[_archive.Resolution, Robots | None]:
        """The origin's outcome, and its parsed file when the archive's cache holds it (else None: the
        run parses it for itself: a join reads each file once, so it does not fill the cache)."""
        robots_url = _archive.robots_url(origin)
        entry = self.archive._cache.get(robots_url)
        if entry is not None and (entry.robots is None or not entry.robots.closed):
            return entry.resolution, entry.robots
        return _archive.resolve_origin(robots_url, self.archive.capture), None

    def _run(
        self,
        origin_id: int,
        resolution: _archive.Resolution,
        robots: Robots | None,
        urls: ArrowLines,
        offsets: list[int],
        start: int,
        end: int,
    ) -> list[bytes]:
        """The answers (per agent, numbered with lines) to rows start..end of the block, all of one
        origin whose outcome is ok."""
        data = bytes(urls.data[offsets[start] : offsets[end]])
        body = resolution.capture.body if resolution.capture is not None else None
        body = body if isinstance(body, bytes) else b""
        if not whole_lines(data, end - start):
            texts: list[str] = urls.texts()[start:end]  # type: ignore[assignment]
            if robots is not None:
                return one_by_one(robots, self.agents, self.purpose, texts, self.lines)
            with parse(body, mode=self.mode, max_bytes=self.max_bytes) as parsed:
                return one_by_one(parsed, self.agents, self.purpose, texts, self.lines)
        runs = self.runs
        with runs.core.lock:
            if robots is not None:
                compiled: _Compiled | None = robots._compiled
                return runs.answer(robots._compiled.live(), compiled, data, end - start, self.lines)
            # Parsed for this origin's rows alone, and kept while they go on (in the next run of
            # lines, or the next block: the rows are in origin order), then let go.
            if self._held is None or self._held[0] != origin_id:
                self._let_go()
                table = runs.compile(body, self.mode)
                # A _Compiled only when a purpose reads its statements.
                self._held = (origin_id, table, _Compiled(runs.core, table) if self.purpose is not None else None)
            _, table, compiled = self._held
            return runs.answer(table, compiled, data, end - start, self.lines)

    def _let_go(self) -> None:
        """Frees the file held for the origin answered last, if any."""
        held, self._held = self._held, None
        if held is None:
            return
        _, table, compiled = held
        if compiled is not None:
            compiled.free()
        else:
            with self.runs.core.lock:
                self.runs.free(table)
