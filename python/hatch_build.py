"""Puts the repository's build products into the package before a wheel is
built (a hatchling build hook; also runnable alone: ``python python/hatch_build.py``):

    ../build/robotsmatch.wasm     the core, as `npm run build` makes it
    ../data/fetch-outcomes.json   RFC 9309's fetch outcomes by status
    the crawler registry          ../data/crawlers.json when the repository has
                                  it, else ../build/crawlers.json written by
                                  scripts/export-registry.mjs from dist/

They land in src/robotsmatch/_data/ (ignored by git): the wheel carries the
very bytes the repository built, never a copy kept by hand."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DATA = os.path.join(HERE, "src", "robotsmatch", "_data")


def prepare() -> None:
    wasm = os.path.join(REPO, "build", "robotsmatch.wasm")
    if not os.path.exists(wasm):
        raise SystemExit("build/robotsmatch.wasm is missing: run `npm run build` in the repository first")
    registry = os.path.join(REPO, "data", "crawlers.json")
    if not os.path.exists(registry):
        registry = os.path.join(REPO, "build", "crawlers.json")
        subprocess.run(
            ["node", os.path.join(REPO, "scripts", "export-registry.mjs")], check=True, stdout=subprocess.DEVNULL
        )
    os.makedirs(DATA, exist_ok=True)
    shutil.copyfile(wasm, os.path.join(DATA, "robotsmatch.wasm"))
    shutil.copyfile(os.path.join(REPO, "data", "fetch-outcomes.json"), os.path.join(DATA, "fetch-outcomes.json"))
    shutil.copyfile(registry, os.path.join(DATA, "crawlers.json"))


def _carried() -> bool:
    """Whether _data/ already holds the files (an unpacked sdist carries them)."""
    return all(
        os.path.exists(os.path.join(DATA, name))
        for name in ("robotsmatch.wasm", "fetch-outcomes.json", "crawlers.json")
    )


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface

    class CustomBuildHook(BuildHookInterface):
        def initialize(self, version: str, build_data: dict) -> None:
            if os.path.exists(os.path.join(REPO, "build", "robotsmatch.wasm")):
                prepare()
            elif self.target_name == "wheel" and not _carried():
                prepare()  # says what is missing and how to build it
            # Else a wheel built from the sdist: it carries the files, and neither Node nor the repository is needed.


except ImportError:  # run as a script, without hatchling
    pass


if __name__ == "__main__":
    prepare()
    print(f"copied the core and data files into {DATA}", file=sys.stderr)
