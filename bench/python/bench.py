"""robotsmatch (Python, wasmtime) against Protego and urllib.robotparser on the
benchmark corpus, in one process:

  1. the wasmtime call overhead (one call of a trivial export);
  2. a single check: one URL, one agent, on a parsed file (each library's own
     single-URL call);
  3. a batch of URLs for one agent (robotsmatch: for_agent().match_many and
     match_lines; the others: their single call in a loop);
  4. the many-host join: URLs of many hosts, interleaved, each host's file
     parsed once (robotsmatch: URLs grouped by origin, one match_many per
     host; Protego: a per-domain LRU of parsed files and can_fetch per URL).

Run (after `npm run build` and `pip install './python[test]'`):
    python bench/python/bench.py
"""

from __future__ import annotations

import collections
import functools
import gc
import os
import platform
import subprocess
import sys
import time
import urllib.robotparser
from urllib.parse import urlsplit

import protego
import wasmtime

import robotsmatch
from robotsmatch._core import get_core

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(REPO, "bench", "corpus")
AGENT = "Googlebot"
UA = "Googlebot/2.1"


def best(fn, repeat=5, number=1):
    """Best wall time of `repeat` runs of `number` calls, in seconds per call."""
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return min(times)


def urls_for(count, host):
    out = subprocess.run(
        ["node", os.path.join(CORPUS, "make-urls.mjs"), str(count), host], capture_output=True, text=True, check=True
    ).stdout
    return [u for u in out.split("\n") if u]


def corpus():
    files = sorted(f for f in os.listdir(CORPUS) if f.endswith(".txt"))
    return [(f, open(os.path.join(CORPUS, f), "rb").read()) for f in files]


def urllib_parser(body: bytes):
    rp = urllib.robotparser.RobotFileParser()
    rp.parse(body.decode("utf-8", "ignore").splitlines())
    return rp


def main():
    rows = []
    say = lambda line="": (print(line), rows.append(line))  # noqa: E731
    from importlib.metadata import version

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    say(
        f"Python {platform.python_version()}, wasmtime {version('wasmtime')}, Protego {version('protego')}, {platform.machine()}, {os.cpu_count()} cores, load average {load:.1f} at the start"
    )
    say()

    # 1. the call overhead
    core = get_core()
    trivial = core.fn["j"]  # verdicts(): returns an address, does nothing else
    n = 200_000
    raw = best(lambda: [trivial() for _ in range(n)], repeat=3) / n
    with open(os.path.join(REPO, "build", "robotsmatch.wasm"), "rb") as wasm:
        module = wasmtime.Module(core.store.engine, wasm.read())
    exports = wasmtime.Instance(core.store, module, []).exports(core.store)
    checked_fn = exports["j"]
    store = core.store
    checked = best(lambda: [checked_fn(store) for _ in range(20_000)], repeat=3) / 20_000
    say("## wasmtime call overhead (one call of an export that does nothing)")
    say()
    say("| call | per call |")
    say("|---|---:|")
    say(f"| robotsmatch's route (wasmtime's unchecked call, raw i32 values) | {raw * 1e6:.2f} µs |")
    say(f"| wasmtime's checked `Func.__call__` | {checked * 1e6:.2f} µs |")
    say()

    files = corpus()
    urls = urls_for(100_000, "example.com")
    lines = ("\n".join(urls) + "\n").encode()

    # 2. single check and 3. batch, per file
    say(f"## one agent ({AGENT}), {len(urls):,} URLs per file: single check, and the batch")
    say()
    say(
        "| file | robotsmatch check | Protego can_fetch | urllib can_fetch | robotsmatch match_many | match_lines | batch vs Protego |"
    )
    say("|---|---:|---:|---:|---:|---:|---:|")
    totals = collections.Counter()
    single_urls = urls[:20_000]
    for name, body in files:
        robots = robotsmatch.parse(body)
        pg = protego.Protego.parse(body.decode("utf-8", "ignore"))
        rp = urllib_parser(body)
        is_allowed = robots.is_allowed
        t_rm = best(lambda f=is_allowed: [f(u, AGENT) for u in single_urls], repeat=3) / len(single_urls)
        can = pg.can_fetch
        t_pg = best(lambda f=can: [f(u, UA) for u in single_urls], repeat=3) / len(single_urls)
        few = single_urls[:2_000]
        t_ul = best(lambda p=rp, few=few: [p.can_fetch(UA, u) for u in few], repeat=3) / len(few)
        matcher = robots.for_agent(AGENT)
        t_many = best(lambda m=matcher: m.match_many(urls), repeat=3) / len(urls)
        t_lines = best(lambda m=matcher: m.match_lines(lines), repeat=3) / len(urls)
        t_pg_batch = t_pg  # Protego has no batch call: its batch is the loop
        totals.update(rm=t_rm, pg=t_pg, ul=t_ul, many=t_many, lines=t_lines)
        say(
            f"| {name} | {t_rm * 1e6:.2f} µs | {t_pg * 1e6:.2f} µs | {t_ul * 1e6:.2f} µs | {t_many * 1e9:.0f} ns | {t_lines * 1e9:.0f} ns | {t_pg_batch / t_many:.0f}x |"
        )
        robots.close()
    k = len(files)
    say(
        f"| **mean** | {totals['rm'] / k * 1e6:.2f} µs | {totals['pg'] / k * 1e6:.2f} µs | {totals['ul'] / k * 1e6:.2f} µs | {totals['many'] / k * 1e9:.0f} ns | {totals['lines'] / k * 1e9:.0f} ns | {totals['pg'] / totals['many']:.0f}x |"
    )
    say()

    # 4. the many-host join
    hosts = 400
    per_host = 100
    host_urls = []
    for h in range(hosts):
        path_urls = urls[(h * per_host) % len(urls) :][:per_host]
        host_urls.append([u.replace("https://example.com", f"https://host{h}.example", 1) for u in path_urls])
    stream = [host_urls[h][i] for i in range(per_host) for h in range(hosts)]  # interleaved, as a crawl log is
    bodies = {f"host{h}.example": files[h % len(files)][1] for h in range(hosts)}

    def join_robotsmatch():
        by_host = collections.defaultdict(list)
        for i, url in enumerate(stream):
            by_host[urlsplit(url).hostname].append(i)
        out = bytearray(len(stream))
        for host, idx in by_host.items():
            with robotsmatch.parse(bodies[host]) as robots:
                verdicts = robots.for_agent(AGENT).match_many([stream[i] for i in idx])
            for i, v in zip(idx, verdicts):
                out[i] = v
        return out

    def join_protego():
        @functools.lru_cache(maxsize=1024)
        def parser(host):
            return protego.Protego.parse(bodies[host].decode("utf-8", "ignore"))

        return bytearray(1 if parser(urlsplit(u).hostname).can_fetch(u, UA) else 0 for u in stream)

    t_join_rm = best(join_robotsmatch, repeat=3)
    t_join_pg = best(join_protego, repeat=2)
    a, b = join_robotsmatch(), join_protego()
    differ = sum(1 for x, y in zip(a, b) if x != y)
    say(
        f"## the many-host join: {hosts} hosts (the corpus files in turn), {len(stream):,} URLs interleaved, each file parsed once"
    )
    say()
    say("| library | time | URLs per second |")
    say("|---|---:|---:|")
    say(
        f"| robotsmatch (grouped by host, one match_many per host) | {t_join_rm * 1e3:.0f} ms | {len(stream) / t_join_rm:,.0f} |"
    )
    say(f"| Protego (per-domain LRU, can_fetch per URL) | {t_join_pg * 1e3:.0f} ms | {len(stream) / t_join_pg:,.0f} |")
    say()
    say(
        f"robotsmatch is {t_join_pg / t_join_rm:.1f}x Protego on the join; the two disagree on {differ:,} of {len(stream):,} URLs."
    )
    return rows


if __name__ == "__main__":
    rows = main()
    if "--write" in sys.argv:
        with open(os.path.join(HERE, "results.md"), "w") as f:
            f.write(
                "# Python benchmark results\n\n`python bench/python/bench.py --write` (after `npm run build` and\n`pip install './python[test]'`), one process, best of several runs per figure.\n\n"
            )
            f.write("\n".join(rows) + "\n")
