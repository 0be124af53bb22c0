/* One URL into the core and its verdict out, in one C call from Python.
 *
 * A check from Python is a few hundred instructions of matching inside the
 * core and, through ctypes, several thousand around it: libffi's call
 * (converting each argument, releasing the GIL), the Python steps that take
 * the core's lock, write the URL into the core's memory and read the verdict
 * back. This module does those steps in C: it takes the lock, looks up the
 * agent's index, writes the URL's UTF-8 into the core's input area, calls the
 * core's check export through wasmtime's unchecked call and reads the
 * verdict's "allowed" word. It never matches anything itself: every verdict
 * is the core's.
 *
 * It is optional. The package builds it where a C compiler is at hand
 * (python/hatch_build.py) and answers the same without it, through ctypes
 * (robotsmatch/_core.py). Every address it uses comes from wasmtime-py's own
 * objects through robotsmatch/_core.py; it links against nothing but Python.
 *
 * The calls answer None whenever the URL must take the Python path instead:
 * it is not str or bytes, it holds a lone surrogate (written as U+FFFD
 * there), it is longer than the input area (Python reserves more), the agent
 * has no index yet, another thread holds the core's lock (Python waits for
 * it), or the call trapped (Python runs it again through wasmtime's checked
 * call, which raises the trap's message as the documented error).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#if PY_VERSION_HEX < 0x030A0000 /* Py_NewRef came with Python 3.10 */
static inline PyObject *Py_NewRef(PyObject *object) {
  Py_INCREF(object);
  return object;
}
#endif

#define SLOTS 5 /* raw values per call: the most arguments a core export takes */

/* wasmtime's raw value: a union as wide as a v128 (16 bytes). */
typedef union {
  int32_t i32;
  uint8_t bytes[16];
} raw_value;

typedef void *(*call_unchecked_fn)(void *context, const void *func, raw_value *values, size_t count,
                                   void **trap);
typedef uint8_t *(*memory_data_fn)(const void *context, const void *memory);
typedef size_t (*memory_size_fn)(const void *context, const void *memory);
typedef void (*delete_fn)(void *);

/* ---- the core's lock ------------------------------------------------------
 * A reentrant lock, as threading.RLock, whose uncontended take costs a few
 * instructions from C: every call into the core holds it, and with
 * threading.RLock its `with` cost about a third of a one-URL check. The GIL
 * makes its fields safe to read (this module does not declare itself free of
 * the GIL). Waiting for it releases the GIL. */
typedef struct {
  PyObject_HEAD
  PyThread_type_lock lock;
  unsigned long owner;
  unsigned long count; /* 0: free */
} CoreLock;

/* Takes the lock if it is free or this thread's: 1, else 0 (never waits). */
static int lock_take(CoreLock *self) {
  unsigned long me = PyThread_get_thread_ident();
  if (self->count > 0 && self->owner == me) {
    self->count++;
    return 1;
  }
  if (!PyThread_acquire_lock(self->lock, NOWAIT_LOCK)) return 0;
  self->owner = me;
  self->count = 1;
  return 1;
}

static void lock_wait(CoreLock *self) {
  if (lock_take(self)) return;
  Py_BEGIN_ALLOW_THREADS
  PyThread_acquire_lock(self->lock, WAIT_LOCK);
  Py_END_ALLOW_THREADS
  self->owner = PyThread_get_thread_ident();
  self->count = 1;
}

static int lock_give(CoreLock *self) {
  if (self->count == 0 || self->owner != PyThread_get_thread_ident()) {
    PyErr_SetString(PyExc_RuntimeError, "cannot release un-acquired lock");
    return -1;
  }
  if (--self->count == 0) {
    self->owner = 0;
    PyThread_release_lock(self->lock);
  }
  return 0;
}

static PyObject *lock_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
  (void)args;
  (void)kwargs;
  CoreLock *self = (CoreLock *)type->tp_alloc(type, 0);
  if (self == NULL) return NULL;
  self->lock = PyThread_allocate_lock();
  if (self->lock == NULL) {
    Py_DECREF(self);
    return PyErr_NoMemory();
  }
  return (PyObject *)self;
}

static void lock_dealloc(CoreLock *self) {
  if (self->lock != NULL) {
    if (self->count > 0) PyThread_release_lock(self->lock);
    PyThread_free_lock(self->lock);
  }
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *lock_acquire(CoreLock *self, PyObject *const *args, Py_ssize_t nargs) {
  int blocking = 1;
  if (nargs > 1) {
    PyErr_SetString(PyExc_TypeError, "acquire() takes at most one argument (blocking)");
    return NULL;
  }
  if (nargs == 1 && (blocking = PyObject_IsTrue(args[0])) < 0) return NULL;
  if (!blocking) return PyBool_FromLong(lock_take(self));
  lock_wait(self);
  Py_RETURN_TRUE;
}

static PyObject *lock_enter(CoreLock *self, PyObject *unused) {
  (void)unused;
  lock_wait(self);
  Py_INCREF(self);
  return (PyObject *)self;
}

static PyObject *lock_release(CoreLock *self, PyObject *unused) {
  (void)unused;
  if (lock_give(self) < 0) return NULL;
  Py_RETURN_NONE;
}

static PyObject *lock_exit(CoreLock *self, PyObject *const *args, Py_ssize_t nargs) {
  (void)args;
  (void)nargs;
  if (lock_give(self) < 0) return NULL;
  Py_RETURN_NONE;
}

static PyMethodDef lock_methods[] = {
    {"acquire", (PyCFunction)(void (*)(void))lock_acquire, METH_FASTCALL, "Takes the lock (waits unless blocking is false)."},
    {"release", (PyCFunction)lock_release, METH_NOARGS, "Gives the lock back."},
    {"__enter__", (PyCFunction)lock_enter, METH_NOARGS, NULL},
    {"__exit__", (PyCFunction)(void (*)(void))lock_exit, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreLockType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "robotsmatch._crossing.CoreLock",
    .tp_basicsize = sizeof(CoreLock),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The core's reentrant lock.",
    .tp_new = lock_new,
    .tp_dealloc = (destructor)lock_dealloc,
    .tp_methods = lock_methods,
};

/* ---- the core -------------------------------------------------------------- */

/* The one core of the process (robotsmatch/_core.py loads one). */
static struct {
  call_unchecked_fn call;
  memory_data_fn data;
  memory_size_fn size;
  delete_fn delete_error;
  delete_fn delete_trap;
  void *context;
  const void *check;   /* the check export, a wasmtime_func_t */
  const void *memory;  /* a wasmtime_memory_t */
  uint8_t *base;       /* memory never moves: robotsmatch/_core.py binds only then */
  size_t length;       /* the memory's length when last asked */
  uint32_t input_at;   /* the core's input area */
  uint32_t input_room;
  uint32_t allowed_at; /* the offsets in a verdict record of its allowed, line and rule words */
  uint32_t line_at;
  uint32_t rule_at;
  PyObject *owner;     /* the Python Core: told (its `stale`) when a call grew the memory */
  CoreLock *lock;
  PyTypeObject *verdict_type; /* robotsmatch's Verdict, a tuple of (allowed, line, rule) */
} core;

static raw_value values[SLOTS];

static void *address(PyObject *number) { return PyLong_AsVoidPtr(number); }

static PyObject *bind(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  (void)self;
  if (nargs != 13 || !PyObject_TypeCheck(args[12], &CoreLockType)) {
    PyErr_SetString(PyExc_TypeError, "bind() takes 8 addresses, 3 offsets, the Core and its CoreLock");
    return NULL;
  }
  core.call = (call_unchecked_fn)address(args[0]);
  core.data = (memory_data_fn)address(args[1]);
  core.size = (memory_size_fn)address(args[2]);
  core.delete_error = (delete_fn)address(args[3]);
  core.delete_trap = (delete_fn)address(args[4]);
  core.context = address(args[5]);
  core.check = address(args[6]);
  core.memory = address(args[7]);
  core.allowed_at = (uint32_t)PyLong_AsUnsignedLong(args[8]);
  core.line_at = (uint32_t)PyLong_AsUnsignedLong(args[9]);
  core.rule_at = (uint32_t)PyLong_AsUnsignedLong(args[10]);
  if (PyErr_Occurred()) return NULL;
  core.base = core.data(core.context, core.memory);
  core.length = core.size(core.context, core.memory);
  core.input_at = 0;
  core.input_room = 0;
  Py_XSETREF(core.owner, Py_NewRef(args[11]));
  Py_XSETREF(core.lock, (CoreLock *)Py_NewRef(args[12]));
  Py_RETURN_NONE;
}

/* Where the core's input area is (after robotsmatch/_core.py reserves more room). */
static PyObject *set_input(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  (void)self;
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "set_input() takes the input's address and room");
    return NULL;
  }
  unsigned long at = PyLong_AsUnsignedLong(args[0]);
  unsigned long room = PyLong_AsUnsignedLong(args[1]);
  if (PyErr_Occurred()) return NULL;
  core.input_at = (uint32_t)at;
  core.input_room = (uint32_t)room;
  Py_RETURN_NONE;
}

/* The memory's length now; a change (the call grew it) is told to the Python Core. */
static void reread_length(void) {
  size_t now = core.size(core.context, core.memory);
  if (now != core.length) {
    core.length = now;
    if (PyObject_SetAttrString(core.owner, "stale", Py_True) < 0) PyErr_Clear();
  }
}

/* The verdict's address for (index, url), or -1: the Python path answers. The caller holds the lock. */
static long long decide(PyObject *index_object, PyObject *url) {
  if (core.owner == NULL || !PyLong_CheckExact(index_object)) return -1;
  unsigned long index = PyLong_AsUnsignedLong(index_object);
  if (index == (unsigned long)-1 && PyErr_Occurred()) {
    PyErr_Clear();
    return -1;
  }
  const char *text;
  Py_ssize_t size;
  if (PyUnicode_CheckExact(url)) {
    text = PyUnicode_AsUTF8AndSize(url, &size);
    if (text == NULL) { /* a lone surrogate */
      PyErr_Clear();
      return -1;
    }
  } else if (PyBytes_CheckExact(url)) {
    text = PyBytes_AS_STRING(url);
    size = PyBytes_GET_SIZE(url);
  } else {
    return -1;
  }
  if ((size_t)size > core.input_room) return -1;
  if ((size_t)core.input_at + (size_t)size > core.length) {
    reread_length(); /* calls through ctypes may have grown the memory since this module's last call */
    if ((size_t)core.input_at + (size_t)size > core.length) return -1;
  }
  memcpy(core.base + core.input_at, text, (size_t)size);
  values[0].i32 = (int32_t)index;
  values[1].i32 = (int32_t)size;
  void *trap = NULL;
  void *error = core.call(core.context, core.check, values, SLOTS, &trap);
  reread_length();
  if (error != NULL || trap != NULL) {
    if (error != NULL) core.delete_error(error);
    if (trap != NULL) core.delete_trap(trap);
    return -1;
  }
  return (long long)(uint32_t)values[0].i32;
}

/* call(func, *args): any core export called with i32 arguments (func: the
 * address of its wasmtime_func_t), its i32 result, or None when it trapped.
 * What robotsmatch/_core.py's _RawCall makes through ctypes, at a fraction of
 * the cost. The caller holds the core's lock. */
static PyObject *call(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  (void)self;
  if (nargs < 1 || nargs > SLOTS + 1 || core.owner == NULL) {
    PyErr_SetString(PyExc_TypeError, "call() takes a function's address and at most five arguments");
    return NULL;
  }
  const void *func = PyLong_AsVoidPtr(args[0]);
  if (func == NULL) {
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "call() needs a function's address");
    return NULL;
  }
  for (Py_ssize_t i = 1; i < nargs; i++) {
    long long value = PyLong_AsLongLong(args[i]); /* the low 32 bits, as WebAssembly's i32 */
    if (value == -1 && PyErr_Occurred()) {
      PyErr_Clear();
      value = (long long)PyLong_AsUnsignedLongLongMask(args[i]);
      if (PyErr_Occurred()) return NULL;
    }
    values[i - 1].i32 = (int32_t)(uint32_t)value;
  }
  void *trap = NULL;
  void *error = core.call(core.context, func, values, SLOTS, &trap);
  reread_length();
  if (error != NULL || trap != NULL) {
    if (error != NULL) core.delete_error(error);
    if (trap != NULL) core.delete_trap(trap);
    Py_RETURN_NONE;
  }
  return PyLong_FromLong(values[0].i32);
}

/* check(index, url): the verdict's address, or None. The caller holds the core's lock. */
static PyObject *check(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  (void)self;
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "check() takes an index and a URL");
    return NULL;
  }
  long long verdict = decide(args[0], args[1]);
  if (verdict < 0) Py_RETURN_NONE;
  return PyLong_FromLongLong(verdict);
}

/* The verdict's address for the agent whose index is indexes[key] and url,
 * or -1. Takes the core's lock (released by the caller, on 1 in *locked), so
 * that the index looked up cannot be freed by another thread before the call. */
static long long decide_for(PyObject *const *args, int *locked) {
  *locked = 0;
  if (core.lock == NULL || !lock_take(core.lock)) return -1;
  *locked = 1;
  PyObject *index = PyDict_GetItemWithError(args[0], args[1]); /* borrowed */
  if (index == NULL) {
    PyErr_Clear();
    return -1;
  }
  return decide(index, args[2]);
}

/* The u32 at `at` in the core's memory, or -1 when it is not a word of it. */
static long long word_at(size_t at) {
  if ((at & 3) != 0 || at + 4 > core.length) return -1;
  uint32_t word; /* WebAssembly's order, little-endian: robotsmatch/_core.py binds only on such hosts */
  memcpy(&word, core.base + at, 4);
  return word;
}

/* allowed(indexes, key, url): whether the agent whose index is indexes[key] may fetch url, or None. */
static PyObject *allowed(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  (void)self;
  if (nargs != 3 || !PyDict_CheckExact(args[0])) {
    PyErr_SetString(PyExc_TypeError, "allowed() takes a dict of indexes, a key and a URL");
    return NULL;
  }
  int locked;
  long long verdict = decide_for(args, &locked);
  long long word = verdict < 0 ? -1 : word_at((size_t)verdict + core.allowed_at);
  if (locked) lock_give(core.lock);
  if (word < 0) Py_RETURN_NONE;
  return Py_NewRef(word != 0 ? Py_True : Py_False);
}

/* verdict(indexes, key, url, rules): check()'s Verdict for the agent whose
 * index is indexes[key], its rule taken from rules (a dict by the rule's
 * number, filled by robotsmatch/_compiled.py), or None: also when the rule is
 * not in rules yet. */
static PyObject *verdict(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  (void)self;
  if (nargs != 4 || !PyDict_CheckExact(args[0]) || !PyDict_CheckExact(args[3])) {
    PyErr_SetString(PyExc_TypeError, "verdict() takes a dict of indexes, a key, a URL and a dict of rules");
    return NULL;
  }
  if (core.verdict_type == NULL) Py_RETURN_NONE;
  int locked;
  long long at = decide_for(args, &locked);
  long long allowed = at < 0 ? -1 : word_at((size_t)at + core.allowed_at);
  long long line = at < 0 ? -1 : word_at((size_t)at + core.line_at);
  long long number = at < 0 ? -1 : word_at((size_t)at + core.rule_at);
  if (locked) lock_give(core.lock);
  if (allowed < 0 || line < 0 || number < 0) Py_RETURN_NONE;
  PyObject *rule = Py_None;
  if (number < 0x80000000LL) { /* the rule's number; a negative i32: no rule decided */
    PyObject *key = PyLong_FromLongLong(number);
    if (key == NULL) return NULL;
    rule = PyDict_GetItemWithError(args[3], key); /* borrowed */
    Py_DECREF(key);
    if (rule == NULL) {
      if (PyErr_Occurred()) return NULL;
      Py_RETURN_NONE; /* Python reads the rule from the core and keeps it */
    }
  }
  PyObject *line_object = PyLong_FromLongLong(line);
  if (line_object == NULL) return NULL;
  PyObject *made = core.verdict_type->tp_alloc(core.verdict_type, 3);
  if (made == NULL) {
    Py_DECREF(line_object);
    return NULL;
  }
  PyTuple_SET_ITEM(made, 0, Py_NewRef(allowed != 0 ? Py_True : Py_False));
  PyTuple_SET_ITEM(made, 1, line_object);
  PyTuple_SET_ITEM(made, 2, Py_NewRef(rule));
  return made;
}

/* The Verdict type verdict() makes (robotsmatch/_compiled.py defines it: it cannot be imported from here). */
static PyObject *set_verdict_type(PyObject *self, PyObject *type) {
  (void)self;
  if (!PyType_Check(type) || !PyType_IsSubtype((PyTypeObject *)type, &PyTuple_Type)) {
    PyErr_SetString(PyExc_TypeError, "set_verdict_type() takes a tuple type");
    return NULL;
  }
  Py_XSETREF(core.verdict_type, (PyTypeObject *)Py_NewRef(type));
  Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"bind", (PyCFunction)(void (*)(void))bind, METH_FASTCALL, "Binds the core's call, memory, check export and lock."},
    {"set_input", (PyCFunction)(void (*)(void))set_input, METH_FASTCALL, "Where the core's input area is."},
    {"call", (PyCFunction)(void (*)(void))call, METH_FASTCALL, "call(func, *args): an export's i32 result, or None."},
    {"check", (PyCFunction)(void (*)(void))check, METH_FASTCALL, "check(index, url): the verdict's address, or None."},
    {"allowed", (PyCFunction)(void (*)(void))allowed, METH_FASTCALL, "allowed(indexes, key, url): True, False or None."},
    {"verdict", (PyCFunction)(void (*)(void))verdict, METH_FASTCALL, "verdict(indexes, key, url, rules): a Verdict or None."},
    {"set_verdict_type", set_verdict_type, METH_O, "The Verdict type verdict() makes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, .m_name = "_crossing", .m_size = -1, .m_methods = methods,
};

PyMODINIT_FUNC PyInit__crossing(void) {
  if (PyType_Ready(&CoreLockType) < 0) return NULL;
  PyObject *created = PyModule_Create(&module);
  if (created == NULL) return NULL;
  Py_INCREF(&CoreLockType);
  if (PyModule_AddObject(created, "CoreLock", (PyObject *)&CoreLockType) < 0) {
    Py_DECREF(&CoreLockType);
    Py_DECREF(created);
    return NULL;
  }
  return created;
}
