"""Instructions per call from Python, counted by valgrind's callgrind: the
same count whatever else the machine is doing, unlike a time.

    python bench/python/call_instructions.py

Each variant runs twice under callgrind, with 0 and with 5,000 calls, and
the difference over 5,000 is printed: one is_allowed, one check, and one
call of a core export that does nothing (the floor any check pays to cross
into wasmtime), on www.google.com.txt of bench/corpus, agent Googlebot; and
one first answer (parse, is_allowed, close) of a small file (10 lines).
Each is counted twice: through the package's C module (robotsmatch/_crossing.c,
when the installed wheel has it) and through ctypes alone
(ROBOTSMATCH_CROSSING=ctypes, as a wheel built without the module runs).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CALLS = 5_000

LOOP = """
import sys, robotsmatch
from robotsmatch._core import get_core
from robotsmatch._layout import Export
n, which = int(sys.argv[1]), sys.argv[2]
robots = robotsmatch.parse(open(sys.argv[3], "rb").read())
SMALL = b"User-agent: *\\nDisallow: /private\\nDisallow: /tmp/\\nAllow: /tmp/ok\\n\\nUser-agent: GPTBot\\nDisallow: /\\n\\nUser-agent: BadBot\\nDisallow: /\\n"
url = "https://example.com/p1/item-7.html?x=1"
robots.is_allowed(url, "Googlebot")
floor = get_core().fn[Export.verdicts]
for _ in range(n):
    if which == "is_allowed":
        robots.is_allowed(url, "Googlebot")
    elif which == "check":
        robots.check(url, "Googlebot")
    elif which == "first":
        small = robotsmatch.parse(SMALL)
        small.is_allowed(url, "Googlebot")
        small.close()
    else:
        floor()
"""


def collected(which: str, calls: int, script: Path, out: Path, route: str) -> int:
    env = {**os.environ, "ROBOTSMATCH_CROSSING": route}
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--smc-check=all",
            f"--callgrind-out-file={out}",
            sys.executable,
            str(script),
            str(calls),
            which,
            str(REPO / "bench" / "corpus" / "www.google.com.txt"),
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))  # type: ignore[union-attr]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "loop.py"
        script.write_text(LOOP)
        for route in ("c", "ctypes"):
            name = "through ctypes alone" if route == "ctypes" else "through the C module, where the wheel has it"
            print(f"{name}:")
            for which in ("floor", "is_allowed", "check", "first"):
                base = collected(which, 0, script, Path(tmp) / "a.out", route)
                more = collected(which, CALLS, script, Path(tmp) / "b.out", route)
                print(f"  {which}: {(more - base) / CALLS:,.0f} instructions a call")


if __name__ == "__main__":
    if os.system("valgrind --version > /dev/null") != 0:
        sys.exit("valgrind is needed (Debian: apt-get install valgrind)")
    main()
