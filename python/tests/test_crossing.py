"""One URL's check through the package's C module (robotsmatch/_crossing.c)
and through ctypes alone: the same answers from both routes, every URL the C
route cannot take handed to the ctypes one, and a trap inside the C call
raised as the documented error."""

import os
import shutil
import subprocess
import sys
import sysconfig
import threading

import pytest
from conftest import REPO
from test_conformance import CORPUS_URLS, VECTORS, agent_of

import robotsmatch
from robotsmatch import CoreError, Verdict, parse
from robotsmatch._core import get_core

CORE = get_core()
needs_crossing = pytest.mark.skipif(CORE.crossing is None, reason="the installed wheel has no C module")

BODY = (
    b"User-agent: *\nDisallow: /private\nAllow: /private/ok$\nDisallow: /*.pdf$\nDisallow: /caf%C3%A9\n"
    b"Allow: /%2A\nDisallow: /search?\n\nUser-agent: GPTBot\nDisallow: /\n"
)
URLS = [
    "https://example.com/",
    "https://example.com/private/x",
    "https://example.com/private/ok",
    "https://example.com/private/ok?",
    "https://example.com/a/b.pdf",
    "https://example.com/a/b.pdf?x",
    "https://example.com/café/menu",  # non-ASCII: UTF-8, then percent-encoded by the core
    "https://example.com/caf%c3%a9",
    "https://example.com/\udcff/private",  # a lone surrogate: U+FFFD, as Node's TextEncoder writes it
    "https://example.com/search?q=1",
    "https://example.com/*",
    "",
    "not a url",
    b"https://example.com/private/y",
    bytearray(b"https://example.com/private/z"),
    memoryview(b"https://example.com/search?q=2"),
    "https://example.com/" + "a" * 70_000,  # longer than the input area the core has reserved so far
]


def by_ctypes(robots):
    """`robots` answering one URL at a time through ctypes, as a wheel without the C module does."""
    robots._compiled.crossing = None
    return robots


def answers(robots, agent):
    return [(robots.is_allowed(url, agent), tuple(robots.check(url, agent))) for url in URLS]


@needs_crossing
@pytest.mark.parametrize("agent", ["Googlebot", "GPTBot", ["GPTBot", "Googlebot"]])
def test_both_routes_give_every_url_the_same_answer(agent):
    with parse(BODY) as fast, by_ctypes(parse(BODY)) as slow:
        assert fast._compiled.crossing is not None
        # Twice: the first call of an agent set builds its index (one core call either way), the rest cross.
        assert answers(fast, agent) == answers(slow, agent)
        assert answers(fast, agent) == answers(slow, agent)
        # The answers above came from the C module, not from its fallback (ctypes, the same answers):
        compiled, key = fast._compiled, fast._tokens(agent).key
        for url in URLS[:8]:
            assert CORE.crossing.allowed(compiled.cached, key, url) is fast.is_allowed(url, agent)
            made = CORE.crossing.verdict(compiled.cached, key, url, compiled.rules)
            assert type(made) is Verdict and made == fast.check(url, agent)
            assert made.rule is None or made.rule.pattern in BODY.decode()


@needs_crossing
@pytest.mark.parametrize(
    "case", VECTORS["corpus"], ids=lambda c: f"{c['file'].split('/')[-1]}-{c['mode']}-{c['agent']}"
)
def test_the_corpus_vectors_through_the_ctypes_route_and_is_allowed(case):
    # test_conformance asserts check() (the C route once the index is built); here is_allowed on
    # both routes and check() on the ctypes one give the vectors' answers too.
    body = (REPO / case["file"]).read_bytes()
    agent = agent_of(case["agent"])
    with parse(body, mode=case["mode"]) as fast, by_ctypes(parse(body, mode=case["mode"])) as slow:
        for robots in (fast, slow):
            allowed = "".join("1" if robots.is_allowed(url, agent) else "0" for url in CORPUS_URLS)
            assert allowed == case["allowed"]
        assert [slow.check(url, agent).line for url in CORPUS_URLS] == case["lines"]


@needs_crossing
def test_a_url_longer_than_the_input_area_goes_through_python_once_then_crosses():
    crossing = CORE.crossing
    with parse(BODY) as robots:
        robots.is_allowed("https://example.com/", "Googlebot")
        index = robots._compiled.cached[robots._tokens("Googlebot").key]
        long_url = "https://example.com/private/" + "x" * (CORE._input_room + 1)
        with CORE.lock:
            assert crossing.check(index, long_url) is None  # the C module does not grow the input area
        assert robots.is_allowed(long_url, "Googlebot") is False  # Python reserves more room, then answers
        key = robots._tokens("Googlebot").key
        assert crossing.allowed(robots._compiled.cached, key, long_url) is False  # it was told of the new room


@needs_crossing
def test_urls_the_c_module_cannot_take_are_answered_by_python():
    with parse(BODY) as robots:
        robots.is_allowed("https://example.com/", "Googlebot")
        index = robots._compiled.cached[robots._tokens("Googlebot").key]
        with CORE.lock:
            assert CORE.crossing.check(index, "https://example.com/\udcff") is None
            assert CORE.crossing.check(index, bytearray(b"https://example.com/")) is None
            assert CORE.crossing.check(index, 42) is None
        with pytest.raises(TypeError, match="url must be a string"):
            robots.is_allowed(42, "Googlebot")  # type: ignore[arg-type]


@needs_crossing
def test_a_trap_inside_the_c_call_raises_core_error_and_the_core_goes_on():
    with parse(BODY) as robots:
        tokens = robots._tokens("Googlebot")
        robots.is_allowed("https://example.com/", "Googlebot")
        with CORE.lock:
            assert CORE.crossing.check(0xFFFFFFF0, "https://example.com/") is None  # an index past memory traps
        real = robots._compiled.cached[tokens.key]
        robots._compiled.cached[tokens.key] = 0xFFFFFFF0
        with pytest.raises(CoreError, match="stopped inside a call"):
            robots.is_allowed("https://example.com/private", "Googlebot")
        robots._compiled.cached[tokens.key] = real
        assert robots.is_allowed("https://example.com/private", "Googlebot") is False


@needs_crossing
def test_answers_hold_after_the_core_memory_grows():
    with parse(BODY) as robots:
        before = answers(robots, "Googlebot")
        length = len(CORE.view())
        big = b"User-agent: *\n" + b"".join(b"Disallow: /p%d/\n" % i for i in range(100_000))
        grown = []
        while len(CORE.view()) == length and len(grown) < 100:
            grown.append(parse(big))
        assert len(CORE.view()) > length
        # The memory grew through ctypes calls: the C module still answers (it asks wasmtime the new length).
        key = robots._tokens("Googlebot").key
        assert CORE.crossing.allowed(robots._compiled.cached, key, "https://example.com/private/x") is False
        assert answers(robots, "Googlebot") == before
        assert grown[-1].is_allowed("https://example.com/p9/x", "Googlebot") is False  # (the file is cut at 500 KiB)
        for robots_grown in grown:
            robots_grown.close()


@needs_crossing
def test_threads_crossing_at_once_get_their_own_answers():
    urls = [f"https://example.com/{'private' if i % 2 else 'public'}/{i}" for i in range(2_000)]
    with parse(BODY) as robots:
        expected = [robots.is_allowed(url, "Googlebot") for url in urls]
        results: list[list[bool]] = []

        def work() -> None:
            results.append([robots.is_allowed(url, "Googlebot") for url in urls])

        threads = [threading.Thread(target=work) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert results == [expected] * 4


def test_robotsmatch_crossing_ctypes_turns_the_c_module_off():
    script = "from robotsmatch._core import get_core; print(get_core().crossing is None)"
    env = {**os.environ, "ROBOTSMATCH_CROSSING": "ctypes"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


@pytest.mark.skipif(
    os.environ.get("ROBOTSMATCH_BUILD_CROSSING") == "0"
    or os.environ.get("ROBOTSMATCH_CROSSING") == "ctypes"
    or not shutil.which(str(sysconfig.get_config_var("CC") or "cc").split()[0]),
    reason="no C compiler here, or the C module is turned off: the wheel answers through ctypes",
)
def test_a_wheel_built_where_a_c_compiler_is_at_hand_has_the_c_module():
    # hatch_build.py builds without the module when compiling fails, with a warning only: this is where
    # a machine that should have it notices.
    assert CORE.crossing is not None, "robotsmatch._crossing was not built into the installed wheel"
    assert robotsmatch.parse(BODY).is_allowed("https://example.com/private", "*") is False
