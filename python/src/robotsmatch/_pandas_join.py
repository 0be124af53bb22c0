"""robotsmatch.pandas.join_archive: a column of URLs over many hosts joined to
an Archive, with the columns Spark's join_robots adds, in input order.

The URLs are read a block at a time (``_BLOCK`` rows). Within a block the
rows are grouped by origin (a stable sort of their origin ids), the block's
URLs are joined once into one buffer of lines in that order, and each
origin's run of lines goes to the core in one match_lines call per agent
(robotsmatch._bulk), with matchers made for the run and closed after it.
The Archive's own cache, bounded by bytes, holds the parsed files, so memory
stays bounded whatever the number of hosts: one block of rows, its answers,
and the cache."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from . import archive as _archive
from ._arrow_lines import ArrowLines
from ._bulk import ALLOWED, DISALLOWED, NO_VERDICT
from .pandas import (
    AgentLike,
    agent_names,
    check_join_columns,
    deciding_lines,
    origins,
    to_pandas,
    to_url_array,
    verdict_columns,
)

#: URL rows read at a time.
_BLOCK = 1 << 16
_OUTCOMES = ("ok", "unavailable", "unreachable", "unknown")


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
    if purpose is not None:
        from .purpose import purpose_names

        purpose_names(purpose)
    frame = urls if isinstance(urls, pd.DataFrame) else None
    if frame is not None:
        check_join_columns(list(frame.columns), url_col, lines, purpose, "join_archive")
        column: object = frame[url_col]
    else:
        column = urls
    array = to_url_array(column)
    index = column.index if isinstance(column, (pd.Series, pd.DataFrame)) else pd.RangeIndex(len(array))
    join = _Join(archive, listed, names, purpose, lines)
    blocks = [join.block(array.slice(start, _BLOCK)) for start in range(0, len(array), _BLOCK)]
    table = pa.concat_tables(blocks) if blocks else join.block(array.slice(0, 0))
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
        self.agents = agents
        self.names = names
        self.purpose = purpose
        self.lines = lines

    def block(self, block: pa.Array) -> pa.Table:
        """The added columns for one block of URLs, in its order."""
        n = len(block)
        found = origins(block)
        encoded = pc.dictionary_encode(found)
        ids = encoded.indices.fill_null(-1).to_numpy(zero_copy_only=False)
        distinct = encoded.dictionary.to_pylist()
        # The rows of each origin together, in input order within it; rows with no origin (-1) first.
        order = np.argsort(ids, kind="stable")
        sorted_ids = ids[order]
        starts = np.flatnonzero(np.r_[True, sorted_ids[1:] != sorted_ids[:-1]]) if n else np.empty(0, np.int64)
        ends = np.r_[starts[1:], n]
        urls = ArrowLines(block.take(pa.array(order)))
        codes = np.full((n, len(self.agents)), NO_VERDICT, dtype=np.uint8)
        lines = np.zeros(n, dtype=np.int32) if self.lines else None
        outcomes = np.full(n, _OUTCOMES.index("unknown"), dtype=np.int8)
        for start, end in zip(starts.tolist(), ends.tolist()):
            origin_id = int(sorted_ids[start])
            if origin_id < 0:
                continue  # no http(s) origin: unknown, no verdict
            rows = order[start:end]
            entry = self.archive._entry(distinct[origin_id])
            outcome = entry.resolution.outcome
            outcomes[rows] = _OUTCOMES.index(outcome) if outcome in _OUTCOMES else _OUTCOMES.index("unknown")
            if entry.robots is not None:
                matchers = [entry.robots.for_agent(agent, self.purpose) for agent in self.agents]
                try:
                    run = urls.codes(start, end, matchers)
                    codes[rows] = run
                    if lines is not None:
                        lines[rows] = deciding_lines(urls.texts()[start:end], run, matchers)
                finally:
                    for matcher in matchers:
                        matcher.close()
            elif outcome == "unavailable":
                codes[rows] = ALLOWED  # no robots.txt: everything is allowed
            elif outcome == "unreachable":
                codes[rows] = DISALLOWED  # everything is disallowed
        missing = block.is_null().to_numpy(zero_copy_only=False)
        columns = verdict_columns(codes, self.names, self.purpose, lines, missing)
        added = {
            "origin": found.cast(pa.string()),
            "outcome": pa.DictionaryArray.from_arrays(pa.array(outcomes), pa.array(_OUTCOMES)).cast(pa.string()),
            **columns,
        }
        return pa.table(added)
