"""robotsmatch.pandas.join_archive against the same join done with Protego per
origin, in the same run, on the data of `npm run bench:archive`
(bench/archive-data.mjs: a JSON Lines archive and a host-interleaved URL
table), two agents; and the peak memory of a join over many origins.

The Protego join is the one a Python user writes without robotsmatch: group
the URLs by origin, decide each origin's outcome by the same archive rules
(robotsmatch.archive.resolve_origin: no parsing), parse its robots.txt with
Protego once, and ask can_fetch for each URL and agent. Both give each URL
the agents that may not fetch it (no deciding line: lines=False), in input
order; the archive is loaded once, outside the timing, and its cache of
parsed files emptied before each robotsmatch pass. CPU time of this process
(time.process_time), median of the passes, the two joins alternating.

    node bench/archive-data.mjs /tmp/archive-bench 10000 20
    python bench/python/join_archive.py /tmp/archive-bench [PASSES=5]
    python bench/python/join_archive.py --peak /tmp/archive-bench-100k   # peak memory, one join
    python bench/python/join_archive.py --calls /tmp/archive-bench      # CPU time per core export
"""

from __future__ import annotations

import os
import pathlib
import resource
import statistics
import sys
import time

AGENTS = ["Googlebot", "GPTBot"]


def load(data: pathlib.Path) -> tuple[object, list[str]]:
    from robotsmatch.archive import Archive

    with (data / "archive.jsonl").open("rb") as f:
        archive = Archive.from_jsonl(f)
    urls = [u for u in (data / "urls.txt").read_text("utf-8").split("\n") if u]
    return archive, urls


def robotsmatch_join(archive: object, urls: object) -> object:
    from robotsmatch.pandas import join_archive

    archive.close()  # type: ignore[attr-defined]  # each pass parses every file again, as a fresh run would
    return join_archive(urls, archive, AGENTS, lines=False)  # type: ignore[arg-type]


def refused_lists(joined: object) -> list[object]:
    """join_archive's disallowed_by as Python lists (outside the timing: each join's own output is timed)."""
    import pandas as pd

    column = joined["disallowed_by"].tolist()  # type: ignore[index]
    return [None if b is None or b is pd.NA else list(b) for b in column]


def protego_join(archive: object, urls: list[str]) -> list[object]:
    from protego import Protego

    from robotsmatch import archive as rm

    by_origin: dict[str | None, list[int]] = {}
    for i, url in enumerate(urls):
        by_origin.setdefault(rm.origin_of(url), []).append(i)
    out: list[object] = [None] * len(urls)
    for origin, rows in by_origin.items():
        if origin is None:
            continue
        resolution = rm.resolve_origin(rm.robots_url(origin), archive.capture)  # type: ignore[attr-defined]
        if resolution.outcome == "unavailable":
            for i in rows:
                out[i] = []
        elif resolution.outcome == "unreachable":
            for i in rows:
                out[i] = list(AGENTS)
        elif resolution.outcome == "ok":
            body = resolution.capture.body or b""
            parser = Protego.parse(body.decode("utf-8", "replace") if isinstance(body, bytes) else body)
            for i in rows:
                out[i] = [agent for agent in AGENTS if not parser.can_fetch(urls[i], agent)]
    return out


def cpu(fn: object) -> tuple[float, object]:
    start = time.process_time()
    result = fn()  # type: ignore[operator]
    return time.process_time() - start, result


def compare(data: pathlib.Path, passes: int) -> None:
    archive, urls = load(data)
    from robotsmatch.archive import origin_of

    origins = len({origin_of(u) for u in urls})
    print(f"{len(urls):,} URLs over {origins:,} origins ({data}), agents {', '.join(AGENTS)}")
    print(f"load average {os.getloadavg()[0]:.2f}, {passes} passes each, alternating")
    import pandas as pd

    series = pd.Series(urls, dtype=object)  # the table a pandas user has
    ours: list[float] = []
    theirs: list[float] = []
    a = b = None
    for _ in range(passes):
        t, a = cpu(lambda: robotsmatch_join(archive, series))
        ours.append(t)
        t, b = cpu(lambda: protego_join(archive, urls))
        theirs.append(t)
    same = sum(x == y for x, y in zip(refused_lists(a), b))  # type: ignore[arg-type]
    o, p = statistics.median(ours), statistics.median(theirs)
    print()
    print("| join | CPU time (median) | per URL | ratio |")
    print("|---|---:|---:|---:|")
    print(f"| robotsmatch.pandas.join_archive | {o:.2f} s | {o / len(urls) * 1e6:.2f} µs | **{p / o:.1f}x** faster |")
    print(f"| Protego per origin | {p:.2f} s | {p / len(urls) * 1e6:.2f} µs | 1 |")
    print()
    print(f"same agents refused for {same:,} of {len(urls):,} URLs ({len(urls) - same:,} differ: Protego's reading)")
    print(
        f"robotsmatch passes: {', '.join(f'{t:.2f}' for t in ours)} s; Protego: {', '.join(f'{t:.2f}' for t in theirs)} s"
    )


def peak(data: pathlib.Path) -> None:
    archive, urls = load(data)
    loaded = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    import pandas as pd

    result = robotsmatch_join(archive, pd.Series(urls, dtype=object))
    took = time.process_time() - start
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    from robotsmatch.archive import origin_of

    origins = len({origin_of(u) for u in urls})
    stats = archive.cache_stats  # type: ignore[attr-defined]
    print(f"{len(urls):,} URLs over {origins:,} origins ({data}), {len(result):,} rows")  # type: ignore[arg-type]
    print(f"peak RSS after loading the archive: {loaded / 1024:.0f} MiB; after the join: {after / 1024:.0f} MiB")
    print(f"join CPU {took:.2f} s; cache at the end: {stats['origins']:,} origins, {stats['bytes'] / 2**20:.1f} MiB,")
    print(f"{stats['compiles']:,} files parsed, {stats['evictions']:,} let go")


def calls(data: pathlib.Path, passes: int = 3) -> None:
    """Where the join's time goes: each core export's calls timed (CPU time of
    the thread), a full index apart from a light one; the pass with the least
    CPU time of `passes`."""
    import collections

    import pandas as pd

    from robotsmatch._core import get_core
    from robotsmatch._layout import HOW_FULL, Export

    archive, urls = load(data)
    series = pd.Series(urls, dtype=object)
    names = {letter: name for name, letter in vars(Export).items() if isinstance(letter, str) and len(letter) == 1}
    spent: collections.Counter[str] = collections.Counter()
    counts: collections.Counter[str] = collections.Counter()
    core = get_core()
    clock = time.thread_time
    for letter, call in list(core.fn.items()):

        def timed(*args: int, _call: object = call, _letter: str = letter) -> int:
            name = names[_letter] + (" (full index)" if _letter == Export.select and args[3] & HOW_FULL else "")
            start = clock()
            result = _call(*args)  # type: ignore[operator]
            spent[name] += clock() - start
            counts[name] += 1
            return result  # type: ignore[no-any-return]

        timed.call2 = timed  # type: ignore[attr-defined]
        core.fn[letter] = timed
    best: tuple[float, dict[str, float], dict[str, int]] | None = None
    for _ in range(passes):
        spent.clear()
        counts.clear()
        took, _ = cpu(lambda: robotsmatch_join(archive, series))
        if best is None or took < best[0]:
            best = (took, dict(spent), dict(counts))
    assert best is not None
    took, times, calls_made = best
    print(f"{len(urls):,} URLs ({data}), load average {os.getloadavg()[0]:.2f}, best of {passes} passes")
    print(f"join CPU {took:.2f} s, of which in core calls {sum(times.values()):.2f} s:")
    for name, seconds in sorted(times.items(), key=lambda item: -item[1]):
        print(f"  {name}: {calls_made[name]:,} calls, {seconds:.3f} s")


if __name__ == "__main__":
    if sys.argv[1] == "--peak":
        peak(pathlib.Path(sys.argv[2]))
    elif sys.argv[1] == "--calls":
        calls(pathlib.Path(sys.argv[2]))
    else:
        compare(pathlib.Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 5)
