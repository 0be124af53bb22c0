"""One URL per call from Python: robotsmatch's is_allowed and check against
Protego's can_fetch, and the first answer per file (parse, one check, free),
in one process and one run, on two workloads: 1,000 hosts of
bench/hosts-corpus.mjs (files shaped after the top 10,000 sites, 100 URLs of
their own each: what crawlers and archives ask) and the large real files of
bench/corpus (hundreds of rules each).

    python bench/python/single_call.py [--write] [--google DIR]

With --google DIR (a checkout of github.com/google/robotstxt, and g++ and
Abseil's headers and libraries installed: Debian's libabsl-dev), the first
answer per file is also measured with Google's C++ parser in the same run
(bench/python/google_first_answer.cc, built here with -O2).

robotsmatch's one-URL calls go through the package's C module
(robotsmatch/_crossing.c) when the installed wheel has it; the same calls
through ctypes are measured in the same run, on files whose C route is
switched off. Those still take the C module's lock: a wheel built without the
module (ROBOTSMATCH_BUILD_CROSSING=0) takes threading's RLock, which costs
more (bench/python/call_instructions.py counts that route whole).

Figures are CPU time (time.process_time) per call, the median of 7 runs of
each measurement, the variants taking turns: the machine is shared, and CPU
time is the steadier figure there. The floor is one call of a core export
that does nothing: what any call pays to cross into wasmtime (through the
C module where the wheel has it).
"""

from __future__ import annotations

import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

import protego

import robotsmatch
from robotsmatch._core import get_core
from robotsmatch._layout import Export

REPO = Path(__file__).resolve().parents[2]
AGENT = "Googlebot"
UA = "Googlebot"
RUNS = 5


def cpu_per_call(fn, calls: int) -> list[float]:
    """CPU seconds per call of `fn` (which makes `calls` calls), one figure per run."""
    gc.collect()
    start = time.process_time()
    fn()
    return [(time.process_time() - start) / calls]


def median_of(measures: dict[str, tuple]) -> dict[str, float]:
    """Runs each (fn, calls) RUNS times, taking turns; the median per call of each, in ns."""
    runs: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(RUNS):
        for name, (fn, calls) in measures.items():
            runs[name] += cpu_per_call(fn, calls)
    return {name: statistics.median(times) * 1e9 for name, times in runs.items()}


def hosts_corpus(files: int) -> list[tuple[bytes, list[str]]]:
    script = (
        "import('./bench/hosts-corpus.mjs').then((m) => process.stdout.write(JSON.stringify("
        f"m.makeHostsCorpus({{ files: {files} }}).map((h) => [h.robotsTxt, h.urls]))))"
    )
    out = subprocess.run(["node", "-e", script], cwd=REPO, capture_output=True, text=True, check=True).stdout
    return [(body.encode(), urls) for body, urls in json.loads(out)]


def top_sites(urls_per_file: int) -> list[tuple[bytes, list[str]]]:
    urls = subprocess.run(
        [
            "node",
            str(REPO / "bench" / "corpus" / "make-urls.mjs"),
            str(urls_per_file),
            "example.com",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [(p.read_bytes(), urls) for p in sorted((REPO / "bench" / "corpus").glob("*.txt"))]


def measure(workload: list[tuple[bytes, list[str]]]) -> dict[str, float]:
    """ns per call of each variant on one workload (files and each file's URLs)."""
    floor_fn = get_core().fn[Export.verdicts]  # returns an address, does nothing else
    parsed = [
        (
            robotsmatch.parse(body),
            protego.Protego.parse(body.decode("utf-8", "ignore")),
            urls,
        )
        for body, urls in workload
    ]
    checks = sum(len(urls) for _, _, urls in parsed)
    # The same files again, their one-URL calls through ctypes (the C module's lock still taken: see above).
    by_ctypes = [(robotsmatch.parse(body), urls) for body, urls in workload]
    for robots, _ in by_ctypes:
        robots._compiled.crossing = None

    def floor() -> None:
        for _ in range(checks):
            floor_fn()

    def rm_is_allowed() -> None:
        for robots, _, urls in parsed:
            is_allowed = robots.is_allowed
            for url in urls:
                is_allowed(url, AGENT)

    def rm_check() -> None:
        for robots, _, urls in parsed:
            check = robots.check
            for url in urls:
                check(url, AGENT)

    def ctypes_is_allowed() -> None:
        for robots, urls in by_ctypes:
            is_allowed = robots.is_allowed
            for url in urls:
                is_allowed(url, AGENT)

    def ctypes_check() -> None:
        for robots, urls in by_ctypes:
            check = robots.check
            for url in urls:
                check(url, AGENT)

    def pg_can_fetch() -> None:
        for _, pg, urls in parsed:
            can = pg.can_fetch
            for url in urls:
                can(url, UA)

    rounds = max(1, 2_000 // len(workload))
    firsts = [(body, body.decode("utf-8", "ignore"), urls[0]) for body, urls in workload]

    def rm_first() -> None:
        for _ in range(rounds):
            for body, _, url in firsts:
                robots = robotsmatch.parse(body)
                robots.is_allowed(url, AGENT)
                robots.close()

    def pg_first() -> None:
        for _ in range(rounds):
            for _, text, url in firsts:
                protego.Protego.parse(text).can_fetch(url, UA)

    per_call = median_of(
        {
            "floor": (floor, checks),
            "is_allowed": (rm_is_allowed, checks),
            "check": (rm_check, checks),
            "ctypes_is_allowed": (ctypes_is_allowed, checks),
            "ctypes_check": (ctypes_check, checks),
            "protego": (pg_can_fetch, checks),
            "rm_first": (rm_first, rounds * len(workload)),
            "pg_first": (pg_first, rounds * len(workload)),
        }
    )
    for robots, _, _ in parsed:
        robots.close()
    for robots, _ in by_ctypes:
        robots.close()
    per_call["crossing"] = get_core().crossing is not None
    per_call["checks"] = checks
    return per_call


def google_harness(checkout: Path, build: Path) -> Path:
    """Google's parser and bench/python/google_first_answer.cc, built with -O2."""
    libs = subprocess.run(
        ["pkg-config", "--libs", "absl_strings"],
        capture_output=True,
        text=True,
        check=True,
    )
    binary = build / "google_first_answer"
    subprocess.run(
        [
            "g++",
            "-O2",
            "-std=c++17",
            f"-I{checkout}",
            "-o",
            str(binary),
            str(REPO / "bench" / "python" / "google_first_answer.cc"),
            str(checkout / "robots.cc"),
            *libs.stdout.split(),
        ],
        check=True,
    )
    return binary


def google_first(binary: Path, build: Path, workload: list[tuple[bytes, list[str]]], rounds: int) -> float:
    """ns of CPU time per first answer with Google's C++ (the median of RUNS runs in its process)."""
    data = build / "firsts.bin"
    with data.open("wb") as out:
        for body, urls in workload:
            out.write(b"%d\n" % len(body) + body + urls[0].encode() + b"\n")
    run = subprocess.run(
        [str(binary), str(data), str(rounds), str(RUNS)],
        capture_output=True,
        text=True,
        check=True,
    )
    return statistics.median(float(x) for x in run.stdout.split())


def table(title: str, per_call: dict[str, float]) -> list[str]:
    return [
        f"## {title}: {per_call['checks']:,.0f} checks per run",
        "",
        "| per call | ns | vs Protego |",
        "|---|---:|---:|",
        f"| the floor: one call of a core export that does nothing | {per_call['floor']:,.0f} | |",
        f"| robotsmatch `is_allowed(url, agent)` | {per_call['is_allowed']:,.0f} | "
        f"{per_call['protego'] / per_call['is_allowed']:.1f}x faster |",
        f"| robotsmatch `check(url, agent)` (with the deciding line and rule) | {per_call['check']:,.0f} | "
        f"{per_call['protego'] / per_call['check']:.1f}x faster |",
        f"| robotsmatch `is_allowed(url, agent)` through ctypes (the C module's lock kept) | "
        f"{per_call['ctypes_is_allowed']:,.0f} | {per_call['protego'] / per_call['ctypes_is_allowed']:.1f}x faster |",
        f"| robotsmatch `check(url, agent)` through ctypes (the C module's lock kept) | {per_call['ctypes_check']:,.0f} | "
        f"{per_call['protego'] / per_call['ctypes_check']:.1f}x faster |",
        f"| Protego `can_fetch(url, agent)` | {per_call['protego']:,.0f} | 1x |",
        "",
        "| first answer per file | µs | vs Protego |",
        "|---|---:|---:|",
        f"| robotsmatch `parse`, `is_allowed`, `close` | {per_call['rm_first'] / 1000:,.1f} | "
        f"{per_call['pg_first'] / per_call['rm_first']:.1f}x faster |",
        f"| Protego `parse`, `can_fetch` | {per_call['pg_first'] / 1000:,.1f} | 1x |",
        *(
            [
                f"| Google's C++ `OneAgentAllowedByRobots` (parses on every call) | "
                f"{per_call['google_first'] / 1000:,.1f} | {per_call['pg_first'] / per_call['google_first']:.1f}x faster |",
                "",
                f"robotsmatch's first answer takes {per_call['rm_first'] / per_call['google_first']:.2f}x the time "
                "of Google's C++ parser's.",
            ]
            if "google_first" in per_call
            else []
        ),
        "",
    ]


def main() -> None:
    hosts_files, large_files = hosts_corpus(1000), top_sites(2000)
    hosts, large = measure(hosts_files), measure(large_files)
    if "--google" in sys.argv:
        checkout = Path(sys.argv[sys.argv.index("--google") + 1]).resolve()
        with tempfile.TemporaryDirectory() as build:
            binary = google_harness(checkout, Path(build))
            for per_call, files in ((hosts, hosts_files), (large, large_files)):
                per_call["google_first"] = google_first(binary, Path(build), files, max(1, 2_000 // len(files)))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    out = [
        "# Python: one URL per call, and the first answer per file",
        "",
        "`python bench/python/single_call.py --write --google DIR` (after `npm run build` and the wheel installed,",
        "as `node scripts/test-python.mjs` does; DIR a checkout of github.com/google/robotstxt), one process",
        "(Google's C++ in a process it starts, after robotsmatch's and Protego's runs).",
        "",
        f"Python {platform.python_version()}, wasmtime {version('wasmtime')}, Protego {version('protego')}, "
        f"{platform.machine()}, {os.cpu_count()} cores, load average {load:.1f} at the end. "
        f"CPU time per call, median of {RUNS} runs, the variants taking turns; agent {AGENT}. "
        + (
            "robotsmatch's one-URL calls through its C module (the wheel was built with it)."
            if hosts["crossing"]
            else "The installed wheel has no C module: both robotsmatch rows go through ctypes."
        ),
        "",
        *table("1,000 hosts (bench/hosts-corpus.mjs), 100 URLs of their own each", hosts),
        *table("8 large real files (bench/corpus), 2,000 URLs each", large),
    ]
    text = "\n".join(out)
    print(text)
    if "--write" in sys.argv:
        (REPO / "bench" / "python" / "single-call-results.md").write_text(text, "utf-8")


if __name__ == "__main__":
    main()
