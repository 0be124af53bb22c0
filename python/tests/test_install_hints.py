"""A missing optional dependency is named with a pip command that works today
(the package is not on PyPI yet, so `pip install "robotsmatch[warc]"` would fail)."""

from __future__ import annotations

import sys

import pytest

from robotsmatch._archive_files import _warc_reader
from robotsmatch._decode_body import Unreadable, decode_body


def test_a_br_body_without_brotli_names_the_package_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "brotli", None)
    answer = decode_body(b"\x0b\x00\x80", None, "br", 100)
    assert isinstance(answer, Unreadable)
    assert "pip install brotli" in answer
    assert "robotsmatch[" not in answer


def test_a_warc_file_without_warcio_names_the_packages_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "robotsmatch._warc", None)
    with pytest.raises(ImportError) as caught:
        _warc_reader()
    assert "pip install warcio brotli" in str(caught.value)
    assert "robotsmatch[" not in str(caught.value)
