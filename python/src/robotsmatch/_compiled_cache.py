"""The compiled robots.txt files of the origins an Archive was asked about
lately, bounded by bytes as Node's are (src/archive/compiled-cache.ts, the
same default): the core memory of each compiled table and the agent indexes
built on it, the body it keeps, plus an estimate of the Python objects.
Eviction is CLOCK (second chance): a hit only marks its entry used, and the
oldest entry is let go unless marked since it was last passed over (then it
goes to the back), so a run over millions of origins holds a bounded number
of them, and an origin asked about again is compiled again (with the same
answers: compiling is deterministic). A file let go is closed (its core
memory freed)."""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from . import _layout as layout

if TYPE_CHECKING:
    from ._core import Core
    from .robots import Robots

#: Default bound: 64 MiB of compiled files, as Node's.
DEFAULT_CACHE_BYTES = 64 << 20
#: What an entry costs beyond the core's memory and its body: the dict slot, the entry, its key, the
#: resolution (an estimate; Python's objects are larger than Node's, whose estimate is 256).
_ENTRY_OVERHEAD = 512


class OriginEntry:
    """One origin: its resolution (archive.Resolution), its compiled file (outcome ok) and what it costs."""

    __slots__ = ("base", "bytes", "indexes", "resolution", "robots", "used")

    def __init__(self, resolution: Any, robots: Robots | None) -> None:
        self.resolution = resolution
        self.robots = robots
        #: What the entry costs without its file, and with it.
        self.base = 0
        self.bytes = 0
        #: Agent indexes the file had when last measured.
        self.indexes = 0
        #: Asked about since the clock last passed it.
        self.used = False


class CompiledCache:
    def __init__(self, limit: int = DEFAULT_CACHE_BYTES) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise ValueError(f"cache_bytes must be a whole number of bytes, got {limit!r}")
        self.limit = limit
        self._entries: OrderedDict[str, OriginEntry] = OrderedDict()
        self.bytes = 0
        #: Files compiled, and files let go to stay within the bound.
        self.compiles = 0
        self.evictions = 0

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: str) -> OriginEntry | None:
        """The entry of an origin, marked used; None when not held."""
        entry = self._entries.get(key)
        if entry is not None:
            entry.used = True
        return entry

    def set(self, key: str, entry: OriginEntry) -> None:
        """Holds a new entry, then lets the least recently used ones go while over the bound (never the new one)."""
        entry.base = entry.bytes = _ENTRY_OVERHEAD + 2 * len(key)
        entry.indexes = -1  # not measured yet
        if entry.robots is not None:
            self.compiles += 1
        self._entries[key] = entry
        self.bytes += entry.bytes
        self.measure(entry)

    def measure(self, entry: OriginEntry) -> None:
        """Counts what an entry's file costs now (its agent indexes are built as agents are asked
        about), then lets others go while over the bound."""
        robots = entry.robots
        if robots is not None and not robots.closed and entry.indexes != len(robots._compiled.cached):
            compiled = robots._compiled
            core = compiled.core
            with core.lock:
                cost = core.u32(compiled.robots + layout.R_SIZE)
                cost += sum(_index_bytes(core, index) for index in compiled.cached.values())
            cost += len(robots._source or b"")  # the body it keeps (crawl_delay() reads it)
            self.bytes += entry.base + cost - entry.bytes
            entry.bytes = entry.base + cost
            entry.indexes = len(compiled.cached)
        self._evict(entry)

    def _evict(self, keep: OriginEntry) -> None:
        entries = self._entries
        while self.bytes > self.limit and len(entries) > 1:
            key, old = entries.popitem(last=False)
            if old is keep:
                entries[key] = old  # never the new one: it is what the caller is about to use
                continue
            if old.used:
                old.used = False  # a second chance, at the back
                entries[key] = old
                continue
            self.bytes -= old.bytes
            if old.robots is not None:
                # Files let go (an origin with no file, a 404 or a 500, costs only its entry).
                old.robots.close()
                self.evictions += 1

    def clear(self) -> None:
        """Closes every compiled file."""
        for entry in self._entries.values():
            if entry.robots is not None:
                entry.robots.close()
        self._entries.clear()
        self.bytes = 0


def _index_bytes(core: Core, index: int) -> int:
    """Core memory of an agent index, with the full index built for it (Node's indexByteSize)."""
    full = core.u32(index + layout.A_FULL)
    own = core.u32(index + layout.A_EXTRAS) + core.u32(index + layout.A_EXTRA_COUNT) * layout.X_SIZE
    return own if full == 0 else own + _index_bytes(core, full)
