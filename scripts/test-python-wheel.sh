#!/usr/bin/env bash
# The Python package as a Python-only user gets it: the sdist and the wheel
# built from this clone (python -m build makes the sdist, then the wheel from
# the unpacked sdist, so the sdist is shown to carry the core), then each
# installed in a fresh virtual environment whose PATH has no Node, and one URL
# checked. Needs build/robotsmatch.wasm (`npm run build`) and PyPI (build,
# hatchling, wasmtime and the package's other dependencies).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/robotsmatch.wasm ] || { echo "build/robotsmatch.wasm is missing: run npm run build first" >&2; exit 1; }
python=$(command -v python3)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The build products into python/src/robotsmatch/_data/ first: hatchling lists an sdist's
# files before its build hook runs, so a clean clone's sdist would lack them otherwise.
"$python" python/hatch_build.py
"$python" -m venv "$work/builder"
"$work/builder/bin/python" -m pip install --quiet build
"$work/builder/bin/python" -m build --outdir "$work/dist" python > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
wheel=$(ls "$work"/dist/robotsmatch-*.whl)
sdist=$(ls "$work"/dist/robotsmatch-*.tar.gz)
# (The listing is read whole: grep -q stopping early would end tar with SIGPIPE, a failure under pipefail.)
listing=$(tar -tzf "$sdist")
grep -q '/src/robotsmatch/_data/robotsmatch.wasm$' <<<"$listing" || { echo "the sdist does not carry the core" >&2; exit 1; }

# The wheel was built here with a C compiler, so it carries the C module for one-URL checks; the sdist is
# installed with no compiler on the PATH, so pip builds it without the module: it must answer the same.
check='
import sys, robotsmatch
from robotsmatch._core import get_core
robots = robotsmatch.parse("User-agent: *\nDisallow: /private\n")
for _ in range(2):  # the second check crosses through the C module where there is one
    verdict = robots.check("https://example.com/private/x", robotsmatch.crawler("GPTBot"))
    assert verdict.allowed is False and verdict.line == 2, verdict
    assert robots.is_allowed("https://example.com/public", "GPTBot") is True
route = "the C module" if get_core().crossing is not None else "ctypes"
assert route == sys.argv[1], f"one-URL checks go through {route}, not {sys.argv[1]}"
print(f"robotsmatch {robotsmatch.__version__} through {route}: {verdict}")
'
passed=0
for artifact in "$wheel" "$sdist"; do
  route=$([ "$artifact" = "$wheel" ] && echo "the C module" || echo ctypes)
  venv="$work/venv-$(basename "$artifact")"
  "$python" -m venv "$venv"
  # Only the environment's own bin on PATH: no Node, no compiler wrapper, nothing from this clone.
  if PATH="$venv/bin" command -v node > /dev/null; then echo "node is on the test PATH" >&2; exit 1; fi
  PATH="$venv/bin" "$venv/bin/python" -m pip install --quiet "$artifact"
  (cd "$work" && PATH="$venv/bin" "$venv/bin/python" -c "$check" "$route")
  passed=$((passed + 1))
done
echo "python wheel and sdist without Node: $passed passed, 0 failed"
