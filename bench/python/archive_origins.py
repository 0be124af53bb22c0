"""What reading URLs as WHATWG does costs robotsmatch.archive per URL: the
origin of each URL of a host-interleaved table (archive.origin_of, what
Archive.check and datatrove's RobotsFilter call for every URL), the same for
an Arrow column (robotsmatch.pandas.origins, what Spark's join_robots adds),
and Archive.check itself, on the data of `npm run bench:archive`
(bench/archive-data.mjs). CPU time of this process (time.process_time), best
of a few passes; the machine's load average is printed with the figures.

    node bench/archive-data.mjs /tmp/archive-bench 10000 50
    python bench/python/archive_origins.py /tmp/archive-bench
"""

from __future__ import annotations

import os
import pathlib
import sys
import time

from robotsmatch import archive as archive_module
from robotsmatch.archive import Archive, origin_of


def cpu(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        heads = getattr(archive_module, "_HEADS", None)
        if heads is not None:
            heads.clear()  # each pass starts with no origin known
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    data = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/archive-bench")
    urls = (data / "urls.txt").read_text("utf-8").split("\n")
    urls = [u for u in urls if u]
    origins = len({origin_of(u) for u in urls})
    print(f"{len(urls):,} URLs over {origins:,} origins ({data}); load average {os.getloadavg()[0]:.2f}")
    print()
    print("| what | CPU per URL |")
    print("|---|---:|")

    t = cpu(lambda: [origin_of(u) for u in urls])
    print(f"| archive.origin_of | {t / len(urls) * 1e6:.2f} µs |")

    try:
        import pyarrow as pa

        from robotsmatch.pandas import origins as column_origins

        column = pa.array(urls)
        t = cpu(lambda: column_origins(column))
        print(f"| pandas.origins (one Arrow column) | {t / len(urls) * 1e9:.0f} ns |")
    except ImportError:
        print("| pandas.origins | (pyarrow not installed) |")

    with (data / "archive.jsonl").open("rb") as f:
        archive = Archive.from_jsonl(f)
    for u in urls:  # every origin parsed once, so the passes time the per-URL work
        archive.check(u, "Googlebot")
    t = cpu(lambda: [archive.check(u, "Googlebot") for u in urls])
    print(f"| Archive.check (origins already parsed) | {t / len(urls) * 1e6:.2f} µs |")
    archive.close()
    print()
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
