"""Puts the repository's build products into the package before a wheel is
built (a hatchling build hook; also runnable alone: ``python python/hatch_build.py``):

    ../build/robotsmatch.wasm     the core, as `npm run build` makes it
    ../data/fetch-outcomes.json   RFC 9309's fetch outcomes by status
    the crawler registry          ../data/crawlers.json when the repository has
                                  it, else ../build/crawlers.json written by
                                  scripts/export-registry.mjs from dist/

They land in src/robotsmatch/_data/ (ignored by git): the wheel carries the
very bytes the repository built, never a copy kept by hand.

A wheel also gets the package's one C module, src/robotsmatch/_crossing.c
(one URL's check from Python in one C call: robotsmatch/_core.py says why),
compiled by setuptools' build_ext, the compiler set-up CPython's own
extensions are built with. Where that fails (no C compiler) the wheel is
built without it, with a warning, and answers the same through ctypes, about
two times slower per one-URL call; ROBOTSMATCH_BUILD_CROSSING=0 builds it
without on purpose (a pure-Python wheel)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
DATA = os.path.join(HERE, "src", "robotsmatch", "_data")
CROSSING = os.path.join(HERE, "src", "robotsmatch", "_crossing.c")


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


def compile_crossing(out: str) -> str | None:
    """The C module built from _crossing.c into `out`, or None (with a
    warning on stderr) when it cannot be built here."""
    if os.environ.get("ROBOTSMATCH_BUILD_CROSSING") == "0":
        return None
    try:
        from setuptools import Distribution, Extension
        from setuptools.command.build_ext import build_ext

        module = Extension("robotsmatch._crossing", [os.path.relpath(CROSSING, HERE)])
        command = build_ext(Distribution({"name": "robotsmatch", "ext_modules": [module]}))
        command.build_lib = out
        command.build_temp = os.path.join(out, "temp")
        command.ensure_finalized()
        here = os.getcwd()
        os.chdir(HERE)  # the source path is relative to python/, so the objects land under build_temp
        try:
            command.run()
        finally:
            os.chdir(here)
        return str(command.get_ext_fullpath("robotsmatch._crossing"))
    except Exception as error:  # no compiler, no headers: the ctypes route still answers
        print(
            f"robotsmatch: building without the C module for one-URL checks ({error}); "
            "the package answers the same through ctypes, slower per call",
            file=sys.stderr,
        )
        return None


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface

    class CustomBuildHook(BuildHookInterface):
        def initialize(self, version: str, build_data: dict) -> None:
            if os.path.exists(os.path.join(REPO, "build", "robotsmatch.wasm")):
                prepare()
            elif self.target_name == "wheel" and not _carried():
                prepare()  # says what is missing and how to build it
            # Else a wheel built from the sdist: it carries the files, and neither Node nor the repository is needed.
            if self.target_name == "wheel":
                built = compile_crossing(os.path.join(HERE, "build", "crossing"))
                if built is not None:
                    build_data["pure_python"] = False
                    build_data["infer_tag"] = True
                    build_data["force_include"][built] = "robotsmatch/" + os.path.basename(built)


except ImportError:  # run as a script, without hatchling
    pass


if __name__ == "__main__":
    prepare()
    print(f"copied the core and data files into {DATA}", file=sys.stderr)
