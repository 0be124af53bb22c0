"""The one core instance of this process and the moves of bytes in and out of
its memory. Everything that touches the WebAssembly module goes through here.

Calls go through wasmtime's unchecked call (raw i32 values): its checked
``Func.__call__`` costs about 50 us per call, the unchecked one about 3 us,
and a robots.txt check is one or two calls. Where a wasmtime release lacks
the unchecked entry point, the checked call is used instead (slower, same
answers). One URL's check, the hot path of crawlers, goes through the
package's small C module (_crossing.c) where the wheel was built with it:
the same unchecked call, made from C (see _bind_crossing).
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from importlib import resources
from typing import Any, Callable

import wasmtime

from . import _layout as layout
from ._layout import Export

#: 32-bit words in one of wasmtime's raw values (a union as wide as a v128).
SLOT_WORDS = 4

#: Raw values per call: the most arguments an export takes (select_check's five).
SLOTS = 5

#: The most input the core takes in one call (as in Node: 256 MiB).
MAX_INPUT_BYTES = 256 << 20


def encode_text(text: str) -> bytes:
    """UTF-8 as JavaScript's TextEncoder writes it: a lone surrogate becomes U+FFFD."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace").encode("utf-8")


def _wasm_bytes() -> bytes:
    override = os.environ.get("ROBOTSMATCH_WASM")
    if override:
        with open(override, "rb") as f:
            return f.read()
    data = resources.files("robotsmatch").joinpath("_data").joinpath("robotsmatch.wasm")
    try:
        return data.read_bytes()
    except FileNotFoundError:
        raise RuntimeError(
            "robotsmatch.wasm is missing from the package: build the wheel with "
            "`npm run build` then `pip install ./python` (or run python/hatch_build.py)"
        ) from None


class _RawCall:
    """wasmtime's unchecked call on a reused array of raw values.

    Called through a function pointer of our own with no argument types and
    arguments made once (their addresses): wasmtime's binding converts each
    argument and wraps the result in a new pointer object on every call,
    which cost as much as the call itself."""

    def __init__(self, core: Core, store: wasmtime.Store, func: wasmtime.Func) -> None:
        from wasmtime import _bindings as ffi  # private: checked for in Core

        self._core = core
        self._raw = (ffi.wasmtime_val_raw * SLOTS)()
        assert ctypes.sizeof(ffi.wasmtime_val_raw) == SLOT_WORDS * 4
        #: Where the call writes a trap (a pointer; 0 while none).
        self._trap = ctypes.c_void_p()
        call = ffi.dll["wasmtime_func_call_unchecked"]  # type: ignore[attr-defined]  # a pointer of our own
        call.restype = ctypes.c_void_p  # the error, an address or None
        call.argtypes = None  # type: ignore[assignment]  # none: the arguments below go as they are
        self._call = call
        # The store's own context pointer and byref()s, not c_void_p values: ctypes passes those as
        # they are, where a c_void_p costs a look-up of its format on every call (a ninth of a call).
        self._args = (
            store._context(),
            ctypes.byref(func._func),
            ctypes.byref(self._raw),
            ctypes.c_size_t(SLOTS),
            ctypes.byref(self._trap),
        )
        self._store = store
        self._checked = func
        # The slots as unsigned 32-bit words (slot i's i32 is word i * SLOT_WORDS) and the trap pointer as one
        # word: item assignment on a memoryview costs a fraction of a ctypes field's, and the per-URL
        # path (_Compiled.decide_url) writes and reads them directly.
        self.words = memoryview(self._raw).cast("B").cast("I")
        self._signed = self.words.cast("B").cast("i")  # results read as the i32 the export returns
        self.trapped = memoryview(self._trap).cast("B").cast("Q")
        #: The C module's call, once bound (see through()), and the function's address it takes.
        self._fast: Any = None
        self._address = 0

    def through(self, crossing: Any) -> None:
        """Calls from now on through the C module (bound to this core), not ctypes."""
        self._fast = crossing.call
        self._address = ctypes.addressof(self._checked._func)

    def __call__(self, *args: int) -> int:
        fast = self._fast
        if fast is not None:
            result = fast(self._address, *args)
            self._core.stale = True  # the call may have grown memory
            return self._again(args) if result is None else result
        words = self.words
        for i in range(len(args)):
            words[i * SLOT_WORDS] = args[i] & 0xFFFFFFFF
        error = self._call(*self._args)
        self._core.stale = True  # the call may have grown memory
        if error or self.trapped[0]:
            return self._again(args)
        return self._signed[0]

    def call2(self, first: int, second: int) -> int:
        """__call__ for the two-argument exports, without the loop."""
        if self._fast is not None:
            return self(first, second)
        words = self.words
        words[0] = first
        words[SLOT_WORDS] = second
        error = self._call(*self._args)
        self._core.stale = True
        if error or self.trapped[0]:
            return self._again((first, second))
        return self._signed[0]

    def _again(self, args: tuple[int, ...]) -> int:
        # Run it again through the checked call: it raises wasmtime's own error, with its message.
        self._trap.value = None
        try:
            result = self._checked(self._store, *args)
        except (wasmtime.Trap, wasmtime.WasmtimeError) as trap:
            raise CoreError.of(trap) from trap
        return int(result or 0)


class CoreError(MemoryError):
    """The core could not do what was asked: every trap inside the WebAssembly
    core (its memory cannot grow that far, most often) is raised as this, never
    as wasmtime's own exception types."""

    @classmethod
    def of(cls, trap: Exception) -> CoreError:
        first = str(trap).strip().splitlines()
        return cls(
            "the robots.txt core stopped inside a call (most often: its WebAssembly memory, at most 4 GiB, "
            "is full; close() parsed files you no longer need): " + (first[0] if first else type(trap).__name__)
        )


class Core:
    """The loaded module: its exports and its memory."""

    def __init__(self) -> None:
        config = wasmtime.Config()
        # One thread: a module compiled on a thread pool cannot be compiled
        # again in a forked child (the pool's threads are not there).
        config.parallel_compilation = False
        # Memory that never moves (it grows in place, in the space wasmtime
        # reserves for it): a view of it stays valid for every address below
        # its length, so the hot path checks a length, not the memory's
        # address, after a call (view_to). With a wasmtime that has no such
        # setting, every read after a call asks for the address again.
        # A setter-only property: look for it on the class (hasattr() on the
        # object reads it, and setting an unknown name would only add one).
        self._moves = not hasattr(type(config), "memory_may_move")
        #: Whether _words reads the memory's little-endian words as they are (WebAssembly's order).
        self.words_ok = sys.byteorder == "little"
        if not self._moves:
            config.memory_may_move = False
        engine = wasmtime.Engine(config)
        self.store = wasmtime.Store(engine)
        module = wasmtime.Module(engine, _wasm_bytes())
        instance = wasmtime.Instance(self.store, module, [])
        exports = instance.exports(self.store)
        memory = exports["memory"]
        assert isinstance(memory, wasmtime.Memory)
        self.memory = memory
        crossing = _crossing_module()
        #: Held by every call into the core: the C module's reentrant lock where it is there (it takes
        #: it itself on is_allowed's path), else threading's.
        self.lock: Any = crossing.CoreLock() if crossing is not None else threading.RLock()
        self.fn: dict[str, Callable[..., int]] = {}
        try:
            from wasmtime import _bindings as ffi

            self._data: Any = ffi._wasmtime_memory_data
            self._size: Any = ffi._wasmtime_memory_data_size
            fast = hasattr(ffi, "_wasmtime_func_call_unchecked") and hasattr(ffi, "wasmtime_val_raw")
        except ImportError:  # pragma: no cover - a wasmtime without these internals
            fast = False
            self._data = None
            self._size = None
        self._memory_ref = ctypes.byref(memory._memory)
        for name in Export.__dict__.values():
            if not isinstance(name, str) or len(name) != 1:
                continue
            func = exports[name]
            assert isinstance(func, wasmtime.Func)
            self.fn[name] = _RawCall(self, self.store, func) if fast else self._checked(func)
        check = self.fn[Export.check]
        #: check's two-argument call, and its _RawCall when the fast route is there (else None).
        self.check2: Callable[[int, int], int] = getattr(check, "call2", check)
        self.check_raw: _RawCall | None = check if isinstance(check, _RawCall) else None
        self._input_at = 0
        self._input_room = 0
        self._base = 0
        self._length = 0
        self._view: memoryview | None = None
        #: The same memory as little-endian u32 words (word i is bytes 4i to 4i + 3), made with _view.
        self._words: memoryview | None = None
        #: True after a call into the core: memory may have grown since the view was made.
        self.stale = True
        #: What the garbage collector dropped unclosed: freed at the next parse() (see drain), never
        #: from inside a collection, which may run in the middle of another call's moves.
        self.garbage: list[object] = []
        self._context = self.store._context()
        #: The C module making one URL's check call (None without it: the ctypes route above).
        self.crossing: Any = None  # (set after _context, which it reads)
        if crossing is not None and self.check_raw is not None and not self._moves and self.words_ok:
            self.crossing = _bind_crossing(crossing, self, self.check_raw._checked)

    def drain(self) -> None:
        """Frees what was collected without close(). The caller holds the lock."""
        garbage = self.garbage
        while garbage:
            item = garbage.pop()
            if isinstance(item, tuple):
                compiled, index = item
                if not compiled.closed:
                    compiled.release_index(index)
            elif hasattr(item, "free"):
                item.free()

    def _checked(self, func: wasmtime.Func) -> Callable[..., int]:
        store = self.store

        def call(*args: int) -> int:
            try:
                result = func(store, *args)
            except (wasmtime.Trap, wasmtime.WasmtimeError) as trap:
                self.stale = True
                raise CoreError.of(trap) from trap
            self.stale = True
            return int(result or 0)

        return call

    # ---- memory ----------------------------------------------------------

    def view(self) -> memoryview:
        """The core's memory as bytes, renewed when it has grown (only a call into the core grows it)."""
        if not self.stale and self._view is not None:
            return self._view
        self.stale = False
        if self._data is not None:
            length = self._size(self._context, self._memory_ref)
            if length == self._length and self._view is not None:
                return self._view  # a memory that did not grow has not moved
            base = ctypes.addressof(self._data(self._context, self._memory_ref).contents)
        else:  # pragma: no cover
            base = ctypes.addressof(self.memory.data_ptr(self.store).contents)
            length = self.memory.data_len(self.store)
        if base != self._base or length != self._length or self._view is None:
            self._base = base
            self._length = length
            self._view = memoryview((ctypes.c_ubyte * length).from_address(base)).cast("B")
            # Native order: the fast paths read it only on little-endian hosts (see Core.words_ok).
            self._words = self._view.cast("I")
        return self._view

    def view_to(self, end: int) -> memoryview:
        """The core's memory as bytes, covering at least [0, end): the view
        in hand while memory has not grown past it (memory never moves)."""
        view = self._view
        if view is None or end > self._length or self._moves:
            self.stale = True
            return self.view()
        return view

    def u32(self, at: int) -> int:
        return int.from_bytes(self.view_to(at + 4)[at : at + 4], "little")

    def read(self, at: int, length: int) -> bytes:
        return bytes(self.view_to(at + length)[at : at + length])

    def text(self, at: int, length: int) -> str:
        return self.read(at, length).decode("utf-8", "replace")

    def reserve(self, size: int, name: str) -> int:
        """Room for `size` bytes of input; a ValueError naming `name` when it is more than the core takes."""
        if size > self._input_room:
            if size > MAX_INPUT_BYTES:
                raise ValueError(f"{name} is too large: the core takes at most 256 MiB, not {size} bytes")
            try:
                self._input_at = self.fn[Export.input](size) & 0xFFFFFFFF
            except CoreError:
                raise ValueError(f"{name} is too large: the core's memory cannot grow to {size} bytes") from None
            self._input_room = size
            if self.crossing is not None:
                self.crossing.set_input(self._input_at, size)
        return self._input_at

    def write(self, data: bytes, name: str) -> int:
        """Writes bytes as the core's input; returns their length."""
        size = len(data)
        at = self.reserve(size if size > 256 else 256, name)
        self.view_to(at + size)[at : at + size] = data
        return size

    def u32_after_each(self, name: str, first: int, inputs: list[bytes], offset: int) -> list[int]:
        """For each input in turn: written as the core's input, the export
        `name` called with (first, its length), and the u32 at the address it
        returns plus `offset` read back (a URL's deciding line costs this and
        no Verdict). The caller holds the lock."""
        func, write, u32 = self.fn[name], self.write, self.u32
        return [u32((func(first, write(data, "url")) & 0xFFFFFFFF) + offset) for data in inputs]


def _crossing_module() -> Any:
    """The package's C module (_crossing.c), or None where the wheel was
    built without it (no C compiler: python/hatch_build.py) or
    ROBOTSMATCH_CROSSING=ctypes asks for the ctypes route."""
    if os.environ.get("ROBOTSMATCH_CROSSING") == "ctypes":
        return None
    try:
        from . import _crossing
    except ImportError:
        return None
    return _crossing


def _bind_crossing(crossing: Any, core: Core, check: wasmtime.Func) -> Any:
    """The C module bound to this core: the addresses of wasmtime's C
    functions and of the store, function and memory objects wasmtime-py
    holds (the module links against nothing itself), the core and its lock."""
    from wasmtime import _bindings as ffi

    def address(name: str) -> int:
        return ctypes.cast(ffi.dll[name], ctypes.c_void_p).value or 0  # type: ignore[attr-defined]

    crossing.bind(
        address("wasmtime_func_call_unchecked"),
        address("wasmtime_memory_data"),
        address("wasmtime_memory_data_size"),
        address("wasmtime_error_delete"),
        address("wasm_trap_delete"),
        ctypes.cast(core._context, ctypes.c_void_p).value,
        ctypes.addressof(check._func),
        ctypes.addressof(core.memory._memory),
        layout.V_ALLOWED,
        layout.V_LINE,
        layout.V_RULE,
        core,
        core.lock,
    )
    for call in core.fn.values():
        if isinstance(call, _RawCall):
            call.through(crossing)
    return crossing


_core: Core | None = None
_load_lock = threading.Lock()


def get_core() -> Core:
    """The core of this process, loaded on first use. A forked child (multiprocessing,
    Spark's Python workers) goes on with its copy of the parent's, as the files the
    parent parsed live in it; a fork waits for a core call under way in another
    thread to end (see _before_fork)."""
    global _core
    core = _core
    if core is not None:
        return core
    with _load_lock:
        if _core is None:
            _core = Core()
        return _core


def _before_fork() -> None:
    # No thread is inside a core call when the process forks: the child's copy of the core's memory
    # and of its lock is then one no thread is changing (a lock held by a thread the child does not have
    # would be held forever). The forking thread waits for the call under way to end.
    _load_lock.acquire()
    if _core is not None:
        _core.lock.acquire()


def _after_fork() -> None:
    if _core is not None:
        _core.lock.release()
    _load_lock.release()


if hasattr(os, "register_at_fork"):  # not on Windows, which has no fork
    os.register_at_fork(before=_before_fork, after_in_parent=_after_fork, after_in_child=_after_fork)
