"""A file's first answer in few core calls: parse(), the first is_allowed()
or check() for an agent (its index built and the URL decided in one call,
select_check), and close() (the file freed with every index on it in one
call, dispose)."""

import robotsmatch
from robotsmatch import _layout as layout
from robotsmatch import crawler, parse
from robotsmatch._core import get_core
from robotsmatch._layout import Export

FILES = [
    "User-agent: *\nDisallow: /private\nAllow: /private/ok$\n\nUser-agent: GPTBot\nDisallow: /\n",
    "User-agent: bot\n" + "".join(f"Disallow: /p{i}/*.x\n" for i in range(12)) + "Allow: /\n",
    "User-agent: Googlebot\nUser-agent: GPTBot\nDisallow: /g\n\nUser-agent: *\nDisallow: /\n",
    "",
]
AGENTS = ["Googlebot", "GPTBot", "bot", ("bot", "other"), crawler("OAI-SearchBot"), crawler("GPTBot")]
URLS = [
    "https://a.example/",
    "https://a.example/private/x",
    "https://a.example/private/ok",
    "https://a.example/p3/a.x",
    "https://a.example/g?q",
    "/robots.txt",
    "no-scheme/path",
    "https://a.example/caf\u00e9/\ud800",  # a lone surrogate: encoded as U+FFFD, as Node does
]


def test_the_first_answer_per_agent_is_a_matchers_answer_in_both_modes():
    for mode in ("google", "rfc"):
        for body in FILES:
            for agent in AGENTS:
                for url in URLS:
                    with parse(body, mode) as robots:
                        expected = robots.for_agent(agent).check(url)
                        first = parse(body, mode)
                        assert first.check(url, agent) == expected, (mode, body, agent, url)
                        # The index the first answer built answers the next URLs.
                        assert [first.is_allowed(u, agent) for u in URLS] == [
                            robots.for_agent(agent).is_allowed(u) for u in URLS
                        ]
                        first.close()
                    with parse(body, mode) as fresh:
                        assert fresh.is_allowed(url, agent) is expected.allowed


def test_many_agents_on_one_file_answer_as_their_matchers():
    # Past the 16 agent sets a Robots keeps indexes for, the oldest index is freed and built again.
    with parse(FILES[0]) as robots:
        for round_ in range(3):
            for i in range(40):
                agent = "GPTBot" if i % 5 == 0 else "bot" + chr(97 + i // 26) + chr(97 + i % 26)
                url = f"https://a.example/private/{i}"
                assert robots.is_allowed(url, agent) is robots.for_agent(agent).is_allowed(url), (round_, i)


def test_a_file_and_every_index_on_it_are_freed_by_close_over_100_000_files():
    core = get_core()

    def cycle(start: int, stop: int) -> None:
        for i in range(start, stop):
            agent = "bot" + chr(97 + i % 13)
            robots = parse(f"User-agent: {agent}\n" + "Disallow: /a\n" * 10 + f"User-agent: *\nDisallow: /{i}\n")
            robots.is_allowed(f"/{i}/x", "Googlebot")
            robots.is_allowed("/a", agent)
            if i % 10 == 0:
                robots.for_agent("x").is_allowed("/a")
            robots.close()

    cycle(0, 1_000)
    size = core.view().nbytes
    cycle(1_000, 100_000)
    assert core.view().nbytes == size


def test_the_core_frees_indexes_with_their_file():
    # Straight on the core: indexes the caller never frees go with their file (dispose).
    core = get_core()
    fn = core.fn

    def cycle(start: int, stop: int) -> None:
        for i in range(start, stop):
            robots = fn[Export.compile](core.write(f"User-agent: *\nDisallow: /{i}\n".encode(), "body"), 0)
            fn[Export.select](robots, core.write(b"a", "agent"), 1, 0)
            fn[Export.select](robots, core.write(b"b\nc", "agent"), 2, layout.HOW_FULL)
            verdict = fn[Export.select_check](robots, core.write(b"d/x", "url") - 2, 1, 0, 2) & 0xFFFFFFFF
            assert core.u32(verdict + layout.V_ALLOWED) == 1
            assert core.u32(core.u32(verdict + layout.V_INDEX) + layout.A_ROBOTS) == robots
            fn[Export.dispose](robots)

    with core.lock:
        cycle(0, 1_000)
        size = core.view().nbytes
        cycle(1_000, 100_000)
        assert core.view().nbytes == size


def test_closed_files_and_matchers_stay_closed():
    robots = parse(FILES[0])
    matcher = robots.for_agent("GPTBot")
    assert robots.is_allowed("/x", "Googlebot") is True
    robots.close()
    matcher.close()  # its index went with the file: closing it frees nothing twice
    for call in (lambda: robots.is_allowed("/x", "Googlebot"), lambda: matcher.is_allowed("/x")):
        try:
            call()
        except robotsmatch.RobotsClosedError:
            continue
        raise AssertionError("a closed file answered")
