import pathlib

import pytest

#: The repository this test folder sits in: its vectors and corpus are the ones Node's tests read.
REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def repo() -> pathlib.Path:
    return REPO
