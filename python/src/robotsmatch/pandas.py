"""Matching a pandas Series or an Arrow array of URLs against one robots.txt,
for one or several agents at once, in core calls of thousands of URLs.

The URLs of a block go to the core as one newline-separated buffer, joined by
Arrow (``binary_join``) and matched by ``AgentMatcher.match_lines``: no Python
object per URL on the way in, and the answers come back as one byte per URL,
read by numpy. Only the deciding line (``lines=True``) takes a core call per
URL, as ``check()`` is the one call that reports it.

    >>> import pandas as pd, robotsmatch
    >>> from robotsmatch.pandas import allowed, verdicts
    >>> robots = robotsmatch.parse("User-agent: *\\nDisallow: /private\\n")
    >>> urls = pd.Series(["https://example.com/", "https://example.com/private/a"])
    >>> allowed(urls, robots, "Googlebot").tolist()
    [True, False]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Union

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from ._bulk import ALLOWED, DISALLOWED, NO_VERDICT, OPTED_OUT, answer_one_by_one, codes_of_lines
from .crawlers import Crawler
from .robots import AgentMatcher, Robots

if TYPE_CHECKING:
    import os

    from .archive import Archive

__all__ = ["AgentLike", "allowed", "join_archive", "match_codes", "origins", "to_url_array", "verdicts"]

#: One agent: a product token (``"GPTBot"``) or a registry crawler (``robotsmatch.crawler("GPTBot")``).
AgentLike = Union[str, Crawler]

#: URLs per block: one joined buffer per block (int32 offsets, bounded memory).
_BLOCK = 1 << 16


def agent_names(agents: AgentLike | Sequence[AgentLike]) -> tuple[list[AgentLike], list[str]]:
    """The agents as a list and the name each has in results (the token, or the crawler's name)."""
    if isinstance(agents, (str, Crawler)):
        listed: list[AgentLike] = [agents]
    elif isinstance(agents, (list, tuple)):
        listed = list(agents)
    else:
        raise TypeError(f"agents must be a product token, a crawler or a list of them, got {type(agents).__name__}")
    if not listed:
        raise ValueError("agents must name at least one agent")
    names: list[str] = []
    for agent in listed:
        if isinstance(agent, str):
            names.append(agent)
        elif isinstance(agent, Crawler):
            names.append(agent.name)
        else:
            raise TypeError(f"each agent must be a product token or a crawler, got {type(agent).__name__}")
    if len(set(names)) != len(names):
        raise ValueError(f"agents must have distinct names, got {names}")
    return listed, names


#: The columns a join over many origins adds (spark.join_robots, join_archive): line with
#: lines=True, opted_out_by with a purpose.
JOIN_COLUMNS = ("origin", "outcome", "allowed", "line", "disallowed_by", "opted_out_by")


def check_join_columns(columns: Sequence[object], url_col: str, lines: bool, purpose: str | None, join: str) -> None:
    """A join's URL table must have `url_col` and none of the columns the join adds."""
    if url_col not in columns:
        raise ValueError(f"urls has no column {url_col!r} (columns: {', '.join(map(str, columns))})")
    added = [c for c in JOIN_COLUMNS if (c != "line" or lines) and (c != "opted_out_by" or purpose is not None)]
    clash = [c for c in added if c in columns]
    if clash:
        raise ValueError(f"urls already has the column(s) {', '.join(clash)}, which {join} adds: rename them first")


def to_url_array(urls: object) -> pa.Array:
    """The URLs as one Arrow string array (nulls kept): from a pandas Series
    (any string dtype, or objects that are str or missing), an Arrow array or
    chunked array, or a list."""
    if isinstance(urls, pa.ChunkedArray):
        urls = urls.combine_chunks() if urls.num_chunks != 1 else urls.chunk(0)
    if isinstance(urls, pa.Array):
        array = urls
    elif isinstance(urls, (pd.Series, pd.Index)):
        try:
            array = pa.array(urls, from_pandas=True)
        except (pa.ArrowInvalid, pa.ArrowTypeError):
            array = _strings_only(urls)
    elif isinstance(urls, (list, tuple, np.ndarray)):
        try:
            array = pa.array(urls, type=pa.string(), from_pandas=True)
        except (pa.ArrowInvalid, pa.ArrowTypeError):
            array = _strings_only(urls)
    else:
        raise TypeError(f"urls must be a pandas Series, an Arrow array or a list, got {type(urls).__name__}")
    if pa.types.is_dictionary(array.type):
        array = array.dictionary_decode()
    if pa.types.is_null(array.type):
        array = array.cast(pa.string())
    if not (pa.types.is_string(array.type) or pa.types.is_large_string(array.type)):
        raise TypeError(f"urls must be strings, got an Arrow array of {array.type}")
    return array


def _strings_only(urls: Iterable[object]) -> pa.Array:
    """A column of objects with a cell that is not a string (an int, bytes): that cell is missing,
    so it is answered <NA> on its own and the rest of the column is answered as usual."""
    return pa.array([url if isinstance(url, str) else None for url in urls], type=pa.string())


def _codes_block(block: pa.Array, matchers: Sequence[AgentMatcher]) -> np.ndarray:
    """Verdict bytes for one block of URLs: shape (len(block), len(matchers)), NO_VERDICT for null URLs."""
    n = len(block)
    if n == 0:
        return np.empty((0, len(matchers)), dtype=np.uint8)
    nulls = block.is_null()
    # A URL holding a line break would be read as two lines: those go through
    # match_many (a batch of strings), the others through match_lines.
    breaks = pc.fill_null(pc.match_substring_regex(block, r"[\r\n]"), False)
    has_breaks = pc.any(breaks).as_py()
    lines = pc.fill_null(block, "")
    if has_breaks:
        lines = pc.if_else(breaks, "", lines)
    joined = pc.binary_join(pa.ListArray.from_arrays(pa.array([0, n], pa.int32()), lines.cast(pa.binary())), b"\n")
    # The last URL gets its line break too: a final line break starts no line,
    # so n URLs are n lines even when the last one is empty.
    buffer = joined[0].as_buffer()
    data = (buffer.to_pybytes() if buffer is not None else b"") + b"\n"
    out = codes_of_lines(data, n, matchers)
    if has_breaks:
        odd = np.flatnonzero(breaks.to_numpy(zero_copy_only=False)).tolist()
        answer_one_by_one(out, odd, [block[i].as_py() for i in odd], matchers)
    if nulls.null_count == 0 and pc.any(nulls).as_py():
        out[nulls.to_numpy(zero_copy_only=False)] = NO_VERDICT
    return out


def _open_matchers(
    urls: object, robots: Robots, agents: AgentLike | Sequence[AgentLike], purpose: str | None
) -> tuple[pa.Array, list[Any], list[str]]:
    """The URLs as Arrow, one matcher per agent (the caller closes them) and
    the agents' names: the arguments every function here takes, checked once."""
    if not isinstance(robots, Robots):
        raise TypeError(f"robots must be a Robots from robotsmatch.parse(), got {type(robots).__name__}")
    listed, names = agent_names(agents)
    array = to_url_array(urls)
    return array, [robots.for_agent(agent, purpose) for agent in listed], names


def match_codes(
    urls: object, robots: Robots, agents: AgentLike | Sequence[AgentLike], purpose: str | None = None
) -> tuple[pa.Array, np.ndarray, list[str]]:
    """The URLs as Arrow, the verdict bytes (rows: URLs, columns: agents;
    0 disallowed, 1 allowed, 2 opted out of `purpose`, 255 null URL) and the
    agents' names. Every other function here is built on this one."""
    array, matchers, names = _open_matchers(urls, robots, agents, purpose)
    try:
        return array, codes_for(array, matchers), names
    finally:
        for matcher in matchers:
            matcher.close()


def codes_for(array: pa.Array, matchers: Sequence[AgentMatcher]) -> np.ndarray:
    """The verdict bytes of an Arrow string array for each matcher, a block of URLs per core call."""
    blocks = [_codes_block(array.slice(start, _BLOCK), matchers) for start in range(0, len(array), _BLOCK)]
    return np.concatenate(blocks) if blocks else np.empty((0, len(matchers)), dtype=np.uint8)


def _index_of(urls: object, n: int) -> pd.Index:
    return urls.index if isinstance(urls, pd.Series) else pd.RangeIndex(n)


def allowed(
    urls: object,
    robots: Robots,
    agents: AgentLike | Sequence[AgentLike],
    *,
    purpose: str | None = None,
) -> pd.Series | pd.DataFrame:
    """May each agent fetch each URL? One agent: a boolean Series; several: a
    DataFrame with a boolean column per agent. With a purpose, a URL the file
    opts out of it is False too (as ``filter --purpose`` leaves it out). A
    missing URL is <NA>. The index is the Series' own (else 0..n-1)."""
    array, codes, names = match_codes(urls, robots, agents, purpose)
    index = _index_of(urls, len(array))
    columns = {}
    for column, name in enumerate(names):
        values = pd.array(codes[:, column] == ALLOWED, dtype="boolean")
        values[codes[:, column] == NO_VERDICT] = pd.NA
        columns[name] = values
    if isinstance(agents, (str, Crawler)):
        series: pd.Series = pd.Series(columns[names[0]], index=index, name=names[0])
        return series
    table: pd.DataFrame = pd.DataFrame(columns, index=index)
    return table


def verdict_columns(
    codes: np.ndarray,
    names: Sequence[str],
    purpose: str | None,
    lines: np.ndarray | None,
    missing: np.ndarray | None = None,
) -> dict[str, pa.Array]:
    """The verdict columns as Arrow arrays, from the verdict bytes (rows:
    URLs, columns: agents): allowed, line (when `lines` are given),
    disallowed_by (and opted_out_by with a purpose). A row of NO_VERDICT
    bytes is null in each; `missing` marks the rows with no URL at all, the
    only ones whose line is null (an unknown origin's line is 0, no rule
    decided, as Node reports it)."""
    null = codes[:, 0] == NO_VERDICT
    refused = codes == DISALLOWED
    opted = codes == OPTED_OUT
    ok = ~refused.any(axis=1) & ~opted.any(axis=1)
    mask = null if null.any() else None
    columns: dict[str, pa.Array] = {"allowed": pa.array(ok, mask=mask)}
    if lines is not None:
        columns["line"] = pa.array(
            lines, type=pa.int32(), mask=missing if missing is not None and missing.any() else None
        )
    columns["disallowed_by"] = _name_lists(refused, names, mask)
    if purpose is not None:
        columns["opted_out_by"] = _name_lists(opted, names, mask)
    return columns


def _name_lists(hits: np.ndarray, names: Sequence[str], mask: np.ndarray | None) -> pa.Array:
    """Per row, the names whose column is set, built from offsets: no Python list per row."""
    counts = hits.sum(axis=1, dtype=np.int32)
    offsets = np.zeros(len(hits) + 1, dtype=np.int32)
    np.cumsum(counts, out=offsets[1:])
    _, columns = np.nonzero(hits)
    values = pa.array(list(names), pa.string()).take(pa.array(columns, pa.int32()))
    offset_array = pa.array(offsets, pa.int32())
    if mask is not None:
        offset_array = pa.array(offsets, pa.int32(), mask=np.append(mask, False))
    return pa.ListArray.from_arrays(offset_array, values)


def deciding_lines(urls: Sequence[str | None], codes: np.ndarray, matchers: Sequence[AgentMatcher]) -> np.ndarray:
    """The deciding line of each URL: for the first agent that may not fetch
    it (or is opted out), else for the first agent; 0 for a URL with no
    verdict. A core check per URL (AgentMatcher._lines_of): the batch calls answer without lines."""
    out = np.zeros(len(urls), dtype=np.int32)
    if not len(urls):
        return out
    blocked = codes != ALLOWED
    # The agent whose line is reported: the first blocked one, else the first.
    which = np.where(blocked.any(axis=1), blocked.argmax(axis=1), 0)
    which[codes[:, 0] == NO_VERDICT] = -1
    for column, matcher in enumerate(matchers):
        rows = np.flatnonzero(which == column)
        if len(rows):
            # Rows with no URL have no verdict (which == -1): every URL here is a string.
            out[rows] = matcher._lines_of([str(urls[i]) for i in rows.tolist()])
    return out


def verdicts(
    urls: object,
    robots: Robots,
    agents: AgentLike | Sequence[AgentLike],
    *,
    purpose: str | None = None,
    lines: bool = True,
) -> pd.DataFrame:
    """The verdicts of many URLs for several agents, a row per URL:

    - ``allowed``: every agent may fetch it (and, with a purpose, the file
      does not opt it out of that use for any of them);
    - ``line``: the line that decided, for the first agent that may not fetch
      it (or that it is opted out for), else for the first agent; 0 when no
      rule decided. ``lines=False`` leaves this column out: it is the one
      answer that takes a core call per URL;
    - ``disallowed_by``: the agents that may not fetch it;
    - ``opted_out_by`` (with a purpose): the agents that may fetch it but
      that the file opts it out of `purpose` for.

    A missing URL gives <NA> in every column. The index is the Series' own."""
    array, matchers, names = _open_matchers(urls, robots, agents, purpose)
    try:
        codes = codes_for(array, matchers)
        found = deciding_lines(array.to_pylist(), codes, matchers) if lines else None
        missing = array.is_null().to_numpy(zero_copy_only=False) if array.null_count else None
        columns = verdict_columns(codes, names, purpose, found, missing)
    finally:
        for matcher in matchers:
            matcher.close()
    return to_pandas(columns, _index_of(urls, len(array)))


def to_pandas(columns: dict[str, pa.Array], index: pd.Index) -> pd.DataFrame:
    """Arrow columns as a DataFrame: booleans and lines as nullable pandas
    dtypes, lists of names as Arrow-backed list columns."""
    frame = {}
    for name, column in columns.items():
        if pa.types.is_list(column.type):
            frame[name] = pd.arrays.ArrowExtensionArray(column)
        elif pa.types.is_boolean(column.type):
            frame[name] = (
                pd.array(column.to_pandas(), dtype="boolean")
                if column.null_count
                else pd.array(column.to_numpy(zero_copy_only=False), dtype="boolean")
            )
        elif pa.types.is_integer(column.type):
            frame[name] = pd.array(column.to_pandas(), dtype="Int32")
        else:
            frame[name] = column.to_numpy(zero_copy_only=False)  # by position, not by to_pandas()'s own index
    table: pd.DataFrame = pd.DataFrame(frame, index=index)
    return table


# The common shape of a URL, whose origin Arrow can cut out for every row at
# once: http or https, an ASCII host of letters, digits, dots and hyphens, no
# port and no user info. WHATWG (archive.origin_of, Node's new URL) writes
# such a host in lower case and changes nothing else, unless its last label
# starts with a digit (it may be an IPv4 address: 127.1, 0x7f.0.0.1), it has
# an xn-- label (punycode is checked) or an empty one: those rows, like any
# other URL, go through archive.origin_of itself. The same rules as Node's
# plainOrigin (src/archive/origin.ts).
_PLAIN_ORIGIN = r"^(?P<scheme>[Hh][Tt][Tt][Pp][Ss]?)://(?P<host>[A-Za-z0-9.-]+)(?:[/?#]|$)"
_REWRITTEN_HOST = r"(?:^|\.)[0-9][^.]*\.?$|xn--|^\.|\.\."


def origins(urls: object) -> pd.Series:
    """The origin of each URL (``https://host[:port]``), as robotsmatch.archive
    keys its captures (``archive.origin_of``): None for a missing URL or one
    with no http(s) origin. The index is the Series' own (else 0..n-1)."""
    array = origin_array(urls)
    series: pd.Series = pd.Series(
        array.to_numpy(zero_copy_only=False), index=_index_of(urls, len(array)), name="origin", dtype=object
    )
    return series


def origin_array(urls: object) -> pa.Array:
    """origins() as an Arrow string array, for the joins (internal)."""
    from .archive import origin_of

    array = to_url_array(urls)
    parts = pc.extract_regex(array, _PLAIN_ORIGIN)
    # Each distinct host is lower-cased and checked once (a URL table has far fewer hosts than rows).
    hosts = pc.dictionary_encode(pc.struct_field(parts, "host"))
    distinct = pc.utf8_lower(hosts.dictionary)
    # The scalars take the URLs' own type: string, or large_string (pandas 3's default string dtype), which Arrow does not mix.
    distinct = pc.if_else(pc.match_substring_regex(distinct, _REWRITTEN_HOST), pa.scalar(None, array.type), distinct)
    plain = pc.binary_join_element_wise(
        pc.utf8_lower(pc.struct_field(parts, "scheme")), pc.take(distinct, hosts.indices), pa.scalar("://", array.type)
    )
    others = np.flatnonzero(
        (pc.is_null(plain).to_numpy(zero_copy_only=False)) & (pc.is_valid(array).to_numpy(zero_copy_only=False))
    )
    if not len(others):
        return plain
    found = plain.to_pylist()
    for i in others.tolist():
        found[i] = origin_of(array[i].as_py())
    return pa.array(found, pa.string())


def join_archive(
    urls: object,
    archive: Archive | str | os.PathLike[str],
    agents: AgentLike | Sequence[AgentLike],
    purpose: str | None = None,
    *,
    url_col: str = "url",
    lines: bool = True,
) -> pd.DataFrame:
    """URLs over many hosts joined to an archive of robots.txt captures (a
    ``robotsmatch.archive.Archive``, or a path ``Archive.open`` reads: WARC,
    JSON Lines, a directory), with the columns Spark's ``join_robots`` adds:
    ``origin``, ``outcome`` (ok, unavailable, unreachable, unknown),
    ``allowed`` (<NA> when unknown), ``line`` (``lines=False`` leaves it
    out: it is the one per-URL core call), ``disallowed_by`` and, with a
    purpose, ``opted_out_by``. Rows stay in input order, with the index of
    `urls`.

    `urls`: a Series, Arrow array or list of URLs (the result holds the added
    columns), or a DataFrame with a ``url_col`` column (the result is the
    frame with the columns added). A missing URL, or a cell that is not a
    string, is answered <NA> on its own. Memory stays bounded: the URLs are
    matched in origin order a block at a time, each origin's file parsed for
    its run of URLs and freed after it (the archive's cache of parsed files
    is left as it was), agents that read the same groups in one core call."""
    from ._pandas_join import join_archive as join

    return join(urls, archive, agents, purpose, url_col=url_col, lines=lines)
