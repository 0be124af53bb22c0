"""robotsmatch.fetch without its extra: the import error says what to install."""

from __future__ import annotations

import subprocess
import sys

WITHOUT_HTTPX = """
import sys
sys.modules["httpx"] = None  # as if not installed
try:
    import robotsmatch.fetch
except ImportError as error:
    print(error)
"""


def test_without_httpx_the_import_error_names_the_extra() -> None:
    out = subprocess.run([sys.executable, "-c", WITHOUT_HTTPX], capture_output=True, text=True, check=True).stdout
    assert "robotsmatch.fetch needs httpx" in out
    assert "[fetch]" in out


def test_the_package_imports_without_httpx() -> None:
    code = 'import sys; sys.modules["httpx"] = None; import robotsmatch; print(robotsmatch.robots_txt_url("HTTPS://A.example:443/x"))'
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "https://a.example/robots.txt"
