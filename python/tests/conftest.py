import pathlib
from collections.abc import Iterator
from typing import Any

import pytest

#: The repository this test folder sits in: its vectors and corpus are the ones Node's tests read.
REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def repo() -> pathlib.Path:
    return REPO


@pytest.fixture()
def site() -> Iterator[Any]:
    """A local HTTP server for the fetch tests (fetch_server.py), stopped after the test."""
    from fetch_server import serving

    with serving() as server:
        yield server
