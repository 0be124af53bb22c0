"""A column of URLs as the matchers read it, for the joins over many origins
(robotsmatch.spark's join_robots, robotsmatch.pandas's join_archive): the
rows of one origin sit together, and each run of them goes to the core as
one buffer of lines (robotsmatch._bulk), cut from an Arrow array of the URLs
with a LF after each: no Python object per URL, and Python strings only when
asked (the deciding lines, a run with a URL holding a line break)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ._bulk import codes_of_lines, codes_of_strings
from .robots import AgentMatcher


class ArrowLines:
    def __init__(self, column: pa.Array) -> None:
        self.column = column
        # The separator and the empty string typed as the column (string, or large_string: pandas 3's
        # default string dtype, Spark's spark.sql.execution.arrow.useLargeVarTypes).
        lined = pc.binary_join_element_wise(column, pa.scalar("", column.type), pa.scalar("\n", column.type))
        wide = pa.types.is_large_string(lined.type) or pa.types.is_large_binary(lined.type)
        self.offsets = np.frombuffer(lined.buffers()[1], dtype=np.int64 if wide else np.int32)[
            lined.offset : lined.offset + len(lined) + 1
        ]
        values = lined.buffers()[2]
        self.data = memoryview(values) if values is not None else memoryview(b"")
        self._texts: list[str | None] | None = None

    def texts(self) -> list[str | None]:
        if self._texts is None:
            self._texts = self.column.to_pylist()
        return self._texts

    def codes(self, first: int, end: int, matchers: Sequence[AgentMatcher]) -> np.ndarray:
        """The verdict bytes of rows first..end (URLs, none missing) for each matcher."""
        data = bytes(self.data[int(self.offsets[first]) : int(self.offsets[end])])
        if data.count(b"\n") != end - first or b"\r" in data:
            # A URL holds a line break (it would read as two lines): codes_of_strings sends it alone.
            return codes_of_strings(self.texts()[first:end], matchers)  # type: ignore[arg-type]
        return codes_of_lines(data, end - first, matchers)
